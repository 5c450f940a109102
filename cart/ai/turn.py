"""The computer's turn as one typed action: what every front end asks the computer, and the hint.

A front end (the Pyxel scene, the terminal game, the Pyodide check,
``tools/versus.py``) never works out what the computer does from the phase of
the game itself: it asks :func:`think_action` (a slice of thinking per
``next()``, as :meth:`~cart.ai.bot.Bot.think_play`) or :func:`choose_action`
(blocking) for the action of the player who must act, and hands it to
``match.apply``. The hint a person asks for is the same decision, seen from
their side: :func:`think_hint` / :func:`hint`, which never touches the dice.

The one ladder, for the player who must act (``match.game.actor``):

* the standard opening roll-off: roll;
* a play is due: the level's play (a roll that cannot be played never gets
  here: the engine passes it at the roll);
* a double is pending: take, or drop when the cube decision says so;
* before rolling: double when the cube decision says ``"double"``, else roll
  (``"no double"``, ``"too good"``, or no decision where doubling is not allowed);
* the game is over and the match is not: start the next game.

A roll's dice are drawn from the match's rng when the action is made, so the
action must be applied at once for the game to go on as the seed says. All of
it is deterministic for a bot's seed and the match's rng.

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
    Action,
    Double,
    Drop,
    IllegalActionError,
    Match,
    Move,
    NewGame,
    Play,
    Roll,
    Take,
    format_play,
)
from .bot import Bot, CubeDecision, Evaluation, drain

__all__ = ["Hint", "HintKind", "choose_action", "hint", "think_action", "think_hint"]

HintKind = Literal["roll", "double", "take", "drop", "move", "new_game"]


@dataclass(frozen=True)
class Hint:
    """What the computer would do now in the place of the player who must act, and why.

    ``kind`` names the action; ``play`` is the play for ``"move"`` (``text`` its
    gnubg notation); ``cube`` is the cube decision behind a roll, double, take
    or drop when there was one to make; ``evaluation`` is the outlook of the
    player on turn before rolling (the doubler's, while a double is pending),
    for the hints that show it (None in the move phase and after the game).
    """

    kind: HintKind
    play: Play | None = None
    text: str = ""
    cube: CubeDecision | None = None
    evaluation: Evaluation | None = None

    def action(self, match: Match) -> Action:
        """The action that carries this out in ``match``; a roll's dice are drawn from its rng now."""
        if self.kind == "roll":
            return Roll(match.draw_dice())
        if self.kind == "move":
            assert self.play is not None
            return Move.of(self.play)
        return {"double": Double, "take": Take, "drop": Drop, "new_game": NewGame}[self.kind]()


def _think(bot: Bot, match: Match, *, outlook: bool) -> Generator[None, None, Hint]:
    """The one computer-turn ladder (see the module's docstring); ``outlook`` adds the evaluation."""
    game = match.game
    if game.phase == "over":
        if match.is_match_over:
            raise IllegalActionError("the match is over: there is nothing left to do")
        return Hint("new_game")
    if game.phase == "opening":
        return Hint("roll")
    if game.phase == "move":
        assert game.dice is not None
        play = yield from bot.think_play(game.position, game.dice)
        assert play is not None, "the engine passes a roll that cannot be played at the roll"
        return Hint("move", play, format_play(game.position, play) if outlook else "")
    decision = yield from bot.think_cube(match)
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


def think_action(bot: Bot, match: Match) -> Generator[None, None, Action]:
    """The action ``bot`` takes now for the player who must act, as a generator.

    Each ``next()`` is one bounded slice of :meth:`Bot.think_play` or
    :meth:`Bot.think_cube` (none at all for a roll-off or a new game); the
    action is ``StopIteration.value``. Apply it at once: a roll's dice were
    drawn from the match's rng when it was made. Raises ``IllegalActionError``
    when the match is over.
    """
    decided = yield from _think(bot, match, outlook=False)
    return decided.action(match)


def choose_action(bot: Bot, match: Match) -> Action:
    """:func:`think_action` run to its answer (for front ends with time to block)."""
    return drain(think_action(bot, match))


def think_hint(bot: Bot, match: Match) -> Generator[None, None, Hint]:
    """The hint for the player who must act, as a generator like :func:`think_action`.

    The same decision the computer would take in their place; it draws no
    dice, so asking for a hint never changes the game.
    """
    return _think(bot, match, outlook=True)


def hint(bot: Bot, match: Match) -> Hint:
    """:func:`think_hint` run to its answer."""
    return drain(think_hint(bot, match))
