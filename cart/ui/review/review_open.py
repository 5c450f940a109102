"""Where a Review window is opened from: the table (game over, or the moves so far), a saved game, a file.

Each builds a :class:`~cart.ui.review.review.ReviewSource` and returns the window.
A saved game's review is kept beside it, so it is never worked out twice. A
``.mat`` file is dropped on the window or, on the desktop, typed as a path: Pyxel's
web runtime has no file chooser, so the browser asks for a drop.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pyxel

from cart.ai.review import DEEP_PLY, Review, analysis_key, review_cache_form, review_from_cache
from cart.drills import unsaved_id
from cart.engine import Match
from cart.store import MatError, SavedGame, StoreError, read_mat
from cart.ui.board.view_state import Player, other_colour_of, players_of
from cart.ui.kit.assets import CHAR_W, Assets
from cart.ui.kit.intents import Dropped, Intent
from cart.ui.kit.text import cut, shown, wrap
from cart.ui.wimp.dialogs import Choice, Dialog
from cart.ui.wimp.keyboard import key_for
from cart.ui.wimp.stage import Pop, Push, Tell, Transition, chain
from cart.ui.wimp.widgets import FIELD_PAD, TextField

from .review import ReviewScene
from .review_drills import DrillSeats, human_seats
from .review_source import ReviewSource

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services


WEB = sys.platform == "emscripten"
MAT_NAME = 60  # characters of a file's name in the window's title, as many as a saved game's; "..." past
PATH_LEN = 1024  # characters a typed path may have


def copy_of(match: Match) -> Match:
    """The match replayed from its record: the window reads it, the game goes on untouched."""
    return Match.replay(
        match.rules, list(match.record), names=match.names, start=match.start, start_score=match.start_score
    )


def cached_review(
    services: Services, saved: SavedGame | None, match: Match
) -> tuple[Review | None, Review | None, Callable[[Review, Review | None], str | None] | None]:
    """The review kept for ``saved`` and its deep pass (None when none fits this record), and how to
    keep new ones (both together, each under its own key)."""
    store = services.store
    if store is None or saved is None:
        return None, None, None
    try:
        data = store.reviews.load(saved)
        cached = review_from_cache(data, match.record, analysis_key())
        deep = review_from_cache(data, match.record, analysis_key(DEEP_PLY))
    except (OSError, ValueError):
        cached = deep = None

    def keep(review: Review, deep: Review | None) -> str | None:
        try:
            store.reviews.save(saved, review_cache_form(review, match.record, deep))
        except StoreError as exc:
            return str(exc)
        return None

    return cached, deep, keep


def kept_rollouts(
    services: Services, saved: SavedGame | None
) -> tuple[dict[str, Any] | None, Callable[[dict[str, Any]], str | None] | None]:
    """The rollouts kept with ``saved``'s review (the store's form), and how to keep them anew."""
    store = services.store
    if store is None or saved is None:
        return None, None
    try:
        kept = store.reviews.load_rollouts(saved)
    except (OSError, ValueError):
        kept = None

    def keep(rollouts: dict[str, Any]) -> str | None:
        try:
            store.reviews.save_rollouts(saved, rollouts)
        except StoreError as exc:
            return str(exc)
        return None

    return kept, keep


def review_saved(services: Services, saved: SavedGame) -> Transition:
    """A saved game told back from the saved-games list (finished or not: its moves so far)."""
    match = copy_of(saved.match)
    if not match.record:
        return Tell("Review", (f"{shown(saved.name)} has no moves yet: nothing to review.",))
    options = saved.options
    colour = other_colour_of(services.prefs.settings)
    players = players_of(options, colour, None)
    viewer = 1 - options.computer if options.computer is not None else 1
    cached, deep, keep = cached_review(services, saved, match)
    source = ReviewSource(saved.name, match, players, viewer, cached, keep, deep=deep)
    source.rollouts, source.keep_rollouts = kept_rollouts(services, saved)
    source.drills = DrillSeats(saved.game_id, saved.name, human_seats(options, viewer))
    return Push(ReviewScene(services, source))


def review_file(services: Services, path: str) -> Transition:
    """The match in the ``.mat`` file at ``path`` told back, or a box saying why it cannot be.

    The file is named as the player knows it: in the browser a dropped file
    lies in Pyodide's ``/tmp`` under a name of the page's making.
    """
    name = services.file_name(path)
    try:
        match = read_mat(path)
    except MatError as exc:
        return Tell("Import .mat", (*wrap(shown(str(exc).replace(path, name)), 60), "Nothing was changed."))
    if not match.record:
        return Tell("Import .mat", (f"{name} records no moves: nothing to review.",))
    colour = other_colour_of(services.prefs.settings)
    players = (Player(match.names[0], colour), Player(match.names[1], "red"))
    title = cut(shown(name), MAT_NAME, at_word=False)  # shown, and "..." past the room
    seats = DrillSeats(unsaved_id(match), name, human_seats(None, 1))
    return Push(ReviewScene(services, ReviewSource(title, match, players, 1, drills=seats)))


class ImportBox(Dialog):
    """Import .mat: a file dropped on the window, or (on the desktop) its path typed and Return."""

    takes_drops = True

    def update(self, intents: list[Intent]) -> Transition | None:
        for intent in intents:
            if isinstance(intent, Dropped):
                return Pop(self, then=review_file(self.services, intent.path))
        return super().update([i for i in intents if not isinstance(i, Dropped)])


def import_box(services: Services) -> Transition:
    """The Import .mat box: what Pyxel lets a cartridge take, said plainly where it runs."""
    cancel = [Choice("Cancel", lambda: None, cancel=True)]
    if WEB:
        lines = [
            "Drop a .mat file (GNU Backgammon's, or one",
            "exported here) onto the game's screen.",
            "The browser gives a game no file chooser.",
        ]
        return Push(ImportBox(services, "Import .mat", lines, cancel))
    lines = [
        "Drop a .mat file (GNU Backgammon's, or one",
        "exported here) onto this window, or type",
        f"its path and press {key_for('confirm', services.used.device)}:",  # a pad's X, where a pad opened it
    ]

    def submit(text: str) -> str | Transition | None:
        path = os.path.expanduser(text.strip())
        if not path:
            return "type the file's path, or drop the file"
        if os.path.isdir(path):
            return f"{text.strip()} is a folder: type the path of a .mat file"
        if not os.path.isfile(path):
            return f"no such file: {text.strip()}"
        return chain(review_file(services, path))

    box = ImportBox(services, "Import .mat", lines, cancel, field_text="", on_text=submit, width=440)
    assert box.field is not None
    box.field = PathField(box.field.rect, "", PATH_LEN, focused=True)
    return Push(box)


class PathField(TextField):
    """A writable icon for a path longer than it is wide: it keeps every character, shows the end."""

    @property
    def capacity(self) -> int:
        return self.max_len

    def draw(self, assets: Assets, g: pyxel.Image) -> None:
        room = (self.rect.w - 2 * FIELD_PAD) // CHAR_W - 1
        whole = self.text
        self.text = whole[-room:] if len(whole) > room else whole
        try:
            super().draw(assets, g)
        finally:
            self.text = whole
