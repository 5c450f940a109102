"""Pure backgammon rules: board, plays, notation, IDs, rule sets, game and match flow.

No pyxel, no files, no clock, no global random state: dice come in as arguments
or from an injected ``random.Random``.
"""

from .board import Position
from .errors import EngineError, IllegalPlayError, NotationError, PositionError
from .plays import Play, legal_plays

__all__ = [
    "EngineError",
    "IllegalPlayError",
    "NotationError",
    "Play",
    "Position",
    "PositionError",
    "legal_plays",
]
