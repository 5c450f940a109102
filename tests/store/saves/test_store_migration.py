"""Saved games of schema version 1, written by the code before typed actions, load and play on identically.

The files under ``tests/data/saves_v1/store`` were written by commit 2123fec's own
Store (see the README there), and ``expected.json`` says what that code read from
each and how each game went on for 40 actions chosen by the script's seeded
policy. Here the current code loads the same files (copied: the data is never
changed), must lose nothing (names, options, times, score, record, dice
generator, ratings, settings), must go on to the same Position ID, Match ID,
score, record and ratings, and must write version 2 at the next save.

Without the version 1 to 2 migration (:func:`cart.store.disk.envelope.game_1_to_2`) every
load here fails: :func:`test_without_the_rename_the_old_files_do_not_load` shows it.
"""

from __future__ import annotations

import importlib.util
import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_store_support import FixedClock

from cart.engine import Action, AutoDoubled, Forfeit, Match, MatchKey, Move
from cart.store import DamagedError, FileBackend, Settings, Store
from cart.store.disk import envelope as env
from cart.store.saves import pieces
from cart.store.saves.names import entry_stem

DATA = Path(__file__).parents[2] / "data" / "saves_v1"
EXPECTED: dict[str, Any] = json.loads((DATA / "expected.json").read_text())["games"]
NAMES = sorted(EXPECTED)


