"""What a test needs beyond the README's install (Node.js, the page's Pyodide), said in one place.

Without it such a test skips with one line naming what is missing and how to get it, so the README's
test command passes on any fresh machine. CI installs both and sets ``GAMMON_CART_REQUIRE_PYODIDE=1``,
where the same line fails the test instead of hiding it.
"""

from __future__ import annotations

import os
import shutil
from typing import NoReturn

import pytest

REQUIRE = "GAMMON_CART_REQUIRE_PYODIDE"

NODE_MISSING = "node is not installed: install Node.js 18 or newer (Debian: `apt-get install nodejs npm`)"


def missing(why: str) -> NoReturn:
    """Skip saying ``why``, or fail where CI asked for everything (:data:`REQUIRE`)."""
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{REQUIRE}=1 but {why}")
    pytest.skip(why)


def node() -> str:
    """The path of ``node``, or the test skips (fails under :data:`REQUIRE`) saying how to get it."""
    found = shutil.which("node")
    if found is None:
        missing(NODE_MISSING)
    return found
