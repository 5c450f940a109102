"""Build what the cart loads (``cart/assets/``) from the source art (``sprites/``).

The source art is PNG in the 16 Wimp colours, drawn by hand and edited in any
paint program; the cart loads formats Pyxel reads directly:

- ``sprites/font.png``: 95 glyphs (printable ASCII, space first) in 8x8 cells,
  16 to a row, black ink on white paper -> ``cart/assets/font.bdf``, an 8x16
  BDF font with every row doubled, as the RISC OS Wimp shows its 8x8 system
  font in square-pixel modes.
- the sprite sheets listed in :data:`SHEETS` (cells of one size, named row by
  row, green = transparent) -> ``cart/assets/sprites.png``, one atlas that fits
  a Pyxel image bank, and ``cart/assets/sprites.json``, each sprite's name and
  rectangle in it.

Run ``python -m tools.build_assets`` after editing the art; ``--check`` only
says whether the committed assets are stale (the tests do the same). The output
is the same bytes on every machine: the PNG codec is plain Python and the atlas
is written with stored (uncompressed) deflate blocks, because zlib builds
(zlib, zlib-ng) compress the same data to different bytes.
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

from cart.ui.kit.palette import SPRITE_KEY, WIMP_RGB, Wimp

ROOT = Path(__file__).resolve().parent.parent

SPRITES = ROOT / "sprites"
ASSETS = ROOT / "cart" / "assets"

FONT_SOURCE = "font.png"
FONT_CELL = 8
FONT_COLUMNS = 16
FONT_FIRST, FONT_LAST = 32, 126
FONT_INK, FONT_PAPER = Wimp.BLACK, Wimp.WHITE
FONT_ASCENT = 14  # pixels above the baseline in the doubled font (glyph rows 0..6)

ATLAS_WIDTH = 256
ATLAS_MAX_HEIGHT = 256  # one Pyxel image bank

SHEETS: dict[str, tuple[int, int, tuple[tuple[str, ...], ...]]] = {
    "pieces.png": (
        28,
        28,
        (
            ("checker_white", "checker_red", "checker_black", "cube"),
            tuple(f"die_white_{n}" for n in range(1, 7)),
            tuple(f"die_red_{n}" for n in range(1, 7)),
            tuple(f"die_black_{n}" for n in range(1, 7)),
        ),
    ),
    "bins.png": (10, 30, (("edge_white", "edge_red", "edge_black"),)),
    "tokens.png": (12, 12, (("token_white", "token_red", "token_black"),)),
    "arrows.png": (16, 16, (("arrow_down_yellow", "arrow_up_yellow", "arrow_down_red", "arrow_up_red"),)),
    "furniture.png": (20, 20, (("icon_back", "icon_close", "icon_toggle"),)),
    "widgets.png": (
        16,
        16,
        (("radio_off", "radio_on", "option_off", "option_on", "menu_submenu", "menu_tick"),),
    ),
    "players.png": (32, 32, (("player_human", "player_computer"),)),
    "pointer.png": (16, 20, (("pointer",),)),  # RISC OS's arrow: light blue edge, dark blue, a red rim
}
"""Source sheet -> (cell width, cell height, sprite names row by row)."""


class AssetError(ValueError):
    """Source art the build refuses; the message names the file and the place."""


# -- PNG ---------------------------------------------------------------------------
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Picture:
    """A decoded image as palette indices, row by row."""

    width: int
    height: int
    pixels: tuple[bytes, ...]

    def cell(self, x: int, y: int, w: int, h: int) -> list[bytes]:
        return [row[x : x + w] for row in self.pixels[y : y + h]]


def _chunks(data: bytes, name: str) -> list[tuple[bytes, bytes]]:
    if not data.startswith(PNG_SIGNATURE):
        raise AssetError(f"{name}: not a PNG file")
    out = []
    i = len(PNG_SIGNATURE)
    while i < len(data):
        (length,) = struct.unpack(">I", data[i : i + 4])
        kind = data[i + 4 : i + 8]
        out.append((kind, data[i + 8 : i + 8 + length]))
        i += 12 + length
    return out


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _unfilter(raw: bytes, height: int, stride: int, bpp: int, name: str) -> list[bytes]:
    rows: list[bytes] = []
    prev = bytearray(stride)
    pos = 0
    for y in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1 : pos + 1 + stride])
        pos += 1 + stride
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up = prev[x]
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + ((left + up) >> 1)) & 255
            elif kind == 4:
                upleft = prev[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + _paeth(left, up, upleft)) & 255
            elif kind != 0:
                raise AssetError(f"{name}: row {y} has unknown filter {kind}")
        rows.append(bytes(line))
        prev = line
    return rows


def read_png(data: bytes, name: str) -> Picture:
    """Decode a non-interlaced PNG whose every pixel is exactly one of the 16 Wimp colours.

    Greyscale, RGB, RGBA and indexed images of 8 bits (indexed also 1, 2, 4) are
    read; a pixel of any other colour, or not fully opaque, is an ``AssetError``.
    """
    chunks = _chunks(data, name)
    header = next((body for kind, body in chunks if kind == b"IHDR"), None)
    if header is None:
        raise AssetError(f"{name}: no IHDR chunk")
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if interlace:
        raise AssetError(f"{name}: interlaced PNGs are not supported; save it without interlacing")
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour_type)
    if channels is None or (depth != 8 and not (colour_type == 3 and depth in (1, 2, 4))):
        raise AssetError(f"{name}: colour type {colour_type} at {depth} bits is not supported")
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = (width * channels * depth + 7) // 8
    rows = _unfilter(raw, height, stride, max(1, channels * depth // 8), name)
    palette = [body for kind, body in chunks if kind == b"PLTE"]
    alpha = next((body for kind, body in chunks if kind == b"tRNS"), b"")
    wimp = {rgb: i for i, rgb in enumerate(WIMP_RGB)}
    out = []
    for y, row in enumerate(rows):
        if colour_type == 3:
            per = 8 // depth
            idx = [(row[x // per] >> (8 - depth * (x % per + 1))) & ((1 << depth) - 1) for x in range(width)]
            plte = palette[0] if palette else b""
            rgba = [
                (int.from_bytes(plte[3 * i : 3 * i + 3], "big"), alpha[i] if i < len(alpha) else 255)
                for i in idx
            ]
        else:
            px = [row[x * channels : (x + 1) * channels] for x in range(width)]
            if colour_type in (0, 4):
                rgba = [(p[0] * 0x010101, p[1] if colour_type == 4 else 255) for p in px]
            else:
                rgba = [(int.from_bytes(p[:3], "big"), p[3] if colour_type == 6 else 255) for p in px]
        line = bytearray()
        for x, (rgb, a) in enumerate(rgba):
            if a != 255:
                raise AssetError(f"{name}: pixel ({x}, {y}) is not opaque; paint it green (transparent)")
            if rgb not in wimp:
                raise AssetError(f"{name}: pixel ({x}, {y}) is #{rgb:06X}, not one of the 16 Wimp colours")
            line.append(wimp[rgb])
        out.append(bytes(line))
    return Picture(width, height, tuple(out))


def _stored_zlib(data: bytes) -> bytes:
    """A zlib stream of stored deflate blocks: the same bytes from every zlib build."""
    out = bytearray(b"\x78\x01")
    step = 65535
    for i in range(0, max(len(data), 1), step):
        block = data[i : i + step]
        final = 1 if i + step >= len(data) else 0
        out += struct.pack("<BHH", final, len(block), len(block) ^ 0xFFFF) + block
    out += struct.pack(">I", zlib.adler32(data))
    return bytes(out)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def write_png(picture: Picture) -> bytes:
    """A 4-bit indexed PNG over the Wimp palette (palette index = Wimp colour)."""
    raw = bytearray()
    for row in picture.pixels:
        padded = row + b"\x00" * (len(row) % 2)
        raw.append(0)
        raw += bytes((padded[i] << 4) | padded[i + 1] for i in range(0, len(padded), 2))
    header = struct.pack(">IIBBBBB", picture.width, picture.height, 4, 3, 0, 0, 0)
    plte = b"".join(rgb.to_bytes(3, "big") for rgb in WIMP_RGB)
    return (
        PNG_SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"PLTE", plte)
        + _chunk(b"IDAT", _stored_zlib(bytes(raw)))
        + _chunk(b"IEND", b"")
    )


# -- the font ----------------------------------------------------------------------
def build_font(picture: Picture, name: str = FONT_SOURCE) -> bytes:
    """The 8x16 BDF: each 8x8 cell's rows doubled; only black and white allowed."""
    count = FONT_LAST - FONT_FIRST + 1
    rows_needed = (count + FONT_COLUMNS - 1) // FONT_COLUMNS
    if picture.width != FONT_CELL * FONT_COLUMNS or picture.height != FONT_CELL * rows_needed:
        raise AssetError(
            f"{name}: expected {FONT_CELL * FONT_COLUMNS}x{FONT_CELL * rows_needed} "
            f"(8x8 cells, {FONT_COLUMNS} a row), got {picture.width}x{picture.height}"
        )
    height = 2 * FONT_CELL
    descent = height - FONT_ASCENT
    lines = [
        "STARTFONT 2.1",
        "COMMENT Gammon Cart system font, drawn for the project (MIT, see pyproject.toml)",
        "COMMENT built from sprites/font.png by tools/build_assets.py: do not edit",
        f"FONT -gammoncart-system-medium-r-normal--{height}-{height * 10}-75-75-c-80-iso10646-1",
        f"SIZE {height} 75 75",
        f"FONTBOUNDINGBOX {FONT_CELL} {height} 0 {-descent}",
        "STARTPROPERTIES 3",
        f"FONT_ASCENT {FONT_ASCENT}",
        f"FONT_DESCENT {descent}",
        "DEFAULT_CHAR 63",
        "ENDPROPERTIES",
        f"CHARS {count}",
    ]
    for i, code in enumerate(range(FONT_FIRST, FONT_LAST + 1)):
        cx, cy = (i % FONT_COLUMNS) * FONT_CELL, (i // FONT_COLUMNS) * FONT_CELL
        bitmap = []
        for y, row in enumerate(picture.cell(cx, cy, FONT_CELL, FONT_CELL)):
            bits = 0
            for x, colour in enumerate(row):
                if colour not in (FONT_INK, FONT_PAPER):
                    raise AssetError(
                        f"{name}: pixel ({cx + x}, {cy + y}) of {chr(code)!r} is not black or white"
                    )
                bits |= (colour == FONT_INK) << (FONT_CELL - 1 - x)
            bitmap += [f"{bits:02X}"] * 2
        lines += [
            f"STARTCHAR U+{code:04X}",
            f"ENCODING {code}",
            "SWIDTH 500 0",
            f"DWIDTH {FONT_CELL} 0",
            f"BBX {FONT_CELL} {height} 0 {-descent}",
            "BITMAP",
            *bitmap,
            "ENDCHAR",
        ]
    lines.append("ENDFONT")
    return ("\n".join(lines) + "\n").encode("ascii")


# -- the sprite atlas ----------------------------------------------------------------
def build_atlas(sheets: dict[str, Picture]) -> tuple[bytes, bytes]:
    """Pack the sheets (whole, tallest first, in shelves) into one atlas; PNG and JSON index."""
    order = sorted(SHEETS, key=lambda s: (-SHEETS[s][1], s))
    placed: dict[str, tuple[int, int]] = {}
    x = y = shelf = 0
    for name in order:
        picture = sheets[name]
        cw, ch, names = SHEETS[name]
        cols = max(len(r) for r in names)
        if picture.width != cw * cols or picture.height != ch * len(names):
            raise AssetError(
                f"{name}: expected {cw * cols}x{ch * len(names)} ({len(names)} rows of up to {cols} "
                f"{cw}x{ch} cells), got {picture.width}x{picture.height}"
            )
        if x + picture.width > ATLAS_WIDTH:
            x, y, shelf = 0, y + shelf, 0
        placed[name] = (x, y)
        x += picture.width
        shelf = max(shelf, picture.height)
    height = y + shelf
    if height > ATLAS_MAX_HEIGHT:
        raise AssetError(f"the sprites need a {ATLAS_WIDTH}x{height} atlas; an image bank is 256x256")
    canvas = [bytearray([SPRITE_KEY]) * ATLAS_WIDTH for _ in range(height)]
    index: dict[str, list[int]] = {}
    for name in order:
        ox, oy = placed[name]
        picture = sheets[name]
        for dy, row in enumerate(picture.pixels):
            canvas[oy + dy][ox : ox + picture.width] = row
        cw, ch, names = SHEETS[name]
        for r, row_names in enumerate(names):
            for c, sprite in enumerate(row_names):
                index[sprite] = [ox + c * cw, oy + r * ch, cw, ch]
    png = write_png(Picture(ATLAS_WIDTH, height, tuple(bytes(r) for r in canvas)))
    text = json.dumps(dict(sorted(index.items())), indent=1, sort_keys=True) + "\n"
    return png, text.encode("ascii")


def build_all(sprites: Path = SPRITES) -> dict[str, bytes]:
    """Every built asset, by file name under ``cart/assets/``."""

    def load(name: str) -> Picture:
        return read_png((sprites / name).read_bytes(), f"sprites/{name}")

    png, index = build_atlas({name: load(name) for name in SHEETS})
    return {"font.bdf": build_font(load(FONT_SOURCE)), "sprites.png": png, "sprites.json": index}


def stale(built: dict[str, bytes], assets: Path = ASSETS) -> list[str]:
    """The built files whose committed copy is missing or differs."""
    return [
        name
        for name, data in built.items()
        if not (assets / name).is_file() or (assets / name).read_bytes() != data
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale assets (exit 1 if any)")
    args = parser.parse_args(argv)
    try:
        built = build_all()
    except AssetError as exc:
        print(f"build_assets: {exc}", file=sys.stderr)
        return 2
    changed = stale(built)
    if args.check:
        for name in changed:
            print(f"stale: cart/assets/{name} (run python -m tools.build_assets)")
        return 1 if changed else 0
    ASSETS.mkdir(parents=True, exist_ok=True)
    for name in changed:
        (ASSETS / name).write_bytes(built[name])
        print(f"wrote cart/assets/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
