"""Rollouts asked for from a review: the decision at a record index, and the store's form of one.

A checker play rolls out the master's top plays at 0-ply (with the play made), side
by side; a cube decision rolls out the position before the roll and reads the
cube model. What is kept is the rollout's sums (:class:`~cart.ai.rollout.Tally`),
so a kept rollout goes on where it stopped; under a key naming the weights and
:data:`~cart.ai.rollout.ROLLOUT_VERSION`, and the digest of the record to its decision.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ...engine import Action, Double, Drop, GameState, Match, Move, Roll, Take, format_play
from ...engine.fast import flip_key, play_of, successors
from ..bot import LEVEL_SPECS
from ..net import DEFAULT_PATH, Weights, equity
from ..review.codec import record_digest
from ..review.cube import cube_matters, cube_view, emg_span
from ..review.work import _file_digest
from .model import ROLLOUT_VERSION, Decision, Luck, Settings, Tally

TOP_PLAYS = 4
"""Plays rolled out side by side: the master's best few at 0-ply, and the play made."""


def rollout_key(weights_digest: str | None = None) -> str:
    """The key kept rollouts are read under: another weights file or version, and they are redone."""
    digest = weights_digest if weights_digest is not None else _file_digest(str(DEFAULT_PATH))
    return f"{digest}:rollout-v{ROLLOUT_VERSION}"


def play_decision(
    weights: Weights, state: GameState, score: tuple[int, int], made: int | None = None, top: int = TOP_PLAYS
) -> Decision:
    """The checker play due in ``state``: its best plays at 0-ply, with ``made`` (a result key)."""
    dice = state.dice
    assert dice is not None
    position = state.position
    succ = successors(position.key, max(dice), min(dice))
    after = weights.after
    rough = {k: equity(after(k)) for k in succ}
    order = sorted(rough, key=rough.__getitem__, reverse=True)
    margin = LEVEL_SPECS["master"].margin
    plays = [k for k in order[:top] if rough[order[0]] - rough[k] <= margin]
    if made is not None and made in succ and made not in plays:
        plays[-1:] = [plays[-1], made] if len(plays) < top else [made]
    labels = tuple(format_play(position, play_of(k, succ[k])) for k in plays)
    view = cube_view(state, score)
    return Decision(
        "play",
        position.position_id(),
        dice,
        tuple(plays),
        labels,
        view.state if view is not None else None,
        emg_span(state, score, state.turn),
        plays.index(made) if made in plays else -1,
    )


def cube_decision(state: GameState, score: tuple[int, int]) -> Decision:
    """The cube decision before ``state``'s roll (or its answer): the doubler's position rolled out."""
    view = cube_view(state, score)
    return Decision(
        "cube",
        state.position.position_id(),
        None,
        (state.position.key,),
        ("Cubeless",),
        view.state if view is not None else None,
        emg_span(state, score, state.turn),
    )


def decision_at(weights: Weights, match: Match, index: int) -> Decision | None:
    """The decision behind ``match.record[index]`` as a rollout sees it; None where there is none."""
    record = match.record
    if not 0 <= index < len(record):
        return None
    replay = Match.replay(
        match.rules, record[:index], names=match.names, start=match.start, start_score=match.start_score
    )
    state, action = replay.game, record[index]
    if isinstance(action, Move) and state.phase == "move" and state.dice is not None:
        if len(successors(state.position.key, *state.dice)) < 2:
            return None  # forced: nothing to compare
        made = flip_key(state.find(action).result.key)
        return play_decision(weights, state, replay.score, made)
    cube = isinstance(action, (Double, Roll)) and state.phase == "roll"
    answer = isinstance(action, (Take, Drop)) and state.phase == "doubled"
    if (cube and cube_matters(state, replay.score)) or answer:
        return cube_decision(state, replay.score)
    return None


# -- the store's form -----------------------------------------------------------------------------
def rollout_to_json(
    index: int, decision: Decision, settings: Settings, tally: Tally, record: Sequence[Action]
) -> dict[str, Any]:
    """One kept rollout: where, what was rolled out, how, and its sums."""
    return {
        "index": index,
        "record": record_digest(record, index + 1),
        "plays": [str(k) for k in decision.plays],
        "settings": [settings.luck, settings.truncate, settings.seed, settings.max_trials],
        "tally": [tally.trials, list(tally.sums), list(tally.cross)],
    }


def _floats(x: object, n: int) -> tuple[float, ...]:
    if not isinstance(x, list) or len(x) != n:
        raise ValueError("not the sums of this rollout")
    out = []
    for v in x:
        if type(v) is int:
            v = float(v)
        if type(v) is not float or not math.isfinite(v):
            raise ValueError(f"not a number: {v!r}")
        out.append(v)
    return tuple(out)


def rollout_from_json(data: object, decision: Decision, record: Sequence[Action]) -> tuple[Settings, Tally]:
    """A kept rollout of ``decision`` (made again from the record); ``ValueError`` for anything else."""
    if not isinstance(data, dict) or set(data) != {"index", "record", "plays", "settings", "tally"}:
        raise ValueError("not a kept rollout")
    index = data["index"]
    if type(index) is not int or data["record"] != record_digest(record, index + 1):
        raise ValueError("a rollout of another record")
    if data["plays"] != [str(k) for k in decision.plays]:
        raise ValueError("a rollout of other plays")
    s, t = data["settings"], data["tally"]
    if not isinstance(s, list) or len(s) != 4 or s[0] not in ("none", "prune", "net"):
        raise ValueError("not a rollout's settings")
    if any(type(v) is not int or v < 0 for v in s[1:]):
        raise ValueError("not a rollout's settings")
    luck: Luck = s[0]
    if not isinstance(t, list) or len(t) != 3 or type(t[0]) is not int or not 0 <= t[0] <= s[3]:
        raise ValueError("not a rollout's sums")
    n = 5 * decision.width
    return Settings(luck, s[1], s[2], s[3]), Tally(t[0], _floats(t[1], n), _floats(t[2], n * n))
