"""Settings round trips and validation; Position and Match IDs of any moment of a game, saved or imported."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_store_support import FixedClock, random_match

from cart.engine import GameState, Match, MatchKey, Position, Rules
from cart.store import (
    BadValueError,
    GameOptions,
    MemoryBackend,
    Settings,
    Store,
    export_mat,
    import_mat,
)
from cart.store.disk import envelope as env


# -- settings -----------------------------------------------------------------------
def test_defaults_when_nothing_is_stored(tmp_path: Path) -> None:
    assert Store(tmp_path).settings.load() == Settings()
    assert not (tmp_path / "settings.json").exists()


def test_settings_round_trip(tmp_path: Path) -> None:
    options = GameOptions(Rules(match_length=7, cube_limit=64), ("Ann", "Cart"), computer=1, level="expert")
    settings = Settings(
        sounds=False,
        music=False,
        turkish_clicks=True,
        tooltips=False,
        hint_arrows=False,
        animation_speed="fast",
        checker_colours=("black", "red"),
        last_options=options,
    )
    Store(tmp_path).settings.save(settings)
    assert Store(tmp_path).settings.load() == settings
    changed = Store(tmp_path).settings.update(music=True)
    assert changed == settings.replace(music=True) == Store(tmp_path).settings.load()


@pytest.mark.parametrize(
    "changes",
    [
        {"sounds": "yes"},
        {"animation_speed": "warp"},
        {"checker_colours": ("red", "red")},
        {"checker_colours": ("red", "mauve")},
        {"checker_colours": ("red",)},
        {"last_options": {"rules": "standard"}},
    ],
)
def test_invalid_settings_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(BadValueError):
        Settings().replace(**changes)


def test_damaged_settings_are_set_aside_and_defaults_used(tmp_path: Path) -> None:
    store = Store(tmp_path, clock=FixedClock())
    store.settings.save(Settings(music=False))
    (tmp_path / "settings.json").write_bytes(b"\x00garbage")
    assert store.settings.load() == Settings()
    [notice] = store.take_notices()
    assert notice.moved_to and (tmp_path / notice.moved_to).read_bytes() == b"\x00garbage"


def test_settings_from_a_later_version_of_the_same_schema_keep_what_is_known() -> None:
    backend = MemoryBackend()
    body = {**Settings(music=False).to_body(), "volume": 11}  # a field this version does not know
    backend.write("settings.json", env.encode("settings", body))
    assert Store(backend).settings.load() == Settings(music=False)
    invalid = {**Settings().to_body(), "animation_speed": "warp"}
    backend.write("settings.json", env.encode("settings", invalid))
    store = Store(backend)
    assert store.settings.load() == Settings()
    assert "animation_speed" in store.take_notices()[0].message


# -- IDs of any moment -----------------------------------------------------------------
def ids_at(match: Match, index: int) -> tuple[str, str]:
    moment = match.moment(index)
    return moment.position_id, moment.match_id


def test_every_moment_has_the_ids_the_match_had_then() -> None:
    original = random_match(Rules(match_length=5), 9, actions=80)
    live = Match(original.rules, names=original.names)
    expected = [(live.position_id(), live.match_id())]
    for action in original.record:
        live.apply(action)
        expected.append((live.position_id(), live.match_id()))
    found = original.moments()
    assert [(m.position_id, m.match_id) for m in found] == expected
    assert [m.index for m in found] == list(range(len(original.record) + 1))
    assert found[0].action is None and found[5].action == original.record[4]
    for i in (0, 1, 17, len(original.record), -1, -3):
        assert ids_at(original, i) == expected[i]
    for bad in (len(original.record) + 1, -len(original.record) - 2):
        with pytest.raises(IndexError):
            ids_at(original, bad)
    for m in found:  # each ID decodes: a position and a match state gnubg can read
        Position.from_position_id(m.position_id)
        assert MatchKey.from_id(m.match_id).to_id() == m.match_id


def test_moments_of_a_set_up_match_are_of_that_match() -> None:
    """Issue 15: the IDs of a match set up mid-game came from a fresh match, not from its own start.

    With the set-up bear-off below, the last moment said ``4HPwATDgc/ABMA`` (the
    opening position) while the match showed ``IAAADAAAAAAAAA``; after a roll the
    record did not even replay. A saved game keeps the start, so its moments are the same.
    """
    rules = Rules(match_length=7)
    board = Position.from_position_id("IAAADAAAAAAAAA")  # 2 checkers left against 1
    start = GameState.from_position(rules, board, turn=0, cube=2, cube_owner=1)
    m = Match(rules, names=("Ann", "Bob"), start=start)
    live = [(m.position_id(), m.match_id())]
    assert live[0][0] == "IAAADAAAAAAAAA"
    assert [(x.position_id, x.match_id) for x in m.moments()] == live
    assert ids_at(m, -1) == ids_at(m, 0) == live[0]
    m.roll((2, 1))
    live.append((m.position_id(), m.match_id()))
    m.play(m.legal_plays()[0])  # bears off both: the game is won, the cube at 2
    live.append((m.position_id(), m.match_id()))
    assert m.score == (2, 0)
    assert [(x.position_id, x.match_id) for x in m.moments()] == live
    assert [ids_at(m, i) for i in range(3)] == live and ids_at(m, -1) == live[-1]
    store = Store(MemoryBackend())
    store.games.create("Set up", GameOptions(rules, ("Ann", "Bob")), start=start, record=m.record)
    again = store.games.load("Set up").match
    assert [(x.position_id, x.match_id) for x in again.moments()] == live


def test_moments_of_saved_games_and_imports() -> None:
    store = Store(MemoryBackend())
    match = random_match(Rules(variant="maxgammon"), 4, actions=30)
    store.games.create("g", GameOptions(match.rules, match.names), record=match.record)
    assert store.games.load("g").match.moments() == match.moments()
    original = random_match(Rules(match_length=3), 2, actions=40)
    imported = import_mat(export_mat(original))
    assert imported.replay().moments()[-1].match_id == original.match_id()
