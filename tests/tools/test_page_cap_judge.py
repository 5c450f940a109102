"""``tools.page_cap``: the page's capped Master against the desktop's, where they differ judged by gnubg."""

from __future__ import annotations

import re

import pytest

from cart.ai import bot as botmod
from tools import page_cap


@pytest.mark.slow  # the bear-off tables first, as the tool times thoughts without them
def test_a_cap_that_leaves_only_the_first_candidate_plays_differently_and_is_judged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """At caps 0:0 the page's Master keeps its 0-ply best (one candidate searched, the rest below it),
    which the desktop's search overrules on some of 20 pairs: those are judged, and the cart's caps
    are back after."""
    caps = botmod.PAGE_DEEP_EVALS, botmod.PAGE_MOVE_WORK
    assert page_cap.main(["--every", "100", "--judge-ply", "0", "--caps", "0:0"]) == 0
    out = capsys.readouterr().out
    found = re.search(
        r"page caps 0:0: [\d.]+ ms CPU a move; (\d+) plays differ .* where they do mean ([+-][\d.]+)", out
    )
    assert found is not None, out
    assert int(found[1]) > 0
    assert caps == (botmod.PAGE_DEEP_EVALS, botmod.PAGE_MOVE_WORK)
