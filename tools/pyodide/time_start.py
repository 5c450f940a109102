"""The imports the title's first frame waits for, timed under Pyodide in Node.js and in CPython alike.

    node tools/pyodide/run.mjs --with cart/ui --with cart/phrasebook.py tools/pyodide/time_start.py [--bare]
    python -m tools.pyodide.time_start [--bare]

In the browser the page's loading frame builds the App (``cart.ui.boot``): nearly all of
that is importing the cart's modules, each compiled from source, as the ``.pyxapp`` carries
no bytecode. Node has no Pyxel, so a stand-in module answers the names the cart reads from
``pyxel`` while importing (key codes, constants: 0); nothing is drawn. Both interpreters run
with the same stand-in and without bytecode caches (``sys.dont_write_bytecode``; CPython
should run with ``-B`` or ``PYTHONDONTWRITEBYTECODE=1`` so nothing cached is read either).
Prints one JSON line: the interpreter, the seconds the title's modules took to import, the
number of the cart's modules then loaded and those of ``cart.ai`` among them. ``--bare`` imports
nothing: the same process's start, the reference ``python -m tools.bench start`` times it against.
"""

from __future__ import annotations

import json
import platform
import sys
import time
import types

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


def main() -> None:
    sys.dont_write_bytecode = True
    sys.modules["pyxel"] = stand_in_pyxel()
    t0 = time.perf_counter()
    for name in () if "--bare" in sys.argv[1:] else TITLE_MODULES:
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
            }
        )
    )


if __name__ == "__main__":
    main()
