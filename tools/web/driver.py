"""Helpers that webcheck runs inside the page (``pyfile:``) to play Gammon Cart by touch.

They find the running App through ``gc`` (webcheck's namespace is not the game's
``__main__``), read the table and answer where a finger goes next, in Pyxel
pixels: ``next_tap()`` for ``pytaps:`` (a roll, a confirmation, the two taps of a
tap-tap move), ``next_swipe()`` for ``pyswipe:`` (a checker dragged from its
point to its target). Plays alternate: the first move of each play is dragged,
the others tapped, so a game uses both. ``think_probe()`` and ``think_report()``
time the frames and the computer's replies while the Master plays itself;
``review_probe()`` and ``review_report()`` the frames while a Review analyses.
Nothing here is part of the cart: it only reads the game's state.
"""

import gc
import itertools
import sys
import time

_APP = []


def mod(name, attr=None):
    """The cart.ui module named ``...name`` (wherever it lives in cart/ui) that holds ``attr``."""
    for full, m in list(sys.modules.items()):
        if full.startswith("cart.ui") and full.endswith("." + name) and (attr is None or hasattr(m, attr)):
            return m
    raise LookupError(name)


def app():
    if not _APP:
        App = mod("app", "App").App
        _APP.extend(o for o in gc.get_objects() if type(o) is App)
    return _APP[0] if _APP else None


def play_scene():
    a = app()
    for s in [a.top, *a.stack] if a is not None else []:
        if type(s).__name__ == "PlayScene":
            return s
    return None


def st():
    """What is on screen, briefly."""
    a = app()
    out = {"scene": type(a.top).__name__, "stack": [type(s).__name__ for s in a.stack]}
    p = play_scene()
    if p is not None:
        g = p.match.game
        out.update(
            phase=g.phase,
            actor=g.actor,
            dice=list(g.dice) if g.dice else None,
            humans=p.table.humans,
            thinking=p.thinker is not None,
            message=p.table.message,
            score=list(p.match.score),
            over=g.is_over,
            pointer=list(a.pointer),
        )
    return out


def human_ready():
    """The one human may act (opening, roll, move) and nothing animates or thinks."""
    p = play_scene()
    if p is None or app().top is not p:
        return False
    g = p.match.game
    if g.is_over or g.actor in p.table.bots or p.thinker is not None or p.beats:
        return False
    return g.phase in ("opening", "roll", "move")


def _centre(point):
    L = mod("layout", "point_rect")
    if point == 25:
        return L.bar_rect(True).center
    if point == 0:
        return L.YOUR_BIN.center
    return L.point_rect(point).center


MOVES = []  # (how, src, dst) of each move the driver made: how is "drag" or "tap"
PLAYS = [0]


def _move_due():
    """The next move of the human's play as (src, dst), or None when the play is complete."""
    t = play_scene().table
    part = t.partial()
    if part is None or part.is_complete or not part.can_move:
        return None
    src = sorted(part.sources(), reverse=True)[0]
    dst = sorted(part.targets(src), reverse=True)[0]
    return src, dst


def next_tap():
    """[x, y, why] for the next tap, "wait", or None (a drag is due, or the game is over)."""
    p = play_scene()
    if p is None or p.match.game.is_over or p.match.game_number > 1:
        return None
    top = app().top
    if type(top).__name__ == "Dialog" and top.window.title == "Resign":  # the computer offers: accept
        accept = top.buttons[[c.label for c in top.choices].index("Accept")]
        return [*accept.rect.center, "accept the resignation"]
    if not human_ready():
        return "wait"
    L = mod("layout", "point_rect")
    g = p.match.game
    t = p.table
    if g.phase in ("opening", "roll"):
        return [*L.DICE_BOX.center, f"roll ({g.phase})"]
    if t.lifted_from is not None:
        part = t.partial()
        dst = sorted(part.targets(t.lifted_from), reverse=True)[0]
        MOVES.append(("tap", t.lifted_from, dst))
        return [*_centre(dst), f"tap: put down on {dst}"]
    due = _move_due()
    if due is None:
        PLAYS[0] += 1
        return [*L.ROLL_BOX.center, "confirm (tap the roll)"]
    if not t.partial().steps:
        return None  # the first move of a play is dragged
    return [*_centre(due[0]), f"tap: pick up from {due[0]}"]


def next_swipe():
    """[x0, y0, x1, y1, why] for a drag of the play's first move, or "none"."""
    p = play_scene()
    if p is None or not human_ready() or p.match.game.phase != "move" or p.table.lifted_from is not None:
        return "none"
    due = _move_due()
    if due is None or p.table.partial().steps:
        return "none"
    MOVES.append(("drag", *due))
    return [*_centre(due[0]), *_centre(due[1]), f"drag {due[0]} to {due[1]}"]


