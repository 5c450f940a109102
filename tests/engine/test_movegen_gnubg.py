"""The move generator against GNU Backgammon's (``gnubg_nn.moves``), result set by result set.

For every (position, roll) pair the set of distinct resulting boards must equal
gnubg's, for both dice orders, through the raw generator and through
``legal_plays``; every play's move list must replay by hand to its result.
"""

from __future__ import annotations

import pytest
from boards import our_results, pos_of, replay

from cart.engine.board import Position
from cart.engine.notation import parse_play
from cart.engine.plays import legal_plays
from tools.positions import (
    ROLLS,
    WORST_ID,
    freeze,
    gnubg_board,
    gnubg_results,
    random_positions,
    selfplay_positions,
)


def mismatches(pos: Position, d1: int, d2: int) -> list[str]:
    """What differs from gnubg for one pair, as readable lines (empty when all agree)."""
    pid = pos.position_id()
    want = gnubg_results(pos, d1, d2)
    problems = []
    for a, b in ((d1, d2), (d2, d1)):
        raw = our_results(pos, a, b)
        if raw != want:
            problems.append(
                f"{pid} {a}-{b}: {len(raw)} results, gnubg {len(want)}; "
                f"missing {sorted(want - raw)[:2]} extra {sorted(raw - want)[:2]}"
            )
        plays = legal_plays(pos, (a, b))
        flipped = {freeze(gnubg_board(p.result.flip())) for p in plays}
        if flipped != raw or len(plays) != len(raw):
            problems.append(f"{pid} {a}-{b}: legal_plays disagrees with the raw generator")
        for play in plays:
            if replay(pos, play.moves) != play.result:
                problems.append(f"{pid} {a}-{b}: moves {play.moves} do not lead to their result")
    return problems


def check_all(positions: list[Position]) -> int:
    bad: list[str] = []
    pairs = 0
    for pos in positions:
        for d1, d2 in ROLLS:
            bad += mismatches(pos, d1, d2)
            pairs += 1
    assert not bad, f"{len(bad)} disagreements with gnubg, first: " + "\n".join(bad[:5])
    return pairs


@pytest.mark.slow
def test_selfplay_positions_match_gnubg(selfplay):
    """Every 6th position of 12 seeded random games, all 21 rolls (both orders): ~4,600 pairs."""
    assert check_all(selfplay[::6]) >= 4000


@pytest.mark.slow
@pytest.mark.parametrize("seed", [7, 8])
def test_random_legal_positions_match_gnubg(seed):
    """200 random legal positions per seed (contact, race, bear-in, bear-off, bar, closed boards)."""
    assert check_all(random_positions(seed, 200)) == 200 * 21


@pytest.mark.slow
def test_late_selfplay_positions_match_gnubg():
    """Positions late in games (bear-offs, stragglers on the bar) from another seed."""
    late = [p for p in selfplay_positions(99, 8) if p.borne_off() != (0, 0)]
    assert len(late) > 100
    check_all(late[::2])


# -- hand-picked edge cases ------------------------------------------------------
def outcomes(pos: Position, dice: tuple[int, int]) -> set[Position]:
    """The distinct results of ``dice``, after checking them against gnubg in both dice orders."""
    assert not mismatches(pos, *dice)
    return {p.result for p in legal_plays(pos, dice)}


def expect(pos: Position, *plays: tuple[tuple[int, int], ...]) -> set[Position]:
    """Hand-derived results: each play's moves replayed on the board by hand."""
    return {replay(pos, moves) for moves in plays}


def test_bar_with_only_one_entering_die():
    # Two on the bar, our 21 point (their 4) made: only the 2 enters, the 4 cannot be played.
    pos = pos_of({6: 5, 8: 3, 13: 5}, {4: 2, 6: 5, 8: 3, 13: 5}, my_bar=2)
    assert outcomes(pos, (4, 2)) == expect(pos, ((25, 23),))


def test_bar_with_one_entering_die_then_the_other_die_is_free():
    pos = pos_of({6: 5, 8: 3, 13: 6}, {4: 2, 6: 5, 8: 3, 13: 5}, my_bar=1)
    assert outcomes(pos, (4, 2)) == expect(
        pos, ((25, 23), (13, 9)), ((25, 23), (8, 4)), ((25, 23), (6, 2))
    )  # not 23/19: their 6 point is our 19


