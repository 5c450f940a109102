"""tools/kernels.py: the trainer's compiled nets choose what a textbook forward pass chooses, and learn.

The self-play choice is checked against an independent computation: the
engine's own legal plays (not the move generator the kernels use), the cart's
bit-mask contact features (not the reference loops the kernels compile) and a
dense textbook forward pass. A tiny net keeps this fast without numba.
"""

from __future__ import annotations

import numpy as np
import pytest

from cart.ai.features import INPUTS, ROLLS, contact_features, unit_table
from cart.ai.net import equity, is_race, terminal
from cart.engine import Position, legal_plays
from cart.engine.board import SIDE_BITS
from cart.engine.movegen import flip_key
from tools import kernels
from tools.positions import ROLLS as DISTINCT_ROLLS, selfplay_positions
from tools.train import Trainer


@pytest.fixture(scope="module")
def tiny() -> Trainer:
    t = Trainer(5, 4, 3, features=True)
    rng = np.random.default_rng(6)
    for name in t.w:  # big enough weights that the plays' values differ clearly
        t.w[name] = rng.normal(0.0, 0.5, t.w[name].shape)
    return t


def dense(t: Trainer, key: int) -> np.ndarray:
    """The trainer's outputs for the low side of ``key`` having just moved, computed densely."""
    if key & 15 == 15:
        return np.array(terminal(key))
    units = unit_table()
    name = "race" if is_race(key) else "contact"
    w1 = t.w[name + ".W1"]
    x = np.zeros(w1.shape[0])
    for side in range(2):
        for slot in range(26):
            n = (key >> (side * SIDE_BITS + 4 * slot)) & 15
            x[(side * 26 + slot) * 4 : (side * 26 + slot + 1) * 4] = units[slot][n]
    if name == "contact":
        f = contact_features(key, key.to_bytes(26, "little"), True)[: w1.shape[0] - INPUTS]
        x[INPUTS:] = np.array(f) / ROLLS
    h = 1.0 / (1.0 + np.exp(-(x @ w1 + t.w[name + ".b1"])))
    return 1.0 / (1.0 + np.exp(-(t.w[name + ".W2"] @ h + t.w[name + ".b2"])))


def sample_positions() -> list[Position]:
    """Positions on roll: the start, a race, a checker on the bar, and a spread of self-play."""
    race = Position.from_counts([0] + [3, 3, 3, 3, 3] + [0] * 20, [0] * 13 + [5, 5, 5] + [0] * 10)
    played = selfplay_positions(11, 2)
    on_bar = [p for p in played if p.mine[25]][:2]
    return [Position.start(), race, *on_bar, *played[::25]]


@pytest.mark.slow  # numba compiles the trainer's kernels first: about 4 s
def test_choose_takes_the_play_a_dense_forward_pass_likes_best(tiny: Trainer) -> None:
    best = np.empty(5)
    kinds = set()
    for pos in sample_positions():
        for a, b in DISTINCT_ROLLS:
            cands, rows = kernels.candidates(pos.key, a, b)
            i = kernels.choose(rows, kernels.UNITS, *tiny.nets(), best, tiny.nfeat)
            # each legal play's result, turned back so that its mover is the low side again
            by_hand = {
                flip_key(p.result.key): dense(tiny, flip_key(p.result.key)) for p in legal_plays(pos, (a, b))
            }
            by_hand = by_hand or {pos.key: dense(tiny, pos.key)}  # no play: the position stays
            assert sorted(cands) == sorted(by_hand), (pos.position_id(), a, b)
            top = max(equity(o) for o in by_hand.values())
            assert equity(by_hand[cands[i]]) == pytest.approx(top, abs=1e-9), (pos.position_id(), a, b)
            assert np.allclose(best, by_hand[cands[i]], rtol=0, atol=1e-9)
            kinds.add("race" if is_race(cands[i]) else "contact")
    assert kinds == {"race", "contact"}


def test_a_td_step_moves_the_net_it_uses_towards_the_target_and_leaves_the_other(tiny: Trainer) -> None:
    t = Trainer(5, 4, 3, features=True)
    t.w = {name: w.copy() for name, w in tiny.w.items()}
    race = Position.from_counts([0] + [3, 3, 3, 3, 3] + [0] * 20, [0] * 13 + [5, 5, 5] + [0] * 10)
    for key, untouched in ((Position.start().key, "race"), (race.key, "contact")):
        target = np.array([0.9, 0.2, 0.05, 0.1, 0.01])
        kept = {name: w.copy() for name, w in t.w.items() if name.startswith(untouched)}
        before = float(((dense(t, key) - target) ** 2).sum())
        row = np.frombuffer(key.to_bytes(26, "little"), np.uint8)
        for _ in range(50):
            kernels.td_step(row, target, kernels.UNITS, *t.nets(), 0.5, t.nfeat, 1.0)
        assert float(((dense(t, key) - target) ** 2).sum()) < 0.5 * before
        assert all(np.array_equal(t.w[name], w) for name, w in kept.items())
