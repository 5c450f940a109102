// Gammon Cart's page around pyxel.js: the 640x512 game fitted to any window, phones included.
//
// Pyxel sizes its screen from the SDL window, and SDL's window follows the canvas's CSS box
// (getBoundingClientRect) at creation and on every window resize; Pyxel then never draws below
// 1x, so a box smaller than 640x512 shows only its middle. This page therefore keeps the canvas
// laid out at exactly 640x512 CSS pixels whenever SDL measures it (so the window, the drawing
// buffer and Pyxel's scale stay 640x512 at 1x), and shows it through a CSS transform that scales
// it to fit, below 1x where needed. SDL maps a pointer or a touch by the box the browser reports
// (the transformed one) against that 640x512 window, so the pixel under the finger is the pixel
// the game sees. On a touch screen pyxel.js's gamepad goes beside the game (landscape) or below
// it (portrait), whichever leaves the game larger, never over the board.
"use strict";

const GAME_W = 640;
const GAME_H = 512;
const MENU_ASPECT = 26 / 92; // pyxel.js's gamepad menu image, 92x26
const GAP = 4;
const FINGER_CSS_PX = 22; // a fingertip's reach from its centre (44 across): cart/ui/touch.py

// A fingertip's reach in the game's pixels for a press (a PointerEvent's type) on a page laid out as
// ``layout``; 0 for a mouse or a pen, which the cart never aims.
function gammonTouchReach(layout, pointerType) {
  return pointerType === "touch" && layout ? FINGER_CSS_PX / layout.s : 0;
}

// Where the game and the gamepad go in a W x H window; pad is false on a screen without touch.
function gammonLayout(W, H, pad) {
  if (!pad) {
    const s = Math.min(W / GAME_W, H / GAME_H);
    return { s, x: (W - GAME_W * s) / 2, y: (H - GAME_H * s) / 2, pad: null };
  }
  // pyxel.js makes each control a fifth of the longer side; a short window gets smaller ones
  const g = Math.round(Math.min(Math.max(W, H) * 0.2, Math.min(W, H) * 0.45));
  const menuH = Math.ceil(g * 0.3); // its hit zone: the bottom 0.3 of a g-wide box
  // beside: cross in the left margin, buttons in the right one, the menu above the buttons
  const sSide = Math.min((W - 2 * g - 2 * GAP) / GAME_W, H / GAME_H);
  // below: the game on top, a band with the cross, the buttons and (between or above them) the menu
  const menuBetween = W >= 3 * g + 4 * GAP;
  const band = g + GAP + (menuBetween ? 0 : menuH + GAP);
  const sBelow = Math.min(W / GAME_W, (H - band) / GAME_H);
  if (sSide >= sBelow) {
    const s = sSide;
    const x = (W - GAME_W * s) / 2;
    const y = (H - GAME_H * s) / 2;
    const bottom = H - GAP;
    return {
      s, x, y,
      pad: {
        size: g,
        cross: { left: GAP, top: bottom - g },
        button: { left: W - GAP - g, top: bottom - g },
        menu: { left: W - GAP - g, top: Math.max(GAP, bottom - g - GAP - menuH - g * (MENU_ASPECT - 0.3)) },
      },
    };
  }
  const s = sBelow;
  const x = (W - GAME_W * s) / 2;
  const y = Math.max(0, (H - band - GAME_H * s) / 2);
  const top = Math.min(H - g - GAP, y + GAME_H * s + GAP + (menuBetween ? 0 : menuH + GAP));
  return {
    s, x, y,
    pad: {
      size: g,
      cross: { left: GAP, top },
      button: { left: W - GAP - g, top },
      menu: menuBetween
        ? { left: (W - g) / 2, top: top + g - g * MENU_ASPECT }
        : { left: (W - g) / 2, top: top - GAP - g * MENU_ASPECT },
    },
  };
}

// The box (page pixels) a Pyxel pixel is shown in, for tests and drivers.
function gammonPixelToPage(layout, px, py) {
  return [layout.x + (px + 0.5) * layout.s, layout.y + (py + 0.5) * layout.s];
}

