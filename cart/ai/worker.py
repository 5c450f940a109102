"""Thinking away from the frame: the computer's decisions in a process (or a browser's worker) of its own.

A game's frame cannot wait for a thought, and a thought sliced into frames takes their
spare time. :class:`Worker` runs :func:`serve` in a child Python (AI and engine, never
Pyxel), :class:`PageWorker` in the page's Web Worker; both answer with the same code as
the job's slices (:func:`cart.ai.jobs.think_job`), and where neither can be had the asker
thinks in slices. A courier thread pickles jobs to the child's stdin, so the frame never
blocks; the child ends when its stdin closes, however the game ends.
"""

from __future__ import annotations

import atexit
import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import IO, Any

from .jobs import Job, think_job, thinking_copy

ROOT = Path(__file__).resolve().parent.parent.parent
"""The folder holding the ``cart`` package: the child imports it from there."""
PAGE_WORKER_PARTS = ("ai", "engine")
"""The cart's packages the page's worker is handed as files, beside :data:`PAGE_WORKER_MODULES`."""
PAGE_WORKER_MODULES = ("__init__", "import_order")
"""The cart's own modules those packages import (``cart.ai``'s face reads ``cart.import_order``)."""
HANDED = (".py", ".pyc", ".bin")
"""Their sources, the page's bytecode in their place (``tools/build_web.py``) and the weights."""


# -- the asking side ------------------------------------------------------------------------------
def sendable(job: Job) -> bytes:
    """``job`` pickled to be sent, each match in it as a thought needs it (:func:`thinking_copy`)."""
    from ..engine import Match

    return pickle.dumps(
        tuple(thinking_copy(a) if isinstance(a, Match) else a for a in job), pickle.HIGHEST_PROTOCOL
    )


class Answer:
    """A job sent away: ``ready`` once its answer has come, ``failed`` once it cannot come.

    One not answered :data:`STUCK_S` after it was sent fails, and stops its worker with it.
    """

    __slots__ = ("__weakref__", "data", "lost", "ready", "sent", "worker")

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.ready = False
        self.lost = False
        self.sent: float | None = None  # when the courier handed it to the child
        self.data = b""

    @property
    def failed(self) -> bool:
        if not self.lost and not self.ready and self.sent is not None and stuck(self.sent):
            self.worker.close()  # a child that does not answer is of no more use than a dead one
            self.lost = True
        return self.lost

    def value(self) -> Any:
        """The answer (read here, in the asker's thread: the classes it names are loaded there)."""
        return pickle.loads(self.data)


STUCK_S = 20.0
"""Seconds after which a job not answered is given up, and its worker with it (the game then thinks in
the frame): the master's longest thought takes about 0.5 s here, a few seconds in a slow browser."""


def stuck(since: float) -> bool:
    """Whether a job sent at ``since`` (``time.monotonic``) has waited too long."""
    return time.monotonic() - since > STUCK_S


def command() -> list[str]:
    """The child's command line: this Python, this cart (wherever it was unpacked), this module."""
    start = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from cart.ai.worker import serve; serve()"
    return [sys.executable, "-c", start]


