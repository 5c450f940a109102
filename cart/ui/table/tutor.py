"""The tutor: before a person's play or cube action is applied, the Master's word when it costs.

With Options > Tutor on, the play scene hands a person's action to :meth:`Tutor.lets`
before the table sees it; the tutor holds it while the Master judges it, and when it
costs at least the threshold a box asks "play your 8/2 6/5 anyway?" (No by default). What it
lets through goes on to the table once, by the scene's ``go_on``. The engine and
``cart.ai`` decide; this only holds and asks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cart.engine import Action, Double, Drop, Move, Roll, Take
from cart.phrasebook import seen_from
from cart.ui.board import layout as L
from cart.ui.board.thought import thought
from cart.ui.kit.text import wrap
from cart.ui.kit.thinking import Thinker
from cart.ui.wimp.dialogs import Choice
from cart.ui.wimp.stage import Push, Transition

from .table import arrows
from .table_view import board_box

if TYPE_CHECKING:
    from cart.ai.review.tutor import Advice
    from cart.ui.wimp.services import Services

    from .table import Table


JUDGED = (Move, Double, Take, Drop, Roll)
LINE = 44  # characters a line of the tutor's box


class Tutor:
    """Holds a person's action while the Master judges it; asks, then lets it go on or takes it back.

    ``go_on`` applies an action let through (a roll drawing its dice then), sounded and animated;
    ``ask_again`` shows the take-or-drop box again.
    """

    def __init__(
        self,
        services: Services,
        table: Table,
        go_on: Callable[[Action], None],
        ask_again: Callable[[], None],
    ) -> None:
        self.services = services
        self.table = table
        self.go_on = go_on
        self.ask_again = ask_again
        self.held: Action | None = None
        self.thinker: Thinker | None = None
        self.asking: Transition | None = None  # the box to show, for the scene to push

    @property
    def busy(self) -> bool:
        return self.thinker is not None

    def lets(self, action: Action) -> bool:
        """True: apply ``action`` now. False: it is held (the Master is judging it, or a box asks)."""
        if self.held is not None:
            return False  # one question at a time: other input waits for the answer
        setting = self.services.prefs.settings.tutor
        game = self.table.match.game
        if setting == "off" or not isinstance(action, JUDGED) or game.actor in self.table.bots:
            return True
        if isinstance(action, Roll) and not (game.phase == "roll" and game.can_double()):
            return True  # no cube decision: nothing to judge in a roll
        if isinstance(action, Move) and len(game.legal_plays()) < 2:
            return True  # forced
        self.held = action
        self.table.log.meanwhile("the tutor is looking at it...")
        job = ("tutor", self.table.match, action, setting)
        self.thinker = thought(job, self._judged, game, game.actor, self.services.worker)
        return False

    def step(self) -> Transition | None:
        """A slice of the judgement in this frame's spare time; the box to push once it asks."""
        if self.thinker is not None:
            if self.thinker.state is not self.table.match.game:
                self.thinker = self.held = None  # the game moved on (a forfeit from the menu)
            elif self.thinker.step(self.services.clock):
                self.thinker = None
        asking, self.asking = self.asking, None
        return asking

    def _judged(self, advice: Advice | None) -> None:
        action = self.held
        assert action is not None
        self.table.log.meanwhile("")  # judged: the strip goes back to what was said
        if advice is None:
            self.apply()
            return
        question = advice.question
        game = self.table.match.game
        if isinstance(action, Move):  # "The Master prefers 13/7 8/7": in the numbers plays are said in
            question = seen_from(question, game.actor, self.table.numbering)
        if advice.best:  # the Master's play on the board, as a hint shows it
            self.table.hint = arrows(game.turn, advice.best)
        lines = [line for part in question.split(": ") for line in wrap(part, LINE)]
        if len(lines) > 1:
            lines[0] += ":"
        lines.append(f"It costs {advice.loss:.3f} in equity: {advice.mark or 'a small error'}.")
        choices = [
            Choice("No", lambda: self._undo(), default=True, cancel=True),
            Choice("Yes", lambda: self._yes()),
        ]
        about = (
            [L.Spot(game.turn, p) for move in action.moves for p in move] if isinstance(action, Move) else []
        )
        box = board_box(self.services, self.table, "Tutor", lines, choices, about=about, must_answer=True)
        self.asking = Push(box)

    def _yes(self) -> Transition | None:
        self.apply()
        return None

    def apply(self) -> None:
        """The held action goes on to the table as the player made it (a roll draws its dice now)."""
        action, self.held = self.held, None
        if action is not None:
            self.go_on(action)

    def _undo(self) -> Transition | None:
        """No: nothing is applied; a play's men go back to the turn's start (the Master's arrows stay
        till the player moves), a take or drop is asked again."""
        action, self.held = self.held, None
        if isinstance(action, Move):
            part = self.table.partial()
            if part is not None and part.steps:
                self.table.undo(whole=True)
            self.table.say("choose your play again: the arrows show the Master's")
        elif isinstance(action, (Take, Drop)):
            self.ask_again()
        return None