// The computer's thoughts in a Web Worker with a Pyodide of its own, so the page's frames never wait
// for them. cart/ai/worker.py's PageWorker starts it with the cart's AI and engine (their files), asks
// once it is ready, and polls each frame; the worker answers with cart.ai.worker.answer, the same code
// the frame's slices run. Where no worker starts (no module workers, no Pyodide URL, a load that
// fails) the game thinks in the frame. The Pyodide is pyxel.js's own (its PYODIDE_URL).
function gammonThinkerSource(base) {
  return `
import { loadPyodide } from ${JSON.stringify(base + "pyodide.mjs")};
let run = null;
let lastJob = 0;
let told = false;
const broken = (err) => {
  if (!told) self.postMessage({ broken: String(err) });
  told = true;
};
// A Pyodide whose load is cut short (its wasm's fetch fails) also rejects a promise it never awaits:
// the failed load is told to the page once, below, and is not the page's error. Once loaded, any
// such rejection is left to the browser.
self.addEventListener("unhandledrejection", (e) => {
  if (run) return;
  e.preventDefault();
  broken(e.reason);
});
self.onmessage = async (e) => {
  const m = e.data;
  if (m.files) {
    try {
      const py = await loadPyodide({ indexURL: ${JSON.stringify(base)} });
      for (const [name, data] of Object.entries(m.files)) {
        py.FS.mkdirTree("/gammon/" + name.split("/").slice(0, -1).join("/"));
        py.FS.writeFile("/gammon/" + name, data);
      }
      run = py.runPython(
        "import sys\\nsys.path.insert(0, '/gammon')\\nfrom cart.ai.worker import answer, warm\\nwarm()\\n" +
        "lambda payload: answer(payload.to_bytes())"
      );
      self.postMessage({ ready: true });
      // a second after the last job (a job's message runs between two steps), the bear-off tables a
      // thought would otherwise stop to work out, as the desktop's child does: cart.ai.worker.warm_step.
      // A standby works them out at once, whatever the worker it stands behind is doing: one that took
      // over without them would first work out those its first thought meets (seconds in a race)
      const warmStep = py.runPython("from cart.ai.worker import warm_step\\nwarm_step");
      const warmOn = () => {
        const wait = lastJob + 1000 - Date.now();
        if (wait > 0) return void setTimeout(warmOn, wait);
        try {
          if (warmStep(0.02)) setTimeout(warmOn, 0);
        } catch (err) {
          // a step that fails leaves the tables to the thoughts that meet them
        }
      };
      lastJob = Date.now();
      setTimeout(warmOn, 1000);
    } catch (err) {
      broken(err);
    }
    return;
  }
  try {
    const t0 = performance.now();
    const out = run(m.payload);
    const data = out.toJs();
    out.destroy();
    self.postMessage({ ticket: m.ticket, data, took: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ ticket: m.ticket, data: null, broken: String(err) });
  }
  lastJob = Date.now();
};
`;
}

// A module worker of the page's own: from a Blob, as the page is one file.
function gammonModuleWorker(src) {
  return new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
}

// The page's side: ``pyodideUrl()`` gives pyodide.js's URL once known, ``makeWorker(src)`` the worker
// (``tools/pyodide/thinker.mjs`` runs it on Node's threads to test it).
//
// A worker that fails to load, dies, or is given up by the cart (``restart``: a job never answered) is
// replaced at once by its standby: a second worker started once the first has loaded, warm behind it,
// which is handed what the first had not answered, so no reply waits for a Pyodide's load. A new standby, or a
// new worker where none stood by, is started after a backoff (1 s, doubling to a minute; back to 1 s
// once a worker has answered), the console alone told: meanwhile, with no worker ready, ``ready()`` is
// false, what it had not answered fails, and the game thinks in the frame as it did while the first
// one loaded. Only a page that cannot make a worker at all, and ``stop()``, end it for good. ``later``
// and ``backoff`` are for tests.
const GAMMON_BACKOFF = { first: 1000, most: 60000 };

