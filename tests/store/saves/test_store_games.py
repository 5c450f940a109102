"""Saved games: round trips, the list, hostile names, failed writes, the file backend.

Files the store cannot trust (damaged, newer, misplaced, fuzzed) and the envelope
that tells are tests/store/disk/test_store_damaged.py.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import time
from pathlib import Path

import pytest
from test_store_support import OPTIONS, FixedClock, good_file, new_store, play_some

from cart.ai import Bot, choose_action
from cart.engine import Forfeit, GameState, Match, MatchOver, Move, Position, Roll, Rules
from cart.store import (
    BadNameError,
    BadValueError,
    FileBackend,
    GameOptions,
    MemoryBackend,
    Store,
    WriteError,
)
from cart.store.disk import envelope as env
from cart.store.disk.entries import check_entry_name
from cart.store.saves.games import GameSummary
from cart.store.saves.session import GameSession


# -- round trips -------------------------------------------------------------------
@pytest.mark.parametrize(
    "rules",
    [Rules(match_length=5), Rules(automatic_doubles=True, cube_limit=64), Rules(variant="maxgammon")],
    ids=["match", "money", "maxgammon"],
)
def test_save_load_continue_is_identical(tmp_path: Path, rules: Rules) -> None:
    store = new_store(tmp_path)
    options = GameOptions(rules, ("Ann", "Bob"))
    game = store.games.create("Friday", options, rng=random.Random(7))
    session = store.session(game)
    assert game.match.on_commit is not None  # the session observes the match: no wrapper in between
    play_some(session, random.Random(1), 50)
    assert session.problem is None

    loaded = Store(tmp_path).games.load("Friday")
    assert loaded.options == options and loaded.game_id == game.game_id
    assert loaded.match.record == game.match.record
    assert (loaded.match.match_id(), loaded.match.position_id(), loaded.match.score) == (
        game.match.match_id(),
        game.match.position_id(),
        game.match.score,
    )
    # Play continues identically: the same dice come, the same choices give the same games.
    again = Store(tmp_path).session(loaded)
    play_some(session, random.Random(2), 30)
    play_some(again, random.Random(2), 30)
    assert loaded.match.record == game.match.record
    assert loaded.match.match_id() == game.match.match_id()


def test_a_game_made_without_an_rng_has_its_own_dice_saved_and_resumed(tmp_path: Path) -> None:
    """A game made through the store with no ``rng`` can be played: the computer rolls its own dice.

    The dice come from a generator seeded by the system, not a fixed seed, and its state is
    saved with the game, so a resumed copy rolls exactly what the first would have.
    """
    store = new_store(tmp_path)
    vs_computer = GameOptions(Rules(), ("Ann", "Computer"), computer=1, level="beginner")
    game = store.games.create("No dice given", vs_computer)
    other = store.games.create("Another", vs_computer)
    saved, another = (env.decode("game", (tmp_path / g.entry).read_bytes())["rng"] for g in (game, other))
    assert saved is not None and saved != another  # its own dice, seeded by the system: not a fixed seed
    resumed = [Store(tmp_path).games.load("No dice given") for _ in range(2)]
    bot = Bot("beginner", seed=1)
    session = store.session(game)
    for _ in range(12):  # the opening roll-off and a few turns, each side's roll drawn from the match's dice
        game.match.apply(choose_action(bot, game.match))
    assert session.problem is None and isinstance(game.match.record[0], Roll)
    for copy in resumed:
        for _ in range(12):
            copy.match.apply(choose_action(bot, copy.match))
        assert copy.match.record == game.match.record
    assert Store(tmp_path).games.load("No dice given").match.record == game.match.record


def test_every_action_is_saved_at_once(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    session = store.session(store.games.create("g", OPTIONS, rng=random.Random(3)))
    rng = random.Random(4)
    for _ in range(25):
        play_some(session, rng, 1)
        assert Store(tmp_path).games.load("g").match.record == session.match.record


def test_list_shows_name_opponent_rules_score_and_last_played(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    first = store.games.create("First", OPTIONS)
    store.games.create("Second", GameOptions(Rules(variant="maxgammon"), ("Red", "White")))
    match = store.session(first).match
    match.roll((6, 1))
    match.play("13/7 8/7")
    listed = store.games.list()
    assert [s.name for s in listed] == ["First", "Second"]  # most recently played first
    top = listed[0]
    assert isinstance(top, GameSummary)
    assert top.opponent == "Bob (computer, expert)"
    assert top.rules_text == "Standard, 5-point match"
    assert listed[1].rules_text == "MaxGammon, single games"
    assert listed[1].opponent == "Red v White"
    assert top.score == (0, 0) and top.game_number == 1 and top.phase == "roll"
    assert top.played > listed[1].played
    assert top.entry.startswith("games/first-")


def test_delete_and_exists(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.games.create("a", OPTIONS)
    assert store.games.exists("a") and not store.games.exists("b")
    store.games.delete("a")
    assert not store.games.exists("a") and store.games.list() == []
    with pytest.raises(KeyError):
        store.games.load("a")


def test_creating_never_overwrites(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    game = store.games.create("Mine", OPTIONS)
    store.session(game).match.roll((3, 1))
    with pytest.raises(BadNameError, match="already a saved game"):
        store.games.create("  Mine ", OPTIONS)
    assert store.games.load("Mine").match.record == [Roll((3, 1))]


# -- names -----------------------------------------------------------------------
HOSTILE = [
    "../../x",
    "..",
    "/etc/passwd",
    "C:\\Windows\\x",
    "CON",
    "con",
    "NUL.txt",
    "COM1",
    "LPT9",
    "🎲🎲 ♞",
    "a:b*c?d",
]


def test_hostile_names_stay_inside_the_folder_and_apart(tmp_path: Path) -> None:
    folder = tmp_path / "save"
    store = Store(folder, clock=FixedClock())
    for i, name in enumerate(HOSTILE):
        store.games.create(name, GameOptions(Rules(match_length=i + 1)))
    store.games.create("Game", OPTIONS)
    store.games.create("game", GameOptions(Rules(variant="maxgammon")))
    store.games.create("GAME", GameOptions(Rules(match_length=9)))
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert len(files) == len(HOSTILE) + 3
    assert all(f.startswith("games/") and f.count("/") == 1 for f in files)
    reserved = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
    assert not any(f.split("/")[1].split(".")[0] in reserved for f in files)
    assert len({f.lower() for f in files}) == len(files)  # no clash on case-insensitive disks
    for i, name in enumerate(HOSTILE):
        assert store.games.load(name).options.rules.match_length == i + 1
    assert store.games.load("Game").options == OPTIONS
    assert store.games.load("game").options.rules.variant == "maxgammon"
    assert store.games.load("GAME").options.rules.match_length == 9
    assert sorted(s.name for s in store.games.list()) == sorted([*HOSTILE, "Game", "game", "GAME"])
    assert not (tmp_path / "x").exists() and not (tmp_path / "x.json").exists()


@pytest.mark.parametrize(
    "name", ["", "   ", "x" * 300, "a\x00b", "tab\there", "line\nbreak", "\u202eevil", 42]
)
def test_bad_names_are_refused_clearly(tmp_path: Path, name: object) -> None:
    store = new_store(tmp_path)
    with pytest.raises(BadNameError, match="game name"):
        store.games.create(name, OPTIONS)  # type: ignore[arg-type]
    assert store.games.list() == [] and not any(tmp_path.rglob("*.json"))


def test_names_are_kept_as_typed_and_unicode_equal_forms_are_one_game(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    store.games.create("Café  au lait 🎲", OPTIONS)
    assert [s.name for s in store.games.list()] == ["Café au lait 🎲"]
    decomposed = "Cafe\u0301 au lait 🎲"  # the same name in NFD
    assert store.games.exists(decomposed)
    with pytest.raises(BadNameError):
        store.games.create(decomposed, OPTIONS)


@pytest.mark.parametrize("entry", ["../x", "/abs", "a/b/c", "", ".hidden", "Games/x", "a\\b", "x/..", "a/.."])
def test_backends_refuse_bad_entry_names(tmp_path: Path, entry: str) -> None:
    with pytest.raises(ValueError, match="bad entry name"):
        check_entry_name(entry)
    for backend in (FileBackend(tmp_path), MemoryBackend()):
        with pytest.raises(ValueError):
            backend.write(entry, b"x")
    assert not any(tmp_path.rglob("*"))


def test_player_names_and_options_are_checked() -> None:
    with pytest.raises(BadNameError, match="player name"):
        GameOptions(names=("", "Bob"))
    with pytest.raises(ValueError, match="level"):
        GameOptions(computer=1)
    with pytest.raises(ValueError, match="level"):
        GameOptions(computer=1, level="../../x")
    with pytest.raises(ValueError, match="seat"):
        GameOptions(computer=2, level="novice")


# -- failed writes -------------------------------------------------------------------
class FlakyBackend(MemoryBackend):
    """A memory backend whose writes fail while ``broken`` is set (a full disk)."""

    broken = False

    def write(self, name: str, data: bytes) -> None:
        if self.broken:
            raise OSError(28, "No space left on device")
        super().write(name, data)


def test_failed_save_keeps_playing_and_loses_nothing() -> None:
    backend = FlakyBackend()
    store = Store(backend, clock=FixedClock())
    session = store.session(store.games.create("g", OPTIONS, rng=random.Random(1)))
    match = session.match
    match.roll((3, 1))
    backend.broken = True
    match.play("8/5 6/5")  # does not raise
    assert session.problem is not None and "No space left" in session.problem
    assert store.games.load("g").match.record == [Roll((3, 1))]  # the old copy is intact
    backend.broken = False
    match.roll((6, 4))
    assert session.problem is None
    assert store.games.load("g").match.record == [Roll((3, 1)), Move(((8, 5), (6, 5))), Roll((6, 4))]


def test_save_raises_write_error_and_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, path = good_file(tmp_path)
    before = path.read_bytes()
    game = store.games.load("Good")
    game.match.forfeit(0)

    def no_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", no_fsync)
    with pytest.raises(WriteError, match="Input/output error"):
        store.games.save(game)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_session_takes_over_from_another_and_refuses_a_foreign_observer(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    game = store.games.create("g", OPTIONS)
    first = store.session(game)
    second = store.session(game)  # the first stops saving: an action is never saved twice
    observer = game.match.on_commit
    assert observer is not None and observer.__self__ is second  # type: ignore[attr-defined]
    first.close()  # lets go of nothing it no longer holds
    assert game.match.on_commit == observer
    game.match.apply(Roll((3, 1)))
    assert store.games.load("g").match.record == [Roll((3, 1))]
    second.close()
    game.match.play("8/5 6/5")  # no longer saved
    assert game.match.on_commit is None and store.games.load("g").match.record == [Roll((3, 1))]
    game.match.on_commit = lambda *_: None
    with pytest.raises(ValueError, match="already has an observer"):
        GameSession(store.games, game)


def test_a_start_the_ids_cannot_say_is_never_written_where_it_would_not_load(tmp_path: Path) -> None:
    """A set-up start is saved as its two IDs: a hand-made state they cannot say is refused, and said."""
    store = new_store(tmp_path)
    game = store.games.create("g", OPTIONS)
    board = Position.from_position_id("IAAADAAAAAAAAA")
    odd = dataclasses.replace(GameState.from_position(OPTIONS.rules, board), auto_doubles=1)
    game.match = Match(OPTIONS.rules, names=OPTIONS.names, start=odd)
    with pytest.raises(BadValueError, match="set-up position"):
        store.games.save(game)
    session = store.session(game)
    session.match.roll((2, 1))
    assert session.problem is not None and "set-up position" in session.problem
    assert store.games.load("g").match.record == []  # the file still holds what it held


def test_a_game_set_up_from_ids_is_saved_resumed_and_never_rated(tmp_path: Path) -> None:
    """Issue 19: a set-up game keeps its start (board, dice, cube, score) on disk and rates nobody."""
    store = new_store(tmp_path)
    set_up = Match.from_ids("4HPwATDgc/ABMA", "QYkqASAAIAAA")  # 9 points, 2-4, cube 2 White's, Red 5-2
    options = GameOptions(set_up.rules, ("Ann", "Bob"))
    game = store.games.create("s", options, start=set_up.start, start_score=set_up.start_score)
    assert game.set_up and game.match.score == (2, 4) and game.match.game.dice == (5, 2)
    body = json.loads((tmp_path / game.entry).read_text())["body"]
    assert body["start"] == {"position_id": "4HPwATDgc/ABMA", "match_id": "QYkqASAAIAAA"}
    session = store.session(game)
    session.match.play("13/8 13/11")
    again = store.games.load("s")
    assert again.match.moment(0).match_id == "QYkqASAAIAAA" and again.match.record == game.match.record
    assert again.match.position_id() == game.match.position_id() and again.match.score == (2, 4)
    again.match.apply(Forfeit(again.match.game.turn))
    store.ratings.rate_events(again, [MatchOver(0, (9, 4))])
    store.ratings.catch_up(again)
    assert store.ratings.history("player:Ann") == [] and store.ratings.get("player:Bob").experience == 0
    plain = store.games.create("p", options)
    assert not plain.set_up and json.loads((tmp_path / plain.entry).read_text())["body"]["start"] is None


def test_a_money_session_set_up_at_a_score_is_saved_resumed_and_never_rated(tmp_path: Path) -> None:
    """gnubg's money Match ID of game 3 at 0-3 is a game of its own, kept at that score."""
    store = new_store(tmp_path)
    set_up = Match.from_ids("4HPwATDgc/ABMA", "cIkKAAAAGAAA")
    game = store.games.create(
        "m", GameOptions(set_up.rules, ("Ann", "Bob")), start=set_up.start, start_score=(0, 3)
    )
    session = store.session(game)
    session.match.play(session.match.legal_plays()[0])
    again = store.games.load("m")
    assert again.set_up and again.match.start_score == (0, 3) and again.match.score == (0, 3)
    assert again.match.moments() == game.match.moments()
    again.match.apply(Forfeit(0))
    store.ratings.catch_up(again)
    assert store.ratings.history("player:Ann") == [] and store.ratings.get("player:Bob").experience == 0


