"""The crashed fit on two players' returns (tools/net_curve.py ``fit --also``): one set, games apart."""

from __future__ import annotations

import numpy as np
import pytest

from cart.engine import Position

nc = pytest.importorskip("tools.net_curve", reason="the tools need numpy: pip install -e '.[dev]'")

CRASHED = Position.from_counts(
    [13, 1] + [0] * 20 + [1, 0, 0, 0], [10, 0, 2, 0, 0, 0, 2] + [0] * 13 + [1] + [0] * 5
)


def shard(path, keys: list[int], game: list[int], value: float) -> None:
    n = len(keys)
    rows = np.frombuffer(b"".join(k.to_bytes(26, "little") for k in keys), np.uint8).reshape(n, 26)
    five = np.full((n, 5), value, np.float32)
    np.savez(
        path,
        keys=rows,
        target=five,
        result=five,
        v1=five,
        luck=five,
        ply=np.zeros(n, np.int16),
        game=np.array(game, np.int32),
    )


def test_an_also_folder_adds_every_sample_after_the_first_folders_and_its_games_stay_apart(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir(), new.mkdir()
    shard(old / "shard-000000.npz", [CRASHED.key, Position.start().key], [0, 0], 0.25)
    shard(old / "shard-000001.npz", [CRASHED.key], [0], 0.5)
    shard(new / "shard-000000.npz", [CRASHED.key, CRASHED.key], [0, 1], 0.75)
    s = {"keys": np.zeros((0, 26), np.uint8)}
    rows, y, held = nc.samples(old, 10, s, crashed=True, also=[new])
    assert len(rows) == 4  # the opening is no crashed board
    assert np.allclose(y[:, 1], [0.25, 0.5, 0.75, 0.75])  # the mover's gammon is the target's lost gammon
    assert len(held) == 4
    games = nc.net_targets.load(new, first=2)["game"]
    assert list(games) == [(2 << 20) + 0, (2 << 20) + 1]  # numbered after the first folder's two shards
    ids = np.array([0, 1 << 20, 2 << 20, (2 << 20) + 1], np.int64)  # the old folder's two games, then these
    assert np.array_equal(held, (ids * 2654435761 % 97) < 5)  # the held-out rule on those numbers
    alone_rows, alone_y, _ = nc.samples(new, 10, s, crashed=True)
    assert np.array_equal(rows[2:], alone_rows) and np.allclose(y[2:], alone_y)
