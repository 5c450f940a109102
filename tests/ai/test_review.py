"""The review (``cart.ai.review``): plays, cube decisions and luck judged, sliced, totalled, stored."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import pytest
from mixed_game import mixed_deep_head, mixed_game, mixed_review
from short_matches import bear_off_last_roll, few_plays, opening, opening_review

from cart.ai import drain
from cart.ai.review import (
    CubeReview,
    PlayReview,
    Review,
    Reviewer,
    analysis_key,
    luck_mark,
    mark,
    rating,
    record_digest,
    review_cache_form,
    review_from_cache,
    review_from_json,
    review_match,
    review_to_json,
    think_review,
)
from cart.engine import GameState, Match, Move, Position, Rules


def test_marks_luck_and_ratings_use_gnubgs_words_and_thresholds() -> None:
    assert [mark(x) for x in (0.0, 0.039, 0.04, 0.079, 0.08, 0.159, 0.16, 1.0)] == [
        "", "", "doubtful", "doubtful", "bad", "bad", "very bad", "very bad",
    ]  # fmt: skip
    assert [luck_mark(x) for x in (0.0, 0.3, 0.31, 0.61, -0.31, -0.61)] == [
        "", "", "lucky", "very lucky", "unlucky", "very unlucky",
    ]  # fmt: skip
    words = [rating(x) for x in (0.001, 0.004, 0.007, 0.011, 0.017, 0.025, 0.034, 0.05)]
    assert words == [
        "Supernatural", "World class", "Expert", "Advanced", "Intermediate", "Casual player", "Beginner",
        "Awful!",
    ]  # fmt: skip
    assert rating(None) == "N/A"


def test_a_blunder_is_marked_with_the_masters_play_and_both_plays_steps() -> None:
    review = opening_review("8/2 6/5")
    (play,) = review.plays
    assert play.index == 1 and play.player == 0 and play.dice == (6, 1)
    assert play.made == ((8, 2), (6, 5)) and play.made_text == "8/2 6/5"
    assert play.best == ((13, 7), (8, 7)) and play.best_text == "13/7 8/7"
    assert play.loss == pytest.approx(play.best_equity - play.made_equity)
    assert play.loss >= 0.08 and play.mark in ("bad", "very bad") and not play.forced
    assert 0.0 < play.win_after < 0.5  # seat 0's chance after its own poor play
    good = opening_review("13/7 8/7").plays[0]
    assert good.loss == 0.0 and good.mark == "" and good.made == good.best
    assert review.errors() == [play] and opening_review("13/7 8/7").errors() == []


def test_zero_ply_judges_every_play_at_one_depth() -> None:
    review = review_match(opening("8/2 6/5"), ply=0)
    assert review.ply == 0 and review.plays[0].best_text == "13/7 8/7" and review.plays[0].mark != ""
    assert review.key != opening_review("8/2 6/5").key  # a cache of one ply never serves the other


def test_a_missed_double_and_a_wrong_take_are_cube_errors() -> None:
    m = bear_off_last_roll()
    m.roll((2, 1))  # should have doubled: the opponent would pass
    missed = review_match(m).cubes
    assert [(c.kind, c.made, c.right, c.player) for c in missed] == [("double", "no double", "double", 0)]
    assert missed[0].loss == pytest.approx(1.0 - missed[0].no_double) and missed[0].loss > 0.08
    assert missed[0].mark == mark(missed[0].loss) != ""
    m = bear_off_last_roll()
    m.double()
    m.take()
    cubes = review_match(m).cubes
    assert [(c.kind, c.made, c.right, c.player) for c in cubes] == [
        ("double", "double", "double", 0),
        ("take", "take", "drop", 1),
    ]
    assert cubes[0].loss == 0.0 and cubes[1].loss == pytest.approx(cubes[1].double_take - 1.0)
    totals = review_match(m).totals()
    assert totals[1].cube_error == cubes[1].loss and totals[1].cube_decisions == 1


def test_the_opening_roll_off_luck_is_its_best_plays_equity_and_a_normal_roll_against_the_36() -> None:
    m = opening("13/7 8/7")
    review = review_match(m)
    (roll,) = review.rolls
    assert roll.player == 0 and roll.index == 0 and roll.luck == pytest.approx(0.0, abs=0.4)
    assert roll.luck > 0.0  # 6-1 is one of the best roll-offs
    m = bear_off_last_roll()
    m.double()
    m.drop()
    assert review_match(m).rolls == ()  # no roll, no luck
    race = Match(
        Rules(),
        start=GameState.from_position(
            Rules(), Position.from_counts([11, 0, 0, 0, 2, 2] + [0] * 20, [9, 2, 2, 2] + [0] * 22)
        ),
    )
    race.roll((6, 6))
    lucky = review_match(race).rolls[0]
    assert lucky.luck > 0.3 and lucky.mark in ("lucky", "very lucky")


def test_totals_follow_gnubgs_error_rate_per_move() -> None:
    review = mixed_review()
    for seat, t in enumerate(review.totals()):
        plays = [p for p in review.plays if p.player == seat and not p.forced]
        cubes = [c for c in review.cubes if c.player == seat]
        assert t.moves == len(plays) and t.cube_decisions == sum(c.close for c in cubes)
        assert t.decisions == t.moves + t.cube_decisions
        assert t.total_error == pytest.approx(sum(p.loss for p in plays) + sum(c.loss for c in cubes))
        assert t.error_rate == pytest.approx(1000 * t.total_error / (t.moves + t.cube_decisions))
        assert t.rating == rating(t.total_error / (t.moves + t.cube_decisions))
        assert t.luck == pytest.approx(sum(r.luck for r in review.rolls if r.player == seat))
        assert sum(t.marks) == sum(1 for d in [*plays, *cubes] if d.mark)
    beginner, expert = review.totals()
    assert beginner.error_rate is not None and expert.error_rate is not None
    assert beginner.error_rate > expert.error_rate
    assert all(0.0 <= w <= 1.0 for _, w in review.graph())
    assert [d.index for d in review.decisions()] == sorted(d.index for d in review.decisions())
    moves = [i for i, a in enumerate(mixed_review().plays)]
    assert len(moves) == sum(isinstance(a, Move) for a in mixed_game().record)


def opening_of_the_mixed_game(upto: int = 14) -> tuple[Match, Review]:
    """The mixed game's first ``upto`` actions and their review, cut from the whole game's.

    Each decision is judged before its action is applied, so the review of a prefix is the
    whole review's decisions before ``upto``: the tests that review again review only this much.
    """
    m = mixed_game()
    whole = mixed_review()
    prefix = Match.replay(m.rules, m.record[:upto], names=m.names)
    cut = dataclasses.replace(
        whole,
        upto=upto,
        plays=tuple(p for p in whole.plays if p.index < upto),
        cubes=tuple(c for c in whole.cubes if c.index < upto),
        rolls=tuple(r for r in whole.rolls if r.index < upto),
    )
    return prefix, cut


def test_the_review_is_sliced_resumable_and_keeps_what_was_done() -> None:
    m, whole = opening_of_the_mixed_game(4)  # two plays: about 270 slices
    gen = think_review(m)
    assert sum(1 for _ in zip(range(5), gen, strict=False)) == 5  # it yields: a window steps it
    reviewer = Reviewer(m)
    gen = reviewer.think()
    for _ in range(150):
        next(gen)
    partial = reviewer.review()
    assert 0 < partial.upto < len(m.record) and 0.0 < reviewer.progress < 1.0
    assert partial.plays == whole.plays[: len(partial.plays)]
    del gen  # the window closed: what was done stays
    assert drain(reviewer.think()) == whole and reviewer.finished and reviewer.progress == 1.0


def test_a_game_in_progress_is_reviewed_so_far_then_continued() -> None:
    whole = mixed_game()
    m = Match.replay(whole.rules, whole.record[:4], names=whole.names)
    reviewer = Reviewer(m)
    first = drain(reviewer.think())
    assert first.upto == 4
    for action in whole.record[4:8]:
        m.apply(action)
    more = drain(reviewer.think())
    assert more.upto == 8 and more.plays[: len(first.plays)] == first.plays
    assert more == opening_of_the_mixed_game(8)[1]  # the review of the 8 actions at once


def test_the_stored_form_round_trips_and_refuses_anything_malformed() -> None:
    review = mixed_review()
    data = review_to_json(review)
    assert review_from_json(data) == review
    import json

    assert review_from_json(json.loads(json.dumps(data))) == review
    bad_values: list[object] = [
        None,
        [],
        {**data, "extra": 1},
        {k: v for k, v in data.items() if k != "plays"},
        {**data, "plays": [data["plays"][0][:-1]]},
        {**data, "plays": [[*data["plays"][0][:11], "nonsense", *data["plays"][0][12:]]]},
        {**data, "plays": [[*data["plays"][0][:10], math.nan, *data["plays"][0][11:]]]},
        {**data, "plays": [[*data["plays"][0][:3], [7, 1], *data["plays"][0][4:]]]},
        {**data, "names": ["a"]},
        {**data, "upto": "3"},
    ]
    for bad in bad_values:
        with pytest.raises(ValueError):
            review_from_json(bad)


def test_a_cached_review_serves_only_the_same_record_weights_and_version() -> None:
    m = mixed_game()
    key = analysis_key()
    review = mixed_review()
    form = review_cache_form(review, m.record)
    assert review_from_cache(form, m.record, key) == review
    assert review_from_cache(form, m.record, analysis_key(weights_digest="0" * 16)) is None  # new weights
    assert review_from_cache(form, m.record, key.replace(":v", ":v9")) is None  # another version
    other = mixed_game(seed=5)
    assert review_from_cache(form, other.record, key) is None  # another game
    assert review_from_cache({**form, "review": {"plays": 1}}, m.record, key) is None  # damaged
    assert review_from_cache("junk", m.record, key) is None and review_from_cache(None, m.record, key) is None
    assert record_digest(m.record, 3) != record_digest(m.record, 4)


def test_a_cached_prefix_is_kept_and_only_the_rest_is_reviewed(monkeypatch: pytest.MonkeyPatch) -> None:
    m, whole = opening_of_the_mixed_game(8)  # review_match(m), cut from the whole game's
    prefix, first = opening_of_the_mixed_game(4)
    cached = review_from_cache(review_cache_form(first, prefix.record), m.record, analysis_key())
    assert cached is not None and cached.upto == 4
    import cart.ai.review.work as work

    judged: list[int] = []
    real = work.think_play_review

    def counting(*args: object, **kw: object):  # type: ignore[no-untyped-def]
        judged.append(1)
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(work, "think_play_review", counting)
    reviewer = Reviewer(m, start=cached)
    assert reviewer.done == 4
    assert drain(reviewer.think()) == whole
    plays_before = sum(isinstance(a, Move) for a in m.record[:4])
    assert len(judged) == sum(isinstance(a, Move) for a in m.record) - plays_before


def test_decisions_of_each_kind_carry_record_indices_a_window_can_show() -> None:
    m = mixed_game()
    review = mixed_review()
    moments = m.moments()
    for d in review.decisions():
        before = moments[d.index]
        action = m.record[d.index]
        if isinstance(d, PlayReview):
            assert isinstance(action, Move) and before.position_id == d.position_id
            assert before.turn == d.player and before.dice is not None
        else:
            assert isinstance(d, CubeReview) and action.name in ("roll", "double", "take", "drop")
    assert isinstance(review, Review) and review.names == ("Ann", "Bob")


def test_a_dead_cube_is_no_decision() -> None:
    # post-Crawford, the leader (1-away) gains nothing by doubling: gnubg does not ask, nor do we
    from cart.ai.review.work import cube_matters

    rules = Rules(match_length=3)
    pos = Position.from_counts([13, 0, 0, 0, 0, 2] + [0] * 20, [12, 0, 0, 3] + [0] * 22)
    state = GameState.from_position(rules, pos)
    assert not cube_matters(state, (2, 0)) and cube_matters(state, (0, 2)) and cube_matters(state, (0, 0))
    assert not cube_matters(GameState.from_position(Rules(variant="maxgammon"), pos), (0, 0))


def test_a_match_set_up_at_a_score_is_reviewed_at_that_score() -> None:
    """At 4-4 in a 5-point match the cube is dead: a double decides nothing (from 0-0 it was "very bad")."""
    rules = Rules(match_length=5)
    start = GameState.from_position(rules, Position.start())
    m = Match(rules, names=("Ann", "Bob"), start=start, start_score=(4, 4))
    m.double()
    m.take()
    cubes = review_match(m).cubes
    assert [c.kind for c in cubes] == ["take"]  # the double decides nothing here, so it is no decision
    assert cubes[0].made == cubes[0].right == "take" and cubes[0].loss == 0.0 and not cubes[0].mark


# -- the deep pass ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "dice", "best"),
    [
        pytest.param(lambda: few_plays("17/14 2/1"), (3, 1), "17/14 3/2", id="few-plays"),
        pytest.param(lambda: opening("8/2 6/5"), (6, 1), "13/7 8/7", id="opening", marks=pytest.mark.slow),
    ],
)
def test_the_deep_pass_judges_plays_luck_and_the_graph_at_two_ply(
    game: Callable[[], Match], dice: tuple[int, int], best: str
) -> None:
    """Quick where there are few plays (2-ply of the opening takes a second); the roll-off's is slow."""
    from cart.ai import teacher_weights
    from cart.ai.deep import Deep
    from cart.ai.review import DEEP_PLY
    from cart.ai.review.play import think_play_review
    from cart.ai.review.work import cube_view
    from cart.engine.fast import flip_key

    m = game()
    quick, deep = review_match(m), review_match(m, ply=DEEP_PLY)
    assert deep.key == analysis_key(DEEP_PLY) != quick.key and deep.ply == DEEP_PLY
    weights = teacher_weights()  # the deep pass is the teacher's
    start = m.restarted()
    start.roll(dice)
    state = start.game
    made = flip_key(state.find(m.record[-1]).result.key)  # type: ignore[arg-type]
    own = Deep(weights)
    judged = drain(
        think_play_review(
            weights, state.position, dice, made, DEEP_PLY, cube_view(state, (0, 0)), own, closer=True
        )
    )
    play = deep.plays[0]
    assert (play.made_equity, play.best_equity, play.best_text) == (
        judged.made_equity, judged.best_equity, best,
    )  # fmt: skip
    assert play.mark == mark(judged.loss) and play.made_equity != quick.plays[0].made_equity
    assert play.win_after == pytest.approx(drain(own.think_after(made, DEEP_PLY))[0], abs=1e-12)
    assert deep.rolls[0].luck != quick.rolls[0].luck  # the roll's luck: its best play at 2-ply


