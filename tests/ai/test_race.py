"""Race endings worked out exactly (``cart.ai.race``), checked against independent computations.

The engine's own move generator (``legal_plays``) drives two references: the
one-sided distribution of rolls to bear off, recomputed play by play, and a full
two-sided search of tiny races in which each side plays to win. GNU Backgammon's
2-ply judges the win chances of one- and two-man races at every distance.
"""

from __future__ import annotations

import itertools
import random
from functools import cache
from math import comb

import pytest
from boards import counts, pos_of

from cart.ai import Bot, bearoff, race
from cart.engine import Position, legal_plays
from cart.engine.fast import flip_key

DICE = [(a, b) for a in range(1, 7) for b in range(1, 7)]


@cache
def _one_sided(points: tuple[int, ...]) -> tuple[float, tuple[float, ...]]:
    """Mean and distribution of rolls to bear off men on ``points`` (sorted), by the engine's plays.

    The other side's last man waits on the bar, where it blocks and risks nothing; each
    roll takes the play that needs the fewest rolls on average.
    """
    if not points:
        return 0.0, (1.0,)
    mine = {}
    for p in points:
        mine[p] = mine.get(p, 0) + 1
    pos = pos_of(mine, {}, their_bar=1)
    mean = 1.0
    dist = [0.0] * 40
    for dice in DICE:
        best = None
        for play in legal_plays(pos, dice):
            left = play.result.theirs  # the mover, seen from the other side, now on roll
            rest = tuple(sorted(p for p in range(1, 25) for _ in range(left[p])))
            got = _one_sided(rest)
            if best is None or got[0] < best[0]:
                best = got
        assert best is not None
        mean += best[0] / 36
        for k, x in enumerate(best[1], 1):
            dist[k] += x / 36
    while dist[-1] == 0.0:
        dist.pop()
    return mean, tuple(dist)


def _board(points: tuple[int, ...]) -> int:
    return sum(1 << (4 * (p - 1)) for p in points)


@pytest.mark.parametrize(
    "points",
    [
        (1,),
        (6,),
        (7,),
        (13,),
        (24,),
        (1, 1),
        (2, 6),
        (6, 6, 6),
        (3, 4, 5, 6),
        (8, 11),
        (1, 9, 17),
        (6, 6, 6, 6, 6),
    ],
)
def test_one_sided_distribution_matches_the_engines_plays(points: tuple[int, ...]) -> None:
    mean, dist = bearoff.solve(_board(points))
    ref_mean, ref_dist = _one_sided(points)
    assert mean == pytest.approx(ref_mean, abs=1e-12)
    assert _padded(dist, 30) == pytest.approx(_padded(ref_dist, 30), abs=1e-12)
    assert sum(dist) == pytest.approx(1.0)


def _padded(dist: tuple[float, ...], n: int) -> list[float]:
    return list(dist) + [0.0] * (n - len(dist))


def test_home_boards_come_each_after_its_successors() -> None:
    boards = list(bearoff.home_boards())
    assert len(boards) == len(set(boards)) == comb(15 + 6, 6)
    order = {b: i for i, b in enumerate(boards)}
    for b in boards[::157]:
        for x, y in DICE:
            assert all(order[n] < order[b] for n in bearoff.after_roll(b, x, y) if n != b)


@cache
def _two_sided(key: int) -> float:
    """P(the side on roll wins) by full search: each side plays to win, the engine's plays."""
    pos = Position(key)
    total = 0.0
    for dice in DICE:
        best = 0.0
        for play in legal_plays(pos, dice):
            res = play.result
            value = 1.0 if res.theirs[0] == 15 else 1.0 - _two_sided(res.key)
            best = max(best, value)
        total += best
    return total / 36


