"""Every ``.mat`` our export writes, our import reads back: every way a game can end, in matches and money.

A scripted policy ends game after game a different way: played out (single, gammon and backgammon
wins), a double dropped, resignations of each size accepted (one declined first), forfeits before
and after rolling, a resignation right after the opening roll, and, last, a resignation offered
and not answered. The file must read back to the same record, but for what the format says
otherwise on purpose: a forfeit after a roll is gnubg's resignation of a gammon, accepted.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cart.engine import Accept, Action, Decline, Forfeit, GameOver, Match, NewGame, Resign, Roll, Rules
from cart.store import export_mat, import_mat
from cart.store.mat.matlines import MAX_LINE

ENDINGS = (
    "played",
    "drop",
    "resign 1",
    "resign 2",
    "resign 3",
    "declined, then resign 1",
    "forfeit before rolling",
    "forfeit after rolling",
    "resign 1 after the opening roll",
    "resign 3 by the other after the opening roll",
    "forfeit after the opening roll",
)


def play_out(match: Match, rng: random.Random, moves: int | None = None) -> None:
    """Random rolls and plays: ``moves`` turns, or until the game is over."""
    while match.game.phase != "over" and (moves is None or moves > 0):
        if match.game.phase in ("opening", "roll"):
            match.roll()
        else:
            match.play(rng.choice(match.legal_plays()))
            moves = None if moves is None else moves - 1


def end_game(match: Match, how: str, rng: random.Random) -> None:
    """End the current game ``how`` (one of :data:`ENDINGS`)."""
    game = match.game
    if how == "forfeit before rolling":
        match.forfeit(rng.randint(0, 1))
        return
    if how.endswith("after the opening roll"):
        match.roll()
        while match.game.phase == "opening":  # ties (and automatic doubles)
            match.roll()
        if match.game.phase == "roll":  # a dance: no roll waits to be played
            match.roll()
        mover = match.game.turn
        if how.startswith("forfeit"):
            match.forfeit(mover)
        else:
            level = int(how.split()[1])
            match.resign(mover if "other" not in how else 1 - mover, level)
            match.accept()
        return
    play_out(match, rng, moves=4)
    if match.game.phase == "over":
        return
    game = match.game
    if how == "played":
        play_out(match, rng)
    elif how == "drop" and game.phase == "roll" and game.can_double():
        match.double()
        match.drop()
    elif how.startswith(("resign", "declined")):
        if how.startswith("declined"):
            match.resign(game.turn, 1)
            match.decline()
        match.resign(match.game.turn, int(how.split()[-1]))
        match.accept()
    elif how == "forfeit after rolling":
        if match.game.phase == "roll":
            match.roll()
        match.forfeit(match.game.turn)
    else:
        play_out(match, rng)


def session(rules: Rules, seed: int, games: int, ways: tuple[str, ...] = ENDINGS) -> Match:
    """Games ending every way in turn (played-out games until each size of win is seen), the last one
    left with a resignation offered and not answered (money) or the match played to its end."""
    rng = random.Random(seed)
    match = Match(rules, names=("Ann", "Bob"), rng=random.Random(seed + 1))
    for number in range(games):
        end_game(match, ways[number % len(ways)], rng)
        if match.is_match_over:
            return match
        match.new_game()
    if rules.is_match:
        while not match.is_match_over:
            end_game(match, "played", rng)
            if not match.is_match_over:
                match.new_game()
    else:
        play_out(match, rng, moves=3)
        if match.game.phase == "roll":
            match.roll()
        if match.game.phase == "move":
            match.resign(1 - match.game.turn, 2)
    return match


def as_the_file_says(match: Match) -> list[tuple[object, ...]]:
    """Each action as a ``.mat`` file gives it back, with the IDs after it.

    The file writes a roll high die first and a play by the points it lands on, so those are
    compared by the dice and the position they lead to; a forfeit after a roll reads back as
    gnubg's resignation of a gammon, accepted; a resignation declined leaves no trace.
    """
    replay = Match(match.rules, names=match.names)
    out: list[tuple[object, ...]] = []
    for action in match.record:
        steps: list[Action] = [action]
        if isinstance(action, Forfeit) and replay.game.phase in ("roll", "move"):
            steps = [Resign(action.player, 2), Accept()]
        for step in steps:
            replay.apply(step)
            if isinstance(step, Decline):
                out.pop()  # the offer
                continue
            dice = tuple(sorted(step.dice)) if isinstance(step, Roll) else ()
            out.append((step.name, dice, replay.position_id(), replay.match_id()))
    return out


def endings(match: Match) -> Iterator[str]:
    """How each game of ``match`` ended, in words."""
    replay = Match(match.rules, names=match.names)
    for action in match.record:
        for event in replay.apply(action):
            if isinstance(event, GameOver):
                yield f"{event.kind} {event.points // replay.game.cube}"


RULES = {
    "money": Rules(),
    "match-7": Rules(match_length=7),
    "money-auto-doubles": Rules(automatic_doubles=True),
    "match-25": Rules(match_length=25),
    "match-5-no-crawford": Rules(match_length=5, crawford=False),
    "maxgammon": Rules(variant="maxgammon"),
}
QUICK = {("money", 0), ("match-7", 0)}
"""One session of money and one of a match in the quick loop (a third of a second each); the slow set
plays three of each of :data:`RULES`."""


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        pytest.param(
            rules, seed, id=f"{name}-{seed}", marks=() if (name, seed) in QUICK else pytest.mark.slow
        )
        for name, rules in RULES.items()
        for seed in range(3)
    ],
)
def test_every_way_a_game_ends_reads_back(rules: Rules, seed: int) -> None:
    match = session(rules, seed, games=3 * len(ENDINGS))
    text = export_mat(match)
    assert max(len(line) for line in text.splitlines()) <= MAX_LINE
    back = import_mat(text).replay()
    assert as_the_file_says(back) == as_the_file_says(match)
    assert back.score == match.score
    if rules.is_match:
        assert back.is_match_over and back.match_winner == match.match_winner
    else:
        assert back.game.phase == "resigned"  # the offer not answered is in the file too
    ended = list(endings(match))
    if len(ended) > len(ENDINGS):  # a short match ends before some endings come round
        kinds = {e.split()[0] for e in ended}
        assert {"resign", "forfeit"} | ({"drop"} if rules.uses_cube else set()) <= kinds, kinds
        assert kinds & {"single", "gammon", "backgammon"}, kinds  # the sizes: the test below


def test_wins_of_every_size_are_among_the_played_out_games() -> None:
    """The played-out games above do reach gammons and backgammons (else they would prove less)."""
    seen = set()
    for seed in range(3):
        for rules in (Rules(), Rules(match_length=7)):
            seen |= set(endings(session(rules, seed, games=3 * len(ENDINGS))))
    assert {"single 1", "gammon 2", "backgammon 3"} <= seen, seen


def crawford_flags(match: Match) -> list[bool]:
    """Whether each game of ``match`` was the Crawford game."""
    replay = Match(match.rules, names=match.names)
    flags = [replay.game.crawford]
    for action in match.record:
        replay.apply(action)
        if isinstance(action, NewGame):
            flags.append(replay.game.crawford)
    return flags


def test_the_crawford_game_reads_back_as_the_crawford_game() -> None:
    matches = [session(Rules(match_length=7), seed, games=2 * len(ENDINGS)) for seed in range(2)]
    assert any(any(crawford_flags(m)) for m in matches)  # else this would prove nothing
    for match in matches:
        assert crawford_flags(import_mat(export_mat(match)).replay()) == crawford_flags(match)


def test_a_long_money_session_of_opening_ties_and_early_resignations_reads_back() -> None:
    """About 480 games of a money session wrote an "Opening ties" line of 1,052 characters, which the
    import refused (a line has at most 1,000); a game resigned right after its opening roll lost that
    roll, and the import refused the file."""
    match = Match(Rules(automatic_doubles=True), names=("Ann", "Bob"))
    for number in range(600):
        match.roll((3, 3))
        match.roll((5, 2) if number % 2 else (2, 5))
        match.resign(number % 2, 1 + number % 3)
        match.accept()
        match.new_game()
    text = export_mat(match)
    assert max(len(line) for line in text.splitlines()) <= MAX_LINE
    back = import_mat(text).replay()
    assert back.record == match.record and back.score == match.score


def test_the_opening_ties_of_a_long_session_go_on_lines_the_import_reads() -> None:
    match = Match(Rules(automatic_doubles=True), names=("Ann", "Bob"))
    for _ in range(500):
        match.roll((3, 3))
        match.forfeit(0)  # before the roll-off: the ties are all the game has
        match.new_game()
    text = export_mat(match)
    ties = [line for line in text.splitlines() if line.startswith("; Opening ties:")]
    assert len(ties) > 1 and max(len(line) for line in ties) <= MAX_LINE
    assert import_mat(text).replay().record == match.record
