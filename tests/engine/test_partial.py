"""Partial plays against legal_plays: the steps a person may make are exactly the legal plays, no more."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from perft import PERFT
from sweeps import sweep

from cart.engine import Dice, IllegalPlayError, Play, Position, Step, legal_plays
from cart.engine.partial import PartialPlay


# Shorthands over PartialPlay, for tests only.
def next_steps(position: Position, dice: Dice, steps: Sequence[Step] = ()) -> dict[int, frozenset[int]]:
    """Where each man may go next: ``{source: targets}`` after ``steps``, combined moves included.

    A target further than one die is a combined move of the same man whose
    every intermediate step is legal (hits on the way included). Empty when the
    turn is complete or the roll cannot be played.

    >>> moves = next_steps(Position.start(), (6, 5))
    >>> sorted(moves[24])
    [13, 18]
    """
    return PartialPlay.start(position, dice).with_steps(steps).options()


def completed_play(position: Position, dice: Dice, steps: Sequence[Step]) -> Play | None:
    """The legal play that ``steps`` make, or None while the turn is not complete."""
    return PartialPlay.start(position, dice).with_steps(steps).play()


def step_path(position: Position, dice: Dice, steps: Sequence[Step], src: int, dst: int) -> list[Step]:
    """The single steps that move the man on ``src`` to ``dst`` next (one, or several for a combined move)."""
    return PartialPlay.start(position, dice).with_steps(steps).path(src, dst)


def perft_cases(every: int) -> list[tuple[Position, tuple[int, int]]]:
    """Every ``every``-th (position, roll) of the perft table (gnubg-checked positions of real games)."""
    cases = [(Position.from_position_id(pid), (d1, d2)) for pid, rows in PERFT.items() for d1, d2, _ in rows]
    return cases[::every]


def finished(part: PartialPlay) -> set[Position]:
    """Every board reachable by single-die steps through ``part``'s offers until complete.

    Asserts on the way that the turn never gets stuck: every offered step can be finished.
    """
    if part.is_complete:
        return {part.position}
    seen: set[Position] = set()
    options = part.options()
    assert options, f"stuck after {part.steps} in {part.turn.position.position_id()}"
    for src, targets in options.items():
        for dst in targets:
            path = part.path(src, dst)
            assert path[0].src == src and path[-1].dst == dst
            if len(path) == 1:  # combined moves are checked to equal their single steps below
                seen |= finished(part.move(src, dst))
    return seen


CASES = perft_cases(every=7)


@pytest.mark.parametrize(("position", "dice"), sweep(CASES[:: max(1, len(CASES) // 300)], quick_every=6))
def test_steps_reach_exactly_the_legal_plays(position: Position, dice: tuple[int, int]) -> None:
    plays = legal_plays(position, dice)
    part = PartialPlay.start(position, dice)
    if not plays:
        assert not part.can_move and part.options() == {}
        return
    reached = finished(part)
    assert reached == {p.result.flip() for p in plays}


@pytest.mark.parametrize("seed", sweep([(seed,) for seed in range(40)], quick_every=3))
def test_random_walks_end_in_the_legal_play(seed: int) -> None:
    """Random games: pick random offered moves (combined ones too) until complete; the play is legal."""
    rng = random.Random(seed)
    pos = Position.start()
    for _ in range(60):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice)
        part = PartialPlay.start(pos, dice)
        while not part.is_complete and plays:
            options = part.options()
            src = rng.choice(sorted(options))
            dst = rng.choice(sorted(options[src]))
            before = part
            part = part.move(src, dst)
            assert part.undo().steps == part.steps[:-1]
            assert len(part.steps) > len(before.steps)
        play = part.play()
        if plays:
            assert play in plays
            assert completed_play(pos, dice, part.steps) == play
            pos = play.result
        else:
            assert play is None
            pos = pos.flip()
        if pos.is_over():
            break


def test_combined_move_hits_on_the_way_only_when_it_must() -> None:
    # our 24 to 13 with 6-5: 18 (their 7) is a blot, 19 (their 6) is open -> the quiet path is chosen
    mine = [0] * 26
    theirs = [0] * 26
    mine[24], mine[6] = 1, 14
    theirs[7], theirs[2] = 1, 14  # their 7 is our 18
    pos = Position.from_counts(mine, theirs)
    path = step_path(pos, (6, 5), (), 24, 13)
    assert [(s.src, s.dst) for s in path] == [(24, 19), (19, 13)]
    assert not any(s.hit for s in path)


def test_bar_first_and_messages() -> None:
    mine = [0] * 26
    mine[25], mine[6], mine[8] = 1, 10, 4
    theirs = [0] * 26
    theirs[6] = 15
    pos = Position.from_counts(mine, theirs)
    part = PartialPlay.start(pos, (3, 1))
    assert part.sources() == frozenset({25})
    with pytest.raises(IllegalPlayError, match="bar first"):
        part.move(8, 5)
    with pytest.raises(IllegalPlayError, match="no man on point 3"):
        part.move(3, 2)
    assert sorted(next_steps(pos, (3, 1))[25]) == [21, 22, 24]


def test_larger_die_rule_only_the_six() -> None:
    # one man on our 24, their men block 18 and 13..17 except 19: 6-1 - only... use legal_plays as judge
    rng = random.Random(5)
    checked = 0
    for position, dice in perft_cases(every=3):
        plays = legal_plays(position, dice)
        if plays and len(plays[0].moves) == 1 and dice[0] != dice[1]:
            part = PartialPlay.start(position, dice)
            reached = finished(part)
            assert reached == {p.result.flip() for p in plays}
            checked += 1
            if checked > 20 or rng.random() < 0.01:
                break
    assert checked > 0


def test_replay_refuses_a_made_up_step() -> None:
    with pytest.raises(IllegalPlayError, match="not legal"):
        PartialPlay.start(Position.start(), (3, 1)).with_steps([Step(8, 4, 4)])
    with pytest.raises(IllegalPlayError, match="cannot go to point 2"):
        PartialPlay.start(Position.start(), (3, 1)).move(8, 2)
    done = PartialPlay.start(Position.start(), (3, 1)).move(8, 5).move(6, 5)
    with pytest.raises(IllegalPlayError, match="all your dice"):
        done.move(13, 10)
    assert done.undo().undo().steps == () and done.restart().steps == ()
