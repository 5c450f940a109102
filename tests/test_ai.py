"""The computer player: legal and deterministic plays, sliced thinking, cube sense, strength order."""

from __future__ import annotations

import dataclasses
import io
import random
from array import array
from math import exp

import pytest
from conftest import pos_of

from cart.ai import LEVELS, Bot, Weights, WeightsError, choose_action, hint, load_weights, met, think_action
from cart.ai import bot as botmod
from cart.ai.features import INPUTS, SLOTS, UNITS, contact_features_reference, unit_table
from cart.ai.features import ROLLS as ROLL_COUNT
from cart.ai.net import DEFAULT_PATH, MAGIC, equity, read_weights
from cart.engine import (
    Double,
    Drop,
    GameState,
    IllegalActionError,
    Match,
    Move,
    NewGame,
    Position,
    Roll,
    Rules,
    Take,
    legal_plays,
)
from cart.engine.fast import flip_key
from cart.text import TextGame
from tools.positions import random_positions, selfplay_positions

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


@pytest.fixture(scope="module")
def bots() -> dict[str, Bot]:
    return {level: Bot(level, seed=11) for level in LEVELS}


def sample_positions() -> list[Position]:
    """Positions from random games and random set-ups: contact, races, bear-offs, the bar."""
    return selfplay_positions(5, 3)[::9] + random_positions(8, 40)


# -- plays --------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["beginner", "intermediate", "expert"])
def test_only_legal_plays_and_none_only_when_nothing_is_legal(bots: dict[str, Bot], level: str) -> None:
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


def test_master_plays_legal_plays(bots: dict[str, Bot]) -> None:
    for pos in random_positions(21, 12):
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
    positions = sample_positions()[:60]
    for level in ("beginner", "intermediate", "master"):
        a, b = Bot(level, seed=3), Bot(level, seed=3)
        for pos in positions[:: 6 if level == "master" else 1]:
            if not pos.is_over():
                assert a.choose_play(pos, (5, 3)) == b.choose_play(pos, (5, 3))
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


class IndependentMaster:
    """The master's search rebuilt on the engine's public face, as a check on the bot's own.

    Plays come from ``legal_plays`` (the bot walks ``successors`` keys) and values
    from ``Bot.evaluate`` on the resulting positions, over all 36 rolls (the bot
    weighs 21). It counts the evaluations the bot would spend, for the bot's rule
    that stops the 1-ply near its work cap; the 2-ply's cap is the bot's own business
    (the test lifts it).
    """

    def __init__(self) -> None:
        self.net = Bot("expert")
        self.spent = 0
        self.replies: dict[Position, list[Position]] = {}
        self._results: dict[tuple[Position, int, int], tuple[Position, ...]] = {}

    def value(self, result: Position) -> float:
        """0-ply equity of a play's result for the player who made it."""
        return -self.net.evaluate(result).equity

    def results(self, pos: Position, a: int, b: int) -> tuple[Position, ...]:
        """Every play's result, or the position passed on when there is none."""
        if (pos, a, b) not in self._results:
            plays = legal_plays(pos, (a, b))
            self._results[pos, a, b] = tuple(play.result for play in plays) or (pos.flip(),)
        return self._results[pos, a, b]

    def one_ply(self, result: Position) -> float:
        """The opponent's best reply by the net on each of its rolls, from the mover's side, averaged."""
        if result.is_over():
            return self.value(result)
        total = 0.0
        best_replies = self.replies[result] = []
        for a, b in ((a, b) for a in range(1, 7) for b in range(1, 7)):  # all 36, not the 21
            replies = self.results(result, a, b)
            self.spent += len(replies) if a <= b else 0
            best = max(replies, key=self.value)
            best_replies.append(best)
            total -= self.value(best)
        return total / 36.0

    def two_ply(self, result: Position) -> float:
        """After the opponent's best reply on each roll, the mover's own best on each of its rolls.

        The mover weighs only the ``keep`` plays of each roll that the prune net
        ranks highest, as the bot does, except in a race.
        """
        keep = botmod.LEVEL_SPECS["master"].keep
        rough = self.net.weights.rough
        total = 0.0
        for reply in self.replies[result]:
            if reply.is_over():
                total -= self.value(reply)
                continue
            sub = 0.0
            for a, b in ((a, b) for a in range(1, 7) for b in range(1, 7)):
                mine = self.results(reply, a, b)
                if not reply.is_race():
                    mine = sorted(mine, key=lambda r: -rough(flip_key(r.key)))[:keep]
                sub += max(self.value(r) for r in mine)
            total += sub / 36.0
        return total / 36.0

    def choose(self, pos: Position, dice: tuple[int, int]) -> tuple[dict[Position, float], str]:
        """The plays the master weighs last with their values, and the depth that decided it.

        The master's play must be one of them with the best value (a tie could go either way).
        """
        level = botmod.LEVEL_SPECS["master"]
        scored = [(self.value(p.result), p.result) for p in legal_plays(pos, dice)]
        scored.sort(key=lambda s: -s[0])
        short = [r for v, r in scored[: level.candidates] if scored[0][0] - v <= level.margin]
        if len(short) < 2:
            return dict((r, v) for v, r in scored), "0-ply"
        self.spent = 0
        deep = {}
        for k, r in enumerate(short):
            if k and self.spent + self.spent / k > botmod.DEEP_EVALS:
                break  # another would likely overrun the cap: the rest keep their 0-ply rank, below
            deep[r] = self.one_ply(r)
        first, second = sorted(deep, key=lambda r: -deep[r])[:2]
        if deep[first] - deep[second] > level.two_ply_margin or first.is_over() or second.is_over():
            return deep, "1-ply"  # a play that bears off the last checker is exact: no 2-ply
        return {r: self.two_ply(r) for r in (first, second)}, "2-ply"


