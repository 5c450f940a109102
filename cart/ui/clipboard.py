"""The system clipboard, read for Ctrl+V: Pyxel 2.9.9 has no clipboard, so the desktop's own tool is asked.

Pyxel's API (2.9.9) offers typed text (``pyxel.input_text``) and dropped
files, but no clipboard. SDL, under it, has one, but Pyxel does not expose it.
So a paste asks the tool every desktop ships for the purpose: ``pbpaste`` on
macOS, PowerShell's ``Get-Clipboard`` on Windows, ``wl-paste`` under Wayland,
``xclip`` or ``xsel`` under X11. Where none answers, or in the browser (no
processes there), the paste says so and the player types the text instead.
Nothing here draws or reads input; the scenes get :func:`read_clipboard`
through their services, so tests give their own.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

__all__ = ["NO_CLIPBOARD", "read_clipboard"]

NO_CLIPBOARD = "Nothing to paste here (no clipboard tool found): type it instead"
"""What a paste says when the clipboard cannot be read (the browser, a desktop without a tool)."""

TIMEOUT_S = 1.0  # a tool that does not answer at once is not waited for: the frame must go on


def _commands() -> list[list[str]]:
    """The clipboard tools to try here, most likely first."""
    if sys.platform == "darwin":
        return [["pbpaste"]]
    if sys.platform == "win32":
        return [["powershell", "-NoProfile", "-Command", "Get-Clipboard"]]
    tools = []
    if os.environ.get("WAYLAND_DISPLAY"):
        tools.append(["wl-paste", "--no-newline"])
    if os.environ.get("DISPLAY"):
        tools += [["xclip", "-selection", "clipboard", "-o"], ["xsel", "--clipboard", "--output"]]
    return tools


def read_clipboard() -> str | None:
    """The clipboard's text, or None when it cannot be read (no tool, the browser, a tool that failed)."""
    if sys.platform == "emscripten":
        return None
    for command in _commands():
        if shutil.which(command[0]) is None:
            continue
        try:
            done = subprocess.run(command, capture_output=True, timeout=TIMEOUT_S, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0:
            return done.stdout.decode("utf-8", "replace")
    return None
