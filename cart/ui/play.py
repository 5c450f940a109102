"""The Play scene: one game (or match) at the table, people and the computer acting through the engine.

Each frame is a recipe of named steps: take the pointer, let the computer
think for the time the frame has left (:mod:`cart.ui.thinking`; already while
its dice tumble, since they are known), run an animation if one is going, or
turn the player's intents into engine calls. The
engine answers with a new state and events; events become sounds, messages and
animations here. Where a picked man may go is asked of
:class:`~cart.engine.partial.PartialPlay`, never worked out in the UI, and an
illegal click leaves everything as it was and says why.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pyxel

from cart.ai import Bot, Hint, think_action, think_hint
from cart.engine import (
    Action,
    AutoDoubled,
    Double,
    Doubled,
    Drop,
    Dropped,
    EngineError,
    Event,
    Forfeit,
    Forfeited,
    GameOver,
    GameStarted,
    GameState,
    Match,
    MatchOver,
    Move,
    Moved,
    NewGame,
    OpeningRoll,
    PartialPlay,
    Passed,
    Position,
    Roll,
    Rolled,
    Step,
    Take,
    Taken,
    boards,
    dice_list,
)
from cart.store import MatError, StoreError, export_mat
from cart.store.names import entry_stem

from . import layout as L
from . import palette as wimp
from .board_view import MESSAGE_COLS, MESSAGE_ROWS, Hints, Lifted, Player, ViewState, hourglass
from .geom import Rect
from .intents import Command, Intent, OpenMenu, Pointer, Select
from .messages import MessageLog, last_moved, seen_from, verb, wrap_lines
from .options import GameSetup
from .saves import export_path, free_name, players_of
from .scenes import Choice, Dialog, Entry, MenuScene, Scene
from .thinking import Thinker
from .tips import TOOLTIP_DELAY, tip_box, tip_text

if TYPE_CHECKING:
    from cart.store import GameSession

    from .app import App

__all__ = ["CheckerRun", "PlayScene"]

HINT_LEVEL = "expert"
ATTRACT_PAUSE = 45  # frames between attract-mode games
PASS_PAUSE = 20  # frames a pass message stays before the game goes on
MESSAGES_WIDTH = 60  # characters a line in the Messages box
MESSAGES_LINES = 20


@dataclass
class CheckerRun:
    """A play shown man by man from the engine's steps, then ``then`` commits it.

    ``boards`` are the board before each step and the final one, ``dice_left``
    the dice still to play at each of them, both made from the steps by
    :meth:`of`, so the animation shows exactly the dice and hits the engine says.
    """

    player: int
    boards: list[Position]  # before each step, and the final board
    moves: list[tuple[int, int]]
    dice_left: list[tuple[int, ...]]
    frames: int
    then: Callable[[], object]
    i: int = 0
    t: int = 0

    @classmethod
    def of(
        cls,
        player: int,
        before: Position,
        dice: tuple[int, int],
        steps: tuple[Step, ...],
        frames: int,
        then: Callable[[], object],
    ) -> CheckerRun:
        """The run of ``steps`` (a play of ``dice`` from ``before``, from the engine) by ``player``."""
        left = list(dice_list(dice))
        lefts = [tuple(left)]
        for step in steps:
            left.remove(step.die)
            lefts.append(tuple(left))
        moves = [(step.src, step.dst) for step in steps]
        return cls(player, [before, *boards(before, steps)], moves, lefts, frames, then)

    @property
    def done(self) -> bool:
        return self.i >= len(self.moves)

    def tick(self) -> bool:
        """Advance one frame; True when the last step has landed (``then`` has run)."""
        self.t += 1
        if self.t >= self.frames:
            self.t = 0
            self.i += 1
            if self.done:
                self.then()
                return True
        return False

    @property
    def board(self) -> Position:
        return self.boards[min(self.i, len(self.boards) - 1)]

    def lifted(self, viewer: int) -> Lifted | None:
        if self.done:
            return None
        src, dst = self.moves[self.i]
        board = self.boards[self.i]
        mine = board.mine
        a = L.slot_rect(
            L.Spot(self.player, src), min(mine[src], L.place_count_cap(L.Spot(self.player, src))) - 1, viewer
        )
        cap = L.place_count_cap(L.Spot(self.player, dst))
        b = L.slot_rect(L.Spot(self.player, dst), min(mine[dst], cap - 1), viewer)
        f = (self.t + 1) / self.frames
        (ax, ay), (bx, by) = a.center, b.center
        return Lifted(self.player, src, round(ax + (bx - ax) * f), round(ay + (by - ay) * f))


class PlayScene(Scene):
    """The board screen of seed 000, playing one match; ``attract`` runs computer against computer quietly.

    With ``session`` (a store's :class:`~cart.store.GameSession`, observing
    the match) each action is saved and each result rated as it is applied;
    the scene applies every action to the plain :class:`Match` either way.
    """

    def __init__(
        self,
        app: App,
        setup: GameSetup,
        *,
        attract: bool = False,
        match: Match | None = None,
        session: GameSession | None = None,
    ) -> None:
        super().__init__(app)
        self.setup = setup
        self.attract = attract
        self.session = session
        if session is not None:
            opts = session.game.options
            self.levels = {opts.computer: opts.level} if opts.computer is not None and opts.level else {}
            self.players: tuple[Player, Player] = players_of(opts, setup.other_colour, self.ratings())
            self.match = session.match
        else:
            draw = random.Random(app.rng.getrandbits(32))
            state = draw.getstate()
            self.levels = setup.levels(draw)
            draw.setstate(state)
            self.players = setup.seats(draw)
            names = (self.players[0].name, self.players[1].name)
            self.match = match or Match(
                setup.rules(), names=names, rng=random.Random(app.rng.getrandbits(64))
            )
        # The computer's seats and levels; a Bot (and the weights it reads) is made when it first
        # thinks, so the first frame never waits for the weights (the browser reads them slowly).
        self.bots: dict[int, str] = dict(self.levels)
        self._bots: dict[int, Bot] = {}
        self.hint_bot: Bot | None = None
        self.part: PartialPlay | None = None
        self._part_for: GameState | None = None
        self.lifted_from: int | None = None
        self.pointer = (0, 0)
        self.log = MessageLog()
        # Hint arrows are the game's own (seed 000's Create box): a saved game keeps its choice, a new
        # one takes the player's default; the menu ticks this game's, never the default.
        self.hints = session.game.options.hints if session is not None else app.options.hints
        self.hint: Hints | None = None
        self.thinker: Thinker | None = None
        self.run: CheckerRun | None = None
        self.dice_frames = 0
        self.pause = 0
        self.marks: tuple[int, tuple[tuple[int, int], ...]] | None = None  # the last play: player, moves
        self._told = ""  # the store problem last shown in a box (each is shown once)
        self.hover: tuple[object, int] = (None, 0)
        self._acted = 0  # the record's length when the hover last started counting
        self._asked: GameState | None = None  # the state a take/drop or game-over dialog was shown for
        self.tumble = random.Random(0)  # faces of tumbling dice: looks only, never the game's dice
        self._viewer = 1 if attract or 1 not in self.bots else 0
        if session is not None:
            self._resumed()

    def _resumed(self) -> None:
        """A resumed game marks and says its last play, as if it had just been made."""
        last = last_moved(self.match)
        if last is not None:
            self.marks = (last.player, last.play.moves)
            self.say(self._played(last))

    @property
    def message(self) -> str:
        """The latest message (what the strip shows, scrolled if long)."""
        return self.log.latest

    def ratings(self) -> tuple[int, int] | None:
        """Each seat's rating (its player's, or its computer level's own), when the game is saved."""
        store = self.app.store
        if self.session is None or store is None:
            return None
        opts = self.session.game.options
        try:
            r = [store.ratings.get(opts.player_id(seat)).rating for seat in (0, 1)]
        except StoreError:
            return None
        return (round(r[0]), round(r[1]))

    # -- who sees what -------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [seat for seat in (0, 1) if seat not in self.bots]

    @property
    def viewer(self) -> int:
        """The seat at the bottom: the one human, or in a two-player game the player who must act."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if len(humans) == 2:
            game = self.match.game
            if game.phase not in ("opening", "over"):
                self._viewer = game.actor
        return self._viewer

    def partial(self) -> PartialPlay | None:
        """The turn being made by hand (None unless a person is to move now)."""
        game = self.match.game
        if game.phase != "move" or game.actor in self.bots or game.dice is None:
            return None
        if self._part_for is not game:
            self.part = game.partial()
            self._part_for = game
            self.lifted_from = None
        return self.part

    def view(self) -> tuple[GameState, ViewState]:
        """What :meth:`draw` paints: the game (dice tumbling, perhaps) and the view state."""
        game = self.match.game
        board = None
        dice_left = None
        lifted = None
        hints = None
        part = self.partial()
        if self.run is not None:
            board = self.run.board
            dice_left = self.run.dice_left[min(self.run.i, len(self.run.dice_left) - 1)]
            lifted = self.run.lifted(self.viewer)
        elif part is not None:
            board = part.position if part.steps else None
            dice_left = part.dice_left
            if self.lifted_from is not None:
                lifted = Lifted(game.turn, self.lifted_from, *self.pointer)
                if self.hints:
                    hints = Hints(game.turn, frozenset({self.lifted_from}), part.targets(self.lifted_from))
            elif self.hints and not self.attract:
                hints = Hints(game.turn, part.sources())
        if self.hint is not None:
            hints = self.hint
        shown = game
        if self.dice_frames and game.dice is not None:
            shown = replace(game, dice=(self.tumble.randint(1, 6), self.tumble.randint(1, 6)))
            dice_left = None
        view = ViewState(
            self.viewer,
            self.players,
            board=board,
            dice_left=dice_left,
            hints=hints,
            lifted=lifted,
            message=self.message,
            message_first=self.log.first_line(MESSAGE_COLS, MESSAGE_ROWS),
            show_pips=self.app.options.pips,
            thinking=self.thinker.player if self.busy and self.thinker is not None else None,
        )
        return shown, view

    def stops(self) -> list[tuple[int, int]]:
        spots = [L.point_rect(p).center for p in range(1, 25)]
        controls = [L.DICE_BOX.center, L.ROLL_BOX.center, L.YOUR_BIN.center, L.THEIR_BIN.center]
        cube = L.cube_rect(self.match.game.cube_owner, self.viewer) if self.match.rules.uses_cube else None
        return spots + controls + ([cube.center] if cube else [])

    # -- the frame ---------------------------------------------------------------------------
    def update(self, intents: list[Intent]) -> None:
        self.log.tick()
        if len(self.match.record) != self._acted or any(not isinstance(i, Pointer) for i in intents):
            self._acted = len(self.match.record)
            self.hover = (None, 0)  # any action hides the tip; it shows again after a new pause
        for intent in intents:
            if isinstance(intent, Pointer):
                self._hover(intent.x, intent.y)
            elif isinstance(intent, OpenMenu) and not self.attract:
                self.open_menu(intent.x, intent.y)
                return
        game = self.match.game
        if self.thinker is not None and self.thinker.state is not game:
            self.thinker = None  # it thought about a moment that is gone (a forfeit from the menu, say)
        if self._may_think(game):
            self._computer(game)
        if self._animate():
            return
        if game.phase == "over":
            self._game_over(game)
            return
        if game.actor in self.bots:
            return
        if self.thinker is not None and self.thinker.step(self.app.clock):
            self.thinker = None
        self._human(game, intents)

    def _may_think(self, game: GameState) -> bool:
        """The computer is to act and may think now: also while its dice tumble, never under a pause.

        While its play is shown man by man the game has not moved yet, so it
        must not think again; a pass or the end of a game holds it too. Nothing
        is thought before the first frame is drawn: the computer's first thought
        reads the weights, which the browser takes a while to do.
        """
        if not self.app.clock.frames:
            return False
        if game.phase == "over" or game.actor not in self.bots or self.run is not None or self.pause:
            return False
        return not self.dice_frames or game.phase == "move"

    @property
    def busy(self) -> bool:  # type: ignore[override]
        """Thinking for more than the frame it began in: the hourglass shows."""
        return not self.attract and self.thinker is not None and self.thinker.frames > 0

    def _hover(self, x: int, y: int) -> None:
        self.pointer = (x, y)
        game, view = self.view()
        what = self.app.board.hit(x, y, game, view)
        key = (
            what
            if isinstance(what, str)
            else ("bar" if what.point == 25 else "bin" if what.point == 0 else "point")
            if what
            else None
        )
        self.hover = (key, self.hover[1] + 1 if key == self.hover[0] else 0)

    def _animate(self) -> bool:
        """Run the dice and checker animations and pauses; True while one holds the game."""
        if self.dice_frames:
            self.dice_frames -= 1
            return True
        if self.run is not None:
            if self.run.tick():
                self.run = None
            return True
        if self.pause:
            self.pause -= 1
            return True
        return False

    # -- the computer ----------------------------------------------------------------------------
    def _computer(self, game: GameState) -> None:
        """A slice of the computer's turn (:func:`cart.ai.think_action`); its action is applied when found."""
        if self.thinker is None:
            bot = self._bot(game.actor)
            self.thinker = Thinker(think_action(bot, self.match), self._computer_act, game, game.actor)
        if self.thinker.step(self.app.clock):
            self.thinker = None

    def _bot(self, seat: int) -> Bot:
        """The computer at ``seat``, made on its first turn (reading the weights then, not at start)."""
        if seat not in self._bots:
            self._bots[seat] = Bot(self.bots[seat], seed=seat)
        return self._bots[seat]

    def _computer_act(self, action: Action) -> None:
        if isinstance(action, Move):
            self.animate_play(action)
        else:
            self.act(action)

    def animate_play(self, move: Move) -> None:
        """Show ``move`` man by man at the speed setting, then apply it.

        The steps shown, each with its die and hit, are the ``Moved`` event's
        that the engine's pure step for the move gives (the match is changed
        only by ``commit``), so showing them decides no rule. A move the
        engine refuses is said at once, as when it is applied.
        """
        game = self.match.game
        frames = self.app.options.step_frames
        commit = lambda: self.act(move)  # noqa: E731
        if not frames or game.dice is None:
            commit()
            return
        try:
            _, events = game.play(move)  # what applying it will do; nothing changes yet
        except EngineError as exc:
            self.say(str(exc))
            return
        moved = next(e for e in events if isinstance(e, Moved))
        assert moved.before is not None
        self.run = CheckerRun.of(moved.player, moved.before, game.dice, moved.steps, frames, commit)

    # -- people -------------------------------------------------------------------------------------
    def _human(self, game: GameState, intents: list[Intent]) -> None:
        if game.phase == "doubled" and self._asked is not game:
            self._asked = game
            self._ask_take(game)
            return
        for intent in intents:
            if isinstance(intent, Select):
                self.click(intent.x, intent.y)
            elif isinstance(intent, Command):
                self.command(intent.name)
            if self.match.game is not game:
                return  # the engine moved on: the rest of this frame's input was for the old state

    def command(self, name: str) -> None:
        """A named action from the keyboard, the gamepad or a menu."""
        game = self.match.game
        if game.phase == "over" or game.actor in self.bots:
            return
        if name == "roll" or (name == "confirm" and game.phase in ("opening", "roll")):
            self.roll()
        elif name == "confirm":
            self.confirm()
        elif name == "double":
            self.double()
        elif name == "undo":
            self.undo()
        elif name == "undo_turn":
            self.undo(whole=True)
        elif name == "hint":
            self.ask_hint()
        elif name == "type_move":
            self.type_move()
        elif name == "cancel":
            self.lifted_from = None

    def click(self, x: int, y: int) -> None:
        """SELECT at (x, y): roll, double, confirm, pick up or put down, or say why not."""
        game, view = self.view()
        game = self.match.game
        what = self.app.board.hit(x, y, game, view)
        if what == "dice_box":
            if game.phase in ("opening", "roll"):
                self.roll()
            else:
                self.say("the dice are rolled: move, then click your roll to confirm")
        elif what == "roll":
            if game.phase == "move":
                self.confirm()
            else:
                self.say("roll first: click the dice to roll")
        elif what == "cube":
            self.double()
        elif isinstance(what, L.Spot):
            self.place(what)
        elif self.lifted_from is not None:
            self.say("put the man down on a point with a red arrow")

    def place(self, spot: L.Spot) -> None:
        part = self.partial()
        game = self.match.game
        if part is None:
            self.say("roll first: click the dice to roll" if game.phase in ("opening", "roll") else "wait")
            return
        point = spot.seen_by(game.turn)
        if self.lifted_from is None:
            if point is None or point == 0:
                self.say("pick up one of your own men")
            elif point in part.sources():
                self.lifted_from = point
                self.hint = None
                self.app.sounds.play("click")
            else:
                self.say(part.why_not(point, point))
            return
        src = self.lifted_from
        if point == src:
            self.lifted_from = None  # put back where it was
        elif point is not None and point in part.targets(src):
            self.part = part.move(src, point)
            self.lifted_from = None
            self.hint = None
            self.log.clear()
            hit = any(step.hit for step in self.part.steps[len(part.steps) :])
            self.app.sounds.play("hit" if hit else "bear_off" if point == 0 else "click")
            if self.part.is_complete and self.app.options.auto_confirm:
                self.confirm()
        elif point is not None and point != 0 and point in part.sources():
            self.lifted_from = point
        else:
            self.say(part.why_not(src, point if point is not None else -1))

    def say(self, text: str) -> None:
        self.log.say(text)

    def roll(self) -> None:
        game = self.match.game
        if game.phase not in ("opening", "roll"):
            self.say("the dice are already rolled")
            return
        self.hint = None
        self.act(lambda: Roll(self.match.draw_dice()))

    def double(self) -> None:
        game = self.match.game
        why = game.why_no_double()
        if why is not None:
            self.say(why)
            return
        self.act(Double())

    def confirm(self) -> None:
        part = self.partial()
        if part is None:
            return
        play = part.play()
        if play is None:
            left = "-".join(map(str, part.dice_left))
            self.say(f"play all your dice first ({left} left)")
            return
        self.lifted_from = None
        self.hint = None
        self.act(Move.of(play))

    def undo(self, *, whole: bool = False) -> None:
        part = self.partial()
        if part is None or not part.steps:
            self.say("nothing to undo")
            return
        self.part = part.restart() if whole else part.undo()
        self.lifted_from = None

    def ask_hint(self) -> None:
        """The computer's choice for the player now (:func:`cart.ai.think_hint`): arrows or words."""
        game = self.match.game
        if self.hint_bot is None:
            self.hint_bot = Bot(HINT_LEVEL)
        self.say("thinking...")

        def show(advice: Hint) -> None:
            if advice.play is None:
                self.say(f"hint: {advice.cube.action if advice.cube is not None else advice.kind}")
                return
            self.part = self.part.restart() if self.part is not None else None
            self.lifted_from = None
            moves = advice.play.moves
            self.hint = Hints(game.turn, frozenset(s for s, _ in moves), frozenset(t for _, t in moves))
            self.say(f"hint: {advice.text}")

        self.thinker = Thinker(think_hint(self.hint_bot, self.match), show, game, game.actor)

    def type_move(self) -> None:
        """A dialog for a move typed in either notation (gnubg ``8/5 6/5`` or Wizard ``5,7,12,17``)."""
        game = self.match.game
        if game.phase != "move" or game.dice is None:
            self.say("roll first, then type your move")
            return

        def submit(text: str) -> str | None:
            if self.match.game is not game:
                return "the game has moved on"
            try:
                play = game.find(text)
            except EngineError as exc:
                return str(exc)
            self.lifted_from = None
            self.animate_play(Move.of(play))
            return None

        d1, d2 = game.dice
        self.app.push(
            Dialog(
                self.app,
                "Type a move",
                [f"Your roll: {d1}-{d2}", "e.g. 8/5 6/5, bar/22, 6/off or 5,7,12,17"],
                [Choice("Cancel", lambda: None, cancel=True)],
                field_text="",
                on_text=submit,
            )
        )

    def forfeit(self, *, ask: bool = True) -> None:
        """Seed 000's Forfeit, asked first: the box says how many points it gives away (twice the cube).

        The one person forfeits, or in a two-player game the player to act.
        """
        game = self.match.game
        if game.phase == "over":
            self.say("the game is over")
            return
        humans = self.humans
        who = humans[0] if len(humans) == 1 else game.actor
        if not ask:
            self.act(Forfeit(who))
            return
        after, _ = game.forfeit(who)
        names = [p.name for p in self.players]
        points = f"{after.points} point{'s' if after.points != 1 else ''}"
        lines = [
            "Forfeit this game?" if len(humans) == 1 else f"{names[who]}: forfeit this game?",
            f"{verb(names[1 - who], 'wins')} {points} (twice the cube).",
        ]
        choices = [
            Choice("Cancel", lambda: None, default=True, cancel=True),
            Choice("Forfeit", lambda: self.act(Forfeit(who)) if self.match.game is game else None),
        ]
        self.app.push(Dialog(self.app, "Forfeit", lines, choices))

    def ask_exit(self) -> None:
        """Exit asks first: a saved game says it can be resumed, an unsaved one that it is lost."""
        if self.session is not None:
            lines = ["Leave the table?", "The game is saved: resume it from the saved games."]
            default_exit = True
        else:
            lines = ["Leave the table?", "This game is not saved: it will be lost."]
            default_exit = False
        choices = [
            Choice("Cancel", lambda: None, default=not default_exit, cancel=True),
            Choice("Exit", self.exit, default=default_exit),
        ]
        self.app.push(Dialog(self.app, "Exit", lines, choices))

    def _ask_take(self, game: GameState) -> None:
        doubler = self.players[game.turn].name
        value = game.cube * 2

        def answer(take: bool) -> None:
            self.act(Take() if take else Drop())

        self.app.push(
            Dialog(
                self.app,
                "Double",
                [
                    f"{doubler} doubles to {value}.",
                    f"{self.players[game.actor].name}: take and play on for {value},",
                    f"or drop and lose {game.cube}?",
                ],
                [Choice("Drop", lambda: answer(False)), Choice("Take", lambda: answer(True), default=True)],
            )
        )

    # -- the engine and its events -------------------------------------------------------------------
    def act(self, action: Action | Callable[[], Action]) -> bool:
        """Apply an action to the match; show the engine's refusal as the message (nothing changes).

        ``action`` may be a function that makes it, as a roll draws its dice,
        so a roll refused before any die is drawn is said the same way.
        """
        try:
            events = self.match.apply(action if isinstance(action, Action) else action())
        except EngineError as exc:
            self.say(str(exc))
            return False
        self.events(events)
        problem = self.session.problem if self.session is not None else None
        if problem:
            self.say(f"Not saved: {problem}")
            if problem != self._told:  # the reason in full, once, in a box
                self._told = problem
                self.app.tell("Not saved", problem, "The game goes on; Exit tries to save it again.")
        return True

    def events(self, events: list[Event]) -> None:
        names = [p.name for p in self.players]
        sounds = self.app.sounds if not self.attract else None
        for e in events:
            if isinstance(e, OpeningRoll):
                self._tumble(sounds)
                a, b = e.dice
                if e.winner is None:
                    self.say(f"both rolled {a}: roll again")
                else:
                    self.say(f"{verb(names[e.winner], 'goes')} first with {a}-{b}")
            elif isinstance(e, AutoDoubled):
                self.say(f"a tie: the cube turns to {e.cube}")
            elif isinstance(e, Rolled):
                self._tumble(sounds)
                self.log.clear()
            elif isinstance(e, Passed):
                self.say(f"{names[e.player]} rolled {e.dice[0]}-{e.dice[1]}: no move possible")
                self.pause = PASS_PAUSE
            elif isinstance(e, Moved):
                self.marks = (e.player, e.play.moves)
                self.say(self._played(e))
                if sounds:
                    sounds.play("hit" if e.hits else "click")
            elif isinstance(e, Doubled):
                self.say(f"{verb(names[e.player], 'doubles')} to {e.cube}")
                if sounds:
                    sounds.play("double")
            elif isinstance(e, Taken):
                self.say(f"{verb(names[e.player], 'takes')}: the cube is at {e.cube}")
            elif isinstance(e, Dropped):
                self.say(verb(names[e.player], "drops"))
            elif isinstance(e, Forfeited):
                self.say(verb(names[e.player], "forfeits"))
            elif isinstance(e, GameOver):
                if self.session is not None:
                    self.players = players_of(
                        self.session.game.options, self.setup.other_colour, self.ratings()
                    )
                if sounds:
                    lost = len(self.humans) == 1 and e.winner != self.humans[0]
                    sounds.play("lose" if lost else "win")
                self.pause = ATTRACT_PAUSE if self.attract else 2
            elif isinstance(e, GameStarted):
                self.say(f"game {e.number}{' (Crawford)' if e.crawford else ''}: roll the dice")
                self.marks = None
            elif isinstance(e, MatchOver):
                pass  # the game-over dialog says it

    def _played(self, e: Moved) -> str:
        """'Expert played 1/5* 12/16': the play in the numbers printed on the board the viewer sees."""
        return f"{self.players[e.player].name} played {seen_from(e.text, e.player, self.viewer)}"

    def _tumble(self, sounds: Any) -> None:
        self.dice_frames = self.app.options.step_frames
        if sounds:
            sounds.play("dice")

    def _game_over(self, game: GameState) -> None:
        if self._asked is game:
            return
        self._asked = game
        if self.attract:
            if self.match.is_match_over:
                self.match = Match(self.match.rules, names=self.match.names, rng=self.match.rng)
            else:
                self.act(NewGame())
            return
        self.app.push(self.game_over_dialog(game))

    def game_over_dialog(self, game: GameState) -> Dialog:
        """Seed 000: who won, how (single / gammon / backgammon x cube) and 'play another game?'."""
        names = [p.name for p in self.players]
        assert game.winner is not None
        winner, loser = names[game.winner], names[1 - game.winner]
        kind = game.result
        if kind == "drop":
            how = f"{loser} refused the double: {verb(winner, 'wins')} {game.points}"
        elif kind == "forfeit":
            how = f"{loser} forfeited: {verb(winner, 'wins')} 2 x cube {game.cube} = {game.points}"
        else:
            value = {"single": 1, "gammon": 2, "backgammon": 3}[kind or "single"]
            how = f"{verb(winner, 'wins')} a {kind}: {value} x cube {game.cube} = {game.points}"
        how += " point" + ("s." if game.points != 1 else ".")
        lines = [how]
        m = self.match
        if m.rules.is_match:
            lines.append(
                f"Score {names[0]} {m.score[0]} - {m.score[1]} {names[1]}, match to {m.rules.match_length}."
            )
            if m.is_match_over:
                lines.append(f"{verb(names[m.match_winner or 0], 'wins')} the match.")
        else:
            lines.append(f"Score {names[0]} {m.score[0]} - {m.score[1]} {names[1]}.")
        lines.extend(self.rating_lines())
        lines.append("Play another game with the same options?")
        return Dialog(
            self.app,
            "Game over",
            lines,
            [Choice("No", self.app.to_title, cancel=True), Choice("Yes", self.another, default=True)],
        )

    def rating_lines(self) -> list[str]:
        """Seed 000: the cube x game value moved both ratings; each player's before -> after.

        A single game is rated as it ends, a match once, when it ends (see
        :mod:`cart.store.ratings`): the store's history says what changed.
        """
        store = self.app.store
        if self.session is None or store is None:
            return []
        game = self.session.game
        m = self.match
        if m.rules.is_match and not m.is_match_over:
            return ["Ratings change when the match ends."]
        ref = f"{game.game_id}:match" if m.rules.is_match else f"{game.game_id}:game:{m.game_number}"
        lines = []
        for seat in (0, 1):
            try:
                found = [c for c in store.ratings.history(game.options.player_id(seat)) if c.ref == ref]
            except StoreError:
                found = []
            if found:
                c = found[-1]
                name = self.players[seat].name
                lines.append(f"Rating {name}: {c.before:.1f} -> {c.after:.1f} ({c.after - c.before:+.1f})")
        return lines or ["Ratings unchanged."]

    def another(self) -> None:
        """The next game of the match, or a new match with the same set-up once it is over.

        A finished saved match stays in the list as it is; the new one is saved
        under the next free name (``Friday 2``).
        """
        if self.match.is_match_over:
            store = self.app.store
            if self.session is not None and store is not None:
                try:
                    self.app.again(self.session.game, self.setup, free_name(store, self.session.game.name))
                except StoreError as exc:
                    self.app.to_title()
                    self.app.tell("Not saved", str(exc))
                return
            self.app.new_game(self.setup)
            return
        self.act(NewGame())
        self.lifted_from = None
        self.hint = None

    # -- menus -------------------------------------------------------------------------------------------
    def open_menu(self, x: int, y: int) -> None:
        """Seed 000's menus: Play, Options, Sounds, ToolTips."""
        app = self.app
        opts = app.options
        snd = opts.sound

        def toggle(obj: object, name: str) -> Callable[[], None]:
            def flip() -> None:
                setattr(obj, name, not getattr(obj, name))
                app.remember()

            return flip

        def play_menu() -> list[Entry]:
            game = self.match.game
            mine = game.phase != "over" and game.actor not in self.bots
            return [
                Entry("New game", app.to_new_game),
                Entry("Exit...", self.ask_exit),
                Entry("Forfeit...", self.forfeit, enabled=game.phase != "over", separator=True),
                Entry("Hint", lambda: self.command("hint"), enabled=mine),
                Entry(
                    "Type a move", lambda: self.command("type_move"), enabled=mine and game.phase == "move"
                ),
                Entry("Undo move", lambda: self.command("undo"), enabled=mine and game.phase == "move"),
                Entry(
                    "Undo turn",
                    lambda: self.command("undo_turn"),
                    enabled=mine and game.phase == "move",
                    separator=True,
                ),
                Entry("Messages", self.show_messages),
                Entry("Rules", self.show_rules),
                Entry("Export .mat", self.export, enabled=self.session is not None),
                Entry("Position ID", self.show_ids),
                Entry("Match ID", self.show_ids, separator=True),
                Entry("Quit", app.quit),
            ]

        def speed_menu() -> list[Entry]:
            def set_speed(s: Any) -> Callable[[], None]:
                def choose() -> None:
                    opts.speed = s
                    app.remember()

                return choose

            return [
                Entry(s.title(), set_speed(s), ticked=opts.speed == s)
                for s in ("slow", "normal", "fast", "instant")
            ]

        def options_menu() -> list[Entry]:
            return [
                Entry("Hint arrows", toggle(self, "hints"), ticked=self.hints),
                Entry("Auto confirm", toggle(opts, "auto_confirm"), ticked=opts.auto_confirm),
                Entry("Pip counts", toggle(opts, "pips"), ticked=opts.pips),
                Entry("Speed", submenu=speed_menu),
            ]

        def sounds_menu() -> list[Entry]:
            return [
                Entry("Music", toggle(snd, "music"), ticked=snd.music),
                Entry("Effects", toggle(snd, "effects"), ticked=snd.effects),
                Entry("Turkish", toggle(snd, "turkish"), ticked=snd.turkish),
            ]

        entries = [
            Entry("Play", submenu=play_menu),
            Entry("Options", submenu=options_menu),
            Entry("Sounds", submenu=sounds_menu),
            Entry("ToolTips", toggle(opts, "tooltips"), ticked=opts.tooltips),
        ]
        self.lifted_from = None
        app.push(MenuScene(app, "Backgammon", entries, x, y))

    def exit(self) -> None:
        """Seed 000's Exit: leave to continue later (a saved game is saved after every action already).

        A move half made by hand is not an action yet: it is dropped, and the
        turn starts again from its roll when the game is resumed.
        """
        if self.session is not None and self.session.problem:
            try:
                assert self.app.store is not None
                self.app.store.games.save(self.session.game)
            except StoreError as exc:
                self.app.tell("Not saved", str(exc), "The game stays open: try again or export it.")
                return
        self.app.to_title()

    def export(self) -> None:
        """Write the game's ``.mat`` record into ``exports/`` beside the saves, and say where."""
        store = self.app.store
        if self.session is None or store is None:
            self.say("only a saved game can be exported")
            return
        entry = f"exports/{entry_stem(self.session.game.name)}.mat"
        try:
            store.backend.write(entry, export_mat(self.session.game).encode("utf-8"))
        except (MatError, OSError) as exc:
            self.app.tell("Export .mat", f"Could not export the game: {exc}")
            return
        self.app.tell("Export .mat", "The game's record was written to", export_path(store, entry))

    def show_rules(self) -> None:
        self.app.push(
            Dialog(
                self.app,
                "Rules",
                [
                    "Move all fifteen men home, then bear them off.",
                    "Click the dice to roll; click a man, then a point.",
                    "A point with two or more enemy men is closed;",
                    "a single enemy man (a blot) is hit to the bar,",
                    "and must enter the opposing home board first.",
                    "Use both dice if you can, else the larger one.",
                    "Doubles play four times. Before rolling you may",
                    "offer a double by clicking the cube (not in",
                    "MaxGammon). Gammon: loser has none off, x2;",
                    "backgammon: also a man in the winner's home, x3.",
                    "Forfeit: your opponent wins twice the cube.",
                ],
                [Choice("OK", lambda: None, default=True, cancel=True)],
            )
        )

    def show_messages(self) -> None:
        """The message log: what the table said lately, each message whole, newest last."""
        lines: list[str] = []
        for text in self.log.history():
            lines.extend(wrap_lines(text, MESSAGES_WIDTH))
        lines = lines[-MESSAGES_LINES:] or ["Nothing yet."]
        ok = Choice("OK", lambda: None, default=True, cancel=True)
        self.app.push(Dialog(self.app, "Messages", lines, [ok]))

    def show_ids(self) -> None:
        m = self.match
        self.app.push(
            Dialog(
                self.app,
                "Position",
                [f"Position ID: {m.position_id()}", f"Match ID:    {m.match_id()}"],
                [Choice("OK", lambda: None, default=True, cancel=True)],
            )
        )

    # -- drawing -----------------------------------------------------------------------------------------
    def draw(self, g: pyxel.Image) -> None:
        game, view = self.view()
        self.app.board.draw(g, game, view)
        self._marks(g, view)
        if self.busy:
            hourglass(g, self.pointer[0] - 10, self.pointer[1] - 11, scale=2)
        else:
            self._tooltip(g)

    def _marks(self, g: pyxel.Image, view: ViewState) -> None:
        """Mark the last play, either side's: a dotted ring where each man left, a ring where it landed.

        Cleared by the next play or a new game; a resumed game shows its last play too.
        """
        if self.marks is None or self.run is not None:
            return
        game = self.match.game
        player, moves = self.marks
        mine = view.position_for(game, player).mine
        for src in {s for s, _ in moves} - {t for _, t in moves}:
            spot = L.Spot(player, src)
            r = L.slot_rect(spot, min(mine[src], L.place_count_cap(spot) - 1), view.viewer)
            for x in range(r.x - 1, r.x + r.w + 1, 2):
                g.pset(x, r.y - 1, wimp.LAST_MOVE)
                g.pset(x, r.y + r.h, wimp.LAST_MOVE)
            for y in range(r.y - 1, r.y + r.h + 1, 2):
                g.pset(r.x - 1, y, wimp.LAST_MOVE)
                g.pset(r.x + r.w, y, wimp.LAST_MOVE)
        for dst in {t for _, t in moves}:
            spot = L.Spot(player, dst)
            n = mine[dst]
            if n:
                r = L.slot_rect(spot, min(n, L.place_count_cap(spot)) - 1, view.viewer)
                g.rectb(r.x - 1, r.y - 1, r.w + 2, r.h + 2, wimp.LAST_MOVE)

    def tip(self) -> tuple[str, Rect] | None:
        """The tip showing now, and its box: after a pause, suited to the phase, clear of strip and dice.

        None under a menu or dialog, in the attract mode, with ToolTips off, or while anything moves.
        """
        key, frames = self.hover
        if key is None or frames < TOOLTIP_DELAY or not self.app.options.tooltips or self.attract:
            return None
        if self.app.top is not self or self.run is not None or self.dice_frames:
            return None
        game = self.match.game
        text = tip_text(str(key), game, game.phase != "over" and game.actor not in self.bots)
        box = tip_box(text, self.pointer) if text else None
        return (text, box) if text and box else None

    def _tooltip(self, g: pyxel.Image) -> None:
        tip = self.tip()
        if tip is None:
            return
        text, (x, y, w, h) = tip
        g.rect(x, y, w, h, wimp.TOOLTIP_BG)
        g.rectb(x, y, w, h, wimp.TOOLTIP_BORDER)
        self.app.assets.text(g, x + 4, y + 3, text, wimp.TEXT)
