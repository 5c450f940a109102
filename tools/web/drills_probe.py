"""Helpers webcheck runs in the page (``pyfile:``, after driver.py) to time the drills' work (issue 38).

``drills_stock()`` fills the store's book with drills made on the host (``webcheck_run.py``
writes them into a file the run also ``pyfile:``s); ``drills_probe()`` opens the Drills window,
which checks the drills waiting in the page's worker, and times its frames and each check until
none waits; ``drills_store_probe()`` times, in the frame, what the worker cannot take from it: the
book read and a reviewed game's harvest into it, a step a frame as the Review does them, and a
finished check kept there (each a read, change and write of its drills' own entries). Nothing here
is part of the cart.
"""

# driver.py's app, mod, _timed and _worked, run before this file in the same namespace:
# ruff: noqa: F821

import json
import time

DRILLS = {"frames": [], "checks": [], "keeps": [], "opened": None, "read": None, "end": None}


def drills_stock(ready, new):
    """The store's book is ``ready`` (checked drills) and ``new`` (waiting for their check), JSON items."""
    store = app().services.store
    store.drills.put([*ready, *new])
    return {"ready": len(ready), "new": len(new), "json_bytes": len(json.dumps([*ready, *new]))}


def drills_probe():
    """Open the Drills window and time its frames, each drill's check and each check's keeping."""
    a = app()
    t0 = time.perf_counter()
    a.go(mod("routes", "ToDrills").ToDrills())
    window = a.top
    checking = window.checking
    DRILLS.update(frames=[], checks=[], keeps=[], opened=None, read=None, end=None, window=window)
    part = checking._part

    def timed_part(check):
        k0 = time.perf_counter()
        drill = checking.drill
        part(check)
        if check.done and drill is not None:  # its store write, in this frame
            DRILLS["keeps"].append(time.perf_counter() - k0)
            DRILLS["checks"].append({"id": drill.id, "end": time.perf_counter(), "seconds": check.seconds})

    checking._part = timed_part
    clock = a.clock
    begin = clock.begin

    def timed_begin():
        begin()
        now = time.perf_counter()
        if DRILLS["opened"] is None:
            DRILLS["opened"] = now - t0  # F2's transition to the frame after the window's first
        if DRILLS["read"] is None and window.reading is None:
            DRILLS["read"] = now - t0  # to the frame after the one that read the book whole
        if DRILLS["end"] is None:
            DRILLS["frames"].append((now, checking.drill.id if checking.drill else "", _worked()))
            if window.reading is None and not checking.busy and not checking.book.unchecked(checking.key):
                DRILLS["end"] = now

    clock.begin = timed_begin
    return {"top": type(window).__name__, "reading": window.reading is not None}


def drills_done():
    """Whether the window has checked every drill that waited (or the probe is not running)."""
    return DRILLS["end"] is not None


def drills_report():
    """The window's frames while it checked; each check's wall and worker seconds; each keep's."""
    f = DRILLS["frames"]
    timed = _timed("checking", f, DRILLS["end"]) or {"frames": len(f)}
    checks = []
    start = f[0] if f else None
    for c in DRILLS["checks"]:
        began = next((fr for fr in f if fr[1] == c["id"]), start)
        ended = next((fr for fr in f if fr[0] >= c["end"]), f[-1])
        checks.append(
            {
                "wall_s": round(c["end"] - began[0], 2),
                "worker_s": round(ended[2] - began[2], 2),
                "check_s": round(c["seconds"], 2),
            }
        )
    keeps = sorted(DRILLS["keeps"])
    window = DRILLS.get("window")
    drill = window.checking.drill if window is not None and window.checking is not None else None
    if drill is not None and f:  # a check still under way when the run stopped waiting
        began = next((fr for fr in f if fr[1] == drill.id), f[-1])
        last = f[-1]
        checks.append({"under_way_s": round(last[0] - began[0], 2), "worker_s": round(last[2] - began[2], 2)})
    return {
        **timed,
        "open_s": round(DRILLS["opened"], 3) if DRILLS["opened"] is not None else None,
        "read_s": round(DRILLS["read"], 3) if DRILLS["read"] is not None else None,
        "checks": checks,
        "keep_ms": [round(k * 1e3, 1) for k in DRILLS["keeps"]],
        "keep_longest_ms": round(keeps[-1] * 1e3, 1) if keeps else None,
        "worker_ready": bool(app().services.worker.bridge.ready()),
    }


def drills_store_probe(review_json, mat, rounds=3):
    """In the frame: the Drills window made and its book read, a step a call, as F2 opens it; the book
    read and the harvest of a reviewed game (``review_json``, its ``.mat``) into it as the Review does them, a
    step a frame (each step timed: the longest is the frame's share), then a check kept; each
    ``rounds`` times (ms)."""
    from cart.ai.review.codec import review_from_json
    from cart.drills import DrillBook
    from cart.store import import_mat

    store = app().services.store
    match = import_mat(mat).replay()
    review = review_from_json(review_json)
    reads, harvests, keeps, added = [], [], [], []

    def stepped(gen):
        steps = []
        while True:
            t0 = time.perf_counter()
            try:
                next(gen)
            except StopIteration as done:
                steps.append(time.perf_counter() - t0)
                return steps, done.value
            steps.append(time.perf_counter() - t0)

    windows = []
    scene = mod("drills_window", "DrillsScene").DrillsScene
    for _ in range(rounds):  # the Drills window made, then its book read a step a call, as F2 does
        t0 = time.perf_counter()
        window = scene(app().services)
        made = time.perf_counter() - t0
        steps = []
        while window.reading is not None:
            t0 = time.perf_counter()
            window.read_on()
            steps.append(time.perf_counter() - t0)
        window.checking.stop()
        windows.append((made, steps))
    for n in range(rounds):
        book = DrillBook(store.drills)  # read afresh, a slice a step, as a Review opened later does
        steps = []
        while True:
            t0 = time.perf_counter()
            read = book.load_step()
            steps.append(time.perf_counter() - t0)
            if read:
                break
        reads.append(steps)
        steps, found = [], []
        for seat in (0, 1):
            more, new = stepped(book.harvesting(review, match, seat, game_id=f"g-probe-{n}", game="Probe"))
            steps += more
            found += new
        harvests.append(steps)
        added.append(len(found))
        ready = next(d for d in book.drills() if d.analysis is not None)
        t0 = time.perf_counter()
        book.checked(ready.id, ready.analysis, True)
        keeps.append(time.perf_counter() - t0)

    def ms(steps):
        return {
            "steps": len(steps),
            "longest_ms": round(max(steps) * 1e3, 1),
            "total_ms": round(sum(steps) * 1e3, 1),
        }

    return {
        "window_ms": [round(made * 1e3, 1) for made, _ in windows],
        "window_read": [ms(steps) for _, steps in windows],
        "drills": len(book.drills()),
        "added": added,
        "read": [ms(s) for s in reads],
        "harvest": [ms(s) for s in harvests],
        "keep_ms": [round(k * 1e3, 1) for k in keeps],
    }
