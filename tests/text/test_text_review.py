"""The terminal's ``review`` command and ``python -m cart --review FILE.mat``."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from mixed_game import mixed_review

from cart.__main__ import main
from cart.ai import drain
from cart.ai.review import DEEP_PLY, review_match
from cart.engine import Match, Rules
from cart.store import export_mat
from cart.text.game import HELP, TextGame
from cart.text.review import review_lines


def test_help_lists_review() -> None:
    assert "review " in HELP


def test_review_tells_the_moves_so_far_with_marks_and_totals_and_keeps_its_work() -> None:
    out = io.StringIO()
    match = Match(Rules(), names=("Ann", "Bob"), rng=random.Random(1))
    game = TextGame(match, out, echo=True)
    # seed 1: Bob wins the roll-off with 2-5 and plays it (one play: each costs the deep pass a second)
    game.run(["", "13/11 13/8", "review", "review", "quit"])
    text = out.getvalue()
    assert text.count("Review of Ann against Bob") == 2
    assert "The Master reviews 2 actions" in text and "reviews 0" not in text  # the second one is kept
    assert "checker plays at 2-ply, close calls at 3-ply" in text  # the deep pass
    reviewer = game._reviewer  # the review said, kept: the same deep pass worked out again cost a second
    assert reviewer is not None and reviewer.ply == DEEP_PLY and reviewer.done == len(match.record)
    plays = drain(reviewer.think()).plays
    assert [p.made_text for p in plays] == ["13/11 13/8"]
    assert all(p.made_text in text and (p.best_text in text or p.loss == 0.0) for p in plays)
    assert "Error rate (mEMG per move)" in text and "Rating" in text and "Luck (total)" in text
    assert "Totals" in text


def test_review_lines_mark_errors_and_cube_decisions() -> None:
    review = mixed_review()  # a beginner against an expert, to the end (shared with test_review)
    lines = review_lines(review, Rules())
    text = "\n".join(lines)
    marked = [p for p in review.plays if p.mark]
    assert marked and all(f"-{p.loss:.3f}" in text for p in marked)
    assert text.count("Game 1") == 1 and lines[-10] == "Totals"
    a, b = review.totals()
    assert a.rating in lines[-2] and b.rating in lines[-2]
    assert all(len(line) <= 110 for line in lines)


def test_the_header_names_the_equity_the_rules_give() -> None:
    """Checker plays are judged cubeful where there is a cube; MaxGammon has none, so cubeless, in points."""
    standard = Match(Rules(), names=("Ann", "Bob"), rng=random.Random(1))
    maxgammon = Match(Rules(variant="maxgammon"), names=("Ann", "Bob"), rng=random.Random(1))
    for m in (standard, maxgammon):
        m.roll()
        m.play(m.legal_plays()[0])
    said = ["\n".join(review_lines(review_match(m), m.rules)[:3]) for m in (standard, maxgammon)]
    assert "cubeful equity in EMG" in said[0] and "cubeless" not in said[0]
    assert "cubeful" not in said[1]
    assert "cubeless equity in points per game, as MaxGammon has no cube" in said[1]


def opening_plays(tmp_path: Path, length: int, plays: int = 2) -> Path:
    """A .mat file of a ``length``-point match's first ``plays`` plays (6-1, then 3-1: points made)."""
    m = Match(Rules(match_length=length), names=("Ann", "Bob"), rng=random.Random(1))
    m.roll((6, 1))
    m.play("13/7 8/7")
    if plays == 2:
        m.roll((3, 1))
        m.play("8/5 6/5")
    path = tmp_path / "g.mat"
    path.write_text(export_mat(m))
    return path


def test_python_m_cart_review_reads_a_mat_or_says_why_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = opening_plays(tmp_path, 1, plays=1)
    assert main(["--review", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Review of Ann against Bob" in out and "Totals" in out and "at 2-ply" in out
    bad = tmp_path / "bad.mat"
    bad.write_bytes(b"MATLAB 5.0 MAT-file\x00\x01")
    assert main(["--review", str(bad)]) == 1
    captured = capsys.readouterr()
    assert "Cannot review" in captured.err and "Traceback" not in captured.err
    assert bad.read_bytes() == b"MATLAB 5.0 MAT-file\x00\x01"


def test_rollout_in_the_terminal_rolls_a_reviewed_decision_out_or_says_why_not() -> None:
    """Issue 37: ``rollout N T``: the decision numbered N (the review's numbers) rolled out, its plays'
    equities and errors said; a number with no decision, or no number, is said so."""
    out = io.StringIO()
    match = Match(Rules(), names=("Ann", "Bob"), rng=random.Random(1))
    game = TextGame(match, out, echo=True)
    game.run(["", "13/11 13/8", "", "24/23 8/5", "rollout 3 1", "rollout 0", "rollout x", "quit"])
    text = out.getvalue()
    assert "Rolling out the play 31 at 3" in text
    assert "After 1 trials (not decided" in text and "1. " in text and "+-" in text
    assert "Nothing to roll out at 0" in text and "Rollout needs a decision's number" in text
    assert "rollout N" in HELP


def test_python_m_cart_review_rollout_rolls_one_decision_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = opening_plays(tmp_path, 3)
    assert main(["--review", str(path), "--rollout", "3", "--trials", "1"]) == 0
    out = capsys.readouterr().out
    assert "Rolling out the play 31 at 3 (cubeful EMG" in out and "After 1 trials" in out
    assert "8/5 6/5" in out


def crawford_match() -> Match:
    """A 3-point match: a play, then a forfeit (2 points), so game 2 is the Crawford game, one play in."""
    m = Match(Rules(match_length=3), names=("Ann", "Bob"), rng=random.Random(1))
    m.roll((6, 1))
    m.play(m.legal_plays()[0])
    m.forfeit(m.game.actor)
    m.new_game()
    m.roll((6, 1))
    m.play(m.legal_plays()[0])
    return m


def test_a_matchs_game_heading_gives_its_score_and_the_crawford_game() -> None:
    """The play-test read "3rd game of 4" and looked for the score and the Crawford game."""
    m = crawford_match()
    assert m.game.crawford and sorted(m.score) == [0, 2]
    text = "\n".join(review_lines(review_match(m, ply=0), m.rules, m))
    first, second = ("Ann 0 Bob 0", f"Ann {m.score[0]} Bob {m.score[1]}, Crawford")
    assert f"Game 1, {first}" in text and f"Game 2, {second}" in text, text
