"""The tools' compiled kernels, compiled before the tools' tests and not inside the first one to call them."""

from __future__ import annotations

import numpy as np
import pytest

from cart.ai import net as cartnet
from cart.engine import Position
from tools import fastgen, kernels, net_curve, net_targets, rollout
from tools.train import Trainer


@pytest.fixture(scope="session", autouse=True)
def compiled_kernels(tmp_path_factory: pytest.TempPathFactory) -> None:
    """numba compiles each kernel on its first call and keeps it on disk (``tools/__pycache__``).

    On a fresh checkout that is seconds of CPU, which fell on whichever test called a kernel first
    and failed it on the quick loop's CPU budget; like the bear-off tables, it is no one test's cost.
    One trial from the start, a learning step, a game's positions drawn and the generator's, the
    curve's and the 1-ply recorder's kernels on one position compile them all, with the types the
    tests call them with. Without numba (the README's install) the kernels are plain Python: nothing to
    compile, and the same calls would cost tens of seconds of CPU a run.
    """
    if not kernels.COMPILED:
        return
    t = Trainer.from_weights(cartnet.DEFAULT_PATH)
    start = Position.start()
    rollout.rollout(t.nets(), t.nfeat, start.position_id(), 1)
    out = tmp_path_factory.mktemp("compiled") / "positions.txt"
    rollout.main(["positions", "--games", "1", "--endings", "1", "--out", str(out)])
    scratch = fastgen.Scratch()
    fastgen.results(start.key, 3, 1, scratch)
    fastgen.candidates(start.key, 3, 1, scratch)
    row = np.frombuffer(start.key.to_bytes(26, "little"), np.uint8)
    kernels.td_step(row, np.zeros(5), kernels.UNITS, *t.nets(), 0.0, t.nfeat, 0.0)  # no step: a copy's nets
    rows = net_curve.after_move(np.stack([row]))
    net_curve.inputs(rows, t.nets()[0].shape[0])
    one_ply = net_targets.Recorder(cartnet.DEFAULT_PATH, ply=1)  # the 1-ply recorder's look ahead
    one_ply.rolls(start.key)
    one_ply.one_ply(start.key, 3, 1)
