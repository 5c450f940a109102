"""A game's review under Pyodide, to compare with CPython's (issue 20: the browser's Review is the desktop's).

    node tools/pyodide/run.mjs tools/pyodide/check_review.py

Plays one short money game between two seeded bots (deterministic, as ``check_games.py``
shows), reviews it with ``cart.ai.review`` at its default depth and prints ``RESULT`` and JSON:
the record and the review as the save's cache keeps it (``review_to_json``).
``tests/web/test_pyodide.py`` reviews the same record under CPython and asks for the same marks,
losses and totals.
"""

from __future__ import annotations

import json
import random
from typing import Any

from cart.ai import Bot, choose_action
from cart.ai.review import review_match, review_to_json
from cart.engine import Match, Rules

PLAYS = 24


def short_game(seed: int = 3, plays: int = PLAYS) -> Match:
    """The first ``plays`` actions' worth of a beginner-v-intermediate money game: errors to mark."""
    match = Match(Rules(), rng=random.Random(seed))
    bots = (Bot("beginner", seed=seed), Bot("intermediate", seed=seed))
    while match.game.phase != "over" and len(match.record) < 2 * plays:
        game = match.game
        match.apply(choose_action(bots[game.actor if game.phase != "opening" else 0], match))
    return match


def main() -> dict[str, Any]:
    match = short_game()
    review = review_match(match)
    return {"record": [a.to_json() for a in match.record], "review": review_to_json(review)}


if __name__ == "__main__":
    print("RESULT " + json.dumps(main()), flush=True)