def master_spots(n: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """Self-play positions with a roll that has a play."""
    rng = random.Random(seed)
    positions = [p for p in selfplay_positions(6, 2) if not p.is_over()]
    spots = []
    for pos in rng.sample(positions, n):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        if legal_plays(pos, dice):
            spots.append((pos, dice))
    return spots


SPOTS_SEED = 3  # spots where every depth decides some, and each overrules the one above at least once


@pytest.mark.slow
def test_the_masters_lookahead_matches_an_independent_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Which play the master picks, and at which depth, checked against a search rebuilt from scratch.

    Mutation-checked: the opponent's replies counted for the mover instead of
    against it, or the 0-ply best kept after the lookahead, fails it; so does a
    2-ply that adds the opponent's reply instead of the mover's answer to it.
    """
    monkeypatch.setattr(botmod, "MOVE_WORK", 10**9)  # the 2-ply's cap, tested below
    ref = IndependentMaster()
    master = Bot("master", seed=5)
    depths: dict[str, int] = {}
    over_0_ply = over_1_ply = 0
    for pos, dice in master_spots(30, SPOTS_SEED):
        values, depth = ref.choose(pos, dice)
        depths[depth] = depths.get(depth, 0) + 1
        chosen = master.choose_play(pos, dice).result
        assert chosen in values, (pos.position_id(), dice, depth)
        assert values[chosen] > max(values.values()) - 1e-9, (pos.position_id(), dice, depth)
        if depth != "0-ply":
            over_0_ply += ref.value(chosen) < max(ref.value(p.result) for p in legal_plays(pos, dice)) - 1e-9
        if depth == "2-ply":
            over_1_ply += ref.one_ply(chosen) < max(ref.one_ply(r) for r in values) - 1e-9
    assert depths.get("2-ply", 0) >= 4 and depths.get("1-ply", 0) >= 4 and depths.get("0-ply", 0) >= 3, depths
    assert over_0_ply >= 1 and over_1_ply >= 1  # each ply overrules the one above


def test_a_2_ply_that_would_not_fit_leaves_the_1_ply_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    one_ply = Bot("master", seed=5)
    one_ply.level = dataclasses.replace(one_ply.level, two_ply_margin=0.0)
    monkeypatch.setattr(botmod, "MOVE_WORK", 1000)  # below any 2-ply of two plays (441 lists each)
    master = Bot("master", seed=5)
    spots = master_spots(30, SPOTS_SEED)  # where a 2-ply overrules the 1-ply (the test above)
    assert [master.choose_play(p, d) for p, d in spots] == [one_ply.choose_play(p, d) for p, d in spots]


# -- sliced thinking ----------------------------------------------------------------
class CountingWeights(Weights):
    """The shipped weights, counting work to measure slices: a net evaluation is 1, a prune one less."""

    def __init__(self, inner: Weights) -> None:
        super().__init__(inner.contact, inner.race, inner.meta, inner.prune)
        self.calls = 0.0

    def after(self, key: int):  # type: ignore[no-untyped-def]
        self.calls += 1
        return super().after(key)

    def rough(self, key: int) -> float:
        self.calls += botmod.PRUNE_COST
        return super().rough(key)


@pytest.mark.parametrize("level", LEVELS)
def test_sliced_and_blocking_agree_and_slices_are_bounded(level: str) -> None:
    weights = CountingWeights(load_weights())
    bot = Bot(level, seed=4, weights=weights)
    worst = Position.from_position_id("OQcJkxGUOYEqEw")  # 637 plays with 2-2
    cases = [(worst, (2, 2)), (Position.start(), (6, 6)), (Position.start(), (4, 2))]
    cases += [(p, (3, 3)) for p in selfplay_positions(2, 1)[10:40:10]]
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
        if len(legal_plays(pos, dice)) > botmod.SLICE_EVALS:
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


# -- the turn driver ------------------------------------------------------------------
def steps_of(gen: object) -> tuple[int, object]:
    """How many slices a ``think_*`` generator yields, and its answer."""
    slices = 0
    while True:
        try:
            next(gen)  # type: ignore[call-overload]
        except StopIteration as stop:
            return slices, stop.value
        slices += 1


@pytest.mark.parametrize("level", ["intermediate", "master"])
def test_think_action_is_think_play_slice_for_slice(level: str) -> None:
    """The driver adds no work to a slice: the same slices as ``think_play``, and its play as a Move."""
    rules = Rules()
    worst = Position.from_position_id("OQcJkxGUOYEqEw")
    for pos, dice in [(worst, (2, 2)), (Position.start(), (4, 2))]:
        match = Match(rules, start=GameState.from_position(rules, pos, dice=dice))
        bot = Bot(level, seed=3)
        slices, action = steps_of(think_action(bot, match))
        play_slices, play = steps_of(Bot(level, seed=3).think_play(pos, dice))
        assert (slices, action) == (play_slices, Move.of(play))  # type: ignore[arg-type]


def test_think_action_rolls_at_the_opening_with_the_match_dice_and_no_slice() -> None:
    match = Match(Rules(), rng=random.Random(5))
    twin = random.Random(5)
    slices, action = steps_of(think_action(Bot("expert"), match))
    assert slices == 0 and action == Roll((twin.randint(1, 6), twin.randint(1, 6)))
    assert match.rng.getstate() == twin.getstate()  # type: ignore[union-attr]
    assert match.record == []  # the front end applies it


def test_think_action_follows_the_cube_decision() -> None:
    bot = Bot("expert")

    def action(state: GameState) -> object:
        return choose_action(bot, Match(state.rules, rng=random.Random(1), start=state))

    assert action(money(CERTAIN)) == Double()
    assert action(doubled(CERTAIN)) == Drop()
    assert action(doubled(Position.start())) == Take()
    assert isinstance(action(money(Position.start())), Roll)  # no double
    assert isinstance(action(money(BLITZ)), Roll)  # too good: play on for the gammon
    assert isinstance(action(GameState.from_position(Rules(variant="maxgammon"), CERTAIN)), Roll)


def test_think_action_starts_the_next_game_and_refuses_a_finished_match() -> None:
    bot = Bot("expert")
    money_match = Match(Rules(), start=doubled(CERTAIN))
    money_match.drop()
    assert choose_action(bot, money_match) == NewGame()
    match = Match(Rules(match_length=1), start=GameState.from_position(Rules(match_length=1), CERTAIN))
    match.apply(Roll((6, 6)))
    match.apply(choose_action(bot, match))
    assert match.is_match_over
    with pytest.raises(IllegalActionError):
        choose_action(bot, match)


def test_the_same_seeds_play_the_same_match() -> None:
    def record(seed: int) -> list[list[object]]:
        match = Match(Rules(match_length=3), rng=random.Random(seed))
        bots = (Bot("intermediate", seed=1), Bot("expert", seed=2))
        while not match.is_match_over:
            match.apply(choose_action(bots[match.game.actor], match))
        return [a.to_json() for a in match.record]

    first = record(8)
    assert first == record(8) and first != record(9)
    assert any(a == ["double"] for a in first + record(9))


def test_the_hint_is_the_computers_choice_and_draws_no_dice() -> None:
    bot = Bot("expert")
    match = Match(Rules(), rng=random.Random(2), start=GameState.from_position(Rules(), Position.start()))
    state = match.rng.getstate()  # type: ignore[union-attr]
    advice = hint(bot, match)
    assert (advice.kind, advice.cube.action) == ("roll", "no double")  # type: ignore[union-attr]
    assert advice.evaluation == bot.evaluate(Position.start())
    assert match.rng.getstate() == state and match.record == []  # type: ignore[union-attr]
    match.apply(Roll((3, 1)))
    advice = hint(bot, match)
    assert (advice.kind, advice.text) == ("move", "8/5 6/5")
    assert Move.of(advice.play) == choose_action(bot, match)  # type: ignore[arg-type]
    assert hint(bot, Match(Rules())).kind == "roll"  # the opening roll-off
    certain = Match(Rules(), start=doubled(CERTAIN))
    assert hint(bot, certain).kind == "drop" and hint(bot, certain).cube is not None


# -- the cube -----------------------------------------------------------------------
def money(position: Position, **kw: object) -> GameState:
    return GameState.from_position(Rules(), position, **kw)  # type: ignore[arg-type]


def doubled(position: Position) -> GameState:
    state, _ = money(position).double()
    return state


# The doubler (on roll) has two checkers left on its ace point: it is off next roll.
CERTAIN = pos_of({1: 2}, {6: 1, 5: 1})
# A race of about 80 pips the doubler leads by 6 with the roll (about 70%): a clear take.
RACE_TAKE = pos_of({6: 3, 5: 3, 4: 3, 3: 2, 2: 1, 8: 2, 9: 1}, {6: 3, 5: 3, 4: 3, 3: 2, 8: 3, 9: 1})
# The doubler has a closed board with three men on the bar against it: too good to double.
BLITZ = pos_of({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 9: 2}, {13: 5, 8: 4, 6: 3}, their_bar=3)


def test_a_certain_win_is_a_double_and_a_drop() -> None:
    bot = Bot("expert")
    assert bot.cube_action(money(CERTAIN)).action == "double"
    assert bot.cube_action(doubled(CERTAIN)).action == "drop"


def test_the_opening_is_no_double_and_a_double_there_is_taken() -> None:
    bot = Bot("expert")
    start = Position.start()
    assert bot.cube_action(money(start)).action == "no double"
    assert bot.cube_action(doubled(start)).action == "take"


def test_a_race_lead_of_eight_per_cent_is_a_take() -> None:
    mine, theirs = RACE_TAKE.pips()
    assert (mine, theirs) == (78, 84) and RACE_TAKE.is_race()
    bot = Bot("expert")
    decision = bot.cube_action(doubled(RACE_TAKE))
    assert 0.65 < decision.evaluation.win < 0.82
    assert decision.action == "take"


def test_a_blitz_with_big_gammon_chances_is_too_good() -> None:
    bot = Bot("expert")
    decision = bot.cube_action(money(BLITZ))
    assert decision.evaluation.win_gammon > 0.4
    assert decision.action == "too good"
    assert bot.cube_action(doubled(BLITZ)).action == "drop"


def test_never_a_double_under_maxgammon_rules_or_in_the_crawford_game() -> None:
    bot = Bot("expert")
    assert bot.cube_action(GameState.from_position(Rules(variant="maxgammon"), CERTAIN)) is None
    crawford = GameState.from_position(Rules(match_length=5), CERTAIN, crawford=True)
    assert bot.cube_action(crawford) is None
    # nor with the cube on the other side, nor after the roll
    assert bot.cube_action(money(CERTAIN, cube=2, cube_owner=1)) is None
    assert bot.cube_action(money(CERTAIN, dice=(3, 1))) is None


def test_match_play_uses_match_equity() -> None:
    """At 2-away/2-away a certain win is a double; one point from the match it is not needed."""
    bot = Bot("expert")
    rules = Rules(match_length=5)
    m = Match(rules, start=GameState.from_position(rules, CERTAIN))
    m.score = (3, 3)
    decision = bot.cube_action(m)
    assert decision.action == "double"
    assert decision.double_pass == pytest.approx(met.equity(1, 2, crawford=True))
    m.score = (4, 2)  # 1-away after the Crawford game: winning one point wins the match
    decision = bot.cube_action(m)
    assert decision.action == "no double"


def test_match_cube_keeps_the_cube_alive() -> None:
    """Early in a long match the cube is as live as in money play: a modest race lead is no double.

    Treating the cube as dead after a double makes any advantage a double (the first version
    did, and two experts then ran the cube to 8 in a single game of a 7-point match).
    """
    bot = Bot("expert")
    rules = Rules(match_length=7)
    even = {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}  # 60 pips
    races = [
        {6: 4, 5: 3, 4: 3, 3: 3, 2: 2},  # 64 pips: on roll, behind by 4
        even,
        {6: 2, 5: 3, 4: 3, 3: 3, 2: 4},  # 56
        {6: 1, 5: 3, 4: 3, 3: 4, 2: 4},  # 52
    ]
    actions = []
    for mine in races:
        race = pos_of(mine, even)
        decision = bot.cube_action(Match(rules, start=GameState.from_position(rules, race)))
        # the same as for money at 0-0, where a dead cube would double any of them
        assert decision.action == bot.cube_action(money(race)).action, (decision.evaluation.win, decision)
        actions.append(decision.action)
    assert actions[0] == "no double" and "double" in actions
    # a dead cube: both sides 2-away, a double to 2 ends the match, so only the chances count
    m = Match(rules, start=GameState.from_position(rules, race))
    m.score = (5, 5)
    decision = bot.cube_action(m)
    assert decision.action == "double" and decision.double_take > decision.no_double


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
def dense_after(weights_bytes: bytes, key: int, net: str) -> list[float]:
    """The textbook forward pass in floats, for checking the packed one."""
    import json

    size = int.from_bytes(weights_bytes[len(MAGIC) : len(MAGIC) + 4], "little")
    header = json.loads(weights_bytes[len(MAGIC) + 4 : len(MAGIC) + 4 + size])
    floats = array("f")
    floats.frombytes(weights_bytes[len(MAGIC) + 4 + size :])
    at = 0
    for spec in header["nets"]:
        h = spec["hidden"]
        n_in = spec["inputs"]
        parts = []
        for n in (h * n_in, h, 5 * h, 5):
            parts.append(floats[at : at + n].tolist())
            at += n
        if spec["name"] == net:
            w1, b1, w2, b2 = parts
            break
    table = unit_table()
    x = [0.0] * n_in
    for j in range(2 * SLOTS):
        side, slot = divmod(j, SLOTS)
        n = (key >> (4 * j)) & 15
        for u, v in enumerate(table[slot][n]):
            x[(side * SLOTS + slot) * UNITS + u] = v
    if n_in > INPUTS:
        c0 = [(key >> (4 * s)) & 15 for s in range(SLOTS)]
        c1 = [(key >> (4 * (SLOTS + s))) & 15 for s in range(SLOTS)]
        for i, count in enumerate(contact_features_reference(c0, c1)[: n_in - INPUTS]):
            x[INPUTS + i] = count / ROLL_COUNT
    hid = [1 / (1 + exp(-(b1[r] + sum(w1[r * n_in + i] * x[i] for i in range(n_in))))) for r in range(h)]
    return [1 / (1 + exp(-(b2[k] + sum(w2[k * h + r] * hid[r] for r in range(h))))) for k in range(5)]


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
