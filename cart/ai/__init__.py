"""The computer opponent: a trained evaluator, four levels, cube decisions, sliced thinking.

:mod:`cart.ai.turn` is what a front end asks: the action the computer takes
now (:func:`think_action`, applied with ``match.apply``) and the hint
(:func:`think_hint`).

>>> from cart.ai import Bot, LEVELS
>>> LEVELS
('beginner', 'intermediate', 'expert', 'master')
"""

from .bot import LEVELS, Bot, CubeDecision, Evaluation, Level, drain, load_weights, think_load_weights
from .net import Weights, WeightsError
from .turn import Hint, choose_action, hint, think_action, think_hint

__all__ = [
    "LEVELS",
    "Bot",
    "CubeDecision",
    "Evaluation",
    "Hint",
    "Level",
    "Weights",
    "WeightsError",
    "choose_action",
    "drain",
    "hint",
    "load_weights",
    "think_action",
    "think_hint",
    "think_load_weights",
]
