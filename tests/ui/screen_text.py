"""Reading the screen's words back, as a player would: the system font's glyphs matched cell by cell.

A test that a message is shown whole must look at the pixels, not at the
scene's strings: a string can be whole while its drawing is cut. Each glyph
of the font is drawn once off screen; a line of text at a known top row is
read by sliding along it and matching 8x16 cells of one colour exactly.
"""

from __future__ import annotations

from functools import cache

import pyxel

from cart.ui.kit.assets import CHAR_H, CHAR_W, Assets
from cart.ui.kit.text import PRINTABLE

__all__ = ["read_line", "read_rows"]

INK = 7  # any colour: glyphs are kept as masks


@cache
def _glyphs(assets: Assets) -> dict[tuple[int, ...], str]:
    """Each printable glyph's mask (one int a row, bit per column) -> its character (blank left out)."""
    img = pyxel.Image(CHAR_W * len(PRINTABLE), CHAR_H)
    chars = sorted(PRINTABLE)
    img.cls(0)
    for i, c in enumerate(chars):
        assets.text(img, i * CHAR_W, 0, c, INK)
    found: dict[tuple[int, ...], str] = {}
    for i, c in enumerate(chars):
        mask = tuple(
            sum(1 << x for x in range(CHAR_W) if img.pget(i * CHAR_W + x, y) == INK) for y in range(CHAR_H)
        )
        if any(mask):
            found.setdefault(mask, c)
    return found


def read_line(assets: Assets, y: int, colour: int, x0: int = 0, x1: int = 640) -> str:
    """The text drawn in ``colour`` with its cells' top row at ``y``, between ``x0`` and ``x1``.

    Spaces are counted from the gaps between glyphs (whole cells); the ends are stripped.
    """
    glyphs = _glyphs(assets)
    screen = bytes(pyxel.screen.data_ptr())
    width = pyxel.width
    ink = bytes(0x31 if b == colour else 0x30 for b in range(256))  # the colour's pixels as "1", others "0"
    # each row as one int, bit x for pixel x: a cell's mask row is 8 bits of it
    rows = [int(screen[(y + r) * width : (y + r + 1) * width].translate(ink)[::-1], 2) for r in range(CHAR_H)]
    cell = (1 << CHAR_W) - 1
    out: list[str] = []
    last_end: int | None = None
    x = x0
    while x + CHAR_W <= x1:
        mask = tuple((row >> x) & cell for row in rows)
        c = glyphs.get(mask) if any(mask) else None
        if c is None:
            x += 1
            continue
        if last_end is not None:
            out.append(" " * ((x - last_end) // CHAR_W))
        out.append(c)
        last_end = x + CHAR_W
        x += CHAR_W
    return "".join(out).strip()


def read_rows(assets: Assets, top: int, count: int, colour: int, x0: int = 0, x1: int = 640) -> list[str]:
    """``count`` lines of text one under another from ``top`` (every :data:`CHAR_H` pixels)."""
    return [read_line(assets, top + i * CHAR_H, colour, x0, x1) for i in range(count)]
