"""How much of ``cart/`` is docstrings: docstring lines over all lines, read with ``ast``.

Docstrings say why in a few lines; ``tests/test_floorplan.py`` holds the cart to
:data:`LIMIT`. Run it to see the figure and the heaviest modules:

    python -m tools.docweight            # the cart's figure and its ten heaviest modules
    python -m tools.docweight --top 30 cart/ui
"""

from __future__ import annotations

import argparse
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 0.15
"""The most of the cart's lines its docstrings may take."""

_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def docstring_lines(source: str) -> int:
    """The lines of the module's, classes' and functions' docstrings in ``source``."""
    lines = 0
    for node in ast.walk(ast.parse(source)):
        first = node.body[0] if isinstance(node, _DOCUMENTED) and node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and first.end_lineno:
            lines += first.end_lineno - first.lineno + 1 if isinstance(first.value.value, str) else 0
    return lines


def weigh(folder: Path) -> dict[Path, tuple[int, int]]:
    """Each module under ``folder``: (docstring lines, all lines)."""
    out = {}
    for path in sorted(folder.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        out[path] = (docstring_lines(source), len(source.splitlines()))
    return out


def share(weights: dict[Path, tuple[int, int]]) -> float:
    """Docstring lines over all lines, over every module weighed."""
    total = sum(n for _, n in weights.values())
    return sum(d for d, _ in weights.values()) / total if total else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", default=str(ROOT / "cart"))
    parser.add_argument("--top", type=int, default=10, help="list this many of the heaviest modules")
    args = parser.parse_args(argv)
    weights = weigh(Path(args.folder))
    doc, total = sum(d for d, _ in weights.values()), sum(n for _, n in weights.values())
    print(f"docstrings: {doc} of {total} lines, {share(weights):.1%} (limit {LIMIT:.0%})")
    for path, (d, n) in sorted(weights.items(), key=lambda kv: -kv[1][0])[: args.top]:
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(f"{d:6d} {n:6d} {d / n if n else 0:6.1%}  {name}")


if __name__ == "__main__":
    main()
