"""Starting positions drawn per class, for self-play that visits every kind of position.

Self-play from the opening seldom reaches some classes of position: contact bear-offs,
a man on the bar against a home board with few men left, crashed boards. GNU Backgammon
trains a net per class on positions drawn from that class; the trainer instead starts a
share of its games from positions drawn here (``python -m tools.train --class-starts``),
so the one contact net sees them often. The positions are of our own making:

- ``contact``: a random ending of 1-8 men a side where one side bears off past men the
  other still has back (contact kept, no man on the bar);
- ``bar``: a random ending with a man on the bar against a home board with men on it;
- ``crashed``: a position met in the run's own games from the opening that
  :func:`is_crashed` calls crashed (a :class:`CrashedPool` keeps the last few thousand).

Every draw takes a ``random.Random`` (the run's own), so a run that checkpoints that
generator and the pool is reproducible and resumable. The same endings make the eval
judge's set (``tools/eval_judge.py``), drawn there from its own seed.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence

from cart.ai.classes import is_crashed as crashed_key
from cart.engine import Position, PositionError

ENDINGS = ("race", "bear-off", "contact bear-off", "bar")
CLASSES = ("contact", "bar", "crashed")


def _side(rng: random.Random, men: int, points: Sequence[int]) -> list[int]:
    counts = [0] * 26
    counts[0] = 15 - men
    spots = rng.sample(list(points), min(len(points), rng.randint(1, 4)))
    for _ in range(men):
        counts[rng.choice(spots)] += 1
    return counts


def random_ending(rng: random.Random, kind: str) -> Position:
    """A random ending of ``kind`` (:data:`ENDINGS`) with 1-8 men a side; raises PositionError if illegal."""
    a, b = rng.randint(1, 8), rng.randint(1, 8)
    if kind == "race":
        high = rng.randint(1, 23)  # the side on roll's rearmost point; the other stays out of reach
        mine = _side(rng, a, range(1, high + 1))
        theirs = _side(rng, b, range(1, 25 - high))
    elif kind == "bear-off":
        mine, theirs = _side(rng, a, range(1, 7)), _side(rng, b, range(1, 7))
    elif kind == "contact bear-off":  # one side bears off past men the other still has back
        mine = _side(rng, a, range(1, 7))
        back = rng.randint(1, min(3, b))
        theirs = _side(rng, b - back, range(1, 7))
        theirs[0] -= back
        for _ in range(back):
            theirs[rng.randint(19, 24)] += 1
        if rng.random() < 0.5:
            mine, theirs = theirs, mine
    else:  # a man on the bar against a board with men on it
        mine = _side(rng, a, range(1, 7))
        theirs = _side(rng, b, range(1, 7))
        theirs[rng.choice(range(1, 7))] += 1
        theirs[0] -= 1
        if theirs[0] < 0:
            raise PositionError("no man to put on the bar")
        where = max(p for p in range(1, 7) if theirs[p])
        theirs[where] -= 1
        theirs[25] += 1
        if rng.random() < 0.5:
            mine, theirs = theirs, mine
    return Position.from_counts(mine, theirs)


def is_crashed(pos: Position) -> bool:
    """True for a contact position where either side has crashed, as GNU Backgammon classes it."""
    return not pos.is_race() and crashed_key(pos.key)


def has_bar(pos: Position) -> bool:
    return bool(pos.mine[25] or pos.theirs[25])


class CrashedPool:
    """The last ``size`` crashed positions (side on roll first) met in a run's games from the opening.

    One position of each game that met any, drawn with the run's generator: the positions of
    one game are alike, so a pool of one a game spans many more games.
    """

    def __init__(self, keys: Iterable[int] = (), size: int = 4096) -> None:
        self.keys: deque[int] = deque(keys, maxlen=size)

    def note_game(self, rng: random.Random, keys: Sequence[int]) -> None:
        """Keep one of a game's crashed positions (``keys``: the game's positions before each roll)."""
        crashed = [k for k in keys if is_crashed(Position(k))]
        if crashed:
            self.keys.append(rng.choice(crashed))

    def to_bytes(self) -> bytes:
        return b"".join(k.to_bytes(26, "little") for k in self.keys)

    @classmethod
    def from_bytes(cls, data: bytes, size: int = 4096) -> CrashedPool:
        return cls((int.from_bytes(data[i : i + 26], "little") for i in range(0, len(data), 26)), size)


def draw_ending(rng: random.Random, cls: str) -> Position:
    """A random ending of class ``contact`` (no bar, contact kept) or ``bar``, legal and not over."""
    kind = "bar" if cls == "bar" else "contact bear-off"
    while True:
        try:
            pos = random_ending(rng, kind)
        except PositionError:
            continue
        if pos.is_over() or pos.is_race():
            continue
        if (cls == "bar") == has_bar(pos):
            return pos


def draw_start(rng: random.Random, cls: str, pool: CrashedPool) -> Position:
    """A starting position of class ``cls`` (:data:`CLASSES`), the side on roll to play.

    A crashed start comes from ``pool``; until the pool holds any, a contact ending stands in
    (most of those are crashed too: a side with six men or fewer left).
    """
    if cls not in CLASSES:
        raise ValueError(f"no such class of start: {cls!r} (one of {', '.join(CLASSES)})")
    if cls == "crashed":
        if pool.keys:
            return Position(rng.choice(pool.keys))
        cls = "contact"
    return draw_ending(rng, cls)
