"""Opening the screen without the sound system's noise on a machine with no sound.

SDL, under Pyxel's init, tries every audio driver: on a machine without sound
ALSA's library writes eight lines to the process's stderr and Pyxel one more to
its stdout, from C and Rust, below Python's ``sys`` streams. So the two file
descriptors are caught around the call; what else was written is passed on.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable

NOISE = ("ALSA lib ", "Failed to initialize audio device", "jack server", "Cannot connect to server")
"""How the lines of a failed audio start begin (ALSA's library, Pyxel, JACK's client)."""
NO_DEVICE = "Failed to initialize audio device"
SILENT = "No sound device was found: the game plays without sound."


def quietly(start: Callable[[], None]) -> bool:
    """Call ``start`` with the C-level stdout and stderr caught; pass on all but the audio noise.

    Returns whether the audio device failed to open. Where the descriptors cannot be caught
    (a browser), ``start`` runs as it is.
    """
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    try:
        saved = [os.dup(1), os.dup(2)]
    except OSError:
        start()
        return False
    said: list[str] = []
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            start()
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)
            for caught, fd in ((out, 1), (err, 2)):  # what else was said, even if ``start`` failed
                caught.seek(0)
                lines = caught.read().decode(errors="replace").splitlines(keepends=True)
                said += lines
                kept = "".join(line for line in lines if not line.startswith(NOISE))
                if kept:
                    os.write(fd, kept.encode())
    return any(line.startswith(NO_DEVICE) for line in said)
