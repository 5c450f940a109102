"""Move notation both ways: gnubg style (``8/5 6/5``) and Wizard of OsZ (``5,7,12,17``)."""

from __future__ import annotations

import pytest
from boards import pos_of, replay
from sweeps import sweep

from cart.engine import IllegalPlayError, NotationError, Position
from cart.engine.notation import find_play, format_play, format_wizard, parse_play, parse_wizard
from cart.engine.plays import legal_plays
from tools.positions import ROLLS, random_positions, selfplay_positions

START = Position.start()
START_THEIRS = {6: 5, 8: 3, 13: 5, 24: 2}


def play_of(pos: Position, dice: tuple[int, int], moves) -> object:
    """The legal play whose result is ``moves`` replayed by hand (fails if there is none)."""
    want = replay(pos, moves)
    [play] = [p for p in legal_plays(pos, dice) if p.result == want]
    return play


# -- gnubg style, by example -------------------------------------------------------------
@pytest.mark.parametrize(
    ("pos", "dice", "text", "moves"),
    [
        (START, (3, 1), "8/5 6/5", ((8, 5), (6, 5))),
        (START, (6, 5), "24/13", ((24, 18), (18, 13))),
        (START, (6, 5), "24/18/13", ((24, 18), (18, 13))),
        (START, (6, 5), "24/18 18/13", ((24, 18), (18, 13))),
        (START, (6, 5), "13/18 ", None),  # backwards: refused below
        (START, (4, 4), "8/4(2) 6/2(2)", ((8, 4), (8, 4), (6, 2), (6, 2))),
        (START, (4, 4), "24/20(2) 13/9(2)", ((24, 20), (24, 20), (13, 9), (13, 9))),
        (START, (4, 4), "13/5(2)", ((13, 9), (9, 5), (13, 9), (9, 5))),
        (START, (1, 2), "13/11, 6/5", ((13, 11), (6, 5))),
        (START, (1, 2), "  13/11   6/5 ", ((13, 11), (6, 5))),
        (START, (1, 2), "6/5 13/11", ((13, 11), (6, 5))),
        (START, (1, 2), "24/21", ((24, 23), (23, 21))),
        (
            pos_of({6: 5, 8: 3, 13: 5, 24: 1}, START_THEIRS, my_bar=1),
            (3, 1),
            "bar/22 24/23",
            ((25, 22), (24, 23)),
        ),
        (
            pos_of({6: 5, 8: 3, 13: 5, 24: 1}, START_THEIRS, my_bar=1),
            (3, 1),
            "25/22 24/23",
            ((25, 22), (24, 23)),
        ),
        (pos_of({6: 5, 8: 3, 13: 5, 24: 1}, START_THEIRS, my_bar=1), (3, 1), "bar/21", ((25, 22), (22, 21))),
        (pos_of({6: 3, 5: 2}, {6: 15}), (6, 5), "6/off 5/off", ((6, 0), (5, 0))),
        (pos_of({6: 3, 5: 2}, {6: 15}), (6, 5), "6/0 5/0", ((6, 0), (5, 0))),
        (pos_of({6: 3, 5: 2}, {6: 15}), (6, 5), "6/OFF 5/Off", ((6, 0), (5, 0))),
        (pos_of({6: 3, 5: 2}, {6: 15}), (6, 6), "6/off(3) 5/off", ((6, 0),) * 3 + ((5, 0),)),
        (
            pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 4, 18: 1, 24: 2}),
            (6, 1),
            "13/7* 8/7",
            ((13, 7), (8, 7)),
        ),
        (
            pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 4, 18: 1, 24: 2}),
            (6, 1),
            "13/7 8/7",
            ((13, 7), (8, 7)),
        ),
    ],
)
def test_parse_gnubg_examples(pos, dice, text, moves):
    if moves is None:
        with pytest.raises(IllegalPlayError, match="does not move forward"):
            parse_play(pos, dice, text)
        return
    assert parse_play(pos, dice, text).result == replay(pos, moves)


