"""The built assets are up to date with the source art, load in Pyxel, and hold what the UI draws."""

from __future__ import annotations

import json
import struct
import zlib
from collections.abc import Callable
from types import ModuleType

import pytest
import pyxel

from cart.ui.kit import palette
from cart.ui.kit.assets import ASSET_DIR, CHAR_H, CHAR_W, Assets

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _rgb_png(width: int, height: int, rgba: list[tuple[int, int, int, int]]) -> bytes:
    """An 8-bit RGBA PNG, compressed: like what a paint program saves."""
    raw = b"".join(
        b"\x00" + bytes(c for px in rgba[y * width : (y + 1) * width] for c in px) for y in range(height)
    )

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def test_committed_assets_are_not_stale(build: ModuleType) -> None:
    """Fails when sprites/ changed without ``python -m tools.build_assets``."""
    built = build.build_all()
    assert sorted(built) == ["font.bdf", "sprites.json", "sprites.png"]
    assert build.stale(built, ASSET_DIR) == []


def test_png_round_trip_and_paint_program_files(build: ModuleType) -> None:
    picture = build.Picture(3, 2, (bytes([0, 7, 11]), bytes([12, 15, 9])))
    assert build.read_png(build.write_png(picture), "x.png") == picture
    rgb = [(0xFF, 0xFF, 0xFF, 255), (0xDD, 0x00, 0x00, 255), (0xEE, 0xEE, 0xBB, 255), (0, 0, 0, 255)]
    assert build.read_png(_rgb_png(2, 2, rgb), "y.png").pixels == (bytes([0, 11]), bytes([12, 7]))


@pytest.mark.parametrize(
    ("pixel", "message"),
    [((0xDD, 0x00, 0x01, 255), "#DD0001, not one of the 16 Wimp colours"), ((0, 0, 0, 0), "not opaque")],
)
def test_art_outside_the_palette_is_refused(
    build: ModuleType, pixel: tuple[int, int, int, int], message: str
) -> None:
    with pytest.raises(build.AssetError, match=message):
        build.read_png(_rgb_png(2, 1, [(0, 0, 0, 255), pixel]), "bad.png")


def test_font_is_8x16_with_doubled_rows(build: ModuleType) -> None:
    text = (ASSET_DIR / "font.bdf").read_text()
    assert text.count("STARTCHAR") == 95
    assert "FONTBOUNDINGBOX 8 16 0 -2" in text
    glyph = text.split("ENCODING 65\n")[1].split("BITMAP\n")[1].split("ENDCHAR")[0].split()
    assert len(glyph) == 16 and glyph[0::2] == glyph[1::2] and any(int(row, 16) for row in glyph)


def test_font_loads_and_renders(assets: Assets, screen_bytes: Callable[[], bytes]) -> None:
    assert assets.font.text_width("Gammon Cart") == 11 * CHAR_W == assets.text_width("Gammon Cart")
    g = pyxel.screen
    g.cls(palette.FIELD_BG)
    assets.text(g, 16, 32, "HI gj", palette.TEXT)
    ink = [(x, y) for y in range(48) for x in range(56) if g.pget(x, y) == palette.TEXT]
    ys = {y for _, y in ink}
    assert min(ys) == 32  # the cell's top row is where the text was asked to go
    assert max(ys) == 32 + CHAR_H - 1  # descenders reach the last doubled row
    assert all((x, y ^ 1) in ink for x, y in ink)  # every row doubled
    assert set(screen_bytes()) == {palette.FIELD_BG, palette.TEXT}


def test_atlas_fits_a_bank_and_every_sprite_is_there(assets: Assets) -> None:
    index = json.loads((ASSET_DIR / "sprites.json").read_text())
    assert assets.sheet.width == 256 and assets.sheet.height <= 256
    for name, (u, v, w, h) in index.items():
        assert u + w <= assets.sheet.width and v + h <= assets.sheet.height, name
    colours = ("white", "red", "black")
    wanted = {"cube", "icon_back", "icon_close", "icon_toggle", "menu_tick", "menu_submenu", "pointer"}
    wanted |= {f"{kind}_{state}" for kind in ("radio", "option") for state in ("on", "off")}
    wanted |= {f"player_{who}" for who in ("human", "computer")}
    wanted |= {f"arrow_{d}_{c}" for d in ("up", "down") for c in ("yellow", "red")}
    wanted |= {f"{kind}_{c}" for kind in ("checker", "edge", "token") for c in colours}
    wanted |= {f"die_{c}_{n}" for c in colours for n in range(1, 7)}
    assert set(index) == wanted  # each is drawn by the UI; nothing unused ships


def test_sprite_key_is_transparent(assets: Assets, screen_bytes: Callable[[], bytes]) -> None:
    g = pyxel.screen
    g.cls(palette.Wimp.LIGHT_BLUE)
    assets.blt(g, 0, 0, "checker_red")
    assert g.pget(0, 0) == palette.Wimp.LIGHT_BLUE  # the corner outside the disc
    assert g.pget(14, 14) == palette.Wimp.RED
    assert palette.SPRITE_KEY not in set(screen_bytes())


@pytest.mark.parametrize("colour", ["white", "red", "black"])
def test_dice_pips_are_big_and_counted_right(assets: Assets, colour: str) -> None:
    """Issue 19: every face shows as many separate pips as it counts, each at least 6 pixels across.

    Pips of 2-3 pixels ran together at a glance (a 4 read as a 3); now each
    is a 6x6 blob with a gap round it, counted here as the eye counts them.
    """
    for face in range(1, 7):
        u, v, w, h = assets.sprites[f"die_{colour}_{face}"]
        paper = assets.sheet.pget(u + 3, v + 3)
        inside = {
            (x, y)
            for y in range(2, h - 2)
            for x in range(2, w - 2)
            if assets.sheet.pget(u + x, v + y) != paper
        }
        blobs: list[set[tuple[int, int]]] = []
        while inside:
            todo = [inside.pop()]
            blob = set(todo)
            while todo:
                x, y = todo.pop()
                for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if near in inside:
                        inside.discard(near)
                        blob.add(near)
                        todo.append(near)
            blobs.append(blob)
        assert len(blobs) == face, (colour, face)
        for blob in blobs:
            assert max(x for x, _ in blob) - min(x for x, _ in blob) + 1 >= 6, (colour, face)
            assert max(y for _, y in blob) - min(y for _, y in blob) + 1 >= 6, (colour, face)
