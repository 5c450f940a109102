"""Gammon Cart's web page in headless Chromium on desktop windows, phones and a tablet (issue 29).

    python -m tools.webcheck_run --out /work/webshots [--only NAME ...] [--compare REV]

Drives ``webcheck`` (``../shared/tools/webcheck``, or ``--webcheck DIR`` / ``$WEBCHECK``:
a copy with ``npm ci`` done and the ``--fit`` option) over pages built here by
:mod:`tools.build_web`, each run in its own folder under ``--out`` with its
screenshots, ``console.log`` and ``report.json``; the figures are printed and
written to ``OUT/figures.json``. The runs:

- ``desk640``, ``desk1280``: desktop windows of 640x512 and 1280x1024: the title,
  the pointer mapped to the pixel under it, and (640x512) the Master playing
  itself: frames per second while it thinks and its replies, dice to play.
- ``phone``, ``phone_wide``, ``tablet``: touch screens of 390x844, 844x390 and
  1024x768: page screenshots, taps mapped to the pixel under the finger, the
  gamepad's START opening the menu.
- ``game``: a whole game against the beginner played by touch on an 844x390
  page: rolls and confirmations tapped, the first move of each play dragged,
  the others tap-tap, the menu opened from the gamepad.
- ``browser``: Export .mat downloads a file named after the game; Quit says the
  tab can be closed and the page keeps running.
- ``review``: a 99-action game dropped on the title opens its Review once the
  page's thinking worker has loaded: frames per second while it analyses, late
  frames, the analysis's seconds and whether the frame or the worker made it.
- ``worker_back``: the page's thinking worker given up while the Master plays itself: the
  replies after it (each one's end, seconds after the kill, and its length), every decision from
  its asking to its showing, the first shown after the kill, the worker ready again.
- ``drills``: the Drills window over a full book (500 drills) checking the three waiting in the
  page's worker: its frames, each check's wall and worker seconds, each check's keeping, beside its
  frames with the checks held before and at rest after (the worker idle); then, in the frame, a
  reviewed game's harvest into that book and a check kept (``tools/web/drills_probe.py``).
- ``fingers``, ``fingers_wide``: taps a finger's width off small controls on 390x844 and 844x390
  touch pages (the title's close icon, the Create form's Play, the dice box), each aimed at it.
- ``sweep``, ``sweep_wide``: every control of the title, the Create form, the table, its menu, the
  saved games, Help and the Review tapped eight ways round, 22 CSS px from its centre, on those
  pages (``tools/web/finger_sweep.py``): how many landed on it, nearer another, or wrong.
- ``start``: click to first frame of this page and of a bare 640x512 Pyxel page
  (best of 3 each); ``--start-budgets BYTES...`` adds pages built with other bytecode
  budgets (:mod:`tools.build_web`), taking their turns.

``--compare REV`` also builds the page from the cart at git revision REV and
runs ``desk640``, ``review`` and ``worker_back`` on it, so the thinking figures have a reference
from the same run, and ``start`` on it by turns with this page. Pyxel's 2.9.9 WebAssembly
wheel is not in the Pyxel snapshot; webcheck's ``cart/make_standin.sh`` builds
the stand-in (2.6.2's wheel under 2.9.9's name) into ``OUT/wasm`` when
``--wasm-dir`` is not given. Runs one Chromium at a time
and closes it after each run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tools import build_web

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tools" / "web" / "driver.py"
SWEEP = ROOT / "tools" / "web" / "finger_sweep.py"
DRILLS = ROOT / "tools" / "web" / "drills_probe.py"
STOCK = "drills_stock.py"
"""The drills the ``drills`` run stocks the page's book with, written into the run's files by the host."""
DRILLS_HOLD_S = DRILLS_REST_S = 20.0
"""Seconds the ``drills`` run times the window open with its checks held before they start, and at rest
after: the references for its frames while checking."""
WHEEL = "pyxel-2.9.9-cp311-abi3-emscripten_5_0_3_wasm32.whl"

BARE_APP = """\
import pyxel


