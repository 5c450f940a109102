"""Write real schema-4 saved games (one whole envelope per game) with the code that writes them.

Run it against a checkout of commit 236e30a (the last code that writes every game as
one schema-4 envelope), never against a newer one: the point of these files is that
the code players had wrote them::

    git worktree add /tmp/old4 236e30a
    cd /tmp/old4 && PYTHONPATH=/tmp/old4 python /path/to/make_saves_v4.py /path/to/tests/data/saves_v4

It writes ``store/`` (a save folder as the cartridge leaves it), ``localstorage.json``
(the browser's items under our namespace, as ``LocalStorageBackend`` leaves them) and
``expected.json``: what that code reads back from each game. Seeded, with a fixed
clock, so a second run writes the same bytes.

The cart imports sit inside the functions so that pytest's doctest collection can
import this module under newer code without running or breaking it.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any


class FixedClock:
    """One second per call from 2025-06-01 09:00 UTC."""

    def __init__(self) -> None:
        self.now = datetime(2025, 6, 1, 9, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


class DictStorage:
    """``window.localStorage`` over a dict."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def step(match: Any, rng: random.Random) -> bool:
    """One random legal action (plays sorted by their result's Position ID); False once the match is over."""
    game = match.game
    if game.phase == "over":
        if match.is_match_over:
            return False
        match.new_game()
    elif game.phase in ("opening", "roll"):
        if game.phase == "roll" and game.can_double() and rng.random() < 0.1:
            match.double()
        else:
            match.roll()
    elif game.phase == "doubled":
        (match.take if rng.random() < 0.7 else match.drop)()
    elif game.phase == "resigned":
        (match.accept if rng.random() < 0.5 else match.decline)()
    else:
        plays = sorted(match.legal_plays(), key=lambda p: p.result.position_id())
        match.play(rng.choice(plays))
    return True


def play(store: Any, name: str, options: Any, actions: int, seed: int, **create: Any) -> None:
    """Create ``name`` and play ``actions`` actions on it through a session, saved after each."""
    game = store.games.create(name, options, rng=random.Random(seed), game_id=f"{seed:016x}", **create)
    session = store.session(game)
    rng = random.Random(seed + 100)
    for _ in range(actions):
        if not step(session.match, rng):
            break
        if session.problem is not None:
            raise RuntimeError(session.problem)


def fill(store: Any) -> None:
    from cart.engine import GameState, Position, Rules
    from cart.store import GameOptions

    play(store, "Long money", GameOptions(Rules(automatic_doubles=True), ("Ann", "Bob")), 700, 1)
    play(
        store,
        "Five points",
        GameOptions(Rules(match_length=5), ("Ann", "Bob"), computer=1, level="expert"),
        161,
        2,
    )
    play(
        store,
        "Done",
        GameOptions(Rules(match_length=3), ("Ann", "Bob"), computer=1, level="beginner"),
        9999,
        3,
    )
    rules = Rules(match_length=7)
    start = GameState.from_position(
        rules, Position.from_position_id("4HPwATDgc/ABMA"), turn=0, cube=2, cube_owner=1
    )
    play(store, "Set up", GameOptions(rules, ("Ann", "Bob")), 30, 4, start=start, start_score=(3, 4))
    play(store, "Max", GameOptions(Rules(variant="maxgammon"), ("Ann", "Bob")), 151, 5)
    game = store.games.load("Max")
    session = store.session(game)
    if game.match.game.phase in ("roll", "move"):
        session.match.resign(game.match.game.turn, 1)  # saved with a resignation not yet answered


def main(out: Path) -> None:
    from cart.store import SCHEMA_VERSIONS, LocalStorageBackend, Settings, Store
    from cart.store.disk.localstorage import NAMESPACE

    if SCHEMA_VERSIONS["game"] != 4:
        sys.exit("this code does not write game schema 4: run this on commit 236e30a")
    folder = out / "store"
    shutil.rmtree(folder, ignore_errors=True)
    store = Store(folder, clock=FixedClock())
    fill(store)
    store.settings.save(Settings().replace(sounds=False))
    storage = DictStorage()
    fill(Store(LocalStorageBackend(storage), clock=FixedClock()))
    items = {k: v for k, v in storage.items.items() if k.startswith(NAMESPACE)}
    (out / "localstorage.json").write_text(json.dumps(items, indent=1, sort_keys=True) + "\n")
    expected = {}
    for summary in Store(folder).games.list():
        m = Store(folder).games.load(summary.name).match
        expected[summary.name] = {
            "entry": summary.entry,
            "record": [a.to_json() for a in m.record],
            "position_id": m.position_id(),
            "match_id": m.match_id(),
            "score": list(m.score),
            "phase": m.game.phase,
            "rng": m.rng.random() if m.rng is not None else None,
        }
    (out / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
