"""Issue 28: the Help window, the game's own manual, driven as a player drives it.

Links are followed by a click, or by the keys' and the pad's focus and Return;
Back and Contents go between pages; the wheel, the scroll bar and the page
keys scroll; Escape and the close icon close it, leaving the screen under it
as it was. Every page of the manual opens and draws.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import pyxel
from test_ui_golden import app, check, frame, started

from cart.engine import Rules
from cart.store import GameOptions
from cart.ui.app import App
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import CHAR_H, CHAR_W
from cart.ui.kit.geom import SCREEN
from cart.ui.kit.intents import Command, Pointer, Scroll, Select
from cart.ui.table.play import PlayScene
from cart.ui.wimp.stage import Push
from cart.ui.windows import diagram
from cart.ui.windows.help import HelpScene
from cart.ui.windows.manual import COLUMNS, manual

AWAY = (630, 505)  # a pointer parked clear of the window


@pytest.fixture
def shown() -> Iterator[tuple[App, PlayScene, HelpScene]]:
    a = app()
    table = started(a)
    frame(a)
    help_ = HelpScene(a.services)
    a.go(Push(help_))
    frame(a, at=AWAY)
    yield a, table, help_


def key(a: App, name: str) -> None:
    """A key (or pad button) whose command is ``name``, the pointer where the keys' cursor is."""
    a.feed([Pointer(*a.input.cursor), Command(name)])
    a.draw()


def click(a: App, at: tuple[int, int]) -> None:
    frame(a, Select(*at), at=at)


def link_to(h: HelpScene, target: str) -> tuple[int, int]:
    return h.link_rect(next(k for k in h.links if k.target == target and h.shown(k.row))).center


def test_it_opens_on_the_contents_with_nothing_to_go_back_to(shown: tuple[App, PlayScene, HelpScene]) -> None:
    a, _, h = shown
    assert a.top is h and h.page == "contents"
    assert h.window.title == "Help: Contents"
    assert not h.back_button.enabled and not h.contents_button.enabled


def test_a_click_on_a_link_opens_its_page_and_back_returns(shown: tuple[App, PlayScene, HelpScene]) -> None:
    a, _, h = shown
    click(a, link_to(h, "doubling"))
    assert h.page == "doubling" and h.window.title == "Help: Doubling: the cube, taking and dropping"
    assert h.back_button.enabled and h.contents_button.enabled
    click(a, link_to(h, "matches"))
    assert h.page == "matches"
    click(a, h.back_button.rect.center)
    assert h.page == "doubling"
    click(a, h.contents_button.rect.center)
    assert h.page == "contents"
    key(a, "back")  # Backspace, pad B: back a page
    assert h.page == "doubling"


def test_back_returns_to_where_the_page_was_scrolled(shown: tuple[App, PlayScene, HelpScene]) -> None:
    a, _, h = shown
    frame(a, Scroll(3), at=h.paper.center)
    first = h.first
    assert first > 0
    click(a, link_to(h, "history"))
    assert h.page == "history" and h.first == 0
    key(a, "back")
    assert (h.page, h.first) == ("contents", first)


def test_the_keys_frame_a_link_and_return_follows_it(shown: tuple[App, PlayScene, HelpScene]) -> None:
    a, _, h = shown
    key(a, "down")
    first_link = h.link_rect(h.links[0]).center
    assert h.focus == first_link  # the greyed buttons are passed over
    assert a.input.cursor == first_link  # the App's cursor follows, so SELECT (Space, pad A) acts there
    key(a, "down")
    second = h.links[1]
    assert h.focus == h.link_rect(second).center
    key(a, "confirm")  # Return, pad X
    assert h.page == second.target == "board"
    key(a, "down")
    assert h.focus == h.contents_button.rect.center  # a new page: the keys start at its top
    key(a, "down")
    assert h.focus == h.back_button.rect.center  # the buttons that work come before the links
    key(a, "up")
    assert h.focus == h.contents_button.rect.center
    key(a, "confirm")
    assert h.page == "contents"


def test_down_past_the_last_link_on_show_scrolls_the_page(shown: tuple[App, PlayScene, HelpScene]) -> None:
    a, _, h = shown
    click(a, link_to(h, "moving"))
    assert h.slack > 0
    for _ in range(60):
        key(a, "down")
    assert h.first == h.slack  # the keys alone read the whole page
    assert h.focus == h.link_rect(h.links[-1]).center  # and reach its last link
    for _ in range(60):
        key(a, "up")
    assert h.first == 0


def test_tab_goes_round_every_link_scrolling_to_each(shown: tuple[App, PlayScene, HelpScene]) -> None:
    a, _, h = shown
    seen = []
    for _ in range(len(h.links)):
        key(a, "next_field")
        link = h.link_at(*h.focus) if h.focus is not None else None
        assert link is not None and h.shown(link.row)
        seen.append(link.target)
    assert seen == [k.target for k in h.links]
    key(a, "next_field")
    assert h.link_at(*h.focus) == h.links[0]  # round to the first


def test_the_scroll_bar_the_wheel_and_the_page_keys_scroll(shown: tuple[App, PlayScene, HelpScene]) -> None:
    a, _, h = shown
    key(a, "page_down")
    assert h.first == min(h.slack, h.visible - 1)
    key(a, "page_up")
    assert h.first == 0
    click(a, h.bar.down.center)
    assert h.first == 1
    click(a, h.bar.up.center)
    assert h.first == 0
    frame(a, Scroll(100), at=h.paper.center)
    assert h.first == h.slack  # never past the end
    assert h.bar.slider.bottom == h.bar.well.bottom - 2
    slider = h.bar.slider
    frame(a, Select(*slider.center), at=slider.center)
    top = (slider.center[0], h.bar.well.y)
    a.feed([Pointer(*top, held=True)])
    a.draw()
    assert h.first == 0  # the slider dragged to the top


