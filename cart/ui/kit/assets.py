"""The built assets the cart draws with: the 8x16 system font and the sprite atlas.

``tools/build_assets.py`` builds ``cart/assets/`` from ``sprites/``; this only
loads it, palette first, since Pyxel maps every loaded RGB to the nearest colour in force.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

import pyxel

import cart.ui.kit.palette as palette

ASSET_DIR = Path(__file__).resolve().parents[2] / "assets"
CHAR_W = 8  # every glyph of the system font is 8 pixels wide ...
CHAR_H = 16  # ... and 16 tall (8x8 with each row doubled)


class Sprite(NamedTuple):
    """Where a named sprite lies in the atlas."""

    u: int
    v: int
    w: int
    h: int


class Assets:
    """The system font and the sprite atlas, with the two ways the UI draws from them."""

    def __init__(self, font: pyxel.Font, sheet: pyxel.Image, sprites: dict[str, Sprite]) -> None:
        self.font = font
        self.sheet = sheet
        self.sprites = sprites

    @classmethod
    def load(cls, folder: Path = ASSET_DIR) -> Assets:
        """Install the Wimp palette, then load the font and sprites by absolute paths."""
        palette.apply()
        folder = folder.resolve()
        index = json.loads((folder / "sprites.json").read_text(encoding="ascii"))
        sprites = {name: Sprite(*rect) for name, rect in index.items()}
        sheet = pyxel.Image.from_image(str(folder / "sprites.png"))
        return cls(pyxel.Font(str(folder / "font.bdf")), sheet, sprites)

    def text(self, g: pyxel.Image, x: int, y: int, s: str, col: int) -> None:
        """Write ``s`` with its first cell's top-left at (x, y)."""
        g.text(x, y, s, col, self.font)

    def text_width(self, s: str) -> int:
        return CHAR_W * len(s)

    def text_centered(self, g: pyxel.Image, cx: int, y: int, s: str, col: int) -> None:
        """Write ``s`` centred on column ``cx``."""
        g.text(cx - self.text_width(s) // 2, y, s, col, self.font)

    def blt(self, g: pyxel.Image, x: int, y: int, name: str) -> None:
        """Draw sprite ``name`` with its top-left at (x, y); green is transparent."""
        s = self.sprites[name]
        g.blt(x, y, self.sheet, s.u, s.v, s.w, s.h, palette.SPRITE_KEY)
