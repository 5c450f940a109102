"""Everything the cartridge remembers: saved games, ratings, settings, ``.mat`` records.

Given a folder (or a :class:`Backend`), never imports pyxel, never starts a
thread or a process: it runs in CPython and in Pyodide alike.

On disk (each file a versioned envelope, see :mod:`cart.store.disk.envelope`)::

    games/<slug>-<hash>.json   one per named game: options, record, dice state (game schema 3)
    ratings.json               ratings, experience, history and rated-result marks (schema 2)
    settings.json              sounds, music, clicks, tooltips, hints, animation, colours (schema 1)
    reviews/<slug>-<hash>.json each saved game's cached review, if it has one (review schema 1)
    damaged/...                files that could not be used, set aside, never deleted

A game's record is the JSON form of the engine's typed actions
(:class:`cart.engine.Action`); files of game schema 1, which wrote a play as
``["play", ...]``, and of schema 2, which had no resignations, are migrated
when read and written as schema 3 at their next save (see :mod:`cart.store.saves.games`).

Two cartridges may share one folder (two windows, two browser tabs): a game
has one writer at a time. ``create()`` of a taken name fails even when two
race, and a save only replaces the file this copy last read or wrote; when
another copy saved it since, the save raises :class:`ConflictError` and
writes nothing (see :mod:`cart.store.disk.entries`), and the ratings are re-read
and merged before each write.

A game is played through :meth:`Store.session`: the :class:`GameSession` is
the match's ``on_commit`` observer, so every committed action is saved and
every finished game or match rated, whoever applied it.
"""

from .disk.backend import FileBackend as FileBackend
from .disk.entries import Backend as Backend, MemoryBackend as MemoryBackend
from .disk.envelope import SCHEMA_VERSIONS as SCHEMA_VERSIONS
from .disk.localstorage import LocalStorageBackend as LocalStorageBackend
from .disk.notices import Notice as Notice
from .errors import (
    BadNameError as BadNameError,
    BadValueError as BadValueError,
    ConflictError as ConflictError,
    DamagedError as DamagedError,
    MatError as MatError,
    NewerVersionError as NewerVersionError,
    StoreError as StoreError,
    WriteError as WriteError,
)
from .mat.matfile import (
    MatImport as MatImport,
    MatInfo as MatInfo,
    export_mat as export_mat,
    import_mat as import_mat,
    read_mat as read_mat,
    replay_mat as replay_mat,
)
from .ratings import (
    Change as Change,
    Rating as Rating,
    RatingBook as RatingBook,
    RatingStore as RatingStore,
    fibs_changes as fibs_changes,
    k_factor as k_factor,
    upset_probability as upset_probability,
)
from .saves.games import GameSummary as GameSummary, SavedGame as SavedGame
from .saves.gamestore import GameStore as GameStore
from .saves.options import GameOptions as GameOptions
from .saves.reviews import ReviewStore as ReviewStore
from .saves.session import GameSession as GameSession
from .settings import Settings as Settings, SettingsStore as SettingsStore
from .store import Store as Store
