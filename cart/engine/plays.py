"""Legal plays as values: the checked face of the move generator."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .board import BAR, OFF, ONE, SIDE_BITS, Position
from .errors import EngineError, IllegalPlayError
from .movegen import decode, flip_key, successors

Dice = tuple[int, int]


@dataclass(frozen=True)
class Step:
    """One man moved by one die: ``src`` to ``dst``, mover's numbering; ``hit`` when it hits a blot.

    A front end animates and sounds steps without deciding a rule.
    """

    src: int
    dst: int
    die: int
    hit: bool = False


def dice_list(dice: Dice) -> tuple[int, ...]:
    """The dice a roll gives to play, larger first: doubles are four of the same.

    >>> dice_list((3, 5)), dice_list((2, 2))
    ((5, 3), (2, 2, 2, 2))
    """
    d1, d2 = dice
    return (d1,) * 4 if d1 == d2 else tuple(sorted((d1, d2), reverse=True))


def format_roll(dice: Dice) -> str:
    """A roll as gnubg and players write it: the higher die first, nothing between ("62", "53", "44").

    >>> format_roll((2, 6)), format_roll((5, 3)), format_roll((4, 4))
    ('62', '53', '44')
    """
    return f"{max(dice)}{min(dice)}"


def apply_step(position: Position, step: Step) -> Position:
    """The board after ``step`` (the mover stays on roll). Trusted: ``step`` came from the engine."""
    key = position.key - ONE[step.src] + ONE[step.dst]
    if step.hit:  # the blot on our point dst is the opponent's point 25 - dst: to their bar
        key += (ONE[BAR] - ONE[25 - step.dst]) << SIDE_BITS
    return Position(key)


class Play(NamedTuple):
    """One legal play: the moves in the mover's numbering (25 bar, 0 off), and the result, opponent on roll.

    >>> pos = Position.start()
    >>> play = [p for p in legal_plays(pos, (3, 1)) if p.moves == ((8, 5), (6, 5))][0]
    >>> play.result.position_id()
    'sGfwATDgc/ABMA'
    """

    moves: tuple[tuple[int, int], ...]
    result: Position


def check_dice(dice: object, error: type[EngineError] = IllegalPlayError) -> Dice:
    """Validate a roll given by a caller: two ints 1..6 (else ``error``, quoting it)."""
    if (
        not isinstance(dice, (tuple, list))
        or len(dice) != 2
        or any(type(d) is not int or not 1 <= d <= 6 for d in dice)
    ):
        raise error(f"dice must be two numbers from 1 to 6, got {dice!r}")
    return dice[0], dice[1]


def legal_plays(position: Position, dice: Dice) -> list[Play]:
    """All legal plays for ``dice``, one per distinct resulting position, in a fixed order (none: no play).

    >>> len(legal_plays(Position.start(), (3, 1)))
    16
    >>> len(legal_plays(Position.from_position_id('OQcJkxGUOYEqEw'), (2, 2)))
    637
    """
    d1, d2 = check_dice(dice)
    if position.is_over():
        return []
    # Moves as people write them: highest source first. The generator may have
    # played a lower checker first (the other die first); sorting by (from, to)
    # descending is always a legal order, since a step never starts where a lower
    # step ends unless it continues that same checker, which sorting keeps after.
    return [play_of(key, code) for key, code in successors(position.key, d1, d2).items()]


def play_of(key: int, code: int) -> Play:
    """The :class:`Play` for one raw generator result: the AI builds only the one it plays."""
    return Play(tuple(sorted(decode(code), reverse=True)), Position(flip_key(key)))


def hit_points(position: Position, moves: tuple[tuple[int, int], ...]) -> tuple[bool, ...]:
    """For each move in order, whether it hits a blot (replayed on the board)."""
    theirs = list(position.theirs)
    hits = []
    for _, t in moves:
        hit = OFF < t < BAR and theirs[25 - t] == 1
        if hit:
            theirs[25 - t] = 0
        hits.append(hit)
    return tuple(hits)


def play_steps(position: Position, dice: Dice, play: Play) -> tuple[Step, ...]:
    """The single-die steps of a legal ``play`` of ``dice`` from ``position``, in a playable order.

    Each says its die and whether it hits, so nobody downstream infers them.

    >>> pos = Position.from_position_id("4HPwATDgc/ABMA")
    >>> play = [p for p in legal_plays(pos, (6, 5)) if p.moves == ((24, 18), (18, 13))][0]
    >>> play_steps(pos, (6, 5), play)
    (Step(src=24, dst=18, die=6, hit=False), Step(src=18, dst=13, die=5, hit=False))
    """
    left = list(dice_list(check_dice(dice)))
    hits = hit_points(position, play.moves)
    steps = []
    for (src, dst), hit in zip(play.moves, hits, strict=True):
        distance = src - dst
        die = distance if distance in left else min((d for d in left if d > distance), default=0)
        if die == 0 or (dst != OFF and die != distance):
            raise IllegalPlayError(f"{src}/{dst} is not one step of a die left of {format_roll(dice)}")
        left.remove(die)
        steps.append(Step(src, dst, die, hit))
    return tuple(steps)


def boards(position: Position, steps: tuple[Step, ...]) -> list[Position]:
    """The board after each of ``steps`` (the mover on roll throughout): for animating a play."""
    out = []
    for step in steps:
        position = apply_step(position, step)
        out.append(position)
    return out
