"""The computer on its turn: its cube decisions (money and match) and the action the turn driver takes.

``think_action`` / ``choose_action`` and ``hint`` (:mod:`cart.ai.turn`) turn the
bot's cube decision and play into the next action of a match; the tests of the
decision itself share their positions (a certain win, a race, a blitz) with the
driver's, so both live here, apart from the bot's plays and its evaluator
(``tests/ai/test_ai.py``).
"""

from __future__ import annotations

import random

import pytest
from boards import pos_of
from short_matches import FEW_PLAYS

from cart.ai import Bot, choose_action, hint, met, think_action
from cart.engine import (
    Double,
    Drop,
    GameState,
    IllegalActionError,
    Match,
    Move,
    NewGame,
    Position,
    Roll,
    Rules,
    Take,
)


# -- the turn driver ------------------------------------------------------------------
def steps_of(gen: object) -> tuple[int, object]:
    """How many slices a ``think_*`` generator yields, and its answer."""
    slices = 0
    while True:
        try:
            next(gen)  # type: ignore[call-overload]
        except StopIteration as stop:
            return slices, stop.value
        slices += 1


@pytest.mark.parametrize("level", ["intermediate", "master"])
def test_think_action_is_think_play_slice_for_slice(level: str) -> None:
    """The driver adds no work to a slice: the same slices as ``think_play``, and its play as a Move."""
    rules = Rules()
    worst = Position.from_position_id("OQcJkxGUOYEqEw")
    for pos, dice in [(worst, (2, 2)), (Position.start(), (4, 2))]:
        match = Match(rules, start=GameState.from_position(rules, pos, dice=dice))
        bot = Bot(level, seed=3)
        slices, action = steps_of(think_action(bot, match))
        play_slices, play = steps_of(Bot(level, seed=3).think_play(pos, dice))
        assert (slices, action) == (play_slices, Move.of(play))  # type: ignore[arg-type]


def test_think_action_rolls_at_the_opening_with_the_match_dice_and_no_slice() -> None:
    match = Match(Rules(), rng=random.Random(5))
    twin = random.Random(5)
    slices, action = steps_of(think_action(Bot("expert"), match))
    assert slices == 0 and action == Roll((twin.randint(1, 6), twin.randint(1, 6)))
    assert match.rng.getstate() == twin.getstate()  # type: ignore[union-attr]
    assert match.record == []  # the front end applies it


def test_think_action_follows_the_cube_decision() -> None:
    bot = Bot("expert")

    def action(state: GameState) -> object:
        return choose_action(bot, Match(state.rules, rng=random.Random(1), start=state))

    assert action(money(CERTAIN)) == Double()
    assert action(doubled(CERTAIN)) == Drop()
    assert action(doubled(Position.start())) == Take()
    assert isinstance(action(money(Position.start())), Roll)  # no double
    assert isinstance(action(money(BLITZ)), Roll)  # too good: play on for the gammon
    assert isinstance(action(GameState.from_position(Rules(variant="maxgammon"), CERTAIN)), Roll)


def test_think_action_starts_the_next_game_and_refuses_a_finished_match() -> None:
    bot = Bot("expert")
    money_match = Match(Rules(), start=doubled(CERTAIN))
    money_match.drop()
    assert choose_action(bot, money_match) == NewGame()
    match = Match(Rules(match_length=1), start=GameState.from_position(Rules(match_length=1), CERTAIN))
    match.apply(Roll((6, 6)))
    match.apply(choose_action(bot, match))
    assert match.is_match_over
    with pytest.raises(IllegalActionError):
        choose_action(bot, match)


def test_the_same_seeds_play_the_same_match() -> None:
    def record(seed: int) -> list[list[object]]:
        match = Match(Rules(match_length=3), rng=random.Random(seed))
        bots = (Bot("intermediate", seed=1), Bot("expert", seed=2))
        while not match.is_match_over:
            match.apply(choose_action(bots[match.game.actor], match))
        return [a.to_json() for a in match.record]

    first, other = record(8), record(9)
    assert first == record(8) and first != other
    assert any(a == ["double"] for a in first + other)


