"""Starting positions drawn per class (``tools/starts.py``) and the trainer's ``--class-starts``.

The trainer starts a share of its games from these, so they must be legal, of the
class asked, drawn from the run's own generator (the same seed, the same starts) and
carried by a checkpoint, so that a resumed run is the run that never stopped.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from boards import random_position

from cart.ai.race import after as race_after
from cart.engine import Position
from tools import starts, train
from tools.kernels import candidates


def test_crashed_is_gnubg_crashed() -> None:
    gnubg_nn = pytest.importorskip("gnubg_nn")
    rng = random.Random(7)
    seen = {True: 0, False: 0}
    for _ in range(3000):
        pos = random_position(rng)
        if pos.is_race():
            continue
        crashed = gnubg_nn.classify(pos.gnubg_board()) == 4  # CLASS_CRASHED
        assert starts.is_crashed(pos) == crashed, pos.position_id()
        seen[crashed] += 1
    assert min(seen.values()) > 100  # both answers were tried


@pytest.mark.parametrize("cls", starts.CLASSES)
def test_starts_are_legal_of_their_class_and_reproducible(cls: str) -> None:
    pool = starts.CrashedPool()
    rng = random.Random(3)
    game = [random_position(rng).key for _ in range(400)]
    pool.note_game(rng, game)
    assert len(pool.keys) == 1 and starts.is_crashed(Position(pool.keys[0]))
    drawn = [starts.draw_start(random.Random(11), cls, pool) for _ in range(1)]
    runs = []
    for _ in range(2):
        r = random.Random(5)
        runs.append([starts.draw_start(r, cls, pool) for _ in range(200)])
    assert runs[0] == runs[1]
    assert drawn[0] == starts.draw_start(random.Random(11), cls, pool)
    for pos in runs[0]:
        again = Position.from_position_id(pos.position_id())  # legal, by the engine's own checks
        assert again == pos and not pos.is_over() and not pos.is_race()
        assert starts.has_bar(pos) == (cls == "bar")
        if cls == "crashed":
            assert starts.is_crashed(pos)
    if cls != "crashed":
        assert len(set(runs[0])) > 150  # random, not one position over and over


def test_a_crashed_start_before_any_crashed_game_is_a_contact_ending() -> None:
    pos = starts.draw_start(random.Random(1), "crashed", starts.CrashedPool())
    assert not pos.is_race() and not starts.has_bar(pos)
    with pytest.raises(ValueError, match="no such class"):
        starts.draw_start(random.Random(1), "race", starts.CrashedPool())


def test_the_pool_survives_a_checkpoint(tmp_path: Path) -> None:
    t = train.Trainer(3, 4, 3, 9)
    rng = random.Random(2)
    for _ in range(30):
        t.pool.note_game(rng, [random_position(rng).key for _ in range(40)])
    assert len(t.pool.keys) > 20
    t.save(tmp_path / "run")
    assert list(train.Trainer.load(tmp_path / "run").pool.keys) == list(t.pool.keys)


@pytest.mark.slow  # numba compiles the trainer's kernels
def test_a_resumed_run_with_class_starts_is_the_run_that_never_stopped(tmp_path: Path) -> None:
    common = ["--seed", "5", "--hidden", "4", "--race-hidden", "3", "--features", "9", "--every", "30"]
    common += ["--class-starts", "0.5", "--exact-races"]
    train.main([*common, "--games", "60", "--out", str(tmp_path / "straight")])
    train.main([*common, "--games", "30", "--out", str(tmp_path / "stopped")])
    train.main(["--resume", str(tmp_path / "stopped"), "--games", "60"])
    a, b = train.Trainer.load(tmp_path / "straight"), train.Trainer.load(tmp_path / "stopped")
    assert a.games == b.games == 60
    assert a.rng.getstate() == b.rng.getstate()
    assert list(a.pool.keys) == list(b.pool.keys) and a.pool.keys
    for name in a.w:
        assert np.array_equal(a.w[name], b.w[name]), name
    said = train.reproduce_command(a.seed, a.games, a.args, "x")
    assert a.args["exact_races"] and " --exact-races " in said and " --class-starts 0.5 " in said
    with pytest.raises(SystemExit):
        train.main([*common[:-2], "--class-starts", "1.5", "--games", "1", "--out", str(tmp_path / "bad")])


def test_race_win_reads_what_the_cart_reads_and_only_races() -> None:
    rng = random.Random(9)
    seen = {"race": 0, "contact": 0}
    for _ in range(500):
        pos = random_position(rng)
        if pos.is_over() or any(sum(side[1:7]) > 10 and not any(side[7:]) for side in (pos.mine, pos.theirs)):
            continue  # a home board of many men takes seconds to work out the first time (test_race's)
        win = train.race_read(pos.key)
        if pos.is_race():
            seen["race"] += 1
            assert win == race_after(pos.key)
        else:
            seen["contact"] += 1
            assert win is None
    assert min(seen.values()) > 100, seen  # 111 races, 366 contact positions
    over = Position.from_counts([15] + [0] * 25, [14, 1] + [0] * 24)
    assert train.race_read(over.key) is None


def test_an_exact_race_is_chosen_by_its_worked_out_value() -> None:
    # the mover's last two men, on its 1- and 8-points, about to pass one opposing man on its 5-point
    t = train.Trainer(3, 4, 3, 9)
    mine = [13, 1, 0, 0, 0, 0, 0, 0, 1] + [0] * 17
    theirs = [14] + [0] * 19 + [1] + [0] * 5
    key = Position.from_counts(mine, theirs).key
    cands, arr = candidates(key, 6, 5)
    best = np.empty(5)
    i, read = t._choose(cands, arr, best, exact=True)
    read_all = [train.race_read(c) for c in cands]
    wins = [None if p is None else p[0] for p in read_all]
    assert read and wins[i] == max(w for w in wins if w is not None) and best[0] == wins[i]
    assert list(best[1:]) == [0.0] * 4  # each side has a man off: no gammons
    assert not t._choose(cands, arr, best, exact=False)[1]
