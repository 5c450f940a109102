"""What the table looks like this frame: the view built from (table, beat), and the marks and tips on it.

:func:`table_view` reads the table and the beat under way and changes
neither; the scene builds it once a frame and the board view paints it. The
last play's marks and a tooltip are drawn over the board here.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pyxel

import cart.ui.kit.palette as wimp
from cart.engine import GameState
from cart.ui.board import layout as L
from cart.ui.board.animation import CheckerRun
from cart.ui.board.clear import KEEP, ROOM_W, arrow_rects, box_spot, men_at, men_rects, standing
from cart.ui.board.view_state import MESSAGE_COLS, MESSAGE_ROWS, Hints, Lifted, ViewState
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import KEYMAP, Keymap
from cart.ui.wimp.dialogs import Choice, Dialog
from cart.ui.wimp.stage import Transition

from .table import Table

if TYPE_CHECKING:
    from cart.ui.wimp.services import Services


@dataclass(frozen=True)
class Look:
    """What the scene adds to the table for one frame: the beat's play or tumbling faces, the pointer."""

    run: CheckerRun | None = None  # the play being shown man by man now
    waiting: CheckerRun | None = None  # a play applied and not yet landed (it may wait for a tumble)
    faces: tuple[int, int] | None = None  # the dice tumbling
    pointer: tuple[int, int] = (0, 0)
    pips: bool = True
    arrows: bool = True  # hint arrows for the pieces a person may move (not in the attract mode)
    thinking: int | None = None


def table_view(t: Table, look: Look) -> tuple[GameState, ViewState]:
    """The game shown (its dice tumbling, perhaps) and the view state, from the table and the look.

    Until a play applied has landed, the game is shown as its mover saw it.
    """
    game, score, viewer = t.match.game, t.match.score, t.viewer
    if look.waiting is not None:
        game, score, viewer = look.waiting.state, look.waiting.score, look.waiting.viewer
    board = dice_left = lifted = hints = None
    part = t.partial()
    run = look.run
    if run is not None:
        board = run.board
        dice_left = run.dice_left[min(run.i, len(run.dice_left) - 1)]
        lifted = run.lifted(viewer)
    elif part is not None:
        board = part.position if part.steps else None
        dice_left = part.dice_left
        if t.lifted_from is not None:
            lifted = Lifted(game.turn, t.lifted_from, *look.pointer)
            if t.hints:
                hints = Hints(game.turn, frozenset({t.lifted_from}), part.targets(t.lifted_from))
        elif t.hints and look.arrows:
            hints = Hints(game.turn, part.sources())
    if t.hint is not None:
        hints = t.hint
    shown = game
    if look.faces is not None and game.dice is not None:
        shown, dice_left = replace(game, dice=look.faces), None
    view = ViewState(
        viewer,
        t.players,
        board=board,
        dice_left=dice_left,
        hints=hints,
        lifted=lifted,
        message=t.message,
        message_first=t.log.first_line(MESSAGE_COLS, MESSAGE_ROWS),
        show_pips=look.pips,
        thinking=look.thinking,
        score=score,
        seat_dice=t.seat_dice if t.seat_dice is not None and t.seat_dice[0] != t.viewer else None,
    )
    return shown, view


def box_place(t: Table, about: Collection[L.Spot] = ()) -> Callable[[int, int], Rect]:
    """Where a box asked over the table goes: clear of the bar, the strip, the arrows and the men at
    ``about`` (what it asks about), over as few other men as it can (see :func:`box_spot`)."""
    game, view = table_view(t, Look())
    stand = standing(game, view)
    keep = [*KEEP, *(r for r, _, _ in arrow_rects(view.hints, stand, view.viewer))]
    keep += [r for spot in about for r in men_at(spot, stand[spot], view.viewer)]
    mind = men_rects(stand, view.viewer)
    return lambda w, h: box_spot(w, h, keep, mind)


def board_box(
    services: Services,
    t: Table,
    title: str,
    lines: Sequence[str],
    choices: Sequence[Choice],
    *,
    about: Collection[L.Spot] = (),
    must_answer: bool = False,
    keymap: Keymap = KEYMAP,
    field_text: str | None = None,
    on_text: Callable[[str], str | Transition | None] | None = None,
) -> Dialog:
    """A box asked over the table, placed by :func:`box_place` and narrow enough to fit beside the bar."""
    return Dialog(
        services,
        title,
        lines,
        choices,
        keymap=keymap,
        must_answer=must_answer,
        field_text=field_text,
        on_text=on_text,
        place=box_place(t, about),
        widest=ROOM_W,
    )


def stop_rects(t: Table) -> list[Rect]:
    """What the keys' cursor can stop on: the points, the bar, the panel's boxes and bins, the cube.

    The bar is the mover's own half, between points 18 and 19, so a mouseless player can enter from it.
    """
    rects = [L.point_rect(p) for p in range(1, 25)] + [L.bar_rect(True)]
    rects += [L.DICE_BOX, L.ROLL_BOX, L.YOUR_BIN, L.THEIR_BIN]
    if t.match.rules.uses_cube:
        rects.append(L.cube_rect(t.match.game.cube_owner, t.viewer))
    return rects


def stops(t: Table) -> list[tuple[int, int]]:
    """Where the keyboard cursor stops on the board: the centre of each of :func:`stop_rects`."""
    return [r.center for r in stop_rects(t)]


def draw_marks(g: pyxel.Image, t: Table, game: GameState, view: ViewState) -> None:
    """Mark the last play, either side's, on ``game`` as shown: a dotted ring where each man left, a ring
    where it landed."""
    if t.marks is None:
        return
    player, moves = t.marks
    mine = view.position_for(game, player).mine
    for src in {s for s, _ in moves} - {d for _, d in moves}:
        spot = L.Spot(player, src)
        r = L.slot_rect(spot, min(mine[src], L.place_count_cap(spot) - 1), view.viewer)
        for x in range(r.x - 1, r.x + r.w + 1, 2):
            g.pset(x, r.y - 1, wimp.LAST_MOVE)
            g.pset(x, r.y + r.h, wimp.LAST_MOVE)
        for y in range(r.y - 1, r.y + r.h + 1, 2):
            g.pset(r.x - 1, y, wimp.LAST_MOVE)
            g.pset(r.x + r.w, y, wimp.LAST_MOVE)
    for dst in {d for _, d in moves}:
        spot = L.Spot(player, dst)
        if mine[dst]:
            r = L.slot_rect(spot, min(mine[dst], L.place_count_cap(spot)) - 1, view.viewer)
            g.rectb(r.x - 1, r.y - 1, r.w + 2, r.h + 2, wimp.LAST_MOVE)


def draw_focus(g: pyxel.Image, t: Table, at: tuple[int, int]) -> None:
    """The keys' cursor: a red frame, the Wimp caret's colour, inside the stop at ``at`` (a point whole)."""
    rect = next((r for r in stop_rects(t) if r.center == at), None)
    if rect is None:  # not a stop now (the cube moved): a checker's square at the cursor
        rect = Rect(at[0] - L.CHECKER // 2, at[1] - L.CHECKER // 2, L.CHECKER, L.CHECKER)
    x, y, w, h = rect
    g.rectb(x, y, w, h, wimp.FOCUS)
    g.rectb(x + 1, y + 1, w - 2, h - 2, wimp.FOCUS)