def test_both_entering_dice_blocked_is_no_play():
    pos = pos_of({6: 5, 8: 3, 13: 6}, {4: 2, 5: 2, 6: 5, 8: 1, 13: 5}, my_bar=1)
    assert outcomes(pos, (4, 5)) == set()
    assert parse_play(pos, (4, 5), "").result == pos.flip()


def test_bear_off_with_larger_die_only_from_highest_point():
    pos = pos_of({5: 1, 3: 1, 1: 1}, {6: 15})
    # The 6 takes the 5 off and the 4 the 3 (now highest); or the 4 plays 5/1 first, then 6 takes the 3.
    assert outcomes(pos, (6, 4)) == expect(pos, ((5, 0), (3, 0)), ((5, 1), (3, 0)))


def test_bear_off_not_allowed_with_a_checker_outside_home():
    pos = pos_of({10: 1, 2: 14}, {6: 15})
    # 10/9 2/off would use both dice, but 9 is outside: no bearing off.
    assert outcomes(pos, (2, 1)) == expect(pos, ((10, 8), (8, 7)), ((10, 8), (2, 1)))


def test_bear_off_once_the_straggler_is_home():
    pos = pos_of({8: 1, 2: 14}, {6: 15})
    assert outcomes(pos, (2, 2)) == expect(
        pos,
        ((8, 6), (6, 4), (4, 2), (2, 0)),
        ((8, 6), (6, 4), (2, 0), (2, 0)),
        ((8, 6), (2, 0), (2, 0), (2, 0)),
        ((8, 6), (6, 4), (4, 2), (2, 0)),
    )


def test_only_one_die_playable_the_larger_must_be_played():
    # One runner on 13 (the checkers on 1 cannot bear off); 13/7 or 13/9, but 3 is blocked.
    pos = pos_of({13: 1, 1: 14}, {22: 2, 6: 13})
    assert outcomes(pos, (6, 4)) == expect(pos, ((13, 7),))
    assert outcomes(pos, (4, 6)) == expect(pos, ((13, 7),))


def test_only_the_smaller_die_playable():
    pos = pos_of({13: 1, 1: 14}, {22: 2, 18: 2, 6: 11})  # our 3 and 7 blocked
    assert outcomes(pos, (6, 4)) == expect(pos, ((13, 9),))


@pytest.mark.parametrize(
    ("blocked", "moves"),
    [
        (11, None),  # 13/11 blocked: nothing
        (9, ((13, 11),)),  # one of four
        (7, ((13, 11), (11, 9))),  # two of four
        (5, ((13, 11), (11, 9), (9, 7))),  # three of four
        (3, ((13, 11), (11, 9), (9, 7), (7, 5))),  # all four
    ],
)
def test_partial_doubles(blocked, moves):
    pos = pos_of({13: 1, 1: 14}, {25 - blocked: 2, 6: 13})
    assert outcomes(pos, (2, 2)) == (expect(pos, moves) if moves else set())


def test_hitting_during_bear_in():
    pos = pos_of({8: 1, 6: 4, 5: 4, 4: 3, 3: 3}, {23: 1, 6: 4, 8: 4, 13: 6})
    found = outcomes(pos, (6, 4))
    hit_then_off = replay(pos, ((8, 2), (4, 0)))  # 8/2* brings the last one home, then 4/off
    assert hit_then_off in found
    assert hit_then_off.mine[25] == 1 and hit_then_off.theirs[0] == 1
    assert replay(pos, ((6, 0), (4, 0))) not in found  # no bearing off before 8 is home


def test_entered_checker_must_come_home_before_bearing_off():
    pos = pos_of({6: 4, 5: 4, 4: 3, 3: 3}, {1: 2, 2: 2, 13: 11}, my_bar=1)
    assert outcomes(pos, (6, 5)) == expect(pos, ((25, 19), (19, 14)), ((25, 19), (6, 1)))


def test_worst_case_has_637_plays():
    pos = Position.from_position_id(WORST_ID)
    assert len(gnubg_results(pos, 2, 2)) == 637
    assert len(outcomes(pos, (2, 2))) == 637