def _make_script() -> Any:
    """The generating script, for its policy :func:`step`: the same choices in both versions."""
    spec = importlib.util.spec_from_file_location("saves_v1_make", DATA / "make_saves_v1.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MAKE = _make_script()
step: Callable[[Any, random.Random], bool] = MAKE.step


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the version 1 save folder, so the committed data is never rewritten."""
    copy = tmp_path / "store"
    shutil.copytree(DATA / "store", copy)
    return copy


def raw(folder: Path, entry: str) -> dict[str, Any]:
    """A stored file's envelope as JSON, read without the store."""
    envelope: dict[str, Any] = json.loads((folder / entry).read_bytes())
    return envelope


def whole_record(folder: Path, body: dict[str, Any]) -> list[Any]:
    """A version 5 head's record, its pieces' actions and its tail, read without the store."""
    sealed = pieces.Sealed.from_json(body["sealed"])
    record, _ = pieces.read_pieces(FileBackend(folder), entry_stem(body["name"]), body["id"], sealed)
    return [*record, *body["tail"]]


def as_v2(entries: list[Any]) -> list[Any]:
    """Version 1 record entries as version 2 writes them (the one difference: ``play`` is ``move``)."""
    return [["move", *e[1:]] if e[0] == "play" else e for e in entries]


def test_the_data_is_really_version_1(folder: Path) -> None:
    """Guard the premise: if these files were ever rewritten by new code, the test would prove nothing."""
    entries = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert entries == sorted(
        [*(EXPECTED[n]["loaded"]["entry"] for n in NAMES), "ratings.json", "settings.json"]
    )
    for name in NAMES:
        envelope = raw(folder, EXPECTED[name]["loaded"]["entry"])
        assert envelope["version"] == 1 and envelope["body"]["name"] == name
        assert envelope["body"]["rng"] is not None
    plays = [
        e
        for n in NAMES
        for e in raw(folder, EXPECTED[n]["loaded"]["entry"])["body"]["record"]
        if e[0] == "play"
    ]
    assert plays and not any(
        e[0] == "move" for n in NAMES for e in raw(folder, EXPECTED[n]["loaded"]["entry"])["body"]["record"]
    )
    assert raw(folder, "ratings.json")["version"] == 1 and raw(folder, "settings.json")["version"] == 1


def test_the_games_are_the_situations_the_readme_promises(folder: Path) -> None:
    store = Store(folder, clock=FixedClock())
    games = {name: store.games.load(name).match for name in NAMES}
    money = games["Money auto doubles"]
    assert money.rules.automatic_doubles and money.game_number == 5 and Forfeit(0) in money.record
    replay = Match(money.rules)
    assert any(isinstance(e, AutoDoubled) for a in money.record for e in replay.apply(a))
    five = games["Five points"]
    assert five.rules.match_length == 5 and max(five.score) == 4 > min(five.score) and not five.game.crawford
    assert any(MatchKey.from_id(m.match_id).crawford for m in five.moments())  # the Crawford game was played
    turn = games["Mid turn"]
    assert turn.game.phase == "move" and turn.game.dice is not None and turn.legal_plays()
    assert games["Mid double"].game.phase == "doubled"
    assert games["Max"].rules.variant == "maxgammon" and games["Max"].game_number == 3
    assert games["Finished"].is_match_over


@pytest.mark.parametrize("name", NAMES)
def test_a_version_1_game_loads_with_nothing_lost(folder: Path, name: str) -> None:
    expected = EXPECTED[name]["loaded"]
    body = raw(folder, expected["entry"])["body"]
    store = Store(folder, clock=FixedClock())
    game = store.games.load(name)
    match = game.match
    assert game.entry == expected["entry"]
    assert (game.name, game.game_id, game.created, game.played) == (
        name,
        body["id"],
        body["created"],
        body["played"],
    )
    assert list(game.options.names) == expected["names"] == list(match.names)
    assert game.options.to_dict() == expected["options"] == body["options"]
    assert list(match.score) == expected["score"]
    assert match.game_number == expected["game_number"] and match.game.phase == expected["phase"]
    assert (match.position_id(), match.match_id()) == (expected["position_id"], expected["match_id"])
    # The record: every entry kept, each as the typed action of the same JSON (``play`` renamed).
    assert len(match.record) == expected["record_length"] == len(body["record"])
    assert all(isinstance(a, Action) for a in match.record)
    assert [a.to_json() for a in match.record] == as_v2(body["record"])
    # The dice generator goes on from where it was saved.
    assert match.rng is not None
    version, internal, gauss = body["rng"]
    assert match.rng.getstate() == (version, tuple(internal), gauss)
    assert game.summary().to_dict() == body["summary"]
    assert store.take_notices() == []


def test_the_list_reads_every_version_1_game(folder: Path) -> None:
    store = Store(folder, clock=FixedClock())
    listed = {s.name: s for s in store.games.list()}
    assert sorted(listed) == NAMES and store.take_notices() == []
    for name in NAMES:
        summary, expected = listed[name], EXPECTED[name]["loaded"]
        assert (list(summary.score), summary.game_number, summary.phase) == (
            expected["score"],
            expected["game_number"],
            expected["phase"],
        )
        assert summary.entry == expected["entry"]


def test_version_1_ratings_and_settings_load_and_sessions_rate_nothing_twice(folder: Path) -> None:
    ratings_body = raw(folder, "ratings.json")["body"]
    settings_body = raw(folder, "settings.json")["body"]
    store = Store(folder, clock=FixedClock())
    # version 2 adds the marks of what was rated, read off the history; the rest is as written
    marks = {"a1a1a1a1a1a1a1a1:game": 4, "d4d4d4d4d4d4d4d4:game": 1, "e5e5e5e5e5e5e5e5:game": 2}
    ratings_body = {**ratings_body, "rated": {**marks, "f6f6f6f6f6f6f6f6:match": 1}}
    assert store.ratings.book.to_body() == ratings_body
    assert {"computer:expert", "player:Ann", "player:Fay", "player:Hal"} <= set(store.ratings.book.ratings)
    settings = store.settings.load()
    assert settings == Settings.from_body(settings_body) != Settings()
    assert (settings.sounds, settings.turkish_clicks, settings.animation_speed) == (False, True, "fast")
    assert settings.checker_colours == ("black", "cream")
    assert settings.last_options is not None and settings.last_options.level == "novice"
    # Every finished result was rated by the old code: a session's catch-up finds nothing new.
    for name in NAMES:
        session = store.session(store.games.load(name))
        assert session.problem is None
    assert store.ratings.book.to_body() == ratings_body
    assert raw(folder, "ratings.json")["version"] == 1  # not rewritten: nothing changed
    assert store.take_notices() == []


@pytest.mark.parametrize("name", NAMES)
def test_a_version_1_game_continues_as_the_old_code_continued_it(folder: Path, name: str) -> None:
    case = EXPECTED[name]
    after = case["after"]
    store = Store(folder, clock=FixedClock())
    session = store.session(store.games.load(name))
    match = session.match
    start = len(match.record)
    rng = random.Random(case["continue_seed"])
    for _ in range(case["continue_actions"]):
        if not step(match, rng):  # the policy acts on the match; the session saves each action
            break
    assert session.problem is None
    assert [a.to_json() for a in match.record[start:]] == as_v2(after["added"])
    assert len(match.record) == after["record_length"]
    assert (list(match.score), match.game_number, match.game.phase) == (
        after["score"],
        after["game_number"],
        after["phase"],
    )
    assert (match.position_id(), match.match_id()) == (after["position_id"], after["match_id"])
    ratings = {p: [r.rating, r.experience] for p, r in sorted(store.ratings.book.ratings.items())}
    assert ratings == after["ratings"]
    if after["added"]:  # the session saved: the file is now current (5), and reads back the same game
        envelope = raw(folder, case["loaded"]["entry"])
        assert envelope["version"] == env.SCHEMA_VERSIONS["game"] == 5
        assert whole_record(folder, envelope["body"]) == [a.to_json() for a in match.record]
        again = Store(folder).games.load(name)
        assert again.match.record == match.record and again.match.match_id() == match.match_id()
        assert again.match.rng is not None and match.rng is not None
        assert again.match.rng.getstate() == match.rng.getstate()


@pytest.mark.parametrize("name", NAMES)
def test_the_next_save_writes_the_current_version_and_reloads(folder: Path, name: str) -> None:
    entry = EXPECTED[name]["loaded"]["entry"]
    before = raw(folder, entry)["body"]
    store = Store(folder, clock=FixedClock())
    game = store.games.load(name)
    store.games.save(game)
    envelope = raw(folder, entry)
    # 1 -> 2 renamed play to move; 2 -> 3 nothing; 3 -> 4 added start; 4 -> 5 the record in pieces
    assert envelope["version"] == 5
    body = envelope["body"]
    assert body.pop("start") is None  # a game from before set-ups began at the usual opening
    record = whole_record(folder, body)
    assert record == as_v2(before["record"]) and not any(e[0] == "play" for e in record)
    body.pop("sealed")
    body["record"] = body.pop("tail")
    assert {k: v for k, v in body.items() if k not in ("record", "played")} == {
        k: v for k, v in before.items() if k not in ("record", "played")
    }
    again = Store(folder).games.load(name)
    assert again.match.record == game.match.record
    assert (again.match.position_id(), again.match.match_id()) == (
        game.match.position_id(),
        game.match.match_id(),
    )
    assert again.options == game.options and again.game_id == game.game_id


def test_without_the_rename_the_old_files_do_not_load(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The migration is what makes the tests above pass: with a step that renames nothing, loading fails."""
    monkeypatch.setitem(
        env.MIGRATIONS,
        "game",
        {1: lambda body: body, 2: env.game_2_to_3, 3: env.game_3_to_4, 4: env.game_4_to_5},
    )
    with pytest.raises(DamagedError, match="unknown action 'play'"):
        Store(folder, clock=FixedClock()).games.load(NAMES[0])
    monkeypatch.setitem(env.MIGRATIONS, "game", {})
    with pytest.raises(DamagedError, match="no way to bring a version 1 game"):
        Store(folder, clock=FixedClock()).games.load(NAMES[1])


def test_the_migration_renames_plays_and_keeps_the_rest() -> None:
    body: dict[str, Any] = {
        "record": [
            ["roll", 3, 1],
            ["play", [[8, 5], [6, 5]]],
            ["double"],
            ["take"],
            ["forfeit", 1],
            ["new_game"],
        ],
        "rng": [3, [1, 2], None],
        "summary": {"score": [0, 2]},
        "name": "x",
    }
    copy = json.loads(json.dumps(body))
    migrated = env.game_1_to_2(body)
    assert body == copy  # the input is not changed in place
    assert migrated == {**body, "record": as_v2(body["record"])}
    assert migrated["record"][1] == Move(((8, 5), (6, 5))).to_json()
    # What is not a record of entries is passed on as it is, for the load to refuse with its reason.
    assert env.game_1_to_2({"record": "junk"}) == {"record": "junk"} and env.game_1_to_2({}) == {}
    assert env.game_1_to_2({"record": [[], 3, ["play"]]}) == {"record": [[], 3, ["move"]]}
