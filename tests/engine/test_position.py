"""Position: GNU Backgammon Position IDs bit for bit, validation, flip and pips.

The reference encoder below follows the written spec (reference/acorn-and-ux.md
section 6.2) step by step, sharing no code with ``cart.engine.board``.
"""

from __future__ import annotations

import base64

import gnubg_nn
import pytest
from boards import pos_of

from cart.engine import EngineError, PositionError
from cart.engine.board import Position
from tools.positions import gnubg_board, random_positions, selfplay_positions

START_ID = "4HPwATDgc/ABMA"


def spec_id(first: list[int], second: list[int]) -> str:
    """Spec 6.2: for side A then side B, per slot (points 1..24, bar) one 1 per checker then a 0;
    pad to 80 bits, pack LSB first into 10 bytes, base64 without padding."""
    bits = "".join("1" * n + "0" for side in (first, second) for n in side)
    bits = bits.ljust(80, "0")
    data = bytes(int(bits[i : i + 8][::-1], 2) for i in range(0, 80, 8))
    return base64.b64encode(data).decode()[:14]


def sample() -> list[Position]:
    return selfplay_positions(31, 3)[::3] + random_positions(31, 150)


# -- the test vectors ---------------------------------------------------------------
def test_start_position_id_and_key_bytes():
    assert Position.start().position_id() == START_ID
    key = base64.b64decode(START_ID + "==")
    assert key == bytes.fromhex("E0 73 F0 01 30 E0 73 F0 01 30")
    assert Position.from_position_id(START_ID) == Position.start()


def test_first_half_is_the_side_not_on_roll():
    pos = Position.from_position_id("4PPgASjgc/ABMA")
    assert pos == pos_of({6: 5, 8: 4, 13: 4, 23: 1, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2}).flip()
    assert pos.theirs == tuple(pos_of({6: 5, 8: 4, 13: 4, 23: 1, 24: 1}, {}).mine)
    assert pos.mine == Position.start().mine


def test_spec_encoder_agrees_with_the_vectors():
    start = gnubg_board(Position.start())
    assert spec_id(*start) == START_ID


# -- round trips and gnubg ------------------------------------------------------------
def test_position_id_round_trips():
    for pos in sample():
        assert Position.from_position_id(pos.position_id()) == pos
        assert Position.from_position_id(pos.flip().position_id()) == pos.flip()


def test_position_id_matches_the_spec_and_gnubg():
    for pos in sample():
        board = gnubg_board(pos)  # [[not on roll], [on roll]]
        pid = pos.position_id()
        assert pid == spec_id(*board)
        assert pid == gnubg_nn.position_id(board), pos
        assert gnubg_nn.board_from_position_id(pid) == board
        assert pos.gnubg_board() == board


def test_gnubg_ids_decode_with_gnubgs_side_on_roll():
    """An ID gnubg writes for a board decodes with gnubg's second row on roll."""
    for pos in sample()[::10]:
        board = gnubg_board(pos)
        decoded = Position.from_position_id(gnubg_nn.position_id(board))
        assert list(decoded.mine[1:26]) == board[1] and list(decoded.theirs[1:26]) == board[0]


def test_repr_pastes_back():
    pos = Position.from_position_id("4PPgASjgc/ABMA")
    assert repr(pos) == "Position.from_position_id('4PPgASjgc/ABMA')"
    assert eval(repr(pos)) == pos


# -- invalid IDs ----------------------------------------------------------------------
_EMPTY = [0] * 25
_SIXTEEN = [16] + [0] * 24
_BOTH = [2] * 6 + [0] * 18 + [1]  # closed home board and one on the bar


@pytest.mark.parametrize(
    "text",
    [
        "",
        "4HPwATDgc/ABM",  # 13 characters
        "4HPwATDgc/ABMAA",  # 15 characters
        "4HPwATDgc/ABMA==",
        "4HPwATDgc/AB!A",  # not base64
        "4HPwATDgc-ABMA",  # url-safe alphabet is not gnubg's
        "4HPwATDgc/ABMé",
        "//////////////",  # all ones: more than 80 bits of checkers
        spec_id(_SIXTEEN, _EMPTY),  # 16 checkers for one side
        spec_id([0] * 24 + [16], _EMPTY),
        spec_id([1] + [0] * 24, [0] * 23 + [1, 0]),  # both sides on one point
    ],
)
def test_invalid_position_ids_raise_position_error_quoting_input(text):
    with pytest.raises(PositionError) as err:
        Position.from_position_id(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, ValueError) and isinstance(err.value, EngineError)


