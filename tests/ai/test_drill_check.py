"""A drill position's deep check (``cart.ai.rollout.check``): 2-ply first, the close answers rolled out."""

from __future__ import annotations

import pytest
from short_matches import FEW_PLAYS, bear_off_last_roll, few_plays

from cart.ai import drain
from cart.ai.review import analysis_key
from cart.ai.rollout.check import MISTAKE, Check, check_key, think_check, think_whole_check
from cart.engine import Position, legal_plays


def few_check(made: str, dice: tuple[int, int] = (3, 1)) -> Check:
    """The check of ``made`` with ``dice`` in :data:`FEW_PLAYS`: three plays with 3-1, a tenth of an
    opening's 2-ply. The plays the 2-ply leaves to the net (an opening's) are the terminal drills' test's."""
    before = few_plays(made, dice).moment(1)
    return Check(before.position_id, before.match_id, "standard", "play", made)


def test_a_blunder_stays_a_mistake_and_every_play_has_a_figure() -> None:
    check = drain(think_whole_check(few_check("17/13")))
    assert check.done and check.best == "17/14 3/2" and check.mistake and check.made_loss > 0.1
    labels = [line[0] for line in check.lines]
    distinct = {p.result for p in legal_plays(Position.from_position_id(FEW_PLAYS), (3, 1))}
    assert labels[0] == "17/14 3/2" and "17/13" in labels and len(labels) == len(distinct)
    assert [line[2] for line in check.lines] == sorted((line[2] for line in check.lines), reverse=True)
    assert check.seconds > 0 and check_key().startswith(analysis_key(2))


def test_the_best_play_answered_is_no_mistake() -> None:
    check = drain(think_whole_check(few_check("17/14 3/2")))
    assert check.best == "17/14 3/2" and check.made_loss == 0.0 and not check.mistake


def test_close_plays_go_on_to_a_rollout_a_part_at_a_time() -> None:
    """2-1 in :data:`FEW_PLAYS`: six plays, three within a "?" of the best at 2-ply."""
    check = drain(think_check(few_check("17/15 3/2", (2, 1)), 0.01))
    assert check.stage == "rollout" and check.decision is not None and check.decision.width >= 2
    assert "17/15 3/2" in check.decision.labels or check.made_loss >= 0.08
    more = drain(think_check(check, 0.01))
    assert more.tally.trials > 0 and more.seconds > check.seconds


def test_cube_answers_are_judged_for_the_doubler_and_the_taker() -> None:
    m = bear_off_last_roll()
    m.double()
    offered = m.moment(1)
    take = drain(think_whole_check(Check(offered.position_id, offered.match_id, "standard", "take", "take")))
    assert take.best == "pass" and take.mistake and {x[0] for x in take.lines} == {"take", "pass"}
    figures = {x[0]: x[2] for x in take.lines}
    assert take.made_loss == pytest.approx(figures["pass"] - figures["take"]) and figures["pass"] == -1.0
    before = bear_off_last_roll().moment(0)
    held = drain(
        think_whole_check(Check(before.position_id, before.match_id, "standard", "double", "no double"))
    )
    assert held.best == "double" and held.made_loss >= MISTAKE
    right = drain(
        think_whole_check(Check(before.position_id, before.match_id, "standard", "double", "double"))
    )
    assert not right.mistake
