"""The review as text: the terminal's ``review`` command and ``python -m cart --review FILE.mat``.

The Review window's analysis as a move list (the master's best beside a play that
differs, cube decisions, marks, luck) and gnubg-style totals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from cart.ai.review import DEEP_PLY, CubeReview, PlayReview, Review, Reviewer
from cart.engine import Match, Rules

_MARK_TAG = {"": "", "doubtful": "?!", "bad": "?", "very bad": "??"}
_LUCK_TAG = {"": "", "lucky": "+", "very lucky": "++", "unlucky": "-", "very unlucky": "--"}


def _cube_line(c: CubeReview, names: tuple[str, str]) -> str:
    who = names[c.player][:12]
    right = "" if c.made == c.right or (c.made == "no double" and c.right == "too good") else c.right
    figures = f"ND {c.no_double:+.3f}  D/T {c.double_take:+.3f}  D/P {c.double_pass:+.3f}"
    head = f"  {'':>4} {who:<12} cube: {c.made:<10}"
    tail = f"  (the Master: {right})" if right else ""
    loss = f"  -{c.loss:.3f} {c.mark}" if c.mark else ""
    return f"{head} {figures}{tail}{loss}"


def _play_line(p: PlayReview, names: tuple[str, str], luck: str) -> str:
    who = names[p.player][:12]
    dice = f"{p.dice[0]}{p.dice[1]}{luck}"
    line = f"  {p.index:>4} {who:<12} {dice:<5} {p.made_text:<24}"
    if p.forced:
        return (line + " (forced)").rstrip()
    if p.made != p.best and p.loss > 0.0:
        line += f" Master: {p.best_text:<22} -{p.loss:.3f} {_MARK_TAG[p.mark]:<2} {p.mark}"
    return line.rstrip()


def _totals(review: Review) -> Iterator[str]:
    a, b = review.totals()
    rows = [
        ("Unforced moves", str(a.moves), str(b.moves)),
        ("Close cube decisions", str(a.cube_decisions), str(b.cube_decisions)),
        ("Checker play errors", f"{a.checker_error:.3f}", f"{b.checker_error:.3f}"),
        ("Cube errors", f"{a.cube_error:.3f}", f"{b.cube_error:.3f}"),
        ("Doubtful / bad / very bad", "/".join(map(str, a.marks)), "/".join(map(str, b.marks))),
        (
            "Error rate (mEMG per move)",
            "-" if a.error_rate is None else f"{a.error_rate:.1f}",
            "-" if b.error_rate is None else f"{b.error_rate:.1f}",
        ),
        ("Rating", a.rating, b.rating),
        ("Luck (total)", f"{a.luck:+.3f}", f"{b.luck:+.3f}"),
    ]
    yield f"  {'':<27} {a.name[:14]:>14} {b.name[:14]:>14}"
    for label, x, y in rows:
        yield f"  {label:<27} {x:>14} {y:>14}"


def review_lines(review: Review, rules: Rules) -> list[str]:
    """The review written out: a header, the move list game by game, the totals.

    The header names the equity as the review measured it under ``rules``:
    cubeful where there is a cube, cubeless points per game in MaxGammon.
    """
    names = review.names
    depth = f"{min(review.ply, DEEP_PLY)}-ply"
    if rules.uses_cube:
        equity = "cubeful equity in EMG, per unit of cube)."
    else:
        equity = "cubeless equity in points per game, as MaxGammon has no cube)."
    out = [
        f"Review of {names[0]} against {names[1]}, judged by the Master (checker plays at {depth};",
        f"{equity} Marks: ?! doubtful, ? bad, ?? very bad;",
        "luck: + lucky, ++ very lucky, - unlucky, -- very unlucky. The number is the record's.",
    ]
    luck = {r.index: _LUCK_TAG[r.mark] for r in review.rolls}
    roll_of = {}  # a play's roll is the Roll action before it (a cube decision may sit between)
    last_roll = -1
    events = sorted([(r.index, False) for r in review.rolls] + [(p.index, True) for p in review.plays])
    for index, is_play in events:
        if is_play:
            roll_of[index] = last_roll
        else:
            last_roll = index
    game = 0
    for d in review.decisions():
        if d.game_number != game:
            game = d.game_number
            out.append(f"Game {game}")
        if isinstance(d, PlayReview):
            out.append(_play_line(d, names, luck.get(roll_of.get(d.index, -1), "")))
        elif d.kind == "take" or d.made == "double" or d.loss > 0.0 or d.close:
            out.append(_cube_line(d, names))  # a plain right "no double" far from doubling says nothing
    if not review.plays and not review.cubes:
        out.append("  Nothing to review yet: no play or cube decision has been made.")
    out.append("Totals")
    out.extend(_totals(review))
    return out


def review_command(match: Match, reviewer: Reviewer | None, say: Callable[[str], None]) -> Reviewer:
    """The terminal's ``review``: the record so far at 2-ply (the deep pass), said line by line; the
    reviewer is kept, not redone."""
    from cart.ai import drain

    if reviewer is None:
        reviewer = Reviewer(match, ply=DEEP_PLY)
    todo = len(match.record) - reviewer.done
    if todo:
        actions = f"{todo} action{'s' if todo != 1 else ''}"
        say(f"  The Master reviews {actions} two rolls ahead (a second or so each)...")
    for line in review_lines(drain(reviewer.think()), match.rules):
        say(line)
    return reviewer
