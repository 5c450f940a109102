"""The Play scene's menu (Play, Options, Sounds, ToolTips, Help), opened by MENU over the board.

Its entries do what the board's keys do (keys shown at the right), change the
settings, or open the boxes, which ask first where an action costs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cart.ui.controls import control, key_for
from cart.ui.kit.prefs import SPEEDS
from cart.ui.routes import ToNewGame
from cart.ui.wimp.keyboard import help_entry
from cart.ui.wimp.menus import Entry, MenuScene
from cart.ui.wimp.stage import Push, Transition, settings_not_saved
from cart.ui.windows.desk import desk_entries, scale_entry

from .play_boxes import ask_exit, ask_forfeit, ask_resign, review_table
from .play_info import export, show_ids, show_messages

if TYPE_CHECKING:
    from .play_boxes import PlayScene


TUTOR_MENU = (
    ("Off", "off"),
    ("Doubtful (0.04)", "doubtful"),
    ("Bad (0.08)", "bad"),
    ("Very bad (0.16)", "very bad"),
)
"""The Tutor menu: each label and the ``Settings.tutor`` it sets (the least error it asks about)."""


def board_key_entry(scene: PlayScene, command: str, enabled: bool, separator: bool = False) -> Entry:
    """An entry doing what a key does at the board, that key shown at its right (RISC OS style): the
    key of the device that opened the menu (a pad's button)."""
    return Entry(
        control(command).label,
        lambda: scene.command(command),
        enabled=enabled,
        separator=separator,
        key=key_for(command, scene.services.used.device),
    )


def open_menu(scene: PlayScene, x: int, y: int) -> Transition:
    """The board's menus: Play, Options, Sounds, ToolTips; and Help, the game's manual."""
    prefs = scene.services.prefs
    table = scene.table

    def tick(name: str) -> Callable[[], Transition | None]:
        return lambda: settings_not_saved(prefs.flip(name))

    def mover_numbers() -> Transition | None:
        failed = prefs.flip("mover_numbers")
        table.mover_numbers = prefs.settings.mover_numbers
        return settings_not_saved(failed)

    def this_game_hints() -> Transition | None:
        table.hints = not table.hints
        return settings_not_saved(prefs.remember())  # a save that failed before is tried again

    device = scene.services.used.device  # what opened the menu: its keys (a pad's buttons) are shown

    def key_entry(command: str, enabled: bool, separator: bool = False) -> Entry:
        return board_key_entry(scene, command, enabled, separator)

    def play_menu() -> list[Entry]:
        game = table.match.game
        mine = table.mine()
        moving = mine and game.phase == "move"
        rolling = mine and game.phase in ("opening", "roll")
        doubling = mine and game.can_double()
        return [
            Entry("New game", ToNewGame),
            *desk_entries(scene.services),
            Entry("Exit...", lambda: ask_exit(scene)),
            Entry("Resign...", lambda: ask_resign(scene), enabled=game.phase in ("roll", "move")),
            Entry("Forfeit...", lambda: ask_forfeit(scene), enabled=game.phase != "over", separator=True),
            key_entry("roll", rolling),
            key_entry("double", doubling),
            key_entry("hint", mine),
            key_entry("type_move", moving),
            key_entry("undo", moving),
            key_entry("undo_turn", moving, separator=True),
            Entry("Review...", lambda: review_table(scene.services, table)),
            Entry("Messages", lambda: show_messages(scene)),
            Entry("Export .mat", lambda: export(scene), enabled=table.session is not None),
            Entry("Position ID", lambda: show_ids(scene, "Position ID")),
            Entry("Match ID", lambda: show_ids(scene, "Match ID"), separator=True),
            Entry("Quit...", lambda: ask_exit(scene, quitting=True)),
        ]

    def speed_menu() -> list[Entry]:
        def set_speed(speed: str) -> Callable[[], Transition | None]:
            return lambda: settings_not_saved(prefs.change(animation_speed=speed))

        now = prefs.settings.animation_speed
        return [Entry(label, set_speed(speed), ticked=now == speed) for label, speed in SPEEDS]

    def tutor_menu() -> list[Entry]:
        def set_tutor(level: str) -> Callable[[], Transition | None]:
            return lambda: settings_not_saved(prefs.change(tutor=level))

        now = prefs.settings.tutor
        return [Entry(label, set_tutor(level), ticked=now == level) for label, level in TUTOR_MENU]

    def options_menu() -> list[Entry]:
        return [
            Entry("Hint arrows", this_game_hints, ticked=table.hints),  # this game's own
            Entry("Auto confirm", tick("auto_confirm"), ticked=prefs.ticks["auto_confirm"]),
            Entry("Pip counts", tick("pips"), ticked=prefs.ticks["pips"]),
            Entry("Mover's numbers", mover_numbers, ticked=prefs.settings.mover_numbers),
            Entry("Speed", submenu=speed_menu),
            *scale_entry(scene.services),
            Entry("Tutor", submenu=tutor_menu),
        ]

    def sounds_menu() -> list[Entry]:
        settings = prefs.settings
        return [
            Entry("Title music", tick("music"), ticked=settings.music),  # no tune plays at the table
            Entry("Effects", tick("sounds"), ticked=settings.sounds),
            Entry("Turkish", tick("turkish_clicks"), ticked=settings.turkish_clicks),
        ]

    entries = [
        Entry("Play", submenu=play_menu),
        Entry("Options", submenu=options_menu),
        Entry("Sounds", submenu=sounds_menu),
        Entry("ToolTips", tick("tooltips"), ticked=prefs.settings.tooltips),
        help_entry(device),
    ]
    table.lifted_from = None
    return Push(MenuScene(scene.services, "Backgammon", entries, x, y))
