"""Sound effects and the title music, defined in code (Pyxel's 4-channel chip), honouring the toggles.

Notes are ``Sound.set`` strings, so no resource file; effects take channel 3 and
never cut the music. Under SDL's ``dummy`` driver nothing reaches the mixer. The
music never uses ``pyxel.playm``: in Pyxel 2.9.9 it takes the channels' lock
before the device's while the audio thread takes them the other way round, and
the game can freeze for good; ``pyxel.play`` locks in the thread's order.
"""

from __future__ import annotations

import os
from typing import Literal

import pyxel

from cart.store import Settings

from .prefs import Prefs

Effect = Literal["dice", "click", "slap", "hit", "bear_off", "double", "win", "lose"]

# name: (notes, tones, volumes, effects, speed)
EFFECTS: dict[Effect, tuple[str, str, str, str, int]] = {
    "dice": ("c3 a2 d3 g2 e3 c3", "n", "6 5 6 4 5 3", "n", 3),
    "click": ("g3", "n", "3", "f", 4),
    "slap": ("c2 c2", "n", "7 6", "n f", 3),
    "hit": ("c3 g2 c2", "s", "6 5 4", "n n f", 6),
    "bear_off": ("c3 e3 g3", "t", "5", "n n f", 6),
    "double": ("c3 c3 g3 g3", "p", "5", "n n n f", 10),
    "win": ("c3 e3 g3 c4 r g3 c4", "s", "5", "n n n n n n f", 10),
    "lose": ("g3 f3 d#3 d3 c3", "t", "5", "n n n n f", 14),
}
SOUND_BASE = 0  # effects use sounds 0..7
MUSIC_SOUNDS = (16, 17)  # the title tune's two voices
EFFECT_CHANNEL = 3

TITLE_TUNE = (
    ("c3 e3 g3 e3 f3 a3 c4 a3 g3 b3 d4 b3 c4 r g3 r", "t", "4", "n", 20),
    ("c2 r c2 r f1 r f1 r g1 r g1 r c2 r r r", "p", "3", "f", 20),
)


def audio_device() -> bool:
    """False under SDL's ``dummy`` audio driver, which plays to no device (SDL reads the name in any case)."""
    return os.environ.get("SDL_AUDIODRIVER", "").strip().lower() != "dummy"


class Sounds:
    """Defines the sounds once and plays them as the settings allow; silent, it records what it would play."""

    def __init__(self, prefs: Prefs | None = None, *, audible: bool | None = None) -> None:
        self.prefs = prefs if prefs is not None else Prefs(Settings())
        self.audible = audio_device() if audible is None else audible
        self.music_playing = False
        self.last: Effect | None = None  # for tests: the last effect asked for and allowed
        for i, (notes, tones, volumes, effects, speed) in enumerate(EFFECTS.values()):
            pyxel.sounds[SOUND_BASE + i].set(notes, tones, volumes, effects, speed)
        for snd, (notes, tones, volumes, effects, speed) in zip(MUSIC_SOUNDS, TITLE_TUNE, strict=True):
            pyxel.sounds[snd].set(notes, tones, volumes, effects, speed)
        self._index = {name: SOUND_BASE + i for i, name in enumerate(EFFECTS)}

    def play(self, effect: Effect) -> None:
        """Play ``effect`` on the effects channel, if effects are on (a click becomes a slap when Turkish)."""
        settings = self.prefs.settings
        if not settings.sounds:
            return
        if effect == "click" and settings.turkish_clicks:
            effect = "slap"
        self.last = effect
        if self.audible:
            pyxel.play(EFFECT_CHANNEL, self._index[effect])

    def title_music(self, on: bool) -> None:
        """Start (looping) or stop the title music; it only starts while music is on."""
        want = on and self.prefs.settings.music
        if self.audible and want and not self.music_playing:
            for channel, snd in enumerate(MUSIC_SOUNDS):  # not playm: see the module's docstring
                pyxel.play(channel, snd, loop=True)
        elif self.audible and not want and self.music_playing:
            for ch in range(EFFECT_CHANNEL):
                pyxel.stop(ch)
        self.music_playing = want
