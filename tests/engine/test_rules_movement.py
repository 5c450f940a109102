"""One test per movement rule of the seed texts (/work/shared/seeds/), named after the sentence.

Each docstring quotes the sentence and its seed file (000: the MaxGammon-style
help and rules pages, 001: MaxGammon 2.0, 002: Outland Backgammon, 003: Wizard
of OsZ). Line-break hyphens are joined and 002's mis-encoded quotes written as
plain quotes. Expectations are derived by hand (moves replayed on the board by
``replay``); every roll used is also checked against gnubg's move generator.
"""

from __future__ import annotations

import pytest
from boards import pos_of, replay

from cart.engine import IllegalPlayError, Position
from cart.engine.notation import parse_play
from cart.engine.plays import Play, legal_plays
from tools.positions import ROLLS, freeze, gnubg_board, gnubg_results, selfplay_positions

START = Position.start()
START_THEIRS = {6: 5, 8: 3, 13: 5, 24: 2}  # their 6, 8, 13, 24 = our 19, 17, 12, 1
HOME = {6: 2, 5: 2, 4: 2, 3: 3, 2: 3, 1: 3}  # all fifteen in the inner table


def plays(pos: Position, dice: tuple[int, int]) -> list[Play]:
    """Our legal plays, after checking that gnubg finds the same results (both dice orders)."""
    found = legal_plays(pos, dice)
    want = gnubg_results(pos, *dice)
    assert {freeze(gnubg_board(p.result.flip())) for p in found} == want
    assert {p.result for p in legal_plays(pos, dice[::-1])} == {p.result for p in found}
    return found


def results(pos: Position, dice: tuple[int, int]) -> set[Position]:
    return {p.result for p in plays(pos, dice)}


def expect(pos: Position, *moves: tuple[tuple[int, int], ...]) -> set[Position]:
    return {replay(pos, m) for m in moves}


def landings(pos: Position, dice: tuple[int, int]) -> set[int]:
    return {t for p in plays(pos, dice) for _, t in p.moves}


def off(result: Position) -> int:
    """Checkers the mover has borne off, read from a result (the opponent is on roll there)."""
    return result.theirs[0]


# -- a move: one die, then the other ---------------------------------------------------
def test_move_one_piece_per_die_possibly_the_same_piece():
    """000: "After rolling, a move consists of picking up a piece and moving it the number of
    places indicated on a die and then picking up a piece (possibly the same piece) and moving
    it the number of places on the other die." """
    assert results(START, (6, 5)) == expect(
        START,
        ((24, 18), (18, 13)),  # the same piece
        ((24, 18), (13, 8)),
        ((24, 18), (8, 3)),
        ((13, 7), (13, 8)),
        ((13, 7), (8, 3)),
        ((13, 7), (7, 2)),
        ((8, 2), (8, 3)),
    )


def test_dice_are_used_individually_not_in_total():
    """001: "The numbers on the dice are considered individually, not in total." """
    # A lone runner on 13 (the checkers on the 1 point cannot bear off); 13/3 is open but
    # both stops, 9 and 7, are blocked, so the 10 pips cannot be played.
    pos = pos_of({13: 1, 1: 14}, {16: 2, 18: 2, 6: 11})
    assert results(pos, (6, 4)) == set()


def test_one_piece_may_move_the_whole_throw_if_each_die_point_is_open():
    """003: "Thus, a player may move one piece the whole throw as long as the points designated
    by EACH die are open, or he may move each of the two numbers of each roll whenever possible." """
    pos = pos_of({13: 1, 1: 14}, {18: 2, 6: 13})  # our 7 blocked, 9 open
    assert results(pos, (6, 4)) == expect(pos, ((13, 9), (9, 3)))


def test_two_pieces_one_per_die_or_one_piece_for_both():
    """002: "Two pieces can be moved, each corresponding to one die, or one piece can be move for
    both of the dice, moving the amount of one die followed by the other." """
    found = results(START, (3, 1))
    assert replay(START, ((8, 5), (6, 5))) in found  # two pieces
    assert replay(START, ((24, 21), (21, 20))) in found  # one piece, both dice
    assert all(sorted(s - t for s, t in p.moves) == [1, 3] for p in plays(START, (3, 1)))


