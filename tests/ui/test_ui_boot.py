"""The browser's start (``cart.ui.boot``): a loading frame first, then the App builds and has every frame."""

from __future__ import annotations

import pyxel

from cart.ui import app as app_module, boot
from cart.ui.kit.geom import SCREEN


class StandInApp:
    def __init__(self) -> None:
        self.updates = 0
        self.draws = 0

    def update(self) -> None:
        self.updates += 1

    def draw(self) -> None:
        self.draws += 1


def test_a_loading_frame_comes_before_the_app_is_built() -> None:
    made: list[StandInApp] = []

    def make() -> StandInApp:
        made.append(StandInApp())
        return made[-1]

    b = boot.Boot(make)
    b.update()
    assert not made  # nothing is built before a frame is on screen
    pyxel.cls(3)
    b.draw()
    shown = set(bytes(pyxel.screen.data_ptr()))
    assert shown == {boot.BACKGROUND, boot.TEXT_COL}  # the loading line on a cleared screen
    b.update()
    assert len(made) == 1 and made[0].updates == 0  # built in this update; its own frames start next
    b.draw()
    b.update()
    b.draw()
    assert (made[0].updates, made[0].draws) == (1, 2) and len(made) == 1 and b.drawn == 1


def test_boot_opens_the_apps_own_screen() -> None:
    """Boot must not import the App to open the screen, so it repeats its values: they must agree."""
    assert boot.SCREEN == SCREEN and boot.TITLE == app_module.TITLE and boot.FPS == app_module.FPS
