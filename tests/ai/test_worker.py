"""The computer thinking in a process of its own (:mod:`cart.ai.worker`): the same answers, and no leftovers.

The worker is started for real here (a child Python); the UI's use of it is in
``tests/ui/table/test_ui_worker.py``.
"""

from __future__ import annotations

import copy
import functools
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from kept import CODE, kept
from tables import child_argv

from cart.ai import Bot, choose_action
from cart.ai.jobs import Job, review_job, think_job, thinking_copy
from cart.ai.review import DEFAULT_PLY, Review, analysis_key, joined, review_match
from cart.ai.slices import drain
from cart.ai.worker import Answer, Worker
from cart.engine import Action, Double, Match, Move, NewGame, Rules, Take

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 60.0  # a loaded machine: generous, never reached by a worker that works


def wait(answer: Answer | None) -> Answer:
    """``answer`` once it has come or failed (polled, as a frame would)."""
    assert answer is not None
    limit = time.monotonic() + WAIT_S
    while not (answer.ready or answer.failed) and time.monotonic() < limit:
        time.sleep(0.002)
    return answer


def moment(index: int) -> Match:
    """A copy of that match at its decision ``index`` (of the first game)."""
    return copy.deepcopy(_moments(5)[index])


@functools.cache
def _moments(seed: int) -> list[Match]:
    """The match at each decision of its first two games, played once (kept: :mod:`kept`)."""
    return kept(f"worker-moments-{seed}", [*CODE, Path(__file__)], lambda: _play(seed))


def _play(seed: int) -> list[Match]:
    match = Match(Rules(match_length=5), rng=random.Random(seed))
    bot = Bot("expert", seed=seed)
    seen = []
    while match.game_number <= 2 and not match.is_match_over:
        seen.append(copy.deepcopy(match))
        match.apply(choose_action(bot, match))
    return seen


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    started = Worker.start(child_argv())
    assert started is not None
    yield started
    started.close()


def test_the_worker_decides_as_the_frame_does(worker: Worker) -> None:
    """Every level, moves and cube, a hint and the tutor: the worker answers as the frame does, bit for bit.

    Later in a match, so the copy sent (the current game's record only) is tested too.
    """
    second = [m for m in _moments(5) if m.game_number == 2]  # read: the jobs below are copies
    moving = [m for m in second if m.game.phase == "move"]
    rolling = [m for m in second if m.game.phase == "roll"]
    assert len(moving) >= 27 and rolling
    asked = moving[26]  # a bearing-in of 8 plays: the tutor's and the master's 2-ply there take 0.1 s
    jobs: list[Job] = [
        ("turn", "beginner", 0, moving[0]),
        ("turn", "intermediate", 1, moving[1]),
        ("turn", "expert", 0, moving[2]),
        ("turn", "master", 1, asked),
        ("turn", "expert", 0, rolling[-1]),  # the master's cube, with its lookahead: the slow test's
        ("hint", "expert", moving[1]),
        ("tutor", asked, Move(asked.game.legal_plays()[-1].moves), "doubtful"),
    ]
    jobs = copy.deepcopy(jobs)
    answers = [worker.ask(job) for job in jobs]
    for job, answer in zip(jobs, answers, strict=True):
        assert wait(answer).ready, job[0]
        assert answer is not None and answer.value() == drain(think_job(job)), job[:2]
    # the answers are what the game applies: the master's play is a legal one
    assert answers[3] is not None and answers[3].value().kind == "move"
    assert answers[-1] is not None and answers[-1].value() is not None  # the tutor asks


def test_the_copy_sent_keeps_what_a_thought_reads() -> None:
    """No observer or dice go with it, and the record starts at the current game's NewGame."""
    later = copy.deepcopy(next(m for m in _moments(5) if m.game_number == 2))
    later.on_commit = lambda *_: None
    sent = thinking_copy(later)
    assert sent.on_commit is None and sent.rng is None and later.rng is not None
    assert isinstance(sent.record[0], NewGame) and NewGame() not in sent.record[1:]
    assert later.record[-len(sent.record) :] == sent.record
    assert sent.game is later.game and sent.score == later.score and sent.game_number == 2
    first = moment(3)
    assert thinking_copy(first).record == first.record  # the first game: all of it


