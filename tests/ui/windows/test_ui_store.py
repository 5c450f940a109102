"""The game over a real store in a temporary folder: nothing a player does is lost.

Create a named game, play, Exit, resume it from the Start list (the same
match, cube, score and dice to come), delete with confirmation, damaged files
shown once and set aside, settings kept across a restart, ratings at game over.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
import pyxel
from screen_text import read_line
from seats import against, two
from test_ui_app import RIGHT, Driver, human_turn

from cart.engine import (
    Action,
    Event,
    Forfeit,
    GameStarted,
    GameState,
    Move,
    Moved,
    Passed,
    Position,
    Roll,
    Rules,
    format_roll,
)
from cart.phrasebook import seen_from
from cart.store import GameOptions, Settings, Store, WriteError
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import Assets
from cart.ui.kit.intents import Select
from cart.ui.table.play import PlayScene
from cart.ui.table.play_boxes import another
from cart.ui.table.words import last_rolls
from cart.ui.title import TitleScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.menus import MenuScene
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.saved_games import free_name, full_line, players_line, summary_line
from cart.ui.windows.start import ROW_H, WIDTHS, StartScene

VS_EXPERT = GameOptions(Rules(), names=("Expert", "You"), computer=0, level="expert")


def clock() -> datetime:
    return datetime(2025, 1, 31, 18, 4, 5, tzinfo=UTC)


def make_app(folder: Path, *, settings: Settings | None = None, seed: int = 5) -> App:
    app = App(
        store=Store(folder, clock=clock),
        headless=True,
        seed=seed,
        settings=settings if settings is not None else Settings(animation_speed="off"),
    )
    app.think_budget = 30.0  # each computer decision in one frame
    return app


def menu_item(d: Driver, *path: str) -> None:
    """Open the menu over the board and choose ``path`` (``"Play", "Exit"``) with the mouse."""
    d.menu(*path)


def top_dialog(app: App, title: str) -> Dialog:
    top = app.stack[-1]
    assert isinstance(top, Dialog) and top.window.title == title, getattr(top, "lines", top)
    return top


def play_some(d: Driver, turns: int) -> None:
    """The human (Red) rolls and moves by mouse; the computer answers; ``turns`` of the human's."""
    rng = random.Random(2)
    done = 0
    for _ in range(400):
        scene = d.app.stack[-1]
        if not isinstance(scene, PlayScene):
            d.key(pyxel.KEY_RETURN)  # a dialog: take a double, or play on
            continue
        game = scene.table.match.game
        if game.phase == "over" or done >= turns:
            return
        if game.actor == scene.table.viewer and game.phase in ("opening", "roll"):
            d.click(L.DICE_BOX.center)
        elif game.actor == scene.table.viewer and game.phase == "move":
            human_turn(d, rng)
            done += 1
        else:
            d.frames()


