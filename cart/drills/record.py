"""A drill as it is kept: the position, the player's answer, the deep analysis, and its schedule.

Plain frozen values with a strict JSON form, like the Review's: a drill that does not read
back is set aside by the book, never shown half-read. Equities are EMG for the player to
answer, as the Review's are.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal, get_args

Kind = Literal["play", "double", "take"]
"""What is asked: a checker play with the dice, the doubler's "Double?" or the taker's "Take?"."""
Stage = Literal["opening", "middle", "bear-off", "cube"]
"""The progress view's groups: the first plays of a game, the rest, bearing off, and the cube."""
Status = Literal["new", "ready", "dropped"]
"""``new``: harvested, waiting for its deep check; ``ready``: checked, asked when due; ``dropped``:
the deep check found no mistake, kept so a later harvest of the same position does not revive it."""
CUBE_ANSWERS = ("no double", "double", "take", "pass")
MAX_ANSWERS = 24
"""Answers a drill remembers (newest last): the progress view's history, bounded."""
MAX_SOURCES = 8
"""Games a merged drill names (the first ones kept): enough to say where it came from."""

_ID = re.compile(r"[A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}")


@dataclass(frozen=True)
class Choice:
    """One answer the analysis weighed: ``label`` in gnubg's notation (or a cube action),
    ``result`` the Position ID after the play ("" for the cube), its equity and, when rolled out,
    the standard error and trials (0 and 0 at 2-ply); ``ply`` 0: the net's alone (not searched)."""

    label: str
    result: str
    equity: float
    se: float = 0.0
    trials: int = 0
    ply: int = 2


@dataclass(frozen=True)
class Analysis:
    """The deep check's answer, best first, under the analysis ``key`` it was made with.

    For a play: the candidates, the player's own play among them. For "double": the doubler's
    "no double", "double, take", "double, pass", and ``best`` the right action ("no double",
    "double" or "too good"); for "take": the taker's "take" and "pass", ``best`` one of them.
    """

    key: str
    best: str
    choices: tuple[Choice, ...]
    seconds: float = 0.0

    def choice(self, label: str) -> Choice | None:
        return next((c for c in self.choices if c.label == label), None)


@dataclass(frozen=True)
class Answer:
    """One time the drill was asked: the day, whether it was right, and what the answer cost."""

    day: date
    right: bool
    cost: float


@dataclass(frozen=True)
class Source:
    """Where a drill was found: the game (its id and name, kept after the game is deleted) and the
    record index of the decision."""

    game_id: str
    game: str
    index: int


@dataclass(frozen=True)
class Drill:
    """A position the player got wrong, to be asked again.

    ``made``: the answer given in the game (a play in gnubg's notation, or a cube action);
    ``loss``: what the Review said it cost; ``box``: the Leitner box (0: never asked);
    ``due``: the day it is next asked (None: not yet scheduled); ``variant``: the rules' (a
    MaxGammon game has no cube, so its plays are judged cubeless).
    """

    position_id: str
    match_id: str
    kind: Kind
    dice: tuple[int, int] | None
    player: str
    made: str
    loss: float
    stage: Stage
    added: date
    sources: tuple[Source, ...] = ()
    variant: str = "standard"
    status: Status = "new"
    analysis: Analysis | None = None
    box: int = 0
    due: date | None = None
    answers: tuple[Answer, ...] = ()

    @property
    def id(self) -> str:
        """One drill per position and match state (the Match ID holds the dice, the cube and the score)."""
        return f"{self.position_id}:{self.match_id}"

    def replace(self, **changes: Any) -> Drill:
        return dataclasses.replace(self, **changes)

    @property
    def asked(self) -> bool:
        return bool(self.answers)


def _float(x: object) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
        raise ValueError(f"not a finite number: {x!r}")
    return float(x)


def _int(x: object, low: int = 0, high: int = 1 << 30) -> int:
    if type(x) is not int or not low <= x <= high:
        raise ValueError(f"not a whole number from {low} to {high}: {x!r}")
    return x


def _str(x: object, limit: int = 80) -> str:
    if not isinstance(x, str) or len(x) > limit:
        raise ValueError(f"not a short text: {x!r}")
    return x


def _day(x: object) -> date:
    try:
        return date.fromisoformat(_str(x, 10))
    except ValueError:
        raise ValueError(f"not a day: {x!r}") from None