# -- doubles -----------------------------------------------------------------------------
def test_doubles_play_four_times():
    """000: "If doubles are rolled during normal play move as though there were four dice of the
    doubled value." """
    for d in range(1, 7):
        assert all(len(p.moves) == 4 and all(s - t == d for s, t in p.moves) for p in plays(START, (d, d))), d
    assert replay(START, ((24, 18), (24, 18), (13, 7), (13, 7))) in results(START, (6, 6))


def test_doublets_use_each_number_twice_in_any_combination():
    """001: "When the two die show the same number this is known as "doublets" and the player uses
    each die number twice, in any combination of moves." """
    pos = pos_of({13: 1, 1: 14}, {6: 15})  # one runner: only 13/5 with 2-2
    assert results(pos, (2, 2)) == expect(pos, ((13, 11), (11, 9), (9, 7), (7, 5)))
    found = results(START, (2, 2))  # 1, 2 or 4 checkers, in any split
    for moves in (((13, 11),) * 4, ((13, 11), (11, 9), (6, 4), (6, 4)), ((24, 22), (13, 11), (8, 6), (6, 4))):
        assert replay(START, moves) in found


def test_doubles_count_as_four_dice_in_any_combination():
    """003: "When this occurs, you move the number shown on one die, four times. You can move the
    same piece all four moves, or any combination of pieces you choose." """
    found = results(START, (2, 2))
    assert replay(START, ((24, 22), (22, 20), (20, 18), (18, 16))) in found  # one piece
    assert replay(START, ((24, 22), (13, 11), (8, 6), (6, 4))) in found  # four pieces


def test_as_many_of_a_double_as_possible():
    """002: "If all doubles cannot be used, the player must use as many as possible." """
    for blocked, moves in ((9, ((13, 11),)), (7, ((13, 11), (11, 9))), (5, ((13, 11), (11, 9), (9, 7)))):
        pos = pos_of({13: 1, 1: 14}, {25 - blocked: 2, 6: 13})
        assert results(pos, (2, 2)) == expect(pos, moves), blocked


# -- using the whole roll ----------------------------------------------------------------------
def test_must_use_both_dice_if_possible():
    """001: "A player MUST use all available numbers if possible." """
    for dice in ROLLS:
        if dice[0] != dice[1]:
            assert all(len(p.moves) == 2 for p in plays(START, dice)), dice


def test_both_dice_must_be_used_regardless_of_how_undesirable():
    """002: "If it is possible for both dice to be used they must be used regardless of how
    undesirable the situation." """
    # Stopping on 7 would be safe; the 4 must still be played, 7/3 next to the opponent's blots.
    pos = pos_of({13: 1, 1: 14}, {6: 11, 23: 1, 21: 1, 20: 2})
    assert results(pos, (6, 4)) == expect(pos, ((13, 7), (7, 3)), ((13, 9), (9, 3)))
    assert replay(pos, ((13, 7),)) not in results(pos, (6, 4))


def test_if_only_one_die_can_be_played_the_larger_must_be_played():
    """000: "You must move so that the largest number of places is traveled. For example; if the
    die show a six and a four and the board is arranged such that you may move the six or the
    four but not both then you must move the six." """
    pos = pos_of({13: 1, 1: 14}, {22: 2, 6: 13})  # 13/7 or 13/9, never both: 3 is blocked
    assert results(pos, (6, 4)) == expect(pos, ((13, 7),))
    assert results(pos, (4, 6)) == expect(pos, ((13, 7),))


def test_if_only_one_number_can_be_used_the_higher_must_be_used():
    """002: "If only one dice or the other can be used, the higher of the two must be used." """
    pos = pos_of({13: 1, 1: 14}, {22: 2, 6: 13})
    assert results(pos, (5, 3)) == expect(pos, ((13, 8), (8, 5)))  # both fit: both are played
    pos = pos_of({13: 1, 1: 14}, {20: 2, 6: 13})  # our 5 blocked
    assert results(pos, (5, 3)) == expect(pos, ((13, 8),))


def test_if_less_than_the_full_throw_can_be_used_the_largest_possible_must_be_made():
    """001: "If less than the full throw can be used then the largest possible move or combination
    of moves must be made." """
    pos = pos_of({13: 1, 1: 14}, {18: 2, 6: 13})  # our 7 blocked
    assert results(pos, (6, 2)) == expect(pos, ((13, 11), (11, 5)))  # 13/7 would be blocked


