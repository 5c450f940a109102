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
* the game is over and the match is not: start the next game;
* a resignation is offered: accept when it gives at least what the
  computer expects to win by playing on (its evaluation's equity, in
  multiples of the cube, of the position as it stands), else decline;
* with ``resign=True`` (front ends that can show the offer), before rolling
  in a position it cannot win (:func:`resign_level`): offer to resign at the
  level it is sure to lose.

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

    Hopeless means the net gives it no chance to win (below :data:`HOPELESS`),
    and the loss is settled: no chance left of being gammoned (a single), or
    of saving the gammon (gammon), or of saving the backgammon. While the
    gammon is still in doubt it plays on, as offering the smaller loss would
    be declined and offering the larger would give points away.
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
    """Whether ``player``'s offer to resign at ``level`` or more was declined in this game already.

    Offered the same again each turn, a person who chose to play on would be
    asked the same question over and over: the computer plays the game out.
    """
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
    """Whether the player offered a resignation accepts it: the offer is at least its expected win.

    The expectation is the cubeless equity of the position as it stands (the
    player on turn's, before its roll), in multiples of the cube, seen from
    the side that answers.
    """
    game = match.game
    evaluation = bot.evaluate(game.position)
    expected = evaluation.equity if game.actor == game.turn else -evaluation.equity
    return game.resigned >= expected


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


def _think(bot: Bot, match: Match, *, outlook: bool, resign: bool = False) -> Generator[None, None, Hint]:
    """The one computer-turn ladder (see the module's docstring); ``outlook`` adds the evaluation."""
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


def think_action(bot: Bot, match: Match, *, resign: bool = False) -> Generator[None, None, Action]:
    """The action ``bot`` takes now for the player who must act, as a generator.

    Each ``next()`` is one bounded slice of :meth:`Bot.think_play` or
    :meth:`Bot.think_cube` (none at all for a roll-off or a new game); the
    action is ``StopIteration.value``. Apply it at once: a roll's dice were
    drawn from the match's rng when it was made. Raises ``IllegalActionError``
    when the match is over.
    """
    decided = yield from _think(bot, match, outlook=False, resign=resign)
    return decided.action(match)


def choose_action(bot: Bot, match: Match, *, resign: bool = False) -> Action:
    """:func:`think_action` run to its answer (for front ends with time to block).

    ``resign`` lets the computer offer to resign a hopeless game; leave it off
    where the front end cannot show an offer to the player.
    """
    return drain(think_action(bot, match, resign=resign))


def think_hint(bot: Bot, match: Match) -> Generator[None, None, Hint]:
    """The hint for the player who must act, as a generator like :func:`think_action`.

    The same decision the computer would take in their place; it draws no
    dice, so asking for a hint never changes the game.
    """
    return _think(bot, match, outlook=True)


def hint(bot: Bot, match: Match) -> Hint:
    """:func:`think_hint` run to its answer."""
    return drain(think_hint(bot, match))
