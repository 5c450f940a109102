"""Issue 43: the README's first commands work on a system whose Python refuses ``pip install`` outside
a virtual environment (Debian's), and install as CI does, so the two never drift apart."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def block_after(heading: str) -> list[str]:
    """The command lines of the first ``sh`` block under ``heading`` in README.md, comments cut."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index(f"\n## {heading}\n") :]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None, heading
    return [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]


def test_play_is_two_commands_in_a_virtual_environment() -> None:
    install, play = block_after("Play")
    assert install == "python3 -m venv .venv && .venv/bin/pip install -e ."
    assert play == ".venv/bin/python -m cart"


def test_the_test_command_installs_and_runs_as_ci_does() -> None:
    lines = block_after("Development")
    ci = (ROOT / ".ci" / "run").read_text()
    assert lines[0] == 'python3 -m venv .venv && .venv/bin/pip install -e ".[test]"'
    assert "python3 -m venv .venv" in ci and 'pip install --quiet -e ".[test]"' in ci
    assert lines[1] == ".venv/bin/python -m pytest" and "\npython -m pytest\n" in ci  # CI activates it
    assert not [line for line in lines if re.match(r"(python -m )?pip ", line)]  # nothing outside it
