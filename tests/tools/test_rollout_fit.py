"""Rollouts of our own making (``tools/rollout.py``) and the contact net's fit to them (``tools/fit.py``).

A rollout's chances must be those of the side on roll, from games that end as the
rules say, the same whatever order or batch the positions are rolled in; the fit
must see each position exactly as the cart's net does, else it fits another net.

Without numba (the README's install) a trial costs about a second of CPU: the quick loop rolls a
trial on each position and fits endings alone; the slow set (``whole``) the sizes a tool uses.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from short_matches import FEW_PLAYS

from cart.ai import net as cartnet
from cart.engine import Position
from cart.engine.movegen import flip_key
from tools import fit, rollout
from tools.train import Trainer

WEIGHTS = cartnet.DEFAULT_PATH  # not relative: Pyxel moves a UI test's process to another folder

sizes = pytest.mark.parametrize(
    "whole", [False, pytest.param(True, marks=pytest.mark.slow)], ids=["small", "whole"]
)
"""A test's small run in the quick loop, its whole one in the slow set."""


@pytest.fixture(scope="module")
def nets() -> tuple[tuple[np.ndarray, ...], int]:
    t = Trainer.from_weights(WEIGHTS)
    return t.nets(), t.nfeat


def test_a_sure_bear_off_is_a_win_for_the_side_on_roll(nets: tuple[tuple[np.ndarray, ...], int]) -> None:
    mine = [14, 1] + [0] * 24  # one man on the ace point: off with any roll
    theirs = [0] * 26
    theirs[23] = 15  # not one off, all in the home board of the side on roll: a backgammon
    pid = Position.from_counts(mine, theirs).position_id()
    assert rollout.rollout(*nets, pid, 36).tolist() == [1.0, 1.0, 1.0, 0.0, 0.0]


def test_two_men_on_the_six_point_win_on_big_doubles_only(nets: tuple[tuple[np.ndarray, ...], int]) -> None:
    """Off in one roll only with 3-3, 4-4, 5-5 or 6-6; else the other side's last man goes off first."""
    mine = [13] + [0] * 25
    mine[6] = 2
    theirs = [14, 1] + [0] * 24
    pid = Position.from_counts(mine, theirs).position_id()
    p = rollout.rollout(*nets, pid, 36)  # the 36 first rolls, each once
    assert p[0] == pytest.approx(4 / 36)
    assert p[1:].tolist() == [0.0, 0.0, 0.0, 0.0]


@sizes
def test_a_rollout_is_the_same_whatever_else_is_rolled(
    nets: tuple[tuple[np.ndarray, ...], int], whole: bool
) -> None:
    # small: one trial from a bearing-in (the opening's game takes seconds where numba is not installed)
    pid, trials = ("4HPwATDgc/ABMA", 12) if whole else (FEW_PLAYS, 1)
    alone = rollout.rollout(*nets, pid, trials)
    rollout.rollout(*nets, "ZwACAXbDGDAFAA" if whole else "tx0ACwM3A4ABAA", trials)
    again = rollout.rollout(*nets, pid, trials)
    assert alone.tolist() == again.tolist()
    assert 0.0 <= alone[0] <= 1.0 and abs(alone.sum() - alone[0]) < 3.0


def test_run_resumes_and_takes_each_lines_trials(tmp_path: Path) -> None:
    todo = tmp_path / "pos.txt"
    todo.write_text(f"4HPwATDgc/ABMA 3\n{FEW_PLAYS}\n")  # a bearing-in: one trial is a short game
    out = tmp_path / "rolled.txt"
    out.write_text("4HPwATDgc/ABMA 3 0.5 0 0 0 0\n")  # rolled already: not again
    assert rollout.main(["run", str(todo), "--trials", "1", "--out", str(out)]) == 0
    lines = [ln.split() for ln in out.read_text().splitlines()]
    assert [ln[:2] for ln in lines] == [["4HPwATDgc/ABMA", "3"], [FEW_PLAYS, "1"]]


@sizes
def test_positions_are_of_the_classes_trained(tmp_path: Path, whole: bool) -> None:
    out = tmp_path / "pos.txt"
    games, endings = ("3", "9") if whole else ("1", "3")
    assert rollout.main(["positions", "--games", games, "--endings", endings, "--out", str(out)]) == 0
    kinds = {rollout.position_kind(Position.from_position_id(p)) for p in out.read_text().split()}
    assert kinds <= {"contact", "bar", "crashed"} and len(kinds) >= 2


