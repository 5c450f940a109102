"""Game and match flow: the seeds' rules (roll-off, cube, scoring, forfeit), Crawford, input.

Rule tests are named after the seed sentence they check. Seeds: 000/002 are one
program's help (roll-off, automatic doubles, cube, forfeit), 001 is MaxGammon.
"""

from __future__ import annotations

import random

import pytest

from cart.engine import (
    AutoDoubled,
    Doubled,
    Dropped,
    EngineError,
    Forfeit,
    Forfeited,
    GameOver,
    GameStarted,
    GameState,
    IllegalActionError,
    IllegalPlayError,
    Match,
    MatchOver,
    Move,
    Moved,
    NotationError,
    OpeningRoll,
    Passed,
    Position,
    RecordError,
    Roll,
    Rolled,
    Rules,
    Taken,
)

START = Position.start()


def side(points: dict[int, int], bar: int = 0) -> list[int]:
    """A 26-slot side from ``{point: checkers}``; the rest are borne off."""
    counts = [0] * 26
    for p, n in points.items():
        counts[p] = n
    counts[25] = bar
    counts[0] = 15 - sum(counts)
    return counts


def at(rules: Rules, position: Position = START, **kwargs: object) -> Match:
    """A match whose first game starts from ``position`` (player ``turn`` to roll, by default 0)."""
    return Match(rules, rng=random.Random(7), start=GameState.from_position(rules, position, **kwargs))


def snapshot(m: Match) -> tuple[object, ...]:
    rng_state = m.rng.getstate() if m.rng else None
    return (m.game, m.score, m.game_number, list(m.record), m.match_id(), rng_state)