def test_if_only_the_smaller_die_can_be_played_it_must_be_played():
    """003: "If he can use only one number and must if possible, use the larger."

    "If possible": when the larger number cannot be played, the smaller is.
    """
    pos = pos_of({13: 1, 1: 14}, {22: 2, 18: 2, 6: 11})  # our 3 and 7 blocked
    assert results(pos, (6, 4)) == expect(pos, ((13, 9),))


def test_no_legal_move_passes():
    """001: "If a player cannot move then play passes to the opponent." """
    pos = pos_of({6: 5, 8: 3, 13: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5}, my_bar=1)
    for dice in ROLLS:
        assert plays(pos, dice) == []
    passed = parse_play(pos, (6, 6), "")
    assert passed.moves == () and passed.result == pos.flip()


def test_if_he_cannot_move_at_all_play_passes_to_his_opponent():
    """003: "If he cannot move at all, play passes to his opponent." """
    pos = pos_of({13: 1, 1: 14}, {16: 2, 18: 2, 6: 11})
    assert plays(pos, (6, 4)) == []
    assert parse_play(pos, (6, 4), "pass").result == pos.flip()
    with pytest.raises(IllegalPlayError, match="no move is possible"):
        parse_play(pos, (6, 4), "13/7")


# -- blocked points and blots --------------------------------------------------------------
def test_point_with_two_or_more_opposing_checkers_is_blocked():
    """000: "You cannot move a man to a place occupied by two or more of the opponent's pieces." """
    for dice in ROLLS:
        assert not landings(START, dice) & {1, 12, 17, 19}, dice


def test_point_blocked_by_exactly_two_opposing_checkers():
    """001: "Any point on which two or more pieces reside is considered blocked. A player may not
    move a piece onto a point blocked by the opponent's pieces." """
    pos = pos_of({8: 3, 6: 5, 13: 5, 24: 2}, {21: 2, 6: 5, 8: 3, 13: 5})  # two on our 4 point
    assert 4 not in landings(pos, (4, 2)) and 4 not in landings(pos, (2, 2))


def test_blocked_point_may_be_stepped_over():
    """001: "A blocked point may be stepped over in an individual move." """
    pos = pos_of({13: 1, 1: 14}, {14: 2, 6: 13})  # our 11 blocked
    assert results(pos, (4, 2)) == expect(pos, ((13, 9), (9, 7)))


def test_blocked_point_may_be_moved_over():
    """003: "The opposing player's pieces may not land on a 'Blocked Point'. Howevere, they may
    move over the 'Blocked Point'." """
    pos = pos_of({24: 1, 1: 14}, {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 5})  # our 19..23 held
    assert results(pos, (6, 1)) == expect(pos, ((24, 18), (18, 17)))  # over all five, not onto them


def test_piece_may_move_to_a_vacant_own_or_single_opposing_point():
    """002: "A piece may be moved to any vacant point, a point with its own players pieces on it,
    or to any point occupied by only one of the opponents pieces." """
    pos = pos_of({13: 2, 10: 1, 6: 12}, {14: 1, 13: 2, 6: 12})  # our 11 a blot, 12 held
    found = results(pos, (3, 2))
    assert replay(pos, ((13, 11), (13, 10))) in found  # onto the blot, onto own
    assert replay(pos, ((13, 10), (10, 8))) in found  # vacant 8
    assert 12 not in landings(pos, (1, 1))


def test_landing_on_a_single_opposing_checker_hits_it_to_the_bar():
    """000: "If you move a man to a place containing a single man of your opponents then the
    opponent's man will be placed on the bar." """
    pos = pos_of({24: 2, 13: 5, 8: 3, 6: 5}, {18: 1, 13: 4, 8: 3, 6: 5, 24: 2})  # their blot on our 7
    for play in plays(pos, (6, 1)):
        hits = any(t == 7 for _, t in play.moves)
        # the result has the opponent on roll: its bar is result.mine[25], its 18 point mine[18]
        assert (play.result.mine[25], play.result.mine[18]) == ((1, 0) if hits else (0, 1))
    assert replay(pos, ((13, 7), (8, 7))) in results(pos, (6, 1))


def test_a_hit_blot_is_moved_to_the_bar():
    """001: "Pieces of different colours may not occupy the same point, therefore when an opponent
    lands on a blot the piece on that point is moved to the bar in the centre of the board." """
    pos = pos_of({24: 2, 13: 5, 8: 3, 6: 5}, {18: 1, 13: 4, 8: 3, 6: 5, 24: 2})
    result = parse_play(pos, (6, 1), "13/7* 8/7").result
    assert result.mine[25] == 1 and result.mine[18] == 0 and result.theirs[7] == 2


