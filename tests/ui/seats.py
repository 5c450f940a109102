"""The games the UI tests start, said in the store's options as the Create form says them."""

from __future__ import annotations

from cart.engine import Rules
from cart.store import GameOptions


def against(level: str = "intermediate", rules: Rules | None = None, you: str = "You") -> GameOptions:
    """You (Red, seat 1) against the computer at ``level`` in seat 0, the form's first choice of side."""
    return GameOptions(rules or Rules(), (level.title(), you), computer=0, level=level)


def two(names: tuple[str, str] = ("White player", "Red player"), rules: Rules | None = None) -> GameOptions:
    """Two people at one machine, named by their colours unless given (seat 0 first)."""
    return GameOptions(rules or Rules(), names)
