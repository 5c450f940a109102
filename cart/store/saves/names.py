"""Names people type, and the safe entry names derived from them.

A game's name is free text; its file is ``<slug>-<hash>.json``: a lowercase ASCII
hint and 16 hex digits of SHA-256 of the exact name, so names differing in case
or in dropped characters never share a file, nothing climbs out of the folder,
and no result is a reserved device name (``con`` becomes ``con-<hash>``).

>>> entry_stem("Friday night!")[:13]
'friday-night-'
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

from ..errors import BadNameError

MAX_GAME_NAME = 60
"""Characters in a game name: room for a description, short enough for the list window."""

MAX_PLAYER_NAME = 24
"""Characters in a player name: it must fit the side panel and a ``.mat`` score line."""
MAX_PLAYER_BYTES = 31
"""Bytes of UTF-8 in a player name: GNU Backgammon keeps no more of a name it reads from a ``.mat``."""
_RATING_TAIL = re.compile(r"\s*,\s*[-+]?\d+(\.\d+)?\s*$")
"""A GamesGrid ``.mat`` writes ``name, rating``: a name ending so reads back without it."""

GAMES = "games/"
"""Where the saved games are kept, each under its stem (and the older part of a long record beside it)."""
REVIEWS = "reviews/"
"""Where each game's cached review is kept, under the game's own stem (see :mod:`.reviews`)."""
_SLUG_LENGTH = 40
_HASH_DIGITS = 16


def _clean(text: object, what: str, limit: int) -> str:
    if not isinstance(text, str):
        raise BadNameError(f"a {what} must be text, got {type(text).__name__}")
    name = unicodedata.normalize("NFC", text).strip()
    if not name:
        raise BadNameError(f"a {what} cannot be empty")
    if len(name) > limit:
        raise BadNameError(f"a {what} can be at most {limit} characters, this one has {len(name)}")
    bad = [c for c in name if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")]
    if bad:
        raise BadNameError(f"a {what} cannot contain control or invisible characters ({bad[0]!r})")
    return " ".join(name.split())


def clean_game_name(name: object) -> str:
    """The name as stored: NFC, trimmed, inner spaces collapsed; refuses empty, too long, control chars.

    >>> clean_game_name("  Friday   night ")
    'Friday night'
    """
    return _clean(name, "game name", MAX_GAME_NAME)


def clean_player_name(name: object) -> str:
    """A new player's name: checked like a game name, shorter, and read back whole from a ``.mat``.

    Every name accepted here survives our ``.mat`` export and import, and GNU Backgammon's, in
    either seat: no ``:`` (the score line's separator), no ``"`` (a header's quote), no trailing
    ``, number`` (read as a rating), at most :data:`MAX_PLAYER_BYTES` bytes.

    >>> clean_player_name("Александр Пушкин")
    'Александр Пушкин'
    >>> clean_player_name("Владимир Маяковский")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cart.store.errors.BadNameError: a player name can be at most 31 bytes as a .mat file keeps it, ...
    """
    clean = kept_player_name(name)
    if ":" in clean or '"' in clean:
        raise BadNameError("a player name cannot contain ':' or '\"', which a .mat file uses to mark it out")
    if _RATING_TAIL.search(clean):
        raise BadNameError(
            "a player name cannot end in a comma and a number, which a .mat file reads as a rating"
        )
    size = len(clean.encode("utf-8"))
    if size > MAX_PLAYER_BYTES:
        raise BadNameError(
            f"a player name can be at most {MAX_PLAYER_BYTES} bytes as a .mat file keeps it, this one has "
            f"{size} (a letter outside A-Z takes 2 to 4)"
        )
    return clean


def kept_player_name(name: object) -> str:
    """A player's name as older versions accepted it: what a saved game or setting may hold."""
    return _clean(name, "player name", MAX_PLAYER_NAME)


def fit_player_name(text: str) -> str:
    """Any text as a name :func:`clean_player_name` accepts (a name read from elsewhere): the
    marks a ``.mat`` cannot carry replaced, cut to fit, ``Player`` when nothing is left."""
    name = _RATING_TAIL.sub("", text).replace(":", ".").replace('"', "'")
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C" and c not in "\u2028\u2029")
    name = " ".join(unicodedata.normalize("NFC", name).split())[:MAX_PLAYER_NAME]
    while len(name.encode("utf-8")) > MAX_PLAYER_BYTES:
        name = name[:-1]
    name = name.strip()
    try:
        return clean_player_name(name)
    except BadNameError:
        return "Player"


def entry_stem(name: str) -> str:
    """The file name stem for a game name (the name is cleaned first): ``<slug>-<hash>``.

    >>> entry_stem("CON").startswith("con-"), entry_stem("Game") != entry_stem("game")
    (True, True)
    >>> entry_stem("../../x")[:2]
    'x-'
    """
    clean = clean_game_name(name)
    ascii_text = unicodedata.normalize("NFKD", clean).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")[:_SLUG_LENGTH].strip("-") or "game"
    digest = hashlib.sha256(clean.encode("utf-8")).hexdigest()[:_HASH_DIGITS]
    return f"{slug}-{digest}"