def test_the_fit_sees_positions_as_the_cart_does(tmp_path: Path) -> None:
    ids = ["4HPwATDgc/ABMA", "ZwACAXbDGDAFAA", "7oYBRDhuAQBAAA"]
    rolled = tmp_path / "rolled.txt"
    rolled.write_text("".join(f"{pid} 72 0.6 0.2 0.01 0.1 0.02\n" for pid in ids))
    keys, targets, trials, _ = fit.load_rollouts(rolled)
    assert keys == [flip_key(Position.from_position_id(pid).key) for pid in ids]
    assert targets[0].tolist() == pytest.approx([0.4, 0.1, 0.02, 0.2, 0.01])  # the mover's, who did not roll
    assert trials.tolist() == [72.0] * 3
    _, nets = cartnet.read_arrays(WEIGHTS.read_bytes())
    w1, b1, w2, b2 = nets["contact"]
    p = {"W1": np.array(w1).T, "b1": np.array(b1), "W2": np.array(w2), "b2": np.array(b2)}
    _, out = fit.forward(p, fit.inputs(keys, p["W1"].shape[0]).astype(np.float64))
    contact = cartnet.read_weights(WEIGHTS.read_bytes()).contact
    for key, o in zip(keys, out, strict=True):
        assert o.tolist() == pytest.approx(contact.forward(key), abs=0.01)


def rolled_positions(tmp_path: Path, whole: bool) -> list[str]:
    """Positions to fit: of 8 self-play games and 40 endings, or (small) of the endings alone."""
    pos = tmp_path / "pos.txt"
    rollout.main(["positions", "--games", "8" if whole else "0", "--endings", "40", "--out", str(pos)])
    return pos.read_text().split()


@sizes
def test_a_fit_moves_the_net_towards_its_targets_and_keeps_the_other_nets(
    tmp_path: Path, whole: bool
) -> None:
    ids = rolled_positions(tmp_path, whole)
    rolled = tmp_path / "rolled.txt"  # targets no net of ours gives: a fit must move towards them
    rolled.write_text("".join(f"{pid} 72 0.9 0.3 0.0 0.0 0.0\n" for pid in ids))
    to = tmp_path / "w.bin"
    assert fit.main([str(rolled), "--epochs", "3", "--lr", "1e-3", "--to", str(to)]) == 0
    meta, nets = cartnet.read_arrays(to.read_bytes())
    _, old = cartnet.read_arrays(WEIGHTS.read_bytes())
    assert nets["race"] == old["race"] and nets.get("prune") == old.get("prune")
    assert nets["contact"] != old["contact"]
    done = meta["fit"]  # type: ignore[index]
    assert done["best"] < 0.9 * done["start"] and done["epoch"] >= 1  # type: ignore[index]


@sizes
def test_a_crashed_fit_leaves_the_contact_net_and_mix_zero_is_the_start(tmp_path: Path, whole: bool) -> None:
    rolled = tmp_path / "rolled.txt"
    rolled.write_text("".join(f"{pid} 72 0.9 0.3 0.0 0.0 0.0\n" for pid in rolled_positions(tmp_path, whole)))
    _, old = cartnet.read_arrays(WEIGHTS.read_bytes())
    start = old.get("crashed", old["contact"])
    nets = {}
    for mix in ("1", "0"):
        to = tmp_path / f"w{mix}.bin"
        args = [str(rolled), "--net", "crashed", "--epochs", "2", "--mix", mix, "--to", str(to)]
        assert fit.main(args) == 0
        _, nets[mix] = cartnet.read_arrays(to.read_bytes())
        assert nets[mix]["contact"] == old["contact"] and nets[mix]["race"] == old["race"]
    assert nets["1"]["crashed"] != start
    w1, b1, _, _ = nets["0"]["crashed"]  # stored in halves: the start to within a half's rounding
    assert np.allclose(w1, start[0], rtol=1e-3, atol=1e-3) and np.allclose(b1, start[1], rtol=1e-3, atol=1e-3)


def test_the_tools_rollout_can_roll_with_the_carts_luck_adjusted_rollout(tmp_path: Path) -> None:
    """Issue 37: ``run --luck prune``: the same file, each position rolled out by ``cart.ai.rollout``."""
    todo = tmp_path / "todo.txt"
    todo.write_text("4HPwATDgc/ABMA 1\n")
    out = tmp_path / "rolled.txt"
    assert rollout.main(["run", str(todo), "--luck", "none", "--out", str(out)]) == 0
    pid, trials, *chances = out.read_text().split()
    assert (pid, trials) == ("4HPwATDgc/ABMA", "1") and len(chances) == 5
    assert [float(x) for x in chances] == pytest.approx(
        rollout.cart_rollout(str(cartnet.DEFAULT_PATH), pid, 1, "none"), abs=1e-5
    )
