"""Everything the cartridge remembers: saved games, ratings, settings, ``.mat`` records.

Given a folder (or a :class:`Backend`), never pyxel, threads or processes, so it
runs in CPython and Pyodide alike. Each file is a checksummed, versioned envelope:
``games/<slug>-<hash>.json`` (options, the record's latest actions, dice state) with
the older part of a long record in pieces written once beside it
(``games/<slug>-<hash>.<n>.<digest>.part``, :mod:`cart.store.saves.pieces`), so a save
costs the same however long the record; ``ratings.json``, ``settings.json``,
``reviews/`` (cached reviews), ``drills/`` (a drill an entry) and ``damaged/`` (what could
not be used, set aside, never deleted). Two cartridges may share a folder: a game has one writer at a time
(:class:`ConflictError` otherwise) and ratings are re-read and merged before each
write. Play through :meth:`Store.session`, the match's observer, so every committed
action is saved and every result rated, whoever applied it.
"""

from .disk.backend import FileBackend as FileBackend
from .disk.entries import Backend as Backend, MemoryBackend as MemoryBackend
from .disk.envelope import SCHEMA_VERSIONS as SCHEMA_VERSIONS
from .disk.localstorage import LocalStorageBackend as LocalStorageBackend
from .disk.notices import Notice as Notice
from .drills import DrillStore as DrillStore
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