function gammonThinker(pyodideUrl, makeWorker = gammonModuleWorker, later = setTimeout, backoff = GAMMON_BACKOFF) {
  let worker = null; // the one asked
  let ready = false;
  let spare = null; // its standby, loading or loaded
  let spareReady = false;
  let stopped = false;
  let files = null;
  let failures = 0; // since a worker last answered: sets the wait before the next try
  let failed = 0; // in all, for tests and drivers
  let pending = null; // a launch waiting for its time
  let worked = 0; // milliseconds the workers spent on the jobs they answered, for drivers
  let next = 1;
  const answers = new Map(); // ticket -> { state: 0 waiting, 1 answered, 2 failed; data }
  const end = (w) => {
    if (!w) return;
    w.onmessage = null;
    w.onerror = null;
    w.terminate();
  };
  const drop = (handOver = false) => {
    ready = false;
    if (!handOver) for (const a of answers.values()) if (a.state === 0) a.state = 2;
    end(worker);
    worker = null;
  };
  const stop = () => {
    stopped = true;
    if (pending !== null) clearTimeout(pending);
    pending = null;
    drop();
    end(spare);
    spare = null;
    spareReady = false;
  };
  // a failure of ``made``, whichever it is: the one asked gives way to its standby
  const fail = (made, why) => (made === worker ? restart(why) : made === spare ? spareFailed(why) : undefined);
  const launch = (url) => {
    let made;
    try {
      made = makeWorker(gammonThinkerSource(url.replace(/[^/]*$/, "")));
    } catch (err) {
      console.log(`Gammon Cart: no thinking worker (${err}); the computer thinks between frames`);
      return null;
    }
    const t0 = performance.now();
    made.onmessage = (e) => {
      const m = e.data;
      if (m.ready) {
        console.log(`Gammon Cart: thinking ${made === worker ? "worker" : "standby"} ready in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
        if (made === worker) {
          ready = true;
          if (!spare && pending === null) standBy();
        } else {
          spareReady = true;
        }
      } else if (m.ticket === undefined) {
        fail(made, `it did not start: ${m.broken}`);
      } else {
        const a = answers.get(m.ticket);
        if (m.data) failures = 0;
        worked += m.took || 0;
        if (a) Object.assign(a, m.data ? { state: 1, data: m.data } : { state: 2 }, { payload: null });
      }
    };
    made.onerror = (e) => fail(made, `it stopped: ${e.message}`);
    made.postMessage({ files });
    return made;
  };
  const standBy = () => {
    spare = launch(pyodideUrl());
    spareReady = false;
  };
  // what is missing after the backoff: the worker asked (its own standby follows once it is ready), or
  // the standby of one that is
  const retry = (why, what) => {
    if (pending !== null) return;
    const wait = Math.min(backoff.most, backoff.first * 2 ** failures);
    failures += 1;
    console.log(`Gammon Cart: ${what} in ${wait / 1000} s (${why})`);
    pending = later(() => {
      pending = null;
      if (stopped) return;
      if (!worker) {
        worker = launch(pyodideUrl());
        if (!worker) stopped = true;
      } else if (ready && !spare) {
        standBy();
      }
    }, wait);
  };
  const spareFailed = (why) => {
    end(spare);
    spare = null;
    spareReady = false;
    failed += 1;
    retry(why, "a new standby thinking worker starts");
  };
  // the worker failed: its standby takes over, or the game thinks in the frame until a new one loads
  const restart = (why) => {
    if (stopped) return;
    failed += 1;
    if (spare && spareReady) {
      // warm: it takes over what was asked and not answered, so no reply falls back to the frame
      drop(true);
      worker = spare;
      ready = true;
      spare = null;
      spareReady = false;
      for (const [ticket, a] of answers) if (a.state === 0) worker.postMessage({ ticket, payload: a.payload });
      retry(why, "a new standby thinking worker starts");
      return;
    }
    drop();
    if (spare) {
      worker = spare;
      ready = spareReady;
      spare = null;
      spareReady = false;
      console.log(`Gammon Cart: the thinking worker's standby, still loading, takes over (${why})`);
      return;
    }
    retry(`${why}; thinking between frames`, "the thinking worker is restarting");
  };
  return {
    start(given) {
      const url = pyodideUrl();
      if (files || !url) return false;
      files = given;
      worker = launch(url);
      if (worker) return true;
      stopped = true;
      return false;
    },
    ready: () => ready,
    standby: () => spareReady, // a warm standby stands behind the one asked
    stopped: () => stopped,
    failed: () => failed,
    worked: () => worked,
    restart,
    ask(payload) {
      const ticket = next++;
      answers.set(ticket, { state: 0, data: null, payload }); // the payload, for a standby taking over
      worker.postMessage({ ticket, payload });
      return ticket;
    },
    state: (ticket) => (answers.has(ticket) ? answers.get(ticket).state : 2),
    take(ticket) {
      const a = answers.get(ticket);
      answers.delete(ticket);
      return a ? a.data : null;
    },
    forget(ticket) {
      answers.delete(ticket);
    },
    stop,
  };
}

if (typeof module !== "undefined") {
  module.exports = {
    gammonLayout, gammonPixelToPage, gammonThinker, gammonThinkerSource, gammonTouchReach, GAMMON_BACKOFF, GAME_W, GAME_H,
  };
} else {
  // pyxel.js declares PYODIDE_URL after this script: read when the cart starts the worker
  window.gammonThinker = gammonThinker(() => (typeof PYODIDE_URL === "string" ? PYODIDE_URL : null));
  (() => {
    let measuring = false; // the canvas is untransformed while SDL may be reading its box
    const canvas = () => document.querySelector("canvas#canvas");
    const el = (id) => document.getElementById(id);
    const place = (img, box, size) => {
      if (!img) return;
      for (const [k, v] of [["min-width", "0"], ["width", `${size}px`], ["left", `${box.left}px`],
                            ["top", `${box.top}px`], ["right", "auto"], ["bottom", "auto"],
                            ["transform", "none"]]) {
        img.style.setProperty(k, v, "important");
      }
    };
    const fit = () => {
      const c = canvas();
      if (!c || measuring || c.width !== GAME_W || c.height !== GAME_H) return; // SDL has no window yet
      const cross = el("pyxel-gamepad-cross");
      const W = window.innerWidth;
      const H = window.innerHeight;
      const lay = gammonLayout(W, H, Boolean(cross));
      window.gammonLayoutNow = lay;
      c.style.setProperty("left", `${lay.x}px`, "important");
      c.style.setProperty("top", `${lay.y}px`, "important");
      c.style.setProperty("transform", `scale(${lay.s})`, "important");
      c.style.setProperty("image-rendering", lay.s < 1 ? "auto" : "pixelated", "important");
      c.style.visibility = "visible";
      if (lay.pad) {
        place(cross, lay.pad.cross, lay.pad.size);
        place(el("pyxel-gamepad-button"), lay.pad.button, lay.pad.size);
        place(el("pyxel-gamepad-menu"), lay.pad.menu, lay.pad.size);
      }
    };
    // A resize: SDL's own listener measures the canvas; let it find 640x512 again, then refit.
    window.addEventListener("resize", () => {
      const c = canvas();
      if (!c) return;
      measuring = true;
      c.style.setProperty("transform", "none", "important");
      c.style.setProperty("left", "0px", "important");
      c.style.setProperty("top", "0px", "important");
      requestAnimationFrame(() => { measuring = false; fit(); });
    }, { capture: true });
    // SDL sizes the canvas's buffer when Pyxel opens its window; pyxel.js adds the gamepad later
    const watch = new MutationObserver(fit);
    const start = () => {
      watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["width", "height"] });
      fit();
    };
    if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
    // pyxel.js writes a dropped file to /tmp under a name with odd characters made "_": keep the
    // player's own name for the game's messages (cart/store/disk/browser.py reads it back)
    window.gammonDroppedNames = {};
    const noteDrops = () => {
      const write = window.dropFileToPyxel;
      if (typeof write !== "function" || write.gammonNoted) return;
      const noted = (name, data) => {
        window.gammonDroppedNames[`/tmp/${name.replace(/[^a-zA-Z0-9._-]/g, "_")}`] = name;
        return write(name, data);
      };
      noted.gammonNoted = true;
      window.dropFileToPyxel = noted;
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", noteDrops);
    else noteDrops();
    window.gammonFit = fit;
    // each press says whether a finger made it, before SDL hands it to the cart as the mouse's
    window.gammonFingerReach = 0; // read by the cart (cart.__main__.web_page); not the function's name
    window.addEventListener("pointerdown", (e) => {
      window.gammonFingerReach = gammonTouchReach(window.gammonLayoutNow, e.pointerType);
    }, { capture: true });
  })();
}
