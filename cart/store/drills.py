"""The drills file: every drill in one checksummed envelope, changed by reading, changing and writing.

The store keeps the drills as plain JSON items (the drills' own module reads them, as the
Review's cache is read by the Review): ``drills.json``, kind ``drills``. Two cartridges on one
folder never lose each other's answers: a change is applied to the file as it is now, and
written only over the bytes it was applied to, else read and applied again. Bounded: past
:data:`MAX_DRILLS_BYTES` the caller's ``shed`` drops items until it fits. A drill names its
game by id and name only, so it outlives the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .disk.entries import MAX_BYTES, Backend, EntryChangedError, digest, replace_entry
from .disk.envelope import decode, encode, peek
from .disk.notices import Clock, Notice, set_aside, utc_now
from .errors import DamagedError, NewerVersionError, WriteError

ENTRY = "drills.json"
MAX_DRILLS_BYTES = MAX_BYTES // 16
"""The drills file's budget (512 KiB): base64 in a browser's ``localStorage`` makes it about
1.4 MB of the page's 5 MB, beside the saved games."""
NEWER_DRILLS = (
    "The drills were saved by a newer Gammon Cart. This one shows what it can read of them and "
    "keeps no answer or new drill."
)
_RETRIES = 20

Items = list[dict[str, Any]]


class DrillStore:
    """Load the drills' items and :meth:`update` them safely."""

    def __init__(self, backend: Backend, notices: list[Notice], clock: Clock = utc_now) -> None:
        self.backend = backend
        self.notices = notices
        self.clock = clock
        self.newer = False
        """The file was written by a newer Gammon Cart: read as far as this one can, never written."""

    def load(self) -> Items:
        """The stored items (``[]`` when none, or unreadable, or set aside: each with a notice)."""
        try:
            return self._read()[0]
        except OSError as exc:
            self.notices.append(Notice(ENTRY, None, f"Could not read the drills: {exc.strerror or exc}"))
            return []

    def update(self, change: Callable[[Items], Items], shed: Callable[[Items], Items]) -> Items:
        """Apply ``change`` to the items as stored now and write the result; ``shed`` drops some while
        the file would be over its budget. The items written; :class:`WriteError` if they cannot be."""
        if self.newer:
            raise WriteError(
                "Could not save the drills: a newer Gammon Cart keeps them, and this one leaves them"
            )
        for _ in range(_RETRIES):
            try:
                items, disk = self._read()
            except OSError as exc:
                raise WriteError(f"Could not read the drills to save them: {exc.strerror or exc}") from exc
            if self.newer:
                raise WriteError("Could not save the drills: a newer Gammon Cart saved them meanwhile")
            items = change(items)
            data = self._encoded(items, shed)
            try:
                replace_entry(self.backend, ENTRY, data[0], disk)
            except EntryChangedError:
                continue  # another cartridge wrote them meanwhile: apply the change to theirs
            except OSError as exc:
                raise WriteError(f"Could not save the drills: {exc.strerror or exc}") from exc
            return data[1]
        raise WriteError("Could not save the drills: another cartridge keeps saving them at the same time")

    @staticmethod
    def _encoded(items: Items, shed: Callable[[Items], Items]) -> tuple[bytes, Items]:
        while True:
            try:
                data = encode("drills", {"drills": items})
                if len(data) <= MAX_DRILLS_BYTES:
                    return data, items
            except WriteError:
                pass  # over the reader's limit itself: shed like any other
            fewer = shed(items)
            if len(fewer) >= len(items):
                raise WriteError("Could not save the drills: they do not fit the drills file")
            items = fewer

    def _read(self) -> tuple[Items, str | None]:
        """The items and the digest of the bytes they were read from."""
        data = self.backend.read(ENTRY)
        if data is None:
            return [], None
        try:
            body = decode("drills", data)
        except NewerVersionError:
            if not self.newer:
                self.newer = True
                self.notices.append(Notice(ENTRY, None, NEWER_DRILLS))
            body = peek("drills", data) or {}
        except DamagedError as exc:
            notice = set_aside(self.backend, ENTRY, "the drills", str(exc), self.clock)
            self.notices.append(notice)
            return [], None if notice.moved_to is not None else digest(data)
        items = body.get("drills")
        if not isinstance(items, list):
            return [], digest(data)
        return [x for x in items if isinstance(x, dict)], digest(data)
