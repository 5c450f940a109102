"""Game and match flow: an immutable ``GameState`` per game, a thin mutable ``Match`` around it.

Every action is a pure step ``GameState -> (new GameState, events)``; the
``Match`` computes the step first and commits it only when it succeeded, so an
illegal action raises and changes nothing (not even the dice generator). The
events (``Rolled``, ``Moved``, ``Doubled``, ``GameOver``...) are small frozen
values for the UI's messages, sounds and animations.

The match record is the list of typed actions (:mod:`cart.engine.actions`)
applied to it, dice included; :meth:`Match.apply` is the one way a match
changes, and an observer (``on_commit``) hears of every committed action, which
is how the store saves. A roll with no legal play passes the turn at once, so
passes are not written. Because the record holds the dice, :meth:`Match.replay`
needs no random generator to rebuild a match. To continue a rebuilt match
exactly as the original would have gone on, save ``match.rng.getstate()`` with
the record and give the rebuilt match a ``random.Random`` set to that state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

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
)
from .board import BAR, OFF, Position
from .errors import EngineError, IllegalActionError, IllegalPlayError, RecordError
from .matchid import GAME_DROP, GAME_OVER, GAME_PLAYING, GAME_RESIGNED, MAX_SCORE, MatchKey
from .notation import find_play, format_play, parse_play
from .partial import PartialPlay
from .plays import Dice, Play, Step, check_dice, legal_plays, play_steps
from .rules import Rules

__all__ = [
    "AutoDoubled",
    "Doubled",
    "Dropped",
    "EndKind",
    "Event",
    "Forfeited",
    "GameOver",
    "GameStarted",
    "GameState",
    "Match",
    "MatchOver",
    "Moment",
    "Moved",
    "OpeningRoll",
    "Passed",
    "Phase",
    "RecordError",
    "ResignAccepted",
    "ResignDeclined",
    "ResignOffered",
    "Rolled",
    "Taken",
    "game_value",
]

Phase = Literal["opening", "roll", "doubled", "move", "resigned", "over"]
EndKind = Literal["single", "gammon", "backgammon", "drop", "forfeit", "resign"]


# -- events -----------------------------------------------------------------
@dataclass(frozen=True)
class GameStarted:
    """A new game of the match began (``number`` counts from 1)."""

    number: int
    crawford: bool


@dataclass(frozen=True)
class OpeningRoll:
    """One round of the standard roll-off: each player's die; ``winner`` is None on a tie."""

    dice: tuple[int, int]
    winner: int | None


@dataclass(frozen=True)
class AutoDoubled:
    """An opening tie turned the cube (automatic doubles)."""

    cube: int


@dataclass(frozen=True)
class Rolled:
    player: int
    dice: tuple[int, int]


@dataclass(frozen=True)
class Passed:
    """The roll cannot be played at all: the UI should say "no move possible"."""

    player: int
    dice: tuple[int, int]


@dataclass(frozen=True)
class Moved:
    """A play was made, from ``before`` (the board the mover saw).

    ``steps`` are its single-die steps in a playable order, each with its die
    and whether it hits, for animation and sound; ``hits`` are the points hit,
    in the mover's numbering; ``text`` is gnubg notation.
    """

    player: int
    play: Play
    hits: tuple[int, ...]
    text: str
    steps: tuple[Step, ...] = ()
    before: Position | None = None


@dataclass(frozen=True)
class Doubled:
    """``player`` offers the cube at value ``cube``."""

    player: int
    cube: int


@dataclass(frozen=True)
class Taken:
    """``player`` took the double and now owns the cube at value ``cube``."""

    player: int
    cube: int


@dataclass(frozen=True)
class Dropped:
    """``player`` refused the double and loses ``cube`` points."""

    player: int
    cube: int


@dataclass(frozen=True)
class Forfeited:
    player: int


@dataclass(frozen=True)
class ResignOffered:
    """``player`` offers to resign at ``level``: the opponent would win ``points``."""

    player: int
    level: int
    points: int


@dataclass(frozen=True)
class ResignAccepted:
    """``player`` accepted the resignation offered to them."""

    player: int
    points: int


@dataclass(frozen=True)
class ResignDeclined:
    """``player`` declined the resignation offered to them: play goes on."""

    player: int


@dataclass(frozen=True)
class GameOver:
    winner: int
    points: int
    kind: EndKind