@pytest.mark.slow
def test_a_whole_match_decided_in_the_worker_is_the_same_match(worker: Worker) -> None:
    """Each decision of a master's 3-point match, made in the worker and in the frame: the same match."""
    ours = Match(Rules(match_length=3), rng=random.Random(11))
    theirs = Match(Rules(match_length=3), rng=random.Random(11))
    while not ours.is_match_over:
        seat = ours.game.actor
        answer = wait(worker.ask(("turn", "master", seat, ours)))
        assert answer.ready
        ours.apply(answer.value().action(ours))
        theirs.apply(drain(think_job(("turn", "master", seat, theirs))).action(theirs))
        assert ours.record == theirs.record
    assert len(ours.record) > 20


def test_a_worker_that_cannot_start_is_none() -> None:
    assert Worker.start([str(ROOT / "no such python")]) is None


def test_a_worker_that_dies_fails_its_answers(worker: Worker) -> None:
    """Killed, or answering nonsense: what was asked fails, and later asks get None (think in the frame)."""
    dying = Worker.start(child_argv())
    assert dying is not None
    dying.process.kill()
    assert wait(dying.ask(("hint", "expert", moment(1)))).failed
    limit = time.monotonic() + WAIT_S
    while not dying.stopped and time.monotonic() < limit:
        time.sleep(0.01)
    assert dying.ask(("hint", "expert", moment(1))) is None
    dying.close()
    garbled = Worker.start([sys.executable, "-c", "import sys; sys.stdin.buffer.read(1); print('no pickle')"])
    assert garbled is not None
    assert wait(garbled.ask(("hint", "expert", moment(1)))).failed
    garbled.close()
    # a job the child cannot do fails alone: the worker goes on
    assert wait(worker.ask(("no such job",))).failed
    assert wait(worker.ask(("hint", "expert", moment(1)))).ready


@pytest.mark.slow  # a second whole child (half a second of CPU): the quick loop's own second child is
# test_a_worker_that_dies_fails_its_answers's, killed while the module's goes on answering
def test_two_workers_answer_apart(worker: Worker) -> None:
    """Two games at once (two windows): each its own child, nothing shared."""
    other = Worker.start(child_argv())
    assert other is not None and other.process.pid != worker.process.pid
    m = moment(1)
    both = [worker.ask(("turn", "expert", 0, m)), other.ask(("turn", "expert", 0, m))]
    assert [wait(x).value() for x in both] == [drain(think_job(("turn", "expert", 0, m)))] * 2
    other.close()
    assert other.process.poll() is not None and worker.process.poll() is None


GAME = f"""
import os, sys, time
sys.path.insert(0, {str(ROOT)!r})
from cart.ai.worker import Worker
w = Worker.start()
print(w.process.pid, flush=True)
time.sleep(0.5)
{{end}}
"""


