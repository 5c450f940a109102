"""The Play scene's boxes that only tell: the message log, the IDs, and the exported record.

They read the table and change nothing; they see the scene through :class:`Seated`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from cart.store import MatError, export_mat
from cart.store.saves.names import entry_stem
from cart.ui.kit.text import local_time, wrap
from cart.ui.wimp.dialogs import Choice, Dialog
from cart.ui.wimp.stage import Push, Tell, Transition
from cart.ui.windows.saved_games import export_path

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services

    from .table import Table


class Seated(Protocol):
    """A scene at the table, as these boxes see it: its table and its services."""

    table: Table
    services: Services


MESSAGES_WIDTH = 60  # characters a line in the Messages box
MESSAGES_LINES = 20


def ok() -> list[Choice]:
    """A box's one button: OK, which Return and Escape press too."""
    return [Choice("OK", lambda: None, default=True, cancel=True)]


DEFAULT_NAME = re.compile(r"Game( [0-9]+)?")
"""The names the Create form offers (``free_name(store, "Game")``): every browser's first game is "Game"."""


def download_name(game: str, players: tuple[str, str] = ("", ""), created: str = "") -> str:
    """A download's file name from the game's: as the player wrote it, less what no file system takes.

    A name the form gave (every browser's first game is ``Game``) gets its players and time.

    >>> download_name('Friday: "Bob" vs me?'), download_name("  ..  ")
    ('Friday_ _Bob_ vs me_.mat', 'game.mat')
    >>> download_name("Game 2", ("Ann", "Expert"), "2026-11-26T14:05:00")
    'Game 2, Ann vs Expert, 2026-11-26 14.05.mat'
    """
    if DEFAULT_NAME.fullmatch(game) and all(players):
        when = f", {local_time(created).replace(':', '.')}" if created else ""
        game = f"{game}, {players[0]} vs {players[1]}{when}"
    kept = "".join("_" if c in '<>:"/\\|?*' or ord(c) < 32 else c for c in game).strip(" .")
    return f"{kept or 'game'}.mat"


def export(scene: Seated) -> Transition | None:
    """Write the game's ``.mat`` record into ``exports/`` beside the saves, and say where.

    In the browser the saves live in the page's storage, out of the player's
    reach, so the record is handed over as a download named after the game.
    """
    services = scene.services
    store = services.store
    session = scene.table.session
    if session is None or store is None:
        scene.table.say("only a saved game can be exported")
        return None
    try:
        data = export_mat(session.game).encode("utf-8")
        if services.page is not None:
            game = session.game
            name = download_name(game.name, game.options.names, game.created)
            services.page.download(name, data)
            return Tell("Export .mat", ("The game's record was handed to the browser as a download:", name))
        entry = f"exports/{entry_stem(session.game.name)}.mat"
        store.backend.write(entry, data)
    except (MatError, OSError) as exc:
        return Tell("Export .mat", (f"Could not export the game: {exc}",))
    return Tell("Export .mat", ("The game's record was written to", export_path(store, entry)))


def show_messages(scene: Seated) -> Transition:
    """The message log: what the table said lately, each message whole, newest last."""
    lines: list[str] = []
    for text in scene.table.log.history():
        lines.extend(wrap(text, MESSAGES_WIDTH))
    return Push(Dialog(scene.services, "Messages", lines[-MESSAGES_LINES:] or ["Nothing yet."], ok()))


def show_ids(scene: Seated, title: str = "Position ID") -> Transition:
    """Both IDs (GNU Backgammon's set-up takes the pair), in a box titled as the menu entry chosen."""
    m = scene.table.match
    lines = [f"Position ID: {m.position_id()}", f"Match ID:    {m.match_id()}"]
    return Push(Dialog(scene.services, title, lines, ok()))
