"""The match: a thin mutable ``Match`` around each game's immutable ``GameState``, with score and record.

A step is computed first and committed only when it succeeded, so an illegal action
changes nothing (not even the dice generator). The record holds the dice (and no passes:
a roll with no play passes at once), so :meth:`Match.replay` needs no generator.
``on_commit`` hears every committed action: that is how the store saves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from .actions import Accept, Action, Decline, Double, Drop, Forfeit, Move, NewGame, Resign, Roll, Take
from .board import Position
from .checkpoint import Checkpoint
from .errors import EngineError, IllegalActionError, PositionError, RecordError
from .events import Event, GameStarted, MatchOver, Moved, Passed
from .game import GameState, check_player
from .matchid import MatchKey
from .plays import Dice, Play, check_dice
from .rules import Rules


def _is_score(score: object, match_length: int) -> bool:
    """Two whole numbers, neither of which has already won a match to ``match_length`` (0: money)."""
    return (
        type(score) is tuple
        and len(score) == 2
        and all(type(s) is int and s >= 0 for s in score)
        and not (match_length and max(score) >= match_length)
    )


Observer = Callable[["Match", Action, list[Event]], None]
"""Told of every committed action: the match (already changed), the action and its events."""


@dataclass(frozen=True)
class Moment:
    """The match after ``index`` actions of its record (0: the start).

    ``action`` led here; ``dice`` are those showing (None when none); ``play`` the
    play the action made; ``board`` is seen from ``turn``.
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

    :meth:`roll`, :meth:`play` and the rest build an action and :meth:`apply` it.

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
        start_score: tuple[int, int] = (0, 0),
        on_commit: Observer | None = None,
    ) -> None:
        """``start`` begins the first game from a given state (tests, set-up boards), at ``start_score``.

        A set-up match or money session may begin part way through (a Match ID's
        score); both are kept, so every replay of the record starts where it did.
        """
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
        n = self.rules.match_length
        if not _is_score(start_score, n):  # a money session's score is only a tally: any will do
            raise IllegalActionError(f"a match to {n or 'no end'} cannot begin at {start_score!r}")
        self.start_score: tuple[int, int] = start_score
        """The score the match began at (a set-up match may begin part way through), else 0-0."""
        self.score: tuple[int, int] = start_score
        self.game_number = 1
        self.record: list[Action] = []
        self.on_commit: Observer | None = on_commit
        # A match set up at n-1 away outside the Crawford game is past it: none comes again.
        self._crawford_seen = self.game.crawford or (start_score != (0, 0) and max(start_score) == n - 1)
        self.last_turns: dict[int, tuple[Moved | Passed, Dice | None]] = {}
        """Each side's last roll in the game under way, played or passed, with its dice, oldest first:
        kept as the actions come, so a long record replayed from a checkpoint still has them."""

    def __repr__(self) -> str:
        return f"<Match {self.names[0]} {self.score[0]} - {self.score[1]} {self.names[1]} {self.match_id()}>"

    def restarted(self) -> Match:
        """This match as it began, with no record, dice or observer: where every replay starts."""
        return Match(self.rules, names=self.names, start=self.start, start_score=self.start_score)

    def checkpoint(self) -> Checkpoint | None:
        """Where the match stood when its current game began (None: in its first game)."""
        record, game = self.record, self.game
        at = next((i for i in range(len(record), 0, -1) if isinstance(record[i - 1], NewGame)), 0)
        if not at:
            return None
        score = list(self.score)
        if game.phase == "over" and game.winner is not None:
            score[game.winner] -= game.points
        return Checkpoint(at, (score[0], score[1]), self.game_number, game.crawford)

    @classmethod
    def from_ids(
        cls,
        position_id: str,
        match_id: str | None = None,
        *,
        on_roll: int = 0,
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        rng: random.Random | None = None,
    ) -> Match:
        """A match set up from a gnubg Position ID and, if given, Match ID (standard rules by default).

        Without a Match ID it is money play, cube centred, ``on_roll`` about to roll.
        Only a turn under way can be set up: a game over, or a double or resignation
        awaiting an answer, raises ``PositionError`` or ``IllegalActionError`` with a
        message for the player.

        >>> m = Match.from_ids("4HPwATDgc/ABMA", "cAlgAAAAAAAA")
        >>> m.rules.match_length, m.score, m.game.turn, m.game.phase, m.position_id(), m.match_id()
        (3, (0, 0), 1, 'roll', '4HPwATDgc/ABMA', 'cAlgAAAAAAAA')
        >>> money = [Match.from_ids("4HPwATDgc/ABMA", on_roll=p) for p in (0, 1)]  # no Match ID
        >>> [(m.game.turn, m.game.phase) for m in money]
        [(0, 'roll'), (1, 'roll')]
        """
        position = Position.from_position_id(position_id)
        if (
            match_id is None
        ):  # money play: ``on_roll`` has the turn too (a differing turn is a double offered)
            key = MatchKey(on_roll=check_player(on_roll), turn=on_roll)
        else:
            key = MatchKey.from_id(match_id)
        key.check_turn_to_set_up()
        if rules is None:
            rules = Rules(match_length=key.match_length)
        elif rules.match_length != key.match_length:
            raise PositionError(
                f"the Match ID is of a match to {key.match_length}, the rules are for {rules.match_length}"
            )
        dice = key.dice if key.dice != (0, 0) else None
        start = GameState.from_position(
            rules,
            position,
            turn=key.on_roll,
            dice=dice,
            cube=key.cube,
            cube_owner=key.cube_owner,
            crawford=key.crawford,
        )
        return cls(rules, names=names, rng=rng, start=start, start_score=key.score)

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
        """Every moment of the record from the match's own start (``len(record) + 1``), or up to ``upto``."""
        return list(self.each_moment(upto=upto))

    def each_moment(self, *, upto: int | None = None) -> Iterator[Moment]:
        """:meth:`moments` one at a time, as the replay reaches each: a caller in a frame replays a
        long record a slice at a time."""
        actions = self.record if upto is None else self.record[:upto]
        replay = self.restarted()
        yield replay._moment(0, None, None)
        for i, action in enumerate(actions, 1):
            events = replay.apply(action)
            moved = next((e.play for e in events if isinstance(e, Moved)), None)
            yield replay._moment(i, action, moved)

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

    def apply(self, action: Action) -> list[Event]:
        """Perform one action: the one way a match changes.

        An illegal action raises an ``EngineError`` and changes nothing; else it is
        recorded, the observer told and its events returned.
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
        """Two dice from the match's rng for a :class:`Roll`; a refused roll never advances it."""
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
        return self.apply(Forfeit(check_player(player)))

    def resign(self, player: int, level: int) -> list[Event]:
        """``player`` offers to resign at ``level`` (1 single, 2 gammon, 3 backgammon) x the cube."""
        return self.apply(Resign(check_player(player), level))

    def accept(self) -> list[Event]:
        return self.apply(Accept())

    def decline(self) -> list[Event]:
        return self.apply(Decline())

    def new_game(self) -> list[Event]:
        """Start the next game once this one is over and the match is not."""
        return self.apply(NewGame())

    def _new_game(self, action: NewGame) -> list[Event]:
        if self.game.phase != "over":
            raise IllegalActionError("cannot start a new game: this one is not over")
        if self.is_match_over:
            raise IllegalActionError("cannot start a new game: the match is over")
        self.last_turns = {}
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
        start_score: tuple[int, int] = (0, 0),
        on_commit: Observer | None = None,
        resume: Checkpoint | None = None,
    ) -> Match:
        """Rebuild a match from its record, checking every action with the engine.

        The record holds the dice, so ``rng`` only serves rolls made after the
        rebuild. A refused action raises ``RecordError`` naming its index. The
        observer is attached after the rebuild: it hears only new actions.
        ``resume`` trusts the record up to a checkpoint its keeper checked and replays the rest.
        """
        match = cls(rules, names=names, rng=rng, start=start, start_score=start_score)
        at = 0 if resume is None else match._resume(resume, record)
        for i, action in enumerate(record[at:], at):
            try:
                match.apply(action)
            except EngineError as exc:
                raise RecordError(f"record action {i} {action!r}: {exc}") from exc
        match.on_commit = on_commit
        return match

    def _resume(self, point: Checkpoint, record: Sequence[Action]) -> int:
        """Set this new match where ``point`` says, its record up to it; raises ``RecordError``."""
        at, score, n = point.at, point.score, self.rules.match_length
        if not (
            0 < at <= len(record)
            and isinstance(record[at - 1], NewGame)
            and _is_score(score, n)
            and type(point.game_number) is int
            and 2 <= point.game_number <= at
            and type(point.crawford) is bool
            and (not point.crawford or (self.rules.crawford and max(score) == n - 1 > min(score)))
        ):
            raise RecordError(f"no match stands between two games as {point} says")
        self.record = list(record[:at])
        self.score, self.game_number = score, point.game_number
        self.game = GameState.new(self.rules, crawford=point.crawford)
        # Past the Crawford game once a player is one point away: it came at once, or it is this game.
        self._crawford_seen = point.crawford or bool(n and max(score) == n - 1)
        return at

    def _commit(self, step: tuple[GameState, list[Event]], action: Action) -> list[Event]:
        """Install a computed step: score the game if it just ended, write the record."""
        after, events = step
        for e in events:
            if isinstance(e, (Moved, Passed)):  # a new dict: a shallow copy of the match keeps its own
                turns = {p: t for p, t in self.last_turns.items() if p != e.player}
                turns[e.player] = (e, e.dice if isinstance(e, Passed) else self.game.dice)
                self.last_turns = turns
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
