"""Build the web export: ``dist/gammon-cart.pyxapp`` and ``dist/gammon-cart.html``.

    python -m tools.build_web [--out DIR] [--bytecode-budget BYTES]

Pyxel does the packing itself, so the result is exactly what its players and
its web runtime expect:

- ``pyxel package APP_DIR STARTUP_SCRIPT`` zips ``APP_DIR`` (skipping
  dot-files, ``__pycache__``, ``*.gif`` and ``*.zip``) into
  ``<APP_DIR name>.pyxapp`` in the *current folder*, records the startup
  script's path in ``.pyxapp_startup_script`` and copies the script's metadata
  comments (``# title: ...``) into the zip comment.
- ``pyxel app2html APP.pyxapp`` writes ``<stem>.html`` in the current folder:
  one page that embeds the ``.pyxapp`` as base64 and loads ``pyxel.js`` (and
  through it Pyodide) from jsDelivr, pinned to the Pyxel version that built it.
  :func:`page` then puts ``tools/web/page.css`` and ``page.js`` in front of it,
  which fit the 640x512 game to any window (below 1x on a phone) and keep
  pyxel.js's touch gamepad off the board; the rest of the page is Pyxel's.

``pyxel package`` leaves out bytecode, so a page would compile each module from source as
it imports it, about half of the time the title waits for under Pyodide. The page
therefore carries a package of its own (:func:`web_package`), which ``pyxel app2html``
embeds: the ``.pyxapp`` with the modules the title imports as sourceless ``.pyc`` files in
their sources' place, compiled by the Pyodide that Pyxel's runtime loads
(``tools/pyodide/compile.mjs``: the same Python, without docstrings or column positions),
the largest first, as far as :data:`BYTECODE_BUDGET` allows. The page's runtime is pinned,
so the bytecode is always its own; its worker is handed the engine's bytecode as it is. A
traceback names each file and line, without the line's text. The ``.pyxapp`` itself stays
sources only, for ``pyxel play`` on any Python. Without Node.js and ``npm ci --prefix
tools/pyodide`` the page carries the ``.pyxapp`` as it is; the build says what it left out and why
(the README's command installs them first).

``pyxel package`` takes everything under ``APP_DIR``, so the repository root
would drag in tests, tools, the virtual environment and training checkpoints.
The cart is therefore staged in a fresh temporary folder named
``gammon-cart`` holding only ``cart/`` (code, ``assets/``, ``ai/weights.bin``)
and the startup script, and both commands run there; the two results are then
moved to ``--out``.

The startup script (:data:`STARTUP`, written as ``gammon_cart.py``) starts the
Pyxel game. Under ``pyxel play`` and in the browser ``sys.argv`` belongs to
Pyxel, not to us, so the script never lets the cart parse it: options come from
``GAMMON_CART_ARGS`` instead (empty by default). ``GAMMON_CART_CHECK=N`` makes
it a headless self-check instead: the title's computer-vs-computer game runs
for at most ``N`` frames and the script exits 0 as soon as one game is over
(1 if none finished), which is how ``tests/web/test_web_build.py`` proves that the
package alone runs the cart.
"""

from __future__ import annotations

import argparse
import base64
import importlib.metadata
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CART = ROOT / "cart"
DIST = ROOT / "dist"
APP_NAME = "gammon-cart"
STARTUP_NAME = "gammon_cart.py"
WEB = Path(__file__).resolve().parent / "web"
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".*")
"""Never copied: the host's bytecode (the page's own is added, :func:`web_package`) and hidden files."""
PYODIDE = Path(__file__).resolve().parent / "pyodide"
PYODIDE_OF_PYXEL = {"2.9.9": "314.0.4"}
"""The Pyodide each Pyxel's web runtime loads (``PYODIDE_URL`` in its ``wasm/pyxel.js``): the
bytecode is compiled by that Pyodide's Python (``tools/pyodide/package.json`` pins the same)."""
TITLE_MODULES = ("cart.__main__", "cart.ui.app")
"""What the page imports before the title's first frame (``cart.ui.boot``): the bytecode shipped is theirs."""
BYTECODE_BUDGET = 125_000
"""Bytes the bytecode may add to the page's package (the page grows by 4/3 of it, base64): with
the page just under its budget (300 KB over the page of issue 29), every module the title imports
(figures in docs/notes/tools-lab.md)."""
SOURCE_KEPT = frozenset({"cart/__init__.py"})
"""Read as a file besides being imported: the page hands it to its worker (``PageWorker``)."""
ZIP_ENTRY_OVERHEAD = 30 + 46
"""A zip entry's local header and central directory record, besides twice its name."""

