"""``python -m tools.versus deep --ids FILE``: positions answered as a drill's deep check answers them."""

from __future__ import annotations

from pathlib import Path

import pytest
from short_matches import FEW_PLAYS, bear_off_last_roll

from tools import versus


def test_plays_and_cube_actions_are_answered_in_gnubg_words_with_their_equity(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cube = bear_off_last_roll()
    before = cube.moment(0)
    cube.double()
    offered = cube.moment(1)
    ids = tmp_path / "ids.txt"
    # FEW_PLAYS (three plays of 3-1, four of 2-2): each 2-ply a tenth of an opening's
    ids.write_text(
        f"{FEW_PLAYS} cAkAAAAAAAAA 3-1  # a position of few plays, 3-1\n"
        f"{FEW_PLAYS} MAEJAAAAAAAE\n"  # the dice in the Match ID: 2-2
        f"{before.position_id} {before.match_id}\n"
        f"{offered.position_id} {offered.match_id}\n"
        "4HPwATDgc/ABMA cAkAAAAAAAAA 7-1\n"
    )
    assert versus.main(["deep", "--ids", str(ids)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split("  ")[1] for line in out[:4]] == ["17/14 3/2", "17/9", "Double, pass", "Pass"]
    assert float(out[0].split("  ")[2]) == pytest.approx(0.06, abs=0.05) and "se 0.0000" in out[0]
    assert float(out[2].split("  ")[2]) == 1.0 and float(out[3].split("  ")[2]) == -1.0  # a pass cashes
    assert "error: not a roll" in out[4]
    assert versus.main(["deep", "--ids", str(tmp_path / "none.txt")]) == 2


def test_the_judge_scores_the_deep_check_and_gnubg_0_ply_by_gnubg_2_ply() -> None:
    from tools.drill_judge import judge, report

    judged = judge(FEW_PLAYS, (3, 1))
    assert judged.deep == "17/14 3/2" and judged.deep_loss == 0.0 == judged.gnubg0_loss
    lines = report([judged, judged])
    assert "picks gnubg 2-ply's best 2/2 (100.0%); gnubg 0-ply 2/2" in lines[1]
    assert "? or worse (>= 0.08): 0" in lines[3]


@pytest.mark.slow
def test_the_whole_judge_runs_on_positions_of_games() -> None:
    from tools import drill_judge

    assert drill_judge.main(["--games", "1", "--limit", "3"]) == 0
