"""Errors a player's input can cause. All are ``ValueError`` so callers can catch one thing."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class PositionError(EngineError):
    """A board that cannot exist (wrong checker count, both colours on a point, bad ID)."""


class NotationError(EngineError):
    """Move text that cannot be read. The message quotes the text and the Position ID."""


class IllegalPlayError(EngineError):
    """A readable play that the rules forbid. The message quotes it and the Position ID."""


class IllegalActionError(EngineError):
    """A game action out of turn (rolling twice, doubling without access to the cube...)."""


class RulesError(EngineError):
    """A rule set that cannot be played (a cube limit of 48, a match of -1 points...)."""


class RecordError(EngineError):
    """A match record that the engine refuses; the message names the action's index."""
