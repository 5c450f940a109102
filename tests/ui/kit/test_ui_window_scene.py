"""The kit's window scene and form: a window declares its buttons and icons with what they do."""

from __future__ import annotations

from cart.ui.app import App
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import Rect
from cart.ui.kit.intents import Command, OpenMenu, Pointer, Select, Typed
from cart.ui.wimp.field_form import FieldForm
from cart.ui.wimp.menus import Entry, MenuScene
from cart.ui.wimp.stage import Pop, Push, Quit, Transition
from cart.ui.wimp.widgets import Button, TextField, Toggle, Window
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


class Form(FieldForm):
    """A field, a radio icon that counts, and an OK button (the default) that quits."""

    def __init__(self, app: App) -> None:
        super().__init__(app.services)
        self.window = Window(Rect(100, 100, 300, 200), "Form", icons=("close",))
        self.field = TextField(Rect(120, 130, 120, 24), "ab", 8, focused=True)
        self.counted = 0
        self.icon = Toggle(Rect(120, 170, 120, 20), "Count", action=self.add)
        self.ok = Button(Rect(220, 250, 80, 24), "OK", default=True, action=Quit)

    def add(self) -> Transition | None:
        self.counted += 1
        return None

    def fields(self) -> list[TextField]:
        return [self.field]

    def give_caret(self, field: TextField | None) -> None:
        self.field.focused = field is self.field

    def icons(self) -> list[Toggle]:
        return [self.icon]

    def buttons(self) -> list[Button]:
        return [self.ok]


def test_a_form_types_into_the_caret_and_its_icons_carry_their_actions(assets: Assets) -> None:
    f = Form(App(headless=True, seed=1))
    assert f.first_stop() == f.field.rect.center  # the caret's field: what the form opens for
    f.update([Typed("c"), Command("erase"), Typed("d")])
    assert f.field.text == "abd" and f.update([Command("back")]) is None  # pad B with the caret stays
    assert f.stops() == [f.field.rect.center, (f.icon.rect.x + 8, f.icon.rect.y + 10), f.ok.rect.center]
    assert f.update([Select(*f.icon.rect.center)]) is None and f.counted == 1 and f.field.focused
    f.icon.enabled = False  # greyed: no stop, a click does nothing
    assert f.update([Select(*f.icon.rect.center)]) is None and f.counted == 1 and len(f.stops()) == 2
    f.give_caret(None)
    going = f.update([Command("back")])  # no caret: Back closes, as in a box
    assert isinstance(going, Pop) and going.scene is f
    f.update([Command("next_field")])
    assert f.field.focused and f.update([Command("confirm")]) == Quit()
