"""Issue 28: the Create form's lines explain themselves ("Other side"?), in tips after a pause.

The pointer resting on a line (its label or its icons), or the keys' frame on
one of its icons, shows that line's sentence under it, never over it; only
with ToolTips ticked, and none before the pause.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pyxel
from test_ui_golden import app, frame

from cart.store import Store
from cart.ui.app import App
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Command
from cart.ui.wimp.dialogs import TOOLTIP_DELAY, draw_tip
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.draft import Draft
from cart.ui.windows.form_tips import FORM_TIPS, tip_under


def form(a: App, setup: Draft | None = None) -> NewGameScene:
    if setup is None:
        a.to_new_game()
    else:
        a.switch(NewGameScene(a.services, setup))
    scene = a.top
    assert isinstance(scene, NewGameScene)
    return scene


def shows(scene: NewGameScene, key: str) -> bool:
    """The screen holds ``key``'s tip under its line, pixel for pixel."""
    text = FORM_TIPS[key]
    box = tip_under(text, dict(scene.tipped())[key], scene.pointer[0])
    want = pyxel.Image(box.w, box.h)
    draw_tip(want, scene.services.assets, text, Rect(0, 0, box.w, box.h))
    return all(
        want.pget(x, y) == pyxel.screen.pget(box.x + x, box.y + y) for y in range(box.h) for x in range(box.w)
    )


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("saved", [True, False])
def test_every_line_of_the_form_has_a_tip(assets: Assets, tmp_path: Path, players: int, saved: bool) -> None:
    scene = form(app(Store(tmp_path) if saved else None), Draft(players=players))
    keys = [key for key, _ in scene.tipped()]
    assert set(keys) <= set(FORM_TIPS)
    labels = {row.label or row.toggles[0].label for row in scene.rows}
    assert labels <= set(keys) and "Other side" in keys and "Match" in keys
    assert ("Name" in keys) is saved
    assert ("Player name" in keys) is (players == 2)


def test_resting_on_other_side_says_what_it_is_under_the_line(assets: Assets, tmp_path: Path) -> None:
    a = app(Store(tmp_path))
    scene = form(a)
    line = dict(scene.tipped())["Other side"]
    at = (scene.left + 20, line.center[1])  # on the label itself
    for _ in range(TOOLTIP_DELAY - 1):
        frame(a, at=at)
    assert not shows(scene, "Other side")  # not before the pause
    frame(a, at=at)
    frame(a, at=at)
    assert shows(scene, "Other side")
    box = tip_under(FORM_TIPS["Other side"], line, at[0])
    assert box.y >= line.bottom  # under the line, never over its choices
    a.prefs.settings = a.prefs.settings.replace(tooltips=False)
    frame(a, at=at)
    assert not shows(scene, "Other side")


def test_the_keys_frame_on_an_icon_shows_its_lines_tip(assets: Assets, tmp_path: Path) -> None:
    a = app(Store(tmp_path))
    scene = form(a)
    for _ in range(12):  # Down from the top, a line at a time, to the Rules line
        a.feed([Command("down")])  # the App moves the frame; the pointer is then where the frame is
        if scene.focus is not None and scene.tip_at(*scene.focus) == "Rules":
            break
    assert scene.focus is not None and scene.tip_at(*scene.focus) == "Rules"
    for _ in range(TOOLTIP_DELAY + 1):
        frame(a, at=a.input.cursor)
    assert scene.resting.ready == "Rules" and shows(scene, "Rules")