def test_the_hint_is_the_computers_choice_and_draws_no_dice() -> None:
    bot = Bot("expert")
    match = Match(Rules(), rng=random.Random(2), start=GameState.from_position(Rules(), Position.start()))
    state = match.rng.getstate()  # type: ignore[union-attr]
    advice = hint(bot, match)
    assert (advice.kind, advice.cube.action) == ("roll", "no double")  # type: ignore[union-attr]
    assert advice.evaluation == bot.evaluate(Position.start())
    assert match.rng.getstate() == state and match.record == []  # type: ignore[union-attr]
    match.apply(Roll((3, 1)))
    advice = hint(bot, match)
    assert (advice.kind, advice.text) == ("move", "8/5 6/5")
    assert Move.of(advice.play) == choose_action(bot, match)  # type: ignore[arg-type]
    assert hint(bot, Match(Rules())).kind == "roll"  # the opening roll-off
    certain = Match(Rules(), start=doubled(CERTAIN))
    assert hint(bot, certain).kind == "drop" and hint(bot, certain).cube is not None


def test_the_deep_hint_is_the_teachers_best_at_two_ply() -> None:
    from cart.ai import bot as botmod, drain
    from cart.ai.deep import Deep
    from cart.ai.review.play import DEEP_PLY, think_play_review
    from cart.engine.fast import flip_key

    bot = Bot("expert")
    # 2-ply is cheap there, and plays 17/14 3/2 where the expert plays 17/14 2/1
    few = GameState.from_position(Rules(), Position.from_position_id(FEW_PLAYS))
    match = Match(Rules(), rng=random.Random(2), start=few)
    match.apply(Roll((3, 1)))
    advice = hint(bot, match, deep=True)
    assert advice.kind == "move" and advice.play is not None
    game = match.game
    made = flip_key(advice.play.result.key)
    judged = drain(
        think_play_review(bot.weights, game.position, (3, 1), made, DEEP_PLY, None, Deep(bot.weights))
    )
    assert judged.best == advice.play and judged.loss == 0.0
    assert advice.play != hint(bot, match).play  # the deep hint is not the expert's
    deep = Deep(bot.weights)
    expert = flip_key(bot.choose_play(game.position, (3, 1)).result.key)  # type: ignore[union-attr]
    assert drain(deep.think_after(made, 2))[0] >= drain(deep.think_after(expert, 2))[0] - 0.02
    doubling = Match(Rules(), start=money(CERTAIN))
    assert hint(bot, doubling, deep=True).kind == "double"
    advice = hint(bot, Match(Rules(), start=money(RACE_TAKE)), deep=True)
    assert advice.evaluation is not None  # the outlook at 2-ply, as the master's cube reads it
    capped = Deep(bot.weights, cap=botmod.CUBE_WORK)
    assert tuple(advice.evaluation[:5]) == pytest.approx(
        drain(capped.think_chances(RACE_TAKE.key, 2)), abs=1e-12
    )


# -- the cube -----------------------------------------------------------------------
def money(position: Position, **kw: object) -> GameState:
    return GameState.from_position(Rules(), position, **kw)  # type: ignore[arg-type]


def doubled(position: Position) -> GameState:
    state, _ = money(position).double()
    return state


# The doubler (on roll) has two checkers left on its ace point: it is off next roll.
CERTAIN = pos_of({1: 2}, {6: 1, 5: 1})
# A race of about 80 pips the doubler leads by 6 with the roll (about 70%): a clear take.
RACE_TAKE = pos_of({6: 3, 5: 3, 4: 3, 3: 2, 2: 1, 8: 2, 9: 1}, {6: 3, 5: 3, 4: 3, 3: 2, 8: 3, 9: 1})
# The doubler has a closed board with three men on the bar against it: too good to double.
BLITZ = pos_of({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 9: 2}, {13: 5, 8: 4, 6: 3}, their_bar=3)


