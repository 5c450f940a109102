"""The page's own script (``tools/web/page.js``) under Node.js: its layout and its thinking worker.

``page.js`` fits the 640x512 game to any window and keeps pyxel.js's touch gamepad off it, and
runs the computer's thoughts in a Web Worker with a Pyodide of its own. Its functions are pure
enough to run in Node: the layouts over many windows, the worker's bookkeeping against a stand-in
worker, and the worker's own source against a Pyodide that fails to load. The page itself runs
in Chromium through ``tools/webcheck_run.py``.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from needs import node

from cart.ui.touch import FINGER_CSS_PX
from tools import build_web

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
    node()
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
  const w = { src, sent: [], onmessage: null, onerror: null, terminated: false };
  w.postMessage = (m) => w.sent.push(m);
  w.terminate = () => { w.terminated = true; };
  made = w;
  return w;
};
const waits = [];
let waiting = null;
const later = (f, ms) => { waits.push(ms); waiting = f; return 0; };
const again = () => { const f = waiting; waiting = null; if (f) f(); };
const none = gammonThinker(() => null, fake);
log.push(["no pyodide url", none.start({}), made === null]);
const url = () => "https://cdn.example/pyodide/v1/full/pyodide.js";
// the first load fails, with no standby yet: the frame thinks, a new one after the backoff
const f = gammonThinker(url, fake, later);
f.start({ "cart/a.py": new Uint8Array([1]) });
const lost = made;
lost.onmessage({ data: { broken: "Failed to fetch" } });
log.push(["first load failed", f.ready(), f.stopped(), lost.terminated, [...waits]]);
again();
log.push(["again", made !== lost, made.sent[0].files["cart/a.py"][0], f.ready()]);
f.stop();
waits.length = 0;
const t = gammonThinker(url, fake, later);
log.push(["started", t.start({ "cart/a.py": new Uint8Array([1]) }), t.start({}), t.ready()]);
const w1 = made;
log.push(["source", w1.src.includes('from "https://cdn.example/pyodide/v1/full/pyodide.mjs"'),
          w1.sent[0].files["cart/a.py"][0]]);
w1.onmessage({ data: { ready: true } });
const w2 = made;  // its standby, started once it is ready
log.push(["standby", t.ready(), w2 !== w1, w2.sent[0].files["cart/a.py"][0], [...waits]]);
const a = t.ask(new Uint8Array([7]));
const b = t.ask(new Uint8Array([8]));
log.push(["asked", w1.sent[1].ticket === a, w2.sent.length, t.state(a), t.state(b)]);
w1.onmessage({ data: { ticket: a, data: new Uint8Array([42]) } });
log.push(["answered", t.state(a), Array.from(t.take(a)), t.state(a), t.state(b)]);
w2.onmessage({ data: { ready: true } });
w1.onerror({ message: "boom" });  // the standby takes over at once; a new standby after the backoff
const c = t.ask(new Uint8Array([9]));
const handed = [w2.sent[1].ticket === b, w2.sent[1].payload[0], w2.sent[2].ticket === c];
log.push(["took over", t.state(b), t.ready(), w1.terminated, t.failed(), handed, [...waits]]);
again();
const w3 = made;
w3.onmessage({ data: { broken: "Failed to fetch" } });  // the new standby fails to load
log.push(["standby failed", w3 !== w2, w3.terminated, t.ready(), t.failed(), [...waits]]);
w2.onmessage({ data: { ticket: b, data: new Uint8Array([8]) } });
log.push(["handed over", t.state(b), Array.from(t.take(b))]);
again();
const w4 = made;
w2.onmessage({ data: { ticket: c, data: new Uint8Array([1]) } });  // it answered: the backoff starts over
w2.onerror({ message: "boom" });  // its standby, still loading, takes over: not ready meanwhile
log.push(["loading", t.state(c), t.ready(), [...waits]]);
w4.onmessage({ data: { ready: true } });
log.push(["ready again", t.ready(), made !== w4, [...waits]]);
const w5 = made;
w5.onmessage({ data: { ready: true } });
w4.onerror({ message: "boom" });
log.push(["backoff reset", t.ready(), [...waits]]);
t.stop();
again();  // a start already waiting when the game stopped: nothing starts
log.push(["stopped", t.stopped(), w5.terminated, made === w5, t.ready()]);
console.log(JSON.stringify(log));
"""


