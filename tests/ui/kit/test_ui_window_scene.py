"""The kit's window scene: a window declares its buttons with their actions, the kit does the rest."""

from __future__ import annotations

from cart.ui.app import App
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Command, OpenMenu, Pointer, Select
from cart.ui.wimp.menus import Entry, MenuScene
from cart.ui.wimp.stage import Pop, Push, Quit, Transition
from cart.ui.wimp.widgets import Button, Window
from cart.ui.wimp.window_scene import WindowScene


class Two(WindowScene):
    """A window of two buttons: Quit (the default) and Count, greyed on demand."""

    def __init__(self, app: App) -> None:
        super().__init__(app.services)
        self.window = Window(Rect(100, 100, 300, 200), "Two", icons=("close",))
        self.counted = 0
        self.quit = Button(Rect(120, 250, 80, 24), "Quit", default=True, action=Quit)
        self.count = Button(Rect(220, 250, 80, 24), "Count", action=self.add)

    def add(self) -> Transition | None:
        self.counted += 1
        return None

    def buttons(self) -> list[Button]:
        return [self.count, self.quit]

    def menu_entries(self) -> list[Entry]:
        return [Entry("Count", self.add)]


def test_a_window_declares_its_buttons_and_the_kit_presses_them(assets: Assets) -> None:
    w = Two(App(headless=True, seed=1))
    assert w.update([Select(*w.count.rect.center)]) is None and w.counted == 1
    w.count.enabled = False  # greyed: a click does nothing
    assert w.update([Select(*w.count.rect.center)]) is None and w.counted == 1
    assert w.update([Select(*w.quit.rect.center)]) == Quit()
    assert w.update([Command("confirm")]) == Quit()  # Return: the default button
    assert w.stops() == [w.count.rect.center, w.quit.rect.center] and w.first_stop() == w.quit.rect.center
    assert w.focus_origin() == (w.window.rect.center[0], w.quit.rect.center[1])


def test_the_kit_does_hover_back_the_close_icon_and_menu(assets: Assets) -> None:
    w = Two(App(headless=True, seed=1))
    w.update([Pointer(*w.count.rect.center, held=True)])
    assert w.count.pressed and not w.quit.pressed  # pressed in only while SELECT is held over it
    w.update([Pointer(*w.count.rect.center)])
    assert not w.count.pressed
    for going in (w.update([Command("cancel")]), w.update([Command("back")]), w.furniture("close")):
        assert isinstance(going, Pop) and going.scene is w
    going = w.update([OpenMenu(150, 150)])
    assert isinstance(going, Push) and isinstance(going.scene, MenuScene)
