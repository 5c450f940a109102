"""The cube: the match equity table against GNU Backgammon's own copy, and the cubeful models' shape."""

from __future__ import annotations

import itertools

import pytest

from cart.ai import met
from cart.ai.cube import CubeState, MatchCube, janowski, lookahead
from tools import make_met

NO_GAMMONS = (0.0, 0.0, 0.0, 0.0)


# -- the match equity table --------------------------------------------------------------
def test_the_shipped_table_is_gnubg_s_kazaross_xg2() -> None:
    """The generated module is what ``tools.make_met`` makes from gnubg's XML today."""
    assert make_met.render(*make_met.read(make_met.source())) == make_met.OUT.read_text(encoding="utf-8")


def test_equity_reads_the_table_everywhere_up_to_25_away() -> None:
    pre, post = make_met.read(make_met.source())
    for mine, theirs in itertools.product(range(1, 26), repeat=2):
        if mine == 1 and theirs == 1:
            assert met.equity(1, 1) == 0.5
        elif mine == 1 or theirs == 1:
            assert met.equity(mine, theirs, crawford=True) == pre[mine - 1][theirs - 1]
            trailer = post[max(mine, theirs) - 1]
            assert met.equity(mine, theirs) == pytest.approx(trailer if theirs == 1 else 1.0 - trailer)
        else:
            assert met.equity(mine, theirs) == pre[mine - 1][theirs - 1]


def test_the_post_crawford_free_drop_and_the_model_beyond_the_table() -> None:
    assert met.equity(2, 1) == pytest.approx(0.48803)  # not 50%: the leader may drop the first double
    assert met.equity(26, 26) == 0.5
    for a, b in [(30, 25), (25, 30), (40, 3), (3, 40), (26, 1)]:
        assert met.equity(a, b) + met.equity(b, a) == pytest.approx(1.0)
    assert met.equity(25, 30) > met.equity(26, 30) > met.equity(27, 30)
    assert abs(met.equity(26, 25) - met.equity(25, 24)) < 0.02  # the model meets the table smoothly


# -- the match cube model ------------------------------------------------------------------
def test_take_points_at_2_away_4_away_follow_the_table_and_the_recube() -> None:
    """The leader doubles to 2 at 2-away/4-away: the trailer's recube to 4 is his match."""
    cube = MatchCube((2, 4), False, 0.7, NO_GAMMONS, 0.68)
    # redoubled to 4, the leader risks 2-away/2-away (50%) against all or nothing: 50%
    assert cube.take_point(0, 4) == pytest.approx(0.5)
    # doubled to 2, the trailer passes into the Crawford game (1 - 0.81436) and cashes at 2-away/2-away
    pass_value = 1.0 - met.equity(1, 4, crawford=True)
    assert cube.take_point(1, 2) == pytest.approx((1.0 - cube.take_point(0, 4)) * pass_value / 0.5)
    assert cube.cash_point(0, 2) is None  # the leader's own cube at 2 is dead: a win already ends it


def test_a_dead_cube_is_worth_the_cubeless_chances() -> None:
    crawford = MatchCube((1, 5), True, 0.6, (0.1, 0.01, 0.1, 0.01), 0.68)
    assert not crawford.can_double(0, 1) and not crawford.can_double(1, 1)
    dead = 0.6 * crawford.won(1) + 0.4 * crawford.lost(1)
    assert crawford.cubeful(1, None) == pytest.approx(dead)
    state = CubeState(1, None, (1, 5), crawford=True)
    assert not state.may_double()
    assert not CubeState(2, None, (2, 4)).may_double()  # 2-away with the cube at 2
    assert not CubeState(1, None).taken().may_double()  # the opponent took: it owns the cube
    assert CubeState(1, None).taken().flipped().may_double()  # ... and may redouble


@pytest.mark.parametrize("owner", [None, 0, 1])
def test_cubeful_match_values_rise_with_the_chances_and_stay_between_loss_and_win(owner: int | None) -> None:
    values = []
    for i in range(101):
        cube = MatchCube((5, 7), False, i / 100, (0.1 * i / 100, 0.0, 0.1 * (1 - i / 100), 0.0), 0.68)
        value = cube.cubeful(1, owner)
        assert cube.after(3, False) - 1e-9 <= value <= cube.after(3, True) + 1e-9
        values.append(value)
    assert all(b >= a - 1e-9 for a, b in itertools.pairwise(values))


def test_owning_the_cube_is_worth_something() -> None:
    cube = MatchCube((7, 7), False, 0.6, (0.15, 0.01, 0.1, 0.01), 0.68)
    assert cube.cubeful(2, 0) > cube.cubeful(2, None) > cube.cubeful(2, 1)


# -- money ------------------------------------------------------------------------------------
def test_janowski_is_continuous_and_reaches_the_cash_values() -> None:
    w, loss, x = 1.3, 1.2, 0.68
    take_point = (loss - 0.5) / (w + loss + 0.5)
    cash_point = (loss + 1.0) / (w + loss + 0.5)
    assert janowski(cash_point, w, loss, 1.0, 0.0, "centre") == pytest.approx(1.0)
    assert janowski(take_point, w, loss, 1.0, 0.0, "centre") == pytest.approx(-1.0)
    assert janowski(1.0, w, loss, 1.0, 0.0, "centre") == pytest.approx(w)  # too good: plays on
    assert janowski(0.0, w, loss, 1.0, 0.0, "mine") == pytest.approx(-loss)
    for owner in ("centre", "mine", "theirs"):
        values = [janowski(i / 200, w, loss, x, 0.0, owner) for i in range(201)]
        assert max(abs(b - a) for a, b in itertools.pairwise(values)) < 0.05