def _tiny_races() -> list[Position]:
    out = []
    homes = [c for n in (1, 2, 3) for c in itertools.combinations_with_replacement(range(1, 7), n)]
    for mine, theirs in itertools.product(homes[::6], homes[::8]):
        m, t = {}, {}
        for p in mine:
            m[p] = m.get(p, 0) + 1
        for p in theirs:
            t[p] = t.get(p, 0) + 1
        out.append(pos_of(m, t))
    out.append(pos_of({8: 1, 11: 1}, {2: 1}))  # AgAAACIAAAAAAA: only 6-6 wins
    out.append(pos_of({9: 1}, {1: 1, 2: 1}))
    return out


def _one_sided_win(pos: Position) -> float:
    """P(the side on roll wins) from the two sides' distributions alone (each bearing off soonest)."""
    mine, theirs = pos.key & ((1 << 104) - 1), pos.key >> 104
    return 1.0 - _win(bearoff.solve(theirs >> 4)[1], bearoff.solve(mine >> 4)[1])


@pytest.mark.slow  # a cross-check against an independent computation
def test_tiny_races_are_played_out_as_a_two_sided_search_does() -> None:
    worst = 0.0
    races = _tiny_races()
    assert len(races) > 40
    for pos in races:
        ours = 1.0 - race.after(flip_key(pos.key))[0]  # type: ignore[index]
        assert ours == pytest.approx(_two_sided(pos.key), abs=1e-9), pos.position_id()
        worst = max(worst, abs(_one_sided_win(pos) - ours))
    # bearing off soonest on average is nearly always the play that wins most often, but not always
    assert 0.0 < worst < 0.005


def test_few_men_a_side_are_played_out_and_many_are_not() -> None:
    few = pos_of({6: 1, 5: 1}, {4: 1, 1: 1})
    assert 1.0 - race.after(flip_key(few.key))[0] == pytest.approx(_two_sided(few.key), abs=1e-9)  # type: ignore[index]
    many = pos_of({6: 3, 5: 3, 4: 3}, {6: 3, 5: 3, 2: 3})
    assert race._passes(many.key >> 108) ** 2 > race.PAIR_LIMIT
    assert 1.0 - race.after(flip_key(many.key))[0] == pytest.approx(_one_sided_win(many), abs=1e-12)  # type: ignore[index]
    assert race._passes(_board((1,))) == 2 and race._passes(_board((2, 2))) == 6


def test_home_boards_and_endings_of_few_positions_are_worked_out() -> None:
    mask = (1 << 104) - 1
    assert race.small(Position.from_counts(counts({6: 5}), counts({1: 1})).key & mask)
    assert race.small(Position.from_counts(counts({6: 6, 1: 4}), counts({1: 1})).key & mask)  # in the table
    assert race.small(Position.from_counts(counts({6: 7, 1: 4}), counts({1: 1})).key & mask)  # worked out
    assert race.small(Position.from_counts(counts({6: 10, 1: 5}), counts({1: 1})).key & mask)  # none off
    assert not race.small(Position.start().key & mask)  # none off, far from home
    many = pos_of({p: 2 for p in range(1, 7)} | {13: 1}, {1: 1})
    assert not race.small(many.key & mask)
    assert race.after(flip_key(many.key)) is None
    far = pos_of({6: 14, 7: 1}, {1: 1})  # 15 men, one outside: the race net's
    assert race.after(flip_key(far.key)) is None


@pytest.fixture(scope="module")
def bot() -> Bot:
    return Bot("expert")


@pytest.mark.parametrize(
    ("position_id", "gnubg"),
    [("OwAAAABAAAAAAA", 0.754), ("AgAAACIAAAAAAA", 0.028)],
)
def test_the_issues_races(bot: Bot, position_id: str, gnubg: float) -> None:
    """One man on the 17-point against five on the 1- and 2-points; two men against one (gnubg 2-ply)."""
    assert bot.evaluate(Position.from_position_id(position_id)).win == pytest.approx(gnubg, abs=0.03)