STARTUP = '''\
# title: {title}
# author: {author}
# desc: {desc}
# license: {license}
# version: {version}
"""Gammon Cart's startup script for ``pyxel play`` and the web page (written by tools/build_web.py).

``GAMMON_CART_ARGS``: options for ``python -m cart`` (``sys.argv`` is Pyxel's
here, so it is never parsed). In the browser without them the screen opens at
once on a loading frame (``cart.ui.boot``). ``GAMMON_CART_CHECK=N``: run the title's
computer-vs-computer game headless for at most N frames and exit 0 once a game
is over, 1 if none finished (the build's own test uses it).
"""

import os
import shlex
import sys


def check(limit: int) -> int:
    """Headless: play the attract game until one game is over; say after how many frames."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cart.ui.app import App

    app = App(seed=0, headless=True)
    play = app.top.attract
    first = play.match
    for frame in range(1, limit + 1):
        app.frame()
        match = play.match
        if match is not first or match.game_number > 1 or match.game.is_over:
            print(f"gammon-cart check: a game is over after {{frame}} frames")
            return 0
    print(f"gammon-cart check: no game over in {{limit}} frames")
    return 1


if os.environ.get("GAMMON_CART_CHECK"):
    sys.exit(check(int(os.environ["GAMMON_CART_CHECK"])))
elif sys.platform == "emscripten" and not os.environ.get("GAMMON_CART_ARGS"):
    from cart.ui.boot import run_in_browser

    def web_app():
        from cart.__main__ import web_app

        return web_app()

    run_in_browser(web_app)  # a loading frame at once, the cart loaded behind it
else:
    from cart.__main__ import main

    status = main(shlex.split(os.environ.get("GAMMON_CART_ARGS", "")))
    if status:
        sys.exit(status)
'''


def metadata() -> dict[str, str]:
    """Title, author, description, licence and version for Pyxel's metadata comments.

    Version and licence come from ``pyproject.toml`` so the page never claims a
    different release than the package; Pyxel reads each comment as one line.
    """
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    licence = project.get("license", {})
    return {
        "title": "Gammon Cart",
        "author": "the Gammon Cart authors",
        "desc": "Backgammon in the style of MaxGammon 2.0 (Acorn Archimedes, 1989)",
        "license": licence.get("text", "MIT") if isinstance(licence, dict) else str(licence),
        "version": str(project["version"]),
    }


def startup_script() -> str:
    """The startup script's text, metadata filled in."""
    return STARTUP.format(**metadata())


def stage(folder: Path) -> Path:
    """Lay out the package root ``folder/gammon-cart``: ``cart/`` and the startup script only."""
    app_dir = folder / APP_NAME
    app_dir.mkdir()
    shutil.copytree(CART, app_dir / "cart", ignore=IGNORED)
    (app_dir / STARTUP_NAME).write_text(startup_script(), encoding="utf-8")
    return app_dir


VIEWPORT = "width=device-width, initial-scale=1.0, maximum-scale=1.0, user-scalable=no"
"""What pyxel.js sets too (no pinch zoom: the page fits the game itself); here before it loads."""


