"""What a player (or the computer) does to a match, as small frozen values.

A record is a list of these; :meth:`cart.engine.Match.apply` is the one way a
match changes. A roll carries its dice, so a record replays with no random
generator; a move carries its moves, checked against the roll's legal plays.
The JSON form is a saved record's entry: ``["roll", 3, 1]`` (in the standard
opening, player 0's die then player 1's), ``["move", [[8, 5], [6, 5]]]`` (mover's
numbering, 25 bar, 0 off), ``["double"]``, ``["forfeit", 1]``, ``["resign", 1, 2]``...

>>> Action.from_json(["roll", 3, 1])
Roll(dice=(3, 1))
>>> Move(((8, 5), (6, 5))).to_json()
['move', [[8, 5], [6, 5]]]
>>> all(Action.from_json(a.to_json()) == a for a in (Roll((6, 6)), Double(), Forfeit(1), NewGame()))
True
>>> Action.from_json(["roll", 7, 1])
Traceback (most recent call last):
...
cart.engine.errors.IllegalActionError: a roll is two dice from 1 to 6, got ['roll', 7, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeGuard

from .board import BAR, OFF
from .errors import IllegalActionError, RecordError
from .plays import Dice, Play

Json = list[object]


@dataclass(frozen=True)
class Action:
    """Base of every action; ``name`` is its tag in the JSON form."""

    name: ClassVar[str] = ""

    def to_json(self) -> Json:
        """The record entry: a list starting with the action's name."""
        return [self.name]

    @staticmethod
    def from_json(data: object) -> Action:
        """The action a record entry describes; raises ``IllegalActionError`` quoting bad data."""
        if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
            raise IllegalActionError(f"an action is a list starting with its name, got {data!r}")
        kind = _KINDS.get(data[0])
        if kind is None:
            raise IllegalActionError(f"unknown action {data[0]!r} in {data!r}")
        return kind._read(list(data[1:]), data)

    @classmethod
    def _read(cls, args: list[object], data: object) -> Action:
        if args:
            raise IllegalActionError(f"{cls.name!r} takes no arguments, got {data!r}")
        return cls()


@dataclass(frozen=True)
class Roll(Action):
    """Dice rolled: a turn's roll, or in the standard opening (player 0's die, player 1's die)."""

    name: ClassVar[str] = "roll"
    dice: Dice

    def to_json(self) -> Json:
        return ["roll", self.dice[0], self.dice[1]]

    @classmethod
    def _read(cls, args: list[object], data: object) -> Action:
        if len(args) == 2:  # the usual entry, checked at once (a long record has thousands)
            d1, d2 = args
            if type(d1) is int and type(d2) is int and 1 <= d1 <= 6 and 1 <= d2 <= 6:
                return cls((d1, d2))
        dice = [d for d in args if isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6]
        if len(args) != 2 or len(dice) != 2:
            raise IllegalActionError(f"a roll is two dice from 1 to 6, got {data!r}")
        return cls((dice[0], dice[1]))


@dataclass(frozen=True)
class Move(Action):
    """A play as its moves ``(from, to)``, mover's numbering, in any order: applying finds the legal play."""

    name: ClassVar[str] = "move"
    moves: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, play: Play) -> Move:
        """The action that makes ``play``."""
        return cls(play.moves)

    def to_json(self) -> Json:
        return ["move", [[s, t] for s, t in self.moves]]

    @classmethod
    def _read(cls, args: list[object], data: object) -> Action:
        if len(args) != 1 or not isinstance(args[0], (list, tuple)) or len(args[0]) > 8:
            raise IllegalActionError(f"a move is a list of [from, to] points, got {data!r}")
        moves = []
        for m in args[0]:  # the usual [from, to] of two whole numbers, checked at once
            if type(m) is list and len(m) == 2:
                s, t = m
                if type(s) is int and type(t) is int and OFF <= s <= BAR and OFF <= t <= BAR:
                    moves.append((s, t))
                    continue
            break
        else:
            return cls(tuple(moves))
        moves = []
        for m in args[0]:
            points = [p for p in m if _is_point(p)] if isinstance(m, (list, tuple)) and len(m) == 2 else []
            if len(points) != 2:
                raise IllegalActionError(f"a move is a list of [from, to] points, got {data!r}")
            moves.append((points[0], points[1]))
        return cls(tuple(moves))