@pytest.mark.parametrize(("play", "close"), [("17/14 2/1", True), ("17/14 3/2", False)])
def test_the_deep_pass_searches_a_close_call_again_at_three_ply(play: str, close: bool) -> None:
    """17/14 2/1 loses 0.087 cubeless at 2-ply, within CLOSE_BAND of a bad mark's 0.08; 17/14 3/2 is
    the best, and a play the 2-ply calls best is never looked at again (the hint's stays the Master's)."""
    from cart.ai import teacher_weights
    from cart.ai.deep import Deep
    from cart.ai.net import equity
    from cart.ai.review import DEEP_PLY
    from cart.ai.review.play import CLOSE_PLY, _close, think_play_review
    from cart.engine.fast import flip_key

    weights = teacher_weights()
    start = few_plays(play).restarted()
    start.roll((3, 1))
    state = start.game
    made = flip_key(state.find(few_plays(play).record[-1]).result.key)  # type: ignore[arg-type]
    plain: dict[int, float] = {}
    deeper: dict[int, float] = {}
    judged = (weights, state.position, (3, 1), made, DEEP_PLY, None)
    once = drain(think_play_review(*judged, Deep(weights), plain))
    twice = drain(think_play_review(*judged, Deep(weights), deeper, closer=True))
    assert _close(plain, made) is close and set(deeper) == set(plain) and len(plain) > 1
    assert not _close({1: 0.5, 2: 0.499}, 1) and _close({1: 0.5, 2: 0.45}, 2)  # best by a hair; 0.05 lost
    if close:
        own = Deep(weights)
        at_three = {k: equity(drain(own.think_after(k, CLOSE_PLY))) for k in plain}
        assert deeper == pytest.approx(at_three, abs=1e-12)
        assert (mark(once.loss), mark(twice.loss)) == ("bad", "doubtful")  # 0.087 at 2-ply, 0.077 at 3
    else:
        assert deeper == plain and twice == once


def test_a_deep_pass_overlays_the_quick_marks_as_far_as_it_has_got_and_is_kept_beside_them() -> None:
    from cart.ai.review import DEEP_PLY, overlaid

    m, quick = opening_of_the_mixed_game()
    got = 4  # two rolls and two plays judged deeply
    head = mixed_deep_head(got)
    shown = overlaid(quick, head)
    assert shown is not None and shown.key == quick.key and shown.upto == quick.upto
    assert [p for p in shown.plays if p.index < got] == list(head.plays) and len(head.plays) == 2
    assert [p for p in shown.plays if p.index >= got] == [p for p in quick.plays if p.index >= got]
    assert overlaid(quick, None) is quick and overlaid(None, head) is None
    form = review_cache_form(quick, m.record, head)
    assert review_from_cache(form, m.record, analysis_key()) == quick
    assert review_from_cache(form, m.record, analysis_key(DEEP_PLY)) == head
    assert review_from_cache(review_cache_form(quick, m.record), m.record, analysis_key(DEEP_PLY)) is None
