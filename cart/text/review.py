"""The review as text: the terminal's ``review`` command and ``python -m cart --review FILE.mat``.

The Review window's analysis as a move list (the master's best beside a play that
differs, cube decisions, marks, luck) and gnubg-style totals.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from cart.ai.review import DEEP_PLY, CubeReview, PlayReview, Review, Reviewer
from cart.ai.review.play import CLOSE_PLY
from cart.engine import Match, Rules, format_roll
from cart.phrasebook import signed, whose

if TYPE_CHECKING:
    from cart.ai.rollout import Decision, Result

_MARK_TAG = {"": "", "doubtful": "?!", "bad": "?", "very bad": "??"}
_LUCK_TAG = {"": "", "lucky": "+", "very lucky": "++", "unlucky": "-", "very unlucky": "--"}


def _cube_line(c: CubeReview, names: tuple[str, str]) -> str:
    who = names[c.player][:12]
    right = "" if c.made == c.right or (c.made == "no double" and c.right == "too good") else c.right
    equities = (signed(e, 3) for e in (c.no_double, c.double_take, c.double_pass))
    figures = "ND {}  D/T {}  D/P {}".format(*equities) + f" ({whose(names[c.doubler])} equity)"
    head = f"  {'':>4} {who:<12} cube: {c.made:<10}"
    tail = f"  (the Master: {right})" if right else ""
    loss = f"  -{c.loss:.3f} {c.mark}" if c.mark else ""
    return f"{head} {figures}{tail}{loss}"


def _play_line(p: PlayReview, names: tuple[str, str], luck: str) -> str:
    who = names[p.player][:12]
    dice = f"{format_roll(p.dice)}{luck}"
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
        ("Luck (total)", signed(a.luck, 3), signed(b.luck, 3)),
    ]
    yield f"  {'':<27} {a.name[:14]:>14} {b.name[:14]:>14}"
    for label, x, y in rows:
        yield f"  {label:<27} {x:>14} {y:>14}"


def game_starts(match: Match) -> dict[int, str]:
    """Each game of ``match``'s record by number: the score it began at and whether it was the Crawford game.

    >>> m = Match(Rules(match_length=3), names=("Ann", "Bob"))
    >>> game_starts(m)
    {1: 'Ann 0 Bob 0'}
    """
    replay = match.restarted()
    starts: dict[int, str] = {}
    for action in (None, *match.record):
        if action is not None:
            replay.apply(action)
        if replay.game_number not in starts:
            (a, b), names = replay.score, replay.names
            crawford = ", Crawford" if replay.game.crawford else ""
            starts[replay.game_number] = f"{names[0]} {a} {names[1]} {b}{crawford}"
    return starts


def review_lines(review: Review, rules: Rules, match: Match | None = None) -> list[str]:
    """The review written out: a header, the move list game by game, the totals.

    The header names the equity as the review measured it under ``rules``:
    cubeful where there is a cube, cubeless points per game in MaxGammon; with
    ``match`` (a match's), each game's heading says its score and the Crawford game.
    """
    starts = game_starts(match) if match is not None and rules.is_match else {}
    names = review.names
    depth = f"{min(review.ply, DEEP_PLY)}-ply"
    if review.ply >= DEEP_PLY:
        depth += f", close calls at {CLOSE_PLY}-ply"
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
            start = starts.get(game)
            out.append(f"Game {game}, {start}" if start else f"Game {game}")
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
        say(f"  The Master reviews {actions} two rolls ahead, three at close calls (seconds each)...")
    for line in review_lines(drain(reviewer.think()), match.rules, match):
        say(line)
    return reviewer


ROLLOUT_TRIALS = 324
"""The terminal's rollout stops here at the latest (nine rotations of the first roll), unless told."""


def rollout_lines(decision: Decision, res: Result) -> list[str]:
    """A rollout's figures: each play's equity and standard error (best first), or the cube's three."""
    if res.cube is not None:
        out = [
            f"    {name:<14} {f.value:+.3f} +-{f.se:.3f}"
            for name, f in zip(("No double", "Double, take", "Double, pass"), res.cube, strict=True)
        ]
        nd, dt, dp = (f.value for f in res.cube)
        out.append(
            f"    Right: {'double' if min(dt, dp) > nd else 'no double'}, {'take' if dt <= dp else 'pass'}"
        )
        return out
    order = sorted(range(len(res.lines)), key=lambda k: k != res.best)
    out = []
    for rank, k in enumerate(order, 1):
        line = res.lines[k]
        f = line.cubeful or line.cubeless
        win = line.chances[0]
        played = " (played)" if k == decision.made else ""
        out.append(
            f"    {rank}. {line.label:<24} {f.value:+.3f} +-{f.se:.3f}  (wins {100 * win:.1f}%){played}"
        )
    return out


def rollout_command(match: Match, words: list[str], say: Callable[[str], None]) -> None:
    """The terminal's ``rollout N [TRIALS]``: the decision at record index ``N`` rolled out, 36 trials
    said at a time, until decided, TRIALS, or Ctrl-C (the figures so far are said then)."""
    from cart.ai.bot import load_weights
    from cart.ai.rollout import CHECK_EVERY, Settings, Tally, finished, result, think_trials
    from cart.ai.rollout.review import decision_at
    from cart.ai.slices import drain

    if len(words) not in (1, 2) or not all(w.isdigit() for w in words):
        say("  ! Rollout needs a decision's number from the review: 'rollout 12', or 'rollout 12 144'.")
        return
    index = int(words[0])
    trials = int(words[1]) if len(words) == 2 else ROLLOUT_TRIALS
    weights = load_weights()
    decision = decision_at(weights, match, index)
    if decision is None or trials < 1:
        say(f"  ! Nothing to roll out at {index}: name a play that was not forced, or a cube decision.")
        return
    settings = Settings(max_trials=trials)
    what = f"the play {format_roll(decision.dice)}" if decision.dice else "the cube decision"
    equity = "cubeful EMG" if decision.cube is not None else "cubeless"
    say(f"  Rolling out {what} at {index} ({equity}, luck-adjusted, Ctrl-C stops)...")
    tally = Tally()
    try:
        while not finished(decision, settings, tally):
            more = CHECK_EVERY - tally.trials % CHECK_EVERY
            tally = drain(think_trials(weights, decision, settings, tally, more))
            now = rollout_lines(decision, result(decision, tally, settings))[0].strip()
            say(f"  {tally.trials} trials: {now}")
    except KeyboardInterrupt:
        say(f"  Stopped after {tally.trials} trials.")
    res = result(decision, tally, settings)
    said = "decided" if res.decided else "not decided"
    say(f"  After {res.trials} trials ({said}; +- one standard error):")
    for line in rollout_lines(decision, res):
        say(line)