def test_escape_and_the_close_icon_close_it_leaving_the_table_as_it_was(
    shown: tuple[App, PlayScene, HelpScene],
) -> None:
    a, table, _ = shown
    record = list(table.table.match.record)
    key(a, "cancel")
    assert a.top is table and table.table.match.record == record
    a.go(Push(HelpScene(a.services, "moving")))
    frame(a, at=AWAY)
    assert isinstance(a.top, HelpScene) and a.top.page == "moving"
    close = a.top.window.furniture["close"]
    click(a, close.center)
    assert a.top is table


def test_every_page_opens_and_draws_its_links_underlined_in_blue(
    shown: tuple[App, PlayScene, HelpScene],
) -> None:
    a, _, h = shown
    for name in manual().pages:
        h.open(name)
        frame(a, at=AWAY)
        for k in h.links:
            if h.shown(k.row):
                r = h.link_rect(k)
                row = [pyxel.screen.pget(x, r.y + CHAR_H - 2) for x in range(r.x, r.right)]
                assert set(row) == {wimp.HELP_LINK}, (name, k)


def test_the_page_fits_its_paper_and_the_window_holds_it(shown: tuple[App, PlayScene, HelpScene]) -> None:
    _, _, h = shown
    assert h.paper.w >= COLUMNS * CHAR_W + 2 * 8
    work = h.window.work_area
    for r in (h.paper, h.bar.rect, h.contents_button.rect, h.back_button.rect):
        assert work.x <= r.x and r.right <= work.right and work.y <= r.y and r.bottom <= work.bottom
    for name in manual().pages:
        h.open(name)
        assert all(len(line.text) <= COLUMNS for line in h.lines)


def test_a_page_that_does_not_exist_opens_the_contents(shown: tuple[App, PlayScene, HelpScene]) -> None:
    a, _, _ = shown
    assert HelpScene(a.services, "no-such-page").page == "contents"


@pytest.mark.parametrize("name", ["help_contents", "help_topic", "help_board"])
def test_golden_help(shown: tuple[App, PlayScene, HelpScene], name: str) -> None:
    """The contents over the table, a topic with the keys' frame on its first link, the board's diagram."""
    a, _, h = shown
    if name == "help_board":
        click(a, link_to(h, "board"))
        frame(a, at=AWAY)
    if name == "help_topic":
        click(a, link_to(h, "moving"))
        frame(a, at=AWAY)
        for _ in range(3):  # Contents, Back, then the page's first link
            key(a, "down")
        assert h.link_at(*h.focus) is not None
    check(name)


def test_the_roll_off_is_thrown_as_the_first_move_page_says() -> None:
    """Issue 43: the page said the player clicks for the roll-off when the computer is White; the
    computer throws it. As the page now says, White throws it, the player only when White."""
    page = " ".join(b.text for b in manual().pages["first-move"].blocks)
    assert "When the computer is White" in page and "throws the roll-off itself" in page
    for seat, computer_rolls in ((1, True), (0, False)):
        a = app()
        names = ("Expert", "You") if seat == 1 else ("You", "Expert")
        scene = a.new_game(GameOptions(Rules(), names, computer=1 - seat, level="expert"))
        assert scene.table.match.game.phase == "opening"
        for _ in range(30):
            frame(a)
        assert (scene.table.match.game.phase != "opening") == computer_rolls, seat


def test_the_board_page_shows_the_games_own_board_labelled(shown: tuple[App, PlayScene, HelpScene]) -> None:
    """Issue 43: a diagram of the board as the game paints it (the board view's pixels, halved), in the
    16 colours, with a numbered marker on each part the legend under it names, in the legend's order."""
    a, _, h = shown
    h.open("board")
    frame(a, at=AWAY)
    image = h.picture("board")
    row = next(r for r, line in enumerate(h.lines) if line.kind == "picture")
    x0, y0 = h.paper.x + (h.paper.w - image.width) // 2, h.row_y(row)
    assert all(
        pyxel.screen.pget(x0 + x, y0 + y) == image.pget(x, y)
        for y in range(image.height)
        for x in range(image.width)
    )
    full = pyxel.Image(*SCREEN)
    a.board.draw(full, *diagram.scene())
    marks = [diagram.marker_rect(n) for n in range(1, len(diagram.PARTS) + 1)]
    same = sum(
        image.pget(x, y) == full.pget(2 * x, diagram.TOP + 2 * y)
        for y in range(0, image.height, 3)
        for x in range(0, image.width, 3)
        if not any(m.contains(x, y) for m in marks)
    )
    assert same > 0.9 * (image.width // 3) * (image.height // 3) * 0.9  # the rims' numbers are written anew
    for n, m in enumerate(marks, 1):  # the marker's number, in white on blue
        assert image.pget(m.x, m.y) == wimp.Wimp.DARK_BLUE
        assert any(
            image.pget(x, y) == wimp.Wimp.WHITE for x in range(m.x, m.right) for y in range(m.y, m.bottom)
        ), n
    legend = [line.text for line in h.lines if line.text.startswith("- ") and line.text[2:3].isdigit()]
    assert [int(t.split()[1]) for t in legend] == list(range(1, len(marks) + 1))
    assert {image.pget(x, y) for y in range(image.height) for x in range(image.width)} <= set(range(16))
