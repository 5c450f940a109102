"""The cart's modules in the order to import them a slice at a time, read from their source.

A frame that must not stall loads what it will want a module a slice; a slice imports only
one module if each comes after those it imports. That order is read here from the modules'
own import statements (those run at import: not in functions, not under ``TYPE_CHECKING``),
so no hand-kept list goes stale when an import moves. A package's own modules that its
``__init__`` imports come with it, and what they import comes before it. A name taken from a
package's face (PEP 562: declared under ``TYPE_CHECKING`` in its ``__init__``, loaded at first use)
brings the module it lives in.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import sys
import types
from collections.abc import Callable, Container, Generator, Iterable, Iterator, Mapping
from pathlib import Path

CART = Path(__file__).resolve().parent


def source_of(name: str) -> Path | None:
    """The source file of the cart's module ``name`` (a package's ``__init__``), None if it has none."""
    parts = name.split(".")
    if parts[0] != "cart":
        return None
    here = CART.joinpath(*parts[1:])
    for path in (here / "__init__.py", here.with_suffix(".py")):
        if path.is_file():
            return path
    return None


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _from(package: list[str], node: ast.ImportFrom) -> str:
    """The module an ``import from`` names, its dots read from inside ``package``."""
    base = package[: len(package) - node.level + 1] if node.level else []
    return ".".join([*base, *([node.module] if node.module else [])])


def _parse(path: Path) -> ast.Module | None:
    try:
        return ast.parse(path.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        return None  # read as having no imports: it is imported where it comes, and may bring others


@functools.cache
def face(package: str) -> dict[str, str]:
    """The names ``package``'s ``__init__`` declares under ``TYPE_CHECKING``, each with its module.

    >>> face("cart.ai")["Hint"], face("cart.ui.wimp")["Button"]
    ('cart.ai.turn', 'cart.ui.wimp.widgets')
    """
    path = source_of(package)
    tree = _parse(path) if path is not None and path.name == "__init__.py" else None
    out: dict[str, str] = {}
    for node in tree.body if tree is not None else []:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for inner in node.body:
                if isinstance(inner, ast.ImportFrom):
                    module = _from(package.split("."), inner)
                    for alias in inner.names:
                        whole = f"{module}.{alias.name}"
                        out[alias.asname or alias.name] = whole if source_of(whole) is not None else module
    return out


def imported(name: str) -> list[str]:
    """The cart's modules that importing ``name`` imports by its own statements, in their order.

    >>> imported("cart.ui.wimp.stage")
    ['cart.ui.kit.intents']
    """
    path = source_of(name)
    tree = _parse(path) if path is not None else None
    if path is None or tree is None:
        return []
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: list[str] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                module = _from(package, node)
                found.append(module)
                names = face(module) if module != name else {}
                found.extend(names.get(alias.name, f"{module}.{alias.name}") for alias in node.names)
            elif isinstance(node, ast.If) and not _is_type_checking(node.test):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)

    visit(tree.body)
    return [m for m in dict.fromkeys(found) if m != name and source_of(m) is not None]


def needs(name: str) -> list[str]:
    """What must be imported before ``name`` alone is: its packages, and what it (and the package's
    own modules its ``__init__`` imports) import of the cart outside it."""
    parts = name.split(".")
    out = [".".join(parts[:i]) for i in range(1, len(parts))]
    inside, todo = {name}, [name]
    while todo:
        for dep in imported(todo.pop()):
            if dep.startswith(name + "."):
                if dep not in inside:
                    inside.add(dep)
                    todo.append(dep)
            elif dep not in out:
                out.append(dep)
    return out


def walk(roots: Iterable[str], loaded: Container[str] = ()) -> Iterator[str | None]:
    """Depth first from ``roots``: None after each module's imports are read, then each module not
    ``loaded`` once everything it needs has been given. ``loaded`` is asked as the walk goes."""
    seen: set[str] = set()

    def visit(name: str) -> Iterator[str | None]:
        if name in seen or name in loaded:
            return
        seen.add(name)
        first = needs(name)
        yield None
        for dep in first:
            yield from visit(dep)
        yield name

    for root in roots:
        yield from visit(root)


def import_order(roots: Iterable[str], loaded: Container[str] = ()) -> list[str]:
    """``roots`` and the cart's modules they need, not ``loaded``, each after those it imports.

    >>> import_order(["cart.ui.wimp.stage"], loaded={"cart", "cart.ui", "cart.import_order"})
    ['cart.ui.wimp', 'cart.ui.kit', 'cart.ui.kit.intents', 'cart.ui.wimp.stage']
    """
    return [name for name in walk(roots, loaded) if name is not None]


def think_imports(roots: Iterable[str]) -> Generator[None, None, None]:
    """Import ``roots`` and what they need of the cart, a module a slice (reading one's imports is a
    slice too); those imported already cost nothing. What a scene or a thought will want, loaded in
    spare time, not when first wanted."""
    for name in walk(roots, sys.modules):
        if name is not None and name not in sys.modules:
            importlib.import_module(name)
        yield


def _codes(owner: object, module: str) -> Iterator[types.CodeType]:
    """The code of the functions ``module`` defines in ``owner`` (the module, or a class of its)."""
    for value in list(vars(owner).values()):
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        parts: list[object] = [value.fget, value.fset] if isinstance(value, property) else [value]
        for part in parts:
            while hasattr(part, "__wrapped__"):  # under a decorator (functools' own keep it here)
                part = getattr(part, "__wrapped__")  # noqa: B009 - mypy knows no __wrapped__ of an object
            if isinstance(part, type) and part.__module__ == module and part is not owner:
                yield from _codes(part, module)
            elif isinstance(part, types.FunctionType) and part.__module__ == module:
                yield part.__code__


def deferred(name: str) -> list[str]:
    """The modules the functions of the loaded module ``name`` import when called, in order.

    Read from the code the interpreter runs (the page ships the title's modules as bytecode alone).

    >>> deferred("cart.import_order")
    ['dis']
    """
    import dis  # here, not at the title's import: read only in spare frames

    module = sys.modules[name]
    package = name if hasattr(module, "__path__") else name.rpartition(".")[0]
    found: list[str] = []
    codes = list(_codes(module, name))
    for code in codes:  # grows as it goes: the functions inside each
        codes.extend(k for k in code.co_consts if isinstance(k, types.CodeType))
        steps = list(dis.get_instructions(code))
        for i, step in enumerate(steps):
            if step.opname == "IMPORT_NAME":
                level = steps[i - 2].argval  # the level, the names, then the import
                found.append(importlib.util.resolve_name("." * level + step.argval, package))
    return list(dict.fromkeys(found))


def think_later(within: str) -> Generator[None, None, None]:
    """Import, a module a slice, what the loaded modules of ``within`` import when first wanted, and
    what those import when wanted, until none is left: the screens a UI opens later, loaded ahead."""
    read: set[str] = set()
    while fresh := sorted(m for m in sys.modules if m.startswith(within + ".") and m not in read):
        for name in fresh:
            read.add(name)
            wanted = [m for m in deferred(name) if m.startswith(within + ".")]
            yield
            yield from think_imports(wanted)


def lazy_face(package: str, home: Mapping[str, str]) -> Callable[[str], object]:
    """``package``'s ``__getattr__`` (PEP 562): a name of its face imported from its module (``home``;
    "": a module of the package's by the name itself) at its first use, and kept."""

    def __getattr__(name: str) -> object:
        where = home.get(name)
        if where is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(f"{package}.{where or name}")
        value = module if not where else getattr(module, name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
