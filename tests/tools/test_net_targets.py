"""Luck-adjusted returns recorded along self-play (tools/net_targets.py).

Slow: numba compiles the trainer's kernels and the move generator for the few games played.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

nt = pytest.importorskip("tools.net_targets", reason="the tools need numpy: pip install -e '.[dev]'")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def recorder():
    return nt.Recorder(nt.DEFAULT_PATH)


@pytest.fixture(scope="module")
def games(recorder):
    return [recorder.game(random.Random(f"test:{g}")) for g in range(3)]


def test_each_target_is_the_result_less_every_later_rolls_luck(games):
    for g in games:
        t, r, luck = (g[k].astype(np.float64) for k in ("target", "result", "luck"))
        np.testing.assert_allclose(t[-1], r[-1] - luck[-1], atol=1e-6)
        for i in range(len(t) - 1):  # the next position is the other side's
            np.testing.assert_allclose(r[i], nt.flip_vec(r[i + 1]), atol=1e-6)
            np.testing.assert_allclose(t[i], nt.flip_vec(t[i + 1]) - luck[i], atol=1e-5)


def test_the_luck_takes_most_of_the_dice_out(games):
    """About the net's 1-ply value the luck-adjusted returns spread far less than the plain results."""
    v = np.concatenate([nt.equity(g["v1"].astype(np.float64)) for g in games])
    plain = np.concatenate([nt.equity(g["result"].astype(np.float64)) for g in games]) - v
    adjusted = np.concatenate([nt.equity(g["target"].astype(np.float64)) for g in games]) - v
    assert np.std(adjusted) < 0.6 * np.std(plain)


def test_the_compiled_generator_plays_the_engines_games(recorder):
    engine = nt.Recorder(nt.DEFAULT_PATH, fast=False)
    a, b = recorder.game(random.Random("same")), engine.game(random.Random("same"))
    assert all(np.allclose(a[k], b[k], atol=1e-6) for k in a)


def test_a_stopped_run_resumes_where_it_stopped(tmp_path):
    whole, resumed = tmp_path / "whole", tmp_path / "resumed"
    assert nt.record(whole, 3, 1, 2, nt.DEFAULT_PATH) == 2
    assert nt.record(resumed, 3, 1, 1, nt.DEFAULT_PATH) == 1
    assert nt.record(resumed, 3, 1, 1, nt.DEFAULT_PATH) == 1  # makes shard 1, not shard 0 again
    a, b = nt.load(whole), nt.load(resumed)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    with pytest.raises(SystemExit, match="other settings"):
        nt.record(resumed, 4, 1, 1, nt.DEFAULT_PATH)
