"""The Play scene: one game (or match) at the table, people and the computer acting through the engine.

It turns input into the :class:`~cart.ui.table.table.Table`'s intents, lets the
computer think in each frame's spare time, and plays the beats (tumbling dice, men
moving, a pause) from a queue; input during a beat waits for a person's turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pyxel

from cart.engine import (
    Action,
    Doubled,
    Event,
    GameOver,
    GameState,
    Match,
    Move,
    Moved,
    NewGame,
    OpeningRoll,
    Passed,
    Roll,
    Rolled,
)
from cart.ui.board import layout as L
from cart.ui.board.animation import Beat, CheckerRun, play_frames
from cart.ui.board.board_view import hourglass
from cart.ui.board.thought import thought
from cart.ui.board.tips import hover_key, move_then_confirm, roll_first, table_tip
from cart.ui.board.view_state import ViewState
from cart.ui.controls import PLAY_KEYS
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Command, Focus, Intent, OpenMenu, Pointer, Release, Select
from cart.ui.kit.thinking import Thinker
from cart.ui.table.drag import Drag, Held
from cart.ui.wimp.dialogs import TOOLTIP_DELAY, draw_tip
from cart.ui.wimp.stage import Push, Scene, Transition, chain

from . import play_boxes as boxes
from .table import ROLL, Outcome, Sound, Table
from .table_view import Look, draw_focus, draw_marks, stop_rects, stops, table_view
from .tutor import Tutor

if TYPE_CHECKING:
    from cart.ai import Hint
    from cart.ui.wimp.services import Services
    from cart.ui.wimp.widgets import Furniture, Window


HINT_LEVEL = "expert"
ATTRACT_PAUSE = 45  # frames between attract-mode games
PASS_PAUSE = 20  # frames a pass message stays before the game goes on
SETTLE_MOST = 30  # frames the computer's dice tumble on while it thinks, to settle as its men set off


class PlayScene(Scene):
    """The board screen, playing one match at ``table``; ``attract`` plays it quietly."""

    keymap = PLAY_KEYS

    def __init__(self, services: Services, table: Table, *, attract: bool = False) -> None:
        super().__init__(services)
        self.table = table
        self.attract = attract
        self.pointer = (0, 0)
        self.focus: tuple[int, int] | None = None  # where the arrow keys put the cursor, till the mouse moves
        self.thinker: Thinker | None = None
        self.beats: list[Beat] = []
        self.held = Held()  # presses and keys that came during a beat, for when it is over
        self.drag: Drag | None = None  # the press that picked up the man in the hand, still down
        self.hover: tuple[object, int] = (None, 0)
        self._acted = 0  # the record's length when the hover last started counting
        self._asked: GameState | None = None  # the state a take/drop or game-over box was shown for
        self._conflict_asked = False  # the "Open elsewhere" box is up for the session's conflict
        self._advice: tuple[GameState, str] | None = None  # the last hint's kind, and the state it was for
        self.tumble = random.Random(0)  # faces of tumbling dice: looks only, never the game's dice
        self.faces = (1, 1)
        self.shown: tuple[GameState, ViewState] | None = None  # what the last frame drew
        self.tutor = Tutor(services, table, self.go_on, self.ask_again)
        table.mover_numbers = services.prefs.settings.mover_numbers

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def run(self) -> CheckerRun | None:
        """The play being shown man by man, if that is the beat now."""
        return self.beats[0].run if self.beats else None

    @property
    def busy(self) -> bool:  # type: ignore[override]
        """Thinking for more than the frame it began in: the hourglass shows."""
        return not self.attract and self.thinker is not None and self.thinker.frames > 0

    # -- what is drawn ---------------------------------------------------------------------------
    def view(self) -> tuple[GameState, ViewState]:
        """What :meth:`draw` paints, from the table and the beat (:func:`table_view`). Changes nothing."""
        beat = self.beats[0] if self.beats else None
        look = Look(
            run=beat.run if beat is not None else None,
            waiting=next((b.run for b in self.beats if b.run is not None), None),
            faces=self.faces if beat is not None and beat.kind == "tumbling" else None,
            pointer=self.pointer,
            pips=self.services.prefs.ticks["pips"],
            arrows=not self.attract,
            thinking=self.thinker.player if self.busy and self.thinker is not None else None,
        )
        return table_view(self.table, look)

    def targets(self) -> list[Rect]:
        """The points, the bar, the dice and roll boxes, the bins and the cube: the keys' stops."""
        return stop_rects(self.table)

    def stops(self) -> list[tuple[int, int]]:
        return stops(self.table)

    # -- the frame ---------------------------------------------------------------------------
    def update(self, intents: list[Intent]) -> Transition | None:
        t = self.table
        t.sync()
        t.log.tick()
        self.go(self.tutor.step())
        acted = self._acted if t.untold else len(t.match.record)  # a play shown counts once it lands
        if acted != self._acted or any(not isinstance(i, Pointer) for i in intents):
            self._acted = acted
            self.hover = (None, 0)  # any action hides the tip; it shows again after a new pause
        for intent in intents:
            if isinstance(intent, Pointer):
                if (intent.x, intent.y) != self.focus:
                    self.focus = None  # the mouse took over: its pointer shows where it is
                if not intent.held and not any(isinstance(i, Release) for i in intents):
                    self.drag = None  # let go unseen (Space, or over a box): the man stays in the hand
                self._hover(intent.x, intent.y)
            elif isinstance(intent, Focus):
                self.focus = (intent.x, intent.y)
            elif isinstance(intent, OpenMenu) and self.drag is not None:
                self.cancel_drag()  # MENU during a drag puts the man back, as Escape does
            elif isinstance(intent, OpenMenu) and not self.attract:
                from .play_menu import open_menu  # with the windows it opens: loaded when first wanted

                return chain(self.take(), open_menu(self, intent.x, intent.y))
        game = t.match.game
        if self.thinker is not None and self.thinker.state is not game:
            self.thinker = None  # it thought about a moment that is gone (a forfeit from the menu, say)
        if self._may_think(game):
            if game.phase != "move":
                self.held.clear()  # the computer's turn begins: what was held was for the turn before
            self._computer(game)
        if self.beats:
            if not self.attract:
                self.held.keep(intents)
            beat = self.beats[0]
            if beat.kind == "tumbling":
                self.faces = (self.tumble.randint(1, 6), self.tumble.randint(1, 6))
            if self._thinking_its_play(game) and beat.hold(SETTLE_MOST):
                return self.take()
            if beat.tick() and self.beats.pop(0).run is not None:
                self.landed()
            return self.take()
        if game.phase == "over":
            self.held.clear()
            self._game_over(game)
        elif game.actor not in t.bots:
            if self.thinker is not None and self.thinker.step(self.services.clock):
                self.thinker = None
            self._human(game, [*self.held.take(), *intents])
        return self.take()

    def _thinking_its_play(self, game: GameState) -> bool:
        """The computer has rolled and is still thinking what to play (its dice may tumble on)."""
        return self.thinker is not None and game.phase == "move" and game.actor in self.table.bots

    def _may_think(self, game: GameState) -> bool:
        """The computer is to act and may think now: also while its dice tumble, not under a play or pause.

        Not before the first frame is drawn: the first thought reads the weights, slowly in a browser.
        """
        if not self.services.clock.frames or game.phase == "over" or game.actor not in self.table.bots:
            return False
        if any(b.kind != "tumbling" for b in self.beats):
            return False
        return not self.beats or game.phase == "move"

    def _hover(self, x: int, y: int) -> None:
        self.pointer = (x, y)
        game, view = self.shown or self.view()
        key = hover_key(self.services.board.hit(x, y, game, view))
        self.hover = (key, self.hover[1] + 1 if key == self.hover[0] else 0)

    # -- the computer ----------------------------------------------------------------------------
    def _computer(self, game: GameState) -> None:
        """A slice of the computer's turn (:func:`cart.ai.jobs.think_turn`); its action applied once found.

        The AI is loaded, and its nets built, at its first turn (in slices or in the worker),
        never before the first frame.
        """
        if self.thinker is None:
            seat = game.actor
            job = ("turn", self.table.bots[seat], seat, self.match)
            self.thinker = thought(job, self._computer_act, game, seat, self.services.worker)
        if self.thinker.step(self.services.clock):
            self.thinker = None

    def _computer_act(self, decision: Hint) -> None:
        # the computer may have offered to resign: a person answers in a box, a computer by its evaluation
        self.act(decision.action(self.match))

    # -- people -------------------------------------------------------------------------------------
    def _human(self, game: GameState, intents: list[Intent]) -> None:
        if game.phase in ("doubled", "resigned") and self._asked is not game and self.thinker is None:
            self._asked = game
            self.go((boxes.ask_take if game.phase == "doubled" else boxes.ask_resignation)(self, game))
            return
        for intent in intents:
            if isinstance(intent, Select):
                self.click(intent.x, intent.y)
            elif isinstance(intent, Release):
                self.let_go(intent.x, intent.y)
            elif isinstance(intent, Command):
                self.go(self.command(intent.name))
            if self.match.game is not game:
                return  # the engine moved on: the rest of this frame's input was for the old state

    def command(self, name: str) -> Transition | None:
        """A named action from the keyboard, the gamepad or a menu; returns where to go (a box)."""
        t = self.table
        game = t.match.game
        if not t.mine():
            return None
        if name == "roll" or (name == "confirm" and game.phase in ("opening", "roll")):
            self.roll()
        elif name == "confirm":
            self.confirm()
        elif name == "double":
            self.double()
        elif name in ("undo", "undo_turn"):
            t.undo(whole=name == "undo_turn")
        elif name == "hint":
            self.ask_hint()
        elif name == "type_move":
            self.go(boxes.type_move(self))
        elif name == "cancel":
            self.cancel_drag()
        return self.take()

    def click(self, x: int, y: int) -> None:
        """SELECT at (x, y): roll, double, confirm, pick up or put down, or say why not."""
        t = self.table
        game = t.match.game
        what = self.services.board.hit(x, y, game, (self.shown or self.view())[1])
        if what == "dice_box":
            in_turn = game.phase in ("opening", "roll")
            device = self.services.used.device
            self.roll() if in_turn else t.say(move_then_confirm(device))
        elif what == "roll":
            self.confirm() if game.phase == "move" else t.say(roll_first(self.services.used.device))
        elif what == "cube":
            self.double()
        elif isinstance(what, L.Spot):
            point = what.seen_by(game.turn)
            self.put(lambda: t.place(point))
            part = t.partial()
            if point is not None and t.lifted_from == point and part is not None:
                self.drag = Drag(point, x, y, part)  # this press holds the man: it may be dragged
        elif t.lifted_from is not None:
            t.say("put the man down on a point with a red arrow")

    def let_go(self, x: int, y: int) -> None:
        """The left button let go at (x, y): a drag puts its man down there (or back); a click did its work.

        A release near the press, or over the man's own point, was a click: it stays in the hand.
        """
        drag, self.drag = self.drag, None
        t = self.table
        if drag is None or t.lifted_from != drag.src or t.partial() is not drag.part or not drag.moved(x, y):
            return
        game = t.match.game
        what = self.services.board.hit(x, y, game, (self.shown or self.view())[1])
        point = what.seen_by(game.turn) if isinstance(what, L.Spot) else None
        self.put(lambda: t.drop(point))

    # -- a person's actions: the tutor's to judge first, then the table's to apply, once ---------------
    def roll(self) -> None:
        if self.table.may_roll():
            self.attempt(ROLL)  # its dice are drawn once the tutor lets it through

    def double(self) -> None:
        offer = self.table.double_offered()
        if offer is not None:
            self.attempt(offer)

    def confirm(self) -> None:
        play = self.table.play_made()
        if play is not None:
            self.attempt(play)

    def put(self, placing: Callable[[], Outcome]) -> None:
        """A man picked up or put down; with Auto-confirm, the last man put down confirms the play."""
        before = self.table.partial()
        self.react(placing())
        after = self.table.partial()
        completed = after is not before and after is not None and after.is_complete
        if completed and self.services.prefs.ticks["auto_confirm"]:
            self.confirm()

    def attempt(self, action: Action) -> None:
        """A person's action: the tutor, when on, judges it first and may hold it (it goes on later)."""
        if self.attract or self.tutor.lets(action):
            self.go_on(action)

    def go_on(self, action: Action) -> None:
        """Apply a person's action at the table, sounded and animated; a roll draws its dice now."""
        self.react(self.table.roll() if isinstance(action, Roll) else self.table.act(action))

    def cancel_drag(self) -> None:
        """Escape, or MENU during a drag: the man in the hand goes back where it was taken from."""
        self.drag = None
        self.table.lifted_from = None

    def ask_hint(self) -> None:
        """The computer's choice for the player now (:func:`cart.ai.think_hint`): arrows or words."""
        t = self.table
        game = t.match.game
        t.say("thinking two rolls ahead...")  # the teacher's 2-ply look: half a second or so
        job = ("hint", HINT_LEVEL, self.match, True)
        self.thinker = thought(job, self._hinted, game, game.actor, self.services.worker)

    def _hinted(self, advice: Hint) -> None:
        self._advice = (self.match.game, advice.kind)
        self.table.show_hint(advice)

    def advice_for(self, game: GameState) -> str:
        """The last hint's kind ('take', 'drop'...) if it was asked for ``game``, else ''."""
        return self._advice[1] if self._advice is not None and self._advice[0] is game else ""

    def ask_again(self) -> None:
        """The take/drop or resignation box is shown again (once no hint is being thought)."""
        self._asked = None

    # -- the window --------------------------------------------------------------------------------
    shows_focus = True  # the red frame on the board

    @property
    def window(self) -> Window:  # type: ignore[override]
        return self.services.board.window

    def furniture(self, part: Furniture) -> Transition | None:
        """The close icon leaves the table as Exit does, asking first; one size, so no toggle-size icon."""
        return boxes.ask_exit(self) if part == "close" and not self.attract else None

    # -- the engine's events -------------------------------------------------------------------------
    def act(self, action: Action) -> Outcome:
        """Apply ``action`` at the table (a person's once the tutor lets it); its events sound and animate.

        A play made off the board (the computer's, a typed one) is shown man by man,
        then said and sounded when the last man lands (:meth:`landed`).
        """
        if not self.attract and not self.tutor.lets(action):
            return []  # a person's take, drop or typed move the tutor holds: it goes on by :meth:`go_on`
        game, score, viewer = self.match.game, self.match.score, self.table.viewer
        frames = self.services.prefs.step_frames
        if not isinstance(action, Move) or not frames or game.dice is None:
            return self.react(self.table.act(action))
        outcome = self.table.act(action, shown_later=True)
        moved = next((e for e in outcome if isinstance(e, Moved)), None)
        if moved is not None:
            frames = play_frames(frames, len(moved.steps))
            self.beats.append(Beat("animating", run=CheckerRun.of(moved, game, score, viewer, frames)))
        return outcome

    def landed(self) -> None:
        """The play shown has landed: the table says it, the scene sounds it."""
        self.react(self.table.tell())

    def react(self, outcome: Outcome) -> Outcome:
        """Sounds, tumbles and pauses for what an intent did; a store problem shown whole, once."""
        sounds = self.services.sounds if not self.attract else None
        for e in outcome:
            if isinstance(e, Sound):
                self.services.sounds.play(e.name)
            elif isinstance(e, (OpeningRoll, Rolled)):
                self.beats.append(Beat("tumbling", self.services.prefs.step_frames))
                if sounds:
                    sounds.play("dice")
            elif isinstance(e, Passed):
                self.beats.append(Beat("pausing", PASS_PAUSE))
            elif isinstance(e, Moved | Doubled) and sounds:
                sounds.play("double" if isinstance(e, Doubled) else "hit" if e.hits else "click")
            elif isinstance(e, GameOver):
                self._game_ended(e, sounds)
        self.beats = [b for b in self.beats if b.kind != "tumbling" or b.frames > 0]
        self._conflict_asked = boxes.store_news(self, self._conflict_asked)
        return outcome

    def _game_ended(self, e: Event, sounds: object) -> None:
        t = self.table
        t.rated()
        if sounds is not None:
            lost = len(t.humans) == 1 and getattr(e, "winner", None) != t.humans[0]
            self.services.sounds.play("lose" if lost else "win")
        self.beats.append(Beat("pausing", ATTRACT_PAUSE if self.attract else 2))

    def _game_over(self, game: GameState) -> None:
        if self._asked is game:
            return
        self._asked = game
        if not self.attract:
            self.go(Push(boxes.game_over_box(self)))
        elif self.match.is_match_over:
            m = self.match
            self.table.match = Match(m.rules, names=m.names, rng=m.rng)
        else:
            self.act(NewGame())

    # -- drawing -----------------------------------------------------------------------------------------
    def draw(self, g: pyxel.Image) -> None:
        """Paint the view built once this frame; it is also what the next frame's clicks are tested on."""
        self.shown = game, view = self.view()
        self.services.board.draw(g, game, view)
        if self.run is None:
            draw_marks(g, self.table, game, view)
        if self.shown_focus is not None and not self.attract:
            draw_focus(g, self.table, self.shown_focus)
        tip = None if self.busy else self.tip()
        if self.busy:
            hourglass(g, self.pointer[0] - 10, self.pointer[1] - 11, scale=2)
        elif tip is not None:
            draw_tip(g, self.services.assets, *tip)

    def tip(self) -> tuple[str, Rect] | None:
        """The tip showing now, and its box: after a pause, suited to the phase, clear of strip and dice.

        None under a box, in the attract mode, with ToolTips off, or while anything moves.
        """
        key, frames = self.hover
        if key is None or frames < TOOLTIP_DELAY or not self.services.prefs.settings.tooltips or self.attract:
            return None
        if self.covered or self.beats or self.drag is not None:
            return None  # nor while a man is carried: the tip would ride along over the board
        view = (self.shown or self.view())[1]
        return table_tip(
            str(key), self.match.game, view, self.table.mine(), self.services.used.device, self.pointer
        )