@pytest.mark.parametrize(
    ("pos", "dice", "moves", "text"),
    [
        (START, (3, 1), ((8, 5), (6, 5)), "8/5 6/5"),
        (START, (6, 5), ((24, 18), (18, 13)), "24/13"),
        (START, (4, 4), ((8, 4), (8, 4), (6, 2), (6, 2)), "8/4(2) 6/2(2)"),
        (START, (4, 4), ((13, 9), (9, 5), (13, 9), (9, 5)), "13/5(2)"),
        (START, (6, 6), ((24, 18), (24, 18), (13, 7), (13, 7)), "24/18(2) 13/7(2)"),
        (
            pos_of({6: 5, 8: 3, 13: 5, 24: 1}, START_THEIRS, my_bar=1),
            (3, 1),
            ((25, 22), (24, 23)),
            "bar/22 24/23",
        ),
        (pos_of({6: 5, 8: 3, 13: 5, 24: 1}, START_THEIRS, my_bar=1), (3, 1), ((25, 22), (22, 21)), "bar/21"),
        (pos_of({6: 3, 5: 2}, {6: 15}), (6, 5), ((6, 0), (5, 0)), "6/off 5/off"),
        (
            pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {6: 5, 8: 3, 13: 4, 18: 1, 24: 2}),
            (6, 1),
            ((13, 7), (8, 7)),
            "13/7* 8/7",
        ),
        # A hit on the way is shown, so the checker's steps stay apart.
        (
            pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {4: 1, 6: 5, 8: 3, 13: 4, 24: 2}),
            (3, 1),
            ((24, 21), (21, 20)),
            "24/21*/20",
        ),
        (
            pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {2: 1, 6: 5, 8: 3, 13: 4, 24: 2}),
            (6, 5),
            ((24, 18), (18, 13)),
            "24/13",
        ),
        # Two men enter on a blot: the first to land hits, so the star is on the first move written.
        (
            pos_of({6: 5, 8: 3, 13: 5}, {1: 1, 6: 5, 8: 3, 13: 5, 24: 1}, my_bar=2),
            (1, 1),
            ((25, 24), (25, 24), (6, 5), (6, 5)),
            "bar/24* bar/24 6/5(2)",
        ),
    ],
)
def test_format_gnubg_examples(pos, dice, moves, text):
    assert format_play(pos, play_of(pos, dice, moves)) == text


def test_no_play_formats_as_empty_text():
    pos = pos_of({6: 5, 8: 3, 13: 6}, {4: 2, 5: 2, 6: 5, 8: 1, 13: 5}, my_bar=1)
    play = parse_play(pos, (4, 5), "")
    assert play.moves == () and format_play(pos, play) == "" and format_wizard(pos, play) == ""


# -- Wizard of OsZ --------------------------------------------------------------------
def test_wizard_example_from_the_seed():
    """seed 003: "'5,7,12,17 would be the move for dice rolls of 2 and 5 (i.e. moving one chip
    from point 5 to point 7, and another from point 12 to point 17." Wizard n is our 25 - n."""
    pos = pos_of({20: 1, 24: 1, 13: 5, 8: 3, 6: 5}, START_THEIRS)
    play = parse_play(pos, (2, 5), "5,7,12,17")
    assert play.result == replay(pos, ((20, 18), (13, 8)))
    assert format_wizard(pos, play) == "5,7,12,17"
    assert parse_wizard("5,7,12,17") == [(20, 18), (13, 8)]


def test_wizard_bar_is_0_and_home_is_25():
    pos = pos_of({6: 5, 8: 3, 13: 5, 24: 1}, START_THEIRS, my_bar=1)
    assert parse_play(pos, (3, 1), "0,3,1,2").result == replay(pos, ((25, 22), (24, 23)))
    off = pos_of({6: 3, 5: 2}, {6: 15})
    play = parse_play(off, (6, 5), "19,25,20,25")
    assert play.result == replay(off, ((6, 0), (5, 0)))
    assert format_wizard(off, play) == "19,25,20,25"


@pytest.mark.parametrize("text", ["5,7,12", "26,1", "5;7", "5,,7", "a,b", "-1,3", "5.7"])
def test_bad_wizard_text(text):
    with pytest.raises(NotationError):
        parse_wizard(text)


def test_wizard_step_onto_a_blot_hits_it():
    """Regression: Wizard text names every landing point but carries no '*', so parsing ignored
    the hit on the way and chose ``24/23/20`` for ``1,4,4,5`` (24/21*, 21/20)."""
    pos = pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {4: 1, 6: 5, 8: 3, 13: 4, 24: 2})  # their blot on our 21
    hit = replay(pos, ((24, 21), (21, 20)))
    quiet = replay(pos, ((24, 23), (23, 20)))
    assert hit.theirs[25] == 0 and hit.mine[25] == 1 and quiet.mine[25] == 0  # (opponent now on roll)
    assert parse_play(pos, (3, 1), "1,4,4,5").result == hit
    assert parse_play(pos, (3, 1), "1,2,2,5").result == quiet
    # gnubg text naming the stop on the blot means the same: landing on a blot hits it.
    assert parse_play(pos, (3, 1), "24/21/20").result == hit
    assert parse_play(pos, (3, 1), "24/21*/20").result == hit
    assert parse_play(pos, (3, 1), "24/23/20").result == quiet
    assert parse_play(pos, (3, 1), "24/20").result == quiet  # no stop named: no hit


def test_wizard_stop_chooses_which_blot_is_hit():
    pos = pos_of({6: 5, 8: 3, 13: 5, 24: 2}, {2: 1, 4: 1, 6: 5, 8: 3, 13: 3, 24: 2})  # blots on 23, 21
    with pytest.raises(NotationError, match="ambiguous") as err:
        parse_play(pos, (3, 1), "24/20")
    assert pos.position_id() in str(err.value)
    assert parse_play(pos, (3, 1), "1,2,2,5").result == replay(pos, ((24, 23), (23, 20)))
    assert parse_play(pos, (3, 1), "1,4,4,5").result == replay(pos, ((24, 21), (21, 20)))


