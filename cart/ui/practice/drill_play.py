"""A drill asked at the table: the position as the player saw it, answered with the table's own controls.

The scene is the Play scene itself (click, drag, keys, pad, touch and typed moves all
reach it the same way), but a person's action is an answer, not a move: it is handed
to ``answered`` instead of the engine, and the board then holds still, showing the
deep analysis's best play in the hint arrows' look while the answer's window says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

import pyxel

from cart.engine import Action, Double, Drop, Match, MatchKey, Move, Roll, Rules, Take
from cart.ui.board import layout as L
from cart.ui.board.view_state import Player, other_colour_of
from cart.ui.controls import DRILL_KEYS, key_for
from cart.ui.kit.intents import Command, Intent, OpenMenu
from cart.ui.table.play import PlayScene
from cart.ui.table.play_menu import board_key_entry
from cart.ui.table.table import Outcome, Table, arrows
from cart.ui.wimp.keyboard import help_entry
from cart.ui.wimp.menus import Entry, MenuScene
from cart.ui.wimp.stage import Push, Transition
from cart.ui.wimp.widgets import Window

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services
    from cart.ui.wimp.widgets import Furniture

Question = Literal["play", "double", "take"]
Answered = Callable[[Action], Transition | None]
"""What the player answered: a Move, Double or Roll (no double), Take or Drop; where to go then."""


def asked_match(
    position_id: str, match_id: str, question: Question, names: tuple[str, str], variant: str = "standard"
) -> Match:
    """The match at the moment the drill asks about: a take is the doubler's turn with the double made.

    A Match ID written with the double waiting (as gnubg writes it) is read as the doubler's turn.
    """
    key = MatchKey.from_id(match_id)
    if key.doubled or key.turn != key.on_roll:
        key = replace(key, doubled=False, turn=key.on_roll)
    rules = Rules("maxgammon" if variant == "maxgammon" else "standard", key.match_length)
    match = Match.from_ids(position_id, key.to_id(), rules=rules, names=names)
    if question == "take":
        match.apply(Double())
    return match


def question_text(question: Question, match: Match) -> str:
    """ "Your move: 6-2", "Double?" or "Take?": what the drill asks, as its window's title says it."""
    dice = match.game.dice
    if question == "play" and dice is not None:
        return f"Your move: {dice[0]}-{dice[1]}"
    return "Double?" if question == "double" else "Take?"


class DrillScene(PlayScene):
    """One drill on the board; the player's first action is its answer (see the module)."""

    help_page = "drills"
    keymap = DRILL_KEYS

    def __init__(
        self,
        services: Services,
        match: Match,
        question: Question,
        answered: Answered,
        *,
        heading: str = "Drill",
        leave: Callable[[], Transition | None] | None = None,
    ) -> None:
        colour = other_colour_of(services.prefs.settings)
        actor = match.game.actor
        names = match.names
        players = (Player(names[0], colour), Player(names[1], "red"))
        super().__init__(services, Table(match, players, {}, viewer=actor))
        self.question = question
        self.answered = answered
        self.leave_drill = leave
        self.answer: Action | None = None  # given: the board holds still
        text = question_text(question, match)
        self.drill_window = Window(L.WINDOW, f"{heading}: {text}", focused=True, icons=("close",))
        self.table.say(text)

    @property
    def window(self) -> Window:  # type: ignore[override]
        return self.drill_window

    # -- the answer --------------------------------------------------------------------------------
    def give(self, action: Action) -> None:
        """The player's answer (a roll where a double was asked is "no double"): handed on, once."""
        if self.answer is not None or self.table.match.game.actor != self.table.viewer:
            return
        if isinstance(action, Roll) and self.question != "double":
            return
        self.answer = action
        self.table.lifted_from = None
        self.drag = None
        self.go(self.answered(action))

    def attempt(self, action: Action) -> None:
        """A roll, double or play made at the board: the answer, never applied."""
        self.give(action)

    def act(self, action: Action) -> Outcome:
        """A take, drop or typed move from the table's boxes: the answer too."""
        if isinstance(action, (Move, Take, Drop, Double)):
            self.give(action)
        return []

    def show_best(self, moves: tuple[tuple[int, int], ...]) -> None:
        """The deep analysis's best play as the hint arrows show it, the men back where they stood."""
        part = self.table.partial()
        if part is not None and part.steps:
            self.table.undo(whole=True)
        self.table.hint = arrows(self.table.match.game.turn, moves) if moves else None

    def ask_hint(self) -> None:
        """No hint in a drill: the answer shows the best play, and deeper than a hint looks."""
        self.table.say("no hints in a drill: answer, then see the best")

    def ask_again(self) -> None:
        if self.answer is None:
            super().ask_again()

    # -- the window ----------------------------------------------------------------------------------
    def update(self, intents: list[Intent]) -> Transition | None:
        if self.answer is not None:  # answered: the board holds still under the answer's window
            intents = [i for i in intents if isinstance(i, OpenMenu)]
        for intent in intents:
            if isinstance(intent, Command) and intent.name == "cancel":
                return self.close_drills()
            if isinstance(intent, OpenMenu) and self.drag is None:
                return Push(MenuScene(self.services, "Drill", self.menu_entries(), intent.x, intent.y))
        return super().update(intents)

    def menu_entries(self) -> list[Entry]:
        """MENU over a drill: type the answer, take a man back, close the drills; Help."""
        device = self.services.used.device
        moving = self.answer is None and self.question == "play"
        return [
            board_key_entry(self, "type_move", moving),
            board_key_entry(self, "undo", moving),
            board_key_entry(self, "undo_turn", moving, separator=True),
            Entry("Close drills", self.close_drills, key=key_for("cancel", device)),
            help_entry(device),
        ]

    def close_drills(self) -> Transition | None:
        """Escape or the close icon: the man in the hand goes back first, then the drills close."""
        if self.table.lifted_from is not None:
            self.cancel_drag()
            return None
        return self.leave_drill() if self.leave_drill is not None else None

    def furniture(self, part: Furniture) -> Transition | None:
        return self.close_drills() if part == "close" else None

    def draw(self, g: pyxel.Image) -> None:
        super().draw(g)
        self.drill_window.draw(self.services.assets, g, work=False)  # its own title over the board's
