"""One game: an immutable ``GameState``, and each action a pure step ``GameState -> (new state, events)``.

A step is computed in full before anything is committed, so an illegal action
raises and changes nothing; :class:`~cart.engine.match.Match` commits steps and
keeps the score and the record.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from .actions import RESIGN_LEVELS, Move
from .board import BAR, OFF, Position
from .errors import IllegalActionError, IllegalPlayError
from .events import (
    AutoDoubled,
    Doubled,
    Dropped,
    EndKind,
    Event,
    Forfeited,
    GameOver,
    Moved,
    OpeningRoll,
    Passed,
    ResignAccepted,
    ResignDeclined,
    ResignOffered,
    Rolled,
    Taken,
)
from .matchid import GAME_DROP, GAME_OVER, GAME_PLAYING, GAME_RESIGNED, MAX_SCORE, MatchKey
from .notation import find_play, format_play, parse_play
from .partial import PartialPlay
from .plays import Dice, Play, check_dice, format_roll, legal_plays, play_steps
from .rules import Rules

Phase = Literal["opening", "roll", "doubled", "move", "resigned", "over"]


def game_value(result: Position) -> tuple[int, EndKind]:
    """Value and name of a game ended by bearing off; ``result`` has the loser on roll.

    Backgammon: the loser has none off and a checker on the bar or in the winner's home.
    """
    loser = result.mine
    if loser[OFF]:
        return 1, "single"
    if loser[BAR] or any(loser[19:25]):
        return 3, "backgammon"
    return 2, "gammon"


def check_player(player: object) -> int:
    if type(player) is not int or player not in (0, 1):
        raise IllegalActionError(f"players are 0 and 1, got {player!r}")
    return player


# -- one game -----------------------------------------------------------------
@dataclass(frozen=True)
class GameState:
    """One game at one moment; every step returns a new state and the events it caused.

    ``position`` is seen from ``turn``, who holds or will roll the dice; a pending
    double's answer is the :attr:`actor`'s. ``phase``: ``"opening"`` (``dice``: the
    last tie, if any), ``"roll"``, ``"doubled"``, ``"move"`` or ``"over"`` (``winner``
    scored ``points``, ``result`` says how).

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
        """A game under way (tests, set-up boards) seen from ``turn``; with ``dice`` a play is due."""
        turn = check_player(turn)
        if cube_owner is not None:
            check_player(cube_owner)
        if position.is_over():
            raise IllegalActionError(f"the game in position {position.position_id()} is already over")
        if cube < 1 or cube > rules.max_cube or cube & (cube - 1):
            raise IllegalActionError(f"cube must be a power of two up to {rules.max_cube}, got {cube!r}")
        plays: tuple[Play, ...] = ()
        if dice is not None:
            dice = check_dice(dice, IllegalActionError)
            plays = tuple(legal_plays(position, dice))
            if not plays:
                raise IllegalActionError(f"{format_roll(dice)} cannot be played in {position.position_id()}")
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
        return format_roll(self.dice) if self.dice else "dice"

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
        """A tie rolls again, turning the cube while automatic doubles remain."""
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
        """Forfeit gives the opponent the game at twice its current value."""
        player = check_player(player)
        if self.phase == "over":
            raise IllegalActionError("cannot forfeit: the game is over")
        after = self._over(1 - player, 2 * self.cube, "forfeit")
        return after, [Forfeited(player), GameOver(1 - player, after.points, "forfeit")]

    def resign(self, player: int, level: int) -> tuple[GameState, list[Event]]:
        """``player`` offers to resign at ``level`` (1 single, 2 gammon, 3 backgammon) x the cube.

        Allowed before or after the roll, not while a double or another offer awaits its answer.
        """
        player = check_player(player)
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
