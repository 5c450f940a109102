"""The drills' face (``cart.drills``): harvest from a real review, the book in the store, the schedule."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from short_matches import bear_off_last_roll, opening, opening_review

from cart.ai.review import review_match
from cart.drills import (
    DAILY_DUE,
    DAILY_NEW,
    LEARNED,
    Analysis,
    Choice,
    Drill,
    DrillBook,
    drill_from_json,
    drill_to_json,
    harvest,
)
from cart.engine import Position, legal_plays, parse_play
from cart.store import MemoryBackend, Store

DAY = date(2026, 3, 1)


class Clock:
    def __init__(self, day: date = DAY) -> None:
        self.day = day

    def __call__(self) -> date:
        return self.day


def test_a_blunder_is_harvested_with_its_position_dice_and_match_state() -> None:
    match = opening("8/2 6/5")
    review = opening_review("8/2 6/5")
    (drill,) = harvest(review, match, 0, game_id="g1", game="Friday", today=DAY)
    moment = match.moment(1)
    assert (drill.position_id, drill.match_id, drill.dice) == (moment.position_id, moment.match_id, (6, 1))
    assert (drill.kind, drill.made, drill.player, drill.stage) == ("play", "8/2 6/5", "Ann", "opening")
    assert drill.loss == review.plays[0].loss and drill.status == "new" and drill.analysis is None
    assert drill.sources[0].game_id == "g1" and drill.sources[0].index == 1
    assert harvest(review, match, 1, game_id="g1", game="Friday", today=DAY) == []  # Bob made no mistake
    good = opening("13/7 8/7")
    assert harvest(opening_review("13/7 8/7"), good, 0, game_id="g2", game="x", today=DAY) == []


def test_cube_mistakes_are_harvested_for_the_doubler_and_the_taker() -> None:
    m = bear_off_last_roll()
    m.roll((2, 1))
    (missed,) = harvest(review_match(m), m, 0, game_id="g", game="g", today=DAY)
    assert (missed.kind, missed.made, missed.dice, missed.stage) == ("double", "no double", None, "cube")
    assert missed.match_id == m.moment(0).match_id
    m = bear_off_last_roll()
    m.double()
    m.take()
    review = review_match(m)
    assert harvest(review, m, 0, game_id="g", game="g", today=DAY) == []  # the double was right
    (taken,) = harvest(review, m, 1, game_id="g", game="g", today=DAY)
    assert (taken.kind, taken.made, taken.player) == ("take", "take", "Bob")
    assert taken.match_id == m.moment(1).match_id != m.moment(0).match_id  # the double is in the state


def test_the_book_keeps_merges_and_survives_a_reopening() -> None:
    backend = MemoryBackend()
    book = DrillBook(Store(backend).drills, Clock())
    match = opening("8/2 6/5")
    review = opening_review("8/2 6/5")
    (added,) = book.harvest(review, match, 0, game_id="g1", game="Friday")
    assert book.harvest(review, match, 0, game_id="g1", game="Friday") == []  # the same decision
    assert book.harvest(review, match, 0, game_id="g2", game="Saturday") == []  # the same position
    again = DrillBook(Store(backend).drills, Clock())
    (kept,) = again.drills()
    assert kept.id == added.id and [s.game for s in kept.sources] == ["Friday", "Saturday"]
    assert again.daily() == []  # not checked yet: never asked
    assert [d.id for d in again.unchecked("k1")] == [added.id]


def checked(book: DrillBook, drill: Drill) -> Drill:
    """The drill with a hand-made analysis: the master's play best by 0.2, the player's own below."""
    position = Position.from_position_id(drill.position_id)
    plays = {p.moves: p for p in legal_plays(position, (6, 1))}
    best, made = plays[((13, 7), (8, 7))], plays[((8, 2), (6, 5))]
    choices = (
        Choice("13/7 8/7", best.result.position_id(), 0.15),
        Choice("8/2 6/5", made.result.position_id(), -0.05),
    )
    kept = book.checked(drill.id, Analysis("k1", "13/7 8/7", choices), mistake=True)
    assert kept is not None and kept.status == "ready"
    return kept


def test_an_answer_is_judged_and_scheduled_right_further_out_wrong_tomorrow() -> None:
    clock = Clock()
    book = DrillBook(Store(MemoryBackend()).drills, clock)
    match = opening("8/2 6/5")
    (drill,) = book.harvest(opening_review("8/2 6/5"), match, 0, game_id="g", game="g")
    drill = checked(book, drill)
    assert book.daily() == [drill] and book.unchecked("k1") == [] and book.unchecked("k2") == [drill]
    position = Position.from_position_id(drill.position_id)
    plays = {p.moves: p for p in legal_plays(position, (6, 1))}
    wrong = book.answer(drill.id, plays[((8, 2), (6, 5))])
    assert not wrong.right and wrong.cost == pytest.approx(0.2) and wrong.best.label == "13/7 8/7"
    assert (wrong.drill.box, wrong.drill.due) == (1, DAY + timedelta(days=1))
    assert book.daily() == []  # answered today: tomorrow's
    elsewhere = book.answer(drill.id, parse_play(position, (6, 1), "24/18 6/5"))
    assert not elsewhere.right and elsewhere.at_least and elsewhere.cost == pytest.approx(0.2)
    dues = []
    for _ in range(LEARNED + 1):
        clock.day = book.get(drill.id).due  # type: ignore[union-attr]
        assert [d.id for d in book.daily()] == [drill.id]
        outcome = book.answer(drill.id, plays[((13, 7), (8, 7))])
        assert outcome.right and outcome.cost == 0.0
        dues.append((outcome.drill.due - clock.day).days)  # type: ignore[operator]
    assert dues == sorted(dues) and dues[-1] == dues[-2] and outcome.drill.box == LEARNED
    with pytest.raises(ValueError, match="answered with a play"):
        book.answer(drill.id, "double")


def test_the_daily_set_takes_ten_due_and_five_new_and_practise_more_the_rest() -> None:
    base = Drill("4HPwATDgc/ABMA", "cAkAAAAAAAAA", "double", None, "Ann", "no double", 0.1, "cube", DAY)
    analysis = Analysis(
        "k",
        "double",
        (Choice("no double", "", 0.5), Choice("double, take", "", 0.8), Choice("double, pass", "", 1.0)),
    )
    drills = [
        base.replace(
            match_id=f"cAkAAAAAAA{n:02d}",
            status="ready",
            analysis=analysis,
            box=0 if n < 8 else 2,
            due=None if n < 8 else DAY - timedelta(days=n),
        )
        for n in range(30)
    ]
    from cart.drills import daily, more

    today = daily(drills, DAY)
    assert len(today) == DAILY_DUE + DAILY_NEW
    assert [d.due for d in today[:DAILY_DUE]] == sorted(d.due for d in today[:DAILY_DUE])  # type: ignore[type-var]
    assert today[0].due == DAY - timedelta(days=29) and all(d.box == 0 for d in today[DAILY_DUE:])
    rest = more(drills, DAY, besides=[d.id for d in today])
    assert len(rest) == 30 - len(today) and not {d.id for d in rest} & {d.id for d in today}


def test_a_cube_answer_is_judged_by_the_doubler_and_the_taker_figures() -> None:
    base = Drill("4HPwATDgc/ABMA", "cAkAAAAAAAAA", "double", None, "Ann", "no double", 0.2, "cube", DAY)
    from cart.drills import judge

    double = base.replace(
        analysis=Analysis(
            "k",
            "double",
            (Choice("no double", "", 0.5), Choice("double, take", "", 0.8), Choice("double, pass", "", 1.0)),
        )
    )
    assert judge(double, "double").right and judge(double, "no double").cost == pytest.approx(0.3)
    take = base.replace(
        kind="take", analysis=Analysis("k", "pass", (Choice("take", "", -1.2), Choice("pass", "", -1.0)))
    )
    assert judge(take, "pass").right and judge(take, "take").cost == pytest.approx(0.2)
    with pytest.raises(ValueError, match="take, pass"):
        judge(take, "double")


def test_the_stored_form_round_trips_and_refuses_anything_malformed() -> None:
    match = opening("8/2 6/5")
    (drill,) = harvest(opening_review("8/2 6/5"), match, 0, game_id="g", game="g", today=DAY)
    drill = drill.replace(
        analysis=Analysis("k", "13/7 8/7", (Choice("13/7 8/7", "4HPwATDgc/ABMA", 0.1, 0.01, 36),))
    )
    assert drill_from_json(drill_to_json(drill)) == drill
    for broken in (
        {"kind": "chess"},
        {"dice": [7, 1]},
        {"added": "yesterday"},
        {"loss": float("nan")},
        {"position_id": "x"},
        {"analysis": {"key": "k", "best": "", "choices": []}},
    ):
        with pytest.raises(ValueError):
            drill_from_json({**drill_to_json(drill), **broken})


def test_a_damaged_drills_file_is_set_aside_and_bad_items_are_left_out() -> None:
    backend = MemoryBackend()
    store = Store(backend)
    book = DrillBook(store.drills, Clock())
    match = opening("8/2 6/5")
    book.harvest(opening_review("8/2 6/5"), match, 0, game_id="g", game="g")
    (name,) = backend.names("drills/")  # the drill's own entry
    data = backend.read(name)
    assert data is not None
    backend.write(name, data.replace(b"8/2 6/5", b"8/2 6/4"))
    store = Store(backend)
    assert DrillBook(store.drills, Clock()).drills() == []
    assert "drills" in store.take_notices()[0].message and backend.names("damaged/")


def test_two_windows_on_one_folder_keep_each_other_s_answers_and_harvests() -> None:
    backend = MemoryBackend()
    one, two = DrillBook(Store(backend).drills, Clock()), DrillBook(Store(backend).drills, Clock())
    match = opening("8/2 6/5")
    (drill,) = one.harvest(opening_review("8/2 6/5"), match, 0, game_id="g", game="g")
    checked(one, drill)
    other = opening("8/2 6/4", (6, 2))
    two.drills()  # read before the first window answers
    position = Position.from_position_id(drill.position_id)
    one.answer(drill.id, parse_play(position, (6, 1), "13/7 8/7"))
    added = two.harvest(opening_review("8/2 6/4", (6, 2)), other, 0, game_id="h", game="h")
    assert added and {d.id for d in two.reload()} == {drill.id, added[0].id}  # each change its own entry
    assert two.get(drill.id).box == 2  # type: ignore[union-attr]


def test_the_book_is_bounded_dropping_the_dropped_first() -> None:
    from cart.drills import MAX_DRILLS

    backend = MemoryBackend()
    book = DrillBook(Store(backend).drills, Clock())
    old = DAY - timedelta(days=1)
    base = Drill("4HPwATDgc/ABMA", "cAkAAAAAAAAA", "double", None, "Ann", "no double", 0.1, "cube", old)
    ids = [f"{n:012d}" for n in range(MAX_DRILLS + 5)]
    book.store.put(
        drill_to_json(base.replace(match_id=m, status="dropped" if n < 3 else "new"))
        for n, m in enumerate(ids)
    )
    match = opening("8/2 6/5")
    (added,) = book.harvest(opening_review("8/2 6/5"), match, 0, game_id="g", game="g")  # one more: six go
    kept = DrillBook(Store(backend).drills, Clock()).drills()
    assert len(kept) == MAX_DRILLS and all(d.status == "new" for d in kept) and added in kept


def test_a_long_game_name_is_kept_cut_so_the_drill_reads_back() -> None:
    backend = MemoryBackend()
    match = opening("8/2 6/5")
    DrillBook(Store(backend).drills, Clock()).harvest(
        opening_review("8/2 6/5"), match, 0, game_id="g", game="x" * 300
    )
    (drill,) = DrillBook(Store(backend).drills, Clock()).drills()
    assert drill.sources[0].game == "x" * 80


def test_a_drill_outlives_its_game() -> None:
    from cart.store import GameOptions

    store = Store(MemoryBackend())
    match = opening("8/2 6/5")
    saved = store.games.create("Friday", GameOptions(names=("Ann", "Bob")), record=match.record)
    book = DrillBook(store.drills, Clock())
    book.harvest(opening_review("8/2 6/5"), match, 0, game_id=saved.game_id, game=saved.name)
    store.games.delete("Friday")
    (drill,) = book.reload()
    assert (drill.sources[0].game_id, drill.sources[0].game) == (saved.game_id, "Friday")
