"""The engine's typed face: actions and their JSON, the observer, moments, steps, one generation per roll."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cart.engine.game as game_module
import cart.engine.plays as plays_module
from cart.engine import (
    Action,
    Double,
    Drop,
    EngineError,
    Event,
    Forfeit,
    GameState,
    IllegalActionError,
    Match,
    MatchKey,
    Move,
    Moved,
    NewGame,
    Position,
    Roll,
    Rules,
    RulesError,
    Take,
    actions_from_json,
    boards,
    dice_list,
    legal_plays,
)


def random_match(rules: Rules, seed: int, actions: int = 400) -> Match:
    """Random legal plays and random cube actions, from a seeded rng."""
    rng = random.Random(seed)
    m = Match(rules, rng=random.Random(seed))
    for _ in range(actions):
        g = m.game
        if g.phase == "over":
            if m.is_match_over:
                break
            m.new_game()
        elif g.phase == "doubled":
            m.apply(Take() if rng.random() < 0.7 else Drop())
        elif g.phase == "roll" and g.can_double() and rng.random() < 0.1:
            m.apply(Double())
        elif g.phase in ("opening", "roll"):
            m.roll()
        else:
            m.play(rng.choice(m.legal_plays()))
    return m


# -- actions ------------------------------------------------------------------
@pytest.mark.parametrize(
    "action",
    [
        Roll((3, 1)),
        Roll((6, 6)),
        Move(((8, 5), (6, 5))),
        Move(()),
        Double(),
        Take(),
        Drop(),
        Forfeit(0),
        Forfeit(1),
        NewGame(),
    ],
)
def test_every_action_round_trips_through_json(action: Action) -> None:
    assert Action.from_json(action.to_json()) == action
    assert actions_from_json([action.to_json()]) == [action]


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "roll",
        ["roll"],
        ["roll", 3],
        ["roll", 3, 1, 2],
        ["roll", 0, 1],
        ["roll", 3, 7],
        ["roll", True, 1],
        ["roll", 3.0, 1],
        ["move"],
        ["move", "8/5 6/5"],
        ["move", [[8, 5, 1]]],
        ["move", [[26, 5]]],
        ["move", [[8, -1]]],
        ["move", [[8, False]]],
        ["move", [[8, 5]] * 9],
        ["double", 1],
        ["forfeit"],
        ["forfeit", 2],
        ["forfeit", True],
        ["new_game", 0],
        ["play", [[8, 5]]],
        [3, 1],
        {"roll": [3, 1]},
    ],
)
def test_malformed_entries_are_refused_with_the_entry_quoted(data: object) -> None:
    with pytest.raises(IllegalActionError) as info:
        Action.from_json(data)
    assert repr(data)[:20] in str(info.value) or "got" in str(info.value)


def test_apply_takes_only_actions_and_refuses_out_of_turn_ones_without_change() -> None:
    m = Match(Rules(), rng=random.Random(1))
    m.roll((3, 1))
    before = (m.game, list(m.record), m.rng.getstate())  # type: ignore[union-attr]
    for bad in (Roll((3, 1)), Double(), Take(), Drop(), NewGame(), Move(((8, 3),)), ["roll", 3, 1], "take"):
        with pytest.raises(EngineError):
            m.apply(bad)  # type: ignore[arg-type]
        assert (m.game, list(m.record), m.rng.getstate()) == before  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="must play the 31"):
        m.draw_dice()


def test_a_bad_rule_set_is_a_rules_error() -> None:
    for bad in ({"cube_limit": 48}, {"match_length": -1}, {"variant": "acey"}, {"crawford": 1}):
        with pytest.raises(RulesError):
            Rules(**bad)  # type: ignore[arg-type]
    assert issubclass(RulesError, EngineError) and not issubclass(RulesError, IllegalActionError)


# -- the observer ----------------------------------------------------------------
def test_the_observer_hears_every_committed_action_once_and_no_refused_one() -> None:
    heard: list[tuple[Action, list[Event], int]] = []

    def hear(match: Match, action: Action, events: list[Event]) -> None:
        heard.append((action, events, len(match.record)))

    m = Match(Rules(match_length=3), rng=random.Random(4), on_commit=hear)
    events = m.roll((5, 2))
    with pytest.raises(EngineError):
        m.double()
    events2 = m.play(m.legal_plays()[0])
    assert [(a, e) for a, e, _ in heard] == [(Roll((5, 2)), events), (m.record[1], events2)]
    assert [n for _, _, n in heard] == [1, 2]  # told after the record has the action


def test_replay_attaches_the_observer_after_the_rebuild() -> None:
    m = random_match(Rules(match_length=5), 2, actions=40)
    heard: list[Action] = []
    again = Match.replay(m.rules, m.record, rng=random.Random(9), on_commit=lambda _m, a, _e: heard.append(a))
    assert heard == []
    if again.game.phase in ("opening", "roll"):
        again.roll()
        assert heard == [again.record[-1]]


# -- moments ----------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(3))
def test_moments_are_the_match_after_each_action(seed: int) -> None:
    m = random_match(Rules(match_length=5), seed, actions=150)
    step = Match(m.rules, names=m.names)
    expected = [(step.position_id(), step.match_id(), step.score, step.game.dice)]
    for action in m.record:
        step.apply(action)
        expected.append((step.position_id(), step.match_id(), step.score, step.game.dice))
    moments = m.moments()
    assert [(x.position_id, x.match_id, x.score, x.dice) for x in moments] == expected
    assert [x.index for x in moments] == list(range(len(m.record) + 1))
    assert [x.action for x in moments[1:]] == m.record
    for x in moments:
        assert (x.play is not None) == isinstance(x.action, Move)
        if x.play is not None:
            assert x.action == Move.of(x.play)
    assert m.moment(-1) == moments[-1] and m.moment(0) == moments[0]
    assert (m.moment(-1).position_id, m.moment(-1).match_id) == (m.position_id(), m.match_id())


def test_moments_of_a_set_up_match_start_from_its_own_start() -> None:
    """A match set up mid-game: every moment, the start included, is of that game, not a fresh one."""
    rules = Rules(match_length=7)
    board = Position.from_position_id("sGfwATDgc/ABMA")
    start = GameState.from_position(rules, board, turn=1, cube=2, cube_owner=0)
    m = Match(rules, rng=random.Random(3), start=start)
    first = m.moment(0)
    assert first.position_id == "sGfwATDgc/ABMA" and first.board == board and first.turn == 1
    assert MatchKey.from_id(first.match_id).cube == 2
    m.roll((6, 4))
    m.play(m.legal_plays()[0])
    assert (m.moment(-1).position_id, m.moment(-1).match_id) == (m.position_id(), m.match_id())
    assert m.moment(1).dice == (6, 4)
    with pytest.raises(IndexError):
        m.moment(3)


# -- steps ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_a_play_s_steps_use_the_dice_and_hit_what_the_board_says(seed: int) -> None:
    m = random_match(Rules(), seed, actions=0)
    rng = random.Random(seed)
    seen_hit = seen_bear_off = False
    for _ in range(600):
        g = m.game
        if g.phase == "over":
            m.new_game()
            continue
        if g.phase != "move":
            m.roll()
            continue
        assert g.dice is not None
        before = g.position
        moved = next(e for e in m.play(rng.choice(m.legal_plays())) if isinstance(e, Moved))
        steps = moved.steps
        assert moved.before == before
        assert len(steps) == len(moved.play.moves)
        assert Counter(s.die for s in steps) <= Counter(dice_list(g.dice))
        after = boards(before, steps)
        assert after[-1] == moved.play.result.flip()
        for step, (board, nxt) in zip(steps, zip([before, *after], after, strict=False), strict=True):
            assert step.dst == step.src - step.die or (step.dst == 0 and step.die > step.src)
            assert step.hit == (0 < step.dst < 25 and board.theirs[25 - step.dst] == 1)
            assert nxt.theirs[25] == board.theirs[25] + step.hit
            seen_hit |= step.hit
            seen_bear_off |= step.dst == 0 and step.die > step.src
        assert moved.hits == tuple(s.dst for s in steps if s.hit)
    assert seen_hit and seen_bear_off


# -- one generation per roll ----------------------------------------------------------
def test_a_roll_generates_its_legal_plays_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[int, tuple[int, int]]] = []

    def counting(position: Position, dice: tuple[int, int]) -> list[plays_module.Play]:
        calls.append((position.key, dice))
        return legal_plays(position, dice)

    for module in (
        game_module,
        plays_module,
        __import__("cart.engine.notation").engine.notation,
        __import__("cart.engine.partial").engine.partial,
    ):
        if hasattr(module, "legal_plays"):
            monkeypatch.setattr(module, "legal_plays", counting)
    m = Match(Rules(), rng=random.Random(5))
    m.roll((3, 1))
    assert len(calls) == 1
    part = m.game.partial().move(8, 5).move(6, 5)
    m.play(part.play())  # type: ignore[arg-type]
    m.roll((6, 5))
    m.play("24/18/13")
    assert len(calls) == 2


def test_resignations_offer_then_accept_or_decline() -> None:
    """Issue 18: a resignation at 1, 2 or 3 x the cube, answered by the opponent; the forfeit stays."""
    from cart.engine import Accept, Decline, Forfeit, Match, MatchKey, Resign, Rules

    assert [Action.from_json(a.to_json()) for a in (Resign(1, 3), Accept(), Decline())] == [
        Resign(1, 3),
        Accept(),
        Decline(),
    ]
    for bad in (["resign", 2, 1], ["resign", 0, 4], ["resign", 0, True], ["resign", 0], ["accept", 1]):
        with pytest.raises(IllegalActionError):
            Action.from_json(bad)
    match = Match(Rules(match_length=5))
    match.roll((3, 1))
    match.play("8/5 6/5")
    match.roll((6, 2))
    match.resign(0, 2)  # player 0 resigns on player 1's turn, dice rolled
    assert match.game.phase == "resigned" and match.game.actor == 1
    key = MatchKey.from_id(match.match_id())
    assert (key.resigned, key.turn, key.on_roll, key.dice) == (2, 1, 1, (6, 2))
    with pytest.raises(IllegalActionError):
        match.play("24/18 13/11")  # the offer waits for its answer
    with pytest.raises(IllegalActionError):
        match.resign(1, 1)
    match.decline()
    assert match.game.phase == "move" and match.game.dice == (6, 2) and match.game.resigned == 0
    match.play("24/18 13/11")
    match.double()
    with pytest.raises(IllegalActionError):
        match.resign(1, 1)  # not while a double waits
    match.take()
    match.resign(1, 3)  # a backgammon at cube 2: 6 points
    match.accept()
    assert match.score == (6, 0) and match.is_match_over and match.game.result == "resign"
    assert Match.replay(match.rules, match.record).match_id() == match.match_id()
    money = Match(Rules())
    money.roll((3, 1))
    money.forfeit(1)  # seed 000's forfeit is its own action: twice the cube, at once
    assert money.record[-1] == Forfeit(1) and money.score == (2, 0)
