"""The terminal game, in the spirit of the 1982 Wizard of OsZ: two players, or one against the computer.

The loop takes input lines and an output stream, so tests feed it a script. Every
rule is the engine's: this prints states and events and turns typed words into
engine calls, quoting the engine when it refuses.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, TextIO

from cart.engine import (
    EngineError,
    Event,
    Match,
    Move,
    Rules,
    format_play,
    format_roll,
)
from cart.phrasebook import said
from cart.text.board import SYMBOLS, WIDTH, render_board, score_text

if TYPE_CHECKING:
    from cart.ai import Bot
    from cart.ai.review import Reviewer


_RESIGN_WORDS = {"single": 1, "1": 1, "gammon": 2, "2": 2, "backgammon": 3, "3": 3}

HELP = """\
Commands (the first letter is enough for the ones marked *):
  Enter or roll*   roll the dice (in the opening each player rolls one die)
  double*          offer the cube before rolling (standard rules only)
  take* / drop     answer a double: take plays on at twice the stakes,
                   drop loses the game at the stakes before the double
  moves*           list every legal play for the roll
  hint             the computer's choice for you (roll, cube or play)
  review           the Master's review of the match so far: every play and
                   cube decision with its mark, each player's error rate
  rollout N [T]    roll out the decision numbered N in the review (its best
                   plays side by side, or the cube) until the best is sure,
                   T trials (default 324) or Ctrl-C
  board*           show the board again
  forfeit          give up the game (asked first): your opponent wins twice
                   the cube value
  resign [level]   offer to resign at single (the default), gammon or backgammon
                   (1, 2 or 3) times the cube; the opponent accepts or declines
  accept / decline answer a resignation offered to you
  help* / ?        this text
  quit*            leave (also Ctrl-D or Ctrl-C)
Moves, in either notation, numbered from the side of the player on roll
(your home board is 1-6, the bar 25 or "bar", borne off 0 or "off"):
  GNU Backgammon   8/5 6/5   bar/22   6/off   13/7*   8/4(2)   24/18/13
  Wizard of OsZ    from,to pairs, one per die: 5,7,12,17
                   The Wizard counts the other way: its point n is our
                   point 25-n, the bar is 0 and home is 25, so 5,7,12,17
                   means 20/18 13/8.
