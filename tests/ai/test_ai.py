"""The computer player: legal and deterministic plays, sliced thinking, the evaluator, strength order.

Its cube decisions and the turn driver are tests/ai/test_ai_turn.py; the master's lookahead
against an independent search is tests/ai/test_ai_master.py.
"""

from __future__ import annotations

import io
import random

import pytest
from nets import CountingWeights, dense_after
from short_matches import FEW_PLAYS

from cart.ai import LEVELS, Bot, WeightsError, bot as botmod, choose_action, load_weights
from cart.ai.net import DEFAULT_PATH, MAGIC, equity, read_weights
from cart.engine import GameState, Match, Position, Rules, legal_plays
from cart.engine.fast import flip_key
from cart.text.game import TextGame
from tools.positions import random_positions, selfplay_positions

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


@pytest.fixture(scope="module")
def bots() -> dict[str, Bot]:
    return {level: Bot(level, seed=11) for level in LEVELS}


def sample_positions() -> list[Position]:
    """Positions from random games and random set-ups: contact, races, bear-offs, the bar."""
    return selfplay_positions(5, 3)[::9] + random_positions(8, 40)


# -- plays --------------------------------------------------------------------------
@pytest.mark.parametrize(
    "level", ["beginner", pytest.param("intermediate", marks=pytest.mark.slow), "expert"]
)
def test_only_legal_plays_and_none_only_when_nothing_is_legal(bots: dict[str, Bot], level: str) -> None:
    """The quick loop takes the noisiest level and the noiseless one; the one between is the slow set's."""
    bot = bots[level]
    checked = passes = 0
    for pos in sample_positions():
        if pos.is_over():
            continue
        for dice in ROLLS[::5]:
            plays = legal_plays(pos, dice)
            play = bot.choose_play(pos, dice)
            if plays:
                assert play in plays, (pos.position_id(), dice)
                checked += 1
            else:
                assert play is None
                passes += 1
    assert checked > 300 and passes > 0


@pytest.mark.slow  # the quick loop checks the master's plays are legal in the sliced test below
def test_master_plays_legal_plays(bots: dict[str, Bot]) -> None:
    for pos in random_positions(21, 4):
        for dice in ((6, 5), (2, 2), (4, 1)):
            plays = legal_plays(pos, dice)
            play = bots["master"].choose_play(pos, dice)
            assert (play in plays) if plays else play is None


def test_bad_dice_are_refused_with_the_engines_error(bots: dict[str, Bot]) -> None:
    with pytest.raises(ValueError, match="dice"):
        bots["expert"].choose_play(Position.start(), (0, 7))
    with pytest.raises(ValueError, match="level"):
        Bot("grandmaster")


def test_the_expert_knows_the_openings(bots: dict[str, Bot]) -> None:
    """Plays every book agrees on (a sanity check that the trained weights are the ones shipped)."""
    start = Position.start()
    expect = {(3, 1): ((8, 5), (6, 5)), (4, 2): ((8, 4), (6, 4)), (6, 1): ((13, 7), (8, 7))}
    for dice, moves in expect.items():
        assert bots["expert"].choose_play(start, dice).moves == moves


def test_determinism_by_seed() -> None:
    positions = sample_positions()[:30]  # noise on every play of thirty positions: a change would show
    for level in ("beginner", "intermediate"):
        a, b = Bot(level, seed=3), Bot(level, seed=3)
        for pos in positions:
            if not pos.is_over():
                assert a.choose_play(pos, (5, 3)) == b.choose_play(pos, (5, 3))
    few = Position.from_position_id(FEW_PLAYS)  # the master's 2-ply: on a position of three plays
    assert Bot("master", seed=3).choose_play(few, (3, 1)) == Bot("master", seed=3).choose_play(few, (3, 1))
    # the noise really depends on the seed: some choice differs between two seeds
    x, y = Bot("beginner", seed=1), Bot("beginner", seed=2)
    assert any(x.choose_play(p, (4, 3)) != y.choose_play(p, (4, 3)) for p in positions if not p.is_over())


