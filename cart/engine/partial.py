"""Plays made one checker step at a time, as a person moves them with the mouse.

The UI never decides a rule: this says, from the legal plays, which steps may come
next so the turn can still end in a legal play, and which play a finished sequence
is. Searches are memoised per (board, dice left), so a click stays cheap even for
637-play doubles. :class:`PartialPlay` is immutable: undo keeps the old value.

>>> from cart.engine import Position
>>> part = PartialPlay.start(Position.start(), (3, 1))
>>> sorted(part.sources())
[6, 8, 13, 24]
>>> sorted(part.targets(8))
[4, 5, 7]
>>> part = part.move(8, 5).move(6, 5)
>>> part.is_complete, part.play().moves
(True, ((8, 5), (6, 5)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from .board import BAR, OFF, Position
from .errors import IllegalPlayError
from .plays import Dice, Play, Step, apply_step, check_dice, dice_list, format_roll, legal_plays


def _single(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> Step | None:
    """The step of the man on ``src`` by ``die`` if the movement rules allow it on this board."""
    if not mine[src] or (mine[BAR] and src != BAR):
        return None
    dst = src - die
    if dst >= 1:
        opp = theirs[25 - dst]
        if opp >= 2:
            return None
        return Step(src, dst, die, opp == 1)
    if any(mine[7:26]):  # bearing off needs every man home
        return None
    if dst < 0 and any(mine[src + 1 : 7]):  # a larger die only from the highest point
        return None
    return Step(src, OFF, die)


def _without(left: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = left.index(die)
    return left[:i] + left[i + 1 :]


@dataclass(frozen=True, eq=False)
class _Turn:
    """The fixed facts of one turn: the start board, the roll, the legal results and their length."""

    position: Position
    dice: Dice
    plays: tuple[Play, ...]
    results: dict[Position, Play]  # the mover's board after each play -> the play
    length: int  # dice every legal play uses
    alive_memo: dict[tuple[Position, tuple[int, ...]], bool] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, position: Position, dice: Dice, plays: Sequence[Play] | None = None) -> _Turn:
        plays = tuple(legal_plays(position, dice) if plays is None else plays)
        results = {p.result.flip(): p for p in plays}
        return cls(position, dice, plays, results, len(plays[0].moves) if plays else 0)

    def steps_from(self, board: Position, left: tuple[int, ...]) -> list[tuple[Step, Position]]:
        """Every single step on ``board`` with a die in ``left`` after which the turn can still complete."""
        mine, theirs = board.mine, board.theirs
        out = []
        for die in sorted(set(left), reverse=True):
            rest = _without(left, die)
            for src in range(BAR, 0, -1):
                step = _single(mine, theirs, src, die)
                if step is None:
                    continue
                after = apply_step(board, step)
                if self.alive(after, rest):
                    out.append((step, after))
        return out

    def alive(self, board: Position, left: tuple[int, ...]) -> bool:
        """Whether ``board`` with ``left`` dice to play can still end in a legal play's result."""
        used = len(dice_list(self.dice)) - len(left)
        if used == self.length:
            return board in self.results
        key = (board, left)
        memo = self.alive_memo.get(key)
        if memo is not None:
            return memo
        mine, theirs = board.mine, board.theirs
        ok = False
        for die in set(left):
            rest = _without(left, die)
            for src in range(BAR, 0, -1):
                step = _single(mine, theirs, src, die)
                if step is not None and self.alive(apply_step(board, step), rest):
                    ok = True
                    break
            if ok:
                break
        self.alive_memo[key] = ok
        return ok


def _replay(turn: _Turn, steps: Sequence[Step]) -> tuple[Position, tuple[int, ...]]:
    """The board and dice left after ``steps``, each checked against the search (raises if illegal)."""
    board = turn.position
    left = dice_list(turn.dice)
    for i, step in enumerate(steps):
        allowed = {s: after for s, after in turn.steps_from(board, left)}
        match = [
            after for s, after in allowed.items() if (s.src, s.dst, s.die) == (step.src, step.dst, step.die)
        ]
        if not match:
            raise IllegalPlayError(
                f"step {i + 1} ({step.src}/{step.dst} with a {step.die}) is not legal "
                f"for {format_roll(turn.dice)} in position {turn.position.position_id()}"
            )
        board = match[0]
        left = _without(left, step.die)
    return board, left


