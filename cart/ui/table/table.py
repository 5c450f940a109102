"""The table without Pyxel: the match, its store session, the play being made by hand, the message log.

:class:`Table` takes intents and returns the engine's events and :class:`Sound`
notes, saying each event in words, so tests drive it directly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cart.engine import (
    Action,
    Dice,
    Double,
    EngineError,
    Event,
    GameStarted,
    GameState,
    Match,
    Move,
    Moved,
    OpeningRoll,
    PartialPlay,
    Passed,
    Roll,
    Rolled,
)
from cart.phrasebook import said, seen_from
from cart.store import GameOptions, StoreError
from cart.ui.board.view_state import Colour, Hints, Player, SeatDice, players_of
from cart.ui.table.words import MessageLog, last_rolls

if TYPE_CHECKING:
    from cart.ai import Hint
    from cart.store import GameSession, Store
    from cart.ui.table.sounds import Effect


ROLL = Roll((1, 1))
"""A person's roll as the tutor sees it, before its dice are drawn (only whether to roll is judged)."""


@dataclass(frozen=True)
class Sound:
    """A sound for something with no engine event: a man picked up or put down by hand."""

    name: Effect


Outcome = list[Event | Sound]
"""What an intent did: the engine's events, in order, and sounds of the hand."""

TICKS = {"pips": True, "auto_confirm": False}
"""The table's ticks in the Options menu, kept for the session only (``Prefs.ticks``), as they start."""


