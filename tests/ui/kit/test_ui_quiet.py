"""Issue 43: a launch on a machine without sound prints no ALSA lines, at most one plain one.

The noise comes from C and Rust below Python's streams, so the checks read file descriptors:
``capfd`` for the catching itself, a real ``python -m cart`` in a child for the whole launch.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cart.ui.kit.quiet import NO_DEVICE, SILENT, quietly

ROOT = Path(__file__).resolve().parents[3]


def noisy_start() -> None:
    """What SDL and Pyxel write when no sound device opens, among lines of other news."""
    os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    os.write(2, b"something else went wrong\n")
    os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    os.write(1, f"{NO_DEVICE}\nthe screen is open\n".encode())


def test_the_audio_noise_is_caught_and_the_rest_passed_on(capfd: pytest.CaptureFixture[str]) -> None:
    assert quietly(noisy_start)
    out, err = capfd.readouterr()
    assert out == "the screen is open\n" and err == "something else went wrong\n"
    assert not quietly(lambda: os.write(1, b"fine\n"))
    assert capfd.readouterr().out == "fine\n"


def test_an_exception_in_the_start_gives_the_streams_back(capfd: pytest.CaptureFixture[str]) -> None:
    def fails() -> None:
        os.write(2, b"about to fail\n")
        raise RuntimeError("no screen")

    with pytest.raises(RuntimeError):
        quietly(fails)
    print("after")
    out, err = capfd.readouterr()
    assert out == "after\n" and err == "about to fail\n"


def launch(*args: str, **env: str) -> str:
    """What ``python -m cart`` prints, with SDL choosing its audio driver (the UI tests' dummy unset)."""
    done = subprocess.run(
        [sys.executable, "-m", "cart", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"},
            "PYTHONPATH": str(ROOT),
            **env,
        },
        timeout=120,
        check=False,
    )
    return done.stdout + done.stderr


def test_a_launch_prints_no_alsa_lines() -> None:
    """The demo (headless) says nothing of sound; the window's start says at most the one plain line
    (here SDL's offscreen driver stands in for a display, so it opens and reports no desktop)."""
    said = launch("--demo", "--frames", "2")
    assert "ALSA" not in said and NO_DEVICE not in said, said
    said = launch("--scale", "1", DISPLAY=":0", SDL_VIDEODRIVER="offscreen")
    assert "ALSA" not in said and NO_DEVICE not in said, said
    assert said.count(SILENT) <= 1