def _ended(pid: int) -> bool:
    """Gone, or a zombie (ended, not yet reaped by whoever adopted it)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    "end",
    [
        "os._exit(0)",  # as pyxel.quit() ends the process: no atexit
        pytest.param("sys.exit(0)", marks=pytest.mark.slow),  # an ordinary end: atexit closes it
        pytest.param("os.kill(os.getpid(), 9)", marks=pytest.mark.slow),  # killed
    ],
)
def test_the_worker_ends_with_the_game(end: str) -> None:
    """The game's end closes the child's stdin, and the child ends. Killed, the game's end is the child's
    as ``os._exit``'s (the quick loop's): the kernel closes the pipe either way, no code of the game runs.
    Each end costs a game and its worker's start (the worker's, uncounted by any budget: not our child)."""
    game = subprocess.run(
        [sys.executable, "-c", GAME.replace("{end}", end)], capture_output=True, text=True, timeout=WAIT_S
    )
    pid = int(game.stdout.split()[0])
    limit = time.monotonic() + WAIT_S
    while not _ended(pid) and time.monotonic() < limit:
        time.sleep(0.01)
    assert _ended(pid)
    if not _ended(pid):
        os.kill(pid, signal.SIGKILL)


class Bridge:
    """The page's ``gammonThinker`` as PageWorker sees it, answering each job at once (with ``reply``)."""

    class Data(bytes):
        def to_bytes(self) -> bytes:  # a JS Uint8Array's proxy
            return bytes(self)

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.up = False
        self.answers: dict[int, bytes] = {}
        self.forgotten: list[int] = []
        self.stopped = False
        self.restarted: list[str] = []

    def start(self, files: dict[str, bytes]) -> bool:
        self.files = files
        return True

    def ready(self) -> bool:
        return self.up

    def ask(self, payload: bytes) -> int:
        from cart.ai.worker import answer

        ticket = len(self.answers) + 1
        self.answers[ticket] = answer(payload)
        return ticket

    def state(self, ticket: int) -> int:
        return 1 if ticket in self.answers else 2

    def take(self, ticket: int) -> Data:
        return self.Data(self.answers.pop(ticket))

    def forget(self, ticket: int) -> None:
        self.forgotten.append(ticket)
        self.answers.pop(ticket, None)

    def stop(self) -> None:
        self.stopped = True

    def restart(self, why: str) -> None:
        self.restarted.append(why)


def test_the_page_worker_sends_the_cart_asks_once_ready_and_reads_answers() -> None:
    """PageWorker against a stand-in page: the AI's and engine's files go, nothing is asked before the
    worker is ready, answers read as the frame's, a failed job raises (the frame thinks it)."""
    from types import SimpleNamespace

    from cart.ai.worker import PageWorker

    bridge = Bridge()
    js = SimpleNamespace(gammonThinker=bridge, Object=SimpleNamespace(fromEntries=dict))
    assert PageWorker.of(SimpleNamespace(), lambda x, **_: x) is None  # a page without one
    page = PageWorker.of(js, lambda x, **_: x)
    assert page is not None and not bridge.files  # nothing read while the title's first frame waits
    m = moment(1)
    job: Job = ("turn", "expert", 0, m)
    assert page.ask(job) is None  # the first ask hands the cart over: the frame thinks
    handed = {"cart/__init__.py", "cart/import_order.py", "cart/ai/worker.py", "cart/ai/weights.bin"}
    assert handed | {"cart/engine/match.py"} <= set(bridge.files)  # the AI, the engine and what they import
    assert not [n for n in bridge.files if not n.startswith(("cart/ai/", "cart/engine/")) and n not in handed]
    assert page.ask(job) is None  # still loading: the frame thinks
    bridge.up = True
    answer = page.ask(job)
    assert answer is not None and answer.ready and not answer.failed
    assert answer.value() == drain(think_job(job))
    failing = page.ask(("no such job",))
    assert failing is not None and failing.ready
    with pytest.raises(RuntimeError, match="KeyError"):
        failing.value()
    dropped = page.ask(job)
    assert dropped is not None
    ticket = dropped.ticket
    del dropped
    assert ticket in bridge.forgotten  # an answer the game no longer wants is forgotten by the page
    page.close()
    assert bridge.stopped

    refusing = Bridge()
    refusing.up = True
    refusing.start = lambda files: False  # type: ignore[method-assign]  # a page that cannot start one
    js = SimpleNamespace(gammonThinker=refusing, Object=SimpleNamespace(fromEntries=dict))
    never = PageWorker.of(js, lambda x, **_: x)
    assert never is not None and never.ask(job) is None and never.ask(job) is None  # the frame thinks
    assert not refusing.answers


