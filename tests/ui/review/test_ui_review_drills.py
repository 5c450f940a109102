"""Issue 38: a reviewed game gives drills without asking: once the Review's deep pass is whole, the
human player's mistakes go into the drills' book and are checked deeply, away from the frame."""

from __future__ import annotations

import random
from pathlib import Path

from finished_game import NAMES
from kept import CODE, kept
from short_matches import FEW_PLAYS
from test_ui_review import OPTIONS, Player, make_app, open_from_list

from cart.ai.review import DEEP_PLY, Review, review_cache_form, review_match
from cart.ai.rollout.check import check_key
from cart.drills import DrillBook
from cart.engine import Match, Position, Rules
from cart.ui.kit.assets import Assets


def bobs_blunder() -> Match:
    """Ann (the computer in OPTIONS) opens 6-1 well; Bob, the human, answers 6-1 with a blunder."""
    m = Match(Rules(), names=NAMES, rng=random.Random(1))
    m.roll((6, 1))
    m.play("13/7 8/7")
    m.roll((6, 1))
    m.play("8/2 6/5")
    return m


def bobs_reviews() -> tuple[Review, Review]:
    """The game's quick and deep reviews, kept (:mod:`kept`): the deep pass alone took a second of CPU."""
    game = bobs_blunder()
    return review_match(game), review_match(game, ply=DEEP_PLY)


def test_the_human_player_s_mistakes_become_checked_drills_after_the_deep_pass(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    game = bobs_blunder()
    assert app.store is not None
    saved = app.store.games.create("Friday", OPTIONS, record=game.record)
    quick, deep = kept("bobs-blunder-reviews", [*CODE, Path(__file__)], bobs_reviews)
    app.store.reviews.save(saved, review_cache_form(quick, game.record, deep))  # the deep pass is whole
    p = Player(app)
    scene = open_from_list(p)
    app.think_budget = None  # the frame's spare time
    book = DrillBook(app.store.drills)
    for _ in range(600):
        p.frames(1)
        if scene.drills.idle:
            break
    (drill,) = book.reload()
    assert (drill.player, drill.made, drill.sources[0].game) == (NAMES[1], "8/2 6/5", "Friday")
    assert drill.status == "ready" and drill.analysis is not None and drill.analysis.key == check_key()
    assert drill.analysis.best == "13/7 8/7" and book.daily() == [drill]
    p.frames(3)
    assert len(book.reload()) == 1  # harvested once


def test_the_reviews_checks_take_a_slice_a_frame_under_a_fixed_allowance_the_drills_windows_a_part(
    assets: Assets, tmp_path: Path
) -> None:
    """Nobody waits on the Review's checks: under the tests' allowance (every thought in one frame) they
    take one slice a frame, as its deep pass does; the Drills window's Start waits on its own."""
    from drill_book import play_drill, stock

    from cart.ui.review.checking import Checking

    app = make_app(tmp_path)
    assert app.store is not None and app.services.clock.budget == 30.0
    few = Position.from_position_id(FEW_PLAYS)  # three plays: the whole check a tenth of an opening's
    stock(app.store, [play_drill((3, 1), position=few).replace(analysis=None, status="new")])
    book = DrillBook(app.store.drills)
    review = Checking(app.services, book, background=True)
    for _ in range(3):
        assert not review.step()
    assert review.busy and review.thinker is not None and review.thinker.slices == 3
    assert app.services.clock.budget == 30.0  # the allowance given back
    window = Checking(app.services, book)
    assert window.step() and window.kept == 1 and not window.busy  # the whole check in one frame
    assert book.reload()[0].analysis is not None  # kept (ready, or dropped: no mistake after all)


class Echo:
    """A worker answering each part at once with the check no further on: only the asking is seen."""

    def __init__(self) -> None:
        self.asked = 0

    def ask(self, job: tuple[object, ...]) -> Ready:
        self.asked += 1
        return Ready(job[1])

    def close(self) -> None:
        pass


class Ready:
    ready, failed = True, False

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def value(self) -> object:
        return self.answer


def test_the_next_part_of_a_check_is_asked_in_the_frame_that_reads_the_last(
    assets: Assets, tmp_path: Path
) -> None:
    """The worker waits no longer than the frame that reads a part: the next part is asked in that frame."""
    from drill_book import play_drill, stock

    from cart.store import Store
    from cart.ui.app import App
    from cart.ui.review.checking import Checking

    worker = Echo()
    store = Store(tmp_path)
    stock(store, [play_drill((6, 1)).replace(analysis=None, status="new")])
    app = App(store=store, headless=True, seed=0, worker=worker)
    app.think_budget = 30.0
    checking = Checking(app.services, DrillBook(store.drills), background=True)
    assert not checking.step()
    assert worker.asked == 2 and checking.busy and checking.thinker is not None