def test_the_pages_thinking_worker_hands_answers_over_and_comes_back() -> None:
    """page.js's gammonThinker on stand-in workers: tickets, answers taken once; a standby started once
    the first has loaded takes over at once when it stops (issue 42), handed what it had not answered
    (from a standby still loading, what was asked fails: the game thinks it in the frame); a new
    standby, or a worker where none stood by (the first load failing), is started after a backoff
    that doubles while they fail and starts over once one answers."""
    node()
    done = subprocess.run(
        ["node", "-e", THINKER, str(build_web.WEB / "page.js")], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [
        ["no pyodide url", False, True],
        ["first load failed", False, False, True, [1000]],
        ["again", True, 1, False],
        ["started", True, False, False],
        ["source", True, 1],
        ["standby", True, True, 1, []],
        ["asked", True, 1, 0, 0],
        ["answered", 1, [42], 2, 0],
        ["took over", 0, True, True, 1, [True, 8, True], [1000]],
        ["standby failed", True, True, True, 2, [1000, 2000]],
        ["handed over", 1, [8]],
        ["loading", 1, False, [1000, 2000]],
        ["ready again", True, True, [1000, 2000]],
        ["backoff reset", True, [1000, 2000, 1000]],
        ["stopped", True, True, True, False],
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
    done = worker_run(tmp_path, FAILING_PYODIDE, WORKER_LOAD)
    assert json.loads(done.stdout.splitlines()[-1]) == [{"broken": "TypeError: Failed to fetch"}]


def worker_run(folder: Path, pyodide: str, script: str) -> subprocess.CompletedProcess[str]:
    """Node on ``script`` (an ES module given page.js and ``folder``), ``pyodide`` as the folder's
    ``pyodide.mjs``, which the worker's source imports; it must exit 0."""
    node()
    (folder / "pyodide.mjs").write_text(pyodide, encoding="utf-8")
    (folder / "run.mjs").write_text(script, encoding="utf-8")
    done = subprocess.run(
        ["node", str(folder / "run.mjs"), str(build_web.WEB / "page.js"), str(folder)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done


RESTART = """
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
const [pageJs, dir] = process.argv.slice(2);
const { gammonThinker } = createRequire(import.meta.url)(pageJs);
const SHIM = `import { parentPort } from "node:worker_threads";
globalThis.self = globalThis;
self.postMessage = (m) => parentPort.postMessage(m);
self.addEventListener = () => {};
parentPort.on("message", (data) => self.onmessage({ data }));
`;
let made = 0;
const workers = [];
const threadWorker = (src) => {  // a Web Worker's interface over a thread running the page's source
  const file = `${dir}/worker${made++}.mjs`;
  writeFileSync(file, SHIM + src);
  const thread = new Worker(file);
  const w = { onmessage: null, onerror: null, postMessage: (m) => thread.postMessage(m) };
  w.terminate = () => thread.terminate();
  // dies as a browser's worker does, once it has answered: the thread ends and the page hears an error
  // (a death inside the thread may reach the page before its last answer, handing that job on)
  w.die = () => { thread.terminate(); w.onerror?.({ message: "Error: out of memory" }); };
  thread.on("message", (data) => w.onmessage?.({ data }));
  thread.on("error", (err) => w.onerror?.({ message: String(err) }));
  workers.push(w);
  return w;
};
const waits = [];
const later = (f, ms) => { waits.push(ms); return setTimeout(f, 20); };  // the backoff asked for, made short
const t = gammonThinker(() => `file://${dir}/pyodide.js`, threadWorker, later);
const until = async (done) => {
  const end = Date.now() + 10000;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return done();
};
const log = [];
setTimeout(() => { console.error(`stuck after ${JSON.stringify(log)}`); process.exit(3); }, 40000).unref();
t.start({ "cart/a.py": new Uint8Array([1]) });
log.push(["first load fails", await until(() => t.failed() === 1), t.ready(), t.stopped()]);
log.push(["second is ready", await until(() => t.ready()), made, [...waits]]);
const a = t.ask(new Uint8Array([7]));
await until(() => t.state(a) !== 0);
log.push(["answers", t.state(a), Array.from(t.take(a))]);
await until(() => t.standby());  // its standby warm behind it
const b = t.ask(new Uint8Array([0]));
await until(() => t.state(b) !== 0);
workers[1].die();  // then it dies
log.push(["dies", await until(() => t.failed() === 2), t.state(b)]);
await until(() => t.ready());
const c = t.ask(new Uint8Array([5]));
await until(() => t.state(c) !== 0);
const fourth = await until(() => made === 4);
log.push(["its standby answers", t.state(c), Array.from(t.take(c)), fourth, [...waits]]);
t.stop();
console.log(JSON.stringify(log));
process.exit(0);
"""

FLAKY_PYODIDE = """
import { existsSync, writeFileSync } from "node:fs";
const tried = new URL("./tried", import.meta.url);
export async function loadPyodide() {
  if (!existsSync(tried)) {  // the first load's fetch fails, as on a flaky network
    writeFileSync(tried, "");
    throw new TypeError("Failed to fetch");
  }
  const answer = (payload) => ({ toJs: () => new Uint8Array([payload[0] * 6]), destroy() {} });
  return {
    FS: { mkdirTree() {}, writeFile() {} },
    runPython: (code) => (code.includes("warm_step") ? () => false : answer),
  };
}
"""


def test_a_worker_that_fails_to_load_or_dies_is_started_again(tmp_path: Path) -> None:
    """Issue 42: the page's own worker source on Node's threads, under a Pyodide whose first load fails
    and whose worker later dies: the first time the page starts another (the game thinks in the frame
    meanwhile, and says nothing), the second the standby started behind it answers at once."""
    done = worker_run(tmp_path, FLAKY_PYODIDE, RESTART)
    assert json.loads(done.stdout.splitlines()[-1]) == [
        ["first load fails", True, False, False],
        ["second is ready", True, 3, [1000]],  # and its standby started
        ["answers", 1, [42]],
        ["dies", True, 1],  # it answered, then died
        ["its standby answers", 1, [30], True, [1000, 1000]],  # and a new standby is started
    ]
    assert "restarting in 1 s" in done.stdout and "Error" not in done.stderr


TOOK = """
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
const [pageJs, dir] = process.argv.slice(2);
const { gammonThinkerSource } = createRequire(import.meta.url)(pageJs);
const posted = [];
globalThis.self = globalThis;
self.postMessage = (m) => posted.push(m);
self.addEventListener = () => {};
writeFileSync(`${dir}/worker.mjs`, gammonThinkerSource(`file://${dir}/`));
await import(`file://${dir}/worker.mjs`);
await self.onmessage({ data: { files: {} } });
await self.onmessage({ data: { ticket: 1, payload: new Uint8Array([7]) } });
console.log(JSON.stringify(posted));
process.exit(0);
"""

SLOW_PYODIDE = """
export async function loadPyodide() {
  const answer = (payload) => {
    const end = performance.now() + 30;  // a thought of 30 ms
    while (performance.now() < end);
    return { toJs: () => new Uint8Array([payload[0] * 6]), destroy() {} };
  };
  return {
    FS: { mkdirTree() {}, writeFile() {} },
    runPython: (code) => (code.includes("warm_step") ? () => false : answer),
  };
}
"""


def test_an_answer_says_how_long_its_job_took_in_the_worker(tmp_path: Path) -> None:
    """The worker's seconds on each job (``took``; the page sums them, ``worked()``): what a page check
    reads to tell a slow thought from a slow page (tools/web/driver.py, issues 38 and 42)."""
    done = worker_run(tmp_path, SLOW_PYODIDE, TOOK)
    ready, answer = json.loads(done.stdout.splitlines()[-1])
    assert ready == {"ready": True} and answer["ticket"] == 1 and answer["data"] == {"0": 42}
    assert 30 <= answer["took"] < 1000


def test_a_fingers_reach_is_22_css_pixels_in_the_games_pixels_and_a_mouse_has_none() -> None:
    """Issue 42: what the page tells the cart of each press (``window.gammonFingerReach``)."""
    node()
    script = """
const { gammonLayout, gammonTouchReach } = require(process.argv[1]);
const out = [];
for (const [w, h] of [[390, 844], [844, 390], [1280, 1024]]) {
  const lay = gammonLayout(w, h, w < 1000);
  out.push([lay.s, ...["touch", "mouse", "pen"].map((kind) => gammonTouchReach(lay, kind))]);
}
out.push(gammonTouchReach(undefined, "touch"));  // before the page has laid the game out
console.log(JSON.stringify(out));
"""
    done = subprocess.run(
        ["node", "-e", script, str(build_web.WEB / "page.js")], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    *rows, early = json.loads(done.stdout)
    for scale, finger, mouse, pen in rows:
        assert finger * scale == pytest.approx(FINGER_CSS_PX) and mouse == pen == 0  # the cart's own
    assert rows[0][1] > 30 and early == 0  # upright on a phone: 36 of the game's pixels
