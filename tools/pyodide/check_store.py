"""The store in a browser's localStorage, through Pyodide's real JS proxies (issue 6, check 3).

    node tools/pyodide/run.mjs tools/pyodide/check_store.py

Pyodide only: ``js.localStorage`` is the stand-in that ``run.mjs`` builds in JavaScript with the
Web Storage interface (``getItem``/``setItem``/``removeItem``/``key``/``length``, a quota that
throws a ``DOMException`` named ``QuotaExceededError``), so every call below crosses the same
Python-to-JavaScript bridge as in the browser: JS strings, JS ``null`` (``pyodide.ffi.jsnull``
in this Pyodide, not ``None``) and a JS exception arriving as ``JsException``.

Checked, in order: the game's own browser path (``cart.__main__.user_store`` on
``sys.platform == "emscripten"``); a computer game saved move by move and loaded back after a
"reload" (a new store over the same storage); other sites' keys left alone; a damaged entry set
aside with a notice, its text kept under ``damaged/``; a full storage giving the clear error
and keeping the old value. Any failure raises (``run.mjs`` then exits 1); the last line is
``RESULT `` and a JSON list of the checks passed.
"""

from __future__ import annotations

import errno
import json
import random
import sys
from typing import Any

from cart.ai import Bot, choose_action
from cart.engine import Action, Rules
from cart.store import (
    BadNameError,
    DamagedError,
    GameOptions,
    LocalStorageBackend,
    Settings,
    Store,
    WriteError,
)
from cart.store.disk.localstorage import FULL_MESSAGE, NAMESPACE

PASSED: list[str] = []


def check(name: str, ok: object, detail: object = "") -> None:
    if not ok:
        raise AssertionError(f"{name}: {detail}")
    PASSED.append(name)
    print(f"ok  {name}", flush=True)


def raises(kind: type[BaseException], step: Any) -> BaseException:
    """The exception of type ``kind`` that ``step()`` raises; AssertionError when it raises none."""
    try:
        step()
    except kind as exc:
        return exc
    raise AssertionError(f"{step} raised no {kind.__name__}")


def ours(storage: Any) -> dict[str, str]:
    """The storage's items under our namespace, read straight from the JavaScript side."""
    keys = [storage.key(i) for i in range(storage.length)]
    return {k: storage.getItem(k) for k in keys if isinstance(k, str) and k.startswith(NAMESPACE)}


def play_a_saved_game(store: Store) -> tuple[str, list[Action], str]:
    """A whole expert-vs-expert game, saved after every action by a store session as the front end does."""
    options = GameOptions(Rules(), ("Ann", "Bob"), computer=1, level="expert")
    saved = store.games.create("Browser game", options, rng=random.Random(6))
    session = store.session(saved)
    match = session.match  # actions go to the match itself; the session observes and saves
    bots = (Bot("expert", seed=1), Bot("expert", seed=2))
    while match.game.phase != "over":
        match.apply(choose_action(bots[match.game.actor], match))
        if session.problem is not None:
            raise AssertionError(f"a save failed: {session.problem}")
    return saved.name, match.record, match.match_id()


