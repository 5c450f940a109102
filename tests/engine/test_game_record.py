"""A match's record: plain JSON data that replays, through the engine, to the same match at every step.

Random matches under every rule set are rebuilt from their records and checked
action by action (Match ID after each), continued with the saved dice state, and
broken records are refused naming the action. The store saves games as exactly
this record, so it stands apart from the rules of play (``tests/engine/test_game.py``).
"""

from __future__ import annotations

import random

import pytest

from cart.engine import Checkpoint, Match, Move, NewGame, RecordError, Rules, actions_from_json


# -- record and replay ------------------------------------------------------------------
def random_match(rules: Rules, seed: int, max_games: int = 4) -> tuple[Match, list[str]]:
    """Random legal plays and random cube actions; the Match ID after every action."""
    rng = random.Random(seed)
    m = Match(rules, names=("Ann", "Bob"), rng=random.Random(seed + 1000))
    ids = [m.match_id()]
    while not m.is_match_over and m.game_number <= max_games:
        game = m.game
        if rng.random() < 0.003:
            m.forfeit(rng.randint(0, 1))
        elif game.phase == "over":
            if m.game_number == max_games:
                break
            m.new_game()
        elif game.phase == "roll" and m.can_double() and rng.random() < 0.15:
            m.double()
        elif game.phase == "doubled":
            m.take() if rng.random() < 0.7 else m.drop()
        elif game.phase in ("opening", "roll"):
            m.roll()
        else:
            m.play(rng.choice(m.legal_plays()))
        ids.append(m.match_id())
    return m, ids


RANDOM_RULES = [
    Rules(match_length=5),
    Rules(match_length=3, cube_limit=4),
    Rules(automatic_doubles=True),
    Rules(variant="maxgammon", match_length=3),
]


@pytest.mark.parametrize(("rules", "seed"), [(r, s) for r in RANDOM_RULES for s in (1, 2)])
def test_rebuild_from_record_gives_the_same_match_at_every_step(rules: Rules, seed: int) -> None:
    m, ids = random_match(rules, seed)
    assert len(m.record) == len(ids) - 1
    again = Match.replay(rules, m.record, names=m.names)
    assert (again.game, again.score, again.game_number) == (m.game, m.score, m.game_number)
    assert again.record == m.record
    step = Match(rules)
    assert step.match_id() == ids[0]
    for action, expected in zip(m.record, ids[1:], strict=True):
        step.apply(action)
        assert step.match_id() == expected
    assert step.position_id() == m.position_id()


def test_random_matches_finish_and_score_sensibly() -> None:
    for seed in range(3):
        m, _ = random_match(Rules(match_length=3), seed, max_games=50)
        assert m.is_match_over
        assert max(m.score) >= 3 and m.score[m.match_winner or 0] >= 3  # type: ignore[index]


def test_record_is_plain_json_data() -> None:
    import json

    m, _ = random_match(Rules(match_length=5), 3)
    text = json.dumps([a.to_json() for a in m.record])
    assert actions_from_json(json.loads(text)) == m.record
    assert {a.name for a in m.record} >= {"roll", "move"}


def test_rebuilt_match_continues_identically_with_the_rng_state() -> None:
    m, _ = random_match(Rules(), 4, max_games=1)
    if m.game.phase == "over":
        m.new_game()
    state = m.rng.getstate()  # type: ignore[union-attr]
    rng = random.Random()
    rng.setstate(state)
    again = Match.replay(m.rules, m.record, rng=rng)
    for _ in range(6):
        if m.game.phase in ("opening", "roll"):
            assert m.roll() == again.roll()
        elif m.game.phase == "move":
            play = m.legal_plays()[0]
            assert m.play(play) == again.play(play)
        else:
            break
    assert again.match_id() == m.match_id() and again.record == m.record


def replay_json(record: list[object], rules: Rules | None = None) -> Match:
    return Match.replay(rules or Rules(), actions_from_json(record))


def test_a_bad_record_names_the_action_index() -> None:
    record: list[object] = [["roll", 3, 1], ["move", [[8, 5], [6, 5]]], ["take"]]
    with pytest.raises(RecordError, match=r"record action 2 Take\(\)"):
        replay_json(record)
    with pytest.raises(RecordError, match="record action 1"):
        replay_json([["roll", 3, 1], ["move", [[8, 3]]]])
    with pytest.raises(RecordError, match=r"record action 0 \['roll', 9, 1\]"):
        replay_json([["roll", 9, 1]])
    with pytest.raises(RecordError, match="record action 1"):
        replay_json([["roll", 3, 1], ["move", "8/5 6/5"]])
    with pytest.raises(RecordError, match="record action 1"):
        replay_json([["roll", 3, 1], ["play", [[8, 5], [6, 5]]]])  # the version-1 name is the store's job


def test_record_plays_in_any_order_still_replay() -> None:
    m = replay_json([["roll", 3, 1], ["move", [[6, 5], [8, 5]]]])
    assert m.record[-1] == Move(((8, 5), (6, 5)))


def _played(rules: Rules, seed: int, games: int) -> Match:
    """Random legal actions, cube included, over ``games`` games or to the match's end."""
    rng = random.Random(seed)
    m = Match(rules, rng=random.Random(seed + 1))
    while True:
        game = m.game
        if game.phase == "over":
            if m.is_match_over or m.game_number >= games:
                return m
            m.new_game()
        elif game.phase in ("opening", "roll"):
            if game.phase == "roll" and game.can_double() and rng.random() < 0.1:
                m.double()
            else:
                m.roll()
        elif game.phase == "doubled":
            (m.take if rng.random() < 0.7 else m.drop)()
        else:
            m.play(rng.choice(m.legal_plays()))


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(match_length=5), Rules(match_length=7, crawford=False), Rules(variant="maxgammon")],
    ids=["money", "match-5", "match-7-no-crawford", "maxgammon"],
)
@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])
def test_a_match_resumed_from_any_checkpoint_is_the_match_replayed(rules: Rules, seed: int) -> None:
    """Resumed at each game's start, the match is the replayed one, and plays on the same (Crawford too)."""
    m = _played(rules, seed, games=4)  # the matches end in three games, the sessions go on
    goes_on = not m.is_match_over and m.game.phase == "over"  # the next game: Crawford or not, the same
    next_game = Match.replay(rules, [*m.record, NewGame()]).game if goes_on else None
    checkpoints = Match(rules)
    for at, action in enumerate(m.record, 1):
        checkpoints.apply(action)
        if not isinstance(action, NewGame):
            continue
        state = (checkpoints.score, checkpoints.game_number, checkpoints.game.crawford)
        again = Match.replay(rules, m.record, resume=Checkpoint(at, *state))
        assert again.record == m.record and again.game == m.game
        assert (again.score, again.game_number, again.match_id()) == (
            m.score,
            m.game_number,
            m.match_id(),
        )
        if goes_on:
            again.new_game()
            assert again.game == next_game


def test_a_checkpoint_that_cannot_be_one_is_refused() -> None:
    m = _played(Rules(match_length=5), 1, games=3)
    at = next(i for i, a in enumerate(m.record, 1) if isinstance(a, NewGame))
    for bad in (
        Checkpoint(at - 1, (1, 0), 2, False),
        Checkpoint(at, (5, 0), 2, False),
        Checkpoint(at, (1, 0), 1, False),
        Checkpoint(at, (1, 0), 2, True),
        Checkpoint(len(m.record) + 1, (1, 0), 2, False),
    ):
        with pytest.raises(RecordError):
            Match.replay(m.rules, m.record, resume=bad)