def _one_of(x: object, allowed: tuple[str, ...]) -> str:
    if x not in allowed:
        raise ValueError(f"not one of {', '.join(allowed)}: {x!r}")
    assert isinstance(x, str)
    return x


def _list(x: object, limit: int) -> list[Any]:
    if not isinstance(x, list) or len(x) > limit:
        raise ValueError(f"not a list of at most {limit}: {x!r}")
    return x


def drill_to_json(drill: Drill) -> dict[str, Any]:
    """The stored form: plain JSON, days as ISO text."""
    a = drill.analysis
    return {
        "position_id": drill.position_id,
        "match_id": drill.match_id,
        "kind": drill.kind,
        "dice": None if drill.dice is None else list(drill.dice),
        "player": drill.player,
        "made": drill.made,
        "loss": drill.loss,
        "stage": drill.stage,
        "added": drill.added.isoformat(),
        "sources": [[s.game_id, s.game, s.index] for s in drill.sources],
        "variant": drill.variant,
        "status": drill.status,
        "analysis": None
        if a is None
        else {
            "key": a.key,
            "best": a.best,
            "seconds": a.seconds,
            "choices": [[c.label, c.result, c.equity, c.se, c.trials, c.ply] for c in a.choices],
        },
        "box": drill.box,
        "due": None if drill.due is None else drill.due.isoformat(),
        "answers": [[x.day.isoformat(), x.right, x.cost] for x in drill.answers],
    }


def _analysis(x: object) -> Analysis | None:
    if x is None:
        return None
    if not isinstance(x, dict):
        raise ValueError("not an analysis")
    choices = []
    for c in _list(x.get("choices"), 64):
        if len(_list(c, 6)) != 6:
            raise ValueError(f"not a choice: {c!r}")
        label, result, equity, se, trials, ply = c
        choices.append(
            Choice(_str(label), _str(result, 14), _float(equity), _float(se), _int(trials), _int(ply, 0, 9))
        )
    if not choices:
        raise ValueError("an analysis without choices")
    return Analysis(_str(x.get("key")), _str(x.get("best")), tuple(choices), _float(x.get("seconds", 0.0)))


def drill_from_json(data: object) -> Drill:
    """The drill a stored form describes; ``ValueError`` for anything malformed."""
    if not isinstance(data, dict):
        raise ValueError("not a stored drill")
    dice = data.get("dice")
    sources = []
    for s in _list(data.get("sources"), MAX_SOURCES):
        if not isinstance(s, list) or len(s) != 3:
            raise ValueError(f"not a source: {s!r}")
        sources.append(Source(_str(s[0]), _str(s[1]), _int(s[2])))
    answers = []
    for a in _list(data.get("answers"), MAX_ANSWERS):
        if not isinstance(a, list) or len(a) != 3 or type(a[1]) is not bool:
            raise ValueError(f"not an answer: {a!r}")
        answers.append(Answer(_day(a[0]), a[1], _float(a[2])))
    kind = _one_of(data.get("kind"), get_args(Kind))
    if dice is not None:
        d = _list(dice, 2)
        if len(d) != 2:
            raise ValueError(f"not a roll: {dice!r}")
        dice = (_int(d[0], 1, 6), _int(d[1], 1, 6))
    if (dice is None) != (kind != "play"):
        raise ValueError("a play has dice and a cube decision none")
    drill = Drill(
        _str(data.get("position_id"), 14),
        _str(data.get("match_id"), 12),
        kind,  # type: ignore[arg-type]
        dice,
        _str(data.get("player")),
        _str(data.get("made")),
        _float(data.get("loss")),
        _one_of(data.get("stage"), get_args(Stage)),  # type: ignore[arg-type]
        _day(data.get("added")),
        tuple(sources),
        _one_of(data.get("variant", "standard"), ("standard", "maxgammon")),
        _one_of(data.get("status"), get_args(Status)),  # type: ignore[arg-type]
        _analysis(data.get("analysis")),
        _int(data.get("box"), 0, 99),
        None if data.get("due") is None else _day(data.get("due")),
        tuple(answers),
    )
    if not _ID.fullmatch(drill.id):
        raise ValueError(f"not a Position ID and Match ID: {drill.id!r}")
    return drill
