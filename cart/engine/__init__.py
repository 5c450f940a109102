"""Pure backgammon rules: board, plays, notation, IDs, rule sets, game and match flow.

No pyxel, no files, no clock, no global random state: dice come in as arguments
or from an injected ``random.Random``.

The face a front end needs, in one import:

>>> import random
>>> from cart.engine import Match, Move, Roll, Rules, format_play
>>> m = Match(Rules(match_length=5), names=("Ann", "Bob"), rng=random.Random(3))
>>> m.apply(Roll((6, 1)))
[OpeningRoll(dice=(6, 1), winner=0)]
>>> moved = m.apply(Move(((13, 7), (8, 7))))[0]
>>> moved.text, [(s.src, s.dst, s.die) for s in moved.steps]
('13/7 8/7', [(13, 7, 6), (8, 7, 1)])
>>> [a.to_json() for a in m.record]
[['roll', 6, 1], ['move', [[13, 7], [8, 7]]]]
>>> m.moment(0).position_id, MatchKey.from_id(m.match_id()).match_length
('4HPwATDgc/ABMA', 5)

The computer player's hot path uses :mod:`cart.engine.fast` instead.
"""

from .actions import (
    RESIGN_LEVELS,
    Accept,
    Action,
    Decline,
    Double,
    Drop,
    Forfeit,
    Move,
    NewGame,
    Resign,
    Roll,
    Take,
    actions_from_json,
)
from .board import BAR, CHECKERS, OFF, Position
from .checkpoint import Checkpoint
from .errors import (
    EngineError,
    IllegalActionError,
    IllegalPlayError,
    NotationError,
    PositionError,
    RecordError,
    RulesError,
)
from .events import (
    AutoDoubled,
    Doubled,
    Dropped,
    EndKind,
    Event,
    Forfeited,
    GameOver,
    GameStarted,
    MatchOver,
    Moved,
    OpeningRoll,
    Passed,
    ResignAccepted,
    ResignDeclined,
    ResignOffered,
    Rolled,
    Taken,
)
from .game import GameState, Phase, game_value
from .match import Match, Moment, Observer
from .matchid import MatchKey
from .notation import find_play, format_play, format_wizard, parse_play, parse_wizard
from .partial import PartialPlay
from .plays import Dice, Play, Step, boards, check_dice, dice_list, hit_points, legal_plays, play_steps
from .rules import Rules

__all__ = [
    "BAR",
    "CHECKERS",
    "OFF",
    "RESIGN_LEVELS",
    "Accept",
    "Action",
    "AutoDoubled",
    "Checkpoint",
    "Decline",
    "Dice",
    "Double",
    "Doubled",
    "Drop",
    "Dropped",
    "EndKind",
    "EngineError",
    "Event",
    "Forfeit",
    "Forfeited",
    "GameOver",
    "GameStarted",
    "GameState",
    "IllegalActionError",
    "IllegalPlayError",
    "Match",
    "MatchKey",
    "MatchOver",
    "Moment",
    "Move",
    "Moved",
    "NewGame",
    "NotationError",
    "Observer",
    "OpeningRoll",
    "PartialPlay",
    "Passed",
    "Phase",
    "Play",
    "Position",
    "PositionError",
    "RecordError",
    "Resign",
    "ResignAccepted",
    "ResignDeclined",
    "ResignOffered",
    "Roll",
    "Rolled",
    "Rules",
    "RulesError",
    "Step",
    "Take",
    "Taken",
    "actions_from_json",
    "boards",
    "check_dice",
    "dice_list",
    "find_play",
    "format_play",
    "format_wizard",
    "game_value",
    "hit_points",
    "legal_plays",
    "parse_play",
    "parse_wizard",
    "play_steps",
]
