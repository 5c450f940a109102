"""Paint a game as the board screen: ``(GameState, ViewState) -> pixels``, changing nothing.

The static parts are painted once into an off-screen image, so a frame is a few
dozen blits and no per-pixel Python. What to show beyond the engine's state is
the scene's :class:`ViewState`; the painter decides no rule.
"""

from __future__ import annotations

import pyxel

import cart.ui.kit.palette as wimp
from cart.engine import GameState, Position, dice_list
from cart.ui.kit.assets import CHAR_H, CHAR_W, Assets
from cart.ui.kit.geom import Rect
from cart.ui.kit.text import cut, shown, wrap
from cart.ui.wimp.widgets import Window, draw_box

from . import layout as L
from .clear import arrow_rects, men_at, standing
from .view_state import (
    MESSAGE_COLS,
    MESSAGE_ROWS,
    Colour,
    Player,
    ViewState,
)

DICE_TO_ROLL_FACE = 5  # the face the dice waiting in the "dice to roll" box show
DIE_GAP = 6
CENTRED_CUBE_FACE = "64"  # a centred cube at 1 shows 64, as on a real cube
TOKEN = 12  # the colour tokens beside the pip counts and the scores
TOKEN_GAP = 2
CHECKER_COUNT_LIGHT = wimp.Wimp.BLACK  # the count written on a white checker
CHECKER_COUNT_DARK = wimp.Wimp.WHITE  # on a red or black checker
CUBE_TEXT = wimp.Wimp.WHITE

HOURGLASS = (
    "dddddddddd",
    "dlllllllld",
    ".dryyyyrd.",
    ".dlryyrld.",
    "..dlrrld..",
    "...dlld...",
    "..dlrrld..",
    ".dlllllld.",
    ".dllrrlld.",
    "dllrrrrlld",
    "dddddddddd",
)
"""A 10x11 hourglass in the RISC OS pointer's colours (dark blue, light blue, red), sand yellow."""

_HOURGLASS_INK = {
    "d": wimp.Wimp.DARK_BLUE,
    "l": wimp.Wimp.LIGHT_BLUE,
    "r": wimp.Wimp.RED,
    "y": wimp.Wimp.YELLOW,
}


def hourglass(g: pyxel.Image, x: int, y: int, scale: int = 1) -> None:
    """Draw the hourglass with its top left at (x, y); ``scale`` 2 for the pointer, as big as RISC OS's."""
    for dy, row in enumerate(HOURGLASS):
        for dx, c in enumerate(row):
            if c != ".":
                g.rect(x + dx * scale, y + dy * scale, scale, scale, _HOURGLASS_INK[c])


def roll_label(player: Player) -> str:
    """The label over the bottom seat's roll box: "Your roll", or the seat's colour for a computer.

    >>> roll_label(Player("You", "red")), roll_label(Player("Beginner", "red", computer=True))
    ('Your roll', "Red's roll")
    """
    return f"{player.colour.title()}'s roll" if player.computer else "Your roll"


