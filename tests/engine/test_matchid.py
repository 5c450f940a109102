"""GNU Backgammon Match ID: the manual's vectors, round trips, refusals, and the Match's own IDs."""

from __future__ import annotations

import base64
import random

import pytest

from cart.engine import Match, MatchKey, PositionError, Rules
from cart.engine.game import GameState
from cart.engine.matchid import GAME_DROP, GAME_OVER, GAME_PLAYING, GAME_RESIGNED

VECTORS = {
    # id: (cube, owner, on roll, dice, match length, score)
    "QYkqASAAIAAA": (2, 0, 1, (5, 2), 9, (2, 4)),
    "cAlvATAAIAAA": (1, None, 1, (6, 3), 11, (3, 4)),
    "MIHlAEAAAAAA": (1, None, 0, (3, 1), 7, (4, 0)),
}


@pytest.mark.parametrize("match_id", sorted(VECTORS))
def test_manual_vectors_decode(match_id: str) -> None:
    cube, owner, on_roll, dice, length, score = VECTORS[match_id]
    key = MatchKey.from_id(match_id)
    assert (key.cube, key.cube_owner, key.on_roll, key.dice, key.match_length, key.score) == (
        cube,
        owner,
        on_roll,
        dice,
        length,
        score,
    )
    assert key.turn == on_roll
    assert key.game_state == GAME_PLAYING
    assert not key.doubled and not key.crawford and key.resigned == 0
    # The manual's IDs leave bit 66 clear: gnubg's default, Jacoby on.
    assert key.jacoby is True


@pytest.mark.parametrize("match_id", sorted(VECTORS))
def test_manual_vectors_reencode_identically(match_id: str) -> None:
    assert MatchKey.from_id(match_id).to_id() == match_id
    assert MatchKey.from_id(match_id).to_id() == match_id


def test_gnubg_writes_the_higher_die_first() -> None:
    low_first = MatchKey(on_roll=1, turn=1, dice=(3, 6), match_length=11, score=(3, 4), jacoby=True)
    assert low_first.to_id() == "cAlvATAAIAAA"


def test_jacoby_off_sets_bit_66() -> None:
    on = MatchKey(jacoby=True).to_id()
    off = MatchKey(jacoby=False).to_id()
    assert on != off
    bits_on = int.from_bytes(base64.b64decode(on), "little")
    bits_off = int.from_bytes(base64.b64decode(off), "little")
    assert bits_off ^ bits_on == 1 << 66


def _random_key(rng: random.Random) -> MatchKey:
    length = rng.choice((0, 1, 3, 7, 25, 32767))
    dice = rng.choice(((0, 0), tuple(sorted((rng.randint(1, 6), rng.randint(1, 6)), reverse=True))))
    return MatchKey(
        cube=1 << rng.randint(0, 15),
        cube_owner=rng.choice((None, 0, 1)),
        on_roll=rng.randint(0, 1),
        crawford=bool(length) and rng.random() < 0.3,
        game_state=rng.randint(0, 4),
        turn=rng.randint(0, 1),
        doubled=rng.random() < 0.3,
        resigned=rng.randint(0, 3),
        dice=dice,
        match_length=length,
        score=(rng.randint(0, 32767), rng.randint(0, 32767)),
        jacoby=rng.random() < 0.5,
    )


def test_random_keys_round_trip() -> None:
    rng = random.Random(66)
    for _ in range(500):
        key = _random_key(rng)
        text = key.to_id()
        assert len(text) == 12
        assert MatchKey.from_id(text) == key
        assert MatchKey.from_id(text).to_id() == text


def _raw(bits: int) -> str:
    return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")


_GOOD = int.from_bytes(base64.b64decode("QYkqASAAIAAA"), "little")


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "QYkqASAAIAA",  # 11 characters
        "QYkqASAAIAAAA",  # 13
        "QYkqASAAIA!A",  # not base64
        _raw(_GOOD | 1 << 67),  # a bit past 66
        _raw(_GOOD & ~(3 << 4) | 2 << 4),  # cube owner 2
        _raw(_GOOD & ~(63 << 15) | 2 << 15 | 5 << 18),  # lower die first
        _raw(_GOOD & ~(63 << 15) | 7 << 15 | 1 << 18),  # die 7
        _raw(_GOOD & ~(7 << 8) | 6 << 8),  # game state 6
        _raw(_GOOD & ~(0x7FFF << 21) | 1 << 7),  # Crawford in money play
        None,
    ],
)
def test_bad_match_ids_raise_position_error(bad: object) -> None:
    with pytest.raises(PositionError):
        MatchKey.from_id(bad)  # type: ignore[arg-type]


def test_invalid_keys_are_refused() -> None:
    for kwargs in (
        {"cube": 3},
        {"cube": 1 << 16},
        {"cube_owner": 2},
        {"dice": (0, 4)},
        {"dice": (7, 1)},
        {"game_state": 5},
        {"crawford": True, "match_length": 0},
        {"score": (32768, 0)},
    ):
        with pytest.raises(PositionError):
            MatchKey(**kwargs)  # type: ignore[arg-type]