@dataclass(frozen=True)
class Double(Action):
    """The player on turn offers the cube (before rolling)."""

    name: ClassVar[str] = "double"


@dataclass(frozen=True)
class Take(Action):
    """The doubled player accepts: the cube doubles and they own it."""

    name: ClassVar[str] = "take"


@dataclass(frozen=True)
class Drop(Action):
    """The doubled player refuses and loses the cube's value before the double."""

    name: ClassVar[str] = "drop"


@dataclass(frozen=True)
class Forfeit(Action):
    """``player`` gives the opponent the game at twice the cube, at once."""

    name: ClassVar[str] = "forfeit"
    player: int

    def to_json(self) -> Json:
        return ["forfeit", self.player]

    @classmethod
    def _read(cls, args: list[object], data: object) -> Action:
        player = args[0] if len(args) == 1 else None
        if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
            raise IllegalActionError(f"a forfeit names player 0 or 1, got {data!r}")
        return cls(player)


RESIGN_LEVELS = {1: "single", 2: "gammon", 3: "backgammon"}
"""A resignation's levels, as gnubg knows them: the loser gives the game at this value x the cube."""


@dataclass(frozen=True)
class Resign(Action):
    """``player`` offers the game at ``level`` (1 single, 2 gammon, 3 backgammon) times the cube.

    The opponent answers with :class:`Accept` or :class:`Decline`; unlike :class:`Forfeit`,
    which ends the game at once at twice the cube.
    """

    name: ClassVar[str] = "resign"
    player: int
    level: int

    def to_json(self) -> Json:
        return ["resign", self.player, self.level]

    @classmethod
    def _read(cls, args: list[object], data: object) -> Action:
        numbers = [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
        if len(args) != 2 or len(numbers) != 2 or numbers[0] not in (0, 1) or numbers[1] not in RESIGN_LEVELS:
            raise IllegalActionError(f"a resignation names player 0 or 1 and level 1, 2 or 3, got {data!r}")
        return cls(numbers[0], numbers[1])


@dataclass(frozen=True)
class Accept(Action):
    """The offered resignation is accepted: the game ends at its value."""

    name: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Decline(Action):
    """The offered resignation is declined: play goes on where it stood."""

    name: ClassVar[str] = "decline"


@dataclass(frozen=True)
class NewGame(Action):
    """The next game of the match begins (after one is over)."""

    name: ClassVar[str] = "new_game"


def _is_point(p: object) -> TypeGuard[int]:
    return isinstance(p, int) and not isinstance(p, bool) and OFF <= p <= BAR


_KINDS: dict[str, type[Action]] = {
    k.name: k for k in (Roll, Move, Double, Take, Drop, Forfeit, NewGame, Resign, Accept, Decline)
}


def actions_from_json(entries: Sequence[object]) -> list[Action]:
    """A whole record's actions; raises ``RecordError`` naming the first bad entry's index.

    >>> actions_from_json([["roll", 3, 1], ["move", [[8, 5], [6, 5]]]])
    [Roll(dice=(3, 1)), Move(moves=((8, 5), (6, 5)))]
    >>> actions_from_json([["roll", 3, 1], ["jump"]])
    Traceback (most recent call last):
    ...
    cart.engine.errors.RecordError: record action 1 ['jump']: unknown action 'jump' in ['jump']
    """
    out = []
    for i, entry in enumerate(entries):
        try:
            out.append(Action.from_json(entry))
        except IllegalActionError as exc:
            raise RecordError(f"record action {i} {entry!r}: {exc}") from None
    return out
