"""The drills in the terminal (``python -m cart --text --drills``), and the text review's harvest.

The drills not yet checked are checked first (the player waits here: there is no frame to keep),
then today's set is asked: the board as the player saw it, "Your move: 6-1" or "Double?" /
"Take?", a play typed as at the table or the cube's words; then right or wrong, its cost, the
best answer, the deep check's figures and when the drill comes back.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from datetime import date

from cart.ai.review import Review
from cart.ai.rollout.check import before_decision, check_key
from cart.drills import Drill, DrillBook, Outcome, unsaved_id
from cart.drills.check import check_all
from cart.engine import EngineError, Match, MatchKey, parse_play
from cart.store import Store, StoreError
from cart.text.board import render_board

FIGURES = 4
"""The deep check's figures shown after an answer: the best few."""
QUESTIONS = {"play": "Your move", "double": "Double?", "take": "Take?"}
ANSWERS = {"double": ("double", "no double"), "take": ("take", "pass")}
SHORT = {"d": "double", "n": "no double", "nd": "no double", "t": "take", "p": "pass", "drop": "pass"}


def seat_of(match: Match, player: str | None) -> int | None:
    """The seat of ``player`` (None: the second, the bottom of the board as the Review shows a file)."""
    if player is None:
        return 1
    return match.names.index(player) if player in match.names else None


def keep_drills(
    store: Store, review: Review, match: Match, seat: int, path: str, say: Callable[[str], None]
) -> int:
    """The text review's drills: ``seat``'s mistakes kept in ``store``'s book, and said."""
    try:
        game = os.path.basename(path)
        found = DrillBook(store.drills).harvest(review, match, seat, game_id=unsaved_id(match), game=game)
    except StoreError as exc:
        say(f"The drills could not be kept: {exc}")
        return 1
    drills = f"{len(found)} new drill{'s' if len(found) != 1 else ''}"
    say(f"{drills} for {match.names[seat]}, played by python -m cart --text --drills")
    return 0


def setting(drill: Drill) -> Match:
    """The match as the player saw it when answering (a take: on the doubler's turn, the double shown)."""
    match = before_decision(drill.position_id, drill.match_id, drill.variant)
    if MatchKey.from_id(drill.match_id).doubled:
        match.double()
    return match


def run_drills(
    store: Store, lines: Iterable[str], say: Callable[[str], None], today: Callable[[], date] = date.today
) -> int:
    """Check what is unchecked, then ask today's drills (and more, if the player asks) from ``lines``."""
    book = DrillBook(store.drills, today)
    try:
        todo = len(book.unchecked(check_key()))
        if todo:
            say(f"Checking {todo} new drill{'s' if todo != 1 else ''} deeply first (seconds each)...")
            for _ in check_all(book):
                pass
        typed = iter(lines)
        asked: set[str] = set()
        drills = book.daily()
        if not drills:
            say("No drill is due today.")
        while True:
            if drills:
                say(f"{len(drills)} drill{'s' if len(drills) != 1 else ''} to play; 'quit' to stop.")
            for drill in drills:
                asked.add(drill.id)
                if not _ask(book, drill, typed, say):
                    return 0
            drills = book.more(besides=asked)
            if not drills:
                say("No other drill to practise: reviewed games make more.")
                return 0
            say(f"Practise more ({len(drills)} other drill{'s' if len(drills) != 1 else ''})? (y/n)")
            if next(typed, "n").strip().lower() not in ("y", "yes"):
                return 0
    except StoreError as exc:
        say(f"The drills could not be kept: {exc}")
        return 1


def _ask(book: DrillBook, drill: Drill, typed: Iterator[str], say: Callable[[str], None]) -> bool:
    """One drill asked until answered; False when the player quits."""
    match = setting(drill)
    say("")
    say(render_board(match))
    question = QUESTIONS[drill.kind]
    if drill.dice is not None:
        question += f": {drill.dice[0]}-{drill.dice[1]}"
    while True:
        say(question)
        text = next(typed, None)
        if text is None or text.strip().lower() in ("quit", "q"):
            return False
        given = text.strip().lower()
        try:
            if drill.kind == "play":
                assert match.game.dice is not None
                outcome = book.answer(
                    drill.id, parse_play(match.game.position, match.game.dice, text.strip())
                )
            else:
                word = SHORT.get(given, given)
                if word not in ANSWERS[drill.kind]:
                    raise ValueError(f"answer {' or '.join(ANSWERS[drill.kind])}")
                outcome = book.answer(drill.id, word)
        except (EngineError, ValueError) as exc:
            say(str(exc))
            continue
        for line in outcome_lines(outcome):
            say(line)
        return True


def outcome_lines(outcome: Outcome) -> list[str]:
    """What an answer earned, the deep check's figures and when the drill comes back."""
    drill = outcome.drill
    if outcome.right:
        head = f"Right: {outcome.given} is the best answer."
    else:
        cost = f"{'at least ' if outcome.at_least else ''}{outcome.cost:.3f}"
        head = f"Wrong: {outcome.given or 'that play'} costs {cost}. Best: {outcome.best.label}."
    lines = [head]
    analysis = drill.analysis
    if analysis is not None:
        for c in analysis.choices[:FIGURES] if drill.kind == "play" else analysis.choices:
            rolled = f" +-{c.se:.3f} ({c.trials} trials)" if c.trials else " (2-ply)" if c.ply else " (net)"
            lines.append(f"  {c.label:<24} {c.equity:+.3f}{rolled}")
    if drill.due is not None:
        days = (drill.due - drill.answers[-1].day).days if drill.answers else 0
        lines.append(f"It comes back in {days} day{'s' if days != 1 else ''} ({drill.due.isoformat()}).")
    return lines