def test_a_worker_that_does_not_answer_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A child that takes the job and never answers: past STUCK_S the answer fails and the child is stopped;
    the page's worker is started again (the game meanwhile thinks in the frame)."""
    from types import SimpleNamespace

    import cart.ai.worker as worker_module
    from cart.ai.worker import PageWorker

    monkeypatch.setattr(worker_module, "STUCK_S", 0.3)
    silent = Worker.start(
        [sys.executable, "-c", "import sys, time; sys.stdin.buffer.read(1); time.sleep(60)"]
    )
    assert silent is not None
    answer = silent.ask(("hint", "expert", moment(1)))
    assert answer is not None
    time.sleep(0.1)
    assert not answer.failed and silent.process.poll() is None  # not yet
    assert wait(answer).failed and not answer.ready
    assert silent.process.wait(timeout=WAIT_S) is not None
    assert silent.ask(("hint", "expert", moment(1))) is None

    bridge = Bridge()
    bridge.up = True
    page = PageWorker.of(
        SimpleNamespace(gammonThinker=bridge, Object=SimpleNamespace(fromEntries=dict)), lambda x, **_: x
    )
    assert page is not None and page.ask(("hint", "expert", moment(1))) is None  # handed over
    bridge.ask = lambda payload: 99  # type: ignore[method-assign]  # taken, never answered
    bridge.state = lambda ticket: 0  # type: ignore[method-assign]
    quiet = page.ask(("hint", "expert", moment(1)))
    assert quiet is not None and not quiet.failed and not bridge.restarted
    time.sleep(0.4)
    assert quiet.failed and bridge.restarted == ["no answer in 0 s"] and not bridge.stopped  # another comes


@pytest.mark.slow  # seconds: the quick loop keeps under 40 s; CI runs it
def test_a_worker_works_the_bear_off_tables_out_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """Between jobs a worker works tables out a step at a time, until all are, and then says so."""
    from cart.ai import bearoff, race, worker as module

    boards = list(bearoff.home_boards())[8000:8600]  # boards of 11 men
    monkeypatch.setattr(bearoff, "home_boards", lambda men=15: iter(boards))
    monkeypatch.setattr(module, "_TABLES", None)
    race._forget()
    try:
        assert module.warm_step(0.0)  # one board, and more to do
        assert 0 < sum(b in bearoff._HOME_SOLVED for b in boards) < len(boards)
        while module.warm_step(0.01):
            pass
        assert all(b in bearoff._HOME_SOLVED for b in boards)
        assert not module.warm_step(1.0)
    finally:
        race._forget()


def test_a_workers_thought_works_out_only_the_bear_off_boards_it_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 42: a worker thinks away from the frame, so its thought works a board out as it reads it.

    Preparing every board a look two rolls ahead might read (where contact is thin: every board of
    both sides) would keep a page's standby, taking over before it has worked its tables out, from
    answering for tens of seconds. The play is the one the whole tables give.
    """
    import pickle

    from tables import load_tables

    from cart.ai import bearoff, race
    from cart.ai.worker import reply, warm
    from cart.engine import Roll

    monkeypatch.setattr(bearoff, "_ON_DEMAND", False, raising=False)  # warm() sets it for this process
    match = Match.from_ids("tm0DJQD37QEAIA")  # money, the rear men 16 pips apart
    match.apply(Roll(dice=(1, 6)))
    job = ("turn", "master", 1, match)
    race._forget()
    try:
        warm()
        ok, data = pickle.loads(reply(job))
        made = len(bearoff._HOME_SOLVED)
        load_tables()  # every board, as in a worker that has waited long enough
        whole = drain(think_job(job))
    finally:
        race._forget()
    assert ok and made < bearoff.HOME_BOARDS // 10
    assert pickle.loads(data).action(match) == whole.action(match)


@pytest.mark.slow  # seconds a position: the quick loop keeps the one above
def test_the_masters_plays_on_the_bench_suite_are_the_same_with_boards_on_demand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 42: over the bench suite's thin-contact positions (every 25th), a worker's thought with
    the boards worked out as it reads them plays what it plays with every board there."""
    from tables import load_tables

    from cart.ai import bearoff, race
    from cart.ai.classes import is_race
    from cart.engine import Roll
    from tools.bench_common import load_suite

    thin = [(p, d) for p, *d in load_suite() if not is_race(p.key) and 0 < bearoff._overlap(p.key) <= 16]
    monkeypatch.setattr(bearoff, "_ON_DEMAND", True)
    try:
        for position, dice in thin[::25]:
            match = Match.from_ids(position.position_id())
            match.apply(Roll(dice=(dice[0], dice[1])))
            if match.game.phase != "move":
                continue  # no play with these dice
            job = ("turn", "master", 1, match)
            race._forget()
            on_demand = drain(think_job(job)).action(match)
            load_tables()
            assert on_demand == drain(think_job(job)).action(match), position.position_id()
    finally:
        race._forget()


