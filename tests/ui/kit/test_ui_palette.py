"""The 16 Wimp colours reach ``pyxel.colors`` exactly, and colours are only named in palette.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pyxel

from cart.ui.kit import palette
from cart.ui.kit.assets import Assets

UI = Path(palette.__file__).parents[1]  # cart/ui, every room

# Pyxel drawing methods and the position of their colour argument.
COLOUR_ARG = {
    "cls": 0,
    "pset": 2,
    "line": 4,
    "rect": 4,
    "rectb": 4,
    "circ": 3,
    "circb": 3,
    "tri": 6,
    "trib": 6,
    "elli": 4,
    "ellib": 4,
    "fill": 2,
    "pal": 0,
    "text": 3,
}
# Our Assets helpers take the image first, so the colour comes one later.
ASSET_COLOUR_ARG = {"text": 4, "text_centered": 4}


def test_apply_sets_exactly_the_wimp_palette(assets: Assets) -> None:
    pyxel.colors[:] = [0x123456] * 20
    palette.apply()
    assert list(pyxel.colors) == list(palette.WIMP_RGB)
    assert len(palette.WIMP_RGB) == 16 == len(set(palette.WIMP_RGB))


def test_wimp_names_match_the_documented_palette() -> None:
    assert palette.WIMP_RGB[palette.Wimp.CREAM] == 0xEEEEBB
    assert palette.WIMP_RGB[palette.Wimp.RED] == 0xDD0000
    assert [w.value for w in palette.Wimp] == list(range(16))


def test_every_role_is_a_wimp_colour() -> None:
    roles = {k: v for k, v in vars(palette).items() if k.isupper() and k != "WIMP_RGB"}
    assert len(roles) > 20
    assert all(
        isinstance(v, palette.Wimp) or (isinstance(v, tuple) and all(isinstance(c, palette.Wimp) for c in v))
        for v in roles.values()
    ), roles  # a role is a Wimp colour, or a few (the graph's lines)


def _bare_colours(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        receiver = ast.unparse(node.func.value)
        table = ASSET_COLOUR_ARG if receiver in ("a", "assets", "self.assets") else COLOUR_ARG
        index = table.get(node.func.attr)
        if index is not None and index < len(node.args):
            arg = node.args[index]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, int):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_bare_colour_numbers_outside_palette() -> None:
    files = [p for p in sorted(UI.rglob("*.py")) if p.name != "palette.py"]
    assert files
    assert [hit for p in files for hit in _bare_colours(p)] == []


def test_the_bare_colour_check_finds_one(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("g.rect(1, 2, 3, 4, 7)\na.text(g, 1, 2, 'x', 11)\ng.rect(1, 2, 3, 4, wimp.FRAME)\n")
    assert len(_bare_colours(bad)) == 2