def moves_made():
    return {
        "drags": sum(1 for m in MOVES if m[0] == "drag"),
        "taps": sum(1 for m in MOVES if m[0] == "tap"),
        "plays": PLAYS[0],
    }


# -- frames and replies while the Master plays itself --------------------------------------

PROBE = {"frames": [], "replies": [], "seen": 0, "rolled": None}


def think_probe(level="master", speed=None):
    """Seat the computer against itself at ``level`` and time every frame from now on.

    ``speed``: the animation speed for this probe only (not saved), e.g. "fast" as ``tools.bench ui``.
    """
    a = app()
    if speed is not None:
        import dataclasses

        a.prefs.settings = dataclasses.replace(a.prefs.settings, animation_speed=speed)
    PlayScene = mod("play", "PlayScene").PlayScene
    try:
        title = mod("title", "attract_table")
        table = title.attract_table(title.watched(level), a.rng)
    except LookupError:  # a cart from before the game options were one word (a --compare page)
        Table = mod("table", "Table").Table
        try:
            GameSetup = mod("setup", "GameSetup").GameSetup
        except LookupError:
            GameSetup = mod("options", "GameSetup").GameSetup
        table = Table.new(GameSetup(players=0, level=level), a.rng, hints=True)
    scene = PlayScene(a.services, table, attract=True)
    a.switch(scene)
    clock = a.clock
    begin = clock.begin
    PROBE.update(
        frames=[], replies=[], thoughts=[], seen=0, rolled=None, moved=False, thought=0.0, scene=scene, away=0
    )
    PROBE.update(asked=None, waits=[], firsts=[], settled=None)

    def timed_begin():
        PROBE["thought"] += clock.thought  # the frame before's thinking
        begin()
        now = time.perf_counter()
        record = scene.match.record
        PROBE["frames"].append((now, scene.thinker is not None))
        if getattr(scene.thinker, "answer", None) is not None:
            PROBE["away"] += 1  # a frame that waited for the worker's answer
        _decisions(scene, now)
        seen = min(PROBE["seen"], len(record))
        tumbling = any(getattr(b, "kind", "") == "tumbling" for b in scene.beats)
        if PROBE["rolled"] is not None and PROBE["settled"] is None and not tumbling:
            PROBE["settled"] = now  # its dice readable
        for action in record[seen:]:
            kind = type(action).__name__
            if kind == "Roll":
                PROBE["rolled"] = now
                PROBE["settled"] = None if tumbling else now
                PROBE["thought"] = 0.0
            elif kind == "Move" and PROBE["rolled"] is not None:
                PROBE["moved"] = True
                # dice drawn -> first man moving, and dice settled -> first man moving
                PROBE["firsts"].append((now - PROBE["rolled"], now - (PROBE["settled"] or now)))
        PROBE["seen"] = len(record)
        # the reply ends when its play has been shown: the Move is in the record and no checker moves
        shown = not any(getattr(b, "kind", "") == "animating" for b in scene.beats)
        if PROBE.get("moved") and shown:
            PROBE.setdefault("ended", []).append((now, getattr(scene.thinker, "answer", None) is None))
            PROBE["replies"].append(now - PROBE["rolled"])
            PROBE["thoughts"].append(PROBE["thought"])
            PROBE["rolled"] = None
            PROBE["moved"] = False

    clock.begin = timed_begin
    return level


def _worked():
    """Seconds the page's workers have spent on the jobs they answered (a page from before: 0)."""
    worker = getattr(app().services, "worker", None)
    worked = getattr(getattr(worker, "bridge", None), "worked", None)
    return float(worked()) / 1e3 if worked is not None else 0.0


def _decisions(scene, now):
    """Each of the computer's decisions as the player waits for it: from the frame after the one that
    asked it (a roll's, a double's, a take's, a play's) to the frame after the one that shows it."""
    asked = PROBE["asked"]
    if scene.thinker is not None and asked is None:
        PROBE["asked"] = (now, scene.match.game.phase, _worked())
    elif scene.thinker is None and asked is not None:
        PROBE["waits"].append((asked[0], now, asked[1], _worked() - asked[2]))
        PROBE["asked"] = None


