"""The computer opponent: a trained evaluator, four levels, cube decisions, sliced thinking.

>>> from cart.ai import Bot, LEVELS
>>> LEVELS
('beginner', 'intermediate', 'expert', 'master')
"""

from .bot import LEVELS, Bot, CubeDecision, Evaluation, Level, load_weights
from .net import Weights, WeightsError

__all__ = ["LEVELS", "Bot", "CubeDecision", "Evaluation", "Level", "Weights", "WeightsError", "load_weights"]