# -- rules values -----------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs",
    [
        {"variant": "backgammon"},
        {"match_length": -1},
        {"match_length": 1 << 15},
        {"match_length": 2.0},
        {"cube_limit": 0},
        {"cube_limit": 48},
        {"cube_limit": 1 << 16},
        {"automatic_doubles": 1},
        {"variant": "maxgammon", "automatic_doubles": True},
        {"variant": "maxgammon", "cube_limit": 64},
    ],
)
def test_rules_refuse_nonsense(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Rules(**kwargs)  # type: ignore[arg-type]


# -- the opening ----------------------------------------------------------------
def test_highest_roller_is_first_and_plays_both_dice() -> None:
    """Seed 000: "Each player rolls a single die ... The highest roller is first."""
    m = Match(Rules())
    assert m.game.phase == "opening"
    assert m.roll((2, 5)) == [OpeningRoll((2, 5), 1)]
    assert (m.game.turn, m.game.phase, m.game.dice) == (1, "move", (2, 5))
    events = m.play("13/11 13/8")
    assert isinstance(events[0], Moved) and events[0].player == 1
    assert (m.game.turn, m.game.phase) == (0, "roll")


def test_player0_die_is_rolled_first_from_the_rng() -> None:
    rng = random.Random(3)
    clone = random.Random(3)
    expected = (clone.randint(1, 6), clone.randint(1, 6))
    m = Match(Rules(), rng=rng)
    (first, *_) = m.roll()
    assert isinstance(first, OpeningRoll) and first.dice == expected


def test_opening_tie_rolls_again_without_automatic_doubles() -> None:
    m = Match(Rules())
    assert m.roll((4, 4)) == [OpeningRoll((4, 4), None)]
    assert (m.game.phase, m.game.cube, m.game.dice) == ("opening", 1, (4, 4))
    m.roll((6, 1))
    assert (m.game.turn, m.game.phase, m.game.cube) == (0, "move", 1)


def test_if_doubles_are_rolled_more_than_twice_they_are_ignored() -> None:
    """Seed 002: a tie turns the cube, "If doubles are rolled more than twice they are ignored"."""
    m = Match(Rules(automatic_doubles=True))
    assert m.roll((3, 3)) == [OpeningRoll((3, 3), None), AutoDoubled(2)]
    assert m.roll((5, 5)) == [OpeningRoll((5, 5), None), AutoDoubled(4)]
    assert m.roll((1, 1)) == [OpeningRoll((1, 1), None)]
    assert (m.game.cube, m.game.cube_owner, m.game.auto_doubles) == (4, None, 2)
    m.roll((1, 2))
    assert (m.game.cube, m.game.cube_owner, m.game.turn) == (4, None, 1)


def test_automatic_doubles_are_ignored_in_match_play() -> None:
    m = Match(Rules(match_length=5, automatic_doubles=True))
    assert m.roll((3, 3)) == [OpeningRoll((3, 3), None)]
    assert m.game.cube == 1


def test_automatic_doubles_stop_at_the_cube_limit() -> None:
    m = Match(Rules(automatic_doubles=True, cube_limit=2))
    m.roll((3, 3))
    assert m.roll((3, 3)) == [OpeningRoll((3, 3), None)]
    assert m.game.cube == 2


def test_in_maxgammon_white_always_plays_first() -> None:
    """Seed 001: "In MaxGammon white always plays first" (a normal roll, doubles too)."""
    m = Match(Rules(variant="maxgammon"), rng=random.Random(1))
    assert (m.game.phase, m.game.turn) == ("roll", 0)
    assert m.roll((6, 6)) == [Rolled(0, (6, 6))]
    assert len(m.legal_plays()) > 0


def test_maxgammon_does_not_support_doubling() -> None:
    """Seed 001: "Doubling (NOTE - MaxGammon does not support doubling)"."""
    rng = random.Random(11)
    m = Match(Rules(variant="maxgammon"), rng=rng)
    for _ in range(60):
        assert not m.can_double()
        if m.game.phase == "roll":
            with pytest.raises(IllegalActionError, match="no doubling cube"):
                m.double()
            m.roll()
        elif m.game.phase == "move":
            m.play(rng.choice(m.legal_plays()))
        else:
            break
    assert m.game.cube == 1


# -- the cube ---------------------------------------------------------------------
def test_double_offered_before_rolling_then_doubler_rolls() -> None:
    m = at(Rules())
    assert m.can_double()
    assert m.double() == [Doubled(0, 2)]
    assert (m.game.phase, m.game.actor, m.game.cube) == ("doubled", 1, 1)
    assert m.take() == [Taken(1, 2)]
    assert (m.game.phase, m.game.turn, m.game.cube, m.game.cube_owner) == ("roll", 0, 2, 1)
    assert not m.can_double()
    assert isinstance(m.roll((3, 1))[0], Rolled)


def test_only_the_player_who_did_not_double_last_may_double() -> None:
    """Seed 000: "If you were not the last person to 'offer' a double ... you may 'offer' a double"."""
    m = at(Rules(), cube=2, cube_owner=1)
    assert not m.can_double()
    with pytest.raises(IllegalActionError, match="opponent owns the cube"):
        m.double()
    m2 = at(Rules(), turn=1, cube=2, cube_owner=1)
    assert m2.can_double()
    m2.double()
    m2.take()
    assert (m2.game.cube, m2.game.cube_owner) == (4, 0)


def test_cannot_double_after_rolling_or_out_of_turn() -> None:
    m = at(Rules())
    m.roll((3, 1))
    assert not m.can_double()
    with pytest.raises(IllegalActionError, match="must play the 31"):
        m.double()
    with pytest.raises(IllegalActionError):
        m.take()
    with pytest.raises(IllegalActionError):
        m.drop()


def test_no_double_past_64_with_the_seeds_cube() -> None:
    """Seed 002's cube faces stop at 64: ``cube_limit=64`` allows no double beyond it."""
    rules = Rules(cube_limit=64)
    m = at(rules, cube=32, cube_owner=0)
    assert m.can_double()
    m.double()
    m.take()
    assert m.game.cube == 64
    top = at(rules, cube=64, cube_owner=0)
    assert not top.can_double()
    with pytest.raises(IllegalActionError, match="cannot go past 64"):
        top.double()
    assert at(Rules(), cube=1 << 15).can_double() is False


def test_a_declined_double_loses_the_stakes_before_the_double() -> None:
    """Seed 001: "the player declining loses whatever the stakes were before the double"."""
    # Player 1 has borne off nothing: a drop still never scores a gammon.
    pos = Position.from_counts(side({1: 2}), side({6: 5, 7: 5, 8: 5}))
    m = at(Rules(), pos, cube=2, cube_owner=0)
    m.double()
    assert m.drop() == [Dropped(1, 2), GameOver(0, 2, "drop")]
    assert (m.game.phase, m.game.winner, m.game.points, m.game.result) == ("over", 0, 2, "drop")
    assert m.score == (2, 0)


def test_forfeit_awards_opponent_twice_current_value() -> None:
    """Seed 000: "Forfeit awards your opponent the game at twice its current value"."""
    m = at(Rules(), cube=4, cube_owner=1)
    assert m.forfeit(0) == [Forfeited(0), GameOver(1, 8, "forfeit")]
    assert m.score == (0, 8)
    with pytest.raises(IllegalActionError, match="game is over"):
        m.forfeit(1)


def test_forfeit_with_a_double_pending_counts_the_cube_before_it() -> None:
    m = at(Rules(), cube=2, cube_owner=0)
    m.double()
    m.forfeit(1)
    assert m.score == (4, 0)


def test_either_player_may_forfeit_even_during_the_opening() -> None:
    m = Match(Rules(automatic_doubles=True))
    m.roll((2, 2))
    m.forfeit(1)
    assert m.score == (4, 0) and m.game.result == "forfeit"


# -- scoring ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("theirs", "kind", "value"),
    [
        (side({6: 10}), "single", 1),  # five borne off
        (side({6: 15}), "gammon", 2),  # none off, all home
        (side({6: 14, 19: 1}), "backgammon", 3),  # a checker in the winner's home board
        (side({6: 14}, bar=1), "backgammon", 3),  # a checker on the bar
        (side({6: 14, 18: 1}), "gammon", 2),  # outside the winner's home board
    ],
)
def test_game_value_single_gammon_backgammon_times_cube(theirs: list[int], kind: str, value: int) -> None:
    """Seed 000: "A game is worth three points, and called a 'backgammon' ..." times the cube."""
    pos = Position.from_counts(side({2: 1, 1: 1}), theirs)
    m = at(Rules(), pos, dice=(2, 1), cube=4, cube_owner=1)
    events = m.play("2/off 1/off")
    assert events[-1] == GameOver(0, 4 * value, kind)  # type: ignore[arg-type]
    assert (m.game.winner, m.game.points, m.game.result, m.score) == (0, 4 * value, kind, (4 * value, 0))


