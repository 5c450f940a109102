"""The way in: the title and its music, the Create form, the headless demo and a machine with no display.

Split from ``test_ui_app.py`` (which plays the game itself and keeps the drivers used here):
all of it comes before a game is at the table.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pyxel
from seats import two
from test_ui_app import Driver, all_pixels_in_palette, make_app, play_scene, started
from test_ui_focus import press

import cart.__main__ as cart_main
from cart.__main__ import main, screenshot_path
from cart.engine import PartialPlay
from cart.store import Settings
from cart.ui.app import App
from cart.ui.kit.assets import Assets
from cart.ui.table.play import PlayScene
from cart.ui.title import TitleScene
from cart.ui.wimp.menus import MenuScene
from cart.ui.windows.create_form import NewGameScene
from cart.ui.windows.draft import Draft


def test_the_form_greys_what_does_not_apply_and_maxgammon_opens_with_white(assets: Assets) -> None:
    """Issue 19: side and level greyed for two players, auto doubles for matches and MaxGammon; White opens.

    Before, Black chosen under MaxGammon made seat 0, the seat that opens, Black.
    """
    app = make_app()
    d = Driver(app)
    d.key(pyxel.KEY_SPACE)
    form = app.stack[0]
    assert isinstance(form, NewGameScene)
    d.click(form.rows[0].toggles[1].rect.center)  # two players
    side, level = form.rows[1], form.rows[2]
    assert not any(t.enabled for t in side.toggles + level.toggles)
    d.click(level.toggles[0].rect.center)  # greyed: nothing happens
    assert form.setup.level == "intermediate"
    assert not any(p in form.stops() for p in ((t.rect.x + 8, t.rect.y + 10) for t in side.toggles))
    d.click(form.rows[0].toggles[0].rect.center)  # one player again: both live
    assert all(t.enabled for row in form.rows[1:3] for t in row.toggles)

    assert form.rows[5].toggles[0].enabled  # money, standard rules: automatic doubles apply
    d.click(form.plus.rect.center)  # a 1-point match
    assert not form.rows[5].toggles[0].enabled
    d.click(form.rows[5].toggles[0].rect.center)
    assert not form.setup.auto_doubles
    d.click(form.minus.rect.center)
    d.click(form.rows[4].toggles[1].rect.center)  # Black for the other side...
    assert form.setup.other_colour == "black"
    d.click(form.rows[3].toggles[1].rect.center)  # ... then MaxGammon: White opens, seat 0 is White
    assert form.setup.variant == "maxgammon" and form.setup.other_colour == "white"
    assert form.rows[4].toggles[0].on and not form.rows[4].toggles[1].enabled
    assert not form.rows[5].toggles[0].enabled
    assert Draft(variant="maxgammon", other_colour="black").colours == ("white", "red")
    d.click(form.play.rect.center)
    scene = app.stack[0]
    assert isinstance(scene, PlayScene) and scene.table.players[0].colour == "white"
    game = scene.table.match.game
    assert game.actor == 0  # seat 0, White, opens


def test_title_then_new_game_form(assets: Assets) -> None:
    app = make_app(speed="fast")
    d = Driver(app)
    d.frames(40)
    assert isinstance(app.stack[0], TitleScene)
    assert all_pixels_in_palette()
    d.key(pyxel.KEY_SPACE)
    form = app.stack[0]
    assert isinstance(form, NewGameScene)
    two = form.rows[0].toggles[1]
    d.click(two.rect.center)
    d.click(form.play.rect.center)
    scene = app.stack[0]
    assert isinstance(scene, PlayScene) and scene.table.bots == {}


def test_demo_writes_a_screenshot(assets: Assets, tmp_path: pytest.TempPathFactory) -> None:
    out = tmp_path / "demo.png"  # type: ignore[operator]
    assert main(["--demo", "--frames", "30", "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 1000
    assert PartialPlay  # the engine's partial plays are what the scene asks


def test_demo_makes_a_missing_folder_and_says_what_it_cannot_write(
    assets: Assets, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 19: a screenshot into a missing folder makes it; one behind a file says why, no traceback."""
    assert screenshot_path(str(tmp_path / "shot")) == tmp_path / "shot.png"  # where Pyxel writes it
    out = tmp_path / "missing" / "dir" / "x.png"
    assert main(["--demo", "--frames", "1", "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 1000
    (tmp_path / "a file").write_text("")
    capsys.readouterr()
    assert main(["--demo", "--frames", "1", "--screenshot", str(tmp_path / "a file" / "x.png")]) == 1
    err = capsys.readouterr().err
    assert "cannot make the folder" in err and "a file is in the way" in err and "Traceback" not in err


def test_no_display_is_said_and_the_game_exits(
    assets: Assets, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 19: without a display the game says so and exits 2, instead of looping with no window."""
    monkeypatch.setattr(cart_main.sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(App, "run", lambda self: pytest.fail("the game loop started"))
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "no display" in err and "--text" in err
    # A display named but not answering: SDL falls back to drawing off screen, as the tests' Pyxel does.
    assert cart_main._video_driver() in {None, *cart_main.INVISIBLE_DRIVERS}  # asked of the real SDL
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr(cart_main, "_video_driver", lambda: "offscreen")
    assert main([]) == 2
    assert "'offscreen' video driver" in capsys.readouterr().err


def test_the_title_starts_and_stops_its_own_music(assets: Assets) -> None:
    """Issue 17: enter/leave hooks: the title's music is the title's job, not the App's."""
    app = App(headless=True, seed=1, settings=Settings(animation_speed="off"))
    assert isinstance(app.top, TitleScene) and app.sounds.music_playing
    d = Driver(app)
    d.key(pyxel.KEY_SPACE)  # to the form (no store: no saved games)
    assert isinstance(app.stack[0], NewGameScene) and not app.sounds.music_playing
    app.to_title()
    assert app.sounds.music_playing


def test_the_music_tick_says_it_is_the_titles(assets: Assets) -> None:
    """Issue 19: no tune plays at the table, so the Sounds menu's tick says it is the title's music."""
    app = make_app()
    d = play_scene(app, two(), started())
    d.menu("Sounds")
    sounds = app.top
    assert isinstance(sounds, MenuScene)
    assert sounds.entries[0].label == "Title music" and sounds.entries[0].ticked
    d.click(sounds.menu.item_rect(0).center)
    assert not app.prefs.settings.music and not app.sounds.music_playing
    app.to_title()
    assert not app.sounds.music_playing  # unticked at the table: the title is quiet too


def title_with_pointer_at(xy: tuple[int, int]) -> App:
    pyxel.set_mouse_pos(*xy)
    app = make_app()
    app.frame()
    assert isinstance(app.stack[0], TitleScene)
    return app


@pytest.mark.parametrize("key", [pyxel.KEY_SPACE, pyxel.GAMEPAD1_BUTTON_A])
def test_a_key_at_the_title_leaves_it_wherever_the_pointer_rests(assets: Assets, key: int) -> None:
    """Issue 42: Space with the pointer resting on the title's close icon pressed the icon: Quit."""
    app = title_with_pointer_at((5, 5))
    press(app, key)  # through Pyxel's own button state and Input, as a player's key
    assert not app.quitting and isinstance(app.stack[0], NewGameScene)


@pytest.mark.parametrize("corner", [(0, 0), (1, 0), (0, 1), (1, 1)])
def test_a_click_in_the_very_corner_is_on_the_close_icon(assets: Assets, corner: tuple[int, int]) -> None:
    """Issue 42: a tap at Pyxel (1, 1) reads (0, 0) or (1, 0), the frame's pixels, and missed the icon."""
    app = title_with_pointer_at(corner)
    Driver(app).click(corner)
    assert app.quitting  # on the desktop the title's close icon quits