def main() -> None:
    import js
    from pyodide.ffi import JsException

    from cart.__main__ import user_store

    check("runs under Pyodide", sys.platform == "emscripten", sys.platform)
    page = js.localStorage
    page.setItem("other-site/save", "theirs")

    # The front end's own choice of store in the browser.
    store = user_store()
    check("the browser store is localStorage", isinstance(store.backend, LocalStorageBackend), store.backend)
    check("a fresh storage loads default settings", store.settings.load() == Settings(), store.notices)
    check(
        "a fresh storage lists no games and no notices",
        store.games.list() == [] and not store.notices,
        store.notices,
    )
    store.settings.update(music=False, animation_speed="fast")
    keys = list(ours(page))
    check("settings land in localStorage", keys == [NAMESPACE + "settings.json"], keys)
    check("values are tagged base64 strings", all(v.startswith("v1:") for v in ours(page).values()))

    # A game saved move by move, then the page reloaded.
    name, record, match_id = play_a_saved_game(store)
    reloaded = user_store()
    [summary] = reloaded.games.list()
    loaded = reloaded.games.load(name)
    check("the saved game is listed after a reload", summary.name == name and summary.phase == "over")
    check(
        "the game loads back as played", loaded.match.record == record and loaded.match.match_id() == match_id
    )
    check("settings survive a reload", reloaded.settings.load().animation_speed == "fast")
    check("other sites' keys are untouched", page.getItem("other-site/save") == "theirs")

    # A damaged entry: set aside with a notice, never a crash, its text kept.
    entry = NAMESPACE + summary.entry
    page.setItem(entry, "not what we wrote")
    listed = reloaded.games.list()
    notices = reloaded.take_notices()
    check("a damaged game is left out of the list", listed == [], listed)
    check("one notice says so", len(notices) == 1 and notices[0].moved_to, notices)
    moved = notices[0].moved_to
    check(
        "it is set aside under damaged/", moved.startswith("damaged/") and moved in reloaded.backend.names()
    )
    check("its text is kept", reloaded.backend.read(moved) == b"not what we wrote")
    check("its old key is gone", entry not in ours(page), list(ours(page)))
    check("loading it now finds no such game", raises(KeyError, lambda: reloaded.games.load(name)))
    page.setItem(NAMESPACE + "settings.json", "v1:***")
    check("damaged settings fall back to defaults", reloaded.settings.load() == Settings())
    check("with a notice", [n.entry for n in reloaded.take_notices()] == ["settings.json"])
    page.setItem(entry, "{}")
    exc = raises(DamagedError, lambda: reloaded.games.load(name))
    check("loading a damaged game raises DamagedError", "set aside" in str(exc), exc)

    # Two tabs on one localStorage (issue 18): one writer per game, nothing written over silently.
    tab_a, tab_b = user_store(), user_store()
    options = GameOptions(Rules(), ("Ann", "Bob"))
    tab_a.games.create("Shared", options, rng=random.Random(3))
    exc = raises(BadNameError, lambda: tab_b.games.create("Shared", options))
    check("a second tab cannot create a taken name", "already" in str(exc), exc)
    in_a = tab_a.session(tab_a.games.load("Shared"))
    in_b = tab_b.session(tab_b.games.load("Shared"))
    in_a.match.roll((3, 1))
    check("the first tab saves", in_a.problem is None, in_a.problem)
    in_b.match.roll((6, 5))
    check("the second tab is told the game was saved elsewhere", in_b.conflict, in_b.problem)
    kept = [a.to_json() for a in user_store().games.load("Shared").match.record]
    check("and the first tab's save is kept", kept == [["roll", 3, 1]], kept)
    in_b.take_over()
    kept = [a.to_json() for a in user_store().games.load("Shared").match.record]
    check("taking it over saves the second tab's game", kept == [["roll", 6, 5]], kept)
    in_a.match.play(in_a.match.legal_plays()[0])
    check("after which the first tab is told in its turn", in_a.conflict, in_a.problem)
    tab_a.games.delete("Shared")

    # A full storage: the browser's own exception, then the store's clear message.
    full = js.StandInStorage.new(2000)
    exc = raises(JsException, lambda: full.setItem("x", "y" * 3000))
    check("the quota throws a JS QuotaExceededError", getattr(exc, "name", None) == "QuotaExceededError", exc)
    small = Store(LocalStorageBackend(full))
    small.settings.save(Settings(music=False))
    before = ours(full)
    big = GameOptions(Rules(), ("Ann", "Bob"))
    exc = raises(WriteError, lambda: small.games.create("Too big", big, record=record))
    check("a save past the quota is a WriteError", FULL_MESSAGE in str(exc), exc)
    check("nothing else changed", ours(full) == before, list(ours(full)))
    exc = raises(OSError, lambda: small.backend.write("settings.json", b"z" * 3000))
    check("the backend says ENOSPC", getattr(exc, "errno", None) == errno.ENOSPC, exc)
    check("the old value stays", small.settings.load() == Settings(music=False))

    print(f"{len(PASSED)} store checks passed in Pyodide {sys.version.split()[0]}")
    print("RESULT " + json.dumps(PASSED), flush=True)


if __name__ == "__main__":
    main()
