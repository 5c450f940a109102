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

from tools import build_web

ROOT = Path(__file__).resolve().parent.parent

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
        if os.environ.get("GAMMON_CART_REQUIRE_PYODIDE") == "1":
            pytest.fail(f"GAMMON_CART_REQUIRE_PYODIDE=1 but {why}")
        pytest.skip(why)


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
def test_bytecode_keeps_to_its_budget(built: tuple[Path, Path], plain: tuple[Path, Path]) -> None:
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
        f"no bytecode: which Pyodide Pyxel {pyxel.VERSION}'s runtime loads is not known (PYODIDE_OF_PYXEL)"
    ]


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


VIEWPORTS = [
    (390, 844),
    (844, 390),
    (1024, 768),
    (768, 1024),
    (640, 512),
    (1280, 1024),
    (320, 568),
    (568, 320),
    (1920, 1080),
    (360, 640),
    (915, 412),
]

LAYOUTS = """
const { gammonLayout, GAME_W, GAME_H } = require(process.argv[1]);
const out = [];
for (const [w, h] of JSON.parse(process.argv[2])) {
  for (const pad of [false, true]) out.push({ w, h, pad, lay: gammonLayout(w, h, pad) });
}
console.log(JSON.stringify({ out, GAME_W, GAME_H }));
"""


