"""A run of drills: each asked on its board, answered, judged by the book, shown, then the next.

The book (:class:`cart.drills.DrillBook`) judges and schedules; this only turns a
person's action into the book's answer and the book's outcome into the answer's window.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cart.engine import Action, Double, Drop, EngineError, MatchKey, Move, Play, Roll, Take, format_play
from cart.store import StoreError
from cart.ui.wimp.stage import Pop, Push, Tell, Transition, chain

from .drill_answer import AnswerScene, Verdict
from .drill_play import DrillScene, asked_match

if TYPE_CHECKING:
    from cart.drills import Drill, DrillBook
    from cart.ui.wimp.services import Services

CUBE_WORDS = {Double: "double", Roll: "no double", Take: "take", Drop: "pass"}
"""A cube answer as the book takes it (gnubg's words)."""
OPPONENT = "Opponent"


class DrillRun:
    """The drills of one sitting, in order; ``done``: where closing the last one goes (the Drills window)."""

    def __init__(
        self,
        services: Services,
        book: DrillBook,
        drills: list[Drill],
        *,
        done: Callable[[], Transition | None] = lambda: None,
    ) -> None:
        self.services = services
        self.book = book
        self.drills = drills
        self.done = done
        self.at = 0
        self.right = 0
        self.asked = 0
        self.scene: DrillScene | None = None

    def start(self) -> Transition | None:
        """The first drill on its board (a box saying so when there is none)."""
        if not self.drills:
            return Tell(
                "Drills", ("No drill to ask now: review a game, and its costly plays become drills.",)
            )
        return self._show(0)

    def _show(self, i: int) -> Transition | None:
        drill = self.drills[i]
        names = (OPPONENT, drill.player) if _seat(drill) == 1 else (drill.player, OPPONENT)
        try:
            match = asked_match(drill.position_id, drill.match_id, drill.kind, names, drill.variant)
        except (EngineError, ValueError) as exc:  # a damaged drill: skipped, said, never a traceback
            return chain(self._next(i + 1), Tell("Drill skipped", (str(exc),)))
        self.at = i
        heading = f"Drill {i + 1} of {len(self.drills)}"
        self.scene = DrillScene(
            self.services, match, drill.kind, self.answered, heading=heading, leave=self.close
        )
        return Push(self.scene)

    def _next(self, i: int) -> Transition | None:
        return self._show(i) if i < len(self.drills) else self.close()

    # -- the answer --------------------------------------------------------------------------------
    def answered(self, action: Action) -> Transition | None:
        """Hand ``action`` to the book; show its verdict beside the board with the best play's arrows."""
        scene, drill = self.scene, self.drills[self.at]
        assert scene is not None
        game = scene.table.match.game
        try:
            given: Play | str = game.find(action) if isinstance(action, Move) else CUBE_WORDS[type(action)]
            outcome = self.book.answer(drill.id, given)
        except (EngineError, ValueError, KeyError, StoreError) as exc:
            scene.answer = None  # nothing was kept: the drill may be answered again
            return Tell("Drill not answered", (str(exc),))
        self.asked += 1
        self.right += outcome.right
        # a play beyond those analysed has no label of the analysis's: said as gnubg writes it
        said = outcome.given or (format_play(game.position, given) if isinstance(given, Play) else given)
        best = outcome.best
        if drill.kind == "play":
            play = next((p for p in game.legal_plays() if p.result.position_id() == best.result), None)
            scene.show_best(play.moves if play is not None else ())
        analysis = outcome.drill.analysis
        lines = analysis.choices if analysis else ()
        verdict = Verdict(
            outcome.right,
            said,
            _best_words(drill, best.label, analysis.best if analysis else best.label),
            None if outcome.at_least else outcome.cost,
            lines,
            outcome.drill.due,
            self.book.today(),
            worst=outcome.cost,
        )
        last = self.at + 1 >= len(self.drills)
        return Push(
            AnswerScene(
                self.services,
                verdict,
                next_label="Done" if last else "Next",
                next_drill=lambda: Pop(scene, self._next(self.at + 1)),
                more=self.more,
                close=self.close,
            )
        )

    def more(self) -> Transition | None:
        """Practise more: the drills not yet in this run are added after it (soonest due first)."""
        scene = self.scene
        extra = self.book.more(besides=[d.id for d in self.drills])
        if not extra:
            return Tell("Practise more", ("Every drill there is has been asked in this run.",))
        self.drills = [*self.drills, *extra]
        return Pop(scene, self._show(self.at + 1))

    def close(self) -> Transition | None:
        """Close the drill on show (and its answer) and go back where the run was started from."""
        scene, self.scene = self.scene, None
        summary = f"{self.right} of {self.asked} right" if self.asked else ""
        words = (f"This run: {summary}.",) if summary else ()
        return chain(
            Pop(scene) if scene is not None else None, self.done(), Tell("Drills", words) if words else None
        )


def _seat(drill: Drill) -> int:
    """The seat of the player asked: the one on roll, or for a take the one doubled (the Match ID of
    a take holds the double offered, as gnubg writes it, or the doubler's turn before it)."""
    key = MatchKey.from_id(drill.match_id)
    if drill.kind != "take":
        return key.on_roll
    return key.turn if key.doubled else 1 - key.on_roll


def _best_words(drill: Drill, best_label: str, best_action: str) -> str:
    """The best answer as the window says it: the play, or the cube action ("no double", "too good")."""
    return best_label if drill.kind == "play" else best_action