def _families() -> list[Position]:
    """One and two men at every distance against the opponent's few men near home."""
    theirs = ({1: 1}, {2: 1}, {6: 1}, {1: 2, 2: 3}, {3: 2, 5: 1}, {4: 1, 6: 2, 1: 1})
    out = []
    for t in theirs:
        out += [pos_of({p: 1}, t) for p in range(1, 25) if 25 - p > max(t)]
        out += [pos_of({p: 1, q: 1}, t) for p in range(1, 25, 3) for q in range(p, 25, 4) if 25 - q > max(t)]
    return out


@pytest.mark.slow  # a cross-check against an independent computation
def test_one_and_two_man_races_agree_with_gnubg_2ply(bot: Bot) -> None:
    """Within 0.03 of gnubg's 2-ply, or, where its race net is off, equal to the full two-sided search."""
    gnubg_nn = pytest.importorskip("gnubg_nn")
    positions = _families()
    assert len(positions) > 200
    off = []
    for pos in positions:
        ours = bot.evaluate(pos).win
        if abs(ours - gnubg_nn.probabilities(pos.gnubg_board(), 2)[0]) > 0.03:
            off.append(pos)
    assert len(off) <= 5  # three, all two men against three: gnubg's 2-ply says 0.245, the search 0.278
    for pos in off:
        assert bot.evaluate(pos).win == pytest.approx(_two_sided(pos.key), abs=0.005)


def test_spread_sides_of_few_men_are_estimated_near_their_exact_chances() -> None:
    """Where both can be had, the estimate's win chance is close to the worked-out one."""
    rng = random.Random(3)
    errors = []
    while len(errors) < 60:
        mine = [rng.randint(1, rng.randint(7, 20)) for _ in range(rng.randint(1, 4))]
        theirs = [rng.randint(1, rng.randint(1, 12)) for _ in range(rng.randint(1, 6))]
        a, b = _board(tuple(mine)), _board(tuple(theirs))
        if comb(max(mine) + len(mine), len(mine)) > race.LIMIT or max(theirs) + max(mine) > 25:
            continue
        exact = _win(bearoff.solve(a)[1], bearoff.solve(b)[1])
        errors.append(abs(exact - _win(race.estimate(a), race.estimate(b))))
    assert sum(errors) / len(errors) < 0.03
    assert max(errors) < 0.2


def _win(da: tuple[float, ...], db: tuple[float, ...]) -> float:
    """P(the side of ``da``, which has just moved, needs fewer rolls than the side of ``db``)."""
    return sum(pa * (1.0 - sum(db[: k + 1])) for k, pa in enumerate(da))


@pytest.mark.parametrize(
    ("position_id", "gnubg"),
    [
        ("/wAAAACAAAMAAA", 0.007),
        ("ywcAAAAAeAAAAA", 0.001),
        ("fwAAAAAfAAAAAA", 0.030),
        ("zgAAAAAfAAAAAA", 0.002),
    ],
)
def test_races_of_few_spread_men_are_no_longer_certain_wins(bot: Bot, position_id: str, gnubg: float) -> None:
    """The eval judge's worst races before the estimate (ours 0.93 to 1.00 each; gnubg 2-ply beside)."""
    assert bot.evaluate(Position.from_position_id(position_id)).win == pytest.approx(gnubg, abs=0.03)