def test_a_certain_win_is_a_double_and_a_drop() -> None:
    bot = Bot("expert")
    assert bot.cube_action(money(CERTAIN)).action == "double"
    assert bot.cube_action(doubled(CERTAIN)).action == "drop"


def test_the_opening_is_no_double_and_a_double_there_is_taken() -> None:
    bot = Bot("expert")
    start = Position.start()
    assert bot.cube_action(money(start)).action == "no double"
    assert bot.cube_action(doubled(start)).action == "take"


def test_a_race_lead_of_eight_per_cent_is_a_take() -> None:
    mine, theirs = RACE_TAKE.pips()
    assert (mine, theirs) == (78, 84) and RACE_TAKE.is_race()
    bot = Bot("expert")
    decision = bot.cube_action(doubled(RACE_TAKE))
    assert 0.65 < decision.evaluation.win < 0.82
    assert decision.action == "take"


def test_a_blitz_with_big_gammon_chances_is_too_good() -> None:
    bot = Bot("expert")
    decision = bot.cube_action(money(BLITZ))
    assert decision.evaluation.win_gammon > 0.4
    assert decision.action == "too good"
    assert bot.cube_action(doubled(BLITZ)).action == "drop"


def test_never_a_double_under_maxgammon_rules_or_in_the_crawford_game() -> None:
    bot = Bot("expert")
    assert bot.cube_action(GameState.from_position(Rules(variant="maxgammon"), CERTAIN)) is None
    crawford = GameState.from_position(Rules(match_length=5), CERTAIN, crawford=True)
    assert bot.cube_action(crawford) is None
    # nor with the cube on the other side, nor after the roll
    assert bot.cube_action(money(CERTAIN, cube=2, cube_owner=1)) is None
    assert bot.cube_action(money(CERTAIN, dice=(3, 1))) is None


def test_match_play_uses_match_equity() -> None:
    """At 2-away/2-away a certain win is a double; one point from the match it is not needed."""
    bot = Bot("expert")
    rules = Rules(match_length=5)
    m = Match(rules, start=GameState.from_position(rules, CERTAIN))
    m.score = (3, 3)
    decision = bot.cube_action(m)
    assert decision.action == "double"
    assert decision.double_pass == pytest.approx(met.equity(1, 2, crawford=True))
    m.score = (4, 2)  # 1-away after the Crawford game: winning one point wins the match
    decision = bot.cube_action(m)
    assert decision.action == "no double"


def test_match_cube_keeps_the_cube_alive() -> None:
    """Early in a long match the cube is as live as in money play: a modest race lead is no double.

    Treating the cube as dead after a double makes any advantage a double (the first version
    did, and two experts then ran the cube to 8 in a single game of a 7-point match).
    """
    bot = Bot("expert")
    rules = Rules(match_length=7)
    even = {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}  # 60 pips
    races = [
        {6: 4, 5: 3, 4: 3, 3: 3, 2: 2},  # 64 pips: on roll, behind by 4
        even,
        {6: 2, 5: 3, 4: 3, 3: 3, 2: 4},  # 56
        {6: 1, 5: 3, 4: 3, 3: 4, 2: 4},  # 52
    ]
    actions = []
    for mine in races:
        race = pos_of(mine, even)
        decision = bot.cube_action(Match(rules, start=GameState.from_position(rules, race)))
        # the same as for money at 0-0, where a dead cube would double any of them
        assert decision.action == bot.cube_action(money(race)).action, (decision.evaluation.win, decision)
        actions.append(decision.action)
    assert actions[0] == "no double" and "double" in actions
    # a dead cube: both sides 2-away, a double to 2 ends the match, so only the chances count
    m = Match(rules, start=GameState.from_position(rules, race))
    m.score = (5, 5)
    decision = bot.cube_action(m)
    assert decision.action == "double" and decision.double_take > decision.no_double
