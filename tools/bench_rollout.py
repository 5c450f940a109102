"""The rollout's precision per CPU second, each variance reduction against a plain rollout in the same run.

    python -m tools.bench rollout               # or: python -m tools.bench_rollout --trials 36

Positions of our own: contact positions from the expert's self-play from the start
(no man on the bar) and crashed contact endings (``tools.starts.draw_ending``), the
side on roll's cubeless equity rolled out from each. For every way of playing the
trials (``cart.ai.rollout.Settings``: the luck's judge, the truncation), the trials'
standard deviation and the CPU time a trial takes give the standard error one CPU
second buys: ``sd * sqrt(seconds a trial)``; its ratio to the plain rollout's (no
luck, same truncation, measured beside it) is what the reduction is worth. The
rotation of the first roll is in every line alike (it lowers a rollout's error, not a
trial's spread, which this reads). Last, the Review's rollout of a checker play (its
top plays side by side, the default settings): trials a second.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from cart.ai.bearoff import think_tables
from cart.ai.bot import Bot, load_weights
from cart.ai.classes import is_crashed
from cart.ai.rollout import Decision, Luck, Settings, Tally, result, think_trials
from cart.ai.rollout.review import play_decision
from cart.ai.slices import drain
from cart.engine import GameState, Position, Rules


def positions(seed: int, each: int) -> dict[str, list[Position]]:
    """``each`` contact and ``each`` crashed positions, the side on roll to roll."""
    from tools.starts import draw_ending

    rng = random.Random(f"bench-rollout:{seed}")
    bot = Bot("expert")
    contact: list[Position] = []
    while len(contact) < each:
        pos = Position.start()
        for ply in range(60):
            if pos.is_over() or pos.is_race():
                break
            quiet = not pos.mine[25] and not pos.theirs[25] and not is_crashed(pos.key)
            if ply >= 8 and quiet and rng.random() < 0.15:
                contact.append(pos)
                break
            play = bot.choose_play(pos, (rng.randint(1, 6), rng.randint(1, 6)))
            pos = play.result if play is not None else pos.flip()
    crashed: list[Position] = []
    while len(crashed) < each:
        pos = draw_ending(rng, "contact")
        if is_crashed(pos.key):
            crashed.append(pos)
    return {"contact": contact, "crashed": crashed}


def measure(weights: object, pos: Position, settings: Settings, trials: int) -> tuple[float, float]:
    """(standard deviation of a trial's equity, CPU seconds a trial) rolling ``pos`` out."""
    d = Decision("cube", pos.position_id(), None, (pos.key,), ("",))
    t0 = time.process_time()
    tally = drain(think_trials(weights, d, settings, Tally(), trials))  # type: ignore[arg-type]
    spent = (time.process_time() - t0) / tally.trials
    se = result(d, tally, settings).lines[0].cubeless.se
    return se * math.sqrt(tally.trials), spent


def run(trials: int = 36, each: int = 3, seed: int = 1) -> None:
    weights = load_weights()
    t0 = time.process_time()
    drain(think_tables())  # every bear-off table first: no method pays for their making
    print(f"rollout: bear-off tables made in {time.process_time() - t0:.1f} s CPU (not counted)")
    ways: list[tuple[str, Luck, int]] = [
        ("plain, whole games", "none", 0),
        ("luck by prune+net", "prune", 0),
        ("luck by full net", "net", 0),
        ("plain, truncated at 10", "none", 10),
        ("truncated 10, prune luck", "prune", 10),
        ("truncated 10, net luck", "net", 10),
    ]
    for cls, group in positions(seed, each).items():
        print(f"  {cls}: {len(group)} positions, {trials} trials each (net luck: {max(6, trials // 3)})")
        print(f"    {'way':26s} {'sd/trial':>9s} {'ms/trial':>9s} {'se@1s':>7s} {'vs plain':>9s}")
        reference = {}
        for name, luck, truncate in ways:
            n = max(6, trials // 3) if luck == "net" else trials
            sds, costs = [], []
            for k, pos in enumerate(group):
                sd, cost = measure(weights, pos, Settings(luck, truncate, seed=k), n)
                sds.append(sd)
                costs.append(cost)
            sd = math.sqrt(sum(s * s for s in sds) / len(sds))
            cost = sum(costs) / len(costs)
            per_second = sd * math.sqrt(cost)
            if luck == "none":
                reference[truncate] = per_second
            ratio = reference[truncate] / per_second
            print(f"    {name:26s} {sd:9.3f} {1000 * cost:9.1f} {per_second:7.3f} {ratio:8.2f}x")
    state = GameState.from_position(Rules(), positions(seed + 1, 1)["contact"][0], dice=(3, 1))
    d = play_decision(weights, state, (0, 0))
    t0 = time.perf_counter()
    tally = drain(think_trials(weights, d, Settings(), Tally(), 12))
    wall = time.perf_counter() - t0
    print(
        f"  the Review's rollout ({d.width} plays side by side, {Settings().luck} luck): "
        f"{tally.trials / wall:.2f} trials a second ({tally.trials * d.width / wall:.1f} games a second)"
    )


def frames(seconds: float) -> None:
    """The Review's Rollout window at 30 fps in real time while it rolls out: in the worker, in the
    frame's spare time, and stopped (the reference), each for ``seconds``; wall and CPU per frame."""
    from cart.ai.review import review_match
    from cart.ai.worker import Worker
    from cart.store import Settings as Prefs
    from cart.ui.app import App
    from cart.ui.review.review import ReviewScene
    from cart.ui.review.review_rollout import RolloutScene
    from cart.ui.review.review_source import ReviewSource
    from cart.ui.wimp.stage import Push
    from tools.bench_review_window import PERIOD, PLAYERS, finished_game, stats

    match = finished_game(20)
    review = review_match(match)
    worker = Worker.start()
    t0 = time.perf_counter()
    drain(think_tables())  # the frame's tables, as a worker makes its own while it waits
    print(
        f"  bear-off tables made here in {time.perf_counter() - t0:.1f} s (a worker makes its own while idle)"
    )
    for how in ("worker", "frame", "stopped"):
        app = App(
            headless=True,
            seed=0,
            settings=Prefs(animation_speed="off"),
            worker=worker if how == "worker" else None,
        )
        scene = ReviewScene(app.services, ReviewSource("bench", match, PLAYERS, 1, cached=review))
        app.go(Push(scene))
        app.frame()
        scene.jump_error()
        app.go(scene.command("roll"))
        rolling = app.top
        assert isinstance(rolling, RolloutScene)
        if how == "stopped":
            rolling.run.stop()
        elif how == "worker":  # until the worker's first trial: its tables made (a game's worker has them)
            t0 = time.perf_counter()
            while not rolling.run.tally.trials and time.perf_counter() - t0 < 300:
                app.frame()
                time.sleep(PERIOD)
            gone = " (the worker failed: the frame rolled it out)" if rolling.run.worker is None else ""
            print(
                f"  the worker's first trial after {time.perf_counter() - t0:.1f} s (tables made first){gone}"
            )
            rolling.run.tally = Tally()
        wall: list[float] = []
        cpu: list[float] = []
        start = due = time.perf_counter()
        while time.perf_counter() - start < seconds:
            t0, c0 = time.perf_counter(), time.thread_time()
            app.frame()
            t1 = time.perf_counter()
            wall.append(t1 - t0)
            cpu.append(time.thread_time() - c0)
            due = max(due + PERIOD, t1)
            time.sleep(max(0.0, due - t1))
        print(f"  rollout window, {how}: {rolling.run.tally.trials} trials in {seconds:.0f} s")
        print(f"    wall: {stats(wall)}")
        print(f"    CPU:  {stats(cpu)}")
    if worker is not None:
        worker.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trials", type=int, default=36)
    ap.add_argument("--each", type=int, default=3, help="positions of each class")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--frames", type=float, default=0.0, help="only the window's frames, this many seconds each way"
    )
    a = ap.parse_args()
    if a.frames:
        frames(a.frames)
        return
    run(a.trials, a.each, a.seed)


if __name__ == "__main__":
    main()