def _home(rng: random.Random, men: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for _ in range(men):
        p = rng.randint(1, 6)
        out[p] = out.get(p, 0) + 1
    return out


def _bear_offs(seed: int, n: int) -> list[Position]:
    """Both sides home, one of them with 11-15 men (15: none off, so gammons are in play)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        big = rng.choice((11, 12, 13, 14, 15, 15, 15))
        other = rng.choice((rng.randint(1, 4), rng.randint(5, 10), rng.randint(11, 15), 15))
        sides = [_home(rng, big), _home(rng, other)]
        rng.shuffle(sides)
        out.append(pos_of(*sides))
    return out


def _agree_with_gnubg_bear_off_tables(positions: list[Position]) -> int:
    """All five chances as GNU Backgammon's 0-ply reads them from its one-sided 15-man tables."""
    gnubg_nn = pytest.importorskip("gnubg_nn")
    bot = Bot("expert")
    gammons = 0
    for pos in positions:
        ours = bot.evaluate(pos)
        theirs = gnubg_nn.probabilities(pos.gnubg_board(), 0)
        assert ours[:5] == pytest.approx(theirs, abs=2e-3), pos.position_id()
        gammons += ours[1] + ours[3] > 0.01
    return gammons


def test_home_boards_of_many_men_read_as_gnubgs_bear_off_tables() -> None:
    few = [pos_of({1: 5, 2: 5, 3: 5}, {1: 4, 3: 7}), pos_of({2: 6, 1: 5}, {1: 3, 2: 6, 3: 6})]
    gammon = [pos_of({5: 1, 6: 1}, {2: 8, 3: 7}), pos_of({4: 15}, {1: 1})]  # only 2-1 takes none off
    assert _agree_with_gnubg_bear_off_tables(few + gammon) == 2


@pytest.mark.slow  # works out most of the 15-man one-sided tables (about 10 s)
def test_random_bear_offs_of_many_men_read_as_gnubgs_bear_off_tables() -> None:
    positions = _bear_offs(11, 150)
    assert _agree_with_gnubg_bear_off_tables(positions) >= 10  # the gammons are tested


@pytest.mark.slow  # every home board: about 10 s
def test_the_tables_a_worker_works_out_are_every_home_board() -> None:
    race._forget()
    try:
        steps = sum(1 for _ in bearoff.think_tables())
        assert steps == len(bearoff._HOME_SOLVED) == comb(21, 6)  # every board of up to 15 men on 6 points
        assert len(bearoff._FIRST) == comb(20, 5)  # 15 men on 6 points
        assert not bearoff._STEPS  # the help is let go
    finally:
        race._forget()


@pytest.mark.slow  # a cross-check against GNU Backgammon
def test_bear_offs_of_few_men_a_side_read_as_gnubgs_two_sided_table() -> None:
    """GNU Backgammon's 0-ply reads these from its two-sided table: each roll played to win."""
    gnubg_nn = pytest.importorskip("gnubg_nn")
    rng = random.Random(12)
    bot = Bot("expert")
    seen = 0
    while seen < 100:
        pos = pos_of(_home(rng, rng.randint(1, 6)), _home(rng, rng.randint(1, 6)))
        sides = (pos.key & ((1 << 104) - 1)) >> 4, pos.key >> 108
        if race._passes(sides[0]) * race._passes(sides[1]) > race.PAIR_LIMIT:
            continue
        seen += 1
        theirs = gnubg_nn.probabilities(pos.gnubg_board(), 0)[0]
        assert bot.evaluate(pos).win == pytest.approx(theirs, abs=1e-4), pos.position_id()


@pytest.mark.slow  # seconds: the quick loop keeps under 40 s; CI runs it
def test_a_decision_works_its_home_boards_out_first_a_board_a_step() -> None:
    """What a race may reach is worked out before a thought reads it, each board after its successors."""
    race._forget()
    try:
        pos = pos_of({6: 4, 4: 5, 8: 2}, {1: 3, 3: 9})  # 11 men, two still outside; 12 men home
        assert list(bearoff.think_prepare(Position.start().key)) == []  # contact, nobody home
        top = bearoff._brought_home((pos.key & ((1 << 104) - 1)) >> 4)
        assert top == _board((6,) * 6 + (4,) * 5)
        order = {b: i for i, b in enumerate(bearoff._within(top))}
        assert len(order) == race._passes(top)
        for b, i in list(order.items())[::37]:
            for x, y in DICE:
                assert all(order[n] < i for n in bearoff.after_roll(b, x, y) if n != b), (b, x, y)
        steps = sum(1 for _ in bearoff.think_prepare(pos.key))
        assert steps and all(b in bearoff._HOME_SOLVED for b in order)
        assert not list(bearoff.think_prepare(pos.key))  # all there already
    finally:
        race._forget()
