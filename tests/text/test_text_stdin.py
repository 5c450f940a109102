"""The terminal game never shows a traceback, whatever bytes arrive on stdin (issue 18, item 7).

Before this issue, invalid UTF-8 under a UTF-8 locale (or ``PYTHONIOENCODING=utf-8``)
ended the game with ``UnicodeDecodeError``.
"""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cart.engine import Match, Rules
from cart.text.game import TextGame

ROOT = Path(__file__).resolve().parents[2]


def hostile_bytes(seed: int) -> bytes:
    """Lines of random bytes (invalid UTF-8, NULs, escapes, lone surrogates) among real commands."""
    rng = random.Random(seed)
    pieces = [
        b"\xff\xfe\x80",
        b"\x00",
        b"\xed\xa0\x80",
        b"\xe2\x82",
        b"\x1b[2J",
        b"\xc3\xa9",
        b"8/5 6/5",
        b"r",
    ]
    lines = []
    for _ in range(120):
        if rng.random() < 0.5:
            lines.append(bytes(rng.randrange(256) for _ in range(rng.randint(0, 30))).replace(b"\n", b""))
        else:
            lines.append(b" ".join(rng.choice(pieces) for _ in range(rng.randint(1, 4))))
    return b"\n".join([b"r", *lines, b"resign \xff", b""])


SLOW = pytest.mark.slow  # a child process each (half a second of CPU): one encoding in the quick loop


@pytest.mark.parametrize(
    ("env", "seed"),  # one hostile stream per encoding, the two streams each met twice
    [
        ({"PYTHONIOENCODING": "utf-8"}, 0),
        pytest.param({"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}, 1, marks=SLOW),
        pytest.param({"PYTHONIOENCODING": "ascii"}, 0, marks=SLOW),
        pytest.param({"PYTHONIOENCODING": "latin-1"}, 1, marks=SLOW),
    ],
    ids=["pythonioencoding-utf-8", "utf-8-locale", "ascii", "latin-1"],
)
def test_any_bytes_on_stdin_never_show_a_traceback(env: dict[str, str], seed: int) -> None:
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "LC_ALL", "LANG")}
    done = subprocess.run(
        [sys.executable, "-m", "cart", "--text", "--seed", str(seed), "--vs", "beginner"],
        input=hostile_bytes(seed),
        capture_output=True,
        cwd=ROOT,
        env={**base, **env, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )
    assert b"Traceback" not in done.stderr and b"Error" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 0
    assert b"End of input: goodbye." in done.stdout


def test_any_text_typed_is_an_answer_not_an_exception() -> None:
    rng = random.Random(7)
    lines = ["r"]
    for _ in range(3000):
        lines.append(
            "".join(
                chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)]))
                for _ in range(rng.randint(0, 12))
            )
        )
    for rules in (Rules(), Rules(variant="maxgammon")):
        out = io.StringIO()
        assert TextGame(Match(rules, rng=random.Random(3)), out).run(lines) == 0
