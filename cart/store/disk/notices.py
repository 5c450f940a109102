"""Messages for the player about stored data, and setting damaged entries aside.

A damaged file is never deleted and never stops anything else from loading: it
is renamed into ``damaged/`` (the player, or a later version, may still rescue
it) and a :class:`Notice` says what happened, in words the UI shows as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from .entries import Backend

DAMAGED = "damaged/"
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The default clock (tests inject their own)."""
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """A timestamp as stored: UTC, to the second, ``2025-01-31T18:04:05Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Notice:
    """Something the player should know about their stored data; ``message`` is the sentence the UI shows."""

    entry: str
    moved_to: str | None
    message: str


def set_aside(
    backend: Backend, entry: str, what: str, reason: str, clock: Clock, *, with_it: Sequence[str] = ()
) -> Notice:
    """Rename ``entry`` into ``damaged/`` (never over an earlier one) and say ``what`` and ``reason``.

    ``with_it``: entries that belong to it (a game's pieces), moved after it; the notice names
    every file moved, so putting them back is putting back what it lists.
    """
    target, problem = _move_aside(backend, entry, clock)
    if target is None and problem is None:
        return Notice(entry, None, f"Could not use {what}: {reason}. It has since disappeared.")
    if target is None:
        return Notice(
            entry,
            None,
            f"Could not use {what}: {reason}. It could not be set aside either ({problem}), so it was left "
            "where it is and skipped.",
        )
    moved, stuck = [f"{entry} as {target}"], []
    for part in with_it:
        part_target, part_problem = _move_aside(backend, part, clock)
        if part_target is not None:
            moved.append(f"{part} as {part_target}")
        elif part_problem is not None:
            stuck.append(part)
    files = (
        f"The file was set aside as {target}"
        if len(moved) == 1
        else f"Its {len(moved)} files were set aside: "
    )
    rest = "nothing else was changed." if not stuck else f"{', '.join(stuck)} could not be moved and stayed."
    listed = "" if len(moved) == 1 else "; ".join(moved)
    return Notice(entry, target, f"Could not use {what}: {reason}. {files}{listed}; {rest}")


def _move_aside(backend: Backend, entry: str, clock: Clock) -> tuple[str | None, OSError | None]:
    """Rename ``entry`` into ``damaged/`` under a name of its own: (where it went, None), (None, why
    not), or (None, None) when it is gone."""
    stamp = clock().astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    base = f"{DAMAGED}{entry.replace('/', '-')}.{stamp}"
    problem: OSError | None = None
    for n in range(1000):
        target = base if n == 0 else f"{base}-{n}"
        try:
            backend.rename(entry, target)
        except FileExistsError:
            continue
        except FileNotFoundError:
            return None, None
        except OSError as exc:
            problem = exc
            break
        return target, None
    return None, problem or OSError("no free name in damaged/")