@dataclass(frozen=True)
class PartialPlay:
    """A turn in progress: start board, roll, steps so far; :meth:`move` and :meth:`undo` give new values."""

    turn: _Turn = field(repr=False)
    steps: tuple[Step, ...] = ()
    board: Position | None = None  # None: the start board
    left: tuple[int, ...] | None = None

    @classmethod
    def start(cls, position: Position, dice: Dice, plays: Sequence[Play] | None = None) -> PartialPlay:
        """No step made yet; ``plays``: the roll's legal plays when the caller has them already."""
        d1, d2 = check_dice(dice)
        return cls(_Turn.of(position, (d1, d2), plays))

    def with_steps(self, steps: Sequence[Step]) -> PartialPlay:
        """This turn after ``steps`` from its start (each checked; raises ``IllegalPlayError``)."""
        board, left = _replay(self.turn, steps)
        return PartialPlay(self.turn, tuple(steps), board, left)

    # -- queries ------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The board now, the mover still on roll."""
        return self.board if self.board is not None else self.turn.position

    @property
    def dice(self) -> Dice:
        return self.turn.dice

    @property
    def dice_left(self) -> tuple[int, ...]:
        """The dice not yet used, larger first (four entries for doubles at the start)."""
        return self.left if self.left is not None else dice_list(self.turn.dice)

    @property
    def can_move(self) -> bool:
        """Whether the roll can be played at all."""
        return bool(self.turn.plays)

    @property
    def is_complete(self) -> bool:
        """All the dice a legal play uses have been played (so :meth:`play` is not None)."""
        return bool(self.turn.plays) and len(self.steps) == self.turn.length

    @cached_property
    def _singles(self) -> list[tuple[Step, Position]]:
        if self.is_complete:
            return []
        return self.turn.steps_from(self.position, self.dice_left)

    @cached_property
    def _paths(self) -> dict[tuple[int, int], list[Step]]:
        """(source, target) -> the steps to get there, fewest steps first, then fewest hits."""
        paths: dict[tuple[int, int], list[Step]] = {}
        # breadth first over the same man: a path extends only the man it moved
        frontier: list[tuple[list[Step], PartialPlay]] = [([s], self._after(s, b)) for s, b in self._singles]
        while frontier:
            nxt = []
            for path, part in frontier:
                key = (path[0].src, path[-1].dst)
                best = paths.get(key)
                if best is None or (
                    len(path) == len(best) and sum(s.hit for s in path) < sum(s.hit for s in best)
                ):
                    paths[key] = path
                if path[-1].dst == OFF:
                    continue
                for s, b in part._singles:
                    if s.src == path[-1].dst:
                        nxt.append(([*path, s], part._after(s, b)))
            frontier = nxt
        return paths

    def _after(self, step: Step, board: Position) -> PartialPlay:
        return PartialPlay(self.turn, (*self.steps, step), board, _without(self.dice_left, step.die))

    def options(self) -> dict[int, frozenset[int]]:
        """``{source: reachable targets}`` for the next move, combined moves included."""
        out: dict[int, set[int]] = {}
        for src, dst in self._paths:
            out.setdefault(src, set()).add(dst)
        return {src: frozenset(t) for src, t in out.items()}

    def sources(self) -> frozenset[int]:
        """The places a man may be picked up from now."""
        return frozenset(s.src for s, _ in self._singles)

    def targets(self, src: int) -> frozenset[int]:
        """Where the man on ``src`` may be put down (one die or combined)."""
        return frozenset(dst for s, dst in self._paths if s == src)

    def path(self, src: int, dst: int) -> list[Step]:
        """The steps that take the man on ``src`` to ``dst``; raises ``IllegalPlayError`` naming why not."""
        path = self._paths.get((src, dst))
        if path is None:
            raise IllegalPlayError(self.why_not(src, dst))
        return list(path)

    def why_not(self, src: int, dst: int) -> str:
        """A message for a refused move, for the player."""
        roll = format_roll(self.dice)
        where = "the bar" if src == BAR else "off" if src == OFF else f"point {src}"
        if not self.turn.plays:
            return f"no move is possible with {roll}"
        if self.is_complete:
            return "all your dice are played: confirm or undo"
        if src not in self.sources():
            if not (0 < src <= BAR) or not self.position.mine[src]:
                return f"you have no man on {where}"
            if self.position.mine[BAR] and src != BAR:
                return "you must enter from the bar first"
            return f"the man on {where} cannot move now"
        to = "the bin" if dst == OFF else f"point {dst}"
        return f"the man on {where} cannot go to {to} with {'/'.join(map(str, self.dice_left))}"

    def play(self) -> Play | None:
        """The legal play these steps make, once complete."""
        if not self.is_complete:
            return None
        return self.turn.results[self.position]

    # -- steps -------------------------------------------------------------------
    def move(self, src: int, dst: int) -> PartialPlay:
        """Move the man on ``src`` to ``dst`` (one die or a combined move); raises ``IllegalPlayError``."""
        part = self
        for step in self.path(src, dst):
            board = apply_step(part.position, step)
            part = part._after(step, board)
        return part

    def undo(self) -> PartialPlay:
        """The turn without its last step (unchanged when none was made)."""
        if not self.steps:
            return self
        return self.with_steps(self.steps[:-1])

    def restart(self) -> PartialPlay:
        """The turn with no step made."""
        return PartialPlay(self.turn)
