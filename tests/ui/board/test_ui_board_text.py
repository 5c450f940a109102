"""What the board says in words: the plays in its own numbers, long messages, plain English, and the tips.

Split from ``test_ui_app.py`` (which plays the game itself and keeps the drivers used here):
the words a player reads, as distinct from what the game does.
"""

from __future__ import annotations

import pytest
import pyxel
from seats import against, two
from test_ui_app import Driver, make_app, play_scene

from cart.engine import GameState, Position, Rules
from cart.ui.board import layout as L
from cart.ui.board.clear import arrow_rects, men_rects, overlaps, standing
from cart.ui.board.tips import hover_key, table_tip, tip_box, tip_text
from cart.ui.board.view_state import MESSAGE_COLS, MESSAGE_ROWS
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import CHAR_H, Assets
from cart.ui.kit.geom import SCREEN, Rect
from cart.ui.kit.text import wrap
from cart.ui.table.words import SCROLL_FRAMES
from cart.ui.wimp.dialogs import TOOLTIP_DELAY, Dialog, draw_tip
from cart.ui.wimp.menus import MenuScene


@pytest.mark.parametrize("mover_numbers, said", [(True, "24/13"), (False, "1/12")])
def test_the_computers_play_is_said_in_its_own_numbers_or_in_the_boards(
    mover_numbers: bool, said: str
) -> None:
    """Issue 43: gnubg and XG write the computer's 24/13 in its own numbers, and so does the strip by
    default; issue 17: with Options > Mover's numbers unticked it reads as the board's labels, 1/12."""
    app = make_app()
    assert app.prefs.settings.mover_numbers  # the default
    app.prefs.settings = app.prefs.settings.replace(mover_numbers=mover_numbers)
    d = play_scene(
        app,
        against("expert"),
        GameState.from_position(Rules(), Position.start(), dice=(6, 5)),
    )
    d.until(lambda: d.table.match.game.turn == 1)
    assert d.table.viewer == 1
    assert d.table.message == f"Expert rolled 65: {said}"
    assert d.table.marks == (0, ((24, 18), (18, 13)))


def test_a_two_player_game_says_each_play_from_the_next_players_side(assets: Assets) -> None:
    """Issue 17: human moves in a two-player game are reported, in the numbers the next player sees
    (Options > Mover's numbers unticked: kept for the next start)."""
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    d.menu("Options", "Mover's numbers")
    assert not app.prefs.settings.mover_numbers and not d.table.mover_numbers
    assert not isinstance(app.stack[-1], MenuScene)
    mover = d.table.match.game.turn
    d.click(d.place(mover, 8))
    d.click(d.place(mover, 5))
    d.click(d.place(mover, 6))
    d.click(d.place(mover, 5))
    d.click(L.ROLL_BOX.center)  # confirm
    assert d.table.match.game.turn == 1 - mover and d.table.viewer == 1 - mover
    name = d.table.players[mover].name
    assert d.table.message == f"{name} rolled 31: 17/20 19/20"
    assert d.table.marks == (mover, ((8, 5), (6, 5)))


def test_a_long_message_scrolls_so_its_reason_is_read_whole(assets: Assets) -> None:
    """Issue 17: the strip holds 3 lines of 23 characters; a longer message moves up a line at a time."""
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    text = "'8/3 6/5' is not a legal play of 1-5 in this position: the 1 must be played from the bar"
    d.table.say(text)
    lines = wrap(text, MESSAGE_COLS, cut_words=True)
    assert len(lines) > MESSAGE_ROWS
    shown: list[str] = []
    for _ in range(len(lines) * SCROLL_FRAMES):
        d.frames()
        first = d.table.log.first_line(MESSAGE_COLS, MESSAGE_ROWS)  # the line the strip starts at
        shown.extend(lines[first : first + MESSAGE_ROWS])
    assert set(shown) == set(lines)  # every line of it was on the strip


def test_you_are_spoken_to_in_english(assets: Assets) -> None:
    """Issue 17: "You take", "You win a gammon", never "You takes", "You wins"."""
    app = make_app()
    mine = [0] * 26
    mine[0], mine[1] = 14, 1  # one man left, on the 1 point
    theirs = [0] * 26
    theirs[19] = 15  # all theirs in our home board: a backgammon
    pos = Position.from_counts(mine, theirs)
    d = play_scene(
        app,
        against("expert"),
        GameState.from_position(Rules(), pos, turn=1, dice=(2, 1)),
    )
    d.click(d.place(1, 1))
    d.click(d.place(1, 0))
    d.click(L.ROLL_BOX.center)  # confirm: the last man off
    d.until(lambda: isinstance(app.stack[-1], Dialog))
    box = app.stack[-1]
    assert isinstance(box, Dialog)
    text = " ".join(box.lines)
    assert "You win a backgammon" in text and "You wins" not in text