# -- errors quote the input and the Position ID -----------------------------------------------
@pytest.mark.parametrize(
    ("text", "error", "reason"),
    [
        ("8/3", IllegalPlayError, "8/3 is 5 pips, the roll has 3 and 1"),
        ("13/10 10/9 6/5", IllegalPlayError, "moves 5 pips"),
        ("8/5", IllegalPlayError, "used in full"),
        ("13/11 6/4", IllegalPlayError, "13/11 is 2 pips"),
        ("7/4 6/5", IllegalPlayError, "no checker of yours on 7"),
        ("off/5", NotationError, "cannot read"),
        ("5/bar", IllegalPlayError, "does not move forward"),
        ("", IllegalPlayError, "must be"),
        ("8/5 6/5 zz", NotationError, "cannot read"),
        ("8/5(5)", NotationError, "1 to 4 times"),
        ("8/5 6/26", NotationError, "does not exist"),
        ("1,2,3", NotationError, "pairs"),
        ("hello", NotationError, "not a move: write each"),
        ("1,x", NotationError, "Wizard"),
        ("8/5 " * 60, NotationError, "too long"),
    ],
)
def test_errors_name_the_input_and_the_position(text, error, reason):
    with pytest.raises(error, match=reason) as err:
        parse_play(START, (3, 1), text)
    assert START.position_id() in str(err.value)
    if text and len(text) < 200:
        assert repr(text) in str(err.value)


def test_blocked_landing_lists_legal_plays():
    with pytest.raises(IllegalPlayError, match="legal plays include") as err:
        parse_play(START, (6, 6), "13/1(2)")  # their 24 point is our 1
    assert "4HPwATDgc/ABMA" in str(err.value) and "'13/1(2)'" in str(err.value)


def test_chained_steps_written_out_of_order_find_the_play():
    """Regression: ``18/13 24/18`` was refused ("no checker of yours on 18") although the
    module promises that the order the player writes the steps in does not matter."""
    want = replay(START, ((24, 18), (18, 13)))
    assert parse_play(START, (6, 5), "18/13 24/18").result == want
    assert find_play(START, (6, 5), [(18, 13), (24, 18)]).result == want
    with pytest.raises(IllegalPlayError, match="no checker of yours on 18"):
        parse_play(START, (6, 5), "18/13 24/19")


def test_bar_must_enter_first_message():
    pos = pos_of({6: 5, 8: 3, 13: 5, 24: 1}, START_THEIRS, my_bar=1)
    with pytest.raises(IllegalPlayError, match="bar must enter first"):
        parse_play(pos, (3, 1), "24/21 6/5")


def test_no_move_possible_message():
    pos = pos_of({6: 5, 8: 3, 13: 6}, {4: 2, 5: 2, 6: 5, 8: 1, 13: 5}, my_bar=1)
    with pytest.raises(IllegalPlayError, match="no move is possible") as err:
        parse_play(pos, (4, 5), "bar/21")
    assert pos.position_id() in str(err.value)
    assert parse_play(pos, (4, 5), "pass").moves == ()


def test_bad_dice_are_refused():
    for dice in [(0, 1), (7, 1), (1,), "31", (1.0, 2)]:
        with pytest.raises(IllegalPlayError, match="dice"):
            parse_play(START, dice, "8/5 6/5")


# -- every legal play round-trips, in both notations ------------------------------------
ROUND_TRIP = selfplay_positions(77, 2)[::12] + random_positions(77, 12) + [START]


@pytest.mark.parametrize(
    "pos", sweep([(p,) for p in ROUND_TRIP], quick_every=3), ids=lambda p: p.position_id()
)
def test_every_legal_play_round_trips(pos):
    for dice in ROLLS:
        for play in legal_plays(pos, dice):
            text = format_play(pos, play)
            assert parse_play(pos, dice, text) == play, (text, dice)
            wizard = format_wizard(pos, play)
            assert parse_play(pos, dice, wizard).result == play.result, (wizard, dice)
            assert parse_play(pos, dice[::-1], text).result == play.result


@pytest.mark.parametrize(
    "text",
    [
        "8/5 " * 1_000_000,
        "8" + "/5" * 2_000_000,
        "5," * 2_000_000,
        " " * 4_000_000 + "8/5",
        "8/5(" + "9" * 4_000_000,
    ],
)
def test_hostile_4_mb_move_text_is_refused_at_once(text: str) -> None:
    """Every text we read is read in linear time (the bound tells linear from catastrophic, not speed)."""
    import time

    from cart.engine import NotationError, parse_play, parse_wizard

    started = time.perf_counter()
    with pytest.raises((NotationError, IllegalPlayError)) as caught:
        parse_play(Position.start(), (3, 1), text)
    with pytest.raises(NotationError, match="too long"):
        parse_wizard(text)
    assert len(str(caught.value)) < 300  # the message does not quote 4 MB back
    assert time.perf_counter() - started < 5


def test_text_in_neither_notation_says_how_a_move_is_written() -> None:
    """Letters alone are no Wizard move either: the message shows the notation instead of naming Wizard's."""
    with pytest.raises(NotationError, match=r"'zzz' is not a move: write each checker's from/to, as 8/5 6/5"):
        parse_play(Position.start(), (3, 1), "zzz")
