"""Drills checked deeply before they are asked (``cart.drills.check``): kept, dropped, redone."""

from __future__ import annotations

from datetime import date

from short_matches import FEW_PLAYS, few_plays

from cart.ai.review import review_match
from cart.ai.rollout.check import check_key
from cart.drills import DrillBook
from cart.drills.check import check_all
from cart.engine import Position, parse_play
from cart.store import MemoryBackend, Store

DAY = date(2026, 3, 1)


def test_a_checked_drill_is_asked_with_the_deep_answer_and_checked_again_under_new_weights() -> None:
    book = DrillBook(Store(MemoryBackend()).drills, lambda: DAY)
    match = few_plays("17/14 2/1")  # a bad play where the deep check is cheap
    (drill,) = book.harvest(review_match(match), match, 0, game_id="g", game="g")
    (kept,) = list(check_all(book))
    assert kept.id == drill.id and kept.status == "ready"
    assert kept.analysis is not None and kept.analysis.key == check_key()
    assert kept.analysis.best == "17/14 3/2" and book.daily() == [kept] and book.unchecked(check_key()) == []
    outcome = book.answer(kept.id, parse_play(Position.from_position_id(FEW_PLAYS), (3, 1), "17/14 3/2"))
    assert outcome.right and outcome.cost == 0.0 and outcome.best.label == "17/14 3/2"
    assert list(check_all(book, "other weights")) and book.unchecked("other weights") == []  # redone


def test_a_play_the_deep_check_finds_right_is_dropped_and_never_asked() -> None:
    book = DrillBook(Store(MemoryBackend()).drills, lambda: DAY)
    match = few_plays("17/14 2/1")
    (drill,) = book.harvest(review_match(match), match, 0, game_id="g", game="g")
    book._change(drill.id, lambda _: drill.replace(made="17/14 3/2"))
    (dropped,) = list(check_all(book))
    assert dropped.status == "dropped" and book.daily() == [] and book.more() == []
    again = book.harvest(review_match(match), match, 0, game_id="h", game="h")
    assert again == [] and book.get(drill.id).status == "dropped"  # type: ignore[union-attr]
