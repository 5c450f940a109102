"""Sounds without an audio device: SDL's dummy driver plays to no one, so nothing goes to Pyxel's mixer."""

from __future__ import annotations

import pytest
import pyxel

from cart.store import Settings
from cart.ui.kit.assets import Assets
from cart.ui.kit.prefs import Prefs
from cart.ui.kit.sound import Notes, Sounds, audio_device

CLICKS: dict[str, Notes] = {"click": ("g3", "n", "3", "f", 4), "slap": ("c2 c2", "n", "7 6", "n f", 3)}


def test_without_an_audio_device_sounds_are_recorded_not_handed_to_the_mixer(
    assets: Assets, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same requests are honoured and recorded either way; only an audible Sounds reaches Pyxel."""
    mixer: list[tuple[object, ...]] = []
    monkeypatch.setattr(
        pyxel, "play", lambda ch, snd, **kw: mixer.append(("play", ch, kw.get("loop", False)))
    )
    monkeypatch.setattr(pyxel, "playm", lambda msc, **kw: mixer.append(("playm", msc)))
    monkeypatch.setattr(pyxel, "stop", lambda ch=None: mixer.append(("stop", ch)))
    heard = []
    for audible in (True, False):
        mixer.clear()
        sounds = Sounds(Prefs(Settings(turkish_clicks=True)), CLICKS, audible=audible)
        sounds.title_music(True)
        assert sounds.music_playing
        sounds.play("click")
        sounds.title_music(False)
        heard.append(list(mixer))
        assert sounds.last == "slap" and not sounds.music_playing
    # each voice of the tune looped by play (playm can deadlock in Pyxel 2.9.9: cart/ui/kit/sound.py)
    assert heard[0] == [
        ("play", 0, True),
        ("play", 1, True),
        ("play", 3, False),
        ("stop", 0),
        ("stop", 1),
        ("stop", 2),
    ]
    assert heard[1] == []


def test_the_dummy_audio_driver_means_no_audio_device(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert not audio_device()
    monkeypatch.setenv("SDL_AUDIODRIVER", "DUMMY")
    assert not audio_device()
    monkeypatch.setenv("SDL_AUDIODRIVER", "pulseaudio")
    assert audio_device()
    monkeypatch.delenv("SDL_AUDIODRIVER")
    assert audio_device()


def test_the_title_music_really_plays_both_voices_in_pyxels_mixer(assets: Assets) -> None:
    """Not mocked: Pyxel's own channels report a play position for each voice, and none once stopped."""
    sounds = Sounds(Prefs(Settings()), audible=True)
    sounds.title_music(True)
    try:
        assert pyxel.play_pos(0) is not None and pyxel.play_pos(1) is not None
    finally:
        sounds.title_music(False)
    assert pyxel.play_pos(0) is None and pyxel.play_pos(1) is None
