"""The drills: one entry a drill, named by the drill's identity, so a change reads and writes one drill.

``drills/<digest of its Position ID and Match ID>.json``, kind ``drill``: keeping a check or an
answer touches its own drill's entry, and a harvest looks each drill it found up by name, so
neither costs more in a bigger book (in the page the frame holds ``localStorage``, which no worker
can take). The items are plain JSON, as the Review's cache is kept: the drills' own module reads
them. Two cartridges on one folder never lose each other's changes: an entry is replaced only over
the bytes its change was applied to, else read and changed again. Bounded: past
:data:`MAX_DRILLS_BYTES` or the caller's count, its rank says which drills go (judged by what this
store has read and written). A damaged entry is
set aside with a notice, a newer one read and never written; a drill names its game by id and
name only, so it outlives the game.

The single file of before (``drills.json``, every drill in one envelope, each change rewriting it
all) is split into entries when first read, an entry already there kept, then renamed
``drills.json.v1-<stamp>`` (never read again, nothing deleted); a newer one is left alone and the
drills kept read only.
"""

from __future__ import annotations

import errno
import hashlib
from collections.abc import Callable, Generator, Iterable
from typing import Any

from .disk.entries import Backend, EntryChangedError, create_entry, digest, replace_entry
from .disk.envelope import decode, encode, peek
from .disk.notices import Clock, Notice, set_aside, utc_now
from .errors import DamagedError, NewerVersionError, WriteError

FOLDER = "drills/"
OLD_ENTRY = "drills.json"
"""The single drills file of before (kind ``drills``), split into :data:`FOLDER` when found."""
MAX_DRILLS_BYTES = 640 * 1024
"""The drills' budget in all: the 512 KiB the single file of before held, and each entry's own
envelope (about 180 bytes) for 600 drills. Base64 in a browser's ``localStorage`` makes it about
1.75 MB of the page's 5 MB, beside the saved games."""
NEWER_DRILLS = (
    "The drills were saved by a newer Gammon Cart. This one shows what it can read of them and "
    "keeps no answer or new drill."
)
_RETRIES = 20
LOAD_SLICE = 16
"""Entries :meth:`DrillStore.loading` reads between two of its pauses: a few milliseconds in the page."""

Item = dict[str, Any]


def entry_of(drill_id: str) -> str:
    """The entry of the drill ``drill_id`` (``position_id:match_id``): entry names are lowercase,
    Position IDs are not, so the name is 128 bits of its SHA-256."""
    return f"{FOLDER}{hashlib.sha256(drill_id.encode('utf-8')).hexdigest()[:32]}.json"


def drill_id(item: Item) -> str | None:
    """The identity of a stored drill (None when its IDs are not text: the drills' module refuses it)."""
    position, match = item.get("position_id"), item.get("match_id")
    return f"{position}:{match}" if isinstance(position, str) and isinstance(match, str) else None


