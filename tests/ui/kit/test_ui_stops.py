"""Where the arrows take the keys' cursor (``cart.ui.wimp.stage``) and which key a tip names."""

from __future__ import annotations

import pyxel

from cart.ui.kit.geom import SCREEN, Rect
from cart.ui.kit.intents import ONSCREEN_KEYS
from cart.ui.wimp.keyboard import HEIGHT, field_tip, key_for, keyboard_place, pad_button, shortcut
from cart.ui.wimp.stage import Pop, Quit, chain, nearest_stop, row_stop, wrapped_row_stop


def test_the_boards_stops_are_reached_within_45_degrees() -> None:
    assert nearest_stop([(10, 0), (0, 10), (-10, 0)], (0, 0), "left") == (-10, 0)


def test_a_forms_rows_go_up_and_down_to_the_nearest_row_and_stop_at_a_rows_end() -> None:
    stops = [(10, 0), (200, 0), (50, 40), (300, 40), (120, 80)]
    assert row_stop(stops, (200, 0), "down") == (300, 40)
    assert row_stop(stops, (50, 40), "right") == (300, 40)
    assert row_stop(stops, (300, 40), "right") is None


def test_a_grid_of_keys_wraps_round_so_the_d_pad_never_sticks() -> None:
    keys = [(0, 0), (10, 0), (20, 0), (0, 10), (15, 10)]
    assert wrapped_row_stop(keys, (20, 0), "right") == (0, 0)
    assert wrapped_row_stop(keys, (0, 10), "left") == (15, 10)
    assert wrapped_row_stop(keys, (20, 0), "up") == (15, 10)
    assert wrapped_row_stop(keys, (0, 10), "down") == (0, 0)
    assert wrapped_row_stop([(0, 0)], (0, 0), "left") is None


def test_transitions_chain_in_order_without_the_nones() -> None:
    assert chain(None, Quit()) == Quit()
    assert repr(chain(Quit(), Pop())) == "Chain(steps=(Quit(), Pop(scene=None, then=None)))"
    assert chain(None, None) is None


def test_tips_name_the_key_or_button_that_is_bound_for_the_device_in_hand() -> None:
    assert pad_button("keyboard") == "A"
    assert (pad_button("shift", ONSCREEN_KEYS), pad_button("back", ONSCREEN_KEYS)) == ("Y", "B")
    assert (field_tip(), field_tip("keys")) == ("Pad A: on-screen keyboard", None)
    assert [shortcut(c) for c in ("back", "delete", "confirm", "any_key")] == [
        "Backspace",
        "Delete",
        "Return",
        "",
    ]
    assert (key_for("delete", "keys"), key_for("delete", "pad")) == ("Delete", "")
    assert (key_for("confirm", "pad"), key_for("back", "pad"), key_for("cancel", "pad")) == ("X", "B", "Back")
    assert key_for("help", "mouse") == "F1"  # the mouse's player is shown the keys
    assert shortcut("hint", {pyxel.KEY_J: "hint"}) == "J"  # a screen's own keys, read from its map


def test_the_on_screen_keyboard_opens_under_the_field_else_above_never_over_it() -> None:
    assert keyboard_place(Rect(216, 40, 340, 24)) == Rect(216, 68, 312, 235)
    assert keyboard_place(Rect(120, 251, 420, 24)) == Rect(120, 12, 312, 235)
    assert SCREEN[1] >= 2 * (HEIGHT + 4) + 24
