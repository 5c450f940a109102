"""The web export (``tools/build_web.py``): the package holds the whole cart and runs on its own.

One build per module, into a temporary folder. The ``.pyxapp`` is checked as
Pyxel reads it (a zip with a startup-script marker and metadata in the zip
comment), then extracted and started the way ``pyxel play`` and the web
runtime start it (``runpy`` with the app folder first on ``sys.path``), in a
separate isolated interpreter, so a file missing from the package fails here
instead of importing from the repository.
"""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
import pyxel

from tools import build_web

ROOT = Path(__file__).resolve().parent.parent

CHECK_FRAMES = 20_000  # an attract game ends in well under this; the subprocess is also timed


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return build_web.build(tmp_path_factory.mktemp("dist"))


def cart_files() -> set[str]:
    """What the cart is made of in the repository: every file under ``cart/`` but byte code."""
    return {
        f"{build_web.APP_NAME}/{p.relative_to(ROOT).as_posix()}"
        for p in (ROOT / "cart").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")
    }


def test_outputs_are_named_for_dist(built: tuple[Path, Path]) -> None:
    app, html = built
    assert (app.name, html.name) == ("gammon-cart.pyxapp", "gammon-cart.html")


def test_package_holds_the_cart_and_nothing_else(built: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(built[0]) as z:
        names = set(z.namelist())
        marker = z.read(f"{build_web.APP_NAME}/{pyxel.APP_STARTUP_SCRIPT_FILE}").decode()
    expected = cart_files()
    # The run-time data the issue names explicitly, in case cart_files ever misses them.
    for needed in (
        "cart/ai/weights.bin",
        "cart/assets/font.bdf",
        "cart/assets/sprites.png",
        "cart/assets/manual.txt",
    ):
        assert f"{build_web.APP_NAME}/{needed}" in expected
    assert names == expected | {
        f"{build_web.APP_NAME}/{pyxel.APP_STARTUP_SCRIPT_FILE}",
        f"{build_web.APP_NAME}/{build_web.STARTUP_NAME}",
    }
    assert marker.strip() == build_web.STARTUP_NAME


def test_startup_script_carries_pyxel_metadata(built: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(built[0]) as z:
        script = z.read(f"{build_web.APP_NAME}/{build_web.STARTUP_NAME}").decode()
        comment = z.comment.decode()
    meta = build_web.metadata()
    assert set(meta) == {"title", "author", "desc", "license", "version"}
    for key, value in meta.items():
        assert f"# {key}: {value}\n" in script
        # pyxel package copied it into the zip comment, which pyxel play and the web page show.
        assert re.search(rf"^{key}\s+: {re.escape(value)}$", comment, re.MULTILINE), key
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["version"] == project["version"]


def test_extracted_package_plays_a_computer_game_headless(built: tuple[Path, Path], tmp_path: Path) -> None:
    with zipfile.ZipFile(built[0]) as z:
        z.extractall(tmp_path)
    app_dir = tmp_path / build_web.APP_NAME
    script = app_dir / (app_dir / pyxel.APP_STARTUP_SCRIPT_FILE).read_text().strip()
    # As pyxel.cli.play_pyxel_app runs it; then prove cart came from the package, not the repository.
    runner = (
        "import runpy, sys\n"
        f"sys.path.insert(0, {str(app_dir)!r})\n"
        "try:\n"
        f"    runpy.run_path({str(script)!r}, run_name='__main__')\n"
        "finally:\n"
        "    import cart\n"
        f"    assert cart.__file__.startswith({str(app_dir)!r}), cart.__file__\n"
        "    from cart.ui.windows.manual import MANUAL_PATH, manual\n"  # the Help window's pages travel too
        f"    assert str(MANUAL_PATH).startswith({str(app_dir)!r}) and 'moving' in manual().pages\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env |= {"SDL_AUDIODRIVER": "dummy", "GAMMON_CART_CHECK": str(CHECK_FRAMES)}
    done = subprocess.run(
        [sys.executable, "-I", "-c", runner],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"a game is over after \d+ frames", done.stdout), done.stdout


def test_html_embeds_exactly_that_package(built: tuple[Path, Path]) -> None:
    app, html = built
    page = html.read_text(encoding="utf-8")
    embedded = re.findall(r'base64: "([A-Za-z0-9+/=]+)"', page)
    assert len(embedded) == 1
    assert base64.b64decode(embedded[0], validate=True) == app.read_bytes()
    assert '"gammon-cart.pyxapp"' in page
    # The runtime comes from the CDN, pinned to the Pyxel that built the page.
    assert f"cdn.jsdelivr.net/gh/kitao/pyxel@{pyxel.VERSION}/wasm/pyxel.js" in page
