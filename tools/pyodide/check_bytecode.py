"""The web package's bytecode under Pyodide: what Python takes from it and what it compiles instead.

    node tools/pyodide/run.mjs --with APP tools/pyodide/check_bytecode.py APP

``APP`` (a ``.pyxapp`` inside the repository) is extracted as Pyxel's player does
(``time_start.extract``) and the title's modules imported from it with the stand-in ``pyxel``,
as the page's loading frame does; then a ``PositionError`` is raised inside ``cart.engine.board``
for its traceback. The last line is ``RESULT `` and a JSON object: this Python's version, cache
tag and magic number; each ``.pyc`` extracted (app-relative) with its header's magic number and
flags; the sources compiled while importing (app-relative, in order); where ``cart`` was loaded
from; the files of all the cart's modules loaded (a ``.pyc`` where one came without its source);
for each of those, the file its code names (what a traceback through it shows); and the
traceback's frames in the cart as (file, line number, source line).
``tests/web/test_web_build.py`` judges it.
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run.mjs writes time_start.py beside this script
from time_start import TITLE_MODULES, count_compiled, extract, stand_in_pyxel


def named_file(module: object) -> str | None:
    """The file name the code of ``module``'s first own function carries: what a traceback shows."""
    for f in vars(module).values():
        if inspect.isfunction(f) and f.__module__ == getattr(module, "__name__", None):
            return str(inspect.unwrap(f).__code__.co_filename)
    return None


def main() -> None:
    sys.dont_write_bytecode = True
    sys.modules["pyxel"] = stand_in_pyxel()
    app_dir = extract(sys.argv[1])
    shipped = {
        pyc.relative_to(app_dir).as_posix(): {
            "magic": pyc.read_bytes()[:4].hex(),
            "flags": int.from_bytes(pyc.read_bytes()[4:8], "little"),
        }
        for pyc in sorted(app_dir.rglob("*.pyc"))
    }
    sys.path.insert(0, str(app_dir))
    compiled = count_compiled()
    for name in TITLE_MODULES:
        __import__(name)
    from cart.engine import board

    def inside(path: str) -> str:
        return Path(path).relative_to(app_dir).as_posix() if Path(path).is_relative_to(app_dir) else path

    frames: list[tuple[str, int | None, str | None]] = []
    try:
        board.Position.from_position_id("not an ID")
    except board.PositionError as error:
        for frame in traceback.extract_tb(error.__traceback__):
            named = inside(frame.filename)  # a module without its source names its path in the package
            if named.startswith("cart/"):
                frames.append((named, frame.lineno, frame.line))

    cart = [m for name, m in list(sys.modules.items()) if name == "cart" or name.startswith("cart.")]
    bare = [m for m in cart if str(getattr(m, "__file__", None)).endswith(".pyc")]
    sourceless = {inside(str(m.__file__)): named for m in bare if (named := named_file(m)) is not None}

    print(
        "RESULT "
        + json.dumps(
            {
                "python": ".".join(map(str, sys.version_info[:3])),
                "cache_tag": sys.implementation.cache_tag,
                "magic": importlib.util.MAGIC_NUMBER.hex(),
                "shipped": shipped,
                "compiled": [inside(path) for path in compiled],
                "cart": inside(str(sys.modules["cart"].__file__)),
                "loaded": sorted(inside(str(m.__file__)) for m in cart if getattr(m, "__file__", None)),
                "sourceless": sourceless,
                "traceback": frames,
            }
        )
    )


if __name__ == "__main__":
    main()
