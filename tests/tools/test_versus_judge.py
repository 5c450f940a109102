"""``tools/versus.py --judge``: phases and the equity a play gives up, by gnubg 0-ply."""

from __future__ import annotations

import pytest
from short_matches import FEW_PLAYS

from cart.engine import Position, legal_plays
from tools.players import PHASES, Player, _gnubg_equity_after, equity_lost, phase


def _side(**points: int) -> list[int]:
    counts = [0] * 26
    for name, n in points.items():
        counts[int(name[1:])] = n
    counts[0] = 15 - sum(counts[1:])
    return counts


def test_phases() -> None:
    assert phase(Position.start()) == "contact"
    race = Position.from_counts(_side(p13=5, p6=5, p8=5), _side(p6=10, p9=5))
    assert phase(race) == "race"
    assert phase(Position.from_counts(_side(p6=5, p3=5), _side(p13=5, p6=5))) == "bearing off"
    assert phase(Position.from_counts(_side(p6=5, p3=5), _side(p5=5, p1=5))) == "both bearing off"
    assert set(map(phase, (race, Position.start()))) <= set(PHASES)


def test_the_judge_charges_the_gap_to_gnubgs_best_play() -> None:
    judge = Player("expert", 1, judge=True)
    pos, dice = Position.start(), (3, 1)
    plays = legal_plays(pos, dice)
    scored = sorted(plays, key=lambda p: _gnubg_equity_after(p.result))
    judge._judge(pos, dice, scored[-1].result)  # 8/5 6/5, gnubg's own choice
    judge._judge(pos, dice, scored[0].result)  # its worst
    best, worst = judge.lost["contact"]
    assert best == 0.0
    assert worst == pytest.approx(
        _gnubg_equity_after(scored[-1].result) - _gnubg_equity_after(scored[0].result)
    )
    assert worst > 0.1


def test_a_forced_play_is_not_judged() -> None:
    judge = Player("expert", 1, judge=True)
    pos = Position.from_counts(_side(p1=1), _side(p1=1))  # one checker each, on its ace point
    plays = legal_plays(pos, (6, 5))
    assert len(plays) == 1
    judge._judge(pos, (6, 5), plays[0].result)
    assert all(not v for v in judge.lost.values())


def test_the_error_rates_judge_looks_ahead_when_asked() -> None:
    pos, dice = Position.from_position_id(FEW_PLAYS), (3, 1)  # three plays: gnubg's 2-ply of each is slow
    plays = legal_plays(pos, dice)
    shallow = {p.result: _gnubg_equity_after(p.result) for p in plays}
    deep = {p.result: _gnubg_equity_after(p.result, 2) for p in plays}
    assert max(abs(shallow[r] - deep[r]) for r in shallow) > 1e-3  # the ply reaches gnubg
    best = max(deep, key=deep.__getitem__)
    assert equity_lost(pos, dice, best, 2) == 0.0
    worst = min(deep, key=deep.__getitem__)
    assert equity_lost(pos, dice, worst, 2) == pytest.approx(deep[best] - deep[worst])


def test_a_saved_run_and_the_paired_difference(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from tools import versus

    saved = tmp_path / "a.json"
    versus.main(["expert", "pubeval", "--games", "4", "--seed", "3", "--save", str(saved)])
    first = capsys.readouterr().out
    versus.main(["expert", "pubeval", "--games", "4", "--seed", "3", "--compare", str(saved)])
    out = capsys.readouterr().out
    # the same player on the same dice scores the same: a difference of exactly zero on both pairs
    assert "on the same 2 pairs: +0.000 +- 0.000" in out and "2 pairs scored the same" in out
    assert first.splitlines()[1] == out.splitlines()[1]  # the points per game line
    with pytest.raises(SystemExit, match="not comparable"):
        versus.main(["expert", "pubeval", "--games", "4", "--seed", "4", "--compare", str(saved)])
