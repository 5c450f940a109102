"""Issue 38 in the terminal: ``--review FILE.mat`` keeps a player's drills, ``--text --drills`` plays them."""

from __future__ import annotations

import io
import sys
from datetime import date
from pathlib import Path

import pytest
from short_matches import bear_off_last_roll, opening, opening_review

from cart.__main__ import main, pyxel_folder
from cart.ai.review import review_match
from cart.drills import DrillBook
from cart.store import MemoryBackend, Store, export_mat
from cart.text.drills import run_drills

DAY = date(2026, 3, 1)


def played(store: Store, lines: list[str], day: date = DAY) -> str:
    said: list[str] = []
    assert run_drills(store, lines, said.append, lambda: day) == 0
    return "\n".join(said)


def test_a_drill_is_checked_then_asked_and_a_wrong_answer_comes_back_tomorrow() -> None:
    store = Store(MemoryBackend())
    match = opening("8/2 6/5")
    DrillBook(store.drills).harvest(opening_review("8/2 6/5"), match, 0, game_id="g", game="g")
    text = played(store, ["9/3", "8/2 6/5"])
    assert "Checking 1 new drill deeply first" in text and "Your move: 6-1" in text
    assert "'9/3': no checker of yours on 9" in text and text.count("Your move: 6-1") == 2  # asked again
    assert "Wrong: 8/2 6/5 costs 0.4" in text and "Best: 13/7 8/7." in text
    assert "13/7 8/7" in text.split("Best:")[1] and "(2-ply)" in text and "(net)" in text
    assert "It comes back in 1 day (2026-03-02)." in text
    assert "No drill is due today." in played(store, [])  # today's is done
    assert "Wrong" in played(store, ["y", "24/18 6/5"])  # practise more: the same drill again, today
    tomorrow = played(store, ["13/7 8/7"], date(2026, 3, 2))
    assert "Right: 13/7 8/7 is the best answer." in tomorrow and "It comes back in 3 days" in tomorrow


def test_a_take_drill_is_answered_in_the_cube_s_words() -> None:
    store = Store(MemoryBackend())
    m = bear_off_last_roll()
    m.double()
    m.take()
    DrillBook(store.drills).harvest(review_match(m), m, 1, game_id="g", game="g")
    text = played(store, ["maybe", "p", "quit"])
    assert "Take?" in text and "answer take or pass" in text and "Right: pass is the best answer." in text


def test_review_of_a_mat_keeps_the_named_player_s_drills_for_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "blunder.mat"
    path.write_text(export_mat(opening("8/2 6/5")))
    assert main(["--review", str(path), "--player", "Zed"]) == 1
    assert "No drills for Zed: the players are Ann and Bob" in capsys.readouterr().err
    assert main(["--review", str(path), "--player", "Ann"]) == 0
    assert "1 new drill for Ann" in capsys.readouterr().out
    (drill,) = DrillBook(Store(pyxel_folder()).drills).drills()
    assert drill.player == "Ann" and drill.sources[0].game == "blunder.mat"
    monkeypatch.setattr(sys, "stdin", io.StringIO("13/7 8/7\nn\n"))
    assert main(["--text", "--drills"]) == 0
    assert "Right: 13/7 8/7 is the best answer." in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--drills"])