@pytest.mark.parametrize("value", [None, 14, b"4HPwATDgc/ABMA", ["4HPwATDgc/ABMA"]])
def test_position_id_that_is_not_text_raises_position_error(value):
    with pytest.raises(PositionError, match="14 characters"):
        Position.from_position_id(value)


def test_both_sides_on_the_bar_against_closed_boards_is_rejected():
    """Regression: gnubg's CheckPosition refuses this dead position (neither side can ever move).

    The engine accepted it; spec 6.2 lists it among the validity checks.
    """
    pid = spec_id(_BOTH, _BOTH)
    assert gnubg_nn.board_from_position_id(pid)  # gnubg_nn itself decodes without checking
    with pytest.raises(PositionError, match="closed"):
        Position.from_position_id(pid)
    side = [2, *_BOTH]  # 2 off, closed board, one on the bar
    with pytest.raises(PositionError, match="closed"):
        Position.from_counts(side, side)
    # Either condition alone is a real position.
    assert Position.from_counts(side, [3, *_BOTH[:24], 0])
    opened = [3, 1, *_BOTH[1:]]
    assert Position.from_counts(opened, side)


# -- from_counts validation -----------------------------------------------------------
START_SIDE = list(Position.start().mine)


@pytest.mark.parametrize(
    ("mine", "message"),
    [
        (START_SIDE[:24], "expected 26 counts"),
        ([*START_SIDE, 0], "expected 26 counts"),
        ([0] * 24, "expected 26 counts"),
        ([-1, *START_SIDE[1:25], 1], "non-negative integers"),
        ([0.0, *START_SIDE[1:]], "non-negative integers"),
        ([True, *START_SIDE[1:]], "non-negative integers"),
        (["0", *START_SIDE[1:]], "non-negative integers"),
        ([1, *START_SIDE[1:]], "16 checkers"),
        ([0, *START_SIDE[1:25], 1], "16 checkers"),
        ([*START_SIDE[1:25], 1], "non-negative"),  # gnubg's 25-long row with 16 on the board
        ([0] * 24 + [16], "non-negative"),
    ],
)
def test_from_counts_rejects_bad_sides(mine, message):
    with pytest.raises(PositionError, match=message):
        Position.from_counts(mine, START_SIDE)
    with pytest.raises(PositionError, match=message):
        Position.from_counts(START_SIDE, mine)


def test_from_counts_rejects_both_colours_on_a_point():
    mine = [0] * 26
    mine[1], mine[6] = 1, 14  # our 1 point is their 24 point, where the start has 2
    with pytest.raises(PositionError, match="point 1 holds checkers of both sides"):
        Position.from_counts(mine, START_SIDE)


def test_from_counts_accepts_gnubg_rows_of_25():
    pos = Position.from_counts([0] * 5 + [2] + [0] * 19, START_SIDE[1:])
    assert pos.mine[0] == 13 and pos.mine[6] == 2 and pos.theirs == Position.start().theirs


# -- flip, pips, value semantics --------------------------------------------------------
def test_flip_swaps_sides_and_twice_is_identity():
    for pos in sample():
        assert pos.flip().mine == pos.theirs and pos.flip().theirs == pos.mine
        assert pos.flip().flip() == pos
        assert pos.flip().pips() == pos.pips()[::-1]


@pytest.mark.parametrize(
    ("pos", "pips"),
    [
        (Position.start(), (167, 167)),
        (pos_of({1: 15}, {6: 15}), (15, 90)),
        (pos_of({}, {24: 1, 1: 1}, my_bar=0), (0, 25)),
        (pos_of({6: 14}, {1: 15}, my_bar=1), (84 + 25, 15)),  # the bar counts 25
        (Position.from_position_id("4PPgASjgc/ABMA"), (167, 30 + 32 + 52 + 23 + 24)),
    ],
)
def test_pips(pos, pips):
    assert pos.pips() == pips


def test_positions_are_values():
    pos = Position.start()
    assert pos == Position.from_counts(START_SIDE, START_SIDE) and hash(pos) == hash(Position.start())
    assert pos != pos_of({6: 15}, {6: 15}) and pos != pos.key
    with pytest.raises(AttributeError):
        pos.key = 0