def test_a_resumed_bot_plays_as_the_first_would_have() -> None:
    """Noise depends on (seed, position, roll), not on what the bot did before."""
    positions = [p for p in sample_positions()[:30] if not p.is_over()]
    fresh = [Bot("intermediate", seed=9).choose_play(p, (6, 2)) for p in positions]
    used = Bot("intermediate", seed=9)
    used.choose_play(positions[3], (1, 1))
    assert [used.choose_play(p, (6, 2)) for p in positions] == fresh


# -- sliced thinking ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("level", "widest"),
    [(level, True) for level in LEVELS if level != "master"]
    + [("master", False), pytest.param("master", True, marks=pytest.mark.slow)],
)
def test_sliced_and_blocking_agree_and_slices_are_bounded(level: str, widest: bool) -> None:
    """The master on the wide positions (637, 69 and 138 plays, at 2-ply: a second) is the slow set's."""
    weights = CountingWeights(load_weights())
    bot = Bot(level, seed=4, weights=weights)
    worst = Position.from_position_id("OQcJkxGUOYEqEw")  # 637 plays with 2-2
    drawn = selfplay_positions(2, 1)[10:40:10]
    cases = [(worst, (2, 2)), (drawn[0], (3, 3)), (drawn[1], (3, 3))] if widest else []
    cases += [(Position.start(), (6, 6)), (Position.start(), (4, 2)), (drawn[2], (3, 3))]
    for pos, dice in cases:
        gen = bot.think_play(pos, dice)
        largest = 0.0
        slices = 0
        while True:
            weights.calls = 0
            try:
                next(gen)
            except StopIteration as stop:
                result = stop.value
                break
            slices += 1
            largest = max(largest, weights.calls)
        largest = max(largest, weights.calls)
        assert largest <= botmod.SLICE_EVALS + 1e-9
        assert result == Bot(level, seed=4).choose_play(pos, dice)
        plays = legal_plays(pos, dice)
        assert (result in plays) if plays else result is None
        if len(plays) > botmod.SLICE_EVALS:
            assert slices >= 1


def test_think_cube_is_a_generator_with_the_same_answer() -> None:
    bot = Bot("expert")
    state = GameState.from_position(Rules(), Position.start())
    gen = bot.think_cube(state)
    steps = 0
    try:
        while True:
            next(gen)
            steps += 1
    except StopIteration as stop:
        assert stop.value == bot.cube_action(state)
    assert steps >= 1


# -- strength -----------------------------------------------------------------------
def play_money_game(a: Bot, b: Bot, rng: random.Random) -> int:
    """Cubeless game, ``a`` on roll first; points for ``a``. Both act as the front ends' computer does."""
    rules = Rules(cube_limit=1)  # a cube that cannot turn
    start = GameState.from_position(rules, Position.start(), dice=(rng.randint(1, 6), rng.randint(1, 6)))
    match, bots = Match(rules, rng=rng, start=start), (a, b)
    while match.game.phase != "over":
        match.apply(choose_action(bots[match.game.actor], match))
    game = match.game
    return game.points if game.winner == 0 else -game.points


@pytest.mark.slow
def test_expert_beats_beginner_over_a_few_hundred_games() -> None:
    expert, beginner = Bot("expert"), Bot("beginner", seed=1)
    total = 0
    games = 0
    for i in range(100):  # 100 seeds, each played with both sides
        total += play_money_game(expert, beginner, random.Random(i))
        total -= play_money_game(beginner, expert, random.Random(i))
        games += 2
    assert total / games > 0.3, total / games


