"""Messages read whole: every box, strip and list line wraps on words instead of being cut.

Play-test findings (a typed move's refusal cut mid-word, the board's strip
losing the end of a refusal, long names split mid-name, list columns running
together, one numbering for moves, the game-over box's words). Each test reads
the pixels back (:mod:`screen_text`), since a string can be whole while its
drawing is cut.
"""

from __future__ import annotations

from pathlib import Path

import pyxel
from screen_text import read_line, read_rows
from seats import against, two
from test_ui_app import make_app, play_scene

from cart.engine import EngineError, GameState, Position, Rules
from cart.ui.board import layout as L
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import CHAR_H, Assets
from cart.ui.kit.intents import Command, Select
from cart.ui.wimp.dialogs import PAD, Dialog


def test_a_typed_moves_refusal_is_shown_whole_on_as_many_lines_as_it_needs(assets: Assets) -> None:
    """k12_bad_move.png: "'13/7 13/11 13/9' is not a legal play o" ended there; the reason is read now."""
    app = make_app()
    start = GameState.from_position(Rules(), Position.start(), turn=1, dice=(6, 2))
    d = play_scene(app, against(), start)
    d.key(pyxel.KEY_T)  # Type a move
    d.type("13/7 13/11 13/9")
    d.key(pyxel.KEY_RETURN)
    box = app.stack[-1]
    assert isinstance(box, Dialog) and box.window.title == "Type a move"
    try:
        start.find("13/7 13/11 13/9")
    except EngineError as exc:
        said = str(exc)
    assert box.error == said and len(said) > 60  # longer than a line of the box
    assert box.field is not None
    top = box.field.rect.bottom + 4
    rows = read_rows(assets, top, 6, wimp.ERROR_TEXT)
    read = " ".join(r for r in rows if r)
    assert read == said, rows
    assert all(len(r) * 8 <= box.window.rect.w - 2 * PAD for r in rows)
    assert box.window.rect.bottom <= 512 and box.buttons[0].rect.y >= top + CHAR_H * len(
        [r for r in rows if r]
    )


def strip_rows(assets: Assets) -> list[str]:
    """The board's message strip as drawn: its one, two or three rows, centred in the home table's middle."""
    readings = []
    for n in (1, 2, 3):
        top = L.MESSAGE.y + (L.MESSAGE.h - n * CHAR_H) // 2
        readings.append(read_rows(assets, top, n, wimp.BOARD_TEXT, L.MESSAGE.x, L.MESSAGE.right))
    return max(readings, key=lambda rows: sum(len(r) for r in rows))


