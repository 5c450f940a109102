"""Do the hint, the tutor and the Review speak with one voice? Count where they part, over real games.

Plays the first game of ``--games`` ``--length``-point matches (0: money) between Experts and, at each
unforced play, asks the hint (the teacher's 2-ply, as H at the table and ``hint`` in the terminal),
then has the tutor judge the hint's play (its loss, 0 when it agrees) and the Review's deep pass
judge it in a fresh review of the position (as the Review window's 2-ply pass, its own tables).
Prints each disagreement, then the counts beside the unforced plays seen.

::

    python -m tools.one_voice --games 2 --length 5 --seed 100
"""

from __future__ import annotations

import argparse
import random
import time

from cart.ai import Bot, choose_action, drain, hint, load_weights
from cart.ai.review import DEEP_PLY, review_match
from cart.ai.review.tutor import think_tutor
from cart.engine import Match, Move, Rules


def one_voice(games: int, length: int, seed: int) -> tuple[int, int, int]:
    """(unforced plays, the tutor's disagreements, the Review's) over ``games`` games; each said."""
    bot = Bot("expert", weights=load_weights(), seed=seed)
    plays = tutor = review = 0
    for g in range(games):
        m = Match(Rules(match_length=length), rng=random.Random(seed + g))
        while m.game.phase != "over":
            state = m.game
            if state.phase == "move" and len(state.legal_plays()) > 1:
                advice = hint(bot, m, deep=True)
                assert advice.play is not None
                plays += 1
                judged = drain(think_tutor(m, Move.of(advice.play), threshold=1e-9))
                fresh = Match.from_ids(m.position_id(), m.match_id())
                fresh.apply(Move.of(advice.play))
                deep = review_match(fresh, ply=DEEP_PLY).plays[-1]
                where = f"{m.position_id()}:{m.match_id()} {advice.text}"
                if judged is not None:
                    tutor += 1
                    print(f"tutor parts: {where} -> {judged.question} ({judged.loss:.4f})")
                if deep.loss > 0:
                    review += 1
                    print(f"review parts: {where} -> {deep.best_text} ({deep.loss:.4f})")
            m.apply(choose_action(bot, m))
    return plays, tutor, review


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--length", type=int, default=5, help="match length (0: money)")
    parser.add_argument("--seed", type=int, default=100)
    args = parser.parse_args()
    started = time.perf_counter()
    plays, tutor, review = one_voice(args.games, args.length, args.seed)
    print(
        f"{plays} unforced plays: the tutor questions the hint's play {tutor} times, "
        f"the Review's deep pass calls another play the Master's {review} times "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