# -- the evaluator ------------------------------------------------------------------
def test_packed_inference_equals_the_dense_forward_pass() -> None:
    data = DEFAULT_PATH.read_bytes()
    weights = load_weights()
    errors = []
    for pos in sample_positions()[::3]:
        if pos.is_over():
            continue
        key = flip_key(pos.key)  # the side on roll has "just moved" in the other's eyes
        net = "race" if pos.is_race() else "contact"
        got = (weights.race if net == "race" else weights.contact).forward(key)
        want = dense_after(data, key, net)
        errors.append(max(abs(a - b) for a, b in zip(got, want, strict=True)))
        assert weights.prune is not None
        got = weights.prune.forward(key)
        want = dense_after(data, key, "prune")
        errors.append(max(abs(a - b) for a, b in zip(got, want, strict=True)))
    # hidden units are read in steps of 1/128 and activations in 1/1023 (see cart.ai.net)
    assert len(errors) > 10
    assert max(errors) < 5e-3
    assert sum(errors) / len(errors) < 1e-3


def test_evaluate_gives_probabilities_and_their_equity(bots: dict[str, Bot]) -> None:
    for pos in sample_positions()[::5]:
        ev = bots["expert"].evaluate(pos)
        assert all(0.0 <= p <= 1.0 for p in ev[:5])
        assert ev.equity == pytest.approx(equity(ev[:5]))
    start = bots["expert"].evaluate(Position.start())
    assert 0.4 < start.win < 0.6
    # a position where the side on roll has already lost is exact
    lost = Position.from_counts([0, 15] + [0] * 24, [15] + [0] * 25)
    assert bots["expert"].evaluate(lost).win == 0.0


def test_weights_carry_how_they_were_made() -> None:
    meta = load_weights().meta
    # the shipped file was made before tools became a package; a retrain records python -m tools.train
    assert meta["games"] > 0 and "seed" in meta
    assert meta["command"].startswith(("python tools/train.py", "python -m tools.train"))
    assert meta["prune"]["command"].startswith(("python tools/prune.py", "python -m tools.prune"))
    assert meta["prune"]["games"] > 0


@pytest.mark.parametrize(
    "damage",
    [b"", b"GCNET1\n", b"nonsense", MAGIC + b"\x05\x00\x00\x00{bad}", None],
)
def test_a_damaged_weight_file_is_a_clear_error(damage: bytes | None) -> None:
    data = DEFAULT_PATH.read_bytes()
    if damage is None:
        damage = data[:-6]  # truncated
    with pytest.raises(WeightsError):
        read_weights(damage)


# -- the terminal game --------------------------------------------------------------
def test_terminal_game_against_the_computer() -> None:
    out = io.StringIO()
    rules = Rules()
    match = Match(rules, names=("Ann", "Computer"), rng=random.Random(4))
    game = TextGame(match, out, computer={1: Bot("intermediate")})
    lines = ["roll"] + ["hint"] * 3
    game.run(lines)
    text = out.getvalue()
    assert "Hint:" in text
    assert "Computer plays" in text or "Ann to play" in text or "Ann (X) to play" in text


def test_the_computer_plays_a_whole_match_by_itself() -> None:
    """Both sides computer: the loop drives every step (rolls, cube, plays, next games) to the end."""
    out = io.StringIO()
    match = Match(Rules(match_length=3), names=("Ann", "Bob"), rng=random.Random(2))
    game = TextGame(match, out, computer={0: Bot("expert"), 1: Bot("beginner")})
    status = game.run(iter(lambda: "", None))  # Enter for every "next game" prompt
    assert status == 0 and match.is_match_over
    assert "wins the match" in out.getvalue()


def test_a_declined_resignation_is_not_offered_again_in_that_game() -> None:
    """Asked once and declined, the computer plays the game out; a new game forgets it."""
    import random as _random

    from cart.ai.turn import declined
    from cart.engine import Decline, Resign

    m = Match(Rules(), rng=_random.Random(1))
    m.roll((3, 1))
    m.play(m.legal_plays()[0])
    assert not declined(m, 1, 1)
    m.apply(Resign(1, 2))
    m.apply(Decline())
    assert declined(m, 1, 2) and declined(m, 1, 1)  # nor a cheaper one
    assert not declined(m, 1, 3) and not declined(m, 0, 1)  # a bigger offer, or the other side's