class Table:
    """One match at the table: who sits where, the turn being made by hand, what was said.

    ``bots``: each computer's seat and level; ``store`` is read for ratings; the session saves.
    """

    @classmethod
    def of(
        cls,
        options: GameOptions,
        other_colour: Colour,
        match: Match,
        *,
        session: GameSession | None = None,
        store: Store | None = None,
    ) -> Table:
        """A game as the store's options say (its hint arrows included), saved or not.

        With ``session`` (and ``store``) the game is saved and its players' ratings shown.
        """
        level = options.level
        levels: dict[int, str] = {}
        if level is not None and options.both:
            levels = {0: level, 1: level}
        elif level is not None and options.computer is not None:
            levels = {options.computer: level}
        players = players_of(options, other_colour, None)
        viewer = 1 if options.both or 1 not in levels else 0
        table = cls(match, players, levels, session=session, store=store, options=options, viewer=viewer)
        if session is not None:
            table.rated()
        return table

    def rated(self) -> None:
        """Show each seat's rating as the store has it now (a saved game; after each game too)."""
        if self.session is not None:
            self.players = players_of(self.session.game.options, self.colour, self.ratings())

    def __init__(
        self,
        match: Match,
        players: tuple[Player, Player],
        bots: dict[int, str],
        *,
        session: GameSession | None = None,
        store: Store | None = None,
        options: GameOptions | None = None,
        viewer: int = 0,
    ) -> None:
        self.match = match
        self.options = options or GameOptions()  # what the next match at this table is played with
        self.players = players
        self.bots = bots
        self.colour: Colour = players[0].colour  # the other side's (seat 0): Red is seat 1
        self.session: GameSession | None = session
        self.store = store
        self.hints = self.options.hints  # this game's hint arrows (the Create form's box)
        self.hint: Hints | None = None  # the computer's advice, shown as arrows
        self.log = MessageLog()
        self.marks: tuple[int, tuple[tuple[int, int], ...]] | None = None  # the last play: player, moves
        self.seat_dice: SeatDice | None = None  # the last roll played or passed, shown till the next roll
        self._play_said = ""  # the strip's words for that roll, kept over the next player's roll
        self.part: PartialPlay | None = None
        self.placed: list[int] = []  # steps made before each man put down: what Undo goes back to
        self._part_for: GameState | None = None
        self.lifted_from: int | None = None  # the point (mover's numbering) of the man in the hand
        self._viewer = viewer
        self.mover_numbers = True  # plays said in their mover's numbers (Settings.mover_numbers)
        self._told = ""
        self.untold: list[Event] = []  # what a play being shown did, said once it has been (:meth:`tell`)
        self._untold_dice: Dice | None = None  # the roll it was made with
        self.sync()
        if session is not None:  # a resumed game says each side's last roll, marks the last play
            for event, dice in last_rolls(match):
                self.note([event], dice)

    # -- who sees what -------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [seat for seat in (0, 1) if seat not in self.bots]

    @property
    def viewer(self) -> int:
        """The seat at the bottom: the one human, or in a two-player game the last to act."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else self._viewer

    @property
    def numbering(self) -> int | None:
        """Whose numbers a play is said in: the viewer's board's, or None for each mover's own."""
        return None if self.mover_numbers else self.viewer

    @property
    def message(self) -> str:
        return self.log.latest

    def mine(self) -> bool:
        """A person is to act now (not while a play is still being shown)."""
        game = self.match.game
        return not self.untold and game.phase != "over" and game.actor not in self.bots

    def sync(self) -> None:
        """Follow the match: the viewer of a two-player game, a fresh partial play for a new roll."""
        game = self.match.game
        if len(self.humans) == 2 and game.phase not in ("opening", "over"):
            self._viewer = game.actor
        if self._part_for is not game:
            self._part_for = game
            self.lifted_from = None
            human_move = game.phase == "move" and game.actor not in self.bots and game.dice is not None
            self.part = game.partial() if human_move else None
            self.placed = []

    def partial(self) -> PartialPlay | None:
        """The turn being made by hand (None unless a person is to move now)."""
        return self.part if self._part_for is self.match.game else None

    # -- intents -------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.log.say(text)

    def act(self, action: Action | Callable[[], Action], *, shown_later: bool = False) -> Outcome:
        """Apply an action (or a function making it: a roll draws dice); a refusal is said, nothing changes.

        ``shown_later``: a play shown man by man, said by :meth:`tell` once shown.
        """
        dice = self.match.game.dice  # the roll a play is made with: the events do not repeat it
        try:
            events = self.match.apply(action if isinstance(action, Action) else action())
        except EngineError as exc:
            self.say(str(exc))
            return []
        self.hint = None
        if shown_later:
            self.untold, self._untold_dice = list(events), dice
        else:
            self.note(events, dice)
        self.sync()
        return list(events)

    def tell(self) -> Outcome:
        """Say what the play just shown did (held back by ``act(shown_later=True)``); returns it."""
        events, self.untold = self.untold, []
        self.note(events, self._untold_dice)
        return list(events)

    def problem(self) -> str | None:
        """A store problem not shown in a box yet (each once); the strip says it after every action."""
        problem = self.session.problem if self.session is not None else None
        if problem:
            self.say(f"Not saved: {problem}")
            if problem != self._told:
                self._told = problem
                return problem
        return None

    # A person's roll, double and play are asked for first (``may_roll``, ``double_offered``,
    # ``play_made``: the action, or None with the reason said), so the play scene's tutor sees them
    # before the table applies them; ``roll``, ``double`` and ``confirm`` ask and apply at once.
    def may_roll(self) -> bool:
        if self.match.game.phase not in ("opening", "roll"):
            self.say("the dice are already rolled")
            return False
        return True

    def roll(self) -> Outcome:
        return self.act(lambda: Roll(self.match.draw_dice())) if self.may_roll() else []

    def double_offered(self) -> Double | None:
        why = self.match.game.why_no_double()
        if why is not None:
            self.say(why)
            return None
        return Double()

    def double(self) -> Outcome:
        offer = self.double_offered()
        return self.act(offer) if offer is not None else []

    def play_made(self) -> Move | None:
        part = self.partial()
        if part is None:
            return None
        play = part.play()
        if play is None:
            self.say(f"play all your dice first ({'-'.join(map(str, part.dice_left))} left)")
            return None
        return Move.of(play)

    def confirm(self) -> Outcome:
        play = self.play_made()
        return self.act(play) if play is not None else []

    def undo(self, *, whole: bool = False) -> None:
        """Take back the last man put down (or, ``whole``, the turn so far).

        One gesture, 24 to 15 with 3-3, is three engine steps but one move to the player: Undo takes it all.
        """
        part = self.partial()
        if part is None or not part.steps:
            self.say("nothing to undo")
            return
        if whole:
            self.part, self.placed = part.restart(), []
        else:
            # one man put down is one undo, however many dice its way took (a drag 24/15 with 3-3)
            keep = self.placed.pop() if self.placed else len(part.steps) - 1
            self.part = part.with_steps(part.steps[:keep])
        self.lifted_from = None
        self.log.clear()  # as a man put down clears it: a refusal of the board before ("all played") is stale

    def place(self, point: int | None) -> Outcome:
        """SELECT on a place (mover's numbering; None: not theirs): pick up, put down, or why not."""
        part = self.partial()
        game = self.match.game
        if part is None:
            self.say("roll the dice first" if game.phase in ("opening", "roll") else "wait")
            return []
        src = self.lifted_from
        if src is None:
            if point is None or point == 0:
                self.say("pick up one of your own men")
            elif point in part.sources():
                self.lifted_from = point
                self.hint = None
                return [Sound("click")]
            else:
                self.say(part.why_not(point, point))
            return []
        if point == src:
            self.lifted_from = None  # put back where it was
        elif point is not None and point in part.targets(src):
            self.part = part.move(src, point)
            self.placed.append(len(part.steps))
            self.lifted_from = None
            self.hint = None
            self.log.clear()
            hit = any(step.hit for step in self.part.steps[len(part.steps) :])
            return [Sound("hit" if hit else "bear_off" if point == 0 else "click")]
        elif point is not None and point != 0 and point in part.sources():
            self.lifted_from = point
        else:
            self.say(part.why_not(src, point if point is not None else -1))
        return []

    def drop(self, point: int | None) -> Outcome:
        """The man in the hand let go over ``point`` at the end of a drag: put down there, or put back.

        Over its own point it stays in the hand: that was a click.
        """
        part = self.partial()
        src = self.lifted_from
        if part is None or src is None or point == src:
            return []
        if point is not None and point in part.targets(src):
            return self.place(point)
        self.lifted_from = None
        if point is not None:
            self.say(part.why_not(src, point))
        return []

    def show_hint(self, advice: Hint) -> None:
        """The computer's advice for the person to act: arrows from and to (the turn restarts), or words."""
        if advice.play is None:
            self.say(f"hint: {advice.cube.action if advice.cube is not None else advice.kind}")
            return
        self.part = self.part.restart() if self.part is not None else None
        self.placed = []
        self.lifted_from = None
        turn = self.match.game.turn
        self.hint = arrows(turn, advice.play.moves)
        self.say(f"hint: {seen_from(advice.text, turn, self.numbering)}")  # as plays are said

    # -- words -------------------------------------------------------------------------------
    def note(self, events: list[Event], dice: Dice | None = None) -> None:
        """Say each event in the phrasebook's short words and mark each play (the viewer first follows
        the match); ``dice``: the roll a play among them was made with. A roll played or passed stays
        in its seat and in the strip until the next roll, so the next to roll reads what it did."""
        names = [p.name for p in self.players]
        if len(self.humans) == 2 and self.match.game.phase not in ("opening", "over"):
            self._viewer = self.match.game.actor
        for e in events:
            if isinstance(e, Rolled):
                told = self.seat_dice is not None and self.seat_dice[0] != e.player
                if not (told and self.log.latest == self._play_said):
                    self.log.clear()
                self.seat_dice = None
            elif isinstance(e, OpeningRoll):
                self.seat_dice = None
            elif isinstance(e, Moved):
                self.marks = (e.player, e.play.moves)
            elif isinstance(e, GameStarted):
                self.marks = self.seat_dice = None
            words = said(e, names, short=True, viewer=self.numbering, dice=dice)
            if words:
                self.say(words)
            if isinstance(e, (Moved, Passed)):
                self._play_said = self.log.latest
                played_with = e.dice if isinstance(e, Passed) else dice
                self.seat_dice = (e.player, played_with) if played_with is not None else None

    def ratings(self) -> tuple[int, int] | None:
        """Each seat's rating (its player's, or its computer level's own), when the game is saved."""
        if self.session is None or self.store is None:
            return None
        opts = self.session.game.options
        try:
            r = [self.store.ratings.get(opts.player_id(seat)).rating for seat in (0, 1)]
        except StoreError:
            return None
        return (round(r[0]), round(r[1]))


def arrows(player: int, moves: Sequence[tuple[int, int]]) -> Hints:
    """A play as the hint arrows show it: yellow where men leave, red where they land, as the play is
    written ("13/3(2)": 13 and 3), never at a stop on the way (8 there), which is neither.

    >>> arrows(1, ((24, 21), (21, 16), (6, 5)))
    Hints(player=1, sources=frozenset({24, 6}), targets=frozenset({16, 5}))
    """
    net = Counter(s for s, _ in moves)
    net.subtract(d for _, d in moves)
    leave = frozenset(p for p, n in net.items() if n > 0)
    return Hints(player, leave, frozenset(p for p, n in net.items() if n < 0))