def test_the_money_decision_doubles_in_the_window_and_plays_on_when_too_good() -> None:
    state = CubeState(1, None)
    for win, expect in [(0.55, "no double"), (0.74, "double"), (0.97, "too good")]:
        gammons = 0.4 * win if expect == "too good" else 0.05
        nd, dt, dp = state.decision((win, gammons, 0.0, 0.0, 0.0), 0.68)
        got = "double" if min(dt, dp) > nd else ("too good" if dt > dp else "no double")
        assert got == expect, (win, nd, dt, dp)


# -- one ply deeper ---------------------------------------------------------------------------
def test_lookahead_with_replies_equal_to_now_gives_the_0_ply_decision_when_the_cube_is_dead() -> None:
    """With a dead cube both ways the value is cubeless, so looking ahead changes nothing."""
    state = CubeState(1, None, (1, 5), crawford=True)
    chances = (0.6, 0.1, 0.0, 0.05, 0.0)
    theirs = (0.4, 0.05, 0.0, 0.1, 0.0)  # the same position seen from the other side
    nd, _, dp = lookahead(state, [(36.0, theirs, 0.68)])
    assert nd == pytest.approx(state.decision(chances, 0.68)[0])
    assert dp == met.after_game((1, 5), 1, True, crawford=True)


def test_lookahead_in_money_values_a_taken_cube_at_twice_the_stake() -> None:
    state = CubeState(1, None)
    sure_loss_for_them = (0.0, 0.0, 0.0, 0.0, 0.0)  # the opponent cannot win a game after any roll
    nd, dt, dp = lookahead(state, [(36.0, sure_loss_for_them, 0.68)])
    assert (nd, dt, dp) == pytest.approx((1.0, 2.0, 1.0))


# -- the master's cube, against a lookahead rebuilt on the engine's public face ----------------------
def _spots() -> list[str]:
    """Three contact positions of the cube suite and its first race."""
    from cart.engine import Position
    from tools.cube_judge import read_suite

    ids = [s.position_id for s in read_suite()]
    race = next(p for p in ids if Position.from_position_id(p).is_race())
    return [*ids[:3], race]


@pytest.mark.parametrize("position_id", _spots())
def test_the_masters_cube_at_one_ply_is_the_lookahead_of_its_own_evaluations(position_id: str) -> None:
    import random

    from cart.ai import Bot, drain
    from cart.ai.cube import cube_efficiency
    from cart.engine import GameState, Match, Position, Rules, legal_plays

    bot = Bot("master")
    position = Position.from_position_id(position_id)
    replies = []
    for a in range(1, 7):
        for b in range(a, 7):
            plays = legal_plays(position, (a, b))
            after = max((p.result for p in plays), key=lambda r: -bot.evaluate(r).equity) if plays else None
            after = position.flip() if after is None else after
            replies.append((1.0 if a == b else 2.0, tuple(bot.evaluate(after)[:5]), cube_efficiency(after)))
    for rules, score in [(Rules(), (0, 0)), (Rules(match_length=7), (2, 4))]:
        match = Match(rules, rng=random.Random(1), start=GameState.from_position(rules, position))
        match.score = score
        decision = drain(bot.think_cube(match, ply=1))
        away = (7 - score[0], 7 - score[1]) if rules.is_match else None
        expected = lookahead(CubeState(1, None, away), replies)  # type: ignore[arg-type]
        got = (decision.no_double, decision.double_take, decision.double_pass)
        assert got == pytest.approx(expected, abs=1e-9), (position_id, rules)
    slices = sum(1 for _ in bot.think_cube(match, ply=1))
    assert slices > 5  # the lookahead is spread over frames, not one long slice


def test_the_masters_cube_reads_the_chances_at_two_ply(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cube model on the chances at 2-ply: each roll's best play by the net, its chances at 1-ply
    (the last ply pruned), rebuilt on the engine's public face (tests/test_deep.py's reference).

    The work cap lifted: tests/test_deep.py checks what it leaves out.
    """
    import random

    from cart.ai import Bot, bot as botmod

    monkeypatch.setattr(botmod, "CUBE_WORK", None)
    from test_deep import Reference

    from cart.ai.cube import cube_efficiency
    from cart.engine import GameState, Match, Position, Rules

    position = Position.from_position_id(_spots()[-1])
    chances = Reference(1).two_ply(position)
    bot = Bot("master")
    for rules, score, away in [(Rules(), (0, 0), None), (Rules(match_length=7), (2, 4), (5, 3))]:
        match = Match(rules, rng=random.Random(1), start=GameState.from_position(rules, position))
        match.score = score
        decision = bot.cube_action(match)
        expected = CubeState(1, None, away).decision(chances, cube_efficiency(position))
        got = (decision.no_double, decision.double_take, decision.double_pass)
        assert got == pytest.approx(expected, abs=1e-9), rules
        assert decision.evaluation.win == pytest.approx(chances[0], abs=1e-12)


# -- the judge ---------------------------------------------------------------------------------------
def test_the_judge_reads_gnubgs_cube_analysis() -> None:
    from tools.cube_judge import Gnubg, Tally, label, read_suite

    v = Gnubg(0).verdict(read_suite()[0])
    assert v.double_pass == pytest.approx(1.0)
    assert v.best_for_doubler == max(v.no_double, min(v.double_take, v.double_pass))
    tally = Tally()
    tally.add(v, v.doubles, v.takes)
    assert (tally.full, tally.doubler_cost, tally.taker_cost) == (1, 0.0, 0.0)
    tally.add(v, not v.doubles, not v.takes)
    assert tally.full == 1 and tally.doubler_cost > 0 and tally.taker_cost > 0
    assert label(True, False) == "double/pass" and label(False, False) == "too good"
