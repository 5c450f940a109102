"""A quick test that burns more than its share of CPU fails, and the run names its costliest ones.

The quick loop (``-m "not slow" -n 2``) stays quick only if no test in it grows unseen: one
tools' test once took a third of the loop's CPU. Wall time says more about the machine's other
load than about the test, so the budget is of CPU seconds, the process's and its children's, from
a test's setup to the end of its call. A fixture shared by a module or a whole run, or a result
kept for every later test (:func:`shared_work`, a finished game's review, say), is no one test's
cost, whichever test happens to need it first, so its making is left out. A test marked ``slow``
has no budget; it belongs to the whole suite.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Generator, Iterator
from contextlib import contextmanager

import pytest

BUDGET_S = 4.0
"""CPU seconds a quick test may take; ``--cpu-budget`` (or ``0``, no limit) overrides it for a run.

About twice the costliest quick test on a loaded machine, in the README's own install too: without
numba (a development extra) the tools' kernels run in plain Python, so their quick tests roll
short games (``docs/notes/house.md`` has the figures)."""

SHOWN = 8
"""How many of the costliest quick tests the run's summary names."""

_KEY = "cpu_s"


def cpu_seconds() -> float:
    """User and system CPU of this process and of the children it has waited for."""
    if sys.platform == "win32":  # pragma: no cover - no children's times there
        return time.process_time()
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


class _Shared:
    """CPU seconds spent so far on shared work, and how many pieces of it are under way, one in another."""

    spent = 0.0
    depth = 0


@contextmanager
def shared_work() -> Iterator[None]:
    """Work whose result every test after it reads, in this process or from disk: left out of the budget."""
    start = cpu_seconds()
    _Shared.depth += 1
    try:
        yield
    finally:
        _Shared.depth -= 1
        if not _Shared.depth:
            _Shared.spent += cpu_seconds() - start


def over_budget(spent: float, budget: float) -> str | None:
    """What a quick test that spent ``spent`` CPU seconds is told, or None within ``budget`` (0: none).

    >>> over_budget(3.0, 8.0) is None, over_budget(3.0, 0.0) is None
    (True, True)
    >>> over_budget(9.25, 8.0)
    'took 9.2 s of CPU, over the quick loop budget of 8.0 s: make it smaller or mark it slow'
    """
    if budget <= 0 or spent <= budget:
        return None
    over = f"over the quick loop budget of {budget:.1f} s"
    return f"took {spent:.1f} s of CPU, {over}: make it smaller or mark it slow"


class CpuBudget:
    """The plugin: times each quick test's setup and call, fails its call report when over budget."""

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self.spent: dict[str, float] = {}

    @pytest.hookimpl(wrapper=True)
    def pytest_fixture_setup(self, fixturedef: pytest.FixtureDef[object]) -> Generator[None, object, object]:
        if fixturedef.scope == "function":
            return (yield)
        with shared_work():
            return (yield)

    def _now(self) -> float:
        """CPU seconds so far, less those of shared work."""
        return cpu_seconds() - _Shared.spent

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(
        self, item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        if call.when != "call" or item.get_closest_marker("slow") is not None:
            return report
        spent = self._now() - item.stash.get(_START, self._now())
        report.user_properties.append((_KEY, spent))
        why = over_budget(spent, self.budget)
        if why is not None and report.passed:
            report.outcome = "failed"
            report.longrepr = f"{item.nodeid} {why}"
        return report

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> None:
        item.stash[_START] = self._now()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """Each quick test's CPU, gathered where the reports end up (the controller, under ``-n``)."""
        if report.when == "call":
            for key, value in report.user_properties:
                if key == _KEY:
                    self.spent[report.nodeid] = float(value)  # type: ignore[arg-type]

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.spent:
            return
        costly = sorted(self.spent.items(), key=lambda kv: -kv[1])[:SHOWN]
        total = sum(self.spent.values())
        terminalreporter.write_sep(
            "-", f"costliest quick tests, CPU s (all {len(self.spent)}: {total:.0f} s)"
        )
        for nodeid, spent in costly:
            terminalreporter.write_line(f"{spent:6.2f}  {nodeid}")


_START = pytest.StashKey[float]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-budget",
        type=float,
        default=BUDGET_S,
        help=f"CPU seconds a quick test may take, else it fails (0: no limit; {BUDGET_S:g} s unless told)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(CpuBudget(config.getoption("--cpu-budget")), "cpu_budget")
