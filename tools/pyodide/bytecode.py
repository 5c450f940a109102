"""The page's bytecode: each source compiled without its docstrings, as a sourceless ``.pyc``.

Run by ``tools/pyodide/compile.mjs`` inside the Pyodide the page loads, so the bytecode is
that Python's own. Nothing in the cart reads a module's or a function's docstring, and they
are a fifth of its bytecode; class docstrings stay, since :mod:`dataclasses` works a missing
one out from the class's signature each time a class is made, which would cost the start-up
what the page set out to save. Line numbers are the source's, and each code object is named
by its path in the package, so a traceback through it names the file and line (without the
line's text: the page ships no source for it). The header is a sourceless one (no time, no
hash: Python checks only its magic number), so it is read wherever ``tools/build_web.py`` puts
it in its source's place.
"""

from __future__ import annotations

import ast
import importlib.util
from importlib._bootstrap_external import _code_to_timestamp_pyc  # type: ignore[attr-defined]
from pathlib import Path


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


class _Strip(ast.NodeTransformer):
    """Drops the docstrings of modules and functions; a body left empty gets a ``pass``."""

    def _strip(self, node: ast.Module | ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        self.generic_visit(node)
        if node.body and _is_docstring(node.body[0]):
            first = node.body[0]
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = _strip


def compile_stripped(source: bytes, filename: str) -> object:
    """``source``'s code object without module and function docstrings, named ``filename``."""
    tree = _Strip().visit(ast.parse(source, filename))
    return compile(tree, filename, "exec", dont_inherit=True)


def compile_folder(folder: Path, names_from: Path) -> int:
    """Write ``__pycache__/NAME.<cache tag>.pyc`` beside every source under ``folder``; how many.

    Each code object is named by its path relative to ``names_from`` (``cart/ui/title.py``),
    which a module loaded without its source keeps as its file's name.
    """
    made = 0
    for source_path in sorted(folder.rglob("*.py")):
        code = compile_stripped(source_path.read_bytes(), source_path.relative_to(names_from).as_posix())
        pyc = Path(importlib.util.cache_from_source(str(source_path)))
        pyc.parent.mkdir(exist_ok=True)
        pyc.write_bytes(_code_to_timestamp_pyc(code, 0, 0))
        made += 1
    return made