class BoardView:
    """The board screen in its window, the static parts pre-rendered (needs ``pyxel.init`` and assets)."""

    def __init__(self, assets: Assets, title: str = "Backgammon") -> None:
        self.assets = assets
        self.window = Window(L.WINDOW, title, focused=True, icons=("close",))  # one size: no toggle
        work = L.WORK
        self.background = pyxel.Image(work.w, work.h)
        self.background.camera(work.x, work.y)  # paint it in screen coordinates
        self._paint_static(self.background)
        self.background.camera()

    # -- queries for the scenes ------------------------------------------------------
    def cube_rect(self, game: GameState, view: ViewState) -> Rect | None:
        """Where the cube is drawn now; None when the rules have no cube."""
        if not game.rules.uses_cube:
            return None
        return L.cube_rect(game.cube_owner, view.viewer, offered=game.phase == "doubled")

    def hit(self, x: float, y: float, game: GameState, view: ViewState) -> L.Spot | L.Control | None:
        """What a click at (x, y) means: a place, the cube, the dice box, the rolled dice, or nothing."""
        return L.locate(x, y, view.viewer, self.cube_rect(game, view))

    # -- static parts -----------------------------------------------------------------
    def _paint_static(self, g: pyxel.Image) -> None:
        a = self.assets
        w = L.WORK
        g.rect(w.x, w.y, w.w, w.h, wimp.WORK_BG)
        draw_box(g, L.BOARD, wimp.BOARD_RIM)
        for table in (L.LEFT_TABLE, L.RIGHT_TABLE):
            draw_box(g, table, wimp.BOARD_FIELD)
        for point in range(1, 25):
            x, top = L.point_column(point)
            colour = wimp.POINT_DARK if point % 2 else wimp.POINT_LIGHT
            tip = L.POINT_LEN - 10
            base_y, tip_y = (L.TOP_Y, L.TOP_Y + tip) if top else (L.BOTTOM_END - 1, L.BOTTOM_END - 1 - tip)
            x2, mid = x + L.POINT_W - 1, x + (L.POINT_W - 1) / 2
            g.tri(x, base_y, x2, base_y, mid, tip_y, colour)
            g.trib(x, base_y, x2, base_y, mid, tip_y, wimp.POINT_OUTLINE)
            label_y = L.BOARD.y + 2 if top else L.BOTTOM_END + 2
            a.text_centered(g, x + L.POINT_W // 2, label_y, str(point), wimp.POINT_NUMBER)
        for box in (L.THEIR_SEAT, L.YOUR_SEAT):
            for row in L.seat_rows(box):
                draw_box(g, row, wimp.PANEL_BOX_BG)
            icon_row = L.seat_rows(box).icon
            g.line(icon_row.x + 41, icon_row.y, icon_row.x + 41, icon_row.bottom - 1, wimp.FRAME)
        for box in (L.ROLL_BOX, L.DICE_BOX):
            draw_box(g, box, wimp.PANEL_BOX_BG)
        a.text(g, *L.label_rect(L.DICE_BOX)[:2], "Dice to roll", wimp.TEXT)
        for mine in (True, False):
            draw_box(g, L.bin_box(mine), wimp.PANEL_BOX_BG)
        draw_box(g, L.MATCH_BOX, wimp.PANEL_BOX_BG)

    # -- the frame ---------------------------------------------------------------------
    def draw(self, g: pyxel.Image, game: GameState, view: ViewState) -> None:
        """Paint the whole screen for ``game`` as ``view`` says. Reads both, changes neither."""
        a = self.assets
        self.window.draw(a, g, work=False)
        w = L.WORK
        g.blt(w.x, w.y, self.background, 0, 0, w.w, w.h)
        viewer = view.viewer
        mine = view.position_for(game, viewer)
        lifted = view.lifted
        stand = standing(game, view)
        for (player, point), n in stand.items():
            if n:
                self._stack(g, L.Spot(player, point), n, view)
        self._seats(g, game, view)
        self._dice(g, game, view)
        self._cube(g, game, view)
        self._match(g, game, view)
        if view.show_pips:
            self._pips(g, mine, view)
        if view.message:
            first = view.message_first
            lines = wrap(view.message, MESSAGE_COLS, cut_words=True)[first : first + MESSAGE_ROWS]
            top = L.MESSAGE.y + (L.MESSAGE.h - CHAR_H * len(lines)) // 2
            if top < L.MESSAGE.y:  # three lines: a band of the strip's colour over the points' tips
                g.rect(L.MESSAGE.x, top - 1, L.MESSAGE.w, CHAR_H * len(lines) + 2, wimp.BOARD_FIELD)
            for i, line in enumerate(lines):
                a.text_centered(g, L.MESSAGE.x + L.MESSAGE.w // 2, top + i * CHAR_H, line, wimp.BOARD_TEXT)
        for r, up, colour in arrow_rects(view.hints, stand, viewer):
            self.assets.blt(g, r.x, r.y, f"arrow_{'up' if up else 'down'}_{colour}")
        if lifted is not None:
            colour = view.players[lifted.player].colour
            a.blt(g, lifted.x - L.CHECKER // 2, lifted.y - L.CHECKER // 2, f"checker_{colour}")

    def _stack(self, g: pyxel.Image, spot: L.Spot, n: int, view: ViewState) -> None:
        a = self.assets
        colour = view.players[spot.player].colour
        men = men_at(spot, n, view.viewer)
        for r in men:
            a.blt(g, r.x, r.y, f"{'edge' if spot.point == 0 else 'checker'}_{colour}")
        if len(men) < n:  # a tall stack: its count on the last man drawn
            r = men[-1]
            ink = CHECKER_COUNT_LIGHT if colour == "white" else CHECKER_COUNT_DARK
            a.text_centered(g, r.x + r.w // 2, r.y + (r.h - CHAR_H) // 2, str(n), ink)

    def _seats(self, g: pyxel.Image, game: GameState, view: ViewState) -> None:
        a = self.assets
        viewer = view.viewer
        for player, box in ((1 - viewer, L.THEIR_SEAT), (viewer, L.YOUR_SEAT)):
            seat = view.players[player]
            rows = L.seat_rows(box)
            if game.phase != "over" and game.actor == player:  # whose move: the focus colour
                g.rect(rows.name.x + 1, rows.name.y + 1, rows.name.w - 2, rows.name.h - 2, wimp.TITLE_FOCUS)
            if view.thinking == player:  # an hourglass at the strip's left end while it thinks
                hourglass(g, rows.name.x + 5, rows.name.y + 2)
            # a long name ends in "...", as in lists
            name = cut(shown(seat.name), rows.name.w // CHAR_W - 1, at_word=False)
            a.text_centered(g, rows.name.x + rows.name.w // 2, rows.name.y + 4, name, wimp.TEXT)
            a.blt(g, rows.icon.x + 5, rows.icon.y + 5, "player_computer" if seat.computer else "player_human")
            if seat.rating is not None:
                text = f"Rating {seat.rating}"
                a.text_centered(g, rows.rating.x + rows.rating.w // 2, rows.rating.y + 4, text, wimp.TEXT)
            if player == viewer:  # "Icon ** Side": your colour
                side = Rect(rows.icon.x + 41, rows.icon.y, rows.icon.w - 41, rows.icon.h)
                r = side.centered(L.CHECKER, L.CHECKER)
                a.blt(g, r.x, r.y, f"checker_{seat.colour}")
                a.text(g, *L.label_rect(L.ROLL_BOX)[:2], roll_label(seat), wimp.TEXT)
            bin_box = L.bin_box(player == viewer)
            a.text(g, *L.label_rect(bin_box)[:2], f"{seat.colour.title()}'s bin", wimp.TEXT)

    def _dice(self, g: pyxel.Image, game: GameState, view: ViewState) -> None:
        viewer = view.viewer
        top = 1 - viewer
        colours = (view.players[0].colour, view.players[1].colour)
        their_row = L.seat_rows(L.THEIR_SEAT).icon
        their_dice = Rect(their_row.x + 41, their_row.y, their_row.w - 41, their_row.h)
        if game.phase == "opening":
            self._row(
                g,
                L.DICE_BOX,
                [(colours[0], DICE_TO_ROLL_FACE, False), (colours[1], DICE_TO_ROLL_FACE, False)],
            )
            if game.dice is not None:  # the last tie of the roll-off: each player's own die
                self._row(g, their_dice, [(colours[top], game.dice[top], False)])
                self._row(g, L.ROLL_BOX, [(colours[viewer], game.dice[viewer], False)])
        elif game.phase == "roll":
            colour = colours[game.turn]
            self._row(g, L.DICE_BOX, [(colour, DICE_TO_ROLL_FACE, False)] * 2)
        if view.seat_dice is not None and game.phase != "move":  # its roll, played or not, till the next
            player, (d1, d2) = view.seat_dice
            faces = [d1] * 4 if d1 == d2 else [d1, d2]
            self._row(g, their_dice, [(colours[player], d, False) for d in faces])
        elif game.phase == "move" and game.dice is not None:
            d1, d2 = game.dice
            rolled = list(dice_list(game.dice)) if d1 == d2 else [d1, d2]  # as rolled; doubles are four
            left = list(view.dice_left if view.dice_left is not None else rolled)
            dice = []
            for d in rolled:
                used = d not in left
                if not used:
                    left.remove(d)
                dice.append((colours[game.turn], d, used))
            self._row(g, L.ROLL_BOX if game.turn == viewer else their_dice, dice)

    def _row(self, g: pyxel.Image, box: Rect, dice: list[tuple[Colour, int, bool]]) -> None:
        """Dice side by side, centred in ``box``; used ones faded with the box's white."""
        width = len(dice) * L.CHECKER + (len(dice) - 1) * DIE_GAP
        r = box.centered(width, L.CHECKER)
        for i, (colour, face, used) in enumerate(dice):
            x = r.x + i * (L.CHECKER + DIE_GAP)
            self.assets.blt(g, x, r.y, f"die_{colour}_{face}")
            if used:
                g.dither(0.5)
                g.rect(x, r.y, L.CHECKER, L.CHECKER, wimp.PANEL_BOX_BG)
                g.dither(1.0)

    def _cube(self, g: pyxel.Image, game: GameState, view: ViewState) -> None:
        r = self.cube_rect(game, view)
        if r is None:
            return
        value = game.cube * 2 if game.phase == "doubled" else game.cube
        face = CENTRED_CUBE_FACE if value == 1 else str(value)
        self.assets.blt(g, r.x, r.y, "cube")
        self.assets.text_centered(g, r.x + r.w // 2, r.y + (r.h - CHAR_H) // 2, face, CUBE_TEXT)

    def _match(self, g: pyxel.Image, game: GameState, view: ViewState) -> None:
        """The match strip: each side's points by its colour's token, then the length or money, to fit."""
        a = self.assets
        box = L.MATCH_BOX
        rules = game.rules
        if rules.is_match:
            n = rules.match_length
            words = [f"Match to {n}", f"to {n}"]
            if max(view.score) >= n:  # won: no Crawford game, no more games
                words = ["Match over", "over"]
            elif game.crawford:
                words = [f"to {n}, Crawford", f"to {n} Crawford", f"to {n} Cr.", *words]
        else:
            words = [f"Money, cube {game.cube}", f"cube {game.cube}"] if rules.uses_cube else ["Money"]
        words.append("")
        sides = (1 - view.viewer, view.viewer)
        scores = [str(view.score[p]) for p in sides]
        token = TOKEN + TOKEN_GAP
        width = sum(token + a.text_width(s) for s in scores) + CHAR_W
        text = next(w for w in words if width + CHAR_W + a.text_width(w) <= box.w - 8)
        if text:
            width += CHAR_W + a.text_width(text)
        x = box.x + (box.w - width) // 2
        y = box.y + (box.h - CHAR_H) // 2
        for p, s in zip(sides, scores, strict=True):
            a.blt(g, x, box.y + (box.h - TOKEN) // 2, f"token_{view.players[p].colour}")
            x += token
            a.text(g, x, y, s, wimp.TEXT)
            x += a.text_width(s) + CHAR_W
        if text:
            a.text(g, x, y, text, wimp.TEXT)

    def _pips(self, g: pyxel.Image, seen: Position, view: ViewState, *, plate: bool = False) -> None:
        mine, theirs = seen.pips()
        box = L.PIPS
        for i, (player, pips) in enumerate(((1 - view.viewer, theirs), (view.viewer, mine))):
            y = box.y + 4 + i * (CHAR_H + 4)
            text = f"Pips {pips}"
            if plate:
                g.rect(box.x + 5, y, 17 + self.assets.text_width(text) + 1, CHAR_H, wimp.BOARD_FIELD)
            self.assets.blt(g, box.x + 6, y + 2, f"token_{view.players[player].colour}")
            self.assets.text(g, box.x + 22, y, text, wimp.BOARD_TEXT)

    def labels_over(self, g: pyxel.Image, game: GameState, view: ViewState) -> None:
        """The pip counts again, each on a plate of the board's colour: over arrows drawn across them."""
        self._pips(g, view.position_for(game, view.viewer), view, plate=True)
