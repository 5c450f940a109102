"""The drill's deep check in a frame's slices: its first part never loads the nets in one go."""

from __future__ import annotations

import pytest
from short_matches import opening

from cart.ai import bot
from cart.ai.rollout.check import Check, think_check


def test_the_checks_first_slice_does_not_load_the_weights_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """A frame stepping a check where the nets are not loaded yet (no worker, or the page before its
    worker) gives way while they load: 0.2 s read whole in one slice was a frame missed."""
    monkeypatch.setattr(bot, "_LOADED", {})
    match = opening("8/2 6/5")
    before = match.moments(upto=1)[1]
    check = Check(before.position_id, before.match_id, "standard", "play", "8/2 6/5")
    part = think_check(check, 0.1)
    next(part)
    assert bot._LOADED == {}  # the first slice came back before the nets were whole


def test_the_check_reads_the_teachers_nets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A drill's answer is the teacher's (as the Review's deep pass that marked it), not the player's nets."""
    monkeypatch.setattr(bot, "_LOADED", {})
    match = opening("8/2 6/5")
    before = match.moments(upto=1)[1]
    check = Check(before.position_id, before.match_id, "standard", "play", "8/2 6/5")
    for _ in think_check(check, 0.05):  # as far as the nets it reads, not the whole 2-ply (a second)
        if bot.TEACHER_PATH in bot._LOADED:
            break
    assert bot.TEACHER_PATH in bot._LOADED
