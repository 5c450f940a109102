"""``tools/eval_judge.py``: a seeded set of positions, classed, and the evaluator's errors by class."""

from __future__ import annotations

import random

import pytest

from cart.ai import load_weights, teacher_weights
from cart.ai.deep import Deep
from cart.engine import Position, PositionError

pytest.importorskip("gnubg_nn")

from tools import eval_judge as ej


def test_the_set_is_seeded_and_holds_games_and_endings() -> None:
    """One game (the first pairing's: a tenth of the second's CPU) and the endings."""
    small = ej.make_set(3, games=1, endings=16)
    assert small == ej.make_set(3, games=1, endings=16)
    assert small != ej.make_set(4, games=1, endings=16)
    assert len(small) == len(set(small)) > 16
    for pid in small:
        assert not Position.from_position_id(pid).is_over()


def test_random_endings_are_what_they_say() -> None:
    rng = random.Random(5)
    made = {kind: 0 for kind in ej.ENDINGS}
    for _ in range(400):
        kind = ej.ENDINGS[rng.randrange(len(ej.ENDINGS))]
        try:
            pos = ej.random_ending(rng, kind)
        except PositionError:
            continue
        made[kind] += 1
        assert 1 <= 15 - pos.mine[0] <= 8 or 1 <= 15 - pos.theirs[0] <= 8
        if kind == "race":
            assert pos.is_race()
        if kind == "bar":
            assert pos.mine[25] or pos.theirs[25]
            assert ej.position_class(pos) == "bar"
    assert all(made.values())


def test_the_report_tallies_each_class_against_the_judge() -> None:
    deep = Deep(load_weights())
    ids = ["OwAAAABAAAAAAA", "AgAAACIAAAAAAA", "M2aZYQCwAQM+Zg", "4HPwATDgc/ABMA"]
    judged = [ej.judge_one(deep, pid, 1) for pid in ids]
    assert [j.cls for j in judged] == ["race", "race", "bar", "contact"]
    rows = ej.tally(judged)
    assert rows["all"][0].n == 4 and rows["race"][0].n == 2
    one = judged[0]
    assert rows["race"][0].win == pytest.approx(
        (abs(one.verdicts[0][0] - one.judge[0]) + abs(judged[1].verdicts[0][0] - judged[1].judge[0])) / 2
    )
    text = "\n".join(ej.report(judged, 1))
    assert "M2aZYQCwAQM+Zg" in text  # the worst of the bar class
    assert rows["bar"][0].off == 1.0  # ours 0.26 to win, gnubg about 0.46


def test_a_kept_set_is_judged_again_and_a_bad_one_is_refused(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    kept = tmp_path / "set.txt"
    judge = ["--ply", "1"]
    assert ej.main(["judge", "--games", "0", "--endings", "4", *judge, "--save-set", str(kept)]) == 0
    ids = kept.read_text().split()
    assert len(ids) == 4
    first = capsys.readouterr().out
    assert ej.main(["judge", "--set", str(kept), *judge]) == 0
    again = capsys.readouterr().out
    assert f"{len(ids)} positions (from {kept})" in again
    assert first.splitlines()[1:] == again.splitlines()[1:]  # the same figures for the same positions
    kept.write_text("not-a-position-id\n")
    with pytest.raises(SystemExit) as stop:
        ej.main(["judge", "--set", str(kept)])
    assert stop.value.code == 2
    assert f"{kept}: Position ID must be 14 characters" in capsys.readouterr().err


def test_the_teachers_chances_are_printed_at_each_depth(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    ids = tmp_path / "ids.txt"
    ids.write_text("OwAAAABAAAAAAA\n\n4HPwATDgc/ABMA\n")
    deep = Deep(teacher_weights())  # the teacher's nets unless --weights names a whole file
    for ply in (0, 1, 2):
        assert ej.main(["deep", "--ids", str(ids), "--ply", str(ply)]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert [ln.split()[0] for ln in lines] == ["OwAAAABAAAAAAA", "4HPwATDgc/ABMA"]
        for line in lines:
            pid, *chances = line.split()
            want = deep.chances(Position.from_position_id(pid).key, ply)
            assert [float(x) for x in chances] == pytest.approx(want, abs=1e-6)
    ids.write_text("OwAAAABAAAAAAA\nnot-an-id\n")
    with pytest.raises(SystemExit) as stop:
        ej.main(["deep", "--ids", str(ids)])
    assert stop.value.code == 2
    assert "Position ID must be 14 characters: 'not-an-id'" in capsys.readouterr().err
