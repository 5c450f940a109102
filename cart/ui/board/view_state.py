"""What the board shows besides the engine's state, as plain values: players, arrows, the man in the hand.

No Pyxel here, so the Pyxel-free :class:`~cart.ui.table.table.Table` and the tests
can build them; :mod:`cart.ui.board.board_view` paints them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from cart.engine import GameState, Position

from .layout import MESSAGE

if TYPE_CHECKING:
    from cart.store import GameOptions, Settings

MESSAGE_COLS = MESSAGE.w // 8 - 1  # the system font is 8 pixels wide (assets.CHAR_W)
MESSAGE_ROWS = 3
"""The message strip: 3 lines of 23 characters; a longer message scrolls through it a line at a time.

Two lines fill the strip between the points' tips; a third reaches 3 pixels
into the tips above and below, over a cream band (no man stands there: a point
draws at most :data:`~cart.ui.board.layout.STACK_CAP` men, 28 pixels short of its tip).
"""

SeatDice = tuple[int, tuple[int, int]]
"""A roll over, played or not, shown whole in its seat: the player and the dice."""
Colour = Literal["white", "red", "black"]
"""Checker (and dice) colours: Red against White (as MaxGammon) or Black."""


@dataclass(frozen=True)
class Player:
    """How one seat is shown: name, checker colour, human or computer icon, rating if known."""

    name: str
    colour: Colour
    computer: bool = False
    rating: int | None = None


@dataclass(frozen=True)
class Hints:
    """Hint arrows for ``player``: places in that player's numbering (25 bar, 0 bin), from the engine."""

    player: int
    sources: frozenset[int] = frozenset()
    targets: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Lifted:
    """The checker in the hand: taken from ``point`` (``player``'s numbering), drawn centred on (x, y)."""

    player: int
    point: int
    x: int
    y: int


@dataclass(frozen=True)
class ViewState:
    """What the scene shows on top of the engine's state; the board view only reads it.

    ``board`` replaces the position while a play is half made; ``dice_left`` are the dice still to play.
    """

    viewer: int
    players: tuple[Player, Player]
    board: Position | None = None
    dice_left: tuple[int, ...] | None = None
    hints: Hints | None = None
    lifted: Lifted | None = None
    message: str = ""
    show_pips: bool = True
    message_first: int = 0  # the first line of a long message the strip shows (it scrolls)
    thinking: int | None = None  # the seat whose computer is thinking (its name strip says so)
    score: tuple[int, int] = (0, 0)  # the match's (or money session's) points, seat by seat
    seat_dice: SeatDice | None = None  # the other side's last roll, in its seat until the next roll

    def position_for(self, game: GameState, player: int) -> Position:
        """The board shown, seen from ``player``'s side."""
        if self.board is None:
            return game.board(player)
        return self.board if player == game.turn else self.board.flip()


def players_of(
    options: GameOptions, other_colour: Colour, ratings: tuple[int, int] | None
) -> tuple[Player, Player]:
    """How the two seats of a saved game are shown (seat 0 the other colour, seat 1 Red)."""
    colours: tuple[Colour, Colour] = (other_colour, "red")
    seats = [
        Player(
            options.names[seat],
            colours[seat],
            computer=options.both or options.computer == seat,
            rating=None if ratings is None else ratings[seat],
        )
        for seat in (0, 1)
    ]
    return (seats[0], seats[1])


def other_colour_of(settings: Settings) -> Literal["white", "black"]:
    """The colour the player chose for the seat against Red (White unless they chose Black)."""
    other = settings.checker_colours[0]
    return "black" if other == "black" else "white"
