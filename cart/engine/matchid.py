"""GNU Backgammon's Match ID, bit for bit (gnubg ``matchid.c``).

Nine bytes filled least significant bit first, each field LSB first, then Base64
without padding (12 characters). Fields by bit: 0-3 log2 cube, 4-5 cube owner
(3 centred), 6 dice owner, 7 Crawford, 8-10 game state, 11 turn, 12 double
offered, 13-14 resignation, 15-17 and 18-20 the dice (higher first, 0 unrolled),
21-35 match length (0 money), 36-50 and 51-65 the scores, 66 *not* Jacoby.

gnubg's default is Jacoby on (bit 66 clear); we have no Jacoby rule, so money
play writes bit 66 set and a match writes what a default gnubg writes, keeping
IDs equal to gnubg's. Decoding keeps the flag, so every ID re-encodes to itself.
Scores past the match length are read and written as they are.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass

from .errors import PositionError

GAME_NONE, GAME_PLAYING, GAME_OVER, GAME_RESIGNED, GAME_DROP = range(5)
MAX_CUBE = 1 << 15
MAX_SCORE = (1 << 15) - 1
_CENTRED = 3
_BASE64_12 = re.compile(r"[A-Za-z0-9+/]{12}")


@dataclass(frozen=True)
class MatchKey:
    """The fields of a Match ID, in our vocabulary (players 0/1, ``None`` = centred cube).

    ``dice`` are kept higher die first, as the ID stores them.

    >>> key = MatchKey.from_id('QYkqASAAIAAA')
    >>> key.cube, key.cube_owner, key.on_roll, key.dice, key.match_length, key.score
    (2, 0, 1, (5, 2), 9, (2, 4))
    >>> key.to_id()
    'QYkqASAAIAAA'
    """

    cube: int = 1
    cube_owner: int | None = None
    on_roll: int = 0
    crawford: bool = False
    game_state: int = GAME_PLAYING
    turn: int = 0
    doubled: bool = False
    resigned: int = 0
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        """Refuse what cannot be written, so every key has exactly one ID."""
        if self.cube < 1 or self.cube > MAX_CUBE or self.cube & (self.cube - 1):
            raise PositionError(f"cube must be a power of two from 1 to {MAX_CUBE}: {self.cube!r}")
        if self.cube_owner not in (None, 0, 1):
            raise PositionError(f"cube owner must be 0, 1 or None: {self.cube_owner!r}")
        if self.on_roll not in (0, 1) or self.turn not in (0, 1):
            raise PositionError(f"players are 0 and 1: on_roll={self.on_roll!r} turn={self.turn!r}")
        if not GAME_NONE <= self.game_state <= GAME_DROP:
            raise PositionError(f"game state must be 0..4: {self.game_state!r}")
        if not 0 <= self.resigned <= 3:
            raise PositionError(f"resignation level must be 0..3: {self.resigned!r}")
        d1, d2 = self.dice
        if not (0 <= d1 <= 6 and 0 <= d2 <= 6) or (d1 == 0) != (d2 == 0):
            raise PositionError(f"dice must be two numbers 1..6, or (0, 0) before the roll: {self.dice!r}")
        if not 0 <= self.match_length <= MAX_SCORE or not all(0 <= s <= MAX_SCORE for s in self.score):
            raise PositionError(
                f"match length and scores must fit 15 bits: {self.match_length!r} {self.score!r}"
            )
        if self.crawford and not self.match_length:
            raise PositionError("there is no Crawford game in money play")
        if d1 < d2:  # one key per ID: gnubg writes the higher die first
            object.__setattr__(self, "dice", (d2, d1))

    def check_turn_to_set_up(self) -> None:
        """Raise ``PositionError`` (words for the player) unless this is a turn under way to be played."""
        n = self.match_length
        if self.game_state != GAME_PLAYING:
            raise PositionError("the Match ID is of a game over or not begun: set up a turn under way")
        if self.resigned:  # first: the turn is then the answerer's, as with a double
            raise PositionError("the Match ID has a resignation waiting for an answer: set up a turn to play")
        if self.doubled or self.turn != self.on_roll:
            raise PositionError("the Match ID has a double waiting for an answer: set up a turn to play")
        if n and max(self.score) >= n:
            raise PositionError(
                f"the Match ID's score {self.score[0]}-{self.score[1]} has already won its {n}-point match"
            )
        if self.crawford and not (max(self.score) == n - 1 and min(self.score) < n - 1):
            raise PositionError("the Match ID says Crawford game, but neither player is one point away")
        if self.crawford and self.cube != 1:
            raise PositionError("the Match ID has a turned cube in the Crawford game, where none may be")

    def to_id(self) -> str:
        """The 12-character Match ID, packed as gnubg's ``MatchID()`` does (higher die first).

        >>> MatchKey(on_roll=1, turn=1, dice=(3, 6), match_length=11, score=(3, 4), jacoby=True).to_id()
        'cAlvATAAIAAA'
        """
        return _encode(self)

    @classmethod
    def from_id(cls, match_id: str) -> MatchKey:
        """Read a Match ID strictly, so that reading then writing gives the same text.

        Raises ``PositionError`` (a ``ValueError``) naming it when invalid.

        >>> MatchKey.from_id('MIHlAEAAAAAA').dice
        (3, 1)
        """
        return _decode(match_id)


def _encode(key: MatchKey) -> str:
    d1, d2 = key.dice
    fields = (
        (0, 4, key.cube.bit_length() - 1),
        (4, 2, _CENTRED if key.cube_owner is None else key.cube_owner),
        (6, 1, key.on_roll),
        (7, 1, int(key.crawford)),
        (8, 3, key.game_state),
        (11, 1, key.turn),
        (12, 1, int(key.doubled)),
        (13, 2, key.resigned),
        (15, 3, d1),
        (18, 3, d2),
        (21, 15, key.match_length),
        (36, 15, key.score[0]),
        (51, 15, key.score[1]),
        (66, 1, int(not key.jacoby)),
    )
    bits = 0
    for offset, _, value in fields:
        bits |= value << offset
    return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")


def _decode(match_id: str) -> MatchKey:
    text = match_id.strip() if isinstance(match_id, str) else match_id
    if not isinstance(text, str) or len(text) != 12:
        raise PositionError(f"Match ID must be 12 characters: {match_id!r}")
    if not _BASE64_12.fullmatch(text):  # b64decode would take '=' padding, and then a second spelling
        raise PositionError(f"Match ID is 12 base64 characters without '=' padding: {match_id!r}")
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError as exc:
        raise PositionError(f"Match ID is not base64: {match_id!r}") from exc
    bits = int.from_bytes(raw, "little")

    def field(offset: int, width: int) -> int:
        return (bits >> offset) & ((1 << width) - 1)

    if bits >> 67:
        raise PositionError(f"Match ID has bits set past bit 66: {match_id!r}")
    owner = field(4, 2)
    if owner == 2:
        raise PositionError(f"Match ID has cube owner 2 (only 0, 1, 3 = centred): {match_id!r}")
    d1, d2 = field(15, 3), field(18, 3)
    if d1 < d2:
        raise PositionError(f"Match ID must list the higher die first: {match_id!r}")
    try:
        return MatchKey(
            cube=1 << field(0, 4),
            cube_owner=None if owner == _CENTRED else owner,
            on_roll=field(6, 1),
            crawford=bool(field(7, 1)),
            game_state=field(8, 3),
            turn=field(11, 1),
            doubled=bool(field(12, 1)),
            resigned=field(13, 2),
            dice=(d1, d2),
            match_length=field(21, 15),
            score=(field(36, 15), field(51, 15)),
            jacoby=not field(66, 1),
        )
    except PositionError as exc:
        raise PositionError(f"invalid Match ID {match_id!r}: {exc}") from None
