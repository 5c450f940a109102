"""Everything the cartridge remembers: saved games, ratings, settings, ``.mat`` records.

Given a folder (or a :class:`Backend`), never imports pyxel, never starts a
thread or a process: it runs in CPython and in Pyodide alike.

On disk (each file a versioned envelope, see :mod:`cart.store.disk.envelope`)::

    games/<slug>-<hash>.json   one per named game: options, its latest actions, dice state (game schema 5)
    games/<slug>-<hash>.<n>.<digest>.part   the older part of a long record, in pieces written once
    ratings.json               ratings, experience, history and rated-result marks (schema 2)
    settings.json              sounds, music, clicks, tooltips, hints, animation, colours (schema 1)
    reviews/<slug>-<hash>.json each saved game's cached review, if it has one (review schema 1)
    damaged/...                files that could not be used, set aside, never deleted

A game's record is the JSON form of the engine's typed actions
(:class:`cart.engine.Action`), kept in pieces so that a save costs the same however
long the record (see :mod:`cart.store.saves.pieces`); files of an older game schema
(a play as ``["play", ...]``, no resignations, no set-up start, the whole record in
one file) are migrated when read and written in pieces at their next save.

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

from .disk.backend import FileBackend
from .disk.entries import Backend, MemoryBackend
from .disk.envelope import SCHEMA_VERSIONS
from .disk.localstorage import LocalStorageBackend
from .disk.notices import Notice
from .errors import (
    BadNameError,
    BadValueError,
    ConflictError,
    DamagedError,
    MatError,
    NewerVersionError,
    StoreError,
    WriteError,
)
from .mat.matfile import MatImport, MatInfo, export_mat, import_mat, read_mat, replay_mat
from .ratings import Change, Rating, RatingBook, RatingStore, fibs_changes, k_factor, upset_probability
from .saves.games import GameSummary, SavedGame
from .saves.gamestore import GameStore
from .saves.options import GameOptions
from .saves.reviews import ReviewStore
from .saves.session import GameSession
from .settings import Settings, SettingsStore
from .store import Store

__all__ = [
    "SCHEMA_VERSIONS",
    "Backend",
    "BadNameError",
    "BadValueError",
    "Change",
    "ConflictError",
    "DamagedError",
    "FileBackend",
    "GameOptions",
    "GameSession",
    "GameStore",
    "GameSummary",
    "LocalStorageBackend",
    "MatError",
    "MatImport",
    "MatInfo",
    "MemoryBackend",
    "NewerVersionError",
    "Notice",
    "Rating",
    "RatingBook",
    "RatingStore",
    "ReviewStore",
    "SavedGame",
    "Settings",
    "SettingsStore",
    "Store",
    "StoreError",
    "WriteError",
    "export_mat",
    "fibs_changes",
    "import_mat",
    "k_factor",
    "read_mat",
    "replay_mat",
    "upset_probability",
]