def test_create_play_exit_and_resume_the_same_game(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    d = Driver(app)
    d.frames(2)
    d.key(pyxel.KEY_SPACE)  # no saved games yet: the title leads to Create
    form = app.stack[0]
    assert isinstance(form, NewGameScene) and form.name is not None and form.typing
    for _ in form.name.text:
        d.key(pyxel.KEY_BACKSPACE)
    d.type("Café night ☕")
    d.click(form.play.rect.center)
    scene = d.scene
    assert scene.table.session is not None and scene.table.session.game.name == "Café night ☕"
    play_some(d, 3)
    original = scene.table.match
    assert len(original.record) > 4
    menu_item(d, "Play", "Exit...")
    d.key(pyxel.KEY_RETURN)  # a saved game: Exit is the default
    assert isinstance(app.stack[0], TitleScene)

    d.key(pyxel.KEY_SPACE)  # now the saved games
    start = app.stack[0]
    assert isinstance(start, StartScene) and [g.name for g in start.games] == ["Café night ☕"]
    d.click(start.row_rect(0).center)
    d.feed(Select(*start.play.rect.center))  # one frame: the computer has not acted again yet
    resumed = d.table.match
    assert resumed is not original
    assert resumed.record == original.record and resumed.score == original.score
    assert (resumed.position_id(), resumed.match_id()) == (original.position_id(), original.match_id())
    assert resumed.game.cube == original.game.cube
    assert resumed.rng is not None and original.rng is not None
    assert resumed.rng.getstate() == original.rng.getstate()  # the same dice to come

    # A restart (a new App over the same folder) resumes it just the same, and play goes on saving.
    again = make_app(tmp_path, seed=99)
    scene2 = again.resume("Café night ☕")
    assert scene2.match.record == original.record
    play_some(Driver(again), 1)
    assert Store(tmp_path).games.load("Café night ☕").match.record == scene2.match.record


def test_a_refused_name_says_why_and_keeps_the_form(assets: Assets, tmp_path: Path) -> None:
    Store(tmp_path).games.create("Friday", VS_EXPERT)
    app = make_app(tmp_path)
    app.to_new_game()
    form = app.stack[0]
    assert isinstance(form, NewGameScene) and form.name is not None
    assert form.name.text == "Game"  # a free name is offered
    d = Driver(app)
    for _ in form.name.text:
        d.key(pyxel.KEY_BACKSPACE)
    d.key(pyxel.KEY_RETURN)
    assert app.stack == [form] and "empty" in form.error
    d.type("Friday")
    d.key(pyxel.KEY_RETURN)
    assert app.stack == [form] and "already" in form.error
    assert [g.name for g in app.store.games.list()] == ["Friday"]  # type: ignore[union-attr]
    assert form.typing
    d.key(pyxel.KEY_ESCAPE)  # the form closes at once, the caret where it was: to the saved games
    assert isinstance(app.stack[0], StartScene)


def test_delete_asks_first(assets: Assets, tmp_path: Path) -> None:
    store = Store(tmp_path)
    for name in ("One", "Two"):
        store.games.create(name, VS_EXPERT)
    app = make_app(tmp_path)
    app.to_start()
    start = app.stack[0]
    assert isinstance(start, StartScene) and len(start.games) == 2
    d = Driver(app)
    d.click(start.row_rect(1).center)
    name = start.games[1].name
    d.click(start.delete.rect.center)
    d.key(pyxel.KEY_RETURN)  # Return is Cancel: nothing deleted
    assert len(start.games) == 2 and app.stack == [start]
    d.click(start.delete.rect.center)
    dialog = top_dialog(app, "Delete")
    assert [b.label for b in dialog.buttons] == ["Cancel", "Delete"]  # Cancel at the left, as every box
    d.click(dialog.buttons[1].rect.center)  # Delete
    assert [g.name for g in start.games] == [n for n in ("One", "Two") if n != name]
    assert not Store(tmp_path).games.exists(name)


def test_a_damaged_save_is_shown_once_and_the_others_still_list(assets: Assets, tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.games.create("Good", VS_EXPERT)
    bad = store.games.create("Bad", VS_EXPERT)
    path = tmp_path.joinpath(*bad.entry.split("/"))
    path.write_bytes(path.read_bytes()[:40])  # truncated, as by a crash of the disk
    app = make_app(tmp_path)
    d = Driver(app)
    d.key(pyxel.KEY_SPACE)
    notice = top_dialog(app, "Saved data")
    text = " ".join(notice.lines)
    assert "set aside" in text and "damaged" in text
    d.key(pyxel.KEY_RETURN)
    start = app.stack[0]
    assert isinstance(start, StartScene) and [g.name for g in start.games] == ["Good"]
    app.to_start()
    assert app.stack == [app.stack[0]]  # shown once: no second notice
    assert any(p.name.startswith("games-") for p in (tmp_path / "damaged").iterdir())


def test_a_newer_versions_game_is_listed_greyed_and_left_alone(assets: Assets, tmp_path: Path) -> None:
    """Issue 39: an older cartridge set a newer one's game aside; it is listed greyed, never played."""
    store = Store(tmp_path)
    store.games.create("Good", VS_EXPERT)
    newer = store.games.create("Newer", VS_EXPERT)
    path = tmp_path.joinpath(*newer.entry.split("/"))
    envelope = json.loads(path.read_bytes())
    envelope["version"] += 1
    path.write_bytes(kept := json.dumps(envelope).encode())
    app = make_app(tmp_path)
    app.to_start()
    start = app.top
    assert isinstance(start, StartScene)
    assert sorted((g.name, g.newer) for g in start.games) == [("Good", False), ("Newer", True)]
    start.selected = [g.name for g in start.games].index("Newer")
    assert summary_line(start.games[start.selected], WIDTHS)[1] == "a newer version's"
    assert start.resume() is None and "newer Gammon Cart" in start.message
    assert start.ask_delete() is None and app.top is start
    assert path.read_bytes() == kept and not (tmp_path / "damaged").exists()


def test_a_session_near_the_longest_record_says_so_and_offers_a_new_session(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 39: the record's limit was met without a word; well before it, the table says so."""
    from cart.store.saves import session as sessions

    app = make_app(tmp_path)
    scene = app.create_game("Marathon", against())
    monkeypatch.setattr(sessions, "WARN_RECORD", len(scene.table.match.record) + 1)
    d = Driver(app)
    for _ in range(200):
        if isinstance(app.stack[-1], Dialog):
            break
        d.click(L.DICE_BOX.center) if scene.table.mine() else d.frames()
    box = top_dialog(app, "Long session")
    assert "new session" in " ".join(box.lines)
    app.go(box.press(box.choices[1]))
    assert isinstance(app.top, PlayScene) and app.top.table.session is not None
    assert app.top.table.session.game.name == "Marathon 2"
    assert app.top.table.session.game.options == scene.table.session.game.options  # type: ignore[union-attr]


def test_settings_survive_a_restart(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path, settings=Settings(animation_speed="normal"))
    scene = app.create_game("Settings", against())
    d = Driver(app)
    menu_item(d, "Sounds", "Turkish")
    menu_item(d, "Options", "Speed", "Fast")
    menu_item(d, "ToolTips")
    menu_item(d, "Options", "Hint arrows")
    assert scene is d.scene
    later = App(store=Store(tmp_path), headless=True, seed=1)  # the stored settings, not a caller's
    o = later.prefs.settings
    assert (o.turkish_clicks, o.animation_speed, o.tooltips) == (True, "fast", False)
    assert o.hint_arrows and not scene.table.hints  # the menu's Hint arrows are the game's, not the default
    assert later.last_options == app.last_options == against()  # the last game's options are offered again


def test_rating_change_at_game_over_and_in_the_side_panel(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.create_game("Rated", against())
    d = Driver(app)
    assert [p.rating for p in d.table.players] == [1500, 1500]
    menu_item(d, "Play", "Forfeit...")
    d.click(d.app.stack[-1].buttons[1].rect.center)  # asked first: Forfeit
    d.frames(4)
    dialog = top_dialog(app, "Game over")
    changes = [line for line in dialog.lines if line.startswith("Rating")]
    assert len(changes) == 2
    assert any("You: 1500.0 ->" in c and "(-" in c for c in changes)
    level = "Intermediate"
    assert any(f"{level}: 1500.0 ->" in c and "(+" in c for c in changes)
    computer, human = d.table.players if d.table.players[0].computer else d.table.players[::-1]
    assert computer.rating is not None and computer.rating > 1500 > (human.rating or 0)


def test_export_mat_writes_beside_the_saves_and_says_where(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.create_game("Export me", against())
    d = Driver(app)
    play_some(d, 1)
    menu_item(d, "Play", "Export .mat")
    dialog = top_dialog(app, "Export .mat")
    files = list((tmp_path / "exports").glob("*.mat"))
    assert len(files) == 1 and files[0].read_text(encoding="utf-8").count("Game 1") == 1
    assert "exports" in "".join(dialog.lines)


def test_a_failed_save_is_said_and_play_goes_on(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    scene = app.create_game("Full disk", against())
    assert app.store is not None

    def full(game: object) -> None:
        raise WriteError("Could not save the game 'Full disk': No space left on device")

    monkeypatch.setattr(app.store.games, "save", full)
    d = Driver(app)
    d.click(L.DICE_BOX.center)
    assert scene.table.message.startswith("Not saved: ") and "No space" in scene.table.message
    box = top_dialog(app, "Not saved")  # the whole reason, in a box, once
    assert "No space left on device" in " ".join(box.lines)
    assert scene.table.match.record  # the roll stands in memory
    d.key(pyxel.KEY_RETURN)
    assert app.stack[-1] is scene
    monkeypatch.undo()
    menu_item(d, "Play", "Exit...")  # Exit saves what the failed save missed
    d.key(pyxel.KEY_RETURN)
    assert isinstance(app.stack[0], TitleScene)
    assert Store(tmp_path).games.load("Full disk").match.record == scene.table.match.record


def test_the_attract_mode_and_the_demo_write_nothing(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    d = Driver(app)
    d.frames(120)
    assert isinstance(app.stack[0], TitleScene)
    assert not (tmp_path / "games").exists() and not (tmp_path / "ratings.json").exists()


def test_a_resumed_game_marks_and_says_each_sides_last_roll(assets: Assets, tmp_path: Path) -> None:
    """Issue 17: the last move after resuming is reported, in the board's numbers, and marked; issue 28:
    with its roll, and both sides' last rolls are said, the older first."""
    app = make_app(tmp_path)
    scene = app.create_game("Last", against())
    d = Driver(app)
    play_some(d, 2)
    moves = [a for a in scene.table.match.record if isinstance(a, Move)]
    assert len(moves) >= 2
    again = make_app(tmp_path, seed=99)
    resumed = again.resume("Last")
    rolls = last_rolls(resumed.match)
    assert sorted(e.player for e, _ in rolls) == [0, 1]
    last = rolls[-1][0]
    assert isinstance(last, Moved) and resumed.table.marks == (last.player, last.play.moves)
    said = []
    for e, (d1, d2) in rolls:  # type: ignore[misc]
        name = resumed.table.players[e.player].name
        assert isinstance(e, Moved)
        said.append(
            f"{name} rolled {format_roll((d1, d2))}: {seen_from(e.text, e.player, resumed.table.numbering)}"
        )
    assert resumed.table.log.history()[-2:] == said
    assert resumed.table.message == said[-1]


def test_a_long_session_opens_to_play_replaying_only_the_game_under_way(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 39: the session's catch-up and ``last_rolls`` each replayed the whole record on PLAY."""
    from cart.engine import Match
    from cart.store.saves import pieces
    from cart.ui.table.table import Table

    monkeypatch.setattr(pieces, "PIECE_ACTIONS", 30)  # a long session in pieces, in four games, not twelve
    store = Store(tmp_path)
    played = Match(Rules(), names=("Ann", "Bob"), rng=random.Random(3))
    rng = random.Random(4)

    def moves_in_this_game() -> int:
        begun = played.checkpoint()
        return sum(isinstance(a, Move) for a in played.record[begun.at if begun else 0 :])

    while played.game_number < 4 or moves_in_this_game() < 2:
        game = played.game
        if game.phase == "over":
            played.new_game()
        elif game.phase in ("opening", "roll"):
            played.roll()
        else:
            played.play(rng.choice(played.legal_plays()))
    saved = store.games.create("Long", two(), rng=random.Random(5), record=played.record)
    store.session(saved)  # rates the games imported
    assert list(tmp_path.glob("games/*.part"))  # in a piece and a tail, as a long session is
    whole = played.restarted()  # the reference: the whole record replayed, each side's last roll kept
    said: dict[int, tuple[Moved | Passed, tuple[int, int] | None]] = {}
    for action in played.record:
        dice = whole.game.dice
        for e in whole.apply(action):
            if isinstance(e, GameStarted):
                said = {}
            elif isinstance(e, (Moved, Passed)):
                said.pop(e.player, None)
                said[e.player] = (e, e.dice if isinstance(e, Passed) else dice)
    loaded = Store(tmp_path).games.load("Long")
    count = [0]
    real = Match.apply

    def apply(self: Match, action: Action) -> list[Event]:
        count[0] += 1
        return real(self, action)

    monkeypatch.setattr(Match, "apply", apply)
    fresh = Store(tmp_path)
    table = Table.of(loaded.options, "red", loaded.match, session=fresh.session(loaded), store=fresh)
    assert count[0] == 0  # nothing replayed on the way to the table: the load did it all
    assert last_rolls(loaded.match) == list(said.values()) != [] and table.marks is not None


def test_a_resumed_game_says_a_roll_that_could_not_be_played_and_shows_its_dice(
    assets: Assets, tmp_path: Path
) -> None:
    """The play-test's case: Exit and resume after the computer rolled 22 it could not play."""
    closed = Position.from_counts(
        [0] * 6 + [14] + [0] * 18 + [1],  # the computer: 14 on its 6 point, one on the bar
        [0, 2, 2, 2, 2, 2, 2] + [0] * 6 + [3] + [0] * 12,  # the player: a closed board, 3 on the midpoint
    )
    store = Store(tmp_path)
    options = GameOptions(Rules(), ("Expert", "You"), computer=0, level="expert")
    start = GameState.from_position(Rules(), closed)
    store.games.create("Closed", options, record=[Roll((2, 2))], start=start, rng=random.Random(1))
    resumed = make_app(tmp_path).resume("Closed")
    assert "Expert rolled 22 and cannot move" in resumed.table.log.history()
    assert resumed.table.match.game.turn == 1 and resumed.view()[1].seat_dice == (0, (2, 2))


def test_the_messages_box_holds_what_was_said(assets: Assets, tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.create_game("Log", against())
    d = Driver(app)
    play_some(d, 2)
    said = d.table.log.history()
    assert any(" rolled " in s for s in said)
    menu_item(d, "Play", "Messages")
    box = top_dialog(app, "Messages")
    assert " ".join(box.lines).endswith(said[-1].split()[-1])


def test_resuming_a_game_without_hint_arrows_keeps_the_players_default(
    assets: Assets, tmp_path: Path
) -> None:
    """Issue 17's bug: a game saved without hint arrows, resumed, then any menu tick stored
    hint_arrows=False as the player's default for new games. The arrows are the game's own."""
    store = Store(tmp_path, clock=clock)
    store.games.create("No arrows", replace(VS_EXPERT, hints=False), rng=random.Random(1))
    app = make_app(tmp_path)
    assert app.prefs.settings.hint_arrows and store.settings.load().hint_arrows
    scene = app.resume("No arrows")
    assert not scene.table.hints  # the game's choice shows
    d = Driver(app)
    menu_item(d, "Sounds", "Turkish")  # a tick that saves the settings
    assert Store(tmp_path).settings.load().hint_arrows  # still the player's default
    assert app.prefs.settings.hint_arrows and not scene.table.hints
    menu_item(d, "Options", "Hint arrows")  # this game's arrows on, the default untouched
    assert scene.table.hints and Store(tmp_path).settings.load().hint_arrows


def test_a_game_open_in_two_windows_asks_before_overwriting(assets: Assets, tmp_path: Path) -> None:
    """Issue 18: the second cartridge to save is told and chooses; nothing is overwritten unasked."""
    Store(tmp_path, clock=clock).games.create("Shared", VS_EXPERT, rng=random.Random(4))
    first, second = make_app(tmp_path), make_app(tmp_path, seed=6)
    one, two = first.resume("Shared"), second.resume("Shared")
    assert isinstance(one, PlayScene) and isinstance(two, PlayScene)
    two.table.match.roll((3, 1))  # the other window plays and saves first
    theirs = Store(tmp_path).games.load("Shared").match.record
    one.act(Roll((6, 5)))
    d = Driver(first)
    d.frames()  # the scene says where to go at its update: the box
    box = top_dialog(first, "Open elsewhere")
    assert Store(tmp_path).games.load("Shared").match.record == theirs  # not overwritten
    d.click(box.buttons[1].rect.center)  # Take over
    assert Store(tmp_path).games.load("Shared").match.record == one.match.record


def test_quit_from_the_title_and_the_saved_games_by_the_menu(assets: Assets, tmp_path: Path) -> None:
    """Issue 19: MENU on the title and on the list offers Quit (no game is in progress: no question)."""
    app = make_app(tmp_path)
    app.create_game("Kept", two())
    app.to_title()
    d = Driver(app)
    d.click((300, 100), RIGHT)
    menu = app.top
    labels = [e.label for e in menu.entries] if isinstance(menu, MenuScene) else []
    assert labels[0] == "Play" and labels[-1] == "Quit"  # and, between, the windows and settings of issue 19
    d.click(menu.menu.item_rect(0).center)  # Play: on to the saved games, as any key
    start = app.top
    assert isinstance(start, StartScene) and not app.quitting
    d.click((300, 100), RIGHT)
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.entries[-1].label == "Quit"
    d.click(menu.menu.item_rect(len(menu.entries) - 1).center)
    assert app.quitting
    title = make_app(tmp_path)
    assert isinstance(title.top, TitleScene)
    d = Driver(title)
    d.key(pyxel.KEY_M)
    menu = title.top
    assert isinstance(menu, MenuScene)
    d.click(menu.menu.item_rect(len(menu.entries) - 1).center)
    assert title.quitting


def test_with_25_saved_games_every_row_is_reachable_and_return_opens_the_highlighted_one(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: Up and Down (keys, d-pad) move the highlight; the wheel scrolls; Return opens it."""
    app = make_app(tmp_path)
    for i in range(25):
        app.create_game(f"Game {i:02}", two())
    app.to_start()
    start = app.top
    assert isinstance(start, StartScene) and len(start.games) == 25 and start.visible < 25
    app.frame()

    def press(button: int) -> None:
        pyxel.set_btn(button, True)
        app.frame()
        pyxel.set_btn(button, False)
        pyxel.flip()
        app.frame()

    for i in range(1, 25):
        press(pyxel.KEY_DOWN if i % 2 else pyxel.GAMEPAD1_BUTTON_DPAD_DOWN)
        assert start.selected == i and i in start.shown_rows()
    assert start.first == 25 - start.visible and start.bar.first == start.bar.slack  # the slider at the end
    press(pyxel.KEY_DOWN)  # the last stays highlighted
    assert start.selected == 24
    for _ in range(3):
        press(pyxel.GAMEPAD1_BUTTON_DPAD_UP)
    assert start.selected == 21 and start.selected in start.shown_rows()

    monkeypatch.setattr(pyxel, "mouse_wheel", 1)  # a notch away from the user: three lines up the list
    app.frame()
    assert (start.first, start.selected) == (25 - start.visible - 3, 21)
    for _ in range(3):
        app.frame()
    monkeypatch.setattr(pyxel, "mouse_wheel", 0)
    app.frame()
    assert start.first == 0 and start.selected == start.visible - 1  # the highlight came along, shown
    monkeypatch.setattr(pyxel, "mouse_wheel", -1)  # and down again
    app.frame()
    monkeypatch.setattr(pyxel, "mouse_wheel", 0)
    assert start.first == 3 and start.selected == start.visible - 1

    loaded: list[str] = []
    games = app.services.store.games if app.services.store else None
    assert games is not None
    real_load = games.load

    def load(name: str) -> object:
        loaded.append(name)
        return real_load(name)

    monkeypatch.setattr(games, "load", load)
    highlighted = start.games[start.selected].name
    press(pyxel.KEY_RETURN)
    assert loaded == [highlighted] and isinstance(app.stack[0], PlayScene)


def test_the_list_says_whose_score_in_local_time_and_cuts_names_with_an_ellipsis(
    assets: Assets, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: 'Ann 4-0 Bob' and not a bare '0-4 e'; times on the player's clock; names cut with '...'."""
    store = Store(tmp_path, clock=clock)  # 18:04 UTC
    long = GameOptions(Rules(match_length=5), ("Bartholomew Longname", "Ann"))
    store.games.create("A very long name for a saved game", long)
    monkeypatch.setenv("TZ", "IST-5:30")  # India: 23:34 the same day
    time.tzset()
    try:
        (summary,) = store.games.list()
        line = summary_line(summary, WIDTHS)
        assert line[0].startswith("A very") and line[0].endswith("...") and len(line[0]) <= WIDTHS[0]
        assert line[1].endswith(" 0-0 Ann") and line[1].startswith("Barthol") and "..." in line[1]
        assert len(line[1]) <= WIDTHS[1]
        assert line[3] == "2025-01-31 23:34"
        over = replace(summary, score=(4, 5), match_over=True, options=replace(long, names=("Bob", "Ann")))
        assert summary_line(over, WIDTHS)[1] == "Bob 4-5 Ann, over"
    finally:
        monkeypatch.setenv("TZ", "UTC")
        time.tzset()


def test_the_next_matchs_name_counts_on_from_a_number_at_the_end(tmp_path: Path) -> None:
    """Yes to a new match after "Game 2" saved it as "Game 2 2" (the play-test's k36_after_title.png)."""
    store = Store(tmp_path)
    assert free_name(store, "Game") == "Game"
    for name in ("Game", "Game 2", "Friday", "Room 101"):
        store.games.create(name, VS_EXPERT)
    assert free_name(store, "Game") == "Game 3"
    assert free_name(store, "Game 2") == "Game 3"
    assert free_name(store, "Friday") == "Friday 2"
    assert free_name(store, "Room 101") == "Room 102"
    assert free_name(store, "Room 7") == "Room 7"  # free as it is


def test_three_new_matches_get_names_the_list_tells_apart(tmp_path: Path) -> None:
    """Issue 43: "Play a new match" named them "Match three v Master 2", "3"..., all "Match three v..." in
    the list: a number that does not fit at the end goes first; the players and score read whole."""
    app = make_app(tmp_path)
    options = GameOptions(
        Rules(match_length=1), ("Master", "Bartholomew Fitzwilliams"), computer=0, level="master"
    )
    app.store.games.create("Match three v Master", options)  # type: ignore[union-attr]
    scene = app.resume("Match three v Master")
    for _ in range(3):
        scene.act(Forfeit(1))  # the match is over: Yes in the game-over box plays a new one
        going = another(scene)
        assert going is not None
        app.go(going)
        assert isinstance(app.top, PlayScene) and app.top is not scene
        scene = app.top
    games = sorted(Store(tmp_path).games.list(), key=lambda s: s.name)
    assert [s.name for s in games] == [
        "2 Match three v Master",
        "3 Match three v Master",
        "4 Match three v Master",
        "Match three v Master",
    ]
    assert len({summary_line(s, WIDTHS)[0] for s in games}) == 4
    assert players_line(games[0]) == "Master 2-0 Bartholomew Fitzwilliams, over"
    assert full_line(games[0]) == f"2 Match three v Master: {players_line(games[0])}"
    assert free_name(Store(tmp_path), "Game 2") == "Game 2"  # a short name still counts on at its end


def test_the_list_on_the_whole_screen_gives_each_games_name_players_and_score_whole(
    tmp_path: Path, assets: Assets
) -> None:
    """Issue 43: the Players and score column hid both names; the toggle-size view writes them out."""
    app = make_app(tmp_path)
    options = GameOptions(Rules(match_length=3), ("Abcdefghijklmnopqrstuvwx", "Bartholomew Fitzwilliams"))
    app.store.games.create("A long evening at the club", options)  # type: ignore[union-attr]
    app.to_start()
    start = app.top
    assert isinstance(start, StartScene)
    start.furniture("toggle")
    app.draw()
    r = start.row_rect(0)
    whole = read_line(assets, r.y + 1 + ROW_H, wimp.MENU_SELECTED_TEXT, r.x, r.right)
    assert whole == "Abcdefghijklmnopqrstuvwx 0-0 Bartholomew Fitzwilliams"  # the name alone would not fit
