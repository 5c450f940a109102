"""Drills for the window's tests: real positions with a made-up deep analysis, put in a store.

The analysis's figures are test data (the book's judgement is the drills' core's to test): the
positions, the dice and the plays are the engine's, so every drill asks a legal question.
"""

from __future__ import annotations

import itertools
from datetime import date, timedelta

from cart.ai.rollout.check import check_key
from cart.drills import Analysis, Answer, Choice, Drill, drill_to_json
from cart.engine import Double, GameState, Match, Position, Rules
from cart.engine.notation import format_play
from cart.store import Store

YOU = 1  # the player asked sits at the bottom in Red, as at the table
NAMES = ("Opponent", "You")
DAY = date(2026, 12, 6)
ROLLS = [(a, b) for a, b in itertools.combinations_with_replacement(range(1, 7), 2) if a != b or a > 2]


def play_drill(
    dice: tuple[int, int], pick: int = 0, *, stage: str = "opening", position: Position | None = None
) -> Drill:
    """You to play ``dice`` from ``position`` (the opening's unless told); the analysis's best is legal
    play ``pick``."""
    state = GameState.from_position(Rules(), position or Position.start(), turn=YOU, dice=dice)
    match = Match(Rules(), names=NAMES, start=state)
    plays = state.legal_plays()
    ranked = [plays[pick % len(plays)], *(p for i, p in enumerate(plays) if i != pick % len(plays))][:5]
    choices = tuple(
        Choice(format_play(state.board(YOU), p), p.result.position_id(), -0.04 * i)
        for i, p in enumerate(ranked)
    )
    analysis = Analysis(check_key(), choices[0].label, choices)
    return Drill(
        match.position_id(),
        match.match_id(),
        "play",
        dice,
        "You",
        choices[-1].label,
        0.16,
        stage,
        DAY,
        status="ready",
        analysis=analysis,
    )


def cube_drill(kind: str, best: str) -> Drill:
    """You (``kind`` "double") to double or not, or (``kind`` "take") to take or pass a double, in a race."""
    mine, theirs = [0] * 26, [0] * 26
    mine[6], mine[5], mine[4], mine[3] = 4, 4, 4, 3
    theirs[6], theirs[5], theirs[4], theirs[3] = 4, 4, 4, 3
    doubler = YOU if kind == "double" else 1 - YOU
    state = GameState.from_position(Rules(), Position.from_counts(mine, theirs), turn=doubler)
    match = Match(Rules(), names=NAMES, start=state)
    pid, mid = match.position_id(), match.match_id()
    if kind == "double":
        figures = {"no double": 0.4, "double, take": 0.6, "double, pass": 1.0}
        if best == "no double":
            figures["double, take"] = 0.3
        choices = tuple(Choice(label, "", eq) for label, eq in figures.items())
    else:
        match.apply(Double())
        figures = {"take": -0.6, "pass": -1.0} if best == "take" else {"take": -1.3, "pass": -1.0}
        choices = tuple(
            sorted((Choice(label, "", eq) for label, eq in figures.items()), key=lambda c: -c.equity)
        )
    made = (
        "no double"
        if best == "double"
        else "double"
        if kind == "double"
        else "pass"
        if best == "take"
        else "take"
    )
    return Drill(
        pid,
        mid,
        kind,
        None,
        "You",
        made,
        0.2,
        "cube",
        DAY,
        status="ready",  # type: ignore[arg-type]
        analysis=Analysis(check_key(), best, choices),
    )


def due(drill: Drill, history: int = 1) -> Drill:
    """``drill`` asked before on each of ``history`` days up to yesterday (wrong, then right by turns),
    the last time wrong, so it is due today."""
    answers = tuple(
        Answer(DAY - timedelta(days=history - i), i % 2 == 1 and i != history - 1, 0.1)
        for i in range(history)
    )
    return drill.replace(box=1, due=DAY, answers=answers)


def ten_drills() -> list[Drill]:
    """Today's set of ten: eight plays from the opening (none of them the first legal play), a double, a take.

    Each has its own days of history, so the progress graph has a line for each stage."""
    plays = [play_drill(r, 3 + i, stage="opening" if i < 5 else "middle") for i, r in enumerate(ROLLS[:8])]
    return [
        due(d, 2 + i)
        for i, d in enumerate([*plays, cube_drill("double", "double"), cube_drill("take", "take")])
    ]


def stock(store: Store, drills: list[Drill]) -> None:
    """Put ``drills`` in ``store``'s drills file."""
    store.drills.put(drill_to_json(d) for d in drills)
