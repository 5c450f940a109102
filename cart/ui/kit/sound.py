"""Sound effects and the title music, defined in code (Pyxel's 4-channel chip), honouring the toggles.

Notes are ``Sound.set`` strings, so no resource file; effects take channel 3 and
never cut the music. Under SDL's ``dummy`` driver nothing reaches the mixer. The
music never uses ``pyxel.playm``: in Pyxel 2.9.9 it takes the channels' lock
before the device's while the audio thread takes them the other way round, and
the game can freeze for good; ``pyxel.play`` locks in the thread's order.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import pyxel

from cart.store import Settings

from .prefs import Prefs

Notes = tuple[str, str, str, str, int]
"""A sound as Pyxel's ``Sound.set`` takes it: notes, tones, volumes, effects, speed."""

SOUND_BASE = 0  # effects use sounds 0..15
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
    """Defines the sounds once and plays them as the settings allow; silent, it records what it would play.

    ``effects``: the game's sound effects by name (a click is ``click``, Turkish ``slap``).
    """

    def __init__(
        self,
        prefs: Prefs | None = None,
        effects: Mapping[str, Notes] | None = None,
        *,
        audible: bool | None = None,
    ) -> None:
        self.prefs = prefs if prefs is not None else Prefs(Settings())
        self.audible = audio_device() if audible is None else audible
        self.music_playing = False
        self.last: str | None = None  # for tests: the last effect asked for and allowed
        self._index = {name: SOUND_BASE + i for i, name in enumerate(effects or {})}
        if len(self._index) > MUSIC_SOUNDS[0] - SOUND_BASE:
            raise ValueError(f"{len(self._index)} sound effects, where the music leaves room for 16")
        for name, (notes, tones, volumes, fx, speed) in (effects or {}).items():
            pyxel.sounds[self._index[name]].set(notes, tones, volumes, fx, speed)
        for snd, (notes, tones, volumes, fx, speed) in zip(MUSIC_SOUNDS, TITLE_TUNE, strict=True):
            pyxel.sounds[snd].set(notes, tones, volumes, fx, speed)

    def play(self, effect: str) -> None:
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