def test_the_boards_strip_shows_an_illegal_drags_reason_whole(assets: Assets) -> None:
    """x10_illegal_drag.png: "The man on the bar cannot go to point 1" lost " with 4/1"."""
    app = make_app()
    d = play_scene(app, two(), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    text = "The man on the bar cannot go to point 1 with 4/1"
    d.table.say(text)
    for frame in range(1, 101):  # longer than two scroll rests: nothing moves, nothing is lost
        d.frames()
        if frame % 15 == 1:  # a scroll would show another line for SCROLL_FRAMES (45) frames
            assert " ".join(strip_rows(assets)) == text


def long_names_game(assets: Assets) -> tuple[object, str]:
    app = make_app(seed=4)
    name = "A" * 24
    d = play_scene(app, two((name, "B" * 24)))
    for _ in range(20):
        d.click(L.DICE_BOX.center)  # the opening roll (again after a tie)
        if "first" in d.table.message:
            break
    return d, name


def test_a_long_name_on_the_strip_is_shortened_never_split(assets: Assets) -> None:
    """'AAAA...A' / 'A goes first': the name broke mid-name; it ends in '...' and the words stay whole."""
    d, _ = long_names_game(assets)
    message = d.table.message
    assert "first with" in message
    rows = strip_rows(assets)
    words = " ".join(rows).split()
    first = message.split()[0]
    assert words[0] != first and words[0].endswith("...") and first.startswith(words[0][:-3])
    assert words[1:] == message.split()[1:], rows


def test_a_long_name_in_the_player_panel_ends_in_an_ellipsis(assets: Assets) -> None:
    """The panel cut a 24-letter name to 21 letters with nothing to say so."""
    long_names_game(assets)
    for box in (L.THEIR_SEAT, L.YOUR_SEAT):
        row = L.seat_rows(box).name
        shown = read_line(assets, row.y + 4, wimp.TEXT, row.x, row.right)
        assert shown.endswith("...") and len(shown) > 12, shown  # cut, and says so
        assert shown[:-3] == shown[0] * (len(shown) - 3)  # the name's own letters up to the cut


def test_the_caret_stands_clear_of_a_full_name_fields_last_letter(assets: Assets) -> None:
    """p03_long_name.png: with 24 letters typed, the caret's serifs touched the last one."""
    from cart.ui.windows.create_form import NewGameScene

    app = make_app()
    app.to_new_game()
    form = app.top
    assert isinstance(form, NewGameScene)
    form.give_caret(form.you)
    form.you.text = ""
    form.you.insert("W" * 30)  # more than a name may have: the field keeps 24
    app.draw()
    assert form.you.text == "W" * 24
    r = form.you.rect
    y = r.y + (r.h - CHAR_H) // 2
    assert read_line(assets, y, wimp.TEXT, r.x, r.right) == "W" * 24
    screen = bytes(pyxel.screen.data_ptr())
    ink = [
        x
        for x in range(r.x + 1, r.right - 1)
        for yy in range(y, y + CHAR_H)
        if screen[yy * 640 + x] == wimp.TEXT
    ]
    caret = [
        x
        for x in range(r.x + 1, r.right - 1)
        for yy in range(y, y + CHAR_H)
        if screen[yy * 640 + x] == wimp.CARET
    ]
    assert caret and min(caret) >= max(ink) + 2  # a blank column between the last letter and the caret
    assert max(caret) < r.right - 1  # inside the field


def test_the_review_writes_plays_in_the_boards_numbers_whole(assets: Assets) -> None:
    """m26_forward.png: the board said "Intermediate played 17/20 19/20", the Review list "8/5 6/5"; and
    the list cut plays ("23 24/21 16/."). Now both read as the board says, on a second row if long."""
    from cart.ui.review.review import DETAIL, ReviewScene

    app = make_app()
    start = GameState.from_position(Rules(), Position.start(), turn=0, dice=(6, 6))
    d = play_scene(app, against("intermediate"), start)
    d.until(lambda: " rolled 66: " in d.table.message)
    said = d.table.message.split(" rolled 66: ")[1]
    assert len(said) > 10  # long: four men moved
    d.menu("Play", "Review...")
    review = app.top
    assert isinstance(review, ReviewScene)
    line = review.line
    assert line.kind == "move" and line.player == 0 and line.text == said
    app.draw()
    r = review.list.row_rect(review.list.selected)
    rows = read_rows(assets, r.y, r.h // CHAR_H, wimp.MENU_SELECTED_TEXT, r.x, r.right)
    assert r.h == 2 * CHAR_H  # the play goes on on a second row
    assert " ".join(rows).endswith(said), rows  # "1  66 1/7(2)" then "12/18(2)": whole, not cut
    detail = read_line(assets, DETAIL.y + 2 + CHAR_H, wimp.TEXT, DETAIL.x, DETAIL.right)
    assert detail == said


def game_ending(assets: Assets, rules: Rules, theirs_off: int) -> tuple[object, object]:
    """A game the person (Red, seat 1) ends with 2-1: a single with ``theirs_off`` of theirs borne off, else
    a backgammon; returns the driver and the game-over box."""
    mine = [0] * 26
    mine[0], mine[1] = 14, 1  # one man left, on the 1 point
    theirs = [0] * 26
    theirs[0] = theirs_off
    theirs[6 if theirs_off else 19] = 15 - theirs_off  # in their home board, or all in ours
    start = GameState.from_position(rules, Position.from_counts(mine, theirs), turn=1, dice=(2, 1))
    app = make_app()
    d = play_scene(app, against("expert"), start)
    d.click(d.place(1, 1))
    d.click(d.place(1, 0))
    d.click(L.ROLL_BOX.center)  # confirm: the last man off
    d.until(lambda: isinstance(app.top, Dialog) and app.top.window.title == "Game over")
    return d, app.top


def box_text(assets: Assets, box: Dialog) -> list[str]:
    work = box.window.work_area
    return [r for r in read_rows(assets, work.y + PAD, len(box.lines), wimp.TEXT, work.x, work.right) if r]


def test_mid_match_the_game_over_box_offers_the_matchs_next_game(assets: Assets) -> None:
    """k16: at 1-0 in a 3-point match it asked 'Play another game with the same options?'."""
    d, box = game_ending(assets, Rules(match_length=3), theirs_off=3)
    assert d.table.match.score == (0, 1) and not d.table.match.is_match_over
    shown = box_text(assets, box)
    assert shown[-1] == "Next game of the match?", shown
    assert "You win a single: 1 x cube 1 = 1 point." in shown


def test_once_the_match_is_won_the_box_offers_a_new_match_and_the_score_says_over(assets: Assets) -> None:
    """k16: the match won, the box still offered 'another game' and the score box read 'to 3 Crawford'."""
    d, box = game_ending(assets, Rules(match_length=3), theirs_off=0)
    assert d.table.match.is_match_over
    assert box_text(assets, box)[-1] == "Play a new match with the same options?"
    d.scene.draw(pyxel.screen)  # the table under the box, alone
    r = L.MATCH_BOX
    score = read_line(assets, r.y + (r.h - CHAR_H) // 2, wimp.TEXT, r.x, r.right)
    assert score.endswith("Match over") and "Crawford" not in score, score


def test_maxgammon_has_no_cube_in_the_game_over_words(assets: Assets) -> None:
    """x07_mg_gameover.png: 'wins a single: 1 x cube 1 = 1 point' in a game that has no cube."""
    _, box = game_ending(assets, Rules(variant="maxgammon", match_length=3), theirs_off=3)
    shown = box_text(assets, box)
    assert shown[0] == "You win a single: 1 point.", shown
    assert not any("cube" in line for line in shown)
    assert shown[-1] == "Next game of the match?"


def test_the_match_stepper_says_1_pt(assets: Assets) -> None:
    """The Create form's match length read '1 pts'."""
    from cart.ui.windows.create_form import NewGameScene
    from cart.ui.windows.draft import Draft as Setup

    app = make_app()
    form = NewGameScene(app.services, Setup(match_length=1))
    app.stack.append(form)
    app.draw()
    row = read_line(assets, form.match_y + 4, wimp.TEXT, form.left + 150, form.left + 270)
    assert row.strip("-+ ") == "1 pt", row  # between the stepper's - and +


def test_the_match_stepper_takes_every_length_from_1_to_25(assets: Assets) -> None:
    """Play-test: the length stepped through odd numbers only; a 2- or 4-point match is played too."""
    from cart.ui.windows.create_form import NewGameScene
    from cart.ui.windows.draft import Draft as Setup

    app = make_app()
    form = NewGameScene(app.services, Setup())
    app.stack.append(form)
    seen = [form.setup.match_length]
    for _ in range(30):
        form.update([Select(*form.plus.rect.center)])
        seen.append(form.setup.match_length)
    assert seen == [0, *range(1, 26), 25, 25, 25, 25, 25]
    form.update([Select(*form.minus.rect.center)])
    assert form.setup.match_length == 24


def test_a_partial_review_gives_no_rating_word_yet(assets: Assets) -> None:
    """k17_review.png: both sides read 'Awful!' while 11 of 124 actions were analysed (here 6)."""
    from test_ui_review import finished_game

    from cart.ai.review import Reviewer
    from cart.ui.board.view_state import Player
    from cart.ui.review.review import TOTALS, ReviewScene
    from cart.ui.review.review_source import ReviewSource
    from cart.ui.review.review_view import ROW_H

    match = finished_game()
    reviewer = Reviewer(match)
    think = reviewer.think()
    while reviewer.done < 6:  # two moves of each side's: a rating each
        next(think)
    partial = reviewer.review()
    assert 0 < partial.upto < len(match.record)
    app = make_app()
    players = (Player("Beginner", "white", computer=True), Player("You", "red"))
    scene = ReviewScene(app.services, ReviewSource("partial", match, players, 1, cached=partial))
    assert not scene.finished and all(t.rating not in ("", "N/A") for t in partial.totals())  # not yet said
    scene.draw(pyxel.screen)
    for seat in (0, 1):
        y = TOTALS.y + 2 + (4 + seat) * ROW_H
        assert read_line(assets, y, wimp.TEXT, TOTALS.x + 16, TOTALS.right) == "..."


def test_saved_games_names_are_shown_wide_enough_to_tell_two_apart(assets: Assets, tmp_path: Path) -> None:
    """Play-test: "Match fi..." beside "Match five": the Name column showed 11 characters of 60."""
    from cart.store import GameOptions, Store
    from cart.ui.app import App
    from cart.ui.windows.start import StartScene

    store = Store(tmp_path)
    options = GameOptions(Rules(match_length=25), ("Intermediate", "You"), computer=0, level="intermediate")
    names = ["Match fifteen 2", "Match five", "Match fifteen"]
    for name in names:
        store.games.create(name, options)
    app = App(store=store, headless=True, seed=1)
    app.to_start()
    scene = app.top
    assert isinstance(scene, StartScene)
    app.draw()
    shown = []
    for i in range(len(names)):
        r = scene.row_rect(i)
        colour = wimp.MENU_SELECTED_TEXT if i == scene.selected else wimp.TEXT
        shown.append(read_line(assets, r.y + 1, colour, r.x, r.right))
    assert sorted(row.split("  ")[0] for row in shown) == sorted(names), shown
    assert all("Standard to 25" in row for row in shown), shown


def test_the_saved_games_columns_have_a_gap_and_cut_text_before_it(assets: Assets, tmp_path: Path) -> None:
    """k20_saved_list_kb.png: 'Interm... 6-0 You, over Standard, 3 pts': the score ran into the rules."""
    from dataclasses import replace

    from cart.store import GameOptions, Store
    from cart.ui.app import App
    from cart.ui.windows.start import COLUMNS, StartScene

    store = Store(tmp_path)
    options = GameOptions(Rules(match_length=3), ("Intermediate", "You"), computer=0, level="intermediate")
    store.games.create("Bartholomew's long game", options)
    app = App(store=store, headless=True, seed=1)
    app.to_start()
    scene = app.top
    assert isinstance(scene, StartScene)
    scene.games = [replace(scene.games[0], score=(6, 0), match_over=True)]
    app.draw()
    r = scene.row_rect(0)
    row = read_line(assets, r.y + 1, wimp.MENU_SELECTED_TEXT, r.x, r.right)
    assert "Standard" in row and "6-0 You, over" in row, row
    screen = bytes(pyxel.screen.data_ptr())
    x = scene.window.work_area.x + 8
    for _, width in COLUMNS[:-1]:
        x += width * 8
        gap = range(x - 2 * 8, x)  # two cells before the next column: no ink
        ink = [
            xx
            for xx in gap
            for yy in range(r.y + 1, r.y + 1 + CHAR_H)
            if screen[yy * 640 + xx] == wimp.MENU_SELECTED_TEXT
        ]
        assert not ink, (row, x)
    assert row.startswith("Bartholomew'...  ")  # cut with the ellipsis before the gap


def test_the_import_boxs_refusal_of_a_long_path_is_shown_whole(assets: Assets) -> None:
    """p16: 'no such file: <path>' was cut at the box's edge; a path longer than a line goes on below."""
    from cart.ui.review.review_open import import_box

    app = make_app()
    app.go(import_box(app.services))
    box = app.top
    assert isinstance(box, Dialog) and box.field is not None
    path = "/tmp/" + "/".join(["a-folder-with-a-long-name"] * 4) + "/match.mat"
    box.field.insert(path)
    box.update([Command("confirm")])
    app.draw()
    said = f"no such file: {path}"
    assert box.error == said
    rows = [r for r in read_rows(assets, box.field.rect.bottom + 4, 5, wimp.ERROR_TEXT) if r]
    assert len(rows) > 1 and "".join(rows).replace(" ", "") == said.replace(" ", ""), rows
    assert box.window.rect.bottom <= 512


def test_a_message_box_too_long_for_the_screen_says_so_with_an_ellipsis(assets: Assets) -> None:
    """A stored-data message of 30 lines was cut after 20 with nothing to show more was said."""
    app = make_app()
    words = " ".join(f"word{i}" for i in range(400))
    app.tell("Saved data", words)
    box = app.top
    assert isinstance(box, Dialog)
    app.draw()
    work = box.window.work_area
    rows = [r for r in read_rows(assets, work.y + PAD, len(box.lines), wimp.TEXT, work.x, work.right) if r]
    assert rows[-1].endswith("...") and rows[0].startswith("word0 word1")
    assert box.window.rect.y >= 0 and box.window.rect.bottom <= 512
