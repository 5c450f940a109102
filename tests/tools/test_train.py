"""The trainer's net surgery: a run started from a smaller parent plays exactly as the parent did.

``--init-from`` lets a new run add contact features or hidden units to a trained net
(the shipped weights were grown that way). If the new inputs or units changed the
outputs at the start, the child would first unlearn its parent; these tests check
that they do not, and that the parent's weights are copied, not shared.
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from cart.ai.features import INPUTS, N_FEATURES
from tools import train


def outputs(t: train.Trainer, name: str, x: np.ndarray) -> np.ndarray:
    """The net's five outputs for a dense input vector (textbook float forward pass)."""
    w = t.w
    n_in = w[name + ".W1"].shape[0]
    h = 1.0 / (1.0 + np.exp(-(x[:n_in] @ w[name + ".W1"] + w[name + ".b1"])))
    return 1.0 / (1.0 + np.exp(-(w[name + ".W2"] @ h + w[name + ".b2"])))


def parent(tmp_path: Path, hidden: int, features: bool) -> Path:
    t = train.Trainer(3, hidden, 6, features)
    rng = np.random.default_rng(4)
    for name in t.w:  # a "trained" parent: no zero weights anywhere
        t.w[name] = rng.normal(0.0, 0.3, t.w[name].shape)
    t.args = {"hidden": hidden, "race_hidden": 6}
    t.games = 1234
    folder = tmp_path / "parent"
    t.save(folder)
    return folder


@pytest.mark.parametrize(("features", "hidden"), [(False, 7), (True, 7), (False, 11), (True, 11)])
def test_a_grown_net_starts_out_as_its_parent(tmp_path: Path, features: bool, hidden: int) -> None:
    folder = parent(tmp_path, 7, False)
    old = train.Trainer.load(folder)
    child = train.Trainer(9, hidden, 6, features)
    child.init_from(folder)
    assert child.w["contact.W1"].shape == (INPUTS + (N_FEATURES if features else 0), hidden)
    rng = np.random.default_rng(5)
    for _ in range(20):
        x = rng.random(INPUTS + N_FEATURES)
        for name in ("contact", "race"):
            assert np.allclose(outputs(child, name, x), outputs(old, name, x), rtol=0, atol=1e-12)
    if hidden > 7:
        # the new units are not clones of each other: their input weights keep the random start
        new = child.w["contact.W1"][:INPUTS, 7:]
        assert np.unique(new.round(12), axis=1).shape[1] == hidden - 7
    child.w["contact.W1"][0, 0] += 1.0
    assert train.Trainer.load(folder).w["contact.W1"][0, 0] == old.w["contact.W1"][0, 0]
    assert child.args["parent"]["games"] == 1234


def test_a_smaller_net_cannot_start_from_a_bigger_one(tmp_path: Path) -> None:
    folder = parent(tmp_path, 7, True)
    for hidden, features in ((5, True), (7, False)):
        with pytest.raises(SystemExit, match="cannot start"):
            train.Trainer(9, hidden, 6, features).init_from(folder)


def test_a_run_can_start_from_a_weight_file_and_says_how_to_rebuild_it(tmp_path: Path) -> None:
    # the checkpoints behind shipped weights need not be kept: the weight file itself is a parent
    folder = parent(tmp_path, 7, False)
    old = train.Trainer.load(folder)
    old.args.update({"alpha": 0.1, "alpha_min": 0.02, "decay_start": 0, "halflife": 1, "race_hidden": 6})
    old.save(folder)
    weights = tmp_path / "parent.bin"
    train.export(folder, weights)
    child = train.Trainer(9, 7, 6, True)
    child.init_from(weights)
    rng = np.random.default_rng(5)
    for _ in range(20):
        x = rng.random(INPUTS + N_FEATURES)
        for name in ("contact", "race"):
            # the file holds float32: the child plays as the parent to that precision
            assert np.allclose(outputs(child, name, x), outputs(old, name, x), rtol=0, atol=1e-5)
    child.args.update({"alpha": 0.01, "alpha_min": 0.001, "decay_start": 0, "halflife": 5, "hidden": 7})
    child.args["race_hidden"] = 6
    cmd = train.reproduce_command(9, 100, child.args, "out/child")
    parent_cmd = train.reproduce_command(old.seed, old.games, old.args, folder)
    assert cmd.startswith(parent_cmd + f" && python -m tools.train --export {folder} --to {weights} && ")
    assert cmd.endswith(f"--init-from {weights} --out out/child")
    (tmp_path / "other.bin").write_bytes(b"not weights")
    with pytest.raises(SystemExit, match="not a Gammon Cart weight file"):
        train.Trainer(9, 7, 6, True).init_from(tmp_path / "other.bin")


@pytest.mark.slow  # numba compiles the trainer's kernels for the one game each run plays
@pytest.mark.parametrize(("flag", "count"), [(["--features"], 5), (["--features", "9"], 9), ([], 0)])
def test_the_features_flag_means_what_the_shipped_commands_meant(
    tmp_path: Path, flag: list[str], count: int
) -> None:
    # the shipped net's recorded commands say a bare --features for the first five: it must stay five
    out = tmp_path / "run"
    train.main(
        ["--seed", "3", "--games", "1", "--hidden", "4", "--race-hidden", "3", *flag, "--out", str(out)]
    )
    t = train.Trainer.load(out)
    assert t.w["contact.W1"].shape == (INPUTS + count, 4)
    cmd = train.reproduce_command(t.seed, t.games, t.args, out)
    said = re.search(r" --features( \d+)? ", cmd)
    assert (said.group(1) if said else None) == {0: None, 5: None, 9: " 9"}[count]
    assert (said is not None) == (count > 0)
