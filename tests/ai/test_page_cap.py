"""The master's move in the page keeps to the page's smaller caps, and only there (``cart.ai.bot.in_page``).

The page's worker thinks in Pyodide beside the page's drawing, several times slower than the desktop, so
its heaviest move would keep the player waiting past a second; the desktop keeps its caps and its choices
(``tests/ai/test_master_same.py``). Under Pyodide itself: ``tests/web/test_pyodide.py``.
"""

from __future__ import annotations

import sys

import pytest
from nets import CountingWeights

from cart.ai import Bot, bot as botmod, load_weights
from cart.engine import Position, legal_plays
from tools.players import equity_lost

HEAVY = ("sDvDATCY5+ADEA", (1, 4))
"""One of the master's slowest thoughts against itself (``tools.master_choices.HEAVY``), 13 plays."""


def test_the_page_caps_are_in_force_under_the_pages_platform_only(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not Bot("master").page  # here, CPython
    assert Bot("master", page=True)._caps() == (botmod.PAGE_DEEP_EVALS, botmod.PAGE_MOVE_WORK)
    assert Bot("master", page=False)._caps() == (botmod.DEEP_EVALS, botmod.MOVE_WORK)
    monkeypatch.setattr(sys, "platform", "emscripten")  # what Pyodide says, in the page's worker and frame
    assert Bot("master").page


def test_a_capped_thought_plays_a_legal_sensible_move_within_the_pages_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Made where the platform says page, the master's heaviest kind of move stays within the page's work;
    made here, the same move spends more than twice that (so the spot tests the cap); the capped play
    is legal and gives up little by gnubg 0-ply."""
    pid, dice = HEAVY
    position = Position.from_position_id(pid)
    plays = legal_plays(position, dice)
    desk = CountingWeights(load_weights())
    Bot("master", seed=1, weights=desk).choose_play(position, dice)
    monkeypatch.setattr(sys, "platform", "emscripten")
    page = CountingWeights(load_weights())
    play = Bot("master", seed=1, weights=page).choose_play(position, dice)
    assert desk.calls > 2 * botmod.PAGE_MOVE_WORK
    assert page.calls <= botmod.PAGE_MOVE_WORK + len(plays)  # the cap, and the 0-ply of every play
    assert play is not None and play.moves in {p.moves for p in plays}
    loss = equity_lost(position, dice, play.result)
    assert loss is not None and loss < 0.02, loss
