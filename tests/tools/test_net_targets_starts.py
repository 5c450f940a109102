"""The recorder's games from crashed starts, played by the 1-ply player (tools/net_targets.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from cart.ai.classes import is_crashed
from cart.engine import Position

nt = pytest.importorskip("tools.net_targets", reason="the tools need numpy: pip install -e '.[dev]'")

# A crashed board (two men left against five, one of them back: a few plies' game) and a contact one.
CRASHED = Position.from_counts(
    [13, 1] + [0] * 20 + [1, 0, 0, 0], [10, 0, 2, 0, 0, 0, 2] + [0] * 13 + [1] + [0] * 5
)
CONTACT = Position.start()


@pytest.fixture
def pool(tmp_path):
    """A folder of one shard whose only game passes a contact board, then the crashed one twice."""
    folder = tmp_path / "pool"
    folder.mkdir()
    keys = [k.to_bytes(26, "little") for k in (CONTACT.key, CRASHED.key, CRASHED.key)]
    np.savez(
        folder / "shard-000000.npz",
        keys=np.frombuffer(b"".join(keys), np.uint8).reshape(3, 26),
        game=np.zeros(3, np.int32),
    )
    return folder


def test_the_pool_is_each_games_first_crashed_board(pool):
    assert is_crashed(CRASHED.key) and not is_crashed(CONTACT.key)
    assert nt.crashed_starts(pool, 1) == [CRASHED.key]


def test_a_1_ply_shard_from_crashed_starts_says_so_and_is_remade_the_same(tmp_path, pool):
    starts = nt.crashed_starts(pool, 1)
    out = tmp_path / "out"
    assert nt.record(out, 5, 1, 1, nt.DEFAULT_PATH, ply=1, starts=starts) == 1
    with np.load(out / "shard-000000.npz") as z:
        shard = {k: z[k] for k in z.files}
    meta = json.loads(str(shard.pop("meta")))
    assert meta["ply"] == 1 and meta["starts"].startswith("crashed:1:")
    assert int.from_bytes(shard["keys"][0].tobytes(), "little") == CRASHED.key
    assert meta["crashed"] == sum(is_crashed(int.from_bytes(r.tobytes(), "little")) for r in shard["keys"])
    again = nt.make_shard(nt.Recorder(nt.DEFAULT_PATH, ply=1), 5, 0, 1, starts)
    again.pop("meta")
    assert all(np.array_equal(shard[k], again[k]) for k in shard)


def test_a_folder_never_mixes_players_or_starts(tmp_path, pool):
    starts = nt.crashed_starts(pool, 1)
    out = tmp_path / "out"
    nt.record(out, 5, 1, 1, nt.DEFAULT_PATH, ply=1, starts=starts)
    for ply, st in ((0, starts), (1, None), (1, [CONTACT.key])):
        with pytest.raises(SystemExit, match="other settings"):
            nt.record(out, 5, 1, 1, nt.DEFAULT_PATH, ply=ply, starts=st)


def test_the_recorder_renices_its_autogroup_only_when_it_leads_a_session(monkeypatch):
    """A recorder started from a shell shares the shell's autogroup: it must not starve the shell's work."""
    written = []
    monkeypatch.setattr(nt.Path, "write_text", lambda self, text: written.append((str(self), text)))
    monkeypatch.setattr(nt.os, "getsid", lambda pid: nt.os.getpid() + 1)
    nt.yield_the_machine()
    assert written == []
    monkeypatch.setattr(nt.os, "getsid", lambda pid: nt.os.getpid())
    nt.yield_the_machine()
    assert written == [("/proc/self/autogroup", "19")]


def test_a_folder_without_shards_is_said_plainly(tmp_path):
    """A recorder's first shard takes minutes: ``stats`` on its folder meanwhile says so, no traceback."""
    with pytest.raises(SystemExit, match="holds no shards"):
        nt.stats(tmp_path)


def test_the_short_list_is_the_0_plys_best_few_within_the_masters_margin():
    """A 1-ply of the opening's plays is seconds without numba (the README's install): the player's list
    of one is checked instead, on a roll (6-4) where the full 1-ply picks another play than the 0-ply."""
    rec = nt.Recorder(nt.DEFAULT_PATH, ply=1, short=6)
    start = Position.start().key
    cands = nt.fastgen.rows(start, 6, 4, rec._scratch).copy()
    short = rec.short_list(cands)
    best = np.empty(5)
    assert len(cands) > 6 and 1 <= len(short) <= 6
    assert np.array_equal(short[0], cands[nt.choose(cands, nt.UNITS, *rec.nets, best, rec.nfeat)])
    rec.short = 1
    assert np.array_equal(rec.one_ply(start, 6, 4), short[0])


def test_a_short_listed_player_is_a_setting_of_its_own(tmp_path):
    out = tmp_path / "out"
    assert nt.record(out, 5, 1, 1, nt.DEFAULT_PATH, ply=1, starts=[CRASHED.key], short=3) == 1
    assert nt.read_meta(out / "shard-000000.npz")["short"] == 3
    with pytest.raises(SystemExit, match="other settings"):
        nt.record(out, 5, 1, 1, nt.DEFAULT_PATH, ply=1, starts=[CRASHED.key])
    with pytest.raises(SystemExit, match="--ply 1"):
        nt.main(["record", "--out", str(tmp_path / "o2"), "--short", "6"])
