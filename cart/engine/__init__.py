"""Pure backgammon rules: board, plays, notation, IDs, rule sets, game and match flow.

No pyxel, no files, no clock, no global random state: dice come in as arguments
or from an injected ``random.Random``.
"""

from .board import Position
from .errors import EngineError, IllegalActionError, IllegalPlayError, NotationError, PositionError
from .game import (
    AutoDoubled,
    Doubled,
    Dropped,
    Event,
    Forfeited,
    GameOver,
    GameStarted,
    GameState,
    Match,
    MatchOver,
    Moved,
    OpeningRoll,
    Passed,
    RecordError,
    Rolled,
    Taken,
)
from .matchid import MatchKey, decode_match_id, encode_match_id
from .partial import PartialPlay, Step, completed_play, next_steps
from .plays import Play, legal_plays
from .rules import Rules

__all__ = [
    "AutoDoubled",
    "Doubled",
    "Dropped",
    "EngineError",
    "Event",
    "Forfeited",
    "GameOver",
    "GameStarted",
    "GameState",
    "IllegalActionError",
    "IllegalPlayError",
    "Match",
    "MatchKey",
    "MatchOver",
    "Moved",
    "NotationError",
    "OpeningRoll",
    "PartialPlay",
    "Passed",
    "Play",
    "Position",
    "PositionError",
    "RecordError",
    "Rolled",
    "Rules",
    "Step",
    "Taken",
    "completed_play",
    "decode_match_id",
    "encode_match_id",
    "legal_plays",
    "next_steps",
]
