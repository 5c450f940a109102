"""The web export (``tools/build_web.py``): the package holds the whole cart and runs on its own.

Two builds per module, into temporary folders: the package as shipped, whose bytecode
Pyodide compiles in Node.js (seconds, so the tests that read it are slow), and the same
without bytecode, which the quick loop checks. The ``.pyxapp`` (sources only, for any
Python) is checked as Pyxel reads it (a zip with a startup-script marker and metadata in the zip
comment), then extracted and started the way ``pyxel play`` and the web
runtime start it (``runpy`` with the app folder first on ``sys.path``), in a
separate isolated interpreter, so a file missing from the package fails here
instead of importing from the repository.

The page embeds a package of its own: the same, with the title's modules as bytecode
for the Python of the page's runtime, in their sources' place. That is checked under
Pyodide in Node.js (``tools/pyodide/check_bytecode.py``): that the title imports from it,
and that tracebacks still name each file and line. Without ``node``
and ``npm ci --prefix tools/pyodide`` the build has no bytecode and those tests skip,
except under ``GAMMON_CART_REQUIRE_PYODIDE=1``.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest
import pyxel
from needs import missing

from tools import build_web

ROOT = Path(__file__).resolve().parents[2]

CHECK_FRAMES = 20_000  # an attract game ends in well under this; the subprocess is also timed


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The package as shipped: Pyodide compiles its bytecode in Node.js, seconds, so its tests are slow."""
    return build_web.build(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The package without the page's bytecode, built in a blink: what the quick checks read."""
    return build_web.build(tmp_path_factory.mktemp("plain"), budget=0)


@pytest.fixture(params=["plain", pytest.param("built", marks=pytest.mark.slow)])
def package(request: pytest.FixtureRequest) -> tuple[Path, Path]:
    """Each build in turn: the quick loop reads the plain one, the whole suite the shipped one too."""
    got: tuple[Path, Path] = request.getfixturevalue(request.param)
    return got


@pytest.fixture(scope="module")
def built_whole(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A page with the bytecode of every module the title imports (no budget to speak of)."""
    return build_web.build(tmp_path_factory.mktemp("whole"), budget=10**8)[1]


@pytest.fixture(scope="module")
def web_pyodide() -> None:
    """Node and the runtime's Pyodide, which compile the bytecode and run the checks."""
    node, why = build_web.web_pyodide()
    if node is None:
        missing(why)


def bytecode(names: set[str]) -> set[str]:
    return {name for name in names if name.endswith(".pyc")}


def source_of(pyc: str) -> str:
    """``a/b.pyc`` -> ``a/b.py``: the source whose place the bytecode takes."""
    return pyc.removesuffix("c")


def page_names(html: Path) -> set[str]:
    with zipfile.ZipFile(io.BytesIO(build_web.carried_package(html))) as z:
        return set(z.namelist())


def cart_files() -> set[str]:
    """What the cart is made of in the repository: every file under ``cart/`` but byte code."""
    return {
        f"{build_web.APP_NAME}/{p.relative_to(ROOT).as_posix()}"
        for p in (ROOT / "cart").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith(".")
    }


def test_outputs_are_named_for_dist(plain: tuple[Path, Path]) -> None:
    app, html = plain
    assert (app.name, html.name) == ("gammon-cart.pyxapp", "gammon-cart.html")


def test_package_holds_the_cart_and_nothing_else(package: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(package[0]) as z:
        names = set(z.namelist())
        marker = z.read(f"{build_web.APP_NAME}/{pyxel.APP_STARTUP_SCRIPT_FILE}").decode()
    assert not bytecode(names)  # sources alone: the .pyxapp plays on any Python
    expected = cart_files()
    # The run-time data the issue names explicitly, in case cart_files ever misses them.
    for needed in (
        "cart/ai/weights.bin",
        "cart/ai/teacher.bin",  # the teacher's contact net (cart.ai.bot.TEACHER_PATH)
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


def test_the_pages_package_holds_each_module_as_source_or_bytecode(package: tuple[Path, Path]) -> None:
    """What the page runs: the .pyxapp's files, some modules' sources replaced by their bytecode;
    ``cart/__init__.py``, which the page hands its worker as a file, stays."""
    with zipfile.ZipFile(package[0]) as z:
        shipped = set(z.namelist())
    names = page_names(package[1])
    in_place = {source_of(pyc) for pyc in bytecode(names)}
    assert in_place <= shipped and not {name for name in names if "__pycache__" in name}
    assert names - bytecode(names) == shipped - in_place
    prefix = f"{build_web.APP_NAME}/"
    assert f"{prefix}cart/__init__.py" in names and f"{prefix}cart/ai/worker.py" in names  # not the title's


def test_startup_script_carries_pyxel_metadata(plain: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(plain[0]) as z:
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


def test_extracted_package_plays_a_computer_game_headless(package: tuple[Path, Path], tmp_path: Path) -> None:
    with zipfile.ZipFile(package[0]) as z:
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


@pytest.mark.slow  # Pyodide compiles the bytecode in Node.js
def test_bytecode_keeps_to_its_budget(
    built: tuple[Path, Path], plain: tuple[Path, Path], web_pyodide: None
) -> None:
    """Without Node's Pyodide the page carries no bytecode at all, so there is no budget to keep."""
    assert build_web.carried_package(plain[1]) == plain[0].read_bytes()  # no bytecode: the .pyxapp itself
    grown = len(build_web.carried_package(built[1])) - plain[0].stat().st_size
    assert 0 < grown <= build_web.BYTECODE_BUDGET


def test_the_pages_bytecode_leaves_out_what_nothing_reads() -> None:
    """Module and function docstrings go (nothing in the cart reads one), class docstrings stay
    (``dataclasses`` would work each missing one out at start-up), and every line keeps its number."""
    sys.path.insert(0, str(ROOT / "tools" / "pyodide"))
    try:
        from bytecode import compile_stripped
    finally:
        sys.path.remove(str(ROOT / "tools" / "pyodide"))
    source = b'''"""Module."""
import sys


class Kept:
    """Class."""

    def method(self):
        """Method."""


def fail():
    """Function."""
    raise ValueError(sys.platform)
'''
    names: dict[str, Any] = {}
    exec(compile_stripped(source, "cart/some.py"), names)
    assert "__doc__" not in names and names["fail"].__doc__ is None
    assert names["Kept"].__doc__ == "Class." and names["Kept"].method.__doc__ is None
    with pytest.raises(ValueError) as raised:
        names["fail"]()
    assert (raised.traceback[-1].frame.code.raw.co_filename, raised.traceback[-1].lineno + 1) == (
        "cart/some.py",
        14,
    )
    readers = [p for p in (ROOT / "cart").rglob("*.py") if "__doc__" in p.read_text(encoding="utf-8")]
    assert not readers  # were one to read a docstring, the page would find None


def test_bytecode_is_compiled_by_the_pyodide_pyxels_runtime_loads() -> None:
    runtime = build_web.PYODIDE_OF_PYXEL[pyxel.VERSION]
    pinned = json.loads((build_web.PYODIDE / "package.json").read_text(encoding="utf-8"))
    locked = json.loads((build_web.PYODIDE / "package-lock.json").read_text(encoding="utf-8"))
    assert pinned["dependencies"]["pyodide"] == runtime
    assert locked["packages"]["node_modules/pyodide"]["version"] == runtime


def test_the_runtimes_pyxel_js_loads_that_pyodide() -> None:
    """Pyxel's own pyxel.js (the snapshot named by PYXEL_MIRROR, at this Pyxel's tag) names the Pyodide."""
    mirror = os.environ.get("PYXEL_MIRROR")
    if not mirror or shutil.which("git") is None:
        pytest.skip("PYXEL_MIRROR (a Pyxel snapshot's git dir) is not set")
    shown = subprocess.run(
        ["git", "-C", mirror, "show", f"v{pyxel.VERSION}:wasm/pyxel.js"],
        capture_output=True,
        text=True,
        check=False,
    )
    if shown.returncode != 0:
        pytest.skip(f"the snapshot has no v{pyxel.VERSION}: {shown.stderr.strip()}")
    (url,) = re.findall(r'PYODIDE_URL = "([^"]+)"', shown.stdout)
    assert f"/pyodide/v{build_web.PYODIDE_OF_PYXEL[pyxel.VERSION]}/" in url


def test_a_pyxel_of_unknown_runtime_gets_no_bytecode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build_web, "PYODIDE_OF_PYXEL", {})
    said: list[str] = []
    _, html = build_web.build(tmp_path, said=said)
    assert not bytecode(page_names(html))
    assert said == [
        f"{build_web.LEFT_OUT}: which Pyodide Pyxel {pyxel.VERSION}'s runtime loads is not known "
        "(PYODIDE_OF_PYXEL)"
    ]


def test_the_build_says_what_it_left_out_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 42: the README's command built the slow page, saying only "no bytecode"."""
    monkeypatch.setattr(build_web, "PYODIDE", tmp_path / "no-pyodide")
    (tmp_path / "no-pyodide").mkdir()
    shutil.copy(ROOT / "tools" / "pyodide" / "package.json", tmp_path / "no-pyodide")
    assert build_web.main(["--out", str(tmp_path / "dist")]) == 0
    said = capsys.readouterr().out
    assert "left out: the bytecode that makes the page start fast" in said
    assert "npm ci --prefix tools/pyodide" in said or "node is not installed" in said


def node(*args: object) -> subprocess.CompletedProcess[str]:
    """``node`` on a script with its arguments, from the repository (minutes at most), its output kept."""
    return subprocess.run(
        ["node", *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )


def check_bytecode(html: Path) -> dict[str, Any]:
    """``tools/pyodide/check_bytecode.py`` on the package the page ``html`` carries (run.mjs takes
    files in the repository)."""
    (ROOT / "build").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=ROOT / "build") as tmp:
        copy = Path(tmp) / f"{build_web.APP_NAME}.pyxapp"
        copy.write_bytes(build_web.carried_package(html))
        here = ROOT / "tools" / "pyodide"
        done = node(
            here / "run.mjs",
            "--with",
            copy,
            "--with",
            here / "time_start.py",
            here / "check_bytecode.py",
            copy.relative_to(ROOT),
        )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    [result] = [line[len("RESULT ") :] for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    got: dict[str, Any] = json.loads(result)
    return got


@pytest.mark.slow  # Pyodide starts in Node.js
def test_the_page_imports_the_title_from_its_bytecode(built: tuple[Path, Path], web_pyodide: None) -> None:
    got = check_bytecode(built[1])
    shipped = got["shipped"]
    assert shipped
    for pyc, header in shipped.items():
        assert header == {"magic": got["magic"], "flags": 0}, pyc  # this Python's, read without a source
    loaded = {source_of(path) if path.endswith(".pyc") else path for path in got["loaded"]}
    from_bytecode = {source_of(pyc) for pyc in shipped}
    assert from_bytecode <= loaded  # the title's own modules
    assert set(got["compiled"]) == loaded - from_bytecode  # the rest compiled, none twice
    assert got["cart"] == "cart/__init__.py" and got["compiled"] == ["cart/__init__.py"]
    # A module without its source still names its file and lines, as the package lays it out.
    assert got["sourceless"] and all(named == source_of(pyc) for pyc, named in got["sourceless"].items())


@pytest.mark.slow  # Pyodide starts in Node.js, twice
def test_the_pages_worker_thinks_from_the_engines_bytecode(
    built: tuple[Path, Path], web_pyodide: None, tmp_path: Path
) -> None:
    """The page's worker is handed the AI and the engine as the page's package holds them (the
    engine as bytecode) and answers as CPython's frame does."""
    import pickle
    import random

    from cart.ai import Bot, choose_action
    from cart.ai.jobs import Job, think_job
    from cart.ai.slices import drain
    from cart.ai.worker import sendable
    from cart.engine import Match, Rules

    with zipfile.ZipFile(io.BytesIO(build_web.carried_package(built[1]))) as z:
        z.extractall(tmp_path / "page")
    app = tmp_path / "page" / build_web.APP_NAME
    assert (app / "cart/engine/board.pyc").is_file() and not (app / "cart/engine/board.py").exists()
    match = Match(Rules(match_length=3), rng=random.Random(3))
    bot = Bot("expert", seed=3)
    for _ in range(6):
        match.apply(choose_action(bot, match))
    while match.game.phase != "move":
        match.apply(choose_action(bot, match))
    job: Job = ("turn", "master", 0, match)
    (tmp_path / "job0.bin").write_bytes(sendable(job))
    done = node(ROOT / "tools/pyodide/thinker.mjs", tmp_path, app)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    ok, data = pickle.loads((tmp_path / "answer0.bin").read_bytes())
    assert ok, data
    assert pickle.loads(data) == drain(think_job(job))


@pytest.mark.slow  # Pyodide starts in Node.js
def test_modules_from_bytecode_name_their_files_and_lines(built_whole: Path, web_pyodide: None) -> None:
    got = check_bytecode(built_whole)
    assert got["compiled"] == ["cart/__init__.py"] and "cart/engine/board.pyc" in got["loaded"]
    ((_, line, _),) = [frame for frame in got["traceback"] if frame[0] == "cart/engine/board.py"]
    assert line > 0  # its text, where a traceback finds no source beside it, is left out


def test_html_embeds_the_package_with_pyxels_metadata(package: tuple[Path, Path]) -> None:
    app, html = package
    page = html.read_text(encoding="utf-8")
    carried_bytes = io.BytesIO(build_web.carried_package(html))
    with zipfile.ZipFile(app) as shipped, zipfile.ZipFile(carried_bytes) as carried:
        assert carried.comment == shipped.comment and carried.comment  # the title, version...
        script = f"{build_web.APP_NAME}/{build_web.STARTUP_NAME}"
        assert carried.read(script) == shipped.read(script)
    assert '"gammon-cart.pyxapp"' in page
    # The runtime comes from the CDN, pinned to the Pyxel that built the page.
    assert f"cdn.jsdelivr.net/gh/kitao/pyxel@{pyxel.VERSION}/wasm/pyxel.js" in page


def test_our_page_comes_before_pyxel_js(plain: tuple[Path, Path]) -> None:
    """The fitting script must be there before pyxel.js makes the canvas, and no zoom is offered."""
    page = plain[1].read_text(encoding="utf-8")
    ours = page.index("function gammonLayout(")
    assert ours < page.index("/wasm/pyxel.js") < page.index("launchPyxel(")
    assert page.index("canvas#canvas {") < ours  # the style: the canvas keeps 640x512 CSS pixels
    assert f'<meta name="viewport" content="{build_web.VIEWPORT}">' in page
    assert "<title>Gammon Cart</title>" in page


@pytest.mark.slow  # Pyodide compiles the bytecode in Node.js
def test_the_build_names_the_modules_its_budget_left_out(tmp_path: Path, web_pyodide: None) -> None:
    said: list[str] = []
    build_web.build(tmp_path, budget=20_000, said=said)
    (note,) = said
    done, over = note.split("\n")
    assert done.startswith("bytecode for ") and over.startswith(
        "left out, over the 20,000-byte --bytecode-budget (compiled as the page starts): cart/"
    )
    chosen, loaded = map(int, re.findall(r"bytecode for (\d+) of the title's (\d+) modules", done)[0])
    named = over.split(": ", 1)[1].split(", ")
    assert chosen + len(named) + len(build_web.SOURCE_KEPT) == loaded and len(named) == len(set(named))
