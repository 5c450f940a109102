"""Taps all round every control of a window, in the page (issue 42): run by webcheck after driver.py.

``sweep_open(kind)`` opens a window (the title, the Create form, the table, its menu, the saved
games, the Review, Help) and lines up taps on a ring 22 CSS pixels (less one game pixel) round
each control's centre, eight ways; ``pytaps:sweep_next()`` gives them to webcheck one by one, as
real touches through the page. Each tap's press is taken where the App's fingertip aimed it and
then dropped, so nothing is pressed and the window stays for the next tap. ``sweep_report()``
counts, per window, the taps that landed on the control meant, those nearer another control (on
it, or as near two: aimed at none), and those that went to a control farther than another: wrong.
Its controls are the window's aim targets and icons, which tests/ui/test_ui_touch_windows.py
checks against each window's own buttons, lines and bars. Uses driver.py's ``app`` and ``mod``.
"""

import math
import sys

SWEEP = {"queue": [], "meant": None, "kind": None, "taps": [], "results": {}, "hooked": False}


def _hook():
    """Record each press's point as the frame saw it and where the fingertip aimed it, then drop it."""
    if SWEEP["hooked"]:
        return
    a = app()  # noqa: F821 -- driver.py's, run before this file in the same namespace
    intents = mod("intents", "Select")  # noqa: F821
    tip = a.fingertip
    real = tip.aimed

    def aimed(frame, targets, reach):
        out = real(frame, targets, reach)
        if SWEEP["kind"] is None:
            return out
        raw = [(i.x, i.y) for i in frame if isinstance(i, intents.Select)]
        got = [(i.x, i.y) for i in out if isinstance(i, intents.Select)]
        for p, q in zip(raw, got, strict=False):
            SWEEP["taps"].append((SWEEP["meant"], p, q, reach))
        return [i for i in out if not isinstance(i, intents.Select | intents.Release)]

    tip.aimed = aimed
    SWEEP["hooked"] = True


def controls():
    """The window on top's controls: its aim targets and its icons (a point off the work area)."""
    a = app()  # noqa: F821
    return list(a.targets(a.top, -100, -100))


def sweep_open(kind):
    """Open the window ``kind`` over a fresh title and line up the taps round its controls."""
    _hook()
    a = app()  # noqa: F821
    routes, stage = mod("routes", "ToTitle"), mod("stage", "Help")  # noqa: F821
    SWEEP["kind"] = None
    if kind != "review":
        a.go(routes.ToTitle())
    if kind == "saved":
        store = a.store
        options, rules = sys.modules["cart.store"].GameOptions, sys.modules["cart.engine"].Rules
        for name in ("Friday", "Saturday", "Sunday"):
            if name not in [g.name for g in store.games.list()]:
                store.games.create(name, options(rules(), names=("Ann", "Bob")))
        a.go(routes.ToStart())
    elif kind == "create":
        a.go(routes.ToNewGame())
    elif kind in ("table", "menu"):
        options, rules = sys.modules["cart.store"].GameOptions, sys.modules["cart.engine"].Rules
        a.new_game(options(rules(), names=("Ann", "Bob")))
        if kind == "menu":
            a.feed([mod("intents", "OpenMenu").OpenMenu(200, 300)])  # noqa: F821
    elif kind == "help":
        a.go(stage.Help("contents"))
    reach = a.services.page.touch()  # the page's, as a finger's press is aimed (before any was made)
    ring = max(reach - 1, 0)
    queue = []
    for c in controls():
        for k in range(8):
            t = k * math.pi / 4
            p = (round(c.center[0] + ring * math.cos(t)), round(c.center[1] + ring * math.sin(t)))
            if 0 <= p[0] < 640 and 0 <= p[1] < 512:
                queue.append((c, p))
    SWEEP.update(queue=queue, kind=kind, taps=[], meant=None)
    return {"kind": kind, "top": type(a.top).__name__, "controls": len(controls()), "taps": len(queue)}


def sweep_next():
    """The next tap, [x, y, why], or "done" (its results counted)."""
    if not SWEEP["queue"]:
        _count()
        return "done"
    c, p = SWEEP["queue"].pop(0)
    SWEEP["meant"] = c
    return [p[0], p[1], SWEEP["kind"]]


def _count():
    touch = mod("touch", "gap")  # noqa: F821
    gap, tie = touch.gap, touch.TIE
    kind, seen = SWEEP["kind"], controls()
    counts = {"taps": 0, "on_it": 0, "nearer_another": 0, "as_near_none": 0, "wrong": 0, "missed": 0}
    counts["examples"] = []
    for c, p, q, reach in SWEEP["taps"]:
        counts["taps"] += 1
        on = next((d for d in seen if d.contains(*q)), None)
        rivals = [d for d in seen if d is not c and gap(d, *p) < gap(c, *p) + tie * reach]
        if c.contains(*q):
            counts["on_it"] += 1
        elif rivals and (on is None or gap(on, *p) <= min(gap(d, *p) for d in [c, *rivals])):
            counts["nearer_another" if on is not None else "as_near_none"] += 1
        else:
            counts["wrong" if on is not None else "missed"] += 1
            if len(counts["examples"]) < 5:
                counts["examples"].append({"meant": str(c), "tap": p, "went": q})
    SWEEP["results"][kind] = counts
    SWEEP["kind"] = None


def sweep_report():
    return SWEEP["results"]