class Worker:
    """The child process that thinks, and the courier thread that talks to it.

    :meth:`start` gives None where no child can be started; :meth:`ask` gives None once it has stopped.
    """

    def __init__(self, argv: Sequence[str] | None = None) -> None:
        self.process = subprocess.Popen(
            list(argv) if argv is not None else command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
        )
        self.outbox: queue.SimpleQueue[tuple[weakref.ref[Answer], bytes] | None] = queue.SimpleQueue()
        self.stopped = False
        self.thread = threading.Thread(target=self._courier, name="thought courier", daemon=True)
        self.thread.start()
        atexit.register(self.close)

    @classmethod
    def start(cls, argv: Sequence[str] | None = None) -> Worker | None:
        """A worker, or None where no process can be started (the browser, a frozen build, an OS refusal).

        ``argv``: another child than this module (tests).
        """
        if sys.platform == "emscripten" or getattr(sys, "frozen", False) or not sys.executable:
            return None
        try:
            return cls(argv)
        except (OSError, ValueError, subprocess.SubprocessError):
            return None

    def ask(self, job: Job) -> Answer | None:
        """Send ``job`` (its match copied as it is now); None when the worker has stopped.

        Dropping the answer before it is sent leaves the job unsent.
        """
        if self.stopped:
            return None
        answer = Answer(self)
        self.outbox.put((weakref.ref(answer), sendable(job)))
        if self.stopped:  # stopped meanwhile: the courier may have emptied the outbox before this
            answer.lost = True
        return answer

    def _courier(self) -> None:
        """Send each job, wait for its answer, hand it over; on any failure every job left fails."""
        process = self.process
        stdin, stdout = process.stdin, process.stdout
        assert stdin is not None and stdout is not None
        sending: weakref.ref[Answer] | None = None
        try:
            while True:
                item = self.outbox.get()
                if item is None:
                    break
                sending, payload = item
                waiting = sending()
                if waiting is None:
                    continue  # given up before it was sent
                waiting.sent = time.monotonic()
                del waiting
                stdin.write(payload)
                stdin.flush()
                ok, data = pickle.load(stdout)
                answer = sending()
                sending = None
                if answer is not None:
                    answer.data = data
                    answer.lost = not ok
                    answer.ready = ok
        except Exception:  # a child that died or garbled its answer: the askers think in slices instead
            pass
        finally:
            self.stopped = True
            answer = sending() if sending is not None else None
            if answer is not None:
                answer.lost = True
            while True:
                try:
                    item = self.outbox.get_nowait()
                except queue.Empty:
                    break
                left = item[0]() if item is not None else None
                if left is not None:
                    left.lost = True
            self._end()

    def _end(self) -> None:
        process = self.process
        for pipe in (process.stdin, process.stdout):
            try:
                if pipe is not None:
                    pipe.close()
            except OSError:
                pass
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def close(self) -> None:
        """Stop the child now (a thought under way is of no use to a game that ends) and the courier."""
        self.stopped = True
        atexit.unregister(self.close)
        if self.process.poll() is None:
            self.process.kill()
        self.outbox.put(None)
        if self.thread is not threading.current_thread():
            self.thread.join(timeout=2.0)


class PageAnswer:
    """A job sent to the page's Web Worker: polled through the page's ``gammonThinker``."""

    def __init__(self, bridge: Any, ticket: int) -> None:
        self.bridge = bridge
        self.ticket = ticket
        self.sent = time.monotonic()
        weakref.finalize(self, bridge.forget, ticket)  # dropped unanswered: the page forgets it too

    @property
    def ready(self) -> bool:
        return bool(self.bridge.state(self.ticket) == 1)

    @property
    def failed(self) -> bool:
        state = self.bridge.state(self.ticket)
        if state == 0 and stuck(self.sent):
            # as :class:`Answer`, a worker that does not answer is given up; the page starts another
            self.bridge.restart(f"no answer in {STUCK_S:.0f} s")
            return True
        return bool(state == 2)

    def value(self) -> Any:
        """The answer; raises when the worker could not make it (the asker then thinks it itself)."""
        ok, data = pickle.loads(self.bridge.take(self.ticket).to_bytes())
        if not ok:
            raise RuntimeError(data.decode("utf-8", "replace"))
        return pickle.loads(data)