def test_the_removed_man_is_placed_on_the_bar():
    """003: "Since pieces of opposite color cannoy occupy the same point, when an opponent lands on a
    'Blot', he removes the piece that was there, and replaces it with his own. [...] The removed man
    is played on the 'Bar'." """
    pos = pos_of({24: 2, 13: 5, 8: 3, 6: 5}, {18: 1, 16: 1, 13: 3, 8: 3, 6: 5, 24: 2})  # blots on 7, 9
    result = parse_play(pos, (6, 5), "13/7*/2").result  # one checker hits on the way
    assert result.mine[25] == 1 and result.theirs[2] == 1 and result.theirs[7] == 0
    both = parse_play(pos, (6, 4), "13/7* 13/9*").result
    assert both.mine[25] == 2


def test_you_do_not_move_a_piece_to_the_bar():
    """000: "You do not move a piece to the bar." """
    for pos in selfplay_positions(3, 1)[::5]:
        for dice in ROLLS:
            assert all(t != 25 for p in legal_plays(pos, dice) for _, t in p.moves)
    with pytest.raises(IllegalPlayError, match="does not move forward"):
        parse_play(START, (6, 1), "13/bar")


def test_pieces_are_restricted_in_direction_of_movement():
    """002: "Not all pieces begin at the respective beginning (some pieces start near the end) but
    are restricted in direction of movement." """
    for pos in selfplay_positions(4, 1)[::5]:
        for dice in ROLLS:
            for p in legal_plays(pos, dice):
                assert all(t < s for s, t in p.moves)
    with pytest.raises(IllegalPlayError, match="does not move forward"):
        parse_play(START, (6, 1), "6/12 13/12")


def test_no_limit_to_the_number_of_pieces_on_one_point():
    """003: "There is no limit to the number of pieces one player may have on one point." """
    pos = pos_of({9: 1, 6: 14}, START_THEIRS)
    assert any(r.theirs[6] == 15 for r in results(pos, (2, 1)))
    assert Position.from_position_id(pos.position_id()) == pos


# -- the bar -----------------------------------------------------------------------------------
def test_checkers_on_the_bar_must_enter_before_any_other_move():
    """000: "If one or more of your men is on the bar you may not move any other men until there
    are none of your men on the bar." """
    pos = pos_of({24: 2, 13: 5, 8: 3, 6: 3}, START_THEIRS, my_bar=2)
    # The 3 enters one checker (22); the 6 cannot enter (their 6 point), so nothing else moves.
    assert results(pos, (6, 3)) == expect(pos, ((25, 22),))
    for dice in ROLLS:
        for p in plays(pos, dice):
            n = sum(1 for s, _ in p.moves if s == 25)
            assert n == min(2, len(p.moves)) and all(s == 25 for s, _ in p.moves[:n]), (dice, p.moves)


def test_no_piece_may_be_moved_while_one_is_on_the_bar():
    """001: "No piece may be moved by a player while that player has one or more pieces on the bar." """
    pos = pos_of({24: 2, 13: 5, 8: 3, 6: 4}, START_THEIRS, my_bar=1)
    for dice in ROLLS:
        assert all(p.moves[0][0] == 25 for p in plays(pos, dice)), dice
    with pytest.raises(IllegalPlayError, match="bar must enter first"):
        parse_play(pos, (3, 1), "8/5 6/5")


def test_pieces_on_the_bar_must_move_off_before_any_other_pieces_move():
    """002: "A player with pieces on the bar must move them off before any other pieces move." """
    pos = pos_of({24: 2, 13: 5, 8: 3, 6: 3}, START_THEIRS, my_bar=2)
    assert results(pos, (4, 2)) == expect(pos, ((25, 21), (25, 23)))


def test_entering_uses_opponents_inner_table_die_value_point():
    """000: "To move a man from the bar you move your man to the slot in your opponents inner table
    corresponding to the die roll used. (E.G. you have a man on the bar and you rolled a 3 and a 5
    ... you may move the man from the bar and place him at either the place labeled 3 or 5 [...])"

    Their 3 and 5 points are our 22 and 20.
    """
    pos = pos_of({24: 2, 13: 5, 8: 3, 6: 4}, START_THEIRS, my_bar=1)
    assert {p.moves[0] for p in plays(pos, (3, 5))} == {(25, 22), (25, 20)}


