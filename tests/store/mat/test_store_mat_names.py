"""Every player's name the store accepts survives our ``.mat`` export and import, in either seat,
and GNU Backgammon reads it back the same (the ``gnubg`` package of the test extra).

Issue 39: the score line padded the left name to 31 bytes with no space kept before the
right one, so a longer non-Latin name made our own file unreadable; names with ``:``, a
trailing ``, 1500`` or over 31 bytes came back other than they went.
"""

from __future__ import annotations

from pathlib import Path

import gnubg
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from test_store_support import random_match

from cart.engine import Match, Rules
from cart.store import BadNameError, GameOptions, MemoryBackend, Store, export_mat, import_mat
from cart.store.saves.names import MAX_PLAYER_BYTES, clean_player_name, fit_player_name

GAME = random_match(Rules(match_length=3), 3, games=2).record[:12]  # a game begun: the names are what counts
TRICKY = [
    "Александр Пушкин",  # 31 bytes: the longest Cyrillic name of the that fits
    "李白李白李白李白李白",  # 10 CJK characters, 30 bytes
    "ABCDEFGHIJKLMNOPQRSTUVWX",
    "12",
    "0 Bob",
    "Bob 3",
    "Wins 2 points",
    "Doubles => 2",
    "Takes",
    "a'b (c) #1 %s",
    "Zoë Ñandú",
]
REFUSED = ["Владимир Маяковский", "漢字漢字漢字漢字漢字漢字", "x:1", 'say "hi"', "Ann, 1500"]


def through_mat(names: tuple[str, str]) -> tuple[str, str]:
    """The names an export of a short match between ``names`` reads back as, by our import."""
    return import_mat(export_mat(Match.replay(Rules(match_length=3), GAME, names=names))).names


def names_accepted() -> st.SearchStrategy[str]:
    letters = st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
    return st.text(letters, min_size=1, max_size=24).filter(_accepted)


def _accepted(text: str) -> bool:
    try:
        return clean_player_name(text) == text
    except BadNameError:
        return False


def survives_in_either_seat(name: str, other: str) -> None:
    if name == other:
        return
    assert through_mat((name, other)) == (name, other)
    assert through_mat((other, name)) == (other, name)


ANY_NAME = given(name=names_accepted(), other=st.sampled_from(["Bob", "Анна", "李白"]))
TOO_MUCH = [HealthCheck.filter_too_much]


@settings(max_examples=15, deadline=None, suppress_health_check=TOO_MUCH)
@ANY_NAME
def test_every_accepted_name_survives_our_export_and_import_in_either_seat(name: str, other: str) -> None:
    """A few names in the quick loop (an export and import each, both ways); the slow twin tries 80."""
    survives_in_either_seat(name, other)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=TOO_MUCH)
@ANY_NAME
def test_eighty_accepted_names_survive_our_export_and_import_in_either_seat(name: str, other: str) -> None:
    survives_in_either_seat(name, other)


@pytest.mark.parametrize("name", TRICKY)
def test_gnubg_reads_every_accepted_name_back_in_either_seat(name: str, tmp_path: Path) -> None:
    assert clean_player_name(name) == name
    gnubg.command("set jacoby off")
    for names in ((name, "Bob"), ("Bob", name)):
        text = export_mat(Match.replay(Rules(match_length=3), GAME, names=names))
        path = tmp_path / "names.mat"
        path.write_text(text, encoding="utf-8")
        gnubg.command(f"import mat {path}")
        info = gnubg.match()["match-info"]
        assert (info["X"]["name"], info["O"]["name"]) == names
        assert import_mat(text).names == names


@pytest.mark.parametrize("name", REFUSED)
def test_a_name_a_mat_cannot_carry_is_refused_with_the_reason(name: str) -> None:
    with pytest.raises(BadNameError, match=r"\.mat"):
        clean_player_name(name)
    with pytest.raises(BadNameError):
        Store(MemoryBackend()).games.create("g", GameOptions(names=(name, "Bob")))
    fitted = fit_player_name(name)  # what an import makes of it: accepted, and as much of it as fits
    assert clean_player_name(fitted) == fitted and len(fitted.encode()) <= MAX_PLAYER_BYTES


def test_a_kept_longer_name_in_the_left_seat_still_exports_a_file_our_import_reads() -> None:
    """A game saved before the byte limit keeps its name; its export reads back (the name cut to fit)."""
    kept = GameOptions(Rules(match_length=3), ("Владимир Маяковский", "Bob"))  # a stored game's options
    legacy = Match.replay(kept.rules, GAME, names=kept.names)
    imported = import_mat(export_mat(legacy))
    assert imported.names == ("Владимир Маяковс", "Bob") and len(imported.record) == len(legacy.record)
    assert Store(MemoryBackend()).games.create("i", GameOptions(imported.rules, imported.names))
