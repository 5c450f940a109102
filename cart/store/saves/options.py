"""A saved game's options: rules, names, which seat the computer plays and at what level.

The settings keep the last options too, and ratings key levels by :func:`check_level`.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from ...engine import EngineError, Rules
from ..errors import BadValueError, DamagedError
from .names import kept_player_name

_LEVEL = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")


def check_level(level: object) -> str:
    """A computer level name (``"novice"``, ``"expert"``...): lowercase, short; its ratings key."""
    if not isinstance(level, str) or not _LEVEL.fullmatch(level):
        raise BadValueError(f"a computer level is a short lowercase name like 'expert', got {level!r}")
    return level


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    return dataclasses.asdict(rules)


def rules_from_dict(data: object) -> Rules:
    """Rules from stored data; the engine's own checks decide what is valid."""
    if not isinstance(data, dict) or set(data) != {f.name for f in dataclasses.fields(Rules)}:
        raise DamagedError(f"the rules are not a complete rule set: {data!r}")
    try:
        return Rules(**data)
    except EngineError as exc:
        raise DamagedError(f"the rules are invalid: {exc}") from None


@dataclass(frozen=True)
class GameOptions:
    """What the Create form asks: rules, players, sides, level, hints; one value from the form to the file.

    ``names`` are the two seats' names (seat 0 is White, who opens in
    MaxGammon). ``computer`` is the seat the computer plays, or None for two
    people at one keyboard; ``level`` is then its level (each level has its own
    rating). Match length and automatic doubles are part of ``rules``.
    ``both``: the computer plays both seats at ``level`` (the title's attract
    game, ``computer`` then 0); such a game is watched, never saved.
    """

    rules: Rules = field(default_factory=Rules)
    names: tuple[str, str] = ("White", "Red")
    computer: int | None = None
    level: str | None = None
    hints: bool = True
    both: bool = False

    def __post_init__(self) -> None:
        """Refuse nonsense at construction, so nothing invalid is ever written."""
        if not isinstance(self.rules, Rules):
            raise BadValueError(f"rules must be a Rules value, got {self.rules!r}")
        if not isinstance(self.names, (tuple, list)) or len(self.names) != 2:
            raise BadValueError(f"a game has two player names, got {self.names!r}")
        object.__setattr__(self, "names", (kept_player_name(self.names[0]), kept_player_name(self.names[1])))
        if self.computer is not None and (type(self.computer) is not int or self.computer not in (0, 1)):
            raise BadValueError(f"the computer plays seat 0 or 1 (or None), got {self.computer!r}")
        if (self.computer is None) != (self.level is None):
            raise BadValueError("a level is given exactly when the computer plays a seat")
        if self.level is not None:
            check_level(self.level)
        if type(self.hints) is not bool:
            raise BadValueError(f"hints must be True or False, got {self.hints!r}")
        if self.both is not False and (self.both is not True or self.computer != 0):
            raise BadValueError("the computer plays both seats as seat 0 and seat 1 at one level")

    @property
    def players(self) -> int:
        """0 when the computer plays itself, 1 against the computer, 2 for two people."""
        return 0 if self.both else 1 if self.computer is not None else 2

    def player_id(self, seat: int) -> str:
        """The ratings key of a seat: ``computer:<level>`` or ``player:<name>``."""
        if seat == self.computer or self.both:
            return f"computer:{self.level}"
        return f"player:{self.names[seat]}"

    def to_dict(self) -> dict[str, Any]:
        if self.both:
            raise BadValueError("a game the computer plays against itself is watched, never saved")
        return {
            "rules": rules_to_dict(self.rules),
            "names": list(self.names),
            "computer": self.computer,
            "level": self.level,
            "hints": self.hints,
        }

    @classmethod
    def from_dict(cls, data: object) -> GameOptions:
        """Options from stored data; raises :class:`DamagedError` saying what is wrong."""
        keys = {"rules", "names", "computer", "level", "hints"}
        if not isinstance(data, dict) or set(data) != keys:
            raise DamagedError(f"the game options are incomplete: {data!r}")
        names = data["names"]
        if not isinstance(names, list):
            raise DamagedError(f"the player names are not a list: {names!r}")
        try:
            return cls(
                rules_from_dict(data["rules"]), tuple(names), data["computer"], data["level"], data["hints"]
            )
        except BadValueError as exc:
            raise DamagedError(f"the game options are invalid: {exc}") from None
