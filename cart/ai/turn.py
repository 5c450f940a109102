"""The computer's turn as one typed action: what every front end asks the computer, and the hint.

No front end works out the computer's move from the phase: it asks
:func:`think_action` (sliced) or :func:`choose_action` and hands the action to
``match.apply`` at once (a roll draws its dice). :func:`think_hint` is the same
decision from the asker's side, drawing no dice.

>>> import random
>>> from cart.engine import Match, Rules
>>> from cart.ai import Bot
>>> m = Match(Rules(match_length=3), rng=random.Random(1))
>>> bot = Bot("expert")
>>> action = choose_action(bot, m)
>>> action, m.apply(action)
(Roll(dice=(2, 5)), [OpeningRoll(dice=(2, 5), winner=1)])
>>> choose_action(bot, m)
Move(moves=((24, 22), (13, 8)))
>>> h = hint(bot, m)
>>> h.kind, h.text
('move', '24/22 13/8')
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Literal

from ..engine import (
    Accept,
    Action,
    Decline,
    Double,
    Drop,
    IllegalActionError,
    Match,
    Move,
    NewGame,
    Play,
    Resign,
    Roll,
    Take,
    format_play,
)
from .bot import Bot, CubeDecision, Evaluation, drain

HintKind = Literal["roll", "double", "take", "drop", "move", "new_game", "resign", "accept", "decline"]

HOPELESS = 0.002
"""A chance the computer treats as none when it decides to resign.

Wide enough for the net's own error on a lost race (it gives 0.1% to five
checkers on the six point that cannot all come off before the opponent's
last one), narrow enough that a position with a real shot is played on.
"""


def resign_level(evaluation: Evaluation) -> int:
    """The level (1 single, 2 gammon, 3 backgammon) the side on roll is sure to lose at, or 0.

    While the gammon is in doubt it plays on: a smaller offer is declined, a larger gives points away.
    """
    if evaluation.win >= HOPELESS:
        return 0
    if evaluation.lose_gammon < HOPELESS:
        return 1
    if evaluation.lose_gammon > 1 - HOPELESS:
        if evaluation.lose_backgammon < HOPELESS:
            return 2
        if evaluation.lose_backgammon > 1 - HOPELESS:
            return 3
    return 0


def declined(match: Match, player: int, level: int) -> bool:
    """Whether ``player``'s offer at ``level`` or more was declined this game (so not asked again)."""
    for earlier, action in zip(reversed(match.record[:-1]), reversed(match.record), strict=False):
        if isinstance(action, NewGame):
            return False
        if (
            isinstance(action, Decline)
            and isinstance(earlier, Resign)
            and earlier.player == player
            and earlier.level >= level
        ):
            return True
    return False


def accepts_resignation(bot: Bot, match: Match) -> bool:
    """Whether the offer is at least the answerer's expected win (cubeless equity now, in cubes)."""
    game = match.game
    evaluation = bot.evaluate(game.position)
    expected = evaluation.equity if game.actor == game.turn else -evaluation.equity
    return game.resigned >= expected


@dataclass(frozen=True)
class Hint:
    """What the computer would do now in the place of the player who must act, and why.

    ``play`` and ``text`` for a move; ``cube``, the cube decision behind a roll,
    double, take or drop; ``evaluation``, the outlook before rolling (the doubler's
    while a double is pending), None in the move phase and after the game.
    """

    kind: HintKind
    play: Play | None = None
    text: str = ""
    cube: CubeDecision | None = None
    evaluation: Evaluation | None = None
    level: int = 0
    """The level of a ``"resign"`` hint."""

    def action(self, match: Match) -> Action:
        """The action that carries this out in ``match``; a roll's dice are drawn from its rng now."""
        if self.kind == "roll":
            return Roll(match.draw_dice())
        if self.kind == "move":
            assert self.play is not None
            return Move.of(self.play)
        if self.kind == "resign":
            return Resign(match.game.actor, self.level)
        kinds = {"double": Double, "take": Take, "drop": Drop, "new_game": NewGame, "accept": Accept}
        return kinds.get(self.kind, Decline)()


