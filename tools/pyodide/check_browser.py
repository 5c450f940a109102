"""An export handed to the browser as a download, through Pyodide's real JS proxies (issue 29).

    node tools/pyodide/run.mjs tools/pyodide/check_browser.py

Pyodide only: ``cart.store.disk.browser.download`` is given Pyodide's own ``js`` module and
``to_js``; Node.js has the real ``Blob`` and ``URL.createObjectURL``, and this script gives
``js`` a stand-in ``document`` whose links record their click (Node has no DOM) and a ``Blob``
that is the real one but keeps its parts, so the bytes handed over can be read back at once.
Also checked: a page without a document is an ``OSError`` (the game says it as a failed export);
a dropped file's name as the cart's page noted it, and the base name where it did not. Any
failure raises (``run.mjs`` then exits 1); the last line is ``RESULT `` and a JSON list of the
checks passed.
"""

from __future__ import annotations

import json
import sys

import js
from pyodide.code import run_js
from pyodide.ffi import to_js

from cart.store.disk.browser import REVOKE_AFTER_MS, download, dropped_name

PASSED: list[str] = []


def check(name: str, ok: object, detail: object = "") -> None:
    if not ok:
        raise AssertionError(f"{name}: {detail}")
    PASSED.append(name)
    print(f"ok  {name}", flush=True)


run_js(
    """
    globalThis.standIn = { links: [], timers: [], revoked: [], body: [], blobs: [] };
    const RealBlob = Blob;
    globalThis.Blob = class extends RealBlob {
      constructor(parts, options) { super(parts, options); this.parts = parts; standIn.blobs.push(this); }
    };
    const revoke = URL.revokeObjectURL;
    URL.revokeObjectURL = (url) => { standIn.revoked.push(url); return revoke(url); };
    globalThis.setTimeout = (fn, ms) => { standIn.timers.push({ fn, ms }); return standIn.timers.length; };
    globalThis.document = {
      body: {
        appendChild(el) { standIn.body.push(el); el.parent = this; return el; },
      },
      createElement(tag) {
        const el = {
          tag, href: "", download: "", style: {}, clicked: 0, parent: null,
          click() {
            this.clicked += 1;
            standIn.links.push({ href: this.href, download: this.download, attached: this.parent !== null });
          },
          remove() {
            const i = standIn.body.indexOf(this);
            if (i >= 0) standIn.body.splice(i, 1);
            this.parent = null;
          },
        };
        return el;
      },
    };
    """
)
check("runs under Pyodide", sys.platform == "emscripten", sys.platform)

record = "; a .mat of 2 games\n 1) 31: 8/5 6/5\xa0é\n".encode()  # bytes as they are, UTF-8 and all
download(js, to_js, "Gammon 1 - You vs Beginner.mat", record)
links = js.standIn.links.to_py()
check("one link is clicked", len(links) == 1, links)
link = links[0]
check("it names the file as the game", link["download"] == "Gammon 1 - You vs Beginner.mat", link)
check("it points at a Blob's object URL", link["href"].startswith("blob:"), link)
check("the link is in the document when clicked", link["attached"] is True, link)
check("and gone afterwards", js.standIn.body.length == 0, js.standIn.body.length)
timers = js.standIn.timers
check("the URL is revoked later, not at once", timers.length == 1 and timers[0].ms == REVOKE_AFTER_MS)
check("nothing revoked before the timer", js.standIn.revoked.length == 0)
timers[0].fn()
check("the timer revokes that URL", js.standIn.revoked.to_py() == [link["href"]], js.standIn.revoked.to_py())
blobs = js.standIn.blobs
check("one Blob for the download", blobs.length == 1, blobs.length)
blob = blobs[0]
check("the Blob is text/plain", blob.type == "text/plain", blob.type)
got = bytes(blob.parts[0].to_py())
check("it holds the record's exact bytes", got == record and blob.size == len(record), got)

run_js("globalThis.document = undefined;")
try:
    download(js, to_js, "y.mat", record)
except OSError as exc:
    check("no document: an OSError the game can say", "download" in str(exc), exc)
else:
    raise AssertionError("a download without a document did not fail")

check("a drop the page did not note: its base name", dropped_name(js, "/tmp/My_game.mat") == "My_game.mat")
run_js("globalThis.gammonDroppedNames = { '/tmp/My_game__1_.mat': 'My game (1).mat' };")
noted = dropped_name(js, "/tmp/My_game__1_.mat")
check("a drop the page noted: the player's own name", noted == "My game (1).mat", noted)
check("another file: its base name", dropped_name(js, "/tmp/other.mat") == "other.mat")

print("RESULT " + json.dumps(PASSED), flush=True)
