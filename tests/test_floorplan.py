"""The floor plan of ``cart/``: which room may import which, read from the source with ``ast``.

``cart/ui`` is five rooms, each importing only those below it, under the App:
kit (the RISC OS toolkit, knowing no game) < board < review < windows < table,
with ``app``, ``title`` and the scene stack on top. ``routes`` (where the App
goes) sits under the rooms that name them. Every import counts, those inside
functions and under ``TYPE_CHECKING`` too: a type is a dependency.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from tools.docweight import LIMIT, share, weigh

CART = Path(__file__).resolve().parents[1] / "cart"
FLOORS = ("kit", "board", "review", "windows", "table")
"""The rooms of ``cart/ui``, lowest first: each imports only itself and those before it."""
ROUTES_NEED: set[str] = set()
"""What ``routes`` imports of the rooms above the kit: nothing, a game being the store's ``GameOptions``."""


def module_of(path: Path) -> str:
    parts = path.relative_to(CART.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_of(p): p for p in sorted(CART.rglob("*.py"))}


def imports(name: str) -> set[str]:
    """The modules of ``cart`` that ``name`` imports anywhere in its text (a package: its ``__init__``)."""
    path = MODULES[name]
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return {m for m in found if m in MODULES and m != name}


@functools.cache
def graph() -> dict[str, set[str]]:
    """Every module's imports of ``cart``, parsed when a test first asks (not as each worker collects)."""
    return {name: imports(name) for name in MODULES}


def room(name: str) -> str:
    """The room of a module of ``cart/ui``: a floor, ``routes``, or ``top`` (the App's own level)."""
    parts = name.split(".")
    if parts[:2] != ["cart", "ui"]:
        return parts[1] if len(parts) > 1 else "cart"
    if len(parts) > 2 and parts[2] in FLOORS:
        return parts[2]
    return "routes" if name == "cart.ui.routes" else "top"


def test_each_room_imports_only_the_floors_below_it() -> None:
    wrong = []
    for name, deps in graph().items():
        if room(name) not in FLOORS:
            continue
        below = set(FLOORS[: FLOORS.index(room(name)) + 1])
        allowed = below | ({"routes"} if room(name) in ("windows", "table") else set())
        wrong += [f"{name} -> {d}" for d in deps if d.startswith("cart.ui") and room(d) not in allowed]
    assert not wrong


def test_the_kit_knows_no_game() -> None:
    """The toolkit keeps the settings and hands the store on; the engine and the computer are the rooms'."""
    kit = [n for n in graph() if room(n) == "kit"]
    assert kit
    assert not [f"{n} -> {d}" for n in kit for d in graph()[n] if d.startswith(("cart.engine", "cart.ai"))]


def test_routes_import_the_kit_only() -> None:
    deps = {d for d in graph()["cart.ui.routes"] if d.startswith("cart.ui")}
    assert {d for d in deps if room(d) != "kit"} <= ROUTES_NEED


def test_the_terminal_game_and_the_phrasebook_know_no_ui() -> None:
    """The events' words are shared by the table and the terminal game, which never imports the UI."""
    below = [n for n in graph() if n.startswith("cart.text") or n == "cart.phrasebook"]
    assert "cart.phrasebook" in below
    assert not [f"{n} -> {d}" for n in below for d in graph()[n] if d.startswith("cart.ui")]


def test_nothing_imports_the_app_but_the_entry_points() -> None:
    assert [n for n, deps in graph().items() if "cart.ui.app" in deps] == ["cart.__main__"]


def test_no_import_circle() -> None:
    """Depth-first, every import counted: a module met again while still open closes a circle."""
    state: dict[str, int] = {}  # 1: open, 2: done
    circles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for dep in sorted(graph()[name]):
            if state.get(dep) == 1:
                circles.append([*path[path.index(dep) :], dep])
            elif dep not in state:
                visit(dep, [*path, dep])
        state[name] = 2

    for name in sorted(graph()):
        if name not in state:
            visit(name, [name])
    assert not circles


def test_rooms_stay_small() -> None:
    """No folder of cart holds over 16 modules; no module of cart is over 450 lines."""
    folders = {p.parent for p in MODULES.values()}
    assert not [f for f in folders if len(list(f.glob("*.py"))) > 16]
    assert not [p for p in MODULES.values() if len(p.read_text(encoding="utf-8").splitlines()) > 450]


def test_docstrings_say_why_in_a_few_lines() -> None:
    """Docstrings take at most ``LIMIT`` of the cart's lines (``python -m tools.docweight`` lists them)."""
    assert share(weigh(CART)) <= LIMIT