def test_an_illegal_action_changes_and_saves_nothing(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    session = store.session(store.games.create("g", OPTIONS))
    session.match.roll((3, 1))
    with pytest.raises(ValueError, match="not a legal play"):
        session.match.play("8/2")
    assert store.games.load("g").match.record == [Roll((3, 1))]


# -- the file backend -----------------------------------------------------------------
def test_file_backend_basics(tmp_path: Path) -> None:
    backend = FileBackend(tmp_path)
    assert backend.names() == [] and backend.read("a.json") is None
    backend.write("games/a.json", b"1")
    backend.write("games/a.json", b"2")
    backend.write("top.json", b"3")
    assert backend.read("games/a.json") == b"2"
    assert backend.names() == ["games/a.json", "top.json"] and backend.names("games/") == ["games/a.json"]
    backend.write("games/b.json", b"4")
    with pytest.raises(FileExistsError):
        backend.rename("games/a.json", "games/b.json")
    assert backend.read("games/b.json") == b"4"
    backend.rename("games/a.json", "damaged/a.json")
    assert backend.names() == ["damaged/a.json", "games/b.json", "top.json"]
    backend.delete("games/b.json")
    backend.delete("games/b.json")
    assert backend.names("games/") == []


def test_stale_temporary_files_are_swept_and_never_listed(tmp_path: Path) -> None:
    store, path = good_file(tmp_path)
    stale = path.with_name(".good.json.0123abcd0123.tmp")
    fresh = path.with_name(".good.json.4567abcd4567.tmp")
    stale.write_bytes(b"half a fil")
    fresh.write_bytes(b"being written")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert [s.name for s in store.games.list()] == ["Good"]
    Store(tmp_path)
    assert not stale.exists() and fresh.exists()


def test_a_game_the_computer_plays_against_itself_is_watched_never_saved(tmp_path: Path) -> None:
    watched = GameOptions(names=("Beginner", "Beginner"), computer=0, level="beginner", both=True)
    assert watched.players == 0
    assert [watched.player_id(seat) for seat in (0, 1)] == ["computer:beginner"] * 2
    with pytest.raises(BadValueError):
        Store(tmp_path).games.create("Attract", watched)
    assert not Store(tmp_path).games.list()
    with pytest.raises(BadValueError):
        GameOptions(both=True)  # both seats need the computer's level
