"""Where an arrow key (or the d-pad) takes the keyboard cursor among a scene's stops.

Two rules, both pure: the board's stops lie about freely, so an arrow goes to
the nearest stop within 45 degrees of its direction; a box's, a form's, a
list's or a menu's icons lie in rows, so Up and Down go to the nearest row and
Left and Right along it, as the eye reads a RISC OS dialogue box. A grid of
keys (the on-screen keyboard) is rows too, but wraps round at its edges.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["ROW_SLACK", "nearest_stop", "row_stop", "wrapped_row_stop"]


def nearest_stop(
    stops: Sequence[tuple[int, int]], at: tuple[int, int], direction: str
) -> tuple[int, int] | None:
    """The stop nearest ``at`` in ``direction`` (within 45 degrees of it); None when there is none.

    >>> nearest_stop([(10, 0), (0, 10), (-10, 0)], (0, 0), "left")
    (-10, 0)
    """
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
    best: tuple[float, tuple[int, int]] | None = None
    for sx, sy in stops:
        vx, vy = sx - at[0], sy - at[1]
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if along <= 0 or across > along:
            continue
        score = along + 2 * across
        if best is None or score < best[0]:
            best = (score, (sx, sy))
    return None if best is None else best[1]


ROW_SLACK = 6
"""Pixels two stops' centres may differ in height and still sit in one row of a form."""


def row_stop(stops: Sequence[tuple[int, int]], at: tuple[int, int], direction: str) -> tuple[int, int] | None:
    """The stop ``direction`` of ``at`` in a form's rows: Up and Down to the nearest row, then the
    nearest icon in it; Left and Right along the same row only (None at its end).

    >>> stops = [(10, 0), (200, 0), (50, 40), (300, 40), (120, 80)]
    >>> row_stop(stops, (200, 0), "down"), row_stop(stops, (50, 40), "right")
    ((300, 40), (300, 40))
    >>> row_stop(stops, (300, 40), "right") is None
    True
    """
    x, y = at
    if direction in ("up", "down"):
        sign = -1 if direction == "up" else 1
        below = [s for s in stops if (s[1] - y) * sign > ROW_SLACK]
        if not below:
            return None
        row_y = min(below, key=lambda s: abs(s[1] - y))[1]
        return min((s for s in below if abs(s[1] - row_y) <= ROW_SLACK), key=lambda s: abs(s[0] - x))
    sign = -1 if direction == "left" else 1
    along = [s for s in stops if abs(s[1] - y) <= ROW_SLACK and (s[0] - x) * sign > 0]
    return min(along, key=lambda s: abs(s[0] - x)) if along else None


def wrapped_row_stop(
    stops: Sequence[tuple[int, int]], at: tuple[int, int], direction: str
) -> tuple[int, int] | None:
    """As :func:`row_stop`, but past a row's end to its other end, past the last row to the first.

    A d-pad on a grid of keys never sticks at an edge, so a key at the far side is a press away.

    >>> keys = [(0, 0), (10, 0), (20, 0), (0, 10), (15, 10)]
    >>> wrapped_row_stop(keys, (20, 0), "right"), wrapped_row_stop(keys, (0, 10), "left")
    ((0, 0), (15, 10))
    >>> wrapped_row_stop(keys, (20, 0), "up"), wrapped_row_stop(keys, (0, 10), "down")
    ((15, 10), (0, 0))
    >>> wrapped_row_stop([(0, 0)], (0, 0), "left") is None
    True
    """
    found = row_stop(stops, at, direction)
    if found is not None:
        return found
    x, y = at
    if direction in ("left", "right"):
        row = [s for s in stops if abs(s[1] - y) <= ROW_SLACK and s != at]
        if not row:
            return None
        return (max if direction == "left" else min)(row, key=lambda s: s[0])
    far = [s for s in stops if abs(s[1] - y) > ROW_SLACK]
    if not far:
        return None
    row_y = (max if direction == "up" else min)(s[1] for s in far)
    return min((s for s in far if abs(s[1] - row_y) <= ROW_SLACK), key=lambda s: abs(s[0] - x))
