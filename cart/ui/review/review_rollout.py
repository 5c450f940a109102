"""The Rollout window: a decision of the Review rolled out, its plays side by side, stoppable.

The trials run where the analysis does (:class:`RolloutRun`: the worker a part at a
time, else the frame's spare time), the sums coming back each part, so the window
shows the trials so far and each play's equity and standard error as they firm
up. It stops itself once the best play is decided (``cart.ai.rollout``'s rule);
Stop and Go on are the player's. Closing hands the sums to the Review, which keeps
them with its analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pyxel

import cart.ui.kit.palette as wimp
from cart.ai.rollout import QUICK_PLIES, Decision, Result, Settings, Tally, finished, result
from cart.ai.rollout.review import (
    decision_at,
    rollout_from_json,
    rollout_key,
    rollout_to_json as rollout_to_json,
)
from cart.engine import format_roll
from cart.ui.controls import ROLLOUT_KEYS, key_for
from cart.ui.kit.assets import CHAR_H
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Intent
from cart.ui.kit.text import cut
from cart.ui.kit.thinking import Answer, Asker, FrameClock, SteadyThinker, Thinker
from cart.ui.wimp.dialogs import draw_focused
from cart.ui.wimp.keyboard import help_entry
from cart.ui.wimp.menus import Entry
from cart.ui.wimp.stage import Pop, Push, Tell, Transition
from cart.ui.wimp.widgets import Button, Window, draw_box
from cart.ui.wimp.window_scene import WindowScene

from .review_view import draw_progress

if TYPE_CHECKING:
    from cart.ai.net import Weights
    from cart.engine import Action, Match
    from cart.ui.wimp.services import Services

    from .review_rows import Line, Lines
    from .review_source import ReviewSource

PART_S = 0.25
"""Seconds of trials a part asked of the worker (a trial at least): the figures move a few times a second."""
FRESH = Settings()
"""A new rollout's settings, where none is kept: whole games, luck-adjusted, to the limit. A name of its
own so the tests can start theirs small from the first frame (this one's first part is long)."""
WINDOW = Rect(24, 96, 424, 216)
ROWS = 5


ROLLED_KINDS = ("move", "double", "take", "drop")
"""The lines whose decision the Review rolls out: a play (or the cube before it, where forced), a cube."""


def decision_of(weights: Weights, match: Match, line: Line) -> tuple[int, Decision] | None:
    """The record index and decision a line's rollout is of: its play, else the cube decision before it."""
    if line.kind not in ROLLED_KINDS:
        return None
    for index in (line.index, line.roll_index):
        if index is not None:
            decision = decision_at(weights, match, index)
            if decision is not None:
                return index, decision
    return None


def kept_forms(data: dict[str, Any] | None) -> dict[int, dict[str, Any]]:
    """The kept rollouts' forms by record index, when kept under this cart's :func:`rollout_key`."""
    if (
        not isinstance(data, dict)
        or data.get("key") != rollout_key()
        or not isinstance(data.get("items"), dict)
    ):
        return {}
    out = {}
    for k, form in data["items"].items():
        if isinstance(k, str) and k.isdigit() and isinstance(form, dict):
            out[int(k)] = form
    return out


def rollouts_form(rollouts: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """What the store keeps of a review's rollouts: their key and each rollout's form."""
    return {"key": rollout_key(), "items": {str(k): v for k, v in sorted(rollouts.items())}}


def kept_tally(
    form: dict[str, Any] | None, decision: Decision, record: Sequence[Action]
) -> tuple[Settings, Tally]:
    """A kept rollout's settings and sums to go on from (a fresh start where none fits)."""
    if form is not None:
        try:
            return rollout_from_json(form, decision, record)
        except (ValueError, TypeError):
            pass
    return FRESH, Tally()


def open_rollout(
    services: Services, source: ReviewSource, lines: Lines, line: Line, kept: dict[int, dict[str, Any]]
) -> Transition:
    """The Rollout window on ``line``'s decision, going on from a kept rollout; a box if it has none.

    ``kept``: the review's kept rollouts by record index, where the window's sums go when it closes.
    """
    from cart.ai.bot import load_weights

    found = decision_of(load_weights(), source.match, line)
    if found is None:
        why = ("Nothing to roll out here: choose a play that was not forced,", "or a cube decision.")
        return Tell("Rollout", why)
    index, decision = found
    if decision.kind == "play" and line.player is not None:  # the plays in the list's numbering
        player = line.player
        decision = replace(decision, labels=tuple(lines.seen(t, player) for t in decision.labels))
    settings, tally = kept_tally(kept.get(index), decision, source.match.record)
    run = RolloutRun(decision, settings, tally, services.worker)
    record = source.match.record

    def done(finished: RolloutRun) -> str | None:
        kept[index] = rollout_to_json(index, finished.decision, finished.settings, finished.tally, record)
        keep = source.keep_rollouts
        return keep(rollouts_form(kept)) if keep is not None else None

    title = f"{line.number}. {line.text}" if line.number else line.text
    return Push(RolloutScene(services, cut(title, 40), run, done))


class RolloutRun:
    """A rollout under way: parts asked of ``worker`` one at a time, or trials in the frame's slices."""

    def __init__(self, decision: Decision, settings: Settings, tally: Tally, worker: Asker | None) -> None:
        self.decision = decision
        self.settings = settings
        self.tally = tally
        self.worker = worker
        self.running = not finished(decision, settings, tally)
        self.asked: Answer | None = None
        self.thinker: Thinker | None = None
        self._read: tuple[Tally, Result] | None = None

    @property
    def done(self) -> bool:
        return finished(self.decision, self.settings, self.tally)

    def result(self) -> Result:
        """What the trials so far say (worked out once per part: the window draws it every frame)."""
        if self._read is None or self._read[0] is not self.tally:
            self._read = (self.tally, result(self.decision, self.tally, self.settings))
        return self._read[1]

    def stop(self) -> None:
        """The player stops it (or the window goes): a part asked is dropped, nothing more asked."""
        self.running = False
        self.asked = None
        self.thinker = None

    def go_on(self) -> None:
        """Trials again after a stop (to the limit, past a decided answer if the player asks)."""
        if self.tally.trials < self.settings.max_trials:
            self.running = True

    def step(self, clock: FrameClock) -> bool:
        """This frame's share; True when the figures changed."""
        if not self.running:
            return False
        if self.worker is not None:
            grew = self._away(clock)
            if grew is not None:
                return grew
        return self._here(clock)

    def _job(self) -> tuple[object, ...]:
        return ("rollout", self.decision, self.settings, self.tally, PART_S)

    def _away(self, clock: FrameClock) -> bool | None:
        """Poll (or ask for) the worker's part; None where the worker does not take it (think here)."""
        assert self.worker is not None
        start = clock.now()
        try:
            if self.asked is None:
                self.asked = self.worker.ask(self._job())
                return None if self.asked is None else False
            asked = self.asked
            if not asked.ready:
                if asked.failed:
                    self.asked = None
                    self.worker = None
                    return None
                return False
            self.asked = None
            try:
                tally = asked.value()
            except Exception:  # an answer that cannot be read: the frame goes on from what it has
                self.worker = None
                return None
            if not isinstance(tally, Tally) or tally.trials < self.tally.trials:
                self.worker = None
                return None
            self._took(tally)
            return True
        finally:
            clock.thought += clock.now() - start

    def _took(self, tally: Tally) -> None:
        self.tally = tally
        if self.done:
            self.running = False
        elif self.worker is not None:
            self.asked = self.worker.ask(self._job())  # the next part at once

    def _here(self, clock: FrameClock) -> bool:
        if self.thinker is None:
            from cart.ai.rollout import think_rollout_part

            def took(tally: Tally) -> None:
                self.thinker = None
                self._took(tally)

            gen = think_rollout_part(self.decision, self.settings, self.tally, PART_S)
            self.thinker = SteadyThinker(gen, took, None)
        had = self.tally.trials
        self.thinker.step(clock)
        return self.tally.trials != had


def equity_text(value: float, se: float) -> str:
    """An equity and its standard error, as players read them: +0.123 +-0.010."""
    return f"{value:+.3f} +-{se:.3f}" if se < 10 else f"{value:+.3f}"


def lines_of(res: Result, decision: Decision) -> list[tuple[str, str, int]]:
    """The window's rows: (what, equity +- error, colour), the best play first among equals."""
    rows: list[tuple[str, str, int]] = []
    if res.cube is not None:
        names = ("No double", "Double, take", "Double, pass")
        for name, figure in zip(names, res.cube, strict=True):
            rows.append((name, equity_text(figure.value, figure.se), wimp.TEXT))
        nd, dt, dp = (f.value for f in res.cube)
        double = min(dt, dp) > nd
        rows.append(
            (f"Right: {'double' if double else 'no double'}, {'take' if dt <= dp else 'pass'}", "", wimp.TEXT)
        )
        return rows
    if decision.kind == "cube":
        line = res.lines[0]
        rows.append(("Cubeless", equity_text(line.cubeless.value, line.cubeless.se), wimp.TEXT))
        return rows
    order = sorted(range(len(res.lines)), key=lambda k: k != res.best)
    for k in order:
        line = res.lines[k]
        figure = line.cubeful or line.cubeless
        colour = wimp.Wimp.ARMY_GREEN if k == res.best else wimp.TEXT
        label = f"{line.label} (played)" if k == decision.made else line.label
        rows.append((label, equity_text(figure.value, figure.se), colour))
    return rows


class RolloutScene(WindowScene):
    """The Rollout window over the Review: the figures, the progress, Stop / Go on and Close."""

    help_page = "review"
    menu_title = "Rollout"
    keymap = ROLLOUT_KEYS

    def __init__(
        self,
        services: Services,
        title: str,
        run: RolloutRun,
        done: Callable[[RolloutRun], str | None],
    ) -> None:
        super().__init__(services)
        self.run = run
        self.done = done
        self.kept = False
        self.window = Window(WINDOW, f"Rollout: {title}", focused=True, icons=("close",))
        work = self.window.work_area
        y = work.bottom - 32
        self.close_button = Button(Rect(work.right - 100, y, 92, 24), "Close", action=self.close)
        self.toggle = Button(Rect(work.right - 200, y, 92, 24), "Stop", default=True, action=self.stop_or_go)
        self.progress = Rect(work.x + 8, y - 24, work.w - 16, 16)
        self.figures = Rect(work.x + 8, work.y + 8 + CHAR_H, work.w - 16, ROWS * CHAR_H + 6)

    def buttons(self) -> list[Button]:
        return [self.toggle, self.close_button]

    def cancel(self) -> Transition | None:
        """Escape, Backspace, pad BACK or B and the close icon close it, the sums handed on."""
        return self.close()

    def close(self) -> Transition:
        """Close, handing the sums to the Review to keep; a box saying why where they could not be."""
        problem = self.keep()
        then = Tell("Rollout not kept", (problem, "It shows while the Review is open.")) if problem else None
        return Pop(self, then=then)

    def leave(self) -> None:
        """The window is gone (also under a move to the title): the trials done are kept."""
        self.keep()

    def keep(self) -> str | None:
        if self.kept:
            return None
        self.kept = True
        self.run.stop()
        return self.done(self.run)

    def stop_or_go(self) -> None:
        if self.run.running:
            self.run.stop()
        else:
            self.run.go_on()

    def command(self, name: str) -> Transition | None:
        """R (as in the Review that opened it) stops and goes on, as the default button does."""
        if name == "rollout":
            self.stop_or_go()
        return None

    def switch_length(self) -> None:
        """Start again with whole games, or quick ones (truncated at :data:`QUICK_PLIES`): sums of one
        kind do not add to the other's."""
        run = self.run
        run.stop()
        run.settings = replace(run.settings, truncate=0 if run.settings.truncate else QUICK_PLIES)
        run.tally = Tally()
        run.go_on()

    def menu_entries(self) -> list[Entry]:
        device = self.services.used.device

        def toggle() -> Transition | None:
            self.stop_or_go()
            return None

        def switch() -> Transition | None:
            self.switch_length()
            return None

        label = "Stop" if self.run.running else "Go on"
        other = "Whole games" if self.run.settings.truncate else f"Quick: {QUICK_PLIES} plies a game"
        return [
            Entry(
                label, toggle, enabled=self.run.running or not self.run.done, key=key_for("rollout", device)
            ),
            Entry(other, switch),
            Entry("Close", self.close, key=key_for("cancel", device), separator=True),
            help_entry(device),
        ]

    def update(self, intents: list[Intent]) -> Transition | None:
        """This frame's trials first, then the buttons and keys; the toggle then says what it does now."""
        self.run.step(self.services.clock)
        going = super().update(intents)
        self.toggle.label = "Stop" if self.run.running else "Go on"
        self.toggle.enabled = self.run.running or self.run.tally.trials < self.run.settings.max_trials
        return going

    def draw(self, g: pyxel.Image) -> None:
        a = self.services.assets
        self.window.draw(a, g)
        work = self.window.work_area
        run = self.run
        res = run.result()
        d = run.decision
        what = "Checker play" if d.kind == "play" else "Cube decision"
        dice = f" {format_roll(d.dice)}" if d.dice is not None else ""
        how = {"none": "plain", "prune": "luck-adjusted", "net": "luck-adjusted (full net)"}[
            run.settings.luck
        ]
        length = f"{run.settings.truncate} plies a game" if run.settings.truncate else "whole games"
        a.text(g, work.x + 8, work.y + 4, f"{what}{dice}, {length}, {how}", wimp.TEXT)
        draw_box(g, self.figures, wimp.FIELD_BG)
        y = self.figures.y + 3
        right = self.figures.right - 6
        for name, figure, colour in lines_of(res, d)[:ROWS]:
            a.text(g, self.figures.x + 4, y, cut(name, 30), colour)
            a.text(g, right - a.text_width(figure), y, figure, colour)
            y += CHAR_H
        if run.running and not res.trials:
            label = "Getting ready..."  # the bear-off tables, on a worker's first rollout
        elif run.running:
            label = f"Rolling out: {res.trials} trials"
        elif res.decided:
            label = f"Decided after {res.trials} trials"
        elif res.trials >= run.settings.max_trials:
            label = f"{res.trials} trials, the most it rolls"
        else:
            label = f"Stopped after {res.trials} trials"
        limit = run.settings.max_trials
        draw_progress(g, a, self.progress, res.trials, limit, label)
        note = (
            "Equity per game (EMG), +- one standard error"
            if d.cube is not None
            else "Cubeless equity, +- one standard error"
        )
        a.text(g, work.x + 8, self.progress.y - CHAR_H - 4, note, wimp.TEXT_DISABLED)
        for b in self.buttons():
            b.draw(a, g)
        draw_focused(g, self.shown_focus, self.buttons())
