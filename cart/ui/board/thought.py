"""A computer decision for the game's scenes: made in the worker process where there is one, else in slices.

The jobs are :mod:`cart.ai.jobs`, the same generators either way, so a play does not
depend on where it was thought. The table's plays and the drills' checks (the Review's and the
Drills window's) think here, so it lives on the lowest floor they share.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from cart.ai import THOUGHT, think_ready
from cart.import_order import think_imports
from cart.ui.kit.thinking import Asker, Thinker

if TYPE_CHECKING:
    from cart.ai.jobs import Job


def thought(
    job: Job,
    done: Callable[[Any], None],
    state: object,
    player: int | None = None,
    worker: Asker | None = None,
) -> Thinker:
    """The Thinker for ``job``: sent to ``worker`` where there is one, thought in the frame otherwise.

    In the frame the AI is loaded first, a module a slice; waiting for the worker, only its
    modules are (the answer names their classes), and no net is built here.
    """

    def here() -> Generator[None, None, Any]:
        yield from think_ready()
        from cart.ai.jobs import think_job  # after the AI's own modules: one import a slice

        return (yield from think_job(job))

    answer = worker.ask(job) if worker is not None else None
    prepare = think_imports(THOUGHT) if answer is not None else None
    return Thinker(here(), done, state, player, answer=answer, prepare=prepare)
