"""RISC OS 2 furniture and icons: they draw in Wimp colours where they say they are."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from cart.ui.board import layout as L
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import Rect
from cart.ui.wimp.widgets import ITEM_H, TITLE_H, Button, Menu, MenuItem, TextField, Toggle, Window


def test_window_title_turns_cream_with_the_focus(assets: Assets) -> None:
    g = pyxel.screen
    w = Window(Rect(20, 30, 300, 200), "Create game", icons=("back", "close", "toggle"))
    title = w.furniture["title"]
    for focused, colour in ((False, wimp.TITLE_BG), (True, wimp.TITLE_FOCUS)):
        w.focused = focused
        g.cls(wimp.DESKTOP)
        w.draw(assets, g)
        assert g.pget(title.x + 1, title.y + 1) == colour
    assert g.pget(20, 30) == g.pget(319, 229) == wimp.FRAME  # the frame's corners
    assert g.pget(20, 30 + TITLE_H - 1) == wimp.FRAME  # the line under the title
    a = w.work_area
    assert g.pget(a.x, a.y) == g.pget(a.right - 1, a.bottom - 1) == wimp.WORK_BG
    for part in ("back", "close", "toggle"):
        r = w.furniture[part]
        assert w.hit(*r.center) == part
        assert wimp.FRAME in {g.pget(x, r.y + r.h // 2) for x in range(r.x, r.right)}  # the icon's ink


def test_the_board_window_work_area_is_the_layouts() -> None:
    assert Window(L.WINDOW, "Backgammon").work_area == L.WORK


def test_window_without_work_area_leaves_it_alone(assets: Assets) -> None:
    g = pyxel.screen
    g.cls(wimp.BOARD_RIM)
    w = Window(Rect(0, 0, 200, 100), "Board")
    w.draw(assets, g, work=False)
    assert g.pget(*w.work_area.center) == wimp.BOARD_RIM


def test_buttons_invert_when_pressed_and_ring_the_default(assets: Assets) -> None:
    g = pyxel.screen
    g.cls(wimp.WORK_BG)
    plain = Button(Rect(20, 20, 80, 24), "Cancel")
    pressed = Button(Rect(120, 20, 80, 24), "Play", pressed=True)
    default = Button(Rect(220, 20, 80, 24), "Create", default=True)
    off = Button(Rect(320, 20, 80, 24), "Undo", enabled=False)
    for b in (plain, pressed, default, off):
        b.draw(assets, g)
    assert g.pget(22, 22) == wimp.BUTTON_BG
    assert g.pget(122, 22) == wimp.TEXT  # inverted, as the Wimp shows a selected icon
    assert g.pget(218, 18) == wimp.BUTTON_DEFAULT_RING and g.pget(217, 17) == wimp.FRAME
    assert wimp.TEXT_DISABLED in {g.pget(x, 32) for x in range(330, 390)}
    assert not off.contains(*off.rect.center) and plain.contains(*plain.rect.center)


def test_radio_and_option_icons(assets: Assets) -> None:
    g = pyxel.screen
    g.cls(wimp.WORK_BG)
    radio = Toggle(Rect(10, 10, 140, 20), "1 player", on=True)
    option = Toggle(Rect(10, 40, 140, 20), "Hint arrows", kind="option")
    radio.draw(assets, g)
    option.draw(assets, g)
    assert g.pget(10 + 7, 10 + 2 + 7) == wimp.TEXT  # the radio's dot
    assert g.pget(10 + 7, 40 + 2 + 7) == wimp.FIELD_BG  # an empty option box
    option.on = True
    option.draw(assets, g)
    assert g.pget(10 + 7, 40 + 2 + 7) == wimp.TEXT
    assert (radio.sprite, option.sprite) == ("radio_on", "option_on")


def test_writable_field_takes_typing_and_shows_the_caret(assets: Assets) -> None:
    g = pyxel.screen
    field = TextField(Rect(10, 10, 120, 24), max_len=40)
    field.insert("Evening game\n\x7f")
    assert field.text == "Evening game"
    field.insert("!" * 50)
    assert len(field.text) == field.capacity < 40  # the width limits it too
    g.cls(wimp.WORK_BG)
    field.draw(assets, g)
    assert wimp.CARET not in {g.pget(x, 20) for x in range(10, 130)}
    field.focused = True
    field.backspace()
    field.draw(assets, g)
    assert wimp.CARET in {g.pget(x, 20) for x in range(10, 130)}
    assert g.pget(12, 12) == wimp.FIELD_BG


def test_menu_inverts_the_chosen_item_and_skips_greyed_ones(assets: Assets) -> None:
    items = [MenuItem("New"), MenuItem("Hint", enabled=False), MenuItem("Sounds", submenu=True, ticked=True)]
    m = Menu.at("Play", items, 630, 10)
    r = m.rect
    assert r.right <= 640 and r.y == 10
    assert [m.item_at(*m.item_rect(i).center) for i in range(3)] == [0, None, 2]
    assert m.item_at(r.x + 5, r.y + 5) is None  # the title
    g = pyxel.screen
    g.cls(wimp.DESKTOP)
    m.selected = 2
    m.draw(assets, g)
    chosen, plain = m.item_rect(2), m.item_rect(0)
    assert g.pget(chosen.x + 1, chosen.y + 1) == wimp.MENU_SELECTED_BG
    assert g.pget(plain.x + 1, plain.y + 1) == wimp.MENU_BG
    assert g.pget(r.x + 2, r.y + 2) == wimp.TITLE_BG
    tick_and_arrow = {g.pget(x, chosen.y + ITEM_H // 2) for x in range(chosen.x, chosen.right)}
    assert wimp.MENU_SELECTED_TEXT in tick_and_arrow  # recoloured with the text


def test_widgets_draw_only_palette_colours(assets: Assets, screen_bytes: Callable[[], bytes]) -> None:
    g = pyxel.screen
    g.cls(wimp.DESKTOP)
    w = Window(Rect(40, 40, 400, 300), "Create game", focused=True)
    w.draw(assets, g)
    Button(Rect(60, 300, 80, 24), "Create", default=True).draw(assets, g)
    TextField(Rect(60, 80, 200, 24), "Name", focused=True).draw(assets, g)
    Toggle(Rect(60, 120, 140, 20), "2 players").draw(assets, g)
    Menu.at("Play", [MenuItem("New", separator=True), MenuItem("Exit")], 300, 100).draw(assets, g)
    assert set(screen_bytes()) <= set(range(16))
    assert wimp.SPRITE_KEY not in set(screen_bytes())
