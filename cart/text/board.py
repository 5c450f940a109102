"""The terminal game's board: the position as 80-column text, the X and O of MaxGammon's own listing."""

from __future__ import annotations

from cart.engine import Match

SYMBOLS = "XO"
STACK = 5  # checkers drawn per point before the count is written instead
WIDTH = 80


def render_board(match: Match) -> str:
    """The board from the side of the player on roll: home board bottom right, points numbered for them.

    ``X`` is player 0, ``O`` player 1; a point shows up to five men, the count in the fifth row.
    """
    game = match.game
    me = game.turn
    them = 1 - me
    pos = game.board(me)
    mine, theirs = pos.mine, pos.theirs
    counts = {me: mine, them: theirs}  # each in its owner's numbering: [0] off, [25] bar

    def stack(n: int, player: int, row: int) -> str:
        """Row ``row`` (0 = at the edge) of a pile of ``n`` checkers, 3 characters."""
        if row >= n:
            return "   "
        if row == STACK - 1 and n > STACK:
            return f"{n:>2} "
        return f" {SYMBOLS[player]} "

    def cell(point: int, row: int) -> str:
        """Point ``point`` in the mover's numbering: whoever stands there (two colours never share)."""
        if mine[point]:
            return stack(mine[point], me, row)
        return stack(theirs[25 - point], them, row)

    def bar_cell(player: int, row: int) -> str:
        return stack(counts[player][25], player, row)

    top_left, top_right = range(13, 19), range(19, 25)
    bottom_left, bottom_right = range(12, 6, -1), range(6, 0, -1)
    border = "  +" + "-" * 18 + "+---+" + "-" * 18 + "+"

    def numbers(left: range, right: range) -> str:
        cols = "".join(f"{p:>2} " for p in left) + "     " + "".join(f"{p:>2} " for p in right)
        return ("   " + cols).rstrip()

    lines = [numbers(top_left, top_right), border]
    for row in range(STACK):
        left = "".join(cell(p, row) for p in top_left)
        right = "".join(cell(p, row) for p in top_right)
        lines.append(f"  |{left}|{bar_cell(me, row)}|{right}|")
    lines.append("  |" + " " * 18 + "|BAR|" + " " * 18 + "|")
    for row in range(STACK - 1, -1, -1):
        left = "".join(cell(p, row) for p in bottom_left)
        right = "".join(cell(p, row) for p in bottom_right)
        lines.append(f"  |{left}|{bar_cell(them, row)}|{right}|")
    lines.append(border)
    lines.append(numbers(bottom_left, bottom_right))

    pips = game.pips

    def player_line(player: int) -> str:
        off, bar = counts[player][0], counts[player][25]
        extra = f", bar {bar}" if bar else ""
        return f"{SYMBOLS[player]} {match.names[player][:12]}: pips {pips[player]}, off {off}{extra}"

    side = {
        0: player_line(them),
        1: f"{match.names[them][:12]}'s home: top right",
        len(lines) // 2: cube_text(match),
        len(lines) // 2 + 1: score_text(match),
        len(lines) - 2: f"{match.names[me][:12]}'s home: bottom right",
        len(lines) - 1: player_line(me),
    }
    out = []
    for i, line in enumerate(lines):
        text = side.get(i, "")
        out.append(f"{line:<47}{text}"[:WIDTH].rstrip() if text else line)
    return "\n".join(out)


def cube_text(match: Match) -> str:
    game = match.game
    if not match.rules.uses_cube:
        return "no cube (MaxGammon)"
    owner = "centred" if game.cube_owner is None else f"owned by {match.names[game.cube_owner]}"
    crawford = ", Crawford game" if game.crawford else ""
    return f"cube {game.cube}, {owner}{crawford}"


def score_text(match: Match) -> str:
    n = match.rules.match_length
    length = f"{n}-point match" if n else "money play"
    return f"game {match.game_number}, {length}, score {match.score[0]}-{match.score[1]}"
