"""The evaluator takes out what the board rules out (``cart.ai.net.sane``), as GNU Backgammon does.

The net gives small chances to outcomes that cannot happen: a gammon against a side
that has borne a checker off, a backgammon in a race against a side with nothing left
in the winner's home. Each test shows the raw net doing it, so it fails without the clamp.
"""

from __future__ import annotations

from boards import pos_of

from cart.ai import Bot
from cart.ai.bot import load_weights
from cart.ai.net import Probs, flip_probs, is_crashed, is_race, sane
from cart.ai.turn import resign_level
from cart.engine import Position
from cart.engine.movegen import flip_key
from tools.positions import selfplay_positions

WEIGHTS = load_weights()


def raw(pos: Position) -> Probs:
    """The net's own outputs for the side on roll in ``pos``, before the clamp."""
    key = flip_key(pos.key)
    net = WEIGHTS.race if is_race(key) else WEIGHTS.crashed if is_crashed(key) else WEIGHTS.contact
    assert net is not None
    return flip_probs(net.forward(key))


def test_a_side_with_a_man_off_cannot_lose_a_gammon() -> None:
    pos = Position.from_position_id("XxsFCDD+dgIAIA")  # from self-play: one off, contact left
    assert pos.mine[0] == 1 and not pos.is_race()
    assert raw(pos)[3] > 0.005  # the net's 1.3%: something for the clamp to take out
    ev = Bot("expert", weights=WEIGHTS).evaluate(pos)
    assert ev.lose_gammon == ev.lose_backgammon == 0.0
    assert ev.win == raw(pos)[0] and ev.win_gammon == raw(pos)[1]  # the rest is the net's


def test_the_side_on_roll_wins_no_gammon_once_the_other_has_a_man_off() -> None:
    pos = Position.from_position_id("XxsFCDD+dgIAIA")
    flipped = Position.from_counts(pos.theirs, pos.mine)  # the same board, the other side on roll
    ev = Bot("expert", weights=WEIGHTS).evaluate(flipped)
    assert raw(flipped)[1] > 0.0
    assert ev.win_gammon == ev.win_backgammon == 0.0


def test_no_backgammon_in_a_race_with_nothing_in_the_winners_home() -> None:
    # a race: the side on roll far behind, its last checkers on its 13..18, none in the other's home
    pos = pos_of({13: 5, 14: 5, 18: 5}, {1: 5, 2: 5, 3: 3})
    assert pos.is_race()
    assert raw(pos)[4] > 0.0
    ev = Bot("expert", weights=WEIGHTS).evaluate(pos)
    assert ev.lose_backgammon == 0.0 and ev.lose_gammon > 0.5


def test_the_parts_never_exceed_the_whole() -> None:
    checked = 0
    for pos in selfplay_positions(7, 12):
        if pos.is_over():
            continue
        key = flip_key(pos.key)
        p = WEIGHTS.after(key)
        w, wg, wb, lg, lb = p
        assert wb <= wg <= w and lb <= lg <= 1.0 - w
        race = is_race(key)
        assert sane(key, p, race) == p  # a second pass changes nothing
        checked += 1
    assert checked > 500


def test_a_hopeless_game_with_a_man_off_is_resigned_as_a_single() -> None:
    # the net gives 0.4% to losing a gammon here, above the resign rule's threshold: without the
    # clamp the computer would play on for a gammon it cannot lose
    pos = Position.from_position_id("AwAA+G8lAAAAAA")
    assert pos.mine[0] and raw(pos)[3] > 0.002 and raw(pos)[0] < 0.002
    assert resign_level(Bot("expert", weights=WEIGHTS).evaluate(pos)) == 1