def rest(d: Driver, xy: tuple[int, int], frames: int = TOOLTIP_DELAY + 1) -> None:
    d.pointer = xy
    d.frames(frames)


def on_screen(d: Driver, tip: str, at: tuple[int, int] | None = None) -> bool:
    """The screen shows ``tip`` where the table places it for the pointer (or ``at``), pixel for pixel
    as a tooltip is painted (its words rewrapped, if it went over the title bar)."""
    game, view = d.scene.view()
    xy = at or d.pointer
    key = hover_key(L.locate(xy[0], xy[1], view.viewer, d.app.board.cube_rect(game, view)))
    device = d.app.services.used.device
    shown = None if key is None else table_tip(key, d.table.match.game, view, d.table.mine(), device, xy)
    text, box = shown if shown is not None and shown[0].split() == tip.split() else (tip, tip_box(tip, xy))
    assert box is not None  # (not what is said there now: the box it would have)
    want = pyxel.Image(box.w, box.h)
    draw_tip(want, d.app.assets, text, Rect(0, 0, box.w, box.h))
    return all(
        want.pget(x, y) == pyxel.screen.pget(box.x + x, box.y + y) for y in range(box.h) for x in range(box.w)
    )


def test_a_tip_shows_after_a_pause_and_suits_the_phase(assets: Assets) -> None:
    """Issue 17: 'click to roll' only when the player may roll; nothing before the pause."""
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), turn=0))
    to_roll = "Dice to roll: click (or R) to roll"
    rest(d, L.DICE_BOX.center, TOOLTIP_DELAY - 1)
    assert not on_screen(d, to_roll)
    d.frames(2)
    assert on_screen(d, to_roll)
    d.key(pyxel.KEY_R)  # rolled: the tip goes with the action
    assert d.table.match.game.phase == "move" and not on_screen(d, to_roll)
    rest(d, L.DICE_BOX.center)
    assert on_screen(d, "Dice to roll: the next roll is made here")


def test_a_tip_never_covers_the_strip_or_the_dice(assets: Assets) -> None:
    """Issue 17: wherever the pointer rests, the tip's box is clear of the message strip and all dice."""
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    shown = 0
    for xy in [L.ROLL_BOX.center, L.DICE_BOX.center, L.YOUR_BIN.center, L.point_rect(19).center]:
        xy = (xy[0], xy[1])
        rest(d, xy)
        tip = d.scene.tip()
        if tip is None:
            continue
        shown += 1
        _, box = tip
        for r in (L.MESSAGE, L.ROLL_BOX, L.DICE_BOX, L.seat_rows(L.THEIR_SEAT).icon):
            assert box.right <= r.x or r.right <= box.x or box.bottom <= r.y or r.bottom <= box.y, (xy, r)
    assert shown >= 3


def test_no_tip_under_a_dialog(assets: Assets) -> None:
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    rest(d, L.ROLL_BOX.center)
    mine = "Your roll: click (or Return) to confirm your move"
    assert on_screen(d, mine)
    at = d.pointer
    d.menu("Help")
    d.frames()
    assert not on_screen(d, mine, at)


def label_pixels(box: Rect) -> list[int]:
    return [pyxel.screen.pget(x, y) for y in range(box.y, box.bottom) for x in range(box.x, box.right)]


def test_the_panels_labels_are_where_the_tips_keep_clear_of(assets: Assets) -> None:
    """Issue 28: :data:`~cart.ui.board.layout.PANEL_LABELS` are the rows the labels are drawn in."""
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), turn=1))
    d.frames()
    assert L.LABEL_H == CHAR_H
    for box in L.PANEL_LABELS:
        assert wimp.TEXT in label_pixels(box), box  # a label is written in each row


