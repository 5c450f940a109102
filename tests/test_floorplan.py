"""The floor plan of ``cart/``: which room may import which, read from the source with ``ast``.

``cart/ui`` is seven rooms, each importing only those below it, under the App:
kit (the machinery, knowing no game) < wimp (the RISC OS furniture on it, knowing
no game either) < board < review < windows < table < practice, with ``app``, ``title`` and
the game's ``controls`` on top. ``routes`` (where the App goes) sits under the
rooms that name them. Every import counts, those inside functions and under
``TYPE_CHECKING`` too: a type is a dependency. Above ``cart/ui``, the layers:
the engine imports nothing else of the cart, the AI, the store, the phrasebook
and the terminal game never import the UI, and only the UI and ``__main__``
import Pyxel.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

from kept import kept

from tools.docweight import LIMIT, share, weigh

ROOT = Path(__file__).resolve().parents[1]
CART = ROOT / "cart"
FLOORS = ("kit", "wimp", "board", "review", "windows", "table", "practice")
"""The rooms of ``cart/ui``, lowest first: each imports only itself and those before it."""
ROUTES_NEED: set[str] = set()
"""What ``routes`` imports of the rooms above the kit: nothing, a game being the store's ``GameOptions``."""


def module_of(path: Path) -> str:
    parts = path.relative_to(CART.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_of(p): p for p in sorted(CART.rglob("*.py"))}


@functools.cache
def tree(name: str) -> ast.Module:
    """Module ``name``'s syntax tree, parsed once for all the tests that read it."""
    return ast.parse(MODULES[name].read_text(encoding="utf-8"))


def imports(name: str) -> set[str]:
    """The modules of ``cart`` that ``name`` imports anywhere in its text (a package: its ``__init__``)."""
    path = MODULES[name]
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return {m for m in found if m in MODULES and m != name}


@functools.cache
def facts() -> dict[str, tuple[set[str], bool, set[str]]]:
    """Each module's imports of ``cart``, whether it imports pyxel, and (the toolkit's) its game words.

    Parsing the cart's 290 modules takes a second of CPU; the facts are kept (:mod:`kept`) until a file
    of ``cart`` or this one changes, and read when a test first asks (not as each worker collects).
    """

    def parse() -> dict[str, tuple[set[str], bool, set[str]]]:
        toolkit = {n for n in MODULES if room(n) in TOOLKIT}
        return {n: (imports(n), imports_pyxel(n), game_words(n) if n in toolkit else set()) for n in MODULES}

    return kept("floorplan", [CART, Path(__file__)], parse)


def graph() -> dict[str, set[str]]:
    """Every module's imports of ``cart``."""
    return {name: deps for name, (deps, _, _) in facts().items()}


UNDER_ROOMS = {"cart.ui.routes": "routes", "cart.ui.controls": "controls"}
"""Modules beside the floors, on the toolkit alone: where the App goes, and the game's keys."""


def room(name: str) -> str:
    """The room of a module of ``cart/ui``: a floor, ``routes``, ``controls`` or ``top`` (the App's own)."""
    parts = name.split(".")
    if parts[:2] != ["cart", "ui"]:
        return parts[1] if len(parts) > 1 else "cart"
    if len(parts) > 2 and parts[2] in FLOORS:
        return parts[2]
    return UNDER_ROOMS.get(name, "top")


def test_each_room_imports_only_the_floors_below_it() -> None:
    wrong = []
    for name, deps in graph().items():
        if room(name) not in FLOORS:
            continue
        below = set(FLOORS[: FLOORS.index(room(name)) + 1])
        allowed = below | ({"routes"} if room(name) in ("review", "windows", "table", "practice") else set())
        allowed |= {"controls"} if room(name) not in TOOLKIT else set()
        wrong += [f"{name} -> {d}" for d in deps if d.startswith("cart.ui") and room(d) not in allowed]
    assert not wrong


TOOLKIT = ("kit", "wimp")
"""The rooms that know no backgammon."""


def test_the_kit_knows_no_game() -> None:
    """The toolkit keeps the settings and hands the store on; the engine and the computer are the rooms'."""
    kit = [n for n in graph() if room(n) in TOOLKIT]
    assert kit
    assert not [f"{n} -> {d}" for n in kit for d in graph()[n] if d.startswith(("cart.engine", "cart.ai"))]


