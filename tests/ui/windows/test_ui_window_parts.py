"""Small parts of the windows: the ratings graph's axes and names, the set-up window's paste."""

from __future__ import annotations

from cart.ui.windows.position_setup import ids_in
from cart.ui.windows.ratings_view import _x_axis, nice_ticks, shown_name


def test_the_ratings_window_names_a_computer_level_as_such() -> None:
    assert (shown_name("player:Ann"), shown_name("computer:expert")) == ("Ann", "Expert (computer)")


def test_the_graphs_axes_take_round_steps() -> None:
    assert nice_ticks(1487.3, 1523.9, 6) == (1480.0, 1530.0, 10.0)
    assert nice_ticks(1500, 1500, 6) == (1490.0, 1510.0, 5.0)
    assert nice_ticks(0, 1000, 8) == (0.0, 1000.0, 200.0)
    assert (_x_axis(0), _x_axis(7), _x_axis(1000)) == ((1, 1), (7, 1), (1000, 200))


def test_a_paste_finds_gnubgs_labelled_ids_or_bare_ones() -> None:
    assert ids_in("Position ID: 4HPwATDgc/ABMA Match ID: cAlgAAAAAAAA") == ("4HPwATDgc/ABMA", "cAlgAAAAAAAA")
    assert ids_in(" 4HPwATDgc/ABMA\n") == ("4HPwATDgc/ABMA", None)
    assert ids_in("hello") == (None, None)
