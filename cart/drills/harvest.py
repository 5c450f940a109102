"""Harvest: the costly decisions of one player in a reviewed match, as new drills.

The Review says what each decision cost; the match's record says where it stood (the Position
ID and Match ID hold the board, the dice, the cube and the score). Every decision that lost a
"?!"'s worth or more becomes a drill, new until the deep check has looked at it.
"""

from __future__ import annotations

from collections.abc import Generator
from datetime import date

from ..ai.review import DOUBTFUL, CubeReview, PlayReview, Review, record_digest
from ..ai.slices import drain
from ..engine import Match, Moment, Position
from .record import Drill, Source, Stage

OPENING_PLAYS = 3
"""A player's first plays of a game count as the opening in the progress view."""
NAME = 80
"""Characters of a game's id and name a drill keeps (a file's name may be longer)."""
_CUBE_WORDS = {"drop": "pass"}
"""The Review's words for a cube action as a drill says them (gnubg's "pass")."""
REPLAY_SLICE = 8
"""Actions :func:`harvesting` replays between two of its pauses: a few milliseconds in the page."""


def harvest(review: Review, match: Match, seat: int, *, game_id: str, game: str, today: date) -> list[Drill]:
    """The drills in ``review`` of ``match`` for the player in ``seat``: every play or cube action
    of theirs that lost at least :data:`DOUBTFUL`, in record order, one per position and match state."""
    return drain(harvesting(review, match, seat, game_id=game_id, game=game, today=today))


def harvesting(
    review: Review, match: Match, seat: int, *, game_id: str, game: str, today: date
) -> Generator[None, None, list[Drill]]:
    """:func:`harvest` a slice at a time: the record is replayed to the positions, which in the page
    takes a frame's time for a few actions, so it pauses after every :data:`REPLAY_SLICE`."""
    if seat not in (0, 1):
        raise ValueError(f"a seat is 0 or 1, got {seat!r}")
    costly = [d for d in review.decisions() if d.player == seat and d.loss >= DOUBTFUL]
    if not costly:
        return []
    moments: dict[int, Moment] = {}
    wanted = {d.index for d in costly}
    for moment in match.each_moment(upto=max(wanted)):
        if moment.index in wanted:
            moments[moment.index] = moment
        if moment.index % REPLAY_SLICE == REPLAY_SLICE - 1:
            yield
    name = match.names[seat]
    found: dict[str, Drill] = {}
    for d in costly:
        moment = moments[d.index]
        drill = _drill(review, d, moment, name, Source(game_id[:NAME], game[:NAME], d.index), today)
        found.setdefault(drill.id, drill.replace(variant=match.rules.variant))
    return list(found.values())


def unsaved_id(match: Match) -> str:
    """An id for a match no saved game holds (an import, a game at an unsaved table): its record's."""
    return "match-" + record_digest(match.record, len(match.record))[:16]


def _drill(
    review: Review, d: PlayReview | CubeReview, moment: Moment, name: str, source: Source, today: date
) -> Drill:
    if isinstance(d, PlayReview):
        return Drill(
            d.position_id,
            moment.match_id,
            "play",
            d.dice,
            name,
            d.made_text,
            d.loss,
            _stage(review, d, moment.board),
            today,
            (source,),
        )
    return Drill(
        moment.position_id,
        moment.match_id,
        "double" if d.kind == "double" else "take",
        None,
        name,
        _CUBE_WORDS.get(d.made, d.made),
        d.loss,
        "cube",
        today,
        (source,),
    )


def _stage(review: Review, play: PlayReview, board: Position) -> Stage:
    """Bear-off when every man of the mover is home or off; opening for a player's first plays."""
    if all(n == 0 for n in board.mine[7:]):
        return "bear-off"
    before = sum(
        1
        for p in review.plays
        if p.game_number == play.game_number and p.player == play.player and p.index < play.index
    )
    return "opening" if before < OPENING_PLAYS else "middle"
