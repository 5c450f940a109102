"""Build the web export: ``dist/gammon-cart.pyxapp`` and ``dist/gammon-cart.html``.

    python -m tools.build_web [--out DIR]

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
(1 if none finished), which is how ``tests/test_web_build.py`` proves that the
package alone runs the cart.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CART = ROOT / "cart"
DIST = ROOT / "dist"
APP_NAME = "gammon-cart"
STARTUP_NAME = "gammon_cart.py"
WEB = Path(__file__).resolve().parent / "web"
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".*")
"""Never packaged: byte code (rebuilt by the interpreter that runs it) and hidden files."""

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

    run_in_browser()  # a loading frame at once, the cart loaded behind it
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


def _pyxel(args: list[str], cwd: Path) -> None:
    """Run a ``pyxel`` command with this interpreter; its chatter is shown only on failure."""
    done = subprocess.run(
        [sys.executable, "-m", "pyxel", *args], cwd=cwd, capture_output=True, text=True, check=False
    )
    # pyxel's CLI prints its errors and exits 1; a missing output file is caught below as well.
    if done.returncode != 0:
        raise SystemExit(f"pyxel {' '.join(args)} failed:\n{done.stdout}{done.stderr}")


def build(out: Path = DIST) -> tuple[Path, Path]:
    """Build the ``.pyxapp`` and the ``.html`` into ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gammon-web-") as tmp:
        folder = Path(tmp)
        app_dir = stage(folder)
        _pyxel(["package", APP_NAME, f"{APP_NAME}/{STARTUP_NAME}"], folder)
        app = folder / f"{APP_NAME}.pyxapp"
        _pyxel(["app2html", app.name], folder)
        html = folder / f"{APP_NAME}.html"
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
    args = parser.parse_args(argv)
    for path in build(args.out):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
