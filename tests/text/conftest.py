"""The terminal's tests keep what it writes (the text review's drills) in a folder of their own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``python -m cart --review`` and ``--text --drills`` use Pyxel's folder under the home: a test's own."""
    monkeypatch.setenv("HOME", str(tmp_path))
    return tmp_path