def test_player1_wins_a_gammon_too() -> None:
    pos = Position.from_counts(side({3: 1}), side({6: 15}))
    m = at(Rules(), pos, turn=1, dice=(3, 2))
    m.play("3/off")
    assert m.score == (0, 2)
    assert m.game.board(1).mine[0] == 15


def test_no_move_possible_passes_the_turn() -> None:
    """Seed 001: "If a player cannot move then play passes to the opponent"."""
    pos = Position.from_counts(side({12: 1}, bar=1), side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}))
    m = at(Rules(), pos)
    assert m.roll((6, 6)) == [Rolled(0, (6, 6)), Passed(0, (6, 6))]
    assert (m.game.turn, m.game.phase, m.game.dice) == (1, "roll", None)
    assert m.record == [Roll((6, 6))]


# -- matches -------------------------------------------------------------------------
def test_no_doubling_in_the_crawford_game_and_again_after_it() -> None:
    m = Match(Rules(match_length=3))
    m.forfeit(1)  # 2-0: player 0 reaches match point
    assert m.new_game() == [GameStarted(2, True)]
    assert m.game.crawford and m.match_key().crawford
    m.roll((5, 6))
    m.play("24/18 13/8")
    assert m.game.phase == "roll"
    assert not m.can_double()
    with pytest.raises(IllegalActionError, match="Crawford"):
        m.double()
    m.forfeit(0)  # 2-2
    assert m.new_game() == [GameStarted(3, False)]
    m.roll((6, 5))
    m.play("24/13")
    assert m.can_double()


def test_crawford_game_comes_only_once() -> None:
    m = Match(Rules(match_length=5))
    m.forfeit(1)
    m.new_game()
    m.forfeit(1)  # 4-0: match point
    assert m.new_game() == [GameStarted(3, True)]
    m.forfeit(0)  # 4-2
    assert m.new_game() == [GameStarted(4, False)]