class PageWorker:
    """The browser's worker: a Web Worker with a Pyodide of its own, started by the page (``page.js``).

    It is handed the cart's AI and engine on the first :meth:`ask`, so the title's first frame
    does not wait for that; until it says it is ready (or where it failed) :meth:`ask` gives None.
    """

    def __init__(self, js: Any, bridge: Any, to_js: Callable[..., Any]) -> None:
        self.js = js
        self.bridge = bridge
        self.to_js = to_js
        self.started: bool | None = None  # None: not handed over yet

    @classmethod
    def of(cls, js: Any, to_js: Callable[..., Any]) -> PageWorker | None:
        """The page's worker, not started yet; None where the page has none."""
        bridge = getattr(js, "gammonThinker", None)
        return None if bridge is None else cls(js, bridge, to_js)

    def _start(self) -> bool:
        """Hand the page this cart's AI and engine to start its worker with (in the page, the engine is
        bytecode the worker's Python reads as the page's does); whether it took them."""
        cart = ROOT / "cart"
        files = {
            f"cart/{stem}{suffix}": (cart / f"{stem}{suffix}").read_bytes()
            for stem in PAGE_WORKER_MODULES
            for suffix in HANDED
            if (cart / f"{stem}{suffix}").is_file()
        }
        for part in PAGE_WORKER_PARTS:
            for path in sorted((cart / part).rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts and path.suffix in HANDED:
                    files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
        try:
            return bool(self.bridge.start(self.to_js(files, dict_converter=self.js.Object.fromEntries)))
        except Exception:  # a page that cannot start one: think in the frame
            return False

    def ask(self, job: Job) -> PageAnswer | None:
        """Send ``job`` once the worker is ready; None before (the first time: starting it) or without one."""
        if self.started is None:
            self.started = self._start()
            return None
        if not self.started or not self.bridge.ready():
            return None
        return PageAnswer(self.bridge, int(self.bridge.ask(self.to_js(sendable(job)))))

    def close(self) -> None:
        self.bridge.stop()


# -- the child ------------------------------------------------------------------------------------
def warm() -> None:
    """Load the AI and its nets, so the first answer does not wait for them; its thoughts read the
    bear-off tables on demand (:func:`.bearoff.work_on_demand`): this process is a worker."""
    from . import think_ready
    from .bearoff import work_on_demand
    from .bot import load_weights
    from .slices import drain

    drain(think_ready())
    load_weights()
    work_on_demand()


_TABLES: Generator[None, None, None] | None = None
IDLE_S = 1.0
"""Seconds a child waits without a job before it works out tables (:func:`warm_step`)."""


def warm_step(seconds: float) -> bool:
    """Work out bear-off tables (:func:`.bearoff.think_tables`) for about ``seconds``; False once all are."""
    global _TABLES
    from .bearoff import think_tables

    if _TABLES is None:
        _TABLES = think_tables()
    end = time.monotonic() + seconds
    return any(time.monotonic() > end for _ in _TABLES)  # stops at the step past the time


def _warm_while_idle(idle: threading.Event, quiet_since: list[float]) -> None:
    """Step :func:`warm_step` while no job is under way and none has been for :data:`IDLE_S`."""
    while True:
        idle.wait()
        wait = quiet_since[0] + IDLE_S - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        elif not warm_step(0.02):
            return


def reply(job: Job) -> bytes:
    """The answer to ``job``, pickled: ``(True, pickled value)``, or ``(False, why)`` when it failed.

    The value stays pickled for the courier, which hands it on unread.
    """
    from .slices import drain

    try:
        done = (True, pickle.dumps(drain(think_job(job)), pickle.HIGHEST_PROTOCOL))
    except Exception as exc:  # the asker thinks it over itself, and meets the error there
        done = (False, repr(exc).encode())
    return pickle.dumps(done, pickle.HIGHEST_PROTOCOL)


def answer(payload: bytes) -> bytes:
    """:func:`reply` to a pickled job (the browser's worker gets its jobs as bytes)."""
    try:
        job = pickle.loads(payload)
    except Exception as exc:
        return pickle.dumps((False, repr(exc).encode()), pickle.HIGHEST_PROTOCOL)
    return reply(job)


def serve(source: IO[bytes] | None = None, sink: IO[bytes] | None = None) -> int:
    """Answer jobs from ``source`` on ``sink`` (stdin and stdout) until ``source`` ends.

    Anything printed goes to stderr: stdout carries the answers alone. Ctrl+C in the
    terminal is the game's to handle.
    """
    if source is None or sink is None:
        source = sys.stdin.buffer
        sink = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
        os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    warm()
    idle = threading.Event()
    quiet_since = [time.monotonic()]
    threading.Thread(target=_warm_while_idle, args=(idle, quiet_since), name="tables", daemon=True).start()
    try:
        while True:
            idle.set()
            try:
                job = pickle.load(source)
            except EOFError:
                return 0
            idle.clear()
            try:
                sink.write(reply(job))
                sink.flush()
            except (OSError, ValueError):
                return 0
            quiet_since[0] = time.monotonic()
    finally:
        idle.clear()  # the tables' thread waits for good


if __name__ == "__main__":
    sys.exit(serve())
