"""The table's sound effects, which the kit's :class:`~cart.ui.kit.sound.Sounds` plays by name.

The kit knows how a sound is made and when the settings allow it; what the game
sounds like, the dice, a hit, a man borne off, belongs to the game.
"""

from __future__ import annotations

from typing import Literal

from cart.ui.kit.sound import Notes

Effect = Literal["dice", "click", "slap", "hit", "bear_off", "double", "win", "lose"]

EFFECTS: dict[str, Notes] = {
    "dice": ("c3 a2 d3 g2 e3 c3", "n", "6 5 6 4 5 3", "n", 3),
    "click": ("g3", "n", "3", "f", 4),
    "slap": ("c2 c2", "n", "7 6", "n f", 3),
    "hit": ("c3 g2 c2", "s", "6 5 4", "n n f", 6),
    "bear_off": ("c3 e3 g3", "t", "5", "n n f", 6),
    "double": ("c3 c3 g3 g3", "p", "5", "n n n f", 10),
    "win": ("c3 e3 g3 c4 r g3 c4", "s", "5", "n n n n n n f", 10),
    "lose": ("g3 f3 d#3 d3 c3", "t", "5", "n n n n f", 14),
}
"""Each :data:`Effect` as Pyxel's ``Sound.set`` takes it (a click is a slap when Turkish clicks are on)."""
