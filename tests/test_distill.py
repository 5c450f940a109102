"""tools/distill.py: the 1-ply targets are what they claim, and fitting moves the net towards them.

The distilled weights are only as good as their targets, so the 1-ply value is
checked against an independent computation: the engine's own legal plays (not
the move generator the tool uses), the cart's bit-mask contact features (not the
reference loops the trainer compiles) and a dense textbook forward pass. A tiny
net keeps this fast without numba.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import distill
import train

from cart.ai.features import INPUTS, N_FEATURES, ROLLS, contact_features, unit_table
from cart.ai.net import equity, flip_probs, is_race, terminal
from cart.engine import Position, legal_plays
from cart.engine.board import SIDE_BITS
from cart.engine.movegen import flip_key


@pytest.fixture(scope="module")
def tiny() -> train.Trainer:
    t = train.Trainer(5, 4, 3, features=True)
    rng = np.random.default_rng(6)
    for name in t.w:  # big enough weights that the replies' values differ clearly
        t.w[name] = rng.normal(0.0, 0.5, t.w[name].shape)
    return t


def dense(t: train.Trainer, key: int) -> np.ndarray:
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
        x[INPUTS : INPUTS + N_FEATURES] = np.array(contact_features(key, key.to_bytes(26, "little"))) / ROLLS
    h = 1.0 / (1.0 + np.exp(-(x @ w1 + t.w[name + ".b1"])))
    return 1.0 / (1.0 + np.exp(-(t.w[name + ".W2"] @ h + t.w[name + ".b2"])))


def one_ply_by_hand(t: train.Trainer, key: int) -> np.ndarray:
    roller = Position(flip_key(key))
    total = np.zeros(5)
    for a in range(1, 7):
        for b in range(1, 7):
            # each reply's outcome for the roller, who has just moved (its result is flipped back)
            outs = [dense(t, flip_key(p.result.key)) for p in legal_plays(roller, (a, b))] or [
                dense(t, roller.key)
            ]
            total += flip_probs(max(outs, key=equity))
    return total / 36


def sample_keys() -> list[int]:
    start = Position.start()
    keys = [p.result for p in legal_plays(start, (6, 5))[:1]]  # 24/18/13: no blots
    keys += [p.result for p in legal_plays(start, (4, 2))[:1]]  # 24/22 24/20: two blots to hit
    race = Position.from_counts([0] + [3, 3, 3, 3, 3] + [0] * 20, [0] * 13 + [5, 5, 5] + [0] * 10)
    keys.append(race)
    return [flip_key(p.key) for p in keys]  # as play results: the mover is the low side


def test_one_ply_is_the_average_over_rolls_of_the_best_reply(tiny: train.Trainer) -> None:
    for key in sample_keys():
        got = distill.one_ply(key, tiny.nets(), tiny.nfeat)
        want = one_ply_by_hand(tiny, key)
        assert np.allclose(got, want, rtol=0, atol=1e-9), (got, want)
        # and it is not just the 0-ply value
        assert np.abs(got - dense(tiny, key)).max() > 1e-3


def test_fitting_moves_the_net_towards_its_targets(tiny: train.Trainer, tmp_path: Path) -> None:
    parent = tmp_path / "parent"
    tiny.args = {
        "hidden": 4,
        "race_hidden": 3,
        "alpha": 0.1,
        "alpha_min": 0.1,
        "decay_start": 0,
        "halflife": 1,
    }
    tiny.save(parent)
    keys = sample_keys()
    targets = [distill.one_ply(k, tiny.nets(), tiny.nfeat) for k in keys]
    data = tmp_path / "d.npz"
    distill._save(data, [k.to_bytes(26, "little") for k in keys], targets, random.Random(1), parent, 1, "gen")
    out = tmp_path / "fitted"
    distill.fit(parent, [data], seed=2, epochs=30, alpha=0.1, out=out, command="python tools/distill.py fit")
    fitted = train.Trainer.load(out)

    def error(t: train.Trainer) -> float:
        return sum(float(((dense(t, k) - y) ** 2).sum()) for k, y in zip(keys, targets, strict=True))

    assert error(fitted) < 0.5 * error(tiny)
    # the checkpoint says how it was made, down to the data's own commands
    chain = train.reproduce_command(fitted.seed, fitted.games, fitted.args, out)
    assert chain.endswith("gen && python tools/distill.py fit")


@pytest.mark.parametrize("on_bar", [0, 1])
def test_screen_inputs_count_a_known_shot(on_bar: int) -> None:
    """One mover blot nine pips in front of fifteen roller checkers: 6-3, 5-4 and 3-3 hit it.

    Five rolls of 36, each sending the blot from its 10-point back to the bar (15
    pips); nothing can hit twice, and the roller always has a play. A mover checker
    already on the bar must not count as hit.
    """
    mover = [14 - on_bar] + [0] * 25
    mover[10] = 1
    mover[25] = on_bar
    roller = [0] * 26
    roller[24] = 15
    key = flip_key(Position.from_counts(roller, mover).key)  # a play result: the mover low
    got = dict(zip(distill.SCREEN_INPUTS, distill.screen_inputs(key), strict=True))
    assert got["hit_rolls"] == pytest.approx(5 / 36)
    assert got["pip_loss"] == pytest.approx(5 * 15 / 36)
    assert got["double_shots"] == 0 and got["roller_dances"] == 0
    assert got["roller_back"] == 15 and got["mover_back"] == on_bar and got["mover_bar"] == on_bar
    assert got["pip_lead"] == pytest.approx((15 * 24 - 10 - 25 * on_bar) / 50)
    # the cart's own hit count (bit masks, reachability) agrees with move generation here
    assert contact_features(key, key.to_bytes(26, "little"))[0] == 5


def test_ridge_gain_finds_an_input_that_explains_the_gap_and_not_one_that_does_not() -> None:
    rng = np.random.default_rng(3)
    base = rng.normal(size=(4000, 6))
    useful, noise = rng.normal(size=(4000, 1)), rng.normal(size=(4000, 1))
    r = base @ rng.normal(size=6) + 0.8 * useful[:, 0] + 0.3 * rng.normal(size=4000)
    assert distill.ridge_gain(base, useful, r, 3000) > 0.5
    assert abs(distill.ridge_gain(base, noise, r, 3000)) < 0.01