A roll that cannot be played at all passes the turn by itself."""


class TextGame:
    """One terminal session around a :class:`Match`.

    >>> import io
    >>> out = io.StringIO()
    >>> game = TextGame(Match(Rules(), rng=random.Random(1)), out)
    >>> game.run(["roll", "quit"])
    0
    >>> "White rolls 2, Red rolls 5: Red moves first" in out.getvalue()
    True
    """

    def __init__(
        self,
        match: Match,
        out: TextIO,
        *,
        echo: bool = False,
        computer: dict[int, Bot] | None = None,
        hint: Bot | None = None,
    ) -> None:
        """``echo`` repeats input after its prompt; ``computer``: the bots by seat; ``hint``: who hints."""
        self.match = match
        self.out = out
        self.echo = echo
        self.computer = dict(computer or {})
        self._hint = hint
        self._shown: tuple[int, str, int] | None = None
        self._reviewer: Reviewer | None = None
        self._forfeiting: int | None = None  # the player asked to confirm a forfeit

    # -- output -----------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def name(self, player: int) -> str:
        return f"{self.match.names[player]} ({SYMBOLS[player]})"

    def show_board(self, force: bool = False) -> None:
        """Print the board when it changed (new position, other side on roll, new game)."""
        game = self.match.game
        key = (self.match.game_number, game.position.position_id(), game.turn)
        if force or key != self._shown:
            self._shown = key
            self.say()
            self.say(render_board(self.match))

    def describe(self, event: Event) -> str:
        """One line for an engine event, in the phrasebook's whole sentences."""
        return said(event, self.match.names, score=self._score())

    def _score(self) -> str:
        m = self.match
        return f"{m.names[0]} {m.score[0]}, {m.names[1]} {m.score[1]}"

    def prompt(self) -> str:
        """What the player who must act may type now."""
        m = self.match
        game = m.game
        if self._forfeiting is not None:
            who = self._forfeiting
            after, _ = game.forfeit(who)  # what it would give away; nothing changes yet
            worth = f"{after.points} point{'s' if after.points != 1 else ''}"
            why = " (twice the cube)" if game.rules.uses_cube else ""
            wins = f"{m.names[1 - who]} wins {worth}{why}"
            return f"{self.name(who)}: forfeit this game? {wins}. 'yes' or 'no'"
        if game.phase == "opening":
            return "Opening roll: each player rolls one die. Press Enter to roll"
        if game.phase == "roll":
            double = ", 'double'" if m.can_double() else ""
            return f"{self.name(game.turn)} to roll. Press Enter to roll{double}, or 'help'"
        if game.phase == "doubled":
            return (
                f"{self.name(game.actor)}: {m.names[game.turn]} doubles to {game.cube * 2}. 'take' or 'drop'?"
            )
        if game.phase == "resigned":
            assert game.resigner is not None
            points = game.resigned * game.cube
            return (
                f"{self.name(game.actor)}: {m.names[game.resigner]} offers to resign for {points} "
                f"point{'s' if points != 1 else ''}. 'accept' or 'decline'?"
            )
        if game.phase == "move":
            assert game.dice is not None
            count = len(m.legal_plays())
            plays = "1 legal play" if count == 1 else f"{count} legal plays"
            dice = format_roll(game.dice)
            return f"{self.name(game.turn)} to play {dice} ({plays}; 'moves' lists them). Your move"
        return "Press Enter for the next game, or 'quit'"

    # -- input ------------------------------------------------------------------
    def run(self, lines: Iterable[str]) -> int:
        """Play until the match ends, 'quit', or the input runs out; returns the exit status."""
        source = iter(lines)
        self.say(f"Gammon Cart: {self.name(0)} against {self.name(1)}. {score_text(self.match)}.")
        self.say("Type 'help' for the commands and both move notations.")
        while True:
            if self.match.is_match_over:
                self.say("The match is over.")
                return 0
            if self.match.game.actor in self.computer and self.match.game.phase != "over":
                self.computer_acts()
                continue
            self.show_board()
            self.out.write(f"{self.prompt()}> ")
            self.out.flush()
            line = next(source, None)
            if line is None:
                self.say()
                self.say("End of input: goodbye.")
                return 0
            if self.echo:
                self.say(line)
            if not self.handle(line):
                self.say("Goodbye.")
                return 0

    def handle(self, line: str) -> bool:
        """Carry out one typed line; False to stop."""
        word = line.strip().lower()
        m = self.match
        phase = m.game.phase
        try:
            if word in ("quit", "q", "exit"):
                return False
            if self._forfeiting is not None:  # the answer to "forfeit this game?", never a command
                who, self._forfeiting = self._forfeiting, None
                if word in ("yes", "y"):
                    self.report(m.forfeit(who))
                else:
                    self.say("  Not forfeited: the game goes on.")
                return True
            if word in ("help", "h", "?"):
                self.say(HELP)
            elif word in ("board", "b"):
                self.show_board(force=True)
            elif word in ("moves", "m"):
                self.list_moves()
            elif word == "hint":
                self.say(f"  Hint: {self.hint()}")
            elif word == "review":
                from cart.text.review import review_command

                self._reviewer = review_command(m, self._reviewer, self.say)
            elif word.split()[:1] == ["rollout"]:
                from cart.text.review import rollout_command

                rollout_command(m, word.split()[1:], self.say)
            elif word in ("", "roll", "r"):
                if phase == "over":
                    self.report(m.new_game())
                elif phase == "doubled":
                    self.say("  ! Answer the double first: 'take' or 'drop'.")
                elif phase == "move":
                    self.say("  ! Type your move (or 'moves' to list the legal plays).")
                else:
                    self.report(m.roll())
            elif word in ("double", "d"):
                self.report(m.double())
            elif word == "accept" and phase == "resigned":
                self.report(m.accept())
            elif word in ("decline", "refuse") and phase == "resigned":
                self.report(m.decline())
            elif word in ("take", "t", "accept"):
                self.report(m.take())
            elif word in ("drop", "decline", "refuse"):
                self.report(m.drop())
            elif word == "forfeit":
                if phase == "over":
                    self.say("  ! The game is already over.")
                else:
                    self._forfeiting = m.game.actor  # asked first: the prompt says what it gives away
            elif word.split()[0] == "resign":
                level = _RESIGN_WORDS.get(word.split()[1] if len(word.split()) == 2 else "single")
                if level is None or len(word.split()) > 2:
                    self.say("  ! Resign single, gammon or backgammon (or 1, 2, 3): 'resign gammon'.")
                else:
                    self.report(m.resign(m.game.actor, level))
            elif any(c.isdigit() for c in word) or "/" in word:
                self.report(m.play(word))
            else:
                example = " Moves look like 8/5 6/5 or 5,7,12,17." if phase == "move" else ""
                self.say(f"  ! Unknown command {line.strip()!r}.{example} Type 'help' for the list.")
        except EngineError as exc:
            self.say(f"  ! {self.named(str(exc))}")
        return True

    def computer_acts(self) -> None:
        """One action of the computer's turn (:func:`cart.ai.choose_action`), applied as a person's is."""
        from cart.ai import choose_action

        m = self.match
        action = choose_action(self.computer[m.game.actor], m, resign=True)
        if isinstance(action, Move):
            self.show_board()  # the board the computer is about to play on
        self.report(m.apply(action))

    def hint(self) -> str:
        """What the computer would do in the human's place now (:func:`cart.ai.hint`), in words."""
        from cart.ai import Bot, hint, teacher_weights

        if self._hint is None:
            self._hint = Bot("expert", weights=teacher_weights())  # the deep hint is the teacher's
        advice = hint(self._hint, self.match, deep=True)
        if advice.kind == "move":
            return f"play {advice.text}."
        if advice.kind == "new_game":
            return "start the next game."
        if advice.kind in ("accept", "decline"):
            return f"{advice.kind} the resignation."
        ev = advice.evaluation
        if ev is None:  # the opening roll-off: nobody is on turn yet
            return "roll."
        win, gammon, lost = ev.win, ev.win_gammon, ev.lose_gammon
        if advice.kind in ("take", "drop"):  # the outlook is the doubler's: the taker reads its own
            win, gammon, lost = 1.0 - win, lost, gammon
        who = self.match.names[self.match.game.actor]
        outlook = f"({who} wins {win:.0%}, wins a gammon {gammon:.0%}, loses a gammon {lost:.0%})"
        if advice.cube is None or advice.kind != "roll":
            return f"{advice.kind} {outlook}."
        return f"{advice.cube.action}: roll {outlook}."

    def named(self, message: str) -> str:
        """The engine numbers players 0 and 1; people prefer names."""
        for player in (0, 1):
            message = message.replace(f"player {player}", self.match.names[player])
        return message

    def report(self, events: list[Event]) -> None:
        for event in events:
            self.say(self.describe(event))

    def list_moves(self) -> None:
        game = self.match.game
        plays = self.match.legal_plays()
        if not plays:
            self.say("  ! There is nothing to play now.")
            return
        ordered = sorted(plays, key=lambda p: [(-a, -b) for a, b in p.moves])
        texts = [format_play(game.position, p) for p in ordered]
        width = max(len(t) for t in texts) + 2
        per_line = max(1, (WIDTH - 2) // width)
        self.say(f"{len(texts)} legal plays:")
        for i in range(0, len(texts), per_line):
            self.say("  " + "".join(f"{t:<{width}}" for t in texts[i : i + per_line]).rstrip())


def console_lines() -> Iterator[str]:
    """Lines typed at the terminal until end of input (Ctrl-D).

    Bytes that do not decode are read as U+FFFD, an unknown command, never a ``UnicodeDecodeError``.
    """
    _tolerant(sys.stdin, "replace")
    while True:
        try:
            yield input()
        except (EOFError, RuntimeError):  # RuntimeError: no stdin at all
            return
        except UnicodeDecodeError:  # a stream that could not be told to replace: skip the line
            yield "\ufffd"


def _tolerant(stream: object, errors: str) -> None:
    """Make a text stream replace what it cannot decode or encode, where it can be told to."""
    if isinstance(stream, io.TextIOWrapper):
        with contextlib.suppress(ValueError, OSError, AttributeError):
            stream.reconfigure(errors=errors)


def run(
    rules: Rules,
    *,
    names: tuple[str, str] | None = None,
    seed: int | None = None,
    lines: Iterable[str] | None = None,
    out: TextIO,
    echo: bool = False,
    computer: dict[int, str] | None = None,
) -> int:
    """Play a match in the terminal (or on scripted ``lines``); ``computer``: levels by seat."""
    bots = {}
    if computer:
        from cart.ai import Bot

        bots = {player: Bot(level, seed=0 if seed is None else seed) for player, level in computer.items()}
    match = Match(rules, names=names, rng=random.Random(seed))
    _tolerant(out, "backslashreplace")  # a line echoed back may hold what the output cannot encode
    game = TextGame(match, out, echo=echo, computer=bots)
    try:
        return game.run(console_lines() if lines is None else lines)
    except KeyboardInterrupt:
        game.say()
        game.say("Interrupted: goodbye.")
        return 0