def _spread(values):
    """Median and longest, rounded; None for none."""
    v = sorted(values)
    return [round(v[len(v) // 2], 2), round(v[-1], 2)] if v else None


def think_report():
    """Frames per second while a thought was under way, late frames, and the replies (dice to play)."""
    f = PROBE["frames"]
    gaps = [(b[0] - a[0]) for a, b in itertools.pairwise(f) if a[1] or b[1]]
    replies = PROBE["replies"]
    worker = getattr(app().services, "worker", None)  # the page's Web Worker (None: a page from before it)
    if not gaps:
        return {"frames": len(f)}
    return {
        "thinking_frames": len(gaps) + 1,
        "thinking_fps": round(len(gaps) / sum(gaps), 2),
        "over_50ms": sum(1 for g in gaps if g > 0.050),
        "over_40ms": sum(1 for g in gaps if g > 0.040),
        "longest_ms": round(max(gaps) * 1e3, 1),
        "replies": len(replies),
        "reply_mean_s": round(sum(replies) / len(replies), 2) if replies else None,
        "reply_longest_s": round(max(replies), 2) if replies else None,
        "reply_thinking_cpu_mean_s": round(sum(PROBE["thoughts"]) / len(replies), 2) if replies else None,
        "reserve_ms": round(getattr(app().clock, "reserve", 0.0) * 1e3, 2),
        "worker": type(worker).__name__ if worker is not None else None,
        "worker_ready": bool(worker is not None and worker.bridge.ready()),
        "frames_waiting_on_worker": PROBE.get("away", 0),
        # the Master's plays: dice drawn (tumbling) -> first man moving, dice settled -> first man moving
        "dice_to_first_s": _spread([f for f, _ in PROBE.get("firsts", [])]),
        "settled_to_first_s": _spread([s for _, s in PROBE.get("firsts", [])]),
        "plays": len(PROBE.get("firsts", [])),
        # every decision (roll or double, take, play) asked -> shown, and the workers' seconds on it
        "decisions": len(PROBE.get("waits", [])),
        "decision_wait_s": _spread([b - a for a, b, _, _ in PROBE.get("waits", [])]),
        "decision_worker_s": _spread([w for *_, w in PROBE.get("waits", [])]),
    }


def kill_worker():
    """The page's thinking worker given up, as a dead one is (issue 42): the page starts another."""
    PROBE["killed"] = time.perf_counter()
    app().services.worker.bridge.restart("killed by the check")
    return "killed"


def back_report():
    """The replies since :func:`kill_worker`: seconds after it each ended, and how long each took;
    whether the page's worker is ready again, and how many it has lost in all."""
    killed = PROBE["killed"]
    after = [
        (round(end - killed, 2), round(took, 2))
        for (end, _), took in zip(PROBE.get("ended", []), PROBE["replies"], strict=False)
        if end > killed
    ]
    bridge = app().services.worker.bridge
    waits = [
        (a - killed, b - killed, b - a, w, phase) for a, b, phase, w in PROBE.get("waits", []) if b > killed
    ]
    return {
        "replies_after_kill": after,
        # what the player waits for: the kill to the first decision shown after it, then each decision's
        # wait (asked -> shown: s after the kill it was shown, its wait, the workers' seconds, its phase)
        "first_shown_after_kill_s": round(waits[0][1], 2) if waits else None,
        "decisions_after_kill": [[round(b, 2), round(d, 2), round(w, 2), p] for _, b, d, w, p in waits],
        # from when on every decision was shown within 1.5 s of being asked
        "under_1_5_s_from_s": round(max((b for _, b, d, _, _ in waits if d >= 1.5), default=0.0), 2),
        "worker_ready": bool(bridge.ready()),
        "standby_ready": standby_ready(),
        "failed": int(bridge.failed()),
    }


def standby_ready():
    """Whether the page's thinking worker has a warm standby behind it (a page from before: None)."""
    bridge = app().services.worker.bridge
    return bool(bridge.standby()) if hasattr(bridge, "standby") else None


def review_probe():
    """Time the frames of the Review window on top (a dropped .mat) until its analysis is done."""
    a = app()
    scene = a.top
    clock = a.clock
    begin = clock.begin
    PROBE.update(review_frames=[], review_scene=scene, review_end=None, deep_frames=[], deep_end=None)
    PROBE.update(drill_frames=[], drills_end=None)
    deep = getattr(scene, "deep", None)  # None: a page from before the deep pass
    drills = getattr(scene, "drills", None)  # None: a page from before the drills

    def timed_begin():
        begin()
        now = time.perf_counter()
        if PROBE["review_end"] is None:
            PROBE["review_frames"].append((now, scene.done))
            if scene.finished:
                PROBE["review_end"] = now
        elif deep is not None and PROBE["deep_end"] is None:
            PROBE["deep_frames"].append((now, deep.done))
            if deep.finished:
                PROBE["deep_end"] = now
        elif drills is not None and PROBE["drills_end"] is None:
            PROBE["drill_frames"].append((now, drills.drill_id))
            if drills.idle:
                PROBE["drills_end"] = now

    clock.begin = timed_begin
    return {"top": type(scene).__name__, "done": scene.done, "total": scene.total}


def review_report():
    """Frames per second while the Review analysed, late frames, and how long the analysis took."""
    scene = PROBE["review_scene"]
    f = PROBE["review_frames"]
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(f)]
    analysis = getattr(scene, "analysis", None)  # None: a page from before the analysis left the frame
    worker = getattr(app().services, "worker", None)
    if not gaps:
        return {"frames": len(f)}
    return {
        "analysing_frames": len(f),
        "fps": round(len(gaps) / sum(gaps), 2),
        "over_50ms": sum(1 for g in gaps if g > 0.050),
        "over_40ms": sum(1 for g in gaps if g > 0.040),
        "longest_ms": round(max(gaps) * 1e3, 1),
        "progress_steps": len({d for _, d in f}),
        "done": f"{scene.done}/{scene.total}",
        "analysis_s": round(PROBE["review_end"] - f[0][0], 2) if PROBE["review_end"] else None,
        "reserve_ms": round(getattr(app().clock, "reserve", 0.0) * 1e3, 2),
        "worker_ready": bool(worker is not None and worker.bridge.ready()),
        "in_the_frame": analysis is None or analysis.reviewer is not None,
        **deep_figures(),
        **drill_figures(),
    }


def _timed(name, frames, end):
    """Frames per second, late frames, the longest and the seconds of one phase, as ``name_...``."""
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(frames)]
    if not gaps:
        return None
    return {
        f"{name}_fps": round(len(gaps) / sum(gaps), 2),
        f"{name}_over_40ms": sum(1 for g in gaps if g > 0.040),
        f"{name}_longest_ms": round(max(gaps) * 1e3, 1),
        f"{name}_s": round(end - frames[0][0], 2) if end else None,
    }


def drill_figures():
    """The drills' deep checks after the deep pass: how the frames went, how many were checked."""
    f = PROBE.get("drill_frames") or []
    timed = _timed("drills", f, PROBE.get("drills_end"))
    if timed is None:
        return {"drill_frames": len(f)}
    checked = len({d for _, d in f if d})
    in_frame = getattr(PROBE["review_scene"].drills, "worker", 0) is None
    return {**timed, "drills_checked": checked, "drills_in_the_frame": in_frame}


def deep_figures():
    """The deep pass after the quick one: how the frames went, how far it got and where it ran."""
    f = PROBE.get("deep_frames") or []
    timed = _timed("deep", f, PROBE.get("deep_end"))
    if timed is None:
        return {"deep_frames": len(f)}
    done = f"{f[-1][1]}/{PROBE['review_scene'].total}"
    in_frame = getattr(PROBE["review_scene"].deep, "reviewer", None) is not None
    return {**timed, "deep_done": done, "deep_in_the_frame": in_frame}


# -- what only a browser shows: the download, Quit, a dropped file --------------------------------


def told():
    """The lines of the box on top, if a box is on top."""
    lines = getattr(app().top, "lines", None)
    return [str(line) for line in lines] if isinstance(lines, list | tuple) else []


def export_now():
    """Export .mat from the table, as its menu does; what the box then says."""
    p = play_scene()
    app().go(mod("play_info", "export").export(p))
    return {"top": type(app().top).__name__, "told": told()}


def quit_now():
    """Quit, as the title's menu and close icon do: in the browser a box says the tab can be closed."""
    a = app()
    a.go(mod("stage", "Quit").Quit())
    return {"quitting": a.quitting, "top": type(a.top).__name__, "told": told(), "frame": pyxel_frame()}


def pyxel_frame():
    return sys.modules["pyxel"].frame_count


def close_top():
    """Close the window or box on top (its Escape), to come back to what is under it."""
    a = app()
    a.pop(a.top)
    return st()


def review_title():
    top = app().top
    window = getattr(top, "window", None)
    return {"top": type(top).__name__, "title": getattr(window, "title", None), "told": told()}


def boot_figures():
    """How long the browser's start built the App behind its loading frame (cart.ui.boot)."""
    boot = sys.modules.get("cart.ui.boot")
    found = [o for o in gc.get_objects() if boot is not None and type(o) is boot.Boot]
    return {"loading_s": round(found[0].loading_s, 3)} if found else {"loading_s": None}