def _think(
    bot: Bot, match: Match, *, outlook: bool, resign: bool = False, deep: bool = False
) -> Generator[None, None, Hint]:
    """The one computer-turn ladder (see the module's docstring); ``outlook`` adds the evaluation;
    ``deep``: plays and the cube from the teacher's 2-ply look (:mod:`cart.ai.deep`), not ``bot``'s."""
    game = match.game
    if game.phase == "resigned":
        yield  # the evaluation is this slice's work
        accepted = accepts_resignation(bot, match)
        evaluation = bot.evaluate(game.position) if outlook else None
        return Hint("accept" if accepted else "decline", evaluation=evaluation)
    if resign and game.phase == "roll":
        level = resign_level(bot.evaluate(game.position))  # a man off is no gammon to lose (net.sane)
        if level and not declined(match, game.turn, level):
            return Hint("resign", level=level)
    if game.phase == "over":
        if match.is_match_over:
            raise IllegalActionError("the match is over: there is nothing left to do")
        return Hint("new_game")
    if game.phase == "opening":
        return Hint("roll")
    if game.phase == "move":
        assert game.dice is not None
        if deep:  # the tutor's judgement, so the hint's play is never the one it questions
            from .review.cube import cube_view
            from .review.play import think_best_play

            view = cube_view(game, match.score)
            play = yield from think_best_play(bot.weights, game.position, game.dice, view)
        else:
            play = yield from bot.think_play(game.position, game.dice)
        assert play is not None, "the engine passes a roll that cannot be played at the roll"
        return Hint("move", play, format_play(game.position, play) if outlook else "")
    decision = yield from bot.think_cube(match, ply=2 if deep else None)
    evaluation = None
    if outlook:
        if decision is None:
            yield  # the evaluation below is this slice's work
            evaluation = bot.evaluate(game.position)
        else:
            evaluation = decision.evaluation
    if game.phase == "doubled":
        kind: HintKind = "take" if decision is None or decision.action == "take" else "drop"
    else:
        kind = "double" if decision is not None and decision.action == "double" else "roll"
    return Hint(kind, cube=decision, evaluation=evaluation)


def think_decision(bot: Bot, match: Match, *, resign: bool = False) -> Generator[None, None, Hint]:
    """What ``bot`` decides to do now for the player who must act, before any dice are drawn.

    :meth:`Hint.action` makes it the action in ``match``: a thought made on a copy of
    the match (in another process) draws its dice from the game's own.
    """
    return _think(bot, match, outlook=False, resign=resign)


def think_action(bot: Bot, match: Match, *, resign: bool = False) -> Generator[None, None, Action]:
    """The action ``bot`` takes now for the player who must act, as a generator of thinking slices.

    The action is ``StopIteration.value``; apply it at once (a roll's dice were
    drawn when it was made). Raises ``IllegalActionError`` when the match is over.
    """
    decided = yield from think_decision(bot, match, resign=resign)
    return decided.action(match)


def choose_action(bot: Bot, match: Match, *, resign: bool = False) -> Action:
    """:func:`think_action` run to its answer; ``resign`` where the front end can show an offer."""
    return drain(think_action(bot, match, resign=resign))


def think_hint(bot: Bot, match: Match, *, deep: bool = False) -> Generator[None, None, Hint]:
    """The hint for the player who must act, sliced like :func:`think_action`; it draws no dice.

    ``deep``: the teacher's (a play at 2-ply, cubeful as the tutor and the Review judge it, and the
    cube at 2-ply; about half a second), else ``bot``'s.
    """
    return _think(bot, match, outlook=True, deep=deep)


def hint(bot: Bot, match: Match, *, deep: bool = False) -> Hint:
    """:func:`think_hint` run to its answer."""
    return drain(think_hint(bot, match, deep=deep))
