"""The computer opponent: a trained evaluator, four levels, cube decisions, sliced thinking.

A front end asks :mod:`cart.ai.turn` for the action the computer takes now
(:func:`think_action`) and for the hint (:func:`think_hint`); :mod:`cart.ai.review`
tells a whole game back.

Importing the package loads none of that: each name is loaded on first use (PEP 562), so
the title shows before the AI is read, and :func:`think_ready` loads it a module a slice.

>>> from cart.ai import Bot, LEVELS
>>> LEVELS
('beginner', 'intermediate', 'expert', 'master')
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from cart.import_order import lazy_face, think_imports

if TYPE_CHECKING:
    from .bot import (
        Bot as Bot,
        CubeDecision as CubeDecision,
        Evaluation as Evaluation,
        Level as Level,
        drain as drain,
        load_weights as load_weights,
        teacher_weights as teacher_weights,
        think_load_weights as think_load_weights,
        think_teacher_weights as think_teacher_weights,
    )
    from .levels import LEVELS as LEVELS
    from .net import Weights as Weights, WeightsError as WeightsError
    from .turn import (
        Hint as Hint,
        choose_action as choose_action,
        hint as hint,
        think_action as think_action,
        think_hint as think_hint,
    )

_HOME = {
    "LEVELS": "levels",
    **dict.fromkeys(
        (
            "Bot",
            "CubeDecision",
            "Evaluation",
            "Level",
            "drain",
            "load_weights",
            "teacher_weights",
            "think_load_weights",
            "think_teacher_weights",
        ),
        "bot",
    ),
    **dict.fromkeys(("Weights", "WeightsError"), "net"),
    **dict.fromkeys(("Hint", "choose_action", "hint", "think_action", "think_hint"), "turn"),
}
"""Where each of the package's names lives."""

THOUGHT = ("cart.ai.turn",)
"""What a thought needs: the computer's turn and the hint, with all they import of the cart
(:func:`cart.import_order.import_order` says in which order)."""


__getattr__ = lazy_face(__name__, _HOME)


def think_ready() -> Generator[None, None, None]:
    """Load the AI in slices, for a frame that cannot wait for it all: a module, then a table, a slice.

    Each module is imported after those it needs, so no slice imports more than one.
    """
    yield from think_imports(THOUGHT)
    from .features import think_tables

    yield from think_tables()
