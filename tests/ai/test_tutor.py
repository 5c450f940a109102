"""The tutor (``cart.ai.review.tutor``): the master's word before a costly action, else nothing."""

from __future__ import annotations

import random

import pytest
from short_matches import FEW_PLAYS

from cart.ai import Bot, drain, hint
from cart.ai.review import DEEP_PLY, review_match
from cart.ai.review.tutor import think_tutor, tutor_check
from cart.engine import Double, Drop, GameState, Match, Move, NewGame, Position, Roll, Rules, Take


def opened() -> Match:
    m = Match(Rules(), rng=random.Random(1))
    m.roll((6, 1))
    return m


def few() -> Match:
    """On roll with 3-1 where there are three plays: the tutor's 2-ply there is cheap."""
    m = Match(Rules(), start=GameState.from_position(Rules(), Position.from_position_id(FEW_PLAYS)))
    m.roll((3, 1))
    return m


def sure_double() -> Match:
    pos = Position.from_counts([13, 0, 0, 0, 0, 2] + [0] * 20, [12, 0, 0, 3] + [0] * 22)
    return Match(Rules(), start=GameState.from_position(Rules(), pos))


def test_a_costly_play_asks_and_a_good_one_passes() -> None:
    m = few()
    record = list(m.record)
    # "play it anyway?" read as the Master's play: the question names the player's own
    assert (
        tutor_check(m, Move(((17, 14), (2, 1))))
        == "The Master prefers 17/14 3/2: play your 17/14 2/1 anyway?"
    )
    assert tutor_check(m, Move(((17, 14), (3, 2)))) is None
    assert tutor_check(m, Move(((17, 14), (2, 1))), threshold=5.0) is None  # under the threshold
    assert m.record == record and m.game.phase == "move"  # asking never changes the match


def test_cube_actions_are_checked_too() -> None:
    m = sure_double()
    assert tutor_check(m, Roll((3, 1))) == "The Master would double here: roll anyway?"
    assert tutor_check(m, Double()) is None
    m.double()
    assert tutor_check(m, Take()) == "The Master would drop: take anyway?"
    assert tutor_check(m, Drop()) is None
    early = Match(Rules(), rng=random.Random(1))
    early.roll((6, 1))
    early.play("13/7 8/7")
    assert tutor_check(early, Double()) == "The Master would not double here: double anyway?"


def test_nothing_to_judge_or_an_illegal_action_lets_it_through_for_the_engine_to_refuse() -> None:
    m = opened()
    assert tutor_check(m, Move(((24, 1),))) is None
    assert tutor_check(m, Double()) is None  # not now: the engine says why
    assert tutor_check(Match(Rules()), Roll((3, 1))) is None  # the roll-off
    assert tutor_check(Match(Rules(variant="maxgammon")), NewGame()) is None
    gen = think_tutor(few(), Move(((17, 14), (2, 1))))
    slices = 0
    try:
        while True:
            next(gen)
            slices += 1
    except StopIteration as stop:
        assert stop.value is not None
    assert slices > 5  # sliced like the computer's thinking
    assert drain(think_tutor(m, Move(((13, 7), (8, 7))), ply=0)) is None


def test_a_play_is_judged_at_two_ply_with_the_hints_tables() -> None:
    from cart.ai import teacher_weights
    from cart.ai.deep import Deep
    from cart.ai.review.play import DEEP_PLY, TEACHER_WORK, teacher, think_play_review
    from cart.ai.review.work import cube_view
    from cart.engine.fast import flip_key

    m = few()
    weights = teacher_weights()  # the tutor is the teacher: its own contact net
    advice = drain(think_tutor(m, Move(((17, 14), (2, 1)))))
    assert advice is not None
    made = flip_key(m.game.find(Move(((17, 14), (2, 1)))).result.key)
    cube = cube_view(m.game, m.score)
    own = Deep(weights, cap=TEACHER_WORK)
    alone = drain(think_play_review(weights, m.game.position, (3, 1), made, DEEP_PLY, cube, own))
    assert advice.loss == alone.loss > 0.0 and advice.best == alone.best.moves
    spent = teacher(weights).spent
    assert drain(think_tutor(m, Move(((17, 14), (2, 1))))) == advice
    assert teacher(weights).spent == spent  # asked again: read from the tables the first look filled


@pytest.mark.parametrize(
    "ids",
    [
        "tdsJAAOG9x0EAA:cIkJABAAEAAE",  # the 32: Hint said 13/8, the tutor 7/4 6/4 costs 0.099
        # 64 at double match point: the cubeless hint blitzed 8/2* 6/2. Twice the first's CPU, and the
        # first proves the one voice in the quick loop: the slow set's.
        pytest.param("sOfgERCwuzMAMA:MAFzACAAEAAA", marks=pytest.mark.slow),
    ],
)
def test_the_hint_the_tutor_and_the_review_speak_with_one_voice(ids: str) -> None:
    """The hint's play is the one the tutor and the Review's deep pass call the Master's: no loss at all."""
    m = Match.from_ids(*ids.split(":"))
    advice = hint(Bot("expert"), m, deep=True)
    assert advice.play is not None
    assert tutor_check(m, Move.of(advice.play), threshold=1e-9) is None, advice.text
    m.apply(Move.of(advice.play))
    judged = review_match(m, ply=DEEP_PLY).plays[-1]
    assert (judged.best_text, judged.loss) == (advice.text, 0.0)
