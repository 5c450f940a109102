"""What the analysis says about each line of the Review window, and the detail box's words for it.

:class:`Judged` matches a partial or whole review to the lines by record index;
it only reads the review: every figure is the analysis's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cart.ui.kit.palette as wimp
from cart.ai.review import CubeReview, PlayReview, Review, RollReview
from cart.engine import format_roll
from cart.phrasebook import signed, verb, whose
from cart.ui.kit.assets import CHAR_W
from cart.ui.kit.text import KEEP, cut, wrap

from .review_rows import MARKS, Line, Lines
from .review_view import BEST_COLOUR, MADE_COLOUR

MARK_COLOUR = {"doubtful": wimp.Wimp.ORANGE, "bad": wimp.Wimp.RED, "very bad": wimp.Wimp.RED}
SEVERITY = {"": 0, "doubtful": 1, "bad": 2, "very bad": 3}

DetailLine = tuple[str, int, int | None]
"""A line of the detail box: its words, their colour, and the colour of the arrows it names (or None)."""
SWATCH_W = 14  # an arrow's colour swatch before a play's words, and its gap
ROW_CHARS = 21  # characters on a row of the detail box (its width less the margins)


def detail_rows(
    lines: list[DetailLine], width: int, first: int, rows: int
) -> list[tuple[int, str, int, int | None]]:
    """The detail box's lines on its rows, each whole: (x from the text's edge, words, colour, swatch).

    A line longer than its row goes on under it; more than ``rows`` ends in "...".

    >>> lines = [("8. Abcdefghijklmnopqrstuvwx 43", 0, None), ("b/23* 23/21* 6/4*", 0, 2)]
    >>> rows = detail_rows(lines, 168, 152, 7)
    >>> [text for _, text, _, _ in rows]
    ['8. Abcdefghijklmnop', 'qrstuvwx 43', 'b/23* 23/21* 6/4*']
    >>> detail_rows([("one two three four", 0, None)], 64, 64, 2)
    [(0, 'one two', 0, None), (0, 'three...', 0, None)]
    """
    out: list[tuple[int, str, int, int | None]] = []
    for text, colour, swatch in lines:
        tx = SWATCH_W if swatch is not None else 0
        room = (width - tx) // CHAR_W
        for k, words in enumerate(wrap(text, room, first=(first - tx) // CHAR_W if not out else room)):
            out.append((tx, words, colour, swatch if k == 0 else None))
    if len(out) > rows:
        tx, _, colour, swatch = out[rows - 1]
        more = " ".join(r[1] for r in out[rows - 1 :])
        out[rows - 1 :] = [(tx, cut(more, (width - tx) // CHAR_W), colour, swatch)]
    return out


@dataclass
class Judged:
    """The review's judgements by record index, and each line's worst mark (by line number)."""

    lines: Lines
    review: Review | None = None
    plays: dict[int, PlayReview] = field(default_factory=dict)
    cubes: dict[int, CubeReview] = field(default_factory=dict)
    rolls: dict[int, RollReview] = field(default_factory=dict)
    marks: dict[int, str] = field(default_factory=dict)

    def read(self, review: Review | None) -> None:
        """Take ``review`` (the analysis so far) as what is known now."""
        if review is None:
            return
        self.review = review
        self.plays = {p.index: p for p in review.plays}
        self.cubes = {c.index: c for c in review.cubes}
        self.rolls = {r.index: r for r in review.rolls}
        marks: dict[int, str] = {}
        for i, line in enumerate(self.lines.lines):
            if line.kind in ("game", "end"):
                continue
            found = [j.mark for j in (self.play(line), self.cube(line)) if j is not None and j.mark]
            if found:
                marks[i] = max(found, key=lambda m: SEVERITY[m])
        self.marks = marks

    def play(self, line: Line) -> PlayReview | None:
        return self.plays.get(line.index) if line.kind == "move" else None

    def cube(self, line: Line) -> CubeReview | None:
        """The cube decision a line shows: its own (a double, a take), or the no double before its play."""
        if line.kind in ("double", "take", "drop"):
            return self.cubes.get(line.index)
        if line.roll_index is not None:
            return self.cubes.get(line.roll_index)
        return None

    def detail(self, line: Line, finished: bool) -> list[DetailLine]:
        """The detail box's lines for ``line`` (at most five)."""
        names = self.lines.names
        text, grey = wimp.TEXT, wimp.TEXT_DISABLED
        if line.kind == "game":
            rows: list[DetailLine] = [(line.heading, text, None), (line.text, text, None)]
            if line.state.crawford:
                rows.append(("Crawford game", text, None))
            return rows
        if line.kind == "end":
            # The heading without "over" (the sentence says how it ended): "12th game of 15 over" would
            # take a second row, and a 24-letter name's sentence needs all six left.
            return [(line.heading, text, None), (" ".join(line.told), text, None)]
        assert line.player is not None
        who = names[line.player]
        head = f"{line.number}. {who}" if line.number else who
        if line.dice is not None:
            head += f" {format_roll(line.dice)}"
        rows = [(head, text, None)]
        waiting: DetailLine = ("Analysing..." if not finished else "Not judged", grey, None)
        cube = self.cube(line)
        if line.kind == "move":
            judged = self.play(line)
            rows.append((line.text, text, MADE_COLOUR))
            if judged is None:
                return [*rows, waiting]
            if judged.forced:
                rows.append(("Forced", text, None))
            else:
                same = set(judged.best) == set(judged.made)
                best = self.lines.seen(judged.best_text, line.player)
                rows.append(("The Master's play" if same else best, text, BEST_COLOUR))
                rows.append(loss_line(judged.loss, judged.mark))
            if cube is not None and cube.mark:
                rows.append((f"Cube: {cube.right}, {MARKS[cube.mark]}", MARK_COLOUR[cube.mark], None))
            else:
                roll = self.rolls.get(line.roll_index if line.roll_index is not None else -1)
                luck = f"Luck {signed(roll.luck, 2)}" if roll is not None else ""
                rows.extend(self.chance_rows(luck, judged.win_after))
            return rows
        if line.kind == "pass":
            return [*rows, ("No move possible", text, None)]
        rows[0] = (f"{who}: {line.text.replace(' ', KEEP)}", text, None)  # "Doubles => 2" on one row
        if cube is None:
            return [*rows, waiting] if line.kind in ("double", "take", "drop") else rows
        rows.append((f"Master: {cube.right}", text, None))
        rows.append(loss_line(cube.loss, cube.mark))
        rows.append((f"{whose(names[cube.doubler])} equity", text, None))  # the doubler's, a take's too
        rows.append((f"ND{signed(cube.no_double, 2)} DT{signed(cube.double_take, 2)}", text, None))
        return rows

    def chance_rows(self, luck: str, win_after: float) -> list[DetailLine]:
        """The roll's luck and the viewer's chance of winning after the play, named ("You win 38%"):
        on one row where both fit, else each on its own (a long name goes on under itself)."""
        viewer = self.lines.viewer if self.lines.viewer is not None else 0
        chance = win_after if viewer == 0 else 1.0 - win_after
        said = f"{verb(self.lines.names[viewer], 'wins')}{KEEP}{chance:.0%}"
        both = f"{luck} {said}" if luck else said
        if len(both) <= ROW_CHARS or not luck:
            return [(both, wimp.TEXT, None)]
        return [(luck, wimp.TEXT, None), (said, wimp.TEXT, None)]


def loss_line(loss: float, mark: str) -> DetailLine:
    """What a decision lost against the Master's choice, in its mark's colour."""
    if not mark:
        return (f"Lost {loss:.3f}" if loss > 0.0005 else "No loss", wimp.TEXT, None)
    return (f"Lost {loss:.3f} {mark}", MARK_COLOUR[mark], None)
