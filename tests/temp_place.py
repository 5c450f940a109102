"""Where the tests' folders go: in memory where there is room, else wherever pytest puts them."""

from __future__ import annotations

import os
from pathlib import Path

MEMORY_TEMP = Path("/dev/shm")
"""A folder in memory (Linux): where the tests' folders go unless the user chose a place for them."""
MEMORY_TEMP_FREE = 1 << 30
"""Bytes it must have free: a container's is often 64 MiB, too small for the slow tests' builds."""


def memory_temp_fits(folder: Path, free: int = MEMORY_TEMP_FREE) -> bool:
    """Whether ``folder`` is there, writable and has ``free`` bytes for a whole run's folders."""
    if not (folder.is_dir() and os.access(folder, os.W_OK)):
        return False
    st = os.statvfs(folder)
    return st.f_bavail * st.f_frsize >= free
