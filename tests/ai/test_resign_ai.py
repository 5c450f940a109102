"""Resignations for the computer and in the terminal game (issue 18, item 4)."""

from __future__ import annotations

import io
import random

from cart.ai import Bot
from cart.ai.bot import Evaluation
from cart.ai.turn import accepts_resignation, choose_action, hint, resign_level
from cart.engine import Accept, Decline, GameState, Match, Position, Resign, Rules
from cart.text.game import TextGame


def ev(win: float, lose_gammon: float, lose_backgammon: float = 0.0) -> Evaluation:
    return Evaluation(win, 0.0, 0.0, lose_gammon, lose_backgammon, 0.0)


def test_the_computer_resigns_only_what_it_is_sure_to_lose() -> None:
    assert resign_level(ev(0.2, 0.0)) == 0  # it can still win
    assert resign_level(ev(0.0, 0.0)) == 1  # lost, no gammon possible
    assert resign_level(ev(0.0, 0.4)) == 0  # the gammon is in doubt: play on
    assert resign_level(ev(0.0, 1.0, 0.0)) == 2
    assert resign_level(ev(0.0, 1.0, 0.3)) == 0
    assert resign_level(ev(0.0, 1.0, 1.0)) == 3


def race(mine_home: list[int], theirs_home: list[int], *, off_theirs: int) -> Position:
    """A bear-off race: each side's checkers on its points 1-6 (the rest borne off)."""
    mine = [15 - sum(mine_home), *mine_home, *[0] * 18, 0]
    theirs = [off_theirs, *theirs_home, *[0] * 18, 0]
    return Position.from_counts(mine, theirs)


def match_at(position: Position, turn: int) -> Match:
    rules = Rules()
    return Match(rules, start=GameState.from_position(rules, position, turn=turn), rng=random.Random(1))


def test_the_computer_accepts_an_offer_worth_what_it_expects_and_declines_less() -> None:
    bot = Bot("expert")
    # The side on roll has one checker left; the other has borne off none: a sure gammon for the roller.
    winning = race([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 15], off_theirs=0)
    m = match_at(winning, 0)
    m.resign(1, 1)  # the loser offers a single: less than the gammon coming
    assert not accepts_resignation(bot, m) and choose_action(bot, m) == Decline()
    m.decline()
    m.resign(1, 2)
    assert accepts_resignation(bot, m) and choose_action(bot, m) == Accept()
    assert hint(bot, m).kind == "accept"
    # At the start, a single is more than either side expects: accepted.
    start = Match(Rules(), rng=random.Random(2))
    start.roll((3, 1))
    start.resign(0, 1)
    assert choose_action(bot, start) == Accept()


def test_the_computer_offers_to_resign_a_lost_race_when_asked_to() -> None:
    bot = Bot("expert")
    # Player 0 on roll cannot bear five checkers off in one roll; player 1 then bears its last one off.
    hopeless = race([0, 0, 0, 0, 0, 5], [1, 0, 0, 0, 0, 0], off_theirs=14)
    m = match_at(hopeless, 0)
    assert resign_level(bot.evaluate(hopeless)) == 1
    # with a shot left (two checkers, doubles bear both off) it plays on
    assert resign_level(bot.evaluate(race([0, 0, 2, 0, 0, 0], [1, 0, 0, 0, 0, 0], off_theirs=14))) == 0
    assert choose_action(bot, m) != Resign(0, 1)  # off by default: the front end must show offers
    assert choose_action(bot, m, resign=True) == Resign(0, 1)


def test_the_terminal_game_resigns_accepts_and_declines() -> None:
    out = io.StringIO()
    match = Match(Rules(), names=("Ann", "Cal"), rng=random.Random(4))
    game = TextGame(match, out, computer={1: Bot("expert")})
    game.run(["roll", "resign backgammon", "quit"])
    text = out.getvalue()
    assert "offers to resign a backgammon" in text
    assert ("Cal accepts the resignation." in text) or ("Cal declines the resignation" in text)
    if match.game.result == "resign":
        assert match.score == (0, 3)
