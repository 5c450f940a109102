"""Property tests (hypothesis, derandomized): random legal games keep the invariants, notation
round-trips, and no text makes the parser raise anything but the engine's two errors. Each runs a
third of its examples in the quick loop and all of them with the slow tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from boards import pos_of
from hypothesis import given, settings, strategies as st

from cart.engine import IllegalPlayError, NotationError, Position
from cart.engine.notation import format_play, format_wizard, parse_play
from cart.engine.plays import legal_plays
from tools.positions import random_positions


def quick_and_slow(
    examples: int, *, share: int = 3, **strategies: Any
) -> Callable[[Callable[..., None]], tuple[Any, Any]]:
    """A property as two tests: ``1/share`` of its ``examples`` in the quick loop, all with the slow tests.

    Derandomized, so each run draws the same examples (the quick test's are where the full one starts).
    """

    def both(body: Callable[..., None]) -> tuple[Any, Any]:
        def test(n: int) -> Any:
            return settings(max_examples=n, deadline=None, derandomize=True, database=None)(
                given(**strategies)(body)
            )

        return test(examples // share), pytest.mark.slow(test(examples))

    return both


dice_st = st.tuples(st.integers(1, 6), st.integers(1, 6))


def pips(side: tuple[int, ...]) -> int:
    return sum(p * side[p] for p in range(1, 26))


@st.composite
def positions(draw) -> Position:
    """The start, or a random legal position (seeded generator), possibly played on a few plies."""
    pos = draw(st.sampled_from([Position.start(), None]))
    if pos is None:
        pos = random_positions(draw(st.integers(0, 10**6)), 1)[0]
    for _ in range(draw(st.integers(0, 30))):
        if pos.is_over():
            break
        found = legal_plays(pos, draw(dice_st))
        pos = found[draw(st.integers(0, len(found) - 1))].result if found else pos.flip()
    return pos


def check_play(pos: Position, dice: tuple[int, int], moves, result: Position) -> None:
    """The invariants of one play, derived move by move without the engine.

    Each side is read once (``Position.mine`` unpacks the key on every access; reading it
    inside the loops made this check most of the module's time).
    """
    before_mine, before_theirs = pos.mine, pos.theirs
    after_mine, after_theirs = result.mine, result.theirs
    mine, theirs = list(before_mine), list(before_theirs)
    d1, d2 = dice
    left = [d1] * 4 if d1 == d2 else [d1, d2]
    hit_pips = 0
    for s, t in moves:
        assert s > t, moves
        # Which die: exact distance, or bearing off from below the die (larger die, highest point).
        die = s - t if s - t in left else min((d for d in left if d > s), default=None) if t == 0 else None
        assert die is not None, (moves, dice)
        left.remove(die)
        mine[s] -= 1
        mine[t] += 1
        if 0 < t < 25 and theirs[25 - t] == 1:
            theirs[25 - t], theirs[25] = 0, theirs[25] + 1
            hit_pips += t  # their checker on their 25 - t goes back to their 25
    # The result has the opponent on roll.
    assert after_theirs == tuple(mine) and after_mine == tuple(theirs)
    for side in (after_mine, after_theirs):
        assert sum(side) == 15 and min(side) >= 0
    for p in range(1, 25):
        assert not (after_theirs[p] and after_mine[25 - p]), f"two colours on point {p}"
    # Pips fall by the distance each checker travels: a borne-off checker travels its point.
    assert pips(before_mine) - pips(after_theirs) == sum(s - t for s, t in moves)
    assert pips(after_mine) - pips(before_theirs) == hit_pips
    assert result.pips() == (pips(after_mine), pips(after_theirs))
    assert result.flip().flip() == result


def random_games_keep_the_invariants(start, data):
    pos = start
    for _ in range(data.draw(st.integers(1, 40), label="plies")):
        if pos.is_over():
            break
        dice = data.draw(dice_st, label="dice")
        found = legal_plays(pos, dice)
        assert len({p.result for p in found}) == len(found)  # distinct results
        assert len({len(p.moves) for p in found}) <= 1  # all use as many dice
        for play in found:
            check_play(pos, dice, play.moves, play.result)
        pos = found[data.draw(st.integers(0, len(found) - 1), label="play")].result if found else pos.flip()
        assert Position.from_position_id(pos.position_id()) == pos


test_random_games_keep_the_invariants, test_random_games_keep_the_invariants_all = quick_and_slow(
    40, start=positions(), data=st.data()
)(random_games_keep_the_invariants)


def format_then_parse_gives_back_every_legal_play(pos, dice):
    for play in legal_plays(pos, dice):
        assert parse_play(pos, dice, format_play(pos, play)) == play
        assert parse_play(pos, dice, format_wizard(pos, play)).result == play.result


test_format_then_parse_gives_back_every_legal_play, test_format_then_parse_gives_back_every_legal_play_all = (
    quick_and_slow(60, pos=positions(), dice=dice_st)(format_then_parse_gives_back_every_legal_play)
)


REFUSED = [  # from the start with 3-1, each of these must be refused (with the Position ID)
    "",
    "\x00",
    "pass",
    "bar/bar",
    "25/0",
    "13/7(9)",
    "13/7(0)",
    "-1/3",
    "6/off*",
    "off/off",
    "bar",
    "off",
    "/",
    "//",
    "8//5",
    "8/",
    "/8",
    "(2)",
    "8/5(2)(2)",
    "*8/5",
    "8/5 6/5 " * 3,
    "8/5 " * 10_000,
    "9" * 10_000,
    "1," * 5_000,
    "0,0",
    "25,25",
    "99,99",
    "1,2,3",
    "é/ß",
    "İ",
    "ﬀ",
    "24/18/13/7/1",
    "13/7*/1*",
    "8/4(4) 6/2(4)",
    "100/99",
    "013/007",
    "8/5 6/5 13/10",
    "8/5 8/5",
    "24/20*",
]

# Odd but readable (or refused for another reason than the text): any outcome but a crash.
NASTY = [
    *REFUSED,
    " ",
    "\n",
    "-",
    "0/25",
    "8/5 *",
    "5,7,12,17",
    "٣/١",
    "８/５ ６/５",
    "𝟪/𝟧",
    "8/5\u00a06/5",
    "8/5\u20286/5",
    "bar/24/23/22/21/20",
]


def parsing_any_text_raises_only_notation_or_illegal_play_errors(pos, dice, text):
    try:
        play = parse_play(pos, dice, text)
    except (NotationError, IllegalPlayError) as err:
        assert pos.position_id() in str(err), str(err)
    else:
        assert play in legal_plays(pos, dice) or (play.moves == () and not legal_plays(pos, dice))


(
    test_parsing_any_text_raises_only_notation_or_illegal_play_errors,
    test_parsing_any_text_raises_only_notation_or_illegal_play_errors_all,
) = quick_and_slow(
    300,
    share=10,  # a third of them took a second and a half of CPU
    pos=st.sampled_from(
        [
            Position.start(),
            pos_of({6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2}, my_bar=1),
            pos_of({6: 3, 5: 2, 1: 1}, {6: 15}),
            pos_of({13: 5, 8: 3, 6: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}, my_bar=1),  # no play
            *random_positions(5, 5),
        ]
    ),
    dice=dice_st,
    text=st.one_of(
        st.sampled_from(NASTY),
        st.text(max_size=40),
        st.text(alphabet="0123456789/,*() barofBAROF\t", max_size=30),
    ),
)(parsing_any_text_raises_only_notation_or_illegal_play_errors)


def test_nasty_inputs_are_refused_from_the_start():
    pid = Position.start().position_id()
    for text in REFUSED:
        try:
            play = parse_play(Position.start(), (3, 1), text)
        except (NotationError, IllegalPlayError) as err:
            assert pid in str(err), (text, str(err))
        else:
            raise AssertionError(f"{text!r} was read as {play}")