@dataclass(frozen=True)
class MatchOver:
    winner: int
    score: tuple[int, int]


Event = (
    GameStarted
    | OpeningRoll
    | AutoDoubled
    | Rolled
    | Passed
    | Moved
    | Doubled
    | Taken
    | Dropped
    | Forfeited
    | ResignOffered
    | ResignAccepted
    | ResignDeclined
    | GameOver
    | MatchOver
)


def game_value(result: Position) -> tuple[int, EndKind]:
    """Value and name of a game ended by bearing off; ``result`` has the loser on roll.

    Backgammon: the loser has borne off none and still has a checker on the bar
    or in the winner's home board (the loser's points 19..24).
    """
    loser = result.mine
    if loser[OFF]:
        return 1, "single"
    if loser[BAR] or any(loser[19:25]):
        return 3, "backgammon"
    return 2, "gammon"


def _check_player(player: object) -> int:
    if type(player) is not int or player not in (0, 1):
        raise IllegalActionError(f"players are 0 and 1, got {player!r}")
    return player


# -- one game -----------------------------------------------------------------
@dataclass(frozen=True)
class GameState:
    """One game at one moment; every step returns a new state and the events it caused.

    ``position`` is seen from ``turn``, the player whose turn it is (who holds or
    will roll the dice). While a double is pending the opponent must answer:
    see :attr:`actor`. ``phase`` is one of ``"opening"`` (standard roll-off,
    ``dice`` then shows the last tie, if any), ``"roll"`` (may double, then
    roll), ``"doubled"``, ``"move"`` (``dice`` rolled, a play is due) and
    ``"over"`` (``winner`` scored ``points``, ``result`` says how).

    >>> g = GameState.new(Rules())
    >>> g.phase, g.actor
    ('opening', 0)
    >>> g, events = g.roll((3, 5))
    >>> events
    [OpeningRoll(dice=(3, 5), winner=1)]
    >>> g.phase, g.turn, g.dice, len(g.legal_plays())
    ('move', 1, (3, 5), 9)
    """

    rules: Rules
    position: Position
    turn: int = 0
    phase: Phase = "opening"
    dice: Dice | None = None
    cube: int = 1
    cube_owner: int | None = None
    crawford: bool = False
    auto_doubles: int = 0
    winner: int | None = None
    points: int = 0
    result: EndKind | None = None
    resigned: int = 0
    """The level of the resignation offered (phase ``"resigned"``), else 0."""
    resigner: int | None = None
    """Who offered it."""
    resumes: Phase | None = None
    """The phase play goes back to when it is declined (``"roll"`` or ``"move"``, dice kept)."""
    plays: tuple[Play, ...] = field(default=(), compare=False, repr=False)
    """The legal plays of ``dice`` in the ``"move"`` phase, generated once at the roll."""

    # -- construction ---------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, *, crawford: bool = False) -> GameState:
        """A fresh game: the roll-off in standard rules, White (player 0) to roll in MaxGammon."""
        phase: Phase = "opening" if rules.variant == "standard" else "roll"
        return cls(rules, Position.start(), 0, phase, crawford=crawford and rules.is_match)

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        position: Position,
        *,
        turn: int = 0,
        dice: Dice | None = None,
        cube: int = 1,
        cube_owner: int | None = None,
        crawford: bool = False,
    ) -> GameState:
        """A game already under way (tests, set-up boards): ``position`` seen from ``turn``.

        Without ``dice`` the player is about to roll (or double); with them a play is due.
        """
        turn = _check_player(turn)
        if cube_owner is not None:
            _check_player(cube_owner)
        if position.is_over():
            raise IllegalActionError(f"the game in position {position.position_id()} is already over")
        if cube < 1 or cube > rules.max_cube or cube & (cube - 1):
            raise IllegalActionError(f"cube must be a power of two up to {rules.max_cube}, got {cube!r}")
        plays: tuple[Play, ...] = ()
        if dice is not None:
            dice = check_dice(dice, IllegalActionError)
            plays = tuple(legal_plays(position, dice))
            if not plays:
                raise IllegalActionError(f"{dice[0]}-{dice[1]} cannot be played in {position.position_id()}")
        return cls(
            rules,
            position,
            turn,
            "roll" if dice is None else "move",
            dice,
            cube,
            cube_owner,
            crawford and rules.is_match,
            plays=plays,
        )

    # -- queries ---------------------------------------------------------------
    @property
    def actor(self) -> int:
        """The player who must act now: the one who answers a pending double or resignation, else ``turn``."""
        if self.phase == "resigned":
            assert self.resigner is not None
            return 1 - self.resigner
        return 1 - self.turn if self.phase == "doubled" else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def board(self, player: int) -> Position:
        """The position seen from ``player``'s side."""
        return self.position if player == self.turn else self.position.flip()

    @property
    def pips(self) -> tuple[int, int]:
        """Pip counts of player 0 and player 1."""
        mine, theirs = self.position.pips()
        return (mine, theirs) if self.turn == 0 else (theirs, mine)

    def legal_plays(self) -> list[Play]:
        """The legal plays for the current roll; empty outside the ``"move"`` phase."""
        return list(self.plays) if self.phase == "move" else []

    def partial(self) -> PartialPlay:
        """The turn to be played one checker at a time, sharing the roll's legal plays."""
        self._need("move", action="move")
        assert self.dice is not None
        return PartialPlay.start(self.position, self.dice, self.plays)

    def why_no_double(self) -> str | None:
        """Why the player on turn may not double now, or None when they may."""
        rules = self.rules
        if not rules.uses_cube:
            return "MaxGammon has no doubling cube"
        if self.phase != "roll":
            return "you may only double at the start of your turn, before rolling"
        if self.crawford:
            return "no doubling in the Crawford game"
        if self.cube_owner is not None and self.cube_owner != self.turn:
            return "your opponent owns the cube"
        if self.cube * 2 > rules.max_cube:
            return f"the cube cannot go past {rules.max_cube}"
        return None

    def can_double(self) -> bool:
        return self.why_no_double() is None

    def match_key(self, score: tuple[int, int] = (0, 0), *, jacoby: bool = False) -> MatchKey:
        """The Match ID fields for this game at ``score`` (before the roll-off: player 0 on roll)."""
        if self.phase == "over":
            state = {"drop": GAME_DROP, "forfeit": GAME_RESIGNED, "resign": GAME_RESIGNED}.get(
                self.result or "", GAME_OVER
            )
        else:
            state = GAME_PLAYING
        return MatchKey(
            cube=self.cube,
            cube_owner=self.cube_owner,
            on_roll=self.turn,
            crawford=self.crawford,
            game_state=state,
            turn=self.actor,
            doubled=self.phase == "doubled",
            resigned=self.resigned,
            dice=self.dice if (self.phase == "move" or self.resumes == "move") and self.dice else (0, 0),
            match_length=self.rules.match_length,
            score=(min(score[0], MAX_SCORE), min(score[1], MAX_SCORE)),
            jacoby=jacoby,
        )

    # -- steps -----------------------------------------------------------------
    def _need(self, *phases: Phase, action: str) -> None:
        if self.phase in phases:
            return
        if self.phase == "over":
            raise IllegalActionError(f"cannot {action}: the game is over")
        wants = {
            "opening": "the opening roll is due",
            "roll": f"player {self.turn} must roll or double",
            "doubled": f"player {self.actor} must take or drop the double",
            "move": f"player {self.turn} must play the {self._dice_text()} rolled",
            "resigned": f"player {self.actor} must accept or decline the resignation offered",
        }[self.phase]
        raise IllegalActionError(f"cannot {action} now: {wants}")

    def _dice_text(self) -> str:
        return f"{self.dice[0]}-{self.dice[1]}" if self.dice else "dice"

    def roll(self, dice: Dice) -> tuple[GameState, list[Event]]:
        """Roll: in the opening the roll-off pair (player 0's die, player 1's), else a turn's roll."""
        self._need("opening", "roll", action="roll")
        d1, d2 = check_dice(dice, IllegalActionError)
        if self.phase == "opening":
            return self._roll_off(d1, d2)
        plays = tuple(legal_plays(self.position, (d1, d2)))
        if not plays:
            after = replace(self, position=self.position.flip(), turn=1 - self.turn, dice=None)
            return after, [Rolled(self.turn, (d1, d2)), Passed(self.turn, (d1, d2))]
        return replace(self, phase="move", dice=(d1, d2), plays=plays), [Rolled(self.turn, (d1, d2))]

    def _roll_off(self, d0: int, d1: int) -> tuple[GameState, list[Event]]:
        """Seeds 000/002: ties roll again, turning the cube while automatic doubles remain."""
        if d0 == d1:
            events: list[Event] = [OpeningRoll((d0, d1), None)]
            after = replace(self, dice=(d0, d1))
            if self.auto_doubles < self.rules.auto_doubles and self.cube * 2 <= self.rules.max_cube:
                after = replace(after, cube=self.cube * 2, auto_doubles=self.auto_doubles + 1)
                events.append(AutoDoubled(after.cube))
            return after, events
        winner = 0 if d0 > d1 else 1
        position = self.position if winner == self.turn else self.position.flip()
        plays = tuple(legal_plays(position, (d0, d1)))
        after = replace(self, position=position, turn=winner, phase="move", dice=(d0, d1), plays=plays)
        return after, [OpeningRoll((d0, d1), winner)]

    def find(self, play: Play | Move | str) -> Play:
        """The legal play meant by a ``Play``, a ``Move`` action or move text in either notation."""
        self._need("move", action="move")
        assert self.dice is not None
        if isinstance(play, str):
            return parse_play(self.position, self.dice, play, plays=list(self.plays))
        if isinstance(play, Move):
            for legal in self.plays:  # a recorded or computed move is written as the engine writes it
                if legal.moves == play.moves:
                    return legal
            return find_play(self.position, self.dice, list(play.moves), plays=list(self.plays))
        if isinstance(play, Play):
            return self._legal(play)
        raise IllegalActionError(f"a play is a Play, a Move or move text, got {play!r}")

    def play(self, play: Play | Move | str) -> tuple[GameState, list[Event]]:
        """Make a play: a ``Play`` from :meth:`legal_plays`, a ``Move`` or move text in either notation."""
        chosen = self.find(play)
        assert self.dice is not None
        steps = play_steps(self.position, self.dice, chosen)
        hits = tuple(s.dst for s in steps if s.hit)
        text = format_play(self.position, chosen)
        events: list[Event] = [Moved(self.turn, chosen, hits, text, steps, self.position)]
        if chosen.result.is_over():
            value, kind = game_value(chosen.result)
            after = self._over(self.turn, value * self.cube, kind, position=chosen.result.flip())
            return after, [*events, GameOver(self.turn, after.points, kind)]
        after = replace(self, position=chosen.result, turn=1 - self.turn, phase="roll", dice=None, plays=())
        return after, events

    def _legal(self, play: Play) -> Play:
        """The legal play equal to ``play``, or the one reaching the same position."""
        assert self.dice is not None
        plays = self.plays
        if play in plays:
            return play
        same = [p for p in plays if p.result == play.result]
        if len(same) == 1:
            return same[0]
        raise IllegalPlayError(
            f"{format_play(self.position, play) or 'that play'} is not a legal play of {self._dice_text()} "
            f"in position {self.position.position_id()}"
        )

    def double(self) -> tuple[GameState, list[Event]]:
        """Offer the cube at twice its value (before rolling)."""
        if self.rules.uses_cube:
            self._need("roll", action="double")
        why = self.why_no_double()
        if why is not None:
            raise IllegalActionError(f"cannot double: {why}")
        return replace(self, phase="doubled"), [Doubled(self.turn, self.cube * 2)]

    def take(self) -> tuple[GameState, list[Event]]:
        """Accept the double: the cube doubles and the taker owns it; the doubler then rolls."""
        self._need("doubled", action="take")
        taker = 1 - self.turn
        after = replace(self, phase="roll", cube=self.cube * 2, cube_owner=taker)
        return after, [Taken(taker, after.cube)]

    def drop(self) -> tuple[GameState, list[Event]]:
        """Refuse the double: the doubler wins the cube's value before the double, never a gammon."""
        self._need("doubled", action="drop")
        after = self._over(self.turn, self.cube, "drop")
        return after, [Dropped(1 - self.turn, self.cube), GameOver(self.turn, self.cube, "drop")]

    def forfeit(self, player: int) -> tuple[GameState, list[Event]]:
        """Seed 000: "Forfeit awards your opponent the game at twice its current value"."""
        player = _check_player(player)
        if self.phase == "over":
            raise IllegalActionError("cannot forfeit: the game is over")
        after = self._over(1 - player, 2 * self.cube, "forfeit")
        return after, [Forfeited(player), GameOver(1 - player, after.points, "forfeit")]

    def resign(self, player: int, level: int) -> tuple[GameState, list[Event]]:
        """``player`` offers to resign at ``level`` (1 single, 2 gammon, 3 backgammon) x the cube.

        Either player may offer while the game is under way (before or after
        the roll, not while a double or another offer waits for its answer);
        the opponent then accepts or declines.
        """
        player = _check_player(player)
        if type(level) is not int or level not in RESIGN_LEVELS:
            raise IllegalActionError(f"a resignation is level 1, 2 or 3, got {level!r}")
        self._need("roll", "move", action="resign")
        after = replace(self, phase="resigned", resigned=level, resigner=player, resumes=self.phase)
        return after, [ResignOffered(player, level, level * self.cube)]

    def accept(self) -> tuple[GameState, list[Event]]:
        """Accept the resignation offered: its maker loses the game at its value."""
        self._need("resigned", action="accept")
        assert self.resigner is not None
        winner = 1 - self.resigner
        after = self._over(winner, self.resigned * self.cube, "resign")
        return after, [ResignAccepted(winner, after.points), GameOver(winner, after.points, "resign")]

    def decline(self) -> tuple[GameState, list[Event]]:
        """Decline it: play goes on where it stood (the same player to roll or to move, same dice)."""
        self._need("resigned", action="decline")
        assert self.resigner is not None and self.resumes is not None
        after = replace(self, phase=self.resumes, resigned=0, resigner=None, resumes=None)
        return after, [ResignDeclined(1 - self.resigner)]

    def _over(
        self, winner: int, points: int, kind: EndKind, *, position: Position | None = None
    ) -> GameState:
        return replace(
            self,
            position=position or self.position,
            phase="over",
            dice=None,
            plays=(),
            winner=winner,
            points=points,
            result=kind,
            resumes=None,
        )