def test_new_match_id_centred_cube_player0_no_dice() -> None:
    m = Match(Rules(match_length=7))
    key = MatchKey.from_id(m.match_id())
    assert (key.cube, key.cube_owner, key.on_roll, key.turn, key.dice) == (1, None, 0, 0, (0, 0))
    assert key.game_state == GAME_PLAYING and key.match_length == 7 and key.score == (0, 0)
    assert key.jacoby is True  # what a default gnubg writes in a match (bit 66 clear)


def test_money_game_match_id_says_jacoby_off() -> None:
    assert MatchKey.from_id(Match(Rules()).match_id()).jacoby is False


def test_match_id_of_the_manual_example_from_a_match() -> None:
    """cAlvATAAIAAA: player 1 rolled 6-3 in an 11-point match at 3-4, bit for bit."""
    m = Match(Rules(match_length=11))
    m.score = (3, 4)
    m.roll((3, 6))
    key = m.match_key()
    assert key.dice == (6, 3) and key.on_roll == 1 and key.turn == 1
    assert m.match_id() == "cAlvATAAIAAA"


def test_match_id_while_a_double_is_pending() -> None:
    rules = Rules(match_length=9)
    start = GameState.from_position(rules, GameState.new(rules).position, turn=1, cube=2, cube_owner=1)
    m = Match(rules, start=start)
    m.double()
    key = m.match_key()
    assert key.doubled and key.on_roll == 1 and key.turn == 0 and key.cube == 2 and key.cube_owner == 1
    m.take()
    key = m.match_key()
    assert not key.doubled and key.turn == 1 and key.cube == 4 and key.cube_owner == 0


@pytest.mark.parametrize(
    ("action", "state"),
    [("drop", GAME_DROP), ("forfeit", GAME_RESIGNED)],
)
def test_match_id_game_state_after_the_end(action: str, state: int) -> None:
    m = Match(Rules(), start=GameState.from_position(Rules(), GameState.new(Rules()).position))
    if action == "drop":
        m.double()
        m.drop()
    else:
        m.forfeit(1)
    assert m.match_key().game_state == state


def test_match_id_after_bearing_off_says_over() -> None:
    from cart.engine import Position

    mine = [14] + [0] * 25
    mine[1] = 1
    theirs = [0] * 26
    theirs[6] = 15
    rules = Rules()
    m = Match(rules, start=GameState.from_position(rules, Position.from_counts(mine, theirs), dice=(2, 1)))
    m.play("1/off")
    assert m.match_key().game_state == GAME_OVER


@pytest.mark.parametrize("padded", ["MIHlAEAAAAA=", "MIHlAEAAAA==", "MIHlAEAAA==="])
def test_a_match_id_padded_with_equals_signs_does_not_decode(padded: str) -> None:
    """Issue 18: the docstring promises strictness; base64 padding decoded to a second spelling."""
    with pytest.raises(PositionError, match="without '=' padding"):
        MatchKey.from_id(padded)


def test_a_position_id_padded_with_equals_signs_does_not_decode() -> None:
    from cart.engine import Position

    with pytest.raises(PositionError, match="without '=' padding"):
        Position.from_position_id("4HPwATDgc/AB==")


def test_a_money_match_id_with_a_score_sets_up_that_session() -> None:
    """gnubg's own money ID of game 3 at 0-3 (5-2 rolled), and ours after a game, are set up, not refused."""
    m = Match.from_ids("4HPwATDgc/ABMA", "cIkKAAAAGAAA")
    assert (m.rules.match_length, m.score, m.start_score) == (0, (0, 3), (0, 3))
    assert (m.game.turn, m.game.phase, m.game.dice, m.game.cube) == (1, "move", (5, 2), 1)
    assert MatchKey.from_id(m.match_id()).score == (0, 3)
    played = Match(Rules(), rng=random.Random(3))
    while played.game.phase != "over":
        if played.game.phase in ("opening", "roll"):
            played.roll()
        else:
            played.play(played.legal_plays()[0])
    played.new_game()
    played.roll((5, 2))
    again = Match.from_ids(played.position_id(), played.match_id())
    assert again.score == played.score != (0, 0)
    assert (again.position_id(), again.match_id()) == (played.position_id(), played.match_id())


@pytest.mark.parametrize("mid_turn", [False, True])
def test_ids_copied_while_a_resignation_is_offered_say_so(mid_turn: bool) -> None:
    """Issue 39: the resignation's answerer has the turn, so the check said "a double waiting"."""
    from cart.engine import Resign, Roll

    m = Match(Rules(match_length=5))
    m.apply(Roll((3, 1)))
    m.play("8/5 6/5")
    if mid_turn:
        m.apply(Roll((4, 2)))
    m.apply(Resign(1, 1))
    assert m.game.phase == "resigned"
    with pytest.raises(PositionError, match="a resignation waiting"):
        Match.from_ids(m.position_id(), m.match_id())