def test_without_the_crawford_rule_doubling_stays_allowed() -> None:
    m = Match(Rules(match_length=3, crawford=False))
    m.forfeit(1)
    assert m.new_game() == [GameStarted(2, False)]


def test_match_ends_on_reaching_the_length_and_keeps_the_real_points() -> None:
    m = at(Rules(match_length=3), cube=2, cube_owner=0)
    events = m.forfeit(1)
    assert events[-1] == MatchOver(0, (4, 0))
    assert m.is_match_over and m.match_winner == 0 and m.score == (4, 0)
    with pytest.raises(IllegalActionError, match="match is over"):
        m.new_game()


def test_money_play_goes_on_game_after_game() -> None:
    m = Match(Rules())
    for n in range(2, 6):
        m.forfeit(n % 2)
        assert not m.is_match_over
        assert m.new_game() == [GameStarted(n, False)]
    assert m.score == (4, 4)


def test_new_game_needs_the_game_to_be_over() -> None:
    with pytest.raises(IllegalActionError, match="not over"):
        Match(Rules()).new_game()


# -- input -------------------------------------------------------------------------
def test_play_accepts_both_notations_and_play_values() -> None:
    a, b, c = (at(Rules(), dice=(3, 1)) for _ in range(3))
    a.play("8/5 6/5")
    b.play("17,20,19,20")
    c.play(next(p for p in c.legal_plays() if p.moves == ((8, 5), (6, 5))))
    assert a.game == b.game == c.game
    assert a.record == b.record == c.record == [Move(((8, 5), (6, 5)))]


def test_illegal_actions_leave_the_match_unchanged() -> None:
    m = Match(Rules(match_length=5), rng=random.Random(5))
    m.roll((3, 1))
    before = snapshot(m)
    bad_calls = [
        lambda: m.roll(),
        lambda: m.roll((3, 1)),
        lambda: m.double(),
        lambda: m.take(),
        lambda: m.drop(),
        lambda: m.new_game(),
        lambda: m.forfeit(2),
        lambda: m.play("8/3"),
        lambda: m.play("8/5 6/5 4/3"),
        lambda: m.play("hello"),
        lambda: m.play("24/21 24/23 13/12"),
        lambda: m.play(42),  # type: ignore[arg-type]
        lambda: m.play(next(p for p in at(Rules(), dice=(6, 5)).legal_plays())),
        lambda: m.apply(["roll", 3, 1]),  # type: ignore[arg-type]
        lambda: m.apply("roll"),  # type: ignore[arg-type]
        lambda: m.apply(Roll((3, 1))),
        lambda: m.apply(Move(((8, 3),))),
        lambda: m.apply(Forfeit(2)),
    ]
    for call in bad_calls:
        with pytest.raises(EngineError):
            call()
        assert snapshot(m) == before
    m.play("8/5 6/5")
    before = snapshot(m)
    for dice in [(0, 1), (7, 2), (1,), "31", None]:
        with pytest.raises(EngineError):
            m.roll(dice if dice is not None else (1, 2, 3))  # type: ignore[arg-type]
        assert snapshot(m) == before


def test_engine_errors_are_value_errors_with_specific_kinds() -> None:
    m = at(Rules(), dice=(3, 1))
    with pytest.raises(IllegalPlayError):
        m.play("8/3")
    with pytest.raises(NotationError):
        m.play("eight to five")
    assert issubclass(RecordError, ValueError)


def test_roll_without_dice_or_rng_is_refused() -> None:
    m = Match(Rules())
    with pytest.raises(IllegalActionError, match="no dice"):
        m.roll()


# -- a match from a set-up position ------------------------------------------------------
def test_match_with_a_start_state_replays_with_the_same_start() -> None:
    pos = Position.from_counts(side({2: 1, 1: 1}), side({6: 15}))
    rules = Rules()
    start = GameState.from_position(rules, pos, turn=1)
    m = Match(rules, start=start)
    m.roll((2, 1))
    m.play("2/off 1/off")
    again = Match.replay(rules, m.record, start=start)
    assert again.game == m.game and again.score == (0, 2)


def test_pips_are_per_player() -> None:
    pos = Position.from_counts(side({2: 1, 1: 1}), side({6: 15}))
    m = at(Rules(), pos, turn=1)
    assert m.pips == (90, 3)