class Bare:
    def __init__(self):
        pyxel.init(640, 512, title="bare")
        pyxel.run(self.update, self.draw)

    def update(self):
        pass

    def draw(self):
        pyxel.cls(1)
        pyxel.text(8, 8, "bare 640x512", 7)


Bare()
"""

# taps on the Create form, in Pyxel pixels: Beginner, the match length's "+" (money -> 1 point), Play
CREATE_BEGINNER = (226, 180)
CREATE_PLUS = (341, 310)
CREATE_PLAY = (508, 476)
CLOSE_OFF = (30, 28)  # 10 pixels right of and below the title's 20x20 close icon
DICE_OFF = (546, 327)  # 9 pixels under the panel's "dice to roll" box, 20 above the bin


def mapping_checks(points: list[tuple[int, int]], how: str) -> list[str]:
    """Actions that put the pointer (``how``: move or tap) at each point and read it back."""
    out = []
    for x, y in points:
        out += [f"{how}:{x},{y}", "frames:3", "py:(pyxel.mouse_x, pyxel.mouse_y)"]
    return out


POINTS = [(8, 30), (320, 256), (632, 506), (100, 400)]
"""Where the pointer is checked: inert spots (not a window's close icon) near the corners and the middle."""


def runs(game_blocks: int) -> dict[str, dict[str, Any]]:
    """Each run's viewport, touch, seconds and actions."""
    menu = ["pad:START,150", "frames:15", "pageshot:menu_from_pad", "py:st()", "pad:BACK,150", "frames:10"]
    create = [f"tapfit:{x},{y}" for x, y in (CREATE_BEGINNER, CREATE_PLUS)] + ["frames:5", "pageshot:create"]
    touch_tour = [
        "frames:5",
        "pyfile:DRIVER",
        "pageshot:title",
        "tapfit:320,256",
        "frames:15",
        *create,
        f"tapfit:{CREATE_PLAY[0]},{CREATE_PLAY[1]}",
        "frames:30",
        "pageshot:board",
        *mapping_checks(POINTS, "tap"),
        *menu,
        "py:st()",
        "js:JSON.stringify(window.gammonLayoutNow)",
    ]
    desk_tour = [
        "frames:5",
        "pyfile:DRIVER",
        "shot:title",
        "pageshot:title_page",
        *mapping_checks(POINTS, "move"),
        "key:Space,100",
        "frames:15",
        "pageshot:create_page",
        f"click:{CREATE_PLAY[0]},{CREATE_PLAY[1]}",
        "frames:30",
        "pageshot:board_page",
        "js:JSON.stringify(window.gammonLayoutNow)",
    ]
    think = ["py:think_probe('master', 'fast')", "wait:20", "py:think_report()", "shot:master_thinking"]
    game = [
        "frames:5",
        "pyfile:DRIVER",
        "pageshot:g00_title",
        "tapfit:320,256",
        "frames:15",
        *create,
        f"tapfit:{CREATE_PLAY[0]},{CREATE_PLAY[1]}",
        "frames:30",
        "pageshot:g01_board",
    ]
    for i in range(game_blocks):
        game += ["pytaps:next_tap(),40,120,120", "pyswipe:next_swipe(),450", "frames:3"]
        if i == 2:
            game += ["pageshot:g02_after_drag", *menu]
        if i == game_blocks // 2:
            game += ["pageshot:g03_midgame", "py:st()"]
    game += ["frames:30", "pageshot:g04_game_over", "py:st()", "py:moves_made()"]
    browser = [
        "frames:5",
        "pyfile:DRIVER",
        "js:(() => { window.gammonDownloads = []; const click = HTMLAnchorElement.prototype.click;"
        " HTMLAnchorElement.prototype.click = function () { if (this.download) window.gammonDownloads.push("
        "{ name: this.download, href: this.href.slice(0, 5) }); return click.call(this); };"
        " return 'hooked'; })()",
        "drop:FILES/Friday game (2).mat",
        "frames:10",
        "py:review_title()",
        "shot:drop_on_title",
        "py:close_top()",
        "key:Space,100",
        "frames:15",
        f"click:{CREATE_PLAY[0]},{CREATE_PLAY[1]}",
        "frames:30",
        "py:export_now()",
        "frames:10",
        "shot:export_message",
        "js:JSON.stringify(window.gammonDownloads)",
        "py:close_top()",
        "drop:FILES/Friday game (2).mat",
        "frames:10",
        "py:review_title()",
        "shot:drop_on_board",
        "py:close_top()",
        "drop:FILES/bad notes.mat",
        "frames:10",
        "py:review_title()",
        "shot:bad_drop",
        "py:close_top()",
        "py:quit_now()",
        "frames:10",
        "shot:quit_message",
        "frames:30",
        "py:pyxel.frame_count",
    ]
    # taps a finger's width off small controls (issue 42): each must be aimed at the control beside it
    fingers = [
        "frames:5",
        "pyfile:DRIVER",
        "pageshot:f0_title",
        f"tapfit:{CLOSE_OFF[0]},{CLOSE_OFF[1]}",  # beside the title's close icon: Quit (its message here)
        "frames:10",
        "py:told()",
        "pageshot:f1_quit_by_finger",
        "js:String(window.gammonFingerReach)",
        "py:close_top()",
        "frames:5",
        "tapfit:320,256",
        "frames:15",
        f"tapfit:{CREATE_PLAY[0]},{CREATE_PLAY[1] + 22}",  # under the Play button, off it
        "frames:30",
        "py:st()",
        "pageshot:f2_board",
        "wait:8",  # the computer rolls its die of the opening first
        "py:st()",
        f"tapfit:{DICE_OFF[0]},{DICE_OFF[1]}",  # under "dice to roll", off it
        "frames:20",
        "py:st()",
        "pageshot:f3_rolled_by_finger",
    ]
    # every control of each window tapped all round, 22 CSS px from its centre (issue 42): where it went
    sweep = ["frames:5", "pyfile:DRIVER", "pyfile:SWEEP", "wait:12"]
    # the title twice: the page knows a finger's reach from its first touch on, so the first is a warm-up
    for kind in ("title", "title", "create", "table", "menu", "saved", "help", "review"):
        if kind == "review":  # the Review of a dropped game, over the title
            sweep += ["py:sweep_open('title')", "drop:FILES/Review game.mat"]
            sweep += ["pyuntil:type(app().top).__name__ == 'ReviewScene',60"]
        sweep += [f"py:sweep_open('{kind}')", "frames:3", f"pageshot:sweep_{kind}"]
        sweep += ["pytaps:sweep_next(),2000,900,80"]
    sweep += ["py:sweep_report()"]
    # the thinking worker given up mid-game (issue 42): the page starts another, the game meanwhile
    # thinks in the frame; the master's replies before and after, and when the worker is back
    worker_back = [
        "frames:5",
        "pyfile:DRIVER",
        "wait:15",
        "py:think_probe('master', 'fast')",
        "wait:8",
        "pyuntil:standby_ready() is not False,60",  # its standby warm behind it (where the page has one)
        "py:standby_ready()",
        "py:kill_worker()",
        "wait:20",
        "py:back_report()",
        "py:think_report()",
    ]
    # the drills' deep checks in the page's worker with a full book (issue 38), and the frame's part
    drills = [
        "frames:5",
        "pyfile:DRIVER",
        f"pyfile:{DRILLS}",
        f"pyfile:FILES/{STOCK}",
        "pyuntil:app().services.worker.bridge.ready(),90",  # the title's game has started the worker
        "wait:3",
        "py:drills_stock(READY, NEW)",
        f"py:drills_probe({DRILLS_HOLD_S}, {DRILLS_REST_S})",
        "pyuntil:drills_done(),600",  # the three checks took up to 295 s on a loaded machine
        "py:drills_report()",
        "shot:drills_window",
        "py:drills_store_probe(REVIEW, MAT)",
    ]
    review = [
        "frames:5",
        "pyfile:DRIVER",
        "wait:12",  # the page's thinking worker loads (a page without one analyses in the frame)
        "drop:FILES/Review game.mat",
        "frames:2",
        "py:review_title()",
        "py:review_probe()",
        "wait:45",
        "py:review_report()",
        "pyuntil:PROBE['deep_end'] is not None,240",  # the deep pass, two rolls ahead, after the quick
        "py:review_report()",
        "pyuntil:PROBE['drills_end'] is not None,420",  # then the human's mistakes checked as drills
        "py:review_report()",
        "shot:review_done",
    ]
    return {
        "desk640": {"viewport": "640x512", "touch": False, "seconds": 1, "actions": desk_tour + think},
        "desk1280": {"viewport": "1280x1024", "touch": False, "seconds": 1, "actions": desk_tour},
        "phone": {"viewport": "390x844", "touch": True, "seconds": 1, "actions": touch_tour},
        "phone_wide": {"viewport": "844x390", "touch": True, "seconds": 1, "actions": touch_tour},
        "tablet": {"viewport": "1024x768", "touch": True, "seconds": 1, "actions": touch_tour},
        "game": {"viewport": "844x390", "touch": True, "seconds": 1, "actions": game},
        "browser": {"viewport": "640x512", "touch": False, "seconds": 1, "actions": browser},
        "review": {"viewport": "640x512", "touch": False, "seconds": 1, "actions": review},
        "worker_back": {"viewport": "640x512", "touch": False, "seconds": 1, "actions": worker_back},
        "drills": {"viewport": "640x512", "touch": False, "seconds": 1, "actions": drills},
        "fingers": {"viewport": "390x844", "touch": True, "seconds": 1, "actions": fingers},
        "fingers_wide": {"viewport": "844x390", "touch": True, "seconds": 1, "actions": fingers},
        "sweep": {"viewport": "390x844", "touch": True, "seconds": 1, "actions": sweep},
        "sweep_wide": {"viewport": "844x390", "touch": True, "seconds": 1, "actions": sweep},
    }


def webcheck(
    wc: Path,
    page: Path,
    out: Path,
    wasm: Path,
    viewport: str,
    touch: bool,
    seconds: float,
    actions: list[str],
) -> dict[str, Any]:
    """One webcheck run (one Chromium, closed at its end); its report, or why it failed."""
    out.mkdir(parents=True, exist_ok=True)
    spec = out / "actions.json"  # a JSON list: an item may hold ";" (JavaScript), which a text list splits on
    files = out.parent / "files"
    items = [
        a.replace("DRIVER", str(DRIVER)).replace("SWEEP", str(SWEEP)).replace("FILES", str(files))
        for a in actions
    ]
    spec.write_text(json.dumps(items, indent=0), encoding="utf-8")
    cmd = [
        "node",
        str(wc / "webcheck.js"),
        str(page),
        "--wasm-dir",
        str(wasm),
        "--viewport",
        viewport,
        "--seconds",
        str(seconds),
        "--out",
        str(out),
        "--actions-file",
        str(spec),
        "--fit",
    ]
    if touch:
        cmd.append("--touch")
    done = subprocess.run(cmd, capture_output=True, text=True, check=False, timeout=1800)
    (out / "webcheck.txt").write_text(done.stdout + done.stderr, encoding="utf-8")
    report_file = out / "report.json"
    if not report_file.is_file():
        return {"pass": False, "error": (done.stdout + done.stderr)[-2000:]}
    report: dict[str, Any] = json.loads(report_file.read_text(encoding="utf-8"))
    return report


def results(report: dict[str, Any], prefix: str) -> list[Any]:
    """The values of the actions whose code starts with ``prefix`` (py: or js:), in order."""
    out = []
    for a in report.get("actions", []):
        if a.get("kind") in ("py", "js") and a.get("code", "").startswith(prefix):
            r = a.get("result", {})
            out.append(r.get("value") if r.get("ok") else f"ERROR {r.get('error')}")
    return out


def summary(name: str, report: dict[str, Any]) -> dict[str, Any]:
    """The figures a run gives: start-up, fps, pointer mapping, and what its probes returned."""
    t = report.get("timings_s", {})
    fig: dict[str, Any] = {"pass": report.get("pass"), "viewport": report.get("viewport")}
    if "page_first_frame_drawn" in t and "page_prompt_removed" in t:  # both the page's own clock
        fig["click_to_first_frame_s"] = round(t["page_first_frame_drawn"] - t["page_prompt_removed"], 3)
    if report.get("frames"):
        fig["fps_end"] = report["frames"].get("fps")
    pointer = results(report, "(pyxel.mouse_x")
    if pointer:
        fig["pointer"] = [f"{x},{y} -> {v}" for (x, y), v in zip(POINTS, pointer, strict=False)]
    for key, prefix in (
        ("think", "think_report"),
        ("state", "st()"),
        ("moves", "moves_made"),
        ("layout", "JSON.stringify(window.gammonLayoutNow"),
        ("downloads", "JSON.stringify(window.gammonDownloads"),
        ("export", "export_now"),
        ("quit", "quit_now"),
        ("dropped", "review_title"),
        ("review", "review_report"),
        ("frame_count", "pyxel.frame_count"),
        ("told", "told()"),
        ("reach", "String(window.gammonFingerReach"),
        ("back", "back_report"),
        ("drills", "drills_report"),
        ("drills_store", "drills_store_probe"),
        ("sweep_opened", "sweep_open"),
        ("sweep", "sweep_report"),
    ):
        got = results(report, prefix)
        if got:
            fig[key] = got if len(got) > 1 else got[0]
    if report.get("error"):
        fig["error"] = report["error"]
    return fig


def drop_files(folder: Path) -> None:
    """Two files to drop on the page: a match exported as the desktop does, and one that is none.

    Their names have spaces and brackets, which pyxel.js changes to ``_`` in the copy it writes.
    """
    from cart.engine import Move
    from cart.store import GameOptions, Store, export_mat

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        kept = store.games.create("Friday", GameOptions())
        match = kept.match
        rng = random.Random(4)
        while len(match.record) < 14:
            game = match.game
            if game.phase in ("opening", "roll"):
                match.roll()
            else:
                match.apply(Move.of(rng.choice(game.legal_plays())))
        store.games.save(kept)
        (folder / "Friday game (2).mat").write_text(export_mat(kept), encoding="utf-8")
    (folder / "bad notes.mat").write_text("these are notes, not a match\n", encoding="utf-8")
    from tools.bench_review_window import finished_game

    with tempfile.TemporaryDirectory() as tmp:
        played = finished_game(20)  # the Review window bench's game: 99 actions, a double taken
        kept = Store(Path(tmp)).games.create("Review", GameOptions(), record=played.record)
        (folder / "Review game.mat").write_text(export_mat(kept), encoding="utf-8")


def drills_stock(folder: Path, ready: int = 497, new: int = 3) -> None:
    """The ``drills`` run's book, as a file the page runs: ``ready`` checked drills and ``new`` ones
    waiting for their deep check (:mod:`tools.bench_drills`'s, a full book's size), and a reviewed
    game (the Review window bench's, reviewed at 0-ply here) with its ``.mat`` for the harvest."""
    from cart.ai.review import review_match
    from cart.ai.review.codec import review_to_json
    from cart.drills import drill_to_json
    from cart.store import export_mat
    from tools.bench_drills import drills, waiting
    from tools.bench_review_window import finished_game

    played = finished_game(20)
    made = drills(ready + new)
    items = {
        "READY": [drill_to_json(d) for d in made[:ready]],
        "NEW": [drill_to_json(waiting(d)) for d in made[ready:]],
        "REVIEW": review_to_json(review_match(played, ply=0)),
        "MAT": export_mat(played),
    }
    lines = ["import json", ""] + [f"{k} = json.loads({json.dumps(v)!r})" for k, v in items.items()]
    (folder / STOCK).write_text("\n".join(lines) + "\n", encoding="utf-8")


def bare_page(folder: Path) -> Path:
    """A bare 640x512 Pyxel page, packaged and converted as the cart's is (the start-up reference)."""
    app = folder / "bare"
    app.mkdir(parents=True, exist_ok=True)
    (app / "bare.py").write_text(BARE_APP, encoding="utf-8")
    for args in (["package", "bare", "bare/bare.py"], ["app2html", "bare.pyxapp"]):
        subprocess.run([sys.executable, "-m", "pyxel", *args], cwd=folder, check=True, capture_output=True)
    return folder / "bare.html"


def page_at(rev: str, folder: Path) -> Path:
    """The page built from the cart at git revision ``rev`` (its own tools/build_web.py)."""
    src = folder / f"src-{rev.replace('/', '_')}"
    src.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    out = folder / f"dist-{rev.replace('/', '_')}"
    subprocess.run([sys.executable, "-m", "tools.build_web", "--out", str(out)], cwd=src, check=True, env=env)
    return out / f"{build_web.APP_NAME}.html"


def start_figures(
    wc: Path, ours: Path, out: Path, wasm: Path, rounds: int, more: dict[str, Path] | None = None
) -> dict[str, Any]:
    """Click to first frame, this page against a bare 640x512 Pyxel page, taking turns ``rounds`` times.

    The cart's first frame is its loading frame (:mod:`cart.ui.boot`); its title's first frame
    comes once the App is built behind it, which the page's Boot timed. ``more``: other builds
    of the cart by name (``cart@BYTES``: another bytecode budget), taking their turns too.
    """
    pages = {"bare": ours, "cart": ours, **(more or {})}
    starts: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        pages["bare"] = bare_page(Path(tmp))
        for i in range(rounds):
            for which, page in pages.items():
                probe = [] if which == "bare" else ["pyfile:DRIVER", "py:boot_figures()"]
                report = webcheck(
                    wc, page, out / f"start_{which}_{i}", wasm, "640x512", False, 1, ["frames:5", *probe]
                )
                got = summary(which, report).get("click_to_first_frame_s")
                if got is None:
                    continue
                starts.setdefault(which, []).append(got)
                loading = [
                    r for r in results(report, "boot_figures") if isinstance(r, dict) and r["loading_s"]
                ]
                if loading:  # the loading frame, the App built, then one frame of 1/30 s
                    starts.setdefault(f"{which}_title", []).append(
                        round(got + loading[0]["loading_s"] + 1 / 30, 3)
                    )
                    starts.setdefault(f"{which}_loading_s", []).append(loading[0]["loading_s"])
    best = {k: min(v) for k, v in starts.items() if v}
    fig: dict[str, Any] = {"click_to_first_frame_s": starts, "best": best}
    for k in best:
        if k != "bare" and not k.endswith("_loading_s") and "bare" in best:
            fig[f"ratio_best_{k}"] = round(best[k] / best["bare"], 2)
    return fig


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, required=True, help="folder for the runs (outside the repository)"
    )
    parser.add_argument(
        "--webcheck",
        type=Path,
        default=Path(os.environ.get("WEBCHECK", ROOT.parent / "shared/tools/webcheck")),
    )
    parser.add_argument(
        "--wasm-dir", type=Path, help="folder holding the Pyxel web wheel (default: build the stand-in)"
    )
    parser.add_argument(
        "--only",
        nargs="*",
        help="run only these (desk640 desk1280 phone phone_wide tablet game browser review worker_back drills"
        " fingers fingers_wide sweep sweep_wide start)",
    )
    parser.add_argument(
        "--compare",
        help="git revision whose page desk640, review and start also run, for before/after figures",
    )
    parser.add_argument(
        "--game-blocks", type=int, default=70, help="tap-then-drag rounds the touch game may take"
    )
    parser.add_argument("--start-rounds", type=int, default=3)
    parser.add_argument(
        "--start-budgets",
        type=int,
        nargs="*",
        default=[],
        metavar="BYTES",
        help="start also pages built with these bytecode budgets (tools.build_web), by turns",
    )
    args = parser.parse_args(argv)
    wc = args.webcheck.resolve()
    why = None
    if not (wc / "webcheck.js").is_file():
        why = f"no webcheck.js in {wc} (give --webcheck or $WEBCHECK)"
    elif not (wc / "node_modules").is_dir():
        why = f"webcheck has no node_modules: run `npm ci` in {wc}"
    elif "--fit" not in (wc / "webcheck.js").read_text(encoding="utf-8"):
        why = f"{wc}/webcheck.js lacks --fit (taps mapped below 1x): use a copy with it"
    elif shutil.which("node") is None or (
        shutil.which("chromium") is None and not os.environ.get("CHROMIUM_PATH")
    ):
        why = "node and chromium are needed (apt-get install chromium nodejs)"
    elif not os.environ.get("PYXEL_MIRROR") and args.wasm_dir is None:
        why = "set PYXEL_MIRROR (the Pyxel snapshot's git dir) or give --wasm-dir"
    if why:
        print(f"webcheck_run: {why}", file=sys.stderr)
        return 2
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    wasm = args.wasm_dir.resolve() if args.wasm_dir else out / "wasm"
    if not (wasm / WHEEL).is_file():
        subprocess.run(
            ["bash", str(wc / "cart" / "make_standin.sh"), str(wasm)], check=True, capture_output=True
        )
    pages = out / "pages"
    pages.mkdir(exist_ok=True)
    ours = build_web.build(pages / "dist")[1]
    drop_files(out / "files")
    plan = runs(args.game_blocks)
    wanted = args.only or [*plan, "start"]
    if "drills" in wanted:
        drills_stock(out / "files")
    figures: dict[str, Any] = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "runs": {}}
    for name in wanted:
        if name == "start":
            continue
        spec = plan[name]
        t0 = time.perf_counter()
        report = webcheck(
            wc, ours, out / name, wasm, spec["viewport"], spec["touch"], spec["seconds"], spec["actions"]
        )
        fig = summary(name, report)
        fig["wall_s"] = round(time.perf_counter() - t0, 1)
        figures["runs"][name] = fig
        print(name, json.dumps(fig, indent=1), flush=True)
    before = page_at(args.compare, pages) if args.compare else None
    for name in ("desk640", "review", "worker_back"):
        if before is None or (args.only and name not in args.only):
            continue
        spec = plan[name]
        report = webcheck(
            wc, before, out / f"{name}_before", wasm, spec["viewport"], False, 1, spec["actions"]
        )
        figures["runs"][f"{name}_before"] = summary(f"{name}_before", report)
        print(f"{name}_before", json.dumps(figures["runs"][f"{name}_before"], indent=1), flush=True)
    if "start" in wanted:
        more = {
            f"cart@{budget}": build_web.build(pages / f"dist@{budget}", budget)[1]
            for budget in args.start_budgets
        }
        if before is not None:
            more[f"cart@{args.compare}"] = before
        figures["start"] = start_figures(wc, ours, out, wasm, args.start_rounds, more)
        print("start", json.dumps(figures["start"]), flush=True)
    (out / "figures.json").write_text(json.dumps(figures, indent=1), encoding="utf-8")
    print(f"figures: {out / 'figures.json'}")
    return 0 if all(r.get("pass") for r in figures["runs"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
