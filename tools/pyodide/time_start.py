"""The imports the title's first frame waits for, timed under Pyodide in Node.js and in CPython alike.

    node tools/pyodide/run.mjs --with cart/ui --with cart/phrasebook.py tools/pyodide/time_start.py [--bare]
    node tools/pyodide/run.mjs --with build/APP.pyxapp tools/pyodide/time_start.py --pyxapp build/APP.pyxapp
    python -m tools.pyodide.time_start [--bare]

In the browser the page's loading frame builds the App (``cart.ui.boot``): nearly all of
that is importing the cart's modules, each compiled from source unless the ``.pyxapp``
carries its bytecode (``tools/build_web.py``). Node has no Pyxel, so a stand-in module answers
the names the cart reads from ``pyxel`` while importing (key codes, constants: 0); nothing is
drawn. Both interpreters run with the same stand-in and write no bytecode
(``sys.dont_write_bytecode``; CPython should run with ``-B`` or ``PYTHONDONTWRITEBYTECODE=1``
so nothing cached is read either). ``--pyxapp PATH`` imports the cart from that package
instead, extracted first as Pyxel's player does (``zipfile``'s ``extractall`` into a fresh
folder put first on ``sys.path``), bytecode and all. Prints one JSON line: the interpreter, the
seconds the title's modules took to import, the number of the cart's modules then loaded,
those of ``cart.ai`` among them, how many of them were compiled from source (the rest came
from bytecode), where ``cart`` was loaded from and (``--pyxapp``) the seconds the extraction
took. ``--bare`` imports nothing: the same process's start, the reference ``python -m tools.bench
start`` times it against.
"""

from __future__ import annotations

import importlib.machinery
import json
import platform
import sys
import tempfile
import time
import types
import zipfile
from pathlib import Path
from typing import Any

TITLE_MODULES = ("cart.__main__", "cart.ui.app")
"""What ``cart.ui.boot`` imports to build the App whose first frame is the title."""


def stand_in_pyxel() -> types.ModuleType:
    """A ``pyxel`` whose every public name is 0: enough for the cart's modules to import."""
    module = types.ModuleType("pyxel")

    def constant(name: str) -> int:
        if name.startswith("__"):
            raise AttributeError(name)
        return 0

    module.__getattr__ = constant  # type: ignore[method-assign]
    return module


def extract(pyxapp: str) -> Path:
    """Unpack a ``.pyxapp`` as ``pyxel.cli.play_pyxel_app`` does; the folder of its startup script."""
    folder = Path(tempfile.mkdtemp(prefix="pyxapp-"))
    with zipfile.ZipFile(pyxapp) as zf:
        zf.extractall(folder)
    (marker,) = folder.glob("*/.pyxapp_startup_script")
    return marker.parent


def count_compiled() -> list[str]:
    """From now on, the sources Python compiles as it imports (a module taken from bytecode adds none)."""
    compiled: list[str] = []
    loader = importlib.machinery.SourceFileLoader
    source_to_code = loader.source_to_code

    def counted(self: Any, data: Any, path: Any, *args: Any, **kwargs: Any) -> Any:
        compiled.append(str(path))
        return source_to_code(self, data, path, *args, **kwargs)

    loader.source_to_code = counted  # type: ignore[method-assign,assignment]
    return compiled


def main() -> None:
    sys.dont_write_bytecode = True
    sys.modules["pyxel"] = stand_in_pyxel()
    args = sys.argv[1:]
    found: dict[str, Any] = {}
    if "--pyxapp" in args:
        t0 = time.perf_counter()
        app_dir = extract(args[args.index("--pyxapp") + 1])
        found["extract_seconds"] = time.perf_counter() - t0
        sys.path.insert(0, str(app_dir))
    compiled = count_compiled()
    t0 = time.perf_counter()
    for name in () if "--bare" in args else TITLE_MODULES:
        __import__(name)
    seconds = time.perf_counter() - t0
    cart = sorted(m for m in sys.modules if m == "cart" or m.startswith("cart."))
    print(
        json.dumps(
            {
                "interpreter": f"{platform.python_implementation()} {platform.python_version()}"
                + (" (Pyodide)" if sys.platform == "emscripten" else ""),
                "seconds": seconds,
                "modules": len(cart),
                "ai": [m for m in cart if m.startswith("cart.ai")],
                "from_source": sum(1 for path in compiled if "/cart/" in path.replace("\\", "/")),
                "cart": getattr(sys.modules.get("cart"), "__file__", None),
                **found,
            }
        )
    )


if __name__ == "__main__":
    main()
