"""Pure backgammon rules: board, plays, notation, IDs, rule sets, game and match flow.

No pyxel, no files, no clock, no global random state: dice come in as arguments
or from an injected ``random.Random``. The face a front end needs, in one import:

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
    RESIGN_LEVELS as RESIGN_LEVELS,
    Accept as Accept,
    Action as Action,
    Decline as Decline,
    Double as Double,
    Drop as Drop,
    Forfeit as Forfeit,
    Move as Move,
    NewGame as NewGame,
    Resign as Resign,
    Roll as Roll,
    Take as Take,
    actions_from_json as actions_from_json,
)
from .board import BAR as BAR, CHECKERS as CHECKERS, OFF as OFF, Position as Position
from .checkpoint import Checkpoint as Checkpoint
from .errors import (
    EngineError as EngineError,
    IllegalActionError as IllegalActionError,
    IllegalPlayError as IllegalPlayError,
    NotationError as NotationError,
    PositionError as PositionError,
    RecordError as RecordError,
    RulesError as RulesError,
)
from .events import (
    AutoDoubled as AutoDoubled,
    Doubled as Doubled,
    Dropped as Dropped,
    EndKind as EndKind,
    Event as Event,
    Forfeited as Forfeited,
    GameOver as GameOver,
    GameStarted as GameStarted,
    MatchOver as MatchOver,
    Moved as Moved,
    OpeningRoll as OpeningRoll,
    Passed as Passed,
    ResignAccepted as ResignAccepted,
    ResignDeclined as ResignDeclined,
    ResignOffered as ResignOffered,
    Rolled as Rolled,
    Taken as Taken,
)
from .game import GameState as GameState, Phase as Phase, game_value as game_value
from .match import Match as Match, Moment as Moment, Observer as Observer
from .matchid import MatchKey as MatchKey
from .notation import (
    find_play as find_play,
    format_play as format_play,
    format_wizard as format_wizard,
    parse_play as parse_play,
    parse_wizard as parse_wizard,
)
from .partial import PartialPlay as PartialPlay
from .plays import (
    Dice as Dice,
    Play as Play,
    Step as Step,
    boards as boards,
    check_dice as check_dice,
    dice_list as dice_list,
    format_roll as format_roll,
    hit_points as hit_points,
    legal_plays as legal_plays,
    play_steps as play_steps,
)
from .rules import Rules as Rules
