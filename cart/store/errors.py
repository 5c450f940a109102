"""Errors of the store. Each message is meant to be shown to the player as it is."""

from __future__ import annotations


class StoreError(Exception):
    """Base of every error the store raises."""


class BadValueError(StoreError, ValueError):
    """A value the store refuses to keep (an option or setting out of range)."""


class BadNameError(BadValueError):
    """A game or player name the store refuses (empty, too long, control characters, taken)."""


class WriteError(StoreError, OSError):
    """Saving failed (disk full, no permission...). The previous copy is still intact."""


class ConflictError(WriteError):
    """Another cartridge (a second window or browser tab) saved this game since it was opened here.

    Nothing was written over it; the player reopens the game or takes it over.
    """


class DamagedError(StoreError, ValueError):
    """Stored data that cannot be trusted: unreadable, truncated, foreign, or failing validation."""


class NewerVersionError(StoreError, ValueError):
    """Data written by a newer Gammon Cart, with a schema version this one does not know.

    Not damage: such a file is refused and left where it is, byte for byte, never set
    aside or written over, so the newer cartridge finds it as it left it.
    """


class MatError(StoreError, ValueError):
    """A ``.mat`` file that cannot be imported; ``line`` (1-based, or None for the whole file) is named."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)
