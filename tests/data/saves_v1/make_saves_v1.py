"""Write real schema-1 saved games, ratings and settings, and how each game goes on, with the OLD code.

Run it against a checkout of commit 2123fec (the last code that writes schema 1),
never against a newer one: the point of these files is that they were written
by the code players had, not by a re-creation of its format::

    git worktree add /tmp/old 2123fec
    cd /tmp/old && PYTHONPATH=/tmp/old python /path/to/make_saves_v1.py /path/to/tests/data/saves_v1

It writes ``store/`` (a save folder as the cartridge leaves it: ``games/*.json``,
``ratings.json``, ``settings.json``) and ``expected.json``: for each game, what
the old code reads back from its file, and where the game stands after
:data:`CONTINUE` more actions chosen by :func:`step` (a seeded policy that
the migration test repeats with the new code). Everything is seeded and the
clock is fixed, so running it twice gives the same bytes.

The cart imports sit inside the functions so that pytest's doctest collection
can import this module under the new code without running or breaking it.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

CONTINUE = 40
"""Actions played after loading each game, for the expected results."""


class FixedClock:
    """One second per call from 2024-03-05 12:00 UTC: the files' times do not depend on today."""

    def __init__(self) -> None:
        self.now = datetime(2024, 3, 5, 12, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def step(actor: Any, rng: random.Random) -> bool:
    """One action on ``actor`` (a Match or the old Autosave) chosen by ``rng``; False once the match is over.

    Plays are sorted by the Position ID of their result before the choice, so the
    choice does not depend on the order a version of the engine lists them in.
    The migration test repeats this policy with the new engine.
    """
    match = actor.match if hasattr(actor, "match") else actor
    game = match.game
    if game.phase == "over":
        if match.is_match_over:
            return False
        actor.new_game()
    elif game.phase == "opening":
        actor.roll()
    elif game.phase == "roll":
        if game.can_double() and rng.random() < 0.15:
            actor.double()
        else:
            actor.roll()
    elif game.phase == "doubled":
        if rng.random() < 0.75:
            actor.take()
        else:
            actor.drop()
    else:
        plays = sorted(match.legal_plays(), key=lambda p: p.result.position_id())
        actor.play(rng.choice(plays))
    return True


def since_new_game(match: Any) -> int:
    """Actions since the current game began."""
    record = match.record
    starts = [i for i, a in enumerate(record) if a == ["new_game"]]
    return len(record) - (starts[-1] + 1 if starts else 0)


def replayed_events(match: Any) -> list[Any]:
    """Every event of the match's record, replayed in a fresh match."""
    from cart.engine import Match

    replay = Match(match.rules, names=match.names)
    return [e for action in match.record for e in replay.apply(action)]


def build(folder: Path) -> dict[str, dict[str, Any]]:
    """Create the saved games in ``folder`` through the old Store and its Autosave; returns notes per game."""
    from cart.engine import AutoDoubled, Rules
    from cart.store import GameOptions, Store

    store = Store(folder, clock=FixedClock())
    made: dict[str, dict[str, Any]] = {}

    def create(name: str, options: Any, seed: int, game_id: str) -> Any:
        game = store.games.create(name, options, rng=random.Random(seed), game_id=game_id)
        return store.autosave(game)

    # 1. Money play with automatic doubles against the computer: finished games, a forfeit,
    #    an automatic double on an opening tie, and a game under way.
    auto = create(
        "Money auto doubles",
        GameOptions(Rules(automatic_doubles=True, cube_limit=64), ("Ann", "Gnu"), computer=1, level="expert"),
        13,  # opens with a tie: 3-3, the cube goes to 2
        "a1a1a1a1a1a1a1a1",
    )
    rng = random.Random(101)
    while auto.match.game_number < 4 or auto.match.game.phase != "roll" or since_new_game(auto.match) < 8:
        game = auto.match.game
        if auto.match.game_number == 2 and game.phase == "move" and since_new_game(auto.match) >= 10:
            auto.forfeit(0)  # Ann gives up the second game
        else:
            step(auto, rng)
    autodoubled = any(isinstance(e, AutoDoubled) for e in replayed_events(auto.match))
    assert autodoubled and ["forfeit", 0] in auto.match.record, "pick other seeds: no auto double or forfeit"
    made[auto.game.name] = {
        "what": "money, automatic doubles (an opening tie doubles the cube), a forfeit, "
        "four games finished, the fifth under way"
    }

    # 2. A 5-point match between two people, past the Crawford game.
    auto = create("Five points", GameOptions(Rules(match_length=5), ("Cat", "Dan")), 53, "b2b2b2b2b2b2b2b2")
    rng = random.Random(532)
    crawford_done = False
    while not (crawford_done and auto.match.game.phase == "roll" and since_new_game(auto.match) >= 8):
        assert step(auto, rng), "pick other seeds: the match ended before a post-Crawford game"
        game = auto.match.game
        crawford_done = crawford_done or (game.crawford and game.phase == "over")
    assert max(auto.match.score) == 4 > min(auto.match.score) and not auto.match.is_match_over
    made[auto.game.name] = {"what": "5-point match, two people, Crawford game played, the next under way"}

    # 3. Saved mid-turn: the dice rolled, not played.
    auto = create(
        "Mid turn",
        GameOptions(Rules(match_length=7), ("Eve", "Bot"), computer=1, level="novice", hints=False),
        33,
        "c3c3c3c3c3c3c3c3",
    )
    rng = random.Random(303)
    while len(auto.match.record) < 25 or auto.match.game.phase != "move":
        step(auto, rng)
    made[auto.game.name] = {"what": "7-point match against the computer, saved with a roll not yet played"}

    # 4. Saved mid-double: the cube offered, not answered.
    auto = create("Mid double", GameOptions(Rules(), ("Fay", "Gus")), 44, "d4d4d4d4d4d4d4d4")
    rng = random.Random(404)
    while len(auto.match.record) < 30 or auto.match.game.phase != "doubled":
        step(auto, rng)
    made[auto.game.name] = {"what": "money play, two people, saved with a double offered"}

    # 5. MaxGammon single games (no cube), two finished.
    auto = create("Max", GameOptions(Rules(variant="maxgammon"), ("Hal", "Ivy")), 55, "e5e5e5e5e5e5e5e5")
    rng = random.Random(505)
    while sum(1 for a in auto.match.record if a == ["new_game"]) < 2 or auto.match.game.phase != "roll":
        step(auto, rng)
    made[auto.game.name] = {"what": "MaxGammon single games, two finished"}

    # 6. A finished 3-point match against the computer (rated as a match).
    auto = create(
        "Finished",
        GameOptions(Rules(match_length=3), ("Ann", "Gnu"), computer=1, level="expert"),
        66,
        "f6f6f6f6f6f6f6f6",
    )
    rng = random.Random(606)
    while step(auto, rng):
        pass
    made[auto.game.name] = {"what": "3-point match against the computer, over and rated"}

    store.settings.update(
        sounds=False,
        turkish_clicks=True,
        animation_speed="fast",
        checker_colours=("black", "cream"),
        last_options=GameOptions(Rules(match_length=7), ("Eve", "Bot"), computer=1, level="novice"),
    )
    problems = store.take_notices()
    assert not problems, problems
    return made


def expected(folder: Path, made: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """What the old code reads from each file, and where each game stands after :data:`CONTINUE` actions."""
    from cart.store import Store

    out: dict[str, Any] = {}
    for name, notes in made.items():
        store = Store(folder, clock=FixedClock())
        game = store.games.load(name)
        match = game.match
        loaded = {
            "entry": game.entry,
            "names": list(game.options.names),
            "options": game.options.to_dict(),
            "score": list(match.score),
            "game_number": match.game_number,
            "phase": match.game.phase,
            "record_length": len(match.record),
            "position_id": match.position_id(),
            "match_id": match.match_id(),
        }
        # Continue through the old Autosave in a copy of the folder, so the ratings of any
        # game it finishes are recorded too.
        with tempfile.TemporaryDirectory() as tmp:
            copy = Path(tmp) / "store"
            shutil.copytree(folder, copy)
            store = Store(copy, clock=FixedClock())
            auto = store.autosave(store.games.load(name))
            start = len(auto.match.record)
            rng = random.Random(7)
            for _ in range(CONTINUE):
                if not step(auto, rng):
                    break
            assert auto.problem is None, auto.problem
            m = auto.match
            after = {
                "record_length": len(m.record),
                "added": [list(a) for a in m.record[start:]],
                "score": list(m.score),
                "game_number": m.game_number,
                "phase": m.game.phase,
                "position_id": m.position_id(),
                "match_id": m.match_id(),
                "ratings": {
                    p: [r.rating, r.experience] for p, r in sorted(store.ratings.book.ratings.items())
                },
            }
        out[name] = {
            **notes,
            "loaded": loaded,
            "continue_seed": 7,
            "continue_actions": CONTINUE,
            "after": after,
        }
    return out


def main(argv: list[str]) -> None:
    import cart
    from cart.store import SCHEMA_VERSIONS

    if SCHEMA_VERSIONS["game"] != 1:
        sys.exit(f"this is not the old code: {cart.__file__} writes game schema {SCHEMA_VERSIONS['game']}")
    target = Path(argv[1] if len(argv) > 1 else Path(__file__).parent)
    folder = target / "store"
    if folder.exists():
        shutil.rmtree(folder)
    made = build(folder)
    results = {
        "made_by": f"tests/data/saves_v1/make_saves_v1.py with {Path(cart.__file__).parent}",
        "games": expected(folder, made),
    }
    (target / "expected.json").write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    print(f"wrote {folder} and {target / 'expected.json'} with {cart.__file__}")


if __name__ == "__main__":
    main(sys.argv)
