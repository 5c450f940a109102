"""The game's manual: its markup read right, its links and keys whole, its lines within the window.

The pages are an asset (``cart/assets/manual.txt``) read by the pure model in
:mod:`cart.ui.kit.hypertext`; the keys they name come from the bindings
(:func:`cart.ui.windows.manual.bindings`). No Pyxel screen is opened here.
"""

from __future__ import annotations

import pytest

from cart.ui.controls import PLAY_KEYS
from cart.ui.kit.hypertext import LINK, Manual, ManualError, Span, wrap_spans
from cart.ui.kit.text import PRINTABLE
from cart.ui.wimp.keyboard import KEY_LABELS
from cart.ui.windows.help import PICTURES
from cart.ui.windows.manual import COLUMNS, bindings, manual


def test_the_manual_has_no_problem_at_the_windows_width() -> None:
    """Every link leads to a page, every page is reached from the contents, every key is bound, all fits."""
    assert manual().problems(COLUMNS, bindings()) == []


def test_every_page_is_reachable_from_the_contents() -> None:
    m = manual()
    assert m.contents == "contents"
    assert m.reachable() == set(m.pages)


def test_every_line_fits_the_width_and_the_font() -> None:
    m, b = manual(), bindings()
    for name in m.pages:
        for line in m.lay_out(name, COLUMNS, b):
            assert len(line.text) <= COLUMNS, (name, line.text)
            assert set(line.text) <= PRINTABLE, (name, line.text)
            assert "{" not in line.text and "[[" not in line.text, (name, line.text)


def test_the_issues_topics_each_have_a_page() -> None:
    """Issue 28's list of what the manual explains, each a page reached from the contents."""
    wanted = {
        "objective", "board", "first-move", "moving", "bar-off", "doubling", "matches", "maxgammon",
        "scoring", "arrows", "review", "tutor", "saved-games", "leaving", "ratings", "ids", "options",
        "terminal", "history", "create", "keys",
    }  # fmt: skip
    assert wanted <= manual().reachable()


def test_keys_are_read_from_the_bindings_not_written_by_hand() -> None:
    """A key moved in the map moves in the manual: the page shows whatever the map binds."""
    b = bindings()
    assert b["key:roll"] == KEY_LABELS[next(k for k, c in PLAY_KEYS.items() if c == "roll")]
    page = " ".join(line.text for line in manual().lay_out("moving", COLUMNS, {**b, "key:roll": "Q"}))
    assert "Q rolls" in page
    assert "R rolls" not in page


def test_help_is_bound_on_the_keyboard_and_the_pad() -> None:
    b = bindings()
    assert "F1" in b["keys:help"]
    assert b["pad:help"]
    assert b["pad:help"] not in {b[f"pad:{c}"] for c in ("confirm", "undo", "hint", "cancel")}


def test_an_unbound_placeholder_and_a_broken_link_are_problems() -> None:
    m = Manual.parse("== contents | Contents\nSee [[gone]] and press {nothing}.\n")
    assert m.problems(40, {}) == [
        "page contents: a link to no page [[gone]]",
        "page contents: no binding for {nothing}",
    ]


def test_a_page_no_link_reaches_is_a_problem() -> None:
    m = Manual.parse("== contents | Contents\nHello.\n\n== lost | Lost\nNobody comes here.\n")
    assert m.problems(40, {}) == ["page lost: no link reaches it"]


def test_a_line_too_wide_is_a_problem() -> None:
    m = Manual.parse("== contents | Contents\n> a kept line that is far too long\n")
    assert m.problems(10, {}) == ["page contents: wider than 10: 'a kept line that is far too long'"]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Hello\n== contents | Contents\n", "text before the first page"),
        ("== a | A\n\n== a | Again\n", "a second page named 'a'"),
        ("== A page\n", "a page begins"),
        ("# only a comment\n", "at least one page"),
        ("== a | A\n@ board\n", "line 2: a picture is '@ name rows'"),
    ],
)
def test_bad_markup_is_refused_with_its_line(text: str, why: str) -> None:
    with pytest.raises(ManualError, match=why):
        Manual.parse(text)


def test_blocks_items_headings_and_kept_lines() -> None:
    m = Manual.parse(
        "== contents | Contents\n"
        "# a comment\n"
        "First paragraph\nruns on.\n\n"
        "## A heading\n"
        "- one item that wraps\n  over two lines\n"
        "- two\n"
        "> kept   as is\n"
        "Last."
    )
    lines = m.lay_out("contents", 12, {})
    assert [(line.kind, line.text) for line in lines] == [
        ("para", "First"),
        ("para", "paragraph"),
        ("para", "runs on."),
        ("para", ""),
        ("heading", "A heading"),
        ("item", "- one item"),
        ("item", "  that wraps"),
        ("item", "  over two"),
        ("item", "  lines"),
        ("item", "- two"),
        ("para", ""),
        ("verbatim", "kept   as is"),
        ("para", ""),
        ("para", "Last."),
    ]


def test_a_link_shows_its_title_or_its_words_and_keeps_its_target_when_wrapped() -> None:
    m = Manual.parse(
        "== contents | Contents\nSee [[rules]] or [[rules|the whole of the rules]].\n\n== rules | Rules\nx"
    )
    lines = m.lay_out("contents", 16, {})
    spans = [s for line in lines for s in line.spans]
    assert Span("Rules", "rules") in spans
    linked = [s.text for s in spans if s.link == "rules"]
    assert linked == ["Rules", "the", "whole of the", "rules"]
    assert [line.text for line in lines] == ["See Rules or the", "whole of the", "rules."]


def test_wrapping_never_breaks_a_word_and_puts_spaces_outside_links() -> None:
    lines = wrap_spans([Span("go to "), Span("the page", "p"), Span(" now")], 80)
    assert lines == [(Span("go to "), Span("the page", "p"), Span(" now"))]


def test_the_index_names_each_page_under_words_that_page_uses() -> None:
    """Issue 43: an index, A to Z, reached from the contents, reaching every page; each entry's first
    word is in the title or the text of every page it names (so an entry cannot point astray)."""
    m = manual()
    assert "index" in m.pages["contents"].links()
    terms = []
    for block in m.pages["index"].blocks:
        if block.kind != "item":
            continue
        term, _, links = block.text.partition(": ")
        terms.append(term)
        stem = term.split()[0].strip(",").lower()[:5]
        for target in LINK.findall(links):
            page = m.pages[target[0]]
            said = (page.title + " " + " ".join(b.text for b in page.blocks)).lower()
            assert stem in said, (term, target[0])
    assert terms == sorted(terms, key=str.lower) and len(terms) >= 30
    named = set(LINK.findall(" ".join(b.text for b in m.pages["index"].blocks)))
    assert {name for name, _ in named} >= set(m.pages) - {"contents", "index"}


def test_a_picture_keeps_its_rows_on_the_page() -> None:
    """``@ name rows``: the picture's name on its first line, blank picture lines under it."""
    m = Manual.parse("== a | A\nAbove.\n\n@ board 3\n\nBelow.\n")
    lines = m.lay_out("a", 20, {})
    assert [(line.kind, line.text) for line in lines] == [
        ("para", "Above."), ("para", ""),
        ("picture", "board"), ("picture", ""), ("picture", ""),
        ("para", ""), ("para", "Below."),
    ]  # fmt: skip


def test_every_picture_the_pages_show_is_one_the_window_paints() -> None:
    pictures = [
        b.text.split()[0] for page in manual().pages.values() for b in page.blocks if b.kind == "picture"
    ]
    assert pictures == ["board"] and set(pictures) <= set(PICTURES)
