"""Messages for the player about stored data, and setting damaged entries aside.

A damaged file is never deleted and never stops anything else from loading: it
is renamed into ``damaged/`` (the player, or a later version, may still rescue
it) and a :class:`Notice` says what happened, in words the UI shows as they are.
"""

from __future__ import annotations

from collections.abc import Callable
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


def set_aside(backend: Backend, entry: str, what: str, reason: str, clock: Clock) -> Notice:
    """Rename ``entry`` into ``damaged/`` (never over an earlier one) and say ``what`` and ``reason``."""
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
            return Notice(entry, None, f"Could not use {what}: {reason}. It has since disappeared.")
        except OSError as exc:
            problem = exc
            break
        return Notice(
            entry,
            target,
            f"Could not use {what}: {reason}. The file was set aside as {target}; nothing else was changed.",
        )
    return Notice(
        entry,
        None,
        f"Could not use {what}: {reason}. It could not be set aside either ({problem}), so it was left "
        "where it is and skipped.",
    )
