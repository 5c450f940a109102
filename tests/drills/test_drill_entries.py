"""Issue 38: a change of the drill book touches its own drills, whatever the book's size (counted in
bytes through a recording backend, never timed), and two books on one store keep each other's changes."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import date

import pytest
from short_matches import opening, opening_review

from cart.ai.review import review_match
from cart.drills import Analysis, Choice, Drill, DrillBook, drill_to_json
from cart.drills.harvest import REPLAY_SLICE
from cart.engine import Match, Move, Rules
from cart.store import MemoryBackend, Store, WriteError
from cart.store.drills import LOAD_SLICE

DAY = date(2026, 12, 6)
BASE = Drill("4HPwATDgc/ABMA", "cAkAAAAAAAAA", "double", None, "Ann", "no double", 0.1, "cube", DAY)
ANALYSIS = Analysis(
    "k",
    "double",
    (Choice("no double", "", 0.5), Choice("double, take", "", 0.8), Choice("double, pass", "", 1.0)),
)


class Recording(MemoryBackend):
    """A memory backend that counts the bytes and entries read and written."""

    def __init__(self) -> None:
        super().__init__()
        self.read_bytes = self.written_bytes = self.reads = self.writes = 0

    def read(self, name: str) -> bytes | None:
        data = super().read(name)
        self.reads += 1
        self.read_bytes += len(data or b"")
        return data

    def write(self, name: str, data: bytes) -> None:
        self.written_bytes += len(data)
        self.writes += 1
        super().write(name, data)

    def moved(self) -> int:
        moved = self.read_bytes + self.written_bytes
        self.read_bytes = self.written_bytes = self.reads = 0
        return moved


def book_of(size: int) -> tuple[DrillBook, Recording]:
    """A book of ``size`` checked drills in a recording store, read once."""
    backend = Recording()
    drills = [BASE.replace(match_id=f"{n:012d}", status="ready", analysis=ANALYSIS) for n in range(size)]
    Store(backend).drills.put(drill_to_json(d) for d in drills)
    book = DrillBook(Store(backend).drills, lambda: DAY)
    book.drills()
    backend.moved()
    return book, backend


def test_a_keep_and_a_harvest_move_the_same_bytes_in_a_book_of_ten_or_of_two_hundred() -> None:
    match = opening("8/2 6/5")
    review = opening_review("8/2 6/5")
    moved = []
    for size in (10, 200):
        book, backend = book_of(size)
        drill = book.drills()[3]
        kept = book.checked(drill.id, ANALYSIS, mistake=False)
        assert kept is not None and kept.status == "dropped"
        keep = backend.moved()
        (added,) = book.harvest(review, match, 0, game_id="g", game="g")
        harvest = backend.moved()
        assert book.get(added.id) == added and len(book.reload()) == size + 1
        moved.append((keep, harvest))
    (small, large) = moved
    assert small == large and max(large) < 4096  # one drill's entry read and written, not the book


def test_the_book_is_read_a_slice_at_a_time() -> None:
    book, backend = book_of(3 * LOAD_SLICE + 1)
    book = DrillBook(book.store, lambda: DAY)  # a Review's, not read yet
    steps = []
    while not book.load_step():
        steps.append(backend.reads)
        backend.moved()
    assert max(steps) <= LOAD_SLICE + 1 and len(steps) >= 3  # a slice (and the file of before looked for)
    assert len(book.drills()) == 3 * LOAD_SLICE + 1


def test_two_books_interleaved_across_drills_lose_nothing() -> None:
    backend = MemoryBackend()
    drills = [BASE.replace(match_id=f"{n:012d}", status="ready", analysis=ANALYSIS) for n in range(3)]
    Store(backend).drills.put(drill_to_json(d) for d in drills)
    one, two = DrillBook(Store(backend).drills, lambda: DAY), DrillBook(Store(backend).drills, lambda: DAY)
    one.drills(), two.drills()
    two.answer(drills[0].id, "double")
    one.checked(drills[1].id, ANALYSIS, mistake=False)
    one.answer(drills[0].id, "no double")  # over the other's answer, read afresh: both answers kept
    two.checked(drills[2].id, ANALYSIS, mistake=False)
    match = opening("8/2 6/5")
    (added,) = one.harvest(opening_review("8/2 6/5"), match, 0, game_id="g", game="g")
    after = {d.id: d for d in DrillBook(Store(backend).drills, lambda: DAY).drills()}
    assert [a.right for a in after[drills[0].id].answers] == [True, False]
    assert after[drills[1].id].status == after[drills[2].id].status == "dropped" and added.id in after


def test_a_keep_the_store_fails_is_said_and_changes_nothing() -> None:
    class Full(MemoryBackend):
        full = False

        def replace_if(self, name: str, data: bytes, expected: str | None) -> None:
            if self.full:
                raise OSError(28, "No space left on device")
            super().replace_if(name, data, expected)

    backend = Full()
    drills = [BASE.replace(match_id=f"{n:012d}", status="ready", analysis=ANALYSIS) for n in range(3)]
    Store(backend).drills.put(drill_to_json(d) for d in drills)
    book = DrillBook(Store(backend).drills, lambda: DAY)
    backend.full = True
    with pytest.raises(WriteError, match="No space left"):
        book.answer(drills[1].id, "double")
    again = DrillBook(Store(backend).drills, lambda: DAY).drills()
    assert sorted(book.drills(), key=str) == sorted(drills, key=str) == sorted(again, key=str)


def test_a_harvest_in_slices_replays_a_few_actions_or_keeps_one_drill_a_step() -> None:
    """The Review steps it a slice a frame: never the whole replay, never two drills' entries at once."""
    match = Match(Rules(), names=("Ann", "Bob"), rng=random.Random(3))
    while len(match.record) < 30 and match.game.phase != "over":
        if match.game.phase in ("opening", "roll"):
            match.roll()
        else:
            plays = match.game.legal_plays()
            match.apply(Move.of(plays[-1]))  # the last legal play: a careless player's
    review = review_match(match, ply=0)
    book, backend = book_of(20)
    added: list[Drill] = []

    def whole() -> Iterator[None]:
        added.extend((yield from book.harvesting(review, match, 0, game_id="g", game="g")))

    writes = [0]  # the entries each step wrote, the last step's last
    backend.writes = 0
    for _ in whole():
        writes[-1], backend.writes = backend.writes, 0
        writes.append(0)
    writes[-1] = backend.writes
    steps = len(writes) - 1
    assert len(added) >= 2 and max(writes) <= 1 and sum(writes) == len(added)
    assert steps >= len(match.record) // REPLAY_SLICE  # the replay paused every few actions