# -- the match ------------------------------------------------------------------
Observer = Callable[["Match", Action, list[Event]], None]
"""Told of every committed action: the match (already changed), the action and its events."""


@dataclass(frozen=True)
class Moment:
    """The match after ``index`` actions of its record (0: the start, before any action).

    ``action`` led here (None at the start); ``game_number`` counts games from
    1; ``score`` is the match score then; ``dice`` are the dice showing (a roll
    to play, or the last opening tie), None when none; ``play`` is the play the
    action made, when it was a move; ``board`` is the board seen from ``turn``.
    """

    index: int
    action: Action | None
    game_number: int
    score: tuple[int, int]
    position_id: str
    match_id: str
    dice: Dice | None
    play: Play | None
    turn: int
    board: Position


class Match:
    """A money session or a match to N points: rules, names, score, current game, record.

    :meth:`apply` performs one action and returns the events it caused; an
    illegal one raises an ``EngineError`` (a ``ValueError``) and leaves the
    match exactly as it was. :meth:`roll`, :meth:`play` and the rest are
    shorthands that build the action and apply it. Dice come from the injected
    ``rng`` unless given. ``on_commit`` observes every committed action.

    >>> m = Match(Rules(match_length=3), rng=random.Random(1))
    >>> m.roll((6, 1))
    [OpeningRoll(dice=(6, 1), winner=0)]
    >>> [type(e).__name__ for e in m.play("13/7 8/7")]
    ['Moved']
    >>> m.record
    [Roll(dice=(6, 1)), Move(moves=((13, 7), (8, 7)))]
    >>> m.match_id()
    'cAlgAAAAAAAA'
    >>> Match.replay(m.rules, m.record).match_id() == m.match_id()
    True
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
        start: GameState | None = None,
        on_commit: Observer | None = None,
    ) -> None:
        """``start`` begins the first game from a given state (tests, set-up boards)."""
        self.rules = rules if rules is not None else Rules()
        if names is None:
            names = ("White", "Red")
        if len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise IllegalActionError(f"a match needs two player names, got {names!r}")
        self.names: tuple[str, str] = (names[0], names[1])
        self.rng = rng
        if start is not None and start.rules != self.rules:
            raise IllegalActionError("the start state was made for other rules")
        self.start: GameState | None = start
        """The state the first game began from when it was set up, else None."""
        self.game: GameState = start if start is not None else GameState.new(self.rules)
        self.score: tuple[int, int] = (0, 0)
        self.game_number = 1
        self.record: list[Action] = []
        self.on_commit: Observer | None = on_commit
        self._crawford_seen = self.game.crawford

    def __repr__(self) -> str:
        return f"<Match {self.names[0]} {self.score[0]} - {self.score[1]} {self.names[1]} {self.match_id()}>"

    # -- queries ---------------------------------------------------------------
    @property
    def is_match_over(self) -> bool:
        n = self.rules.match_length
        return n > 0 and max(self.score) >= n

    @property
    def match_winner(self) -> int | None:
        if not self.is_match_over:
            return None
        return 0 if self.score[0] >= self.rules.match_length else 1

    @property
    def pips(self) -> tuple[int, int]:
        """Pip counts of player 0 and player 1."""
        return self.game.pips

    def legal_plays(self) -> list[Play]:
        return self.game.legal_plays()

    def can_double(self) -> bool:
        return self.game.can_double()

    def position_id(self) -> str:
        """gnubg Position ID of the board, the player on roll encoded second."""
        return self.game.position.position_id()

    def match_key(self) -> MatchKey:
        # Jacoby only matters in money play, where we never use it (bit 66 set). In a
        # match gnubg writes its global setting, on by default (bit 66 clear): follow
        # it, so a match's IDs equal a default gnubg's bit for bit.
        return self.game.match_key(self.score, jacoby=self.rules.is_match)

    def match_id(self) -> str:
        """gnubg Match ID (see :mod:`cart.engine.matchid` for bit 66, Jacoby)."""
        return self.match_key().to_id()

    def moment(self, index: int) -> Moment:
        """The match after ``index`` actions of its record; negative counts from the end like a list.

        >>> m = Match(Rules(match_length=3))
        >>> _ = m.roll((6, 1)); _ = m.play("13/7 8/7")
        >>> x = m.moment(-1)
        >>> x.index, x.position_id, x.match_id, x.play.moves
        (2, '4NvgATDgc/ABMA', 'cAlgAAAAAAAA', ((13, 7), (8, 7)))
        >>> m.moment(0).position_id, m.moment(1).dice
        ('4HPwATDgc/ABMA', (6, 1))
        """
        n = len(self.record)
        if type(index) is not int or not -n - 1 <= index <= n:
            raise IndexError(f"a moment is 0..{n} (or -{n + 1}..-1), got {index!r}")
        return self.moments(upto=index % (n + 1))[-1]

    def moments(self, *, upto: int | None = None) -> list[Moment]:
        """Every moment of the record from the start (``len(record) + 1`` of them), or up to ``upto``.

        The record is replayed from the match's own start, set-up boards included.
        """
        actions = self.record if upto is None else self.record[:upto]
        replay = Match(self.rules, names=self.names, start=self.start)
        out = [replay._moment(0, None, None)]
        for i, action in enumerate(actions, 1):
            events = replay.apply(action)
            moved = next((e.play for e in events if isinstance(e, Moved)), None)
            out.append(replay._moment(i, action, moved))
        return out

    def _moment(self, index: int, action: Action | None, play: Play | None) -> Moment:
        game = self.game
        return Moment(
            index,
            action,
            self.game_number,
            self.score,
            self.position_id(),
            self.match_id(),
            game.dice,
            play,
            game.turn,
            game.position,
        )

    # -- actions ----------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Perform one action: the one way a match changes.

        Raises an ``EngineError`` and changes nothing when the action is illegal
        now; otherwise records it, tells the observer and returns its events.
        """
        game = self.game
        if isinstance(action, Roll):
            game._need("opening", "roll", action="roll")
            return self._commit(game.roll(action.dice), action)
        if isinstance(action, Move):
            after, events = game.play(action)
            moved = events[0]
            assert isinstance(moved, Moved)
            return self._commit((after, events), Move.of(moved.play))
        if isinstance(action, Double):
            return self._commit(game.double(), action)
        if isinstance(action, Take):
            return self._commit(game.take(), action)
        if isinstance(action, Drop):
            return self._commit(game.drop(), action)
        if isinstance(action, Forfeit):
            return self._commit(game.forfeit(action.player), action)
        if isinstance(action, Resign):
            return self._commit(game.resign(action.player, action.level), action)
        if isinstance(action, Accept):
            return self._commit(game.accept(), action)
        if isinstance(action, Decline):
            return self._commit(game.decline(), action)
        if isinstance(action, NewGame):
            return self._new_game(action)
        raise IllegalActionError(f"not an action: {action!r}")

    def draw_dice(self) -> Dice:
        """Two dice from the match's rng, for a :class:`Roll` (raises when a roll is not due).

        Checked first, so a refused roll never advances the dice generator.
        """
        self.game._need("opening", "roll", action="roll")
        if self.rng is None:
            raise IllegalActionError("this match has no dice: give it an rng or pass the dice")
        return (self.rng.randint(1, 6), self.rng.randint(1, 6))

    def roll(self, dice: Dice | None = None) -> list[Event]:
        """Roll (from the rng unless ``dice`` is given); in the standard opening, one die each."""
        dice = self.draw_dice() if dice is None else dice
        return self.apply(Roll(check_dice(dice, IllegalActionError)))

    def play(self, play: Play | str) -> list[Event]:
        """Play a ``Play`` from :meth:`legal_plays` or move text (gnubg ``8/5 6/5``, Wizard ``5,7,12,17``)."""
        return self.apply(Move.of(self.game.find(play)))

    def double(self) -> list[Event]:
        return self.apply(Double())

    def take(self) -> list[Event]:
        return self.apply(Take())

    def drop(self) -> list[Event]:
        return self.apply(Drop())

    def forfeit(self, player: int) -> list[Event]:
        """Either player may forfeit while the game is on; the opponent gets twice the cube."""
        return self.apply(Forfeit(_check_player(player)))

    def resign(self, player: int, level: int) -> list[Event]:
        """``player`` offers to resign at ``level`` (1 single, 2 gammon, 3 backgammon) x the cube."""
        return self.apply(Resign(_check_player(player), level))

    def accept(self) -> list[Event]:
        """Accept the resignation offered."""
        return self.apply(Accept())

    def decline(self) -> list[Event]:
        """Decline the resignation offered."""
        return self.apply(Decline())

    def new_game(self) -> list[Event]:
        """Start the next game once this one is over and the match is not."""
        return self.apply(NewGame())

    def _new_game(self, action: NewGame) -> list[Event]:
        if self.game.phase != "over":
            raise IllegalActionError("cannot start a new game: this one is not over")
        if self.is_match_over:
            raise IllegalActionError("cannot start a new game: the match is over")
        n = self.rules.match_length
        crawford = (
            self.rules.crawford
            and n > 0
            and not self._crawford_seen
            and max(self.score) == n - 1
            and min(self.score) < n - 1
        )
        self.game = GameState.new(self.rules, crawford=crawford)
        self._crawford_seen = self._crawford_seen or crawford
        self.game_number += 1
        events: list[Event] = [GameStarted(self.game_number, crawford)]
        self._record(action, events)
        return events

    @classmethod
    def replay(
        cls,
        rules: Rules,
        record: Sequence[Action],
        *,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
        start: GameState | None = None,
        on_commit: Observer | None = None,
    ) -> Match:
        """Rebuild a match from its record, checking every action with the engine.

        The record holds the dice, so ``rng`` only serves rolls made after the
        rebuild. A refused action raises ``RecordError`` naming its index. The
        observer is attached after the rebuild: it hears only new actions.
        """
        match = cls(rules, names=names, rng=rng, start=start)
        for i, action in enumerate(record):
            try:
                match.apply(action)
            except EngineError as exc:
                raise RecordError(f"record action {i} {action!r}: {exc}") from exc
        match.on_commit = on_commit
        return match

    def _commit(self, step: tuple[GameState, list[Event]], action: Action) -> list[Event]:
        """Install a computed step: score the game if it just ended, write the record."""
        after, events = step
        if after.phase == "over" and self.game.phase != "over":
            assert after.winner is not None
            score = list(self.score)
            score[after.winner] += after.points
            self.score = (score[0], score[1])
            if self.is_match_over:
                events = [*events, MatchOver(after.winner, self.score)]
        self.game = after
        self._record(action, events)
        return events

    def _record(self, action: Action, events: list[Event]) -> None:
        self.record.append(action)
        if self.on_commit is not None:
            self.on_commit(self, action, events)
