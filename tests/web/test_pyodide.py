"""The cart's pure packages under Pyodide in Node.js, as the browser runs them (issue 6, check 3).

``tools/pyodide/run.mjs`` loads the Pyodide pinned in ``tools/pyodide/package.json`` (the build
Pyxel's web runtime loads), writes ``cart/engine``, ``cart/ai`` (weights included) and
``cart/store`` into its file system and runs one script there:

- ``check_games.py``: computer-vs-computer games at every level, cube decisions included, each
  checked for legal plays and a legal result inside Pyodide; here its records are replayed
  under CPython and the very same games played again under CPython, which must agree move for
  move (the AI's arithmetic is integer and IEEE double, the same on both).
- ``check_store.py``: the store in ``localStorage`` through Pyodide's real JS proxies, against
  a stand-in built in JavaScript: saving and loading a game, a damaged entry, a full storage.
- ``check_browser.py``: an export handed to the browser as a download (a Blob and a link), and
  a dropped file's own name, against a stand-in document.

Needs ``node`` and ``npm ci --prefix tools/pyodide``. Without them the tests skip, saying what is
missing, except under ``GAMMON_CART_REQUIRE_PYODIDE=1`` (set by ``.ci/run``), where they fail.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from needs import NODE_MISSING, missing

from cart.ai import LEVELS
from cart.ai.review import review_from_json, review_match
from cart.engine import Match, Rules, actions_from_json
from tools.pyodide import check_games, check_review

pytestmark = pytest.mark.slow  # Node.js starts Pyodide and plays whole games at every level

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tools" / "pyodide"
RUN = HERE / "run.mjs"
TIMEOUT_S = 600


def _why_not_runnable() -> str | None:
    if shutil.which("node") is None:
        return NODE_MISSING
    if not (HERE / "node_modules" / "pyodide" / "package.json").is_file():
        return "Pyodide is not installed: run `npm ci --prefix tools/pyodide`"
    return None


@pytest.fixture(scope="module")
def runnable() -> None:
    why = _why_not_runnable()
    if why is not None:
        missing(why)


def run_in_pyodide(script: str) -> tuple[str, Any]:
    """Run ``tools/pyodide/<script>`` under Pyodide; its output and the JSON of its RESULT line."""
    done = subprocess.run(
        ["node", str(RUN), str(HERE / script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    tail = f"{done.stdout[-3000:]}\n{done.stderr[-6000:]}"
    assert done.returncode == 0, f"{script} failed under Pyodide (exit {done.returncode}):\n{tail}"
    [result] = [line[len("RESULT ") :] for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    return done.stdout, json.loads(result)


@pytest.fixture(scope="module")
def games(runnable: None) -> tuple[str, list[dict[str, Any]]]:
    return run_in_pyodide("check_games.py")


def test_every_level_plays_complete_games_under_pyodide(games: tuple[str, list[dict[str, Any]]]) -> None:
    output, sessions = games
    assert "emscripten Python 3." in output, output  # really Pyodide, not a CPython fallback
    played = check_games.PLAYED
    assert [(s["level"], s["rules"]) for s in sessions] == [(lv, r) for lv in LEVELS for r in played[lv]]
    assert {s["level"] for s in sessions} == set(LEVELS)
    assert all(s["page"] for s in sessions)  # the page's caps on the master's move, as in the browser
    for s in sessions:
        assert s["winner"] in (0, 1) and s["plays"] > 0, s["level"]
        assert len(s["kinds"]) == s["games"] and sum(s["score"]) > 0
    assert any(s["doubles"] for s in sessions), "no bot ever doubled: the cube went unexercised"


def test_pyodide_records_replay_under_cpython(games: tuple[str, list[dict[str, Any]]]) -> None:
    """A game recorded in the browser is the same game on the desktop: same Match ID, score, winner."""
    rules = check_games.GAMES
    for s in games[1]:
        again = Match.replay(rules[s["rules"]], actions_from_json(s["record"]))
        assert (again.match_id(), list(again.score)) == (s["match_id"], s["score"]), (s["level"], s["rules"])
        winner = again.match_winner if again.rules.is_match else again.game.winner
        assert winner == s["winner"]


def test_pyodide_plays_exactly_as_cpython(games: tuple[str, list[dict[str, Any]]]) -> None:
    """The same seeds give the same games: the browser's computer is the desktop's, move for move, the
    desktop's master kept to the page's caps."""
    for s in games[1]:
        here = check_games.play_session(s["level"], s["rules"], s["seed"], page=True)
        ours, theirs = here["record"], s["record"]
        if ours != theirs:
            pairs = enumerate(zip(ours, theirs, strict=False))
            at = next((i for i, (a, b) in pairs if a != b), min(len(ours), len(theirs)))
            pytest.fail(
                f"{s['level']} {s['rules']}: from action {at} the record is {theirs[at : at + 3]} under "
                f"Pyodide but {ours[at : at + 3]} under CPython"
            )
        assert here == s


def test_the_store_keeps_games_in_local_storage_under_pyodide(runnable: None) -> None:
    output, passed = run_in_pyodide("check_store.py")
    assert "runs under Pyodide" in passed
    for essential in (
        "the game loads back as played",
        "it is set aside under damaged/",
        "the quota throws a JS QuotaExceededError",
        "a save past the quota is a WriteError",
        "the old value stays",
    ):
        assert essential in passed, output


def test_a_review_under_pyodide_is_the_desktops(runnable: None) -> None:
    """The Review in the browser marks what the desktop marks: the same record reviewed by CPython."""
    _, theirs = run_in_pyodide("check_review.py")
    match = Match.replay(Rules(), actions_from_json(theirs["record"]))
    assert [a.to_json() for a in check_review.short_game().record] == theirs["record"]
    ours, browser = review_match(match), review_from_json(theirs["review"])
    assert browser.plays and [p.mark for p in browser.plays] == [p.mark for p in ours.plays]
    assert any(p.mark for p in ours.plays), "a beginner's game with nothing marked checks little"
    for a, b in zip(ours.plays, browser.plays, strict=True):
        assert (a.index, a.best, a.made) == (b.index, b.best, b.made)
        assert a.loss == pytest.approx(b.loss, abs=1e-9)
    assert [(c.index, c.right, c.mark) for c in ours.cubes] == [
        (c.index, c.right, c.mark) for c in browser.cubes
    ]
    assert [r.luck for r in ours.rolls] == pytest.approx([r.luck for r in browser.rolls], abs=1e-9)


def test_an_export_reaches_the_browser_as_a_download_under_pyodide(runnable: None) -> None:
    """Through Pyodide's real proxies: a Blob of the record's exact bytes, a link named after the game
    clicked and removed, its URL revoked later; a page without a document is a plain OSError."""
    output, passed = run_in_pyodide("check_browser.py")
    for essential in (
        "runs under Pyodide",
        "it names the file as the game",
        "it holds the record's exact bytes",
        "the timer revokes that URL",
        "no document: an OSError the game can say",
        "a drop the page noted: the player's own name",
    ):
        assert essential in passed, output


def _close(theirs: Any, ours: Any) -> bool:
    """The same value, its floats to 1e-12 (sums that Python 3.12 made compensated: see below)."""
    if isinstance(ours, float):
        return isinstance(theirs, float) and abs(theirs - ours) <= 1e-12
    if dataclasses.is_dataclass(ours):
        return type(theirs) is type(ours) and _close(dataclasses.astuple(theirs), dataclasses.astuple(ours))
    if isinstance(ours, tuple):
        return (
            isinstance(theirs, tuple)
            and len(theirs) == len(ours)
            and all(_close(a, b) for a, b in zip(theirs, ours, strict=True))
        )
    return bool(theirs == ours)


def test_the_pages_thinking_worker_answers_as_the_frame_does(
    runnable: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``tools/web/page.js``'s Web Worker (on a Node thread) with its own Pyodide: the jobs the game sends
    it come back as CPython's frame thinks them; a job it cannot do comes back failed.

    Bit for bit but the tutor's loss and the review's figures, summed by ``sum()``, which Python 3.12
    made compensated: Pyodide is 3.14, this CPython may be older (in the page both the same Pyodide).
    """
    import pickle
    import random

    from cart.ai import Bot, bot as botmod, choose_action
    from cart.ai.jobs import Job, review_job, think_job
    from cart.ai.review import DEFAULT_PLY
    from cart.ai.slices import drain
    from cart.ai.worker import sendable
    from cart.engine import Move

    match = Match(Rules(match_length=5), rng=random.Random(5))
    bot = Bot("expert", seed=5)
    seen = []
    while len(seen) < 12:
        seen.append(Match.replay(match.rules, match.record, names=match.names))
        match.apply(choose_action(bot, match))
    moving = [m for m in seen if m.game.phase == "move"]
    rolling = [m for m in seen if m.game.phase == "roll"]
    jobs: list[Job] = [
        ("turn", "beginner", 0, moving[0]),
        ("turn", "master", 1, moving[1]),
        ("turn", "master", 0, rolling[-1]),
        ("hint", "expert", moving[2]),
        ("tutor", moving[2], Move(moving[2].game.legal_plays()[-1].moves), "doubtful"),
        review_job(seen[-1], DEFAULT_PLY, 0, 60.0),  # the whole record in one part
        review_job(seen[-1], DEFAULT_PLY, 5, 0.0),  # from a later action: the worker replays to it
        review_job(seen[-1], DEFAULT_PLY, 6, 0.0),  # going on from the last part
        ("no such job",),
    ]
    for n, job in enumerate(jobs):
        (tmp_path / f"job{n}.bin").write_bytes(sendable(job))
    done = subprocess.run(
        ["node", str(HERE / "thinker.mjs"), str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    answers = [pickle.loads((tmp_path / f"answer{n}.bin").read_bytes()) for n in range(len(jobs))]
    monkeypatch.setattr(botmod, "in_page", lambda: True)  # the page's frame: the master keeps to its caps
    for job, (ok, data) in zip(jobs[:-1], answers[:-1], strict=True):
        assert ok, data
        theirs, ours = pickle.loads(data), drain(think_job(job))
        if job[0] == "tutor":
            assert (theirs.question, theirs.best) == (ours.question, ours.best)
            assert theirs.loss == pytest.approx(ours.loss, abs=1e-12)
        elif job[0] == "review":
            assert theirs.upto == ours.upto > job[4] and _close(theirs, ours), job[4]
        else:
            assert theirs == ours, job[:2]
    assert answers[-1][0] is False and b"KeyError" in answers[-1][1]