@pytest.fixture(scope="module")
def layouts() -> list[dict[str, object]]:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        ["node", "-e", LAYOUTS, str(build_web.WEB / "page.js"), json.dumps(VIEWPORTS)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    got = json.loads(done.stdout)
    assert (got["GAME_W"], got["GAME_H"]) == (640, 512)
    return list(got["out"])


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether boxes (left, top, width, height) share any area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_the_game_fits_every_window_whole(layouts: list[dict[str, Any]]) -> None:
    """Scaled to fit (below 1x too), centred across; without a gamepad as large as the window allows."""
    for case in layouts:
        w, h, lay = case["w"], case["h"], case["lay"]
        game = (lay["x"], lay["y"], 640 * lay["s"], 512 * lay["s"])
        assert game[0] >= -1e-9 and game[1] >= -1e-9, case
        assert game[0] + game[2] <= w + 1e-6 and game[1] + game[3] <= h + 1e-6, case
        assert abs(game[0] - (w - game[2]) / 2) < 1e-6, case
        if not case["pad"]:
            assert lay["pad"] is None and lay["s"] == pytest.approx(min(w / 640, h / 512)), case


def test_the_touch_gamepad_stays_off_the_game(layouts: list[dict[str, Any]]) -> None:
    """Cross, buttons and menu inside the window, off the board and off each other; the game still large."""
    for case in (c for c in layouts if c["pad"]):
        w, h, lay = case["w"], case["h"], case["lay"]
        game = (lay["x"], lay["y"], 640 * lay["s"], 512 * lay["s"])
        g = lay["pad"]["size"]
        boxes = {
            "cross": (lay["pad"]["cross"]["left"], lay["pad"]["cross"]["top"], g, g),
            "button": (lay["pad"]["button"]["left"], lay["pad"]["button"]["top"], g, g),
            # the menu's hit zone is the bottom 0.3 of a g-wide square (pyxel.js): its image is 92x26
            "menu": (lay["pad"]["menu"]["left"], lay["pad"]["menu"]["top"], g, g * 26 / 92),
        }
        for name, box in boxes.items():
            assert box[0] >= 0 and box[1] >= 0 and box[0] + box[2] <= w and box[1] + box[3] <= h, (name, case)
            assert not overlap(box, game), (name, case)
        assert not overlap(boxes["menu"], boxes["cross"]) and not overlap(boxes["menu"], boxes["button"]), (
            case
        )
        assert lay["s"] >= 0.5 * min(w / 640, h / 512), case  # the pad costs the game at most half its size


THINKER = """
const { gammonThinker } = require(process.argv[1]);
const log = [];
let made = null;
const fake = (src) => {
  made = { src, sent: [], onmessage: null, onerror: null, terminated: false };
  made.postMessage = (m) => made.sent.push(m);
  made.terminate = () => { made.terminated = true; };
  return made;
};
const none = gammonThinker(() => null, fake);
log.push(["no pyodide url", none.start({}), made === null]);
const t = gammonThinker(() => "https://cdn.example/pyodide/v1/full/pyodide.js", fake);
log.push(["started", t.start({ "cart/a.py": new Uint8Array([1]) }), t.start({}), t.ready()]);
log.push(["source", made.src.includes('from "https://cdn.example/pyodide/v1/full/pyodide.mjs"'),
          made.sent[0].files["cart/a.py"][0]]);
made.onmessage({ data: { ready: true } });
const a = t.ask(new Uint8Array([7]));
const b = t.ask(new Uint8Array([8]));
log.push(["asked", t.ready(), made.sent[1].ticket === a, t.state(a), t.state(b)]);
made.onmessage({ data: { ticket: a, data: new Uint8Array([42]) } });
log.push(["answered", t.state(a), Array.from(t.take(a)), t.state(a), t.state(b)]);
made.onerror({ message: "boom" });
log.push(["stopped", t.state(b), t.ready(), t.stopped(), made.terminated]);
console.log(JSON.stringify(log));
"""


def test_the_pages_thinking_worker_hands_answers_over_and_fails_whole() -> None:
    """page.js's gammonThinker on a stand-in worker: tickets, answers taken once, and a worker that
    stops failing what it had not answered (the game then thinks in the frame)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        ["node", "-e", THINKER, str(build_web.WEB / "page.js")], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [
        ["no pyodide url", False, True],
        ["started", True, False, False],
        ["source", True, 1],
        ["asked", True, True, 0, 0],
        ["answered", 1, [42], 2, 0],
        ["stopped", 2, False, True, True],
    ]


WORKER_LOAD = """
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
const [pageJs, dir] = process.argv.slice(2);
const { gammonThinkerSource } = createRequire(import.meta.url)(pageJs);
const posted = [];
const listeners = [];
globalThis.self = globalThis;  // a Web Worker's global, as far as the page's source uses it
self.postMessage = (m) => posted.push(m);
self.addEventListener = (type, f) => { if (type === "unhandledrejection") listeners.push(f); };
process.on("unhandledRejection", (reason, promise) => {  // what a browser does with one
  const e = { reason, promise, prevented: false, preventDefault() { this.prevented = true; } };
  for (const f of listeners) f(e);
  if (!e.prevented) posted.push({ pageerror: String(reason) });
});
writeFileSync(`${dir}/worker.mjs`, gammonThinkerSource(`file://${dir}/`));
await import(`file://${dir}/worker.mjs`);
await self.onmessage({ data: { files: {} } });
await new Promise((r) => setTimeout(r, 200));
console.log(JSON.stringify(posted));
"""

FAILING_PYODIDE = """
export async function loadPyodide() {
  Promise.reject(new TypeError("Failed to fetch"));  // as Pyodide's wasm fetch, cut short, never awaited
  await new Promise((r) => setTimeout(r, 20));
  throw new TypeError("Failed to fetch");
}
"""


def test_a_worker_whose_pyodide_fails_to_load_tells_the_page_once_and_raises_nothing(tmp_path: Path) -> None:
    """The page's worker when its Pyodide cannot be fetched (seen in Chromium): the page hears of it
    once, thinks between frames, and no error is left unhandled for the browser to report."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    (tmp_path / "pyodide.mjs").write_text(FAILING_PYODIDE, encoding="utf-8")
    (tmp_path / "run.mjs").write_text(WORKER_LOAD, encoding="utf-8")
    done = subprocess.run(
        ["node", str(tmp_path / "run.mjs"), str(build_web.WEB / "page.js"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [{"broken": "TypeError: Failed to fetch"}]
