"""``tools/review_judge.py``: the review against GNU Backgammon's analysis of the same games."""

from __future__ import annotations

from collections import defaultdict

import pytest

from tools.review_judge import Tally, compare_gnubg, gnubg_plays, gnubg_totals, judge, report

EXPORT = """\
Move number 3:  Ann to play 66

* Ann moves 24/18 13/7(3)

Alert: very bad move ( -0.205)
Alert: lucky roll! ( +0.434)

Rolled 66 (+0.434):
     1. Cubeful 0-ply    13/1*(2)                     Eq.: +0.670
       0.623 0.333 0.007 - 0.377 0.099 0.003
*    4. Cubeful 0-ply    24/18 13/7(3)                Eq.: +0.464 (-0.205)
       0.599 0.218 0.007 - 0.401 0.090 0.002


Move number 4:  Bob to play 65

* Bob moves 13/7* 6/1*

Rolled 65 (+0.039):
*    1. Cubeful 0-ply    13/7* 6/1*                   Eq.: +0.100
Move number 5:  Ann to play 64

* Ann cannot move
"""

STATS = """\
Player                                   Ann                     Bob

Chequerplay statistics

Total moves                               28                      27
Unforced moves                            20                      27
Error total EMG (Points)                      -0.501 ( -0.797)        -0.116 ( -0.231)

Cube statistics

Close or actual cube decisions             2                       1
Error total EMG (Points)                      -0.031 ( -0.031)        -0.000 ( -0.000)

Overall statistics

Error total EMG (Points)                      -0.532 ( -0.827)        -0.116 ( -0.231)
"""


def test_gnubgs_text_export_and_statistics_are_read() -> None:
    plays = gnubg_plays(EXPORT)
    assert [(p.player, p.dice, p.loss, p.mark) for p in plays] == [
        ("Ann", (6, 6), 0.205, "very bad"),
        ("Bob", (6, 5), 0.0, ""),
    ]
    totals = gnubg_totals(STATS)
    assert totals["Ann"].error == 0.532 and totals["Ann"].decisions == 22
    assert totals["Bob"].checker_error == 0.116 and totals["Bob"].unforced == 27


def test_gnubgs_shallow_analysis_is_judged_by_its_deeper_one_for_scale() -> None:
    """``--scale``: gnubg's 0-ply text stands in our place; the deeper text is the judge."""
    deep = EXPORT.replace("Alert: very bad move ( -0.205)", "Alert: bad move ( -0.100)").replace(
        "* Bob moves 13/7* 6/1*\n", "* Bob moves 13/7* 6/1*\n\nAlert: doubtful move ( -0.050)\n"
    )
    deep_stats = STATS.replace("-0.532 ( -0.827)", "-0.266 ( -0.400)")
    tallies: dict[str, Tally] = defaultdict(Tally)
    compare_gnubg(EXPORT, STATS, deep, deep_stats, tallies)
    ann, bob = tallies["Ann"], tallies["Bob"]
    assert (ann.marked, ann.same, ann.both, ann.pairs) == (1, 0, 1, [("very bad", "bad")])
    assert (bob.marked, bob.same, bob.both, bob.pairs) == (1, 0, 0, [("-", "doubtful")])
    assert ann.ours_error == 0.532 and ann.gnubg_error == 0.266 and ann.gnubg_n == 22


@pytest.mark.slow
@pytest.mark.parametrize(("gnubg_ply", "deep"), [(0, 1), (1, 0)])  # judged deeper, or shallower
def test_the_judge_runs_gnubg_on_our_games_and_reports_both_figures(gnubg_ply: int, deep: int) -> None:
    scale: dict[str, Tally] = defaultdict(Tally)
    tallies = judge(2, 0, gnubg_ply, 7, None, deep=deep, scale=scale)
    assert set(scale) == set(tallies) and all(t.gnubg_n == t.ours_n > 0 for t in scale.values())
    assert any(t.ours_error != t.gnubg_error for t in scale.values())  # two analyses, not one read twice
    assert set(tallies) == {"beginner", "master", "intermediate", "expert"}
    for t in tallies.values():
        assert t.ours_n > 0 and t.gnubg_n > 0 and t.gnubg_error > 0
        assert t.same <= t.both <= t.marked
    lines = report(tallies)
    assert lines[-1].startswith("all plays") and len(lines) == 2 + len(tallies) + 1
    assert isinstance(tallies["beginner"], Tally)