def page(html: str) -> str:
    """app2html's page with ours in front: a title, the viewport, and the fitting style and script.

    The script must run before pyxel.js creates the canvas (it watches for it), so it goes first.
    """
    doctype = "<!doctype html>"
    if not html.lower().startswith(doctype):
        raise SystemExit("pyxel app2html wrote a page this build does not know (no <!doctype html> first)")
    css = (WEB / "page.css").read_text(encoding="utf-8")
    js = (WEB / "page.js").read_text(encoding="utf-8")
    head = (
        f'{doctype}\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="{VIEWPORT}">\n'
        f"<title>{metadata()['title']}</title>\n<style>\n{css}</style>\n<script>\n{js}</script>\n"
    )
    return head + html[len(doctype) :].lstrip("\n")


LEFT_OUT = "left out: the bytecode that makes the page start fast (it compiles the cart as it starts)"
"""What the build says when the page gets no bytecode, before why."""


def web_pyodide() -> tuple[str | None, str]:
    """Node and the Pyodide of the page's runtime, or None and why the page gets no bytecode."""
    pyxel_version = importlib.metadata.version("pyxel")
    wanted = PYODIDE_OF_PYXEL.get(pyxel_version)
    if wanted is None:
        return None, f"which Pyodide Pyxel {pyxel_version}'s runtime loads is not known (PYODIDE_OF_PYXEL)"
    pinned = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    if pinned != wanted:
        return None, f"tools/pyodide pins Pyodide {pinned}, Pyxel {pyxel_version}'s runtime loads {wanted}"
    node = shutil.which("node")
    installed = PYODIDE / "node_modules" / "pyodide" / "package.json"
    if node is None:
        return None, "node is not installed: install Node.js 18+, then `npm ci --prefix tools/pyodide`"
    if not installed.is_file():
        return None, "Pyodide is not installed: run `npm ci --prefix tools/pyodide`"
    version = json.loads(installed.read_text(encoding="utf-8"))["version"]
    if version != wanted:
        return None, f"the installed Pyodide is {version}, not {wanted}: run `npm ci --prefix tools/pyodide`"
    return node, wanted


def compile_for_web(app_dir: Path, node: str) -> tuple[str, list[str]]:
    """Compile ``app_dir``'s sources with the page's Python: its cache tag, the title's sources in order."""
    done = subprocess.run(
        [node, str(PYODIDE / "compile.mjs"), str(app_dir), *TITLE_MODULES],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"compiling the cart under Pyodide failed:\n{done.stdout}{done.stderr}")
    got = json.loads(done.stdout.strip().splitlines()[-1])
    return str(got["cache_tag"]), [str(rel) for rel in got["loaded"]]


def pyc_of(source: str, cache_tag: str) -> str:
    """Where Python looks for ``source``'s bytecode (``a/b.py`` -> ``a/__pycache__/b.<tag>.pyc``)."""
    folder, _, name = source.rpartition("/")
    return f"{folder}/__pycache__/{name.removesuffix('.py')}.{cache_tag}.pyc".lstrip("/")


def entry_cost(name: str, data: bytes) -> int:
    """Bytes ``data`` adds to the package as the zip entry ``name`` (deflated, as zipfile packs)."""
    packer = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
    return len(packer.compress(data) + packer.flush()) + ZIP_ENTRY_OVERHEAD + 2 * len(name.encode())


