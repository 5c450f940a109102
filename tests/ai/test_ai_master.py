"""The master's lookahead checked against an independent search rebuilt on the engine's public face.

A search of its own (``IndependentMaster``), with the positions it is run on, so it
stands apart from the other tests of the computer player (``tests/ai/test_ai.py``).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from cart.ai import Bot, bot as botmod
from cart.engine import Position, legal_plays
from cart.engine.fast import flip_key
from tools.positions import selfplay_positions


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


OVERRULED = (9, 14, 26)
"""The spots of ``master_spots(30, SPOTS_SEED)`` where the master's 2-ply overrules its 1-ply."""


@pytest.mark.parametrize(
    "some", [OVERRULED[:1], pytest.param((), marks=pytest.mark.slow)], ids=["overruled", "all"]
)
def test_a_2_ply_that_would_not_fit_leaves_the_1_ply_choice(
    monkeypatch: pytest.MonkeyPatch, some: tuple[int, ...]
) -> None:
    """The quick loop takes a spot of 8 plays where the 2-ply would overrule (and checks that it does), the
    slow tests all 27."""
    one_ply = Bot("master", seed=5)
    one_ply.level = dataclasses.replace(one_ply.level, two_ply_margin=0.0)
    spots = master_spots(30, SPOTS_SEED)  # where a 2-ply overrules the 1-ply (the test above)
    spots = [spots[i] for i in some] if some else spots
    first = [one_ply.choose_play(p, d) for p, d in spots]
    if some:
        assert [Bot("master", seed=5).choose_play(p, d) for p, d in spots] != first  # with room for it
    # spent by the 1-ply alone: no roll of the 2-ply fits (at 1,000 a roll or two can, in a small position)
    monkeypatch.setattr(botmod, "MOVE_WORK", 0)
    master = Bot("master", seed=5)
    assert [master.choose_play(p, d) for p, d in spots] == first
