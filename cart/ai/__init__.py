"""The computer opponent: a trained evaluator, four levels, cube decisions, sliced thinking.

A front end asks :mod:`cart.ai.turn` for the action the computer takes now
(:func:`think_action`) and for the hint (:func:`think_hint`); :mod:`cart.ai.review`
tells a whole game back.

>>> from cart.ai import Bot, LEVELS
>>> LEVELS
('beginner', 'intermediate', 'expert', 'master')
"""

from .bot import (
    LEVELS as LEVELS,
    Bot as Bot,
    CubeDecision as CubeDecision,
    Evaluation as Evaluation,
    Level as Level,
    drain as drain,
    load_weights as load_weights,
    think_load_weights as think_load_weights,
)
from .net import Weights as Weights, WeightsError as WeightsError
from .turn import (
    Hint as Hint,
    choose_action as choose_action,
    hint as hint,
    think_action as think_action,
    think_hint as think_hint,
)