GAME_WORDS = frozenset(
    [
        "roll",
        "rolls",
        "rolled",
        "double",
        "doubles",
        "doubled",
        "redouble",
        "hint",
        "hints",
        "undo",
        "dice",
        "die",
        "cube",
        "checker",
        "checkers",
        "gammon",
        "backgammon",
        "pip",
        "pips",
        "bear",
        "crawford",
        "resign",
        "tutor",
        "opponent",
    ]
)
"""Backgammon's words, which no name or string of the toolkit's code uses (its docstrings may say what
it is not for)."""


def words_of(text: str) -> set[str]:
    """The lower-case words of a name or a string: ``pips_over`` and ``CubeText`` are two words each.

    >>> sorted(words_of("CubeText")), sorted(words_of("CUBE_TEXT")), sorted(words_of("Roll the dice"))
    (['cube', 'text'], ['cube', 'text'], ['dice', 'roll', 'the'])
    """
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text)
    return {w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w}


def game_words(name: str) -> set[str]:
    """The names and strings of module ``name``'s code (not its docstrings) that use a game word."""
    docs = {id(node.value) for node in ast.walk(tree(name)) if isinstance(node, ast.Expr)}  # a name's too
    found = set()
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            text = node.name
        elif isinstance(node, ast.arg):
            text = node.arg
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
        else:
            continue
        if words_of(text) & GAME_WORDS:
            found.add(text)
    return found


def test_the_toolkit_speaks_ui_not_backgammon() -> None:
    """Its intents are UI verbs; the game's commands and words live in the game's rooms (issue 41)."""
    said = {(n, w) for n in graph() if room(n) in TOOLKIT for w in facts()[n][2]}
    assert said == set()


def test_routes_and_controls_import_the_toolkit_only() -> None:
    deps = {d for d in graph()["cart.ui.routes"] if d.startswith("cart.ui")}
    assert {d for d in deps if room(d) not in TOOLKIT} <= ROUTES_NEED
    assert {room(d) for d in graph()["cart.ui.controls"]} <= set(TOOLKIT)


def test_the_terminal_game_and_the_phrasebook_know_no_ui() -> None:
    """The events' words are shared by the table and the terminal game, which never imports the UI."""
    below = [n for n in graph() if n.startswith("cart.text") or n == "cart.phrasebook"]
    assert "cart.phrasebook" in below
    assert not [f"{n} -> {d}" for n in below for d in graph()[n] if d.startswith("cart.ui")]


def test_the_engine_imports_nothing_else_of_the_cart() -> None:
    engine = [n for n in graph() if room(n) == "engine"]
    assert engine
    assert not [f"{n} -> {d}" for n in engine for d in graph()[n] if room(d) != "engine"]


def test_the_ai_the_store_the_phrasebook_and_the_terminal_never_import_the_ui() -> None:
    below = [n for n in graph() if room(n) in ("ai", "store", "phrasebook", "text", "drills")]
    assert {room(n) for n in below} == {"ai", "store", "phrasebook", "text", "drills"}
    assert not [f"{n} -> {d}" for n in below for d in graph()[n] if d.startswith("cart.ui")]


def imports_pyxel(name: str) -> bool:
    """Whether module ``name`` imports pyxel anywhere in its text."""
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "pyxel" for a in node.names):
            return True
        if (
            isinstance(node, ast.ImportFrom)
            and (node.module or "").split(".")[0] == "pyxel"
            and not node.level
        ):
            return True
    return False


def test_only_the_ui_and_the_entry_point_import_pyxel() -> None:
    users = {n for n, (_, pyxel, _) in facts().items() if pyxel}
    assert "cart.ui.app" in users
    assert not {n for n in users if not n.startswith("cart.ui") and n != "cart.__main__"}


def test_nothing_under_the_app_imports_the_entry_point() -> None:
    """The house has no arrow back up: the page's start, not the UI, names ``cart.__main__``'s App."""
    assert not [n for n, deps in graph().items() if "cart.__main__" in deps]


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
    assert kept("docweight", [CART, ROOT / "tools" / "docweight.py"], lambda: share(weigh(CART))) <= LIMIT
