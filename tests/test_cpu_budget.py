"""The quick loop's CPU budget (:mod:`cpu_budget`) fails a costly quick test, never a slow one."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

BURNER = """
import time
import pytest
from cpu_budget import shared_work

def burn():
    end = time.process_time() + 0.06
    while time.process_time() < end:
        pass

def test_costly():
    burn()

@pytest.mark.slow
def test_costly_but_slow():
    burn()

def test_cheap():
    pass

@pytest.fixture(scope="module")
def shared():
    burn()

def test_cheap_beside_a_shared_fixture(shared):
    pass

def test_cheap_making_what_later_tests_read():
    with shared_work():
        burn()
"""


def test_a_quick_test_over_the_budget_fails_and_the_summary_names_it(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("from cpu_budget import pytest_addoption, pytest_configure  # noqa: F401\n")
    pytester.makeini("[pytest]\nmarkers =\n    slow: long\n")
    pytester.makepyfile(test_burn=BURNER)
    result = pytester.runpytest_inprocess("--cpu-budget", "0.04", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=4, failed=1)  # a shared fixture or kept result is no one test's cost
    result.stdout.fnmatch_lines(["*test_costly took 0.* s of CPU, over the quick loop budget of 0.0 s*"])
    result.stdout.fnmatch_lines(["*costliest quick tests*", "*test_burn.py::test_costly"])
    unlimited = pytester.runpytest_inprocess(
        "--cpu-budget", "0", "-p", "no:cacheprovider", "-k", "test_costly and not slow"
    )
    unlimited.assert_outcomes(passed=1)
