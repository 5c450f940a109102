"""The player's settings: sounds, music, clicks, tooltips, hints, animation, colours, scale, last options.

Stored in ``settings.json`` in the same checksummed, versioned envelope as
saved games. A missing file means the defaults; a damaged one is set aside
with a notice and the defaults are used, so the cartridge always starts.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .disk.entries import Backend
from .disk.envelope import decode, encode, peek
from .disk.notices import Clock, Notice, set_aside, utc_now
from .errors import BadValueError, DamagedError, NewerVersionError, WriteError
from .saves.options import GameOptions

ENTRY = "settings.json"
NEWER_SETTINGS = (
    "The settings were saved by a newer Gammon Cart. This one uses what it can read of them and "
    "saves no change to them: a change holds until it closes."
)
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
"""How checkers and dice move: ``off`` shows each result at once."""
TUTOR_LEVELS = ("off", "doubtful", "bad", "very bad")
"""The tutor: off, or asking first before a play or cube action that earns this mark (or a worse one)."""
CHECKER_COLOURS = ("white", "black", "red", "cream", "grey", "blue", "green", "yellow", "orange")
"""Checker colour names; the UI maps each to a Wimp palette role (red against white or black)."""
MAX_WINDOW_SCALE = 4
"""The largest window scale offered: 640x512 at 4x is 2560x2048, a 4K screen's height and more."""


@dataclass(frozen=True)
class Settings:
    """Everything the Sounds, ToolTips and Options menus remember between sessions.

    ``last_options`` is offered again at the next Create; ``window_scale`` is read
    when the window opens (0: Pyxel's choice); ``tutor`` the least error the tutor
    asks about (``"off"`` by default); ``mover_numbers``: each side's plays written in its
    own numbers (the computer's 24/20 13/10), as gnubg and XG write them, else in the viewer's.
    """

    sounds: bool = True
    music: bool = True
    turkish_clicks: bool = False
    tooltips: bool = True
    hint_arrows: bool = True
    animation_speed: str = "normal"
    checker_colours: tuple[str, str] = ("white", "red")
    window_scale: int = 0
    last_options: GameOptions | None = None
    tutor: str = "off"
    mover_numbers: bool = True

    def __post_init__(self) -> None:
        """Refuse invalid values at construction, so an invalid file is never written."""
        for name in ("sounds", "music", "turkish_clicks", "tooltips", "hint_arrows", "mover_numbers"):
            if type(getattr(self, name)) is not bool:
                raise BadValueError(f"{name} must be True or False, got {getattr(self, name)!r}")
        if type(self.window_scale) is not int or not 0 <= self.window_scale <= MAX_WINDOW_SCALE:
            raise BadValueError(
                f"window_scale must be 0 (automatic) to {MAX_WINDOW_SCALE}, got {self.window_scale!r}"
            )
        if self.tutor not in TUTOR_LEVELS:
            raise BadValueError(f"tutor must be one of {', '.join(TUTOR_LEVELS)}")
        if self.animation_speed not in ANIMATION_SPEEDS:
            raise BadValueError(f"animation_speed must be one of {', '.join(ANIMATION_SPEEDS)}")
        colours = self.checker_colours
        if (
            not isinstance(colours, (tuple, list))
            or len(colours) != 2
            or not all(c in CHECKER_COLOURS for c in colours)
            or colours[0] == colours[1]
        ):
            raise BadValueError(
                f"checker_colours must be two different names of {', '.join(CHECKER_COLOURS)}"
            )
        object.__setattr__(self, "checker_colours", (colours[0], colours[1]))
        if self.last_options is not None and not isinstance(self.last_options, GameOptions):
            raise BadValueError("last_options must be GameOptions or None")

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed (validated like any new value)."""
        return dataclasses.replace(self, **changes)

    def to_body(self) -> dict[str, Any]:
        body = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        body["checker_colours"] = list(self.checker_colours)
        body["last_options"] = None if self.last_options is None else self.last_options.to_dict()
        return body

    @classmethod
    def from_body(cls, body: dict[str, Any]) -> Settings:
        """Settings from a stored body; fields a later version added are ignored, missing ones default."""
        known = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in body.items() if k in known}
        if "checker_colours" in values and isinstance(values["checker_colours"], list):
            values["checker_colours"] = tuple(values["checker_colours"])
        if values.get("last_options") is not None:
            values["last_options"] = GameOptions.from_dict(values["last_options"])
        try:
            return cls(**values)
        except BadValueError as exc:
            raise DamagedError(f"a setting is invalid: {exc}") from None


class SettingsStore:
    """Load and save :class:`Settings`."""

    def __init__(self, backend: Backend, notices: list[Notice], clock: Clock = utc_now) -> None:
        self.backend = backend
        self.notices = notices
        self.clock = clock
        self.newer = False
        """The file was written by a newer Gammon Cart: read as far as this one can, never written."""

    def load(self) -> Settings:
        """The stored settings, or the defaults (with a notice if the file had to be set aside)."""
        try:
            data = self.backend.read(ENTRY)
        except OSError as exc:
            self.notices.append(
                Notice(ENTRY, None, f"Could not read the settings, using the defaults: {exc}")
            )
            return Settings()
        if data is None:
            return Settings()
        try:
            return Settings.from_body(decode("settings", data))
        except NewerVersionError:
            if not self.newer:
                self.newer = True
                self.notices.append(Notice(ENTRY, None, NEWER_SETTINGS))
            try:  # the fields this version knows, as a newer one left them
                body = peek("settings", data)
                return Settings() if body is None else Settings.from_body(body)
            except (DamagedError, BadValueError):
                return Settings()
        except DamagedError as exc:
            self.notices.append(set_aside(self.backend, ENTRY, "the settings", str(exc), self.clock))
            return Settings()

    def save(self, settings: Settings) -> None:
        """Write atomically; raises :class:`WriteError` (the old file then stays intact).

        Nothing is written over a newer version's settings: the notice given when they were read
        said a change holds only until the cartridge closes, so no box says it again.
        """
        if self.newer:
            return
        try:
            self.backend.write(ENTRY, encode("settings", settings.to_body()))
        except OSError as exc:
            raise WriteError(f"Could not save the settings: {exc.strerror or exc}") from exc

    def update(self, **changes: Any) -> Settings:
        """Load, change some fields, save, and return the new settings."""
        settings = self.load().replace(**changes)
        self.save(settings)
        return settings
