"""The tutor: before a person's play or cube action is confirmed, the master's word when it costs.

The review's judgement of one action not yet applied: a question when it loses
at least ``threshold`` (a "bad" error by default), None when it is fine, when
there is nothing to judge, or when it is illegal (the engine will say why). It
never changes the match.

>>> import random
>>> from cart.engine import Match, Move, Rules
>>> m = Match(Rules(), rng=random.Random(1))
>>> _ = m.roll((6, 1))
>>> tutor_check(m, Move(((8, 2), (6, 5))), ply=0)
'The Master prefers 13/7 8/7: play your 8/2 6/5 anyway?'
>>> print(tutor_check(m, Move(((13, 7), (8, 7))), ply=0))
None
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from ...engine import Action, Double, Drop, EngineError, Match, Move, Roll, Take, format_play
from ...engine.fast import flip_key
from ..bot import Bot, drain, think_teacher_weights
from ..net import Weights
from .model import BAD, Mark, Moves, mark
from .play import DEEP_PLY, teacher
from .work import cube_matters, cube_review, cube_view, think_play_review


@dataclass(frozen=True)
class Advice:
    """What the tutor says of an action that costs: the question, what it loses (EMG, as the review
    measures it) and the Master's play instead (its moves in the mover's numbering; () for the cube)."""

    question: str
    loss: float
    best: Moves = ()

    @property
    def mark(self) -> Mark:
        """The review's mark for the loss ("bad"...)."""
        return mark(self.loss)


_CUBE_QUESTIONS = {
    ("double", "no double"): "The Master would not double here: double anyway?",
    ("double", "too good"): "The Master would play on for the gammon: double anyway?",
    ("no double", "double"): "The Master would double here: roll anyway?",
    ("take", "drop"): "The Master would drop: take anyway?",
    ("drop", "take"): "The Master would take: drop anyway?",
}


def think_tutor(
    match: Match,
    action: Action,
    threshold: float = BAD,
    *,
    ply: int = DEEP_PLY,
    weights: Weights | None = None,
) -> Generator[None, None, Advice | None]:
    """:func:`tutor_check` as a generator, a bounded slice per ``next()``: its value the advice whole.

    A play is judged at ``ply`` (the deep pass's 2-ply by default, with the :func:`teacher`'s
    tables, which the hint may have filled), a cube action by the master's cube (2-ply chances),
    both on the teacher's nets unless ``weights``.
    """
    weights = weights if weights is not None else (yield from think_teacher_weights())
    game = match.game
    if isinstance(action, Move):
        if game.phase != "move" or game.dice is None:
            return None
        try:
            play = game.find(action)
        except EngineError:
            return None
        cube = cube_view(game, match.score)
        judged = yield from think_play_review(
            weights, game.position, game.dice, flip_key(play.result.key), ply, cube, teacher(weights)
        )
        if judged.loss < threshold or judged.loss <= 0.0:
            return None
        best, made = format_play(game.position, judged.best), format_play(game.position, play)
        question = f"The Master prefers {best}: play your {made} anyway?"
        return Advice(question, judged.loss, judged.best.moves)
    if not (
        (isinstance(action, (Double, Roll)) and game.phase == "roll" and cube_matters(game, match.score))
        or (isinstance(action, (Take, Drop)) and game.phase == "doubled")
    ):
        return None
    decision = yield from Bot("master", weights=weights).think_cube(match)
    if decision is None:
        return None
    judged_cube = cube_review(decision, game, match.score, action, len(match.record), match.game_number)
    if judged_cube.loss < threshold or judged_cube.loss <= 0.0:
        return None
    asked = _CUBE_QUESTIONS.get((judged_cube.made, judged_cube.right))
    return None if asked is None else Advice(asked, judged_cube.loss)


def tutor_check(
    match: Match,
    action: Action,
    threshold: float = BAD,
    *,
    ply: int = DEEP_PLY,
    weights: Weights | None = None,
) -> str | None:
    """The question to ask before ``action`` is applied to ``match``, or None to let it through."""
    advice = drain(think_tutor(match, action, threshold, ply=ply, weights=weights))
    return None if advice is None else advice.question