@functools.cache
def _doubled_game() -> tuple[Action, ...]:
    """The first 30 actions of a beginner's money game against an intermediate: a double taken at 23-24."""
    match = Match(Rules(), names=("Beginner", "You"), rng=random.Random(20))
    bots = [Bot("beginner", seed=1), Bot("intermediate", seed=2)]
    while len(match.record) < 30:
        match.apply(choose_action(bots[match.game.actor], match))
    return tuple(match.record)


def doubled_game() -> Match:
    match = Match.replay(Rules(), _doubled_game(), names=("Beginner", "You"))
    assert [type(a) for a in match.record[23:25]] == [Double, Take]
    return match


def parts(worker: Worker, match: Match, seconds: float, since: int = 0) -> tuple[list[int], Review | None]:
    """``match``'s review from ``since`` in the worker's parts of ``seconds``: where each stopped, joined."""
    review: Review | None = None
    stops = []
    while since < len(match.record):
        answer = wait(worker.ask(review_job(match, DEFAULT_PLY, since, seconds)))
        assert answer.ready
        part = answer.value()
        assert all(j.index >= since for j in (*part.plays, *part.cubes, *part.rolls))
        review = joined(review, part)
        since = part.upto
        stops.append(since)
    return stops, review


@pytest.mark.slow  # seconds: the quick loop has the Review window's own worker test
def test_the_worker_reviews_in_parts_what_the_frame_reviews_whole(worker: Worker) -> None:
    """A review judged in the worker a part at a time, joined: the frame's review, key and marks included.

    A part of no time is one action, a double with its answer; longer parts going on from a
    cached prefix (a window opened again) join to the same review.
    """
    match = doubled_game()
    whole = review_match(match)
    assert whole.key == analysis_key() and whole.errors()  # marks to compare
    stops, review = parts(worker, match, 0.0)
    assert review == whole
    assert stops == [n for n in range(1, len(match.record) + 1) if n != 24]  # the double with its answer
    cached = review_match(Match.replay(match.rules, match.record[:12], names=match.names))
    rest = parts(worker, match, 0.05, since=12)[1]
    assert rest is not None and joined(cached, rest) == whole
    # a part is what the same job's generator gives in the frame
    job = review_job(match, DEFAULT_PLY, 23, 0.0)
    answer = wait(worker.ask(job))
    assert answer.value() == drain(think_job(job))
    assert answer.value().upto == 25 and [c.kind for c in answer.value().cubes] == ["double", "take"]


@pytest.mark.slow  # seconds: the quick loop keeps under 40 s; CI runs it
def test_a_review_part_left_unread_does_not_reach_the_next_thought(worker: Worker) -> None:
    """A window closed mid-analysis drops its part: the next job's answer is its own, a next review's too."""
    match = doubled_game()
    left = worker.ask(review_job(match, DEFAULT_PLY, 0, 0.2))
    assert left is not None
    del left  # the window is gone
    job: Job = ("hint", "expert", moment(1))
    assert wait(worker.ask(job)).value() == drain(think_job(job))
    other = Match.replay(match.rules, match.record[:10], names=match.names)
    assert parts(worker, other, 0.05)[1] == review_match(other)
