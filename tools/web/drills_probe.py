"""Helpers webcheck runs in the page (``pyfile:``, after driver.py) to time the drills' work (issue 38).

``drills_stock()`` fills the store's book with drills made on the host (``webcheck_run.py``
writes them into a file the run also ``pyfile:``s); ``drills_probe()`` opens the Drills window,
which checks the drills waiting in the page's worker, and times its frames and each check until
none waits; ``drills_store_probe()`` times, in the frame, what the worker cannot take from it: the
book read and a reviewed game's harvest into it, a step a frame as the Review does them, and a
finished check kept there (each a read, change and write of its drills' own entries). Nothing here
is part of the cart.
"""

# driver.py's app, mod and _worked, run before this file in the same namespace:
# ruff: noqa: F821

import itertools
import json
import time

DRILLS = {"frames": [], "checks": [], "keeps": [], "opened": None, "read": None}
TIMELINE_S = 10.0
"""The span of each figure in the report's timeline of frames per second."""


def drills_stock(ready, new):
    """The store's book is ``ready`` (checked drills) and ``new`` (waiting for their check), JSON items."""
    store = app().services.store
    store.drills.put([*ready, *new])
    return {"ready": len(ready), "new": len(new), "json_bytes": len(json.dumps([*ready, *new]))}


def drills_probe(hold_s=0.0, rest_s=0.0):
    """Open the Drills window and time its frames, each drill's check and each check's keeping.

    ``hold_s``: once the book is read, the checks wait this long first, the window open and the worker
    given nothing (the frames then are the reference ``held``); ``rest_s``: the frames are timed this
    long more after the last check (``rest``: the worker idle)."""
    a = app()
    t0 = time.perf_counter()
    a.go(mod("routes", "ToDrills").ToDrills())
    window = a.top
    checking = window.checking
    DRILLS.update(frames=[], checks=[], keeps=[], opened=None, read=None, end=None, window=window)
    DRILLS.update(phase="held" if hold_s > 0 else "checking", phases={}, spent=[], began=None, at={})
    part = checking._part
    step = checking.step

    def timed_part(check):
        k0 = time.perf_counter()
        drill = checking.drill
        part(check)
        if check.done and drill is not None:  # its store write, in this frame
            DRILLS["keeps"].append(time.perf_counter() - k0)
            DRILLS["checks"].append({"id": drill.id, "end": time.perf_counter(), "seconds": check.seconds})

    def held_step():
        return False if DRILLS["phase"] == "held" else step()

    checking._part = timed_part
    checking.step = held_step
    clock = a.clock
    begin, drew = clock.begin, clock.drew

    def timed_begin():
        begin()
        now = DRILLS["began"] = time.perf_counter()
        phases = DRILLS["phases"]
        if DRILLS["opened"] is None:
            DRILLS["opened"] = now - t0  # F2's transition to the frame after the window's first
        if DRILLS["read"] is None and window.reading is None:
            DRILLS["read"] = now - t0  # to the frame after the one that read the book whole
        phase = DRILLS["phase"]
        if phase == "held" and window.reading is not None:
            return  # the book's read: in no phase
        if phase == "held" and now - phases.setdefault("held", now) >= hold_s:
            phase = DRILLS["phase"] = "checking"
        if phase == "checking":
            phases.setdefault("checking", now)
            if window.reading is None and not checking.busy and not checking.book.unchecked(checking.key):
                phase = DRILLS["phase"] = "rest" if rest_s > 0 else "done"
        if phase == "rest" and now - phases.setdefault("rest", now) >= rest_s:
            phase = DRILLS["phase"] = "done"
        DRILLS["at"].setdefault(phase, time.time())  # the epoch, to line up with outside samplers
        if phase != "done":
            DRILLS["frames"].append((now, checking.drill.id if checking.drill else "", _worked(), phase))

    def timed_drew(seconds):
        drew(seconds)
        if DRILLS["began"] is not None:  # the frame's update and draw, in Python
            DRILLS["spent"].append((DRILLS["began"], time.perf_counter() - DRILLS["began"]))

    clock.begin = timed_begin
    clock.drew = timed_drew
    return {"top": type(window).__name__, "reading": window.reading is not None}


def drills_done():
    """Whether the window has checked every drill that waited, and rested after (or the probe is not
    running)."""
    return DRILLS.get("phase", "done") == "done"


def _phase(name):
    """One phase's frames: per second, late, longest, their seconds; the frames' own update and draw in
    Python (mean and longest ms); the workers' seconds on jobs in it."""
    f = DRILLS["frames"]
    pairs = [(a, b) for a, b in itertools.pairwise(f) if a[3] == b[3] == name]
    if not pairs:
        return {}
    gaps = [b[0] - a[0] for a, b in pairs]
    timed = {
        f"{name}_fps": round(len(gaps) / sum(gaps), 2),
        f"{name}_over_40ms": sum(1 for g in gaps if g > 0.040),
        f"{name}_longest_ms": round(max(gaps) * 1e3, 1),
        f"{name}_s": round(sum(gaps), 2),
        f"{name}_worker_s": round(sum(b[2] - a[2] for a, b in pairs), 2),
    }
    began = {fr[0] for fr in f if fr[3] == name}
    spent = [s for t, s in DRILLS["spent"] if t in began]
    if spent:
        timed[f"{name}_python_ms"] = [round(1e3 * sum(spent) / len(spent), 1), round(1e3 * max(spent), 1)]
    return timed


def _timeline():
    """Frames per second over each :data:`TIMELINE_S` from the first frame timed, with its phase."""
    f = DRILLS["frames"]
    if not f:
        return []
    out, k, t0 = [], 0, f[0][0]
    while k < len(f) - 1:
        j = k
        while j + 1 < len(f) and f[j + 1][0] - f[k][0] <= TIMELINE_S and f[j + 1][3] == f[k][3]:
            j += 1
        if j == k and f[k + 1][3] != f[k][3]:  # a phase's last frame: the gap after it starts the next
            k += 1
            continue
        j = max(j, k + 1)  # a gap longer than the span: a span of its own
        span = f[j][0] - f[k][0]
        out.append([round(f[k][0] - t0, 1), f[k][3][0], round((j - k) / span, 1) if span else None])
        k = j
    return out


def drills_report():
    """The window's frames while it checked (and held, rested); each check's wall and worker seconds;
    each keep's."""
    f = [fr for fr in DRILLS["frames"] if fr[3] == "checking"]
    timed = _phase("checking") or {"frames": len(f)}
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
        **_phase("held"),
        **_phase("rest"),
        "open_s": round(DRILLS["opened"], 3) if DRILLS["opened"] is not None else None,
        "read_s": round(DRILLS["read"], 3) if DRILLS["read"] is not None else None,
        "checks": checks,
        "keep_ms": [round(k * 1e3, 1) for k in DRILLS["keeps"]],
        "keep_longest_ms": round(keeps[-1] * 1e3, 1) if keeps else None,
        "worker_ready": bool(app().services.worker.bridge.ready()),
        "timeline": _timeline(),
        "at": DRILLS["at"],
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