def web_package(app: Path, app_dir: Path, web: Path, budget: int = BYTECODE_BUDGET) -> str:
    """Write ``web``, the page's package: ``app`` (made from ``app_dir``) with the title's modules as
    bytecode in their sources' place, within ``budget`` bytes more. Returns what was done, for the
    output.

    The largest sources go first, each whose bytecode still fits: compiling takes time roughly in
    proportion to the source. ``app`` itself stays as ``pyxel package`` made it, for any Python.
    """
    shutil.copyfile(app, web)
    if budget <= 0:
        return f"{LEFT_OUT}: --bytecode-budget is 0"
    node, runtime = web_pyodide()
    if node is None:
        return f"{LEFT_OUT}: {runtime}"
    cache_tag, loaded = compile_for_web(app_dir, node)
    prefix = f"{app_dir.name}/"
    chosen: dict[str, bytes] = {}  # source -> its bytecode
    added = 0
    for source in sorted(loaded, key=lambda source: (-(app_dir / source).stat().st_size, source)):
        if source in SOURCE_KEPT:
            continue
        pyc = (app_dir / pyc_of(source, cache_tag)).read_bytes()
        cost = entry_cost(f"{prefix}{source}c", pyc)
        cost -= entry_cost(prefix + source, (app_dir / source).read_bytes())
        if added + cost <= budget:
            chosen[source] = pyc
            added += cost
    with zipfile.ZipFile(app) as plain, zipfile.ZipFile(web, "w", compression=zipfile.ZIP_DEFLATED) as out:
        out.comment = plain.comment  # Pyxel's metadata
        for info in plain.infolist():
            source = info.filename.removeprefix(prefix)
            if source in chosen:
                out.writestr(f"{prefix}{source}c", chosen[source])
            else:
                out.writestr(info, plain.read(info))
    said = (
        f"bytecode for {len(chosen)} of the title's {len(loaded)} modules "
        f"(Pyodide {runtime}, {cache_tag}), {added:,} bytes"
    )
    over = sorted(source for source in loaded if source not in chosen and source not in SOURCE_KEPT)
    if over:
        said += f"\nleft out, over the {budget:,}-byte --bytecode-budget (compiled as the page starts): "
        said += ", ".join(over)
    return said


def carried_package(html: Path) -> bytes:
    """The package a page built here carries (base64, as ``pyxel app2html`` embeds it): what it runs."""
    (data,) = re.findall(r'base64: "([A-Za-z0-9+/=]+)"', html.read_text(encoding="utf-8"))
    return base64.b64decode(data, validate=True)


def _pyxel(args: list[str], cwd: Path) -> None:
    """Run a ``pyxel`` command with this interpreter; its chatter is shown only on failure."""
    done = subprocess.run(
        [sys.executable, "-m", "pyxel", *args], cwd=cwd, capture_output=True, text=True, check=False
    )
    # pyxel's CLI prints its errors and exits 1; a missing output file is caught below as well.
    if done.returncode != 0:
        raise SystemExit(f"pyxel {' '.join(args)} failed:\n{done.stdout}{done.stderr}")


def build(
    out: Path = DIST, budget: int = BYTECODE_BUDGET, said: list[str] | None = None
) -> tuple[Path, Path]:
    """Build the ``.pyxapp`` and the ``.html`` into ``out``; returns their paths.

    ``budget``: the bytes the bytecode may add to the page's package (0: none); what was added
    is appended to ``said`` when given.
    """
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gammon-web-") as tmp:
        folder = Path(tmp)
        app_dir = stage(folder)
        _pyxel(["package", APP_NAME, f"{APP_NAME}/{STARTUP_NAME}"], folder)
        app = folder / f"{APP_NAME}.pyxapp"
        if not app.is_file():
            raise SystemExit(f"pyxel did not write {app.name}")
        web = folder / "web" / app.name
        web.parent.mkdir()
        note = web_package(app, app_dir, web, budget)
        if said is not None:
            said.append(note)
        _pyxel(["app2html", web.name], web.parent)
        html = web.parent / f"{APP_NAME}.html"
        for made in (app, html):
            if not made.is_file():
                raise SystemExit(f"pyxel did not write {made.name}")
        shutil.rmtree(app_dir)
        html.write_text(page(html.read_text(encoding="utf-8")), encoding="utf-8")
        results = (out / app.name, out / html.name)
        for made, target in zip((app, html), results, strict=True):
            shutil.move(made, target)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build dist/gammon-cart.pyxapp and dist/gammon-cart.html.")
    parser.add_argument("--out", type=Path, default=DIST, help="output folder (default dist/)")
    parser.add_argument(
        "--bytecode-budget",
        type=int,
        default=BYTECODE_BUDGET,
        metavar="BYTES",
        help=f"bytes bytecode may add to the page's package (default {BYTECODE_BUDGET:,}; 0: none)",
    )
    args = parser.parse_args(argv)
    if args.bytecode_budget < 0:
        parser.error("--bytecode-budget must be 0 or more")
    said: list[str] = []
    for path in build(args.out, args.bytecode_budget, said):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    print(*said, sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
