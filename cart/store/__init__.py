"""Everything the cartridge remembers: saved games, ratings, settings, ``.mat`` records.

Given a folder (or a :class:`Backend`), never imports pyxel, never starts a
thread or a process: it runs in CPython and in Pyodide alike.

On disk (schema version 1 of each kind, see :mod:`cart.store.envelope`)::

    games/<slug>-<hash>.json   one per named game (options, record, dice state)
    ratings.json               ratings, experience and history per player and level
    settings.json              sounds, music, clicks, tooltips, hints, animation, colours
    damaged/...                files that could not be used, set aside, never deleted
"""

from .backend import Backend, FileBackend, MemoryBackend
from .envelope import SCHEMA_VERSIONS
from .errors import (
    BadNameError,
    BadValueError,
    DamagedError,
    MatError,
    NewerVersionError,
    StoreError,
    WriteError,
)
from .games import Autosave, GameOptions, GameStore, GameSummary, SavedGame
from .ids import Moment, ids_at, moments
from .localstorage import LocalStorageBackend
from .matfile import MatImport, MatInfo, export_mat, import_mat
from .notices import Notice
from .ratings import Change, Rating, RatingBook, RatingStore, fibs_changes, k_factor, upset_probability
from .settings import Settings, SettingsStore
from .store import Store

__all__ = [
    "SCHEMA_VERSIONS",
    "Autosave",
    "Backend",
    "BadNameError",
    "BadValueError",
    "Change",
    "DamagedError",
    "FileBackend",
    "GameOptions",
    "GameStore",
    "GameSummary",
    "LocalStorageBackend",
    "MatError",
    "MatImport",
    "MatInfo",
    "MemoryBackend",
    "Moment",
    "NewerVersionError",
    "Notice",
    "Rating",
    "RatingBook",
    "RatingStore",
    "SavedGame",
    "Settings",
    "SettingsStore",
    "Store",
    "StoreError",
    "WriteError",
    "export_mat",
    "fibs_changes",
    "ids_at",
    "import_mat",
    "k_factor",
    "moments",
    "upset_probability",
]