def test_entering_with_a_one_reaches_the_point_furthest_from_home():
    """001: "Pieces are moved of the bar into the opponent's inner table with the point furthest
    from the player's inner table being the nearest point to the bar (i.e. a die throw of one is
    needed to reach it)." """
    pos = pos_of({13: 5, 8: 3, 6: 5, 1: 1}, {2: 2, 6: 5, 8: 3, 13: 5}, my_bar=1)
    assert results(pos, (1, 2)) >= expect(pos, ((25, 24), (24, 22)))
    assert {p.moves[0] for p in plays(pos, (1, 2))} == {(25, 24)}  # our 23 (their 2) is held


def test_enter_on_the_point_of_either_die_unless_blocked():
    """003: "Entering is accomplished by moving the pieces on the 'Bar' to the point indicated on
    either one of the dice thrown, as long as that point is not blocked." """
    pos = pos_of({13: 5, 8: 3, 6: 5, 24: 1}, {3: 2, 6: 5, 8: 3, 13: 5}, my_bar=1)  # our 22 held
    assert {p.moves[0] for p in plays(pos, (3, 4))} == {(25, 21)}
    assert {p.moves[0] for p in plays(pos, (2, 4))} == {(25, 23), (25, 21)}


def test_cannot_enter_when_both_points_are_blocked_the_turn_passes():
    """003: "If you cannot enter because both points indicated are blocked, the turn then passes to
    your opponent." """
    pos = pos_of({13: 5, 8: 3, 6: 5, 24: 1}, {3: 2, 5: 2, 6: 3, 8: 3, 13: 5}, my_bar=1)
    assert plays(pos, (3, 5)) == [] and plays(pos, (5, 5)) == []
    assert plays(pos, (3, 4))


def test_closed_board_shuts_out_the_bar():
    """003: "A 'Shutout' of a 'Closed Board' occurs when your opponent's inner table is completely
    closed (each point is covered by at least two pieces)." """
    pos = pos_of({13: 5, 8: 3, 6: 6}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 8: 3}, my_bar=1)
    assert all(plays(pos, dice) == [] for dice in ROLLS)


# -- bearing off ------------------------------------------------------------------------------------
def test_bear_off_only_when_all_fifteen_are_home():
    """000: "A man may not be moved to your bin until all of your pieces are in your opponents
    inner table." """
    pos = pos_of({10: 1, 6: 2, 5: 2, 4: 2, 3: 2, 2: 3, 1: 3}, {6: 15})
    for dice in ((2, 1), (3, 1), (1, 1), (2, 3)):
        assert all(t != 0 for p in plays(pos, dice) for _, t in p.moves), dice
    # Once the last one is home the rest of the roll may bear off.
    assert replay(pos, ((10, 6), (2, 0))) in results(pos, (4, 2))


def test_players_may_only_bear_off_when_all_pieces_are_in_the_inner_table():
    """001: "Players may only bear off when all their pieces are in their own inner table." """
    pos = pos_of({7: 1, 6: 2, 5: 2, 4: 2, 3: 2, 2: 3, 1: 3}, {6: 15})
    found = plays(pos, (1, 1))
    bearing = [p for p in found if any(t == 0 for _, t in p.moves)]
    assert bearing and all((7, 6) in p.moves for p in bearing)  # only after 7/6
    assert replay(pos, ((7, 6), (1, 0), (1, 0), (1, 0))) in {p.result for p in bearing}
    assert replay(pos, ((2, 1), (1, 0), (1, 0), (1, 0))) not in {p.result for p in found}


def test_pieces_may_be_moved_off_once_all_are_in_the_last_quarter():
    """002: "When a player has moved all of his pieces into the last quarter of the board, pieces
    may be moved off the board to the left." """
    assert replay(pos_of(HOME, {6: 15}), ((6, 0), (5, 0))) in results(pos_of(HOME, {6: 15}), (6, 5))


def test_you_cannot_start_bearing_off_until_all_15_are_in_your_inner_table():
    """003: "You cannot start 'Bearing Off' until ALL 15 of your pieces are in your inner table." """
    pos = pos_of({**HOME, 1: 2}, {6: 15}, my_bar=1)  # the 15th is on the bar
    assert all(t != 0 for dice in ROLLS for p in plays(pos, dice) for _, t in p.moves)