class DrillStore:
    """The drills' items by drill id: :meth:`load` them (or read them a slice at a time, :meth:`loading`),
    :meth:`update` one, :meth:`bound` them all."""

    def __init__(self, backend: Backend, notices: list[Notice], clock: Clock = utc_now) -> None:
        self.backend = backend
        self.notices = notices
        self.clock = clock
        self.newer = False
        """The old single file is a newer Gammon Cart's: read as far as this one can, nothing written."""
        self._known: dict[str, tuple[int, Item]] = {}  # entry: its bytes and item, as last read or written
        self._newer_entries: set[str] = set()
        self._told_newer = False
        self._split = False  # the file of before looked for (and split) by this store

    def load(self) -> dict[str, Item]:
        """Every stored item by drill id (none when unreadable: each problem with a notice)."""
        loading = self.loading()
        while True:
            try:
                next(loading)
            except StopIteration as done:
                items: dict[str, Item] = done.value
                return items

    def loading(self, step: int = LOAD_SLICE) -> Generator[tuple[int, int], None, dict[str, Item]]:
        """:meth:`load` a slice at a time: pauses after every ``step`` entries read, for a frame's share,
        with how many of how many entries it has read (a window says so while the player waits)."""
        found: dict[str, Item] = {}
        self._split = False  # looked for again: an older cartridge may have written one since
        try:
            self._migrate(found)
            names = self._names()
        except OSError as exc:
            self.notices.append(Notice(FOLDER, None, f"Could not read the drills: {exc.strerror or exc}"))
            return found
        listed = set(names)
        self._known = {n: k for n, k in self._known.items() if n in listed}
        for n, name in enumerate(names):
            if n and n % step == 0:
                yield n, len(names)
            try:
                item = self._read(name)
            except OSError as exc:
                self.notices.append(Notice(name, None, f"Could not read a drill: {exc.strerror or exc}"))
                continue
            if item is not None:
                found.setdefault(str(drill_id(item)), item)
        return found

    def update(self, drill: str, change: Callable[[Item | None], Item | None]) -> Item | None:
        """Apply ``change`` to the drill ``drill``'s item as stored now (None: none) and write what it
        gives (None: nothing to write); the item kept. :class:`WriteError` if it cannot be."""
        name = entry_of(drill)
        try:
            self._migrate({})
        except OSError as exc:
            raise WriteError(f"Could not read the drills to save them: {exc.strerror or exc}") from exc
        self._writable(name)
        for _ in range(_RETRIES):
            try:
                data = self.backend.read(name)
                item = self._opened(name, data)
                if item is None and data is not None:  # damaged, set aside with its notice: gone or stuck
                    data = self.backend.read(name)
            except OSError as exc:
                raise WriteError(f"Could not read the drills to save them: {exc.strerror or exc}") from exc
            self._writable(name)
            changed = change(None if item is None else dict(item))
            if changed is None:
                return item
            if drill_id(changed) != drill:
                raise ValueError(f"a change of drill {drill} made drill {drill_id(changed)}")
            new = encode("drill", {"id": drill, "drill": changed})
            try:
                replace_entry(self.backend, name, new, digest(data))
            except EntryChangedError:
                continue  # another cartridge wrote it meanwhile: apply the change to theirs
            except OSError as exc:
                raise WriteError(f"Could not save the drills: {exc.strerror or exc}") from exc
            self._known[name] = (len(new), changed)
            return changed
        raise WriteError("Could not save the drills: another cartridge keeps saving them at the same time")

    def put(self, items: Iterable[Item]) -> None:
        """Make the drills ``items`` and no other, each written over what is there (a book stocked
        whole: the tools' and the tests')."""
        kept = set()
        for item in items:
            key = drill_id(item)
            if key is None:
                raise ValueError(f"not a stored drill: {item!r}")
            self.update(key, _always(item))
            kept.add(entry_of(key))
        for name in self._names():
            if name not in kept:
                self.backend.delete(name)
                self._known.pop(name, None)

    def bound(self, rank: Callable[[Item], Any], most: int) -> list[str]:
        """Remove the drills first in ``rank`` while there are over ``most`` or they are over
        :data:`MAX_DRILLS_BYTES`; the ids removed. Judged by the entries this store has read or
        written (a book is read whole before it grows), so it lists nothing: in the page a listing
        walks every key of the origin's ``localStorage``. Another cartridge's new drills count from
        its next read; that cartridge bounds its own."""
        count, total = len(self._known), sum(size for size, _ in self._known.values())
        removed: list[str] = []
        if count <= most and total <= MAX_DRILLS_BYTES:
            return removed
        for name in sorted(self._known, key=lambda n: rank(self._known[n][1])):
            if count <= most and total <= MAX_DRILLS_BYTES:
                break
            if name in self._newer_entries:
                continue
            size, item = self._known.pop(name)
            try:
                self.backend.delete(name)
            except OSError as exc:
                raise WriteError(f"Could not make room among the drills: {exc.strerror or exc}") from exc
            count, total = count - 1, total - size
            removed.append(str(drill_id(item)))
        return removed

    def _writable(self, name: str) -> None:
        if self.newer or name in self._newer_entries:
            raise WriteError(
                "Could not save the drills: a newer Gammon Cart keeps them, and this one leaves them"
            )

    def _names(self) -> list[str]:
        return [n for n in self.backend.names(FOLDER) if n.endswith(".json")]

    def _read(self, name: str) -> Item | None:
        """The item of the entry ``name`` (None: absent, or unusable with a notice); OSError passes."""
        return self._opened(name, self.backend.read(name))

    def _opened(self, name: str, data: bytes | None) -> Item | None:
        if data is None:
            self._known.pop(name, None)
            return None
        newer = False
        try:
            body = decode("drill", data)
        except NewerVersionError:
            newer = True
            self._newer_entries.add(name)
            self._tell_newer()
            body = peek("drill", data) or {}
        except DamagedError as exc:
            self._known.pop(name, None)
            self.notices.append(set_aside(self.backend, name, "a drill", str(exc), self.clock))
            return None
        item, key = body.get("drill"), body.get("id")
        if not (
            isinstance(item, dict)
            and isinstance(key, str)
            and drill_id(item) == key
            and entry_of(key) == name
        ):
            self._known.pop(name, None)
            if not newer:  # a newer layout is left alone, unread; this one's is damaged
                reason = "it holds another drill than its name says"
                self.notices.append(set_aside(self.backend, name, "a drill", reason, self.clock))
            return None
        self._known[name] = (len(data), item)
        return item

    def _tell_newer(self) -> None:
        if not self._told_newer:
            self._told_newer = True
            self.notices.append(Notice(FOLDER, None, NEWER_DRILLS))

    def _migrate(self, found: dict[str, Item]) -> None:
        """Split the single file of before into entries (one kept where there is one), then rename it;
        a newer one is read, left alone, and makes the drills read only. Once a store: OSError passes."""
        if self._split:
            return
        data = self.backend.read(OLD_ENTRY)
        if data is None:
            self._split = True
            return
        try:
            body = decode("drills", data)
        except NewerVersionError:
            self.newer = True
            self._tell_newer()
            items = (peek("drills", data) or {}).get("drills")
            for item in items if isinstance(items, list) else []:
                key = drill_id(item) if isinstance(item, dict) else None
                if key is not None:
                    found.setdefault(key, item)
            return
        except DamagedError as exc:
            self.notices.append(set_aside(self.backend, OLD_ENTRY, "the drills", str(exc), self.clock))
            return
        items = body.get("drills")
        for item in items if isinstance(items, list) else []:
            key = drill_id(item) if isinstance(item, dict) else None
            if key is None:
                continue  # not a drill: the book would have left it out too
            try:
                create_entry(self.backend, entry_of(key), encode("drill", {"id": key, "drill": item}))
            except FileExistsError:
                continue  # a drill kept since (or split by another cartridge): the newer answer stays
            except WriteError:
                continue  # over an entry's limit: no drill the drills' module reads is
        stamp = self.clock().strftime("%Y%m%d-%H%M%S")
        for n in range(1000):
            try:
                self.backend.rename(OLD_ENTRY, f"{OLD_ENTRY}.v1-{stamp}" + (f"-{n}" if n else ""))
            except FileExistsError:
                continue
            except FileNotFoundError:
                pass  # another cartridge split it meanwhile
            self._split = True  # every drill of it is in its entry: nothing to look for in this store
            return
        raise OSError(errno.EEXIST, "no free name for the drills file of before", OLD_ENTRY)


def _always(item: Item) -> Callable[[Item | None], Item]:
    return lambda _: item
