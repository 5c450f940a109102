"""Move notation both ways: GNU Backgammon style and the 1982 Wizard of OsZ style.

gnubg's ``8/5 6/5``, ``bar/22``, ``6/off``, ``13/7*``, ``8/4(2)`` use the mover's
points; the Wizard's ``from,to`` pairs run upward (bar 0, home 25). Parsing matches
where checkers leave and arrive against the legal plays, so any order or grouping
of the same play finds it.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise

from .board import BAR, OFF, SIDE_BITS, Position, _pack
from .errors import IllegalPlayError, NotationError
from .plays import Dice, Play, check_dice, format_roll, hit_points, legal_plays

_MAX_TEXT = 200
_TOKEN = re.compile(r"^(bar|\d{1,2})((?:/(?:bar|off|\d{1,2})\*?)+)(?:\((\d)\))?$")
_STEP = re.compile(r"/(bar|off|\d{1,2})(\*?)")
_WIZARD = re.compile(r"^\s*\d{1,2}(\s*,\s*\d{1,2})*\s*$")


def _check_length(text: str) -> None:
    """Refuse move text longer than any play at once: four moves in any spelling fit in a few dozen
    characters, and a hostile string then costs nothing to refuse nor to quote in the message."""
    if len(text) > _MAX_TEXT:
        raise NotationError(f"move text too long ({len(text)} characters): a play is at most {_MAX_TEXT}")


def _point_text(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def format_play(position: Position, play: Play) -> str:
    """GNU Backgammon notation for ``play`` made from ``position``, grouped and ordered as gnubg writes it.

    >>> pos = Position.start()
    >>> [format_play(pos, p) for p in legal_plays(pos, (6, 5)) if p.moves[0][0] == 24][:1]
    ['24/13']
    >>> format_play(pos, parse_play(pos, (3, 1), "8/5 6/5"))
    '8/5 6/5'
    """
    if not play.moves:
        return ""
    hits = hit_points(position, play.moves)
    chains: list[list[tuple[int, bool]]] = []  # each: [(point, hit there)], first = source
    for (s, t), hit in zip(play.moves, hits, strict=True):
        for chain in chains:
            if chain[-1][0] == s and s not in (OFF, BAR):
                chain.append((t, hit))
                break
        else:
            chains.append([(s, False), (t, hit)])
    texts = []
    for chain in chains:
        kept = [chain[0]] + [step for step in chain[1:-1] if step[1]] + [chain[-1]]
        texts.append(
            (chain[0][0], chain[-1][0], "/".join(_point_text(p) + ("*" if h else "") for p, h in kept))
        )
    counts = Counter(text for _, _, text in texts)
    out = []
    # Between moves of the same span the hit comes first: the first checker to land is the one that hits.
    for _, _, text in sorted(set(texts), key=lambda x: (-x[0], -x[1], "*" not in x[2], x[2])):
        n = counts[text]
        out.append(f"{text}({n})" if n > 1 else text)
    return " ".join(out)


def format_wizard(position: Position, play: Play) -> str:
    """Wizard of OsZ notation: ``from,to`` pairs, one per die, bar 0, home 25.

    >>> pos = Position.start()
    >>> format_wizard(pos, parse_play(pos, (3, 1), "8/5 6/5"))
    '17,20,19,20'
    """
    return ",".join(f"{25 - s},{25 - t}" for s, t in play.moves)


def parse_wizard(text: str) -> list[tuple[int, int]]:
    """The ``from,to`` pairs of Wizard text, converted to our numbering."""
    _check_length(text)
    if not _WIZARD.match(text):
        raise NotationError(f"not Wizard of OsZ notation: {text!r}")
    nums = [int(x) for x in text.split(",")]
    if len(nums) % 2:
        raise NotationError(f"Wizard of OsZ moves come in from,to pairs: {text!r}")
    if any(n > 25 for n in nums):
        raise NotationError(f"Wizard of OsZ points run from 0 (bar) to 25 (home): {text!r}")
    return [(25 - nums[i], 25 - nums[i + 1]) for i in range(0, len(nums), 2)]


def _parse_gnubg(text: str) -> tuple[list[tuple[int, int]], set[int]]:
    """Segments (from, to) and the points marked as hits."""
    _check_length(text)
    segments: list[tuple[int, int]] = []
    starred: set[int] = set()
    for token in text.replace(",", " ").split():
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(f"cannot read move {token!r} in {text!r}")
        points = [_read_point(m.group(1), text)]
        for target, star in _STEP.findall(m.group(2)):
            p = _read_point(target, text)
            points.append(p)
            if star:
                starred.add(p)
        repeat = int(m.group(3) or 1)
        if not 1 <= repeat <= 4:
            raise NotationError(f"a move repeats 1 to 4 times, not {repeat}: {text!r}")
        for _ in range(repeat):
            segments.extend(pairwise(points))
    return segments, starred


def _read_point(word: str, text: str) -> int:
    if word == "bar":
        return BAR
    if word == "off":
        return OFF
    p = int(word)
    if p > 25:
        raise NotationError(f"point {p} does not exist (1..24, 25 = bar, 0 = off): {text!r}")
    return p


def parse_play(position: Position, dice: Dice, text: str, *, plays: list[Play] | None = None) -> Play:
    """Read a play in either notation and return the legal play it means; errors quote the Position ID.

    >>> pos = Position.start()
    >>> parse_play(pos, (3, 1), "8/5 6/5").moves
    ((8, 5), (6, 5))
    >>> parse_play(pos, (3, 1), "17,20,19,20") == parse_play(pos, (3, 1), "8/5 6/5")
    True
    >>> parse_play(pos, (3, 1), "8/3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cart.engine.errors.IllegalPlayError: '8/3' is not a legal play of 31 in position 4HPwATDgc/ABMA: ...
    """
    if not isinstance(text, str):
        raise NotationError(f"move text must be a string, got {text!r}")
    pid = position.position_id()
    d1, d2 = check_dice(dice)
    if len(text) > _MAX_TEXT:  # before any reading, and never quoted back
        raise NotationError(f"move text too long ({len(text)} characters) in position {pid}")
    clean = text.strip().lower()
    if plays is None:
        plays = legal_plays(position, (d1, d2))
    if clean in ("", "pass", "-", "cannot move", "no move"):
        if not plays:
            return Play((), position.flip())
        raise IllegalPlayError(
            f"{text!r}: the roll {format_roll((d1, d2))} can be played in position {pid}, so it must be"
        )
    try:
        if "/" in clean:
            segments, starred = _parse_gnubg(clean)
        elif not any(c.isdigit() for c in clean):  # neither notation: say how a move is written
            raise NotationError(f"{text.strip()!r} is not a move: write each checker's from/to, as 8/5 6/5")
        else:
            segments, starred = parse_wizard(clean), set()
    except NotationError as exc:
        raise NotationError(f"{exc} (position {pid})") from None
    return find_play(position, (d1, d2), segments, starred, text=text, plays=plays)


def find_play(
    position: Position,
    dice: Dice,
    segments: list[tuple[int, int]],
    starred: set[int] = frozenset(),  # type: ignore[assignment]
    *,
    text: str | None = None,
    plays: list[Play] | None = None,
) -> Play:
    """The legal play whose checkers leave ``from`` and arrive ``to`` for each segment.

    Segments may chain or come in any order; ``starred`` hits choose between plays
    that differ only in a hit on the way.
    """
    d1, d2 = check_dice(dice)
    pid = position.position_id()
    shown = text if text is not None else " ".join(f"{_point_text(s)}/{_point_text(t)}" for s, t in segments)
    if plays is None:
        plays = legal_plays(position, (d1, d2))
    if not plays:
        raise IllegalPlayError(
            f"{shown!r}: no move is possible with {format_roll((d1, d2))} in position {pid}"
        )
    mine = list(position.mine)
    for s, t in segments:
        if s in (t, OFF) or t == BAR or (s != BAR and t != OFF and t > s):
            step = f"{_point_text(s)}/{_point_text(t)}"
            raise IllegalPlayError(f"{shown!r}: {step} does not move forward (position {pid})")
        mine[s] -= 1
        mine[t] += 1
    for s, _ in segments:  # net counts, so chained steps may come in any order
        if mine[s] < 0:
            raise IllegalPlayError(f"{shown!r}: no checker of yours on {_point_text(s)} (position {pid})")
    target = _pack(mine)  # the mover's side after the segments, as a result holds it (its second half)
    matches = [p for p in plays if p.result.key >> SIDE_BITS == target]
    # A named stop on a lone opposing checker hits it, starred or not (Wizard text has no stars).
    theirs = position.theirs
    required = set(starred) | {t for _, t in segments if OFF < t < BAR and theirs[BAR - t] == 1}
    if required:
        matches = [p for p in matches if required <= _hit_set(position, p)]
    if len(matches) > 1:
        fewest = min(len(_hit_set(position, p)) for p in matches)
        matches = [p for p in matches if len(_hit_set(position, p)) == fewest]
    if len(matches) == 1:
        return matches[0]
    if matches:
        options = " or ".join(format_play(position, p) for p in matches)
        raise NotationError(f"{shown!r} is ambiguous in position {pid}: write {options}")
    raise IllegalPlayError(_why_illegal(position, (d1, d2), segments, shown, plays, pid))


def _hit_set(position: Position, play: Play) -> set[int]:
    return {t for (_, t), hit in zip(play.moves, hit_points(position, play.moves), strict=True) if hit}


def _why_illegal(
    position: Position, dice: Dice, segments: list[tuple[int, int]], shown: str, plays: list[Play], pid: str
) -> str:
    d1, d2 = dice
    head = f"{shown!r} is not a legal play of {format_roll(dice)} in position {pid}"
    dice_text = f"four {d1}s" if d1 == d2 else f"{d1} and {d2}"
    reach = {d1 * n for n in range(1, 5)} if d1 == d2 else {d1, d2, d1 + d2}
    for s, t in segments:
        if t != OFF and s - t not in reach:
            return f"{head}: {_point_text(s)}/{_point_text(t)} is {s - t} pips, the roll has {dice_text}"
    rolled = max(reach)
    need = max(sum(s - t for s, t in p.moves) for p in plays)
    moved = sum(s - t for s, t in segments)
    bearing = any(t == OFF for _, t in segments)
    if not bearing and moved > rolled:
        return f"{head}: it moves {moved} pips, the roll has {dice_text}"
    if position.mine[BAR] and not all(s == BAR for s, _ in segments[: position.mine[BAR]]):
        return f"{head}: checkers on the bar must enter first"
    if not bearing and moved < need:
        return f"{head}: it moves {moved} pips but the dice must be used in full where possible"
    sample = ", ".join(format_play(position, p) for p in plays[:3])
    more = f" (and {len(plays) - 3} more)" if len(plays) > 3 else ""
    return f"{head}: legal plays include {sample}{more}"