def test_bear_off_by_exact_count():
    """000: "A man may be move to the bin: 1) by exact count (E.G. the location in your opponents
    inner-table is the same as the die value used), or [...]" """
    pos = pos_of(HOME, {6: 15})  # 6 and 5 stay occupied: every bear-off is exact
    found = plays(pos, (5, 3))
    assert {s for p in found for s, t in p.moves if t == 0} == {5, 3}
    assert replay(pos, ((5, 0), (3, 0))) in {p.result for p in found}


def test_bear_off_with_larger_die_from_highest_point_only():
    """000: "2) if it is furthest from bin and it's location in your opponents inner-table is less
    than the die value used." """
    pos = pos_of({4: 2, 2: 3}, {6: 15})
    assert results(pos, (6, 5)) == expect(pos, ((4, 0), (4, 0)))


def test_a_die_greater_than_the_furthest_point_removes_the_furthest_piece():
    """002: "If a die's number is greater than the furthest occupied point, it may be used to remove
    the furthest piece." """
    pos = pos_of({5: 1, 3: 1, 1: 1}, {6: 15})
    assert results(pos, (6, 4)) == expect(pos, ((5, 0), (3, 0)), ((5, 1), (3, 0)))


def test_with_no_piece_on_the_six_point_a_six_takes_off_the_highest_also_with_doubles():
    """003: "This means, that if you roll 6, but have no piece on your 6 point, you must take a piece
    off the highest point on which you do have pieces. The same rule applies, if you roll doubles." """
    pos = pos_of({5: 1, 3: 2, 2: 1}, {6: 15})
    assert results(pos, (6, 6)) == expect(pos, ((5, 0), (3, 0), (3, 0), (2, 0)))
    pos = pos_of({5: 1, 2: 2}, {6: 15})
    assert results(pos, (4, 4)) == expect(pos, ((5, 1), (2, 0), (2, 0), (1, 0)))


def test_cannot_bear_off_with_larger_die_while_a_higher_point_is_occupied():
    """003: "However, you cannot bear off a piece if the point indicated on the die is vacant and
    there are any pieces on a higher counting point." """
    pos = pos_of({6: 1, 1: 2}, {6: 15})
    # 5 and 4 cannot take the 1s off while the 6 stands: the 6 must move (and then bear off).
    assert results(pos, (5, 4)) == expect(pos, ((6, 1), (1, 0)))
    assert replay(pos, ((1, 0), (1, 0))) not in results(pos, (5, 4))


def test_may_move_within_the_inner_table_instead_of_bearing_off():
    """003: "You may then bear off pieces from points corresponding to die thrown, or you may move
    your pieces within the inner table according to the numbers shown on the dice" """
    pos = pos_of({6: 1, 3: 1}, {6: 15})
    assert results(pos, (3, 2)) == expect(pos, ((6, 4), (3, 0)), ((6, 3), (3, 1)))


def test_dice_must_be_used_as_fully_as_possible_even_when_bearing_off():
    """001: "As stated earlier, if possible the numbers on the dice must be used as fully as
    possible, even when bearing off." """
    pos = pos_of({6: 1, 5: 1}, {6: 15})
    # 6/off then 5/off, or 6/1 with the 5 and the 6 then takes the 5 (highest) off: never one die.
    assert results(pos, (6, 5)) == expect(pos, ((6, 0), (5, 0)), ((6, 1), (5, 0)))
    assert sorted(off(r) for r in results(pos, (6, 5))) == [14, 15]
    assert all(len(p.moves) == 2 for p in plays(pos, (6, 5)))


def test_hit_during_bear_off_must_re_enter_and_come_home_before_bearing_off_again():
    """003: "If while 'Bearing Off', a piece in your inner table is "Hit", that piece goes to the
    'Bar' and you must re-enter as described earlier. You cannot continue to bear off until you have
    managed to get this piece that was 'Hit', back into your inner table." """
    pos = pos_of({6: 4, 5: 4, 4: 3, 3: 3}, {1: 2, 2: 2, 13: 11}, my_bar=1)
    assert results(pos, (6, 5)) == expect(pos, ((25, 19), (19, 14)), ((25, 19), (6, 1)))
    with pytest.raises(IllegalPlayError):
        parse_play(pos, (6, 5), "bar/19 5/off")
    with pytest.raises(IllegalPlayError):
        parse_play(pos, (6, 5), "bar/20 6/off")