@pytest.mark.parametrize("step", [8, pytest.param(4, marks=pytest.mark.slow)])
def test_a_tip_at_the_table_never_covers_the_panels_labels(assets: Assets, step: int) -> None:
    """Issue 28: tips covered "Dice to roll" and the bins' names; now none does, on any spot, in any phase.

    Each device's words, the pointer on a ``step``-pixel grid over the window (the quick loop's a
    quarter of the slow set's spots): every tip finds a place on screen, clear of the labels (the
    cube's long reason is put on lines narrow enough to).
    """
    start = Position.start()
    games = [
        GameState.new(Rules()),
        GameState.from_position(Rules(), start, turn=1),
        GameState.from_position(Rules(), start, turn=1, dice=(3, 1)),
        GameState.from_position(Rules(variant="maxgammon"), start, turn=1, dice=(6, 5)),
    ]
    placed = 0
    for owner in {game.cube_owner for game in games}:  # the spots are where the cube is
        tips: dict[str, set[str]] = {}  # a kind of spot's tips in every game, on either side, by any device
        for x in range(0, SCREEN[0], step):
            for y in range(L.WORK.y, SCREEN[1], step):
                key = hover_key(L.locate(x, y, 1, L.cube_rect(owner, 1)))
                if key is None:
                    continue
                if key not in tips:
                    said = (
                        tip_text(key, game, mine, device)
                        for game in games
                        if game.cube_owner == owner
                        for mine in (True, False)
                        for device in ("mouse", "keys", "pad")
                    )
                    tips[key] = {text for text in said if text is not None}
                for text in tips[key]:
                    box = tip_box(text, (x, y))
                    assert box is not None, (text, x, y)
                    assert box.right <= SCREEN[0] and box.bottom <= SCREEN[1]
                    for label in L.PANEL_LABELS:
                        assert not overlaps(box, label), (text, (x, y), label)
                    placed += 1
    assert placed > 64_000 // step**2, placed  # a thousand at the quick loop's grid


def test_resting_on_the_dice_box_leaves_its_label_readable(assets: Assets) -> None:
    """The tip beside "dice to roll" shows, and the label over the box is the same pixels as before it."""
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), turn=0))
    for box in (L.DICE_BOX, L.ROLL_BOX, L.YOUR_BIN, L.THEIR_BIN):
        at = (box.right - 10, box.y + 2)  # near the label above the box, where tips used to go over it
        rest(d, (0, 0))
        before = [label_pixels(r) for r in L.PANEL_LABELS]
        rest(d, at)
        tip = d.scene.tip()
        if tip is not None:
            assert on_screen(d, tip[0])
        assert [label_pixels(r) for r in L.PANEL_LABELS] == before, box


@pytest.mark.parametrize("step", [24, pytest.param(12, marks=pytest.mark.slow)])
def test_a_tip_covers_no_arrow_and_no_man(assets: Assets, step: int) -> None:
    """Issue 43: "Dice to roll: the next roll is made here" hid a hint arrow. Wherever the pointer rests
    over the board or the panel (every ``step`` pixels: the quick loop's grid a quarter of the slow
    set's), with the arrows of a roll to play (and a man in the hand), the tip leaves every arrow and
    every man drawn in view, as the board view paints them."""
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), turn=0, dice=(3, 1)))
    rest(d, L.DICE_BOX.center)
    tip = d.scene.tip()
    assert tip is not None and tip[0] == "Dice to roll: the next roll is made here"
    game, view = d.scene.view()
    assert view.hints is not None and view.hints.sources
    placed = 0
    for lifted in (None, 13):
        if lifted is not None:
            d.click(L.point_rect(lifted).center)
        game, view = d.scene.view()
        stand = standing(game, view)
        arrows = [r for r, _, _ in arrow_rects(view.hints, stand, view.viewer)]
        men = men_rects(stand, view.viewer, bins=True)
        assert arrows and len(men) > 20
        for x in range(0, SCREEN[0], step):
            for y in range(L.WORK.y, SCREEN[1], step):
                key = hover_key(L.locate(x, y, view.viewer, L.cube_rect(None, view.viewer)))
                shown = None if key is None else table_tip(key, game, view, True, "mouse", (x, y))
                if shown is None:
                    continue
                text, box = shown
                assert not [r for r in arrows if overlaps(box, r)], (text, (x, y))
                assert not [r for r in men if overlaps(box, r)], (text, (x, y))
                placed += 1
    assert placed > 144_000 // step**2, placed  # over a thousand tips at 12 pixels, a quarter at 24
