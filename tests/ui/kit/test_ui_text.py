"""Text as the system font shows it (``cart.ui.kit.text``): cut, wrapped and filled to a box's room."""

from __future__ import annotations

from cart.ui.kit.text import KEEP, cut, sentence, shown, wrap


def test_a_store_error_ends_as_a_sentence_before_the_box_adds_its_own() -> None:
    assert sentence("Could not save the game 'g': Permission denied") == (
        "Could not save the game 'g': Permission denied."
    )
    assert (sentence("Saved."), sentence("")) == ("Saved.", "")


def test_cut_ends_in_an_ellipsis_at_a_near_space_unless_told_to_cut_anywhere() -> None:
    assert (cut("Bartholomew", 8), cut("Ann", 8)) == ("Barth...", "Ann")
    assert cut("is not a legal play", 12) == "is not a..."
    assert (cut("Friday night", 11), cut("Friday night", 11, at_word=False)) == ("Friday...", "Friday n...")


def test_wrap_with_cut_words_never_splits_a_word_and_shortens_one_too_long_for_a_line() -> None:
    assert wrap("The man on the bar cannot go to point 1 with 4/1", 23, cut_words=True) == [
        "The man on the bar",
        "cannot go to point 1",
        "with 4/1",
    ]
    assert wrap("AAAAAAAAAAAAAAAAAAAAAAAA goes first with 6-1", 23, cut_words=True) == [
        "AAAAAAAAAAAAAAAAAAAA...",
        "goes first with 6-1",
    ]
    assert wrap("one two three four five", 9, rows=2, cut_words=True) == ["one two", "three..."]


def test_wrap_never_cuts_a_word_a_player_must_read_whole() -> None:
    assert wrap("Bartholomew wins a gammon, 2 points", 21, first=19) == [
        "Bartholomew wins a",
        "gammon, 2 points",
    ]
    assert wrap("Abcdefghijklmnopqrstuvwx wins 1 point", 21, first=19) == [
        "Abcdefghijklmnopqrs",
        "tuvwx wins 1 point",
    ]
    assert wrap(f"Bartholomew: Doubles{KEEP}=>{KEEP}2", 19) == ["Bartholomew:", "Doubles => 2"]


def test_characters_the_font_lacks_show_as_one_question_mark_each() -> None:
    assert shown("Café ☕") == "Caf? ?"
    assert (cut(shown("Bartholomew"), 8, at_word=False), cut(shown("Ann"), 8, at_word=False)) == (
        "Barth...",
        "Ann",
    )


def test_a_box_splits_a_path_rather_than_lose_it_and_ends_in_dots_past_its_rows() -> None:
    assert wrap("'13/7 13/11 13/9' is not a legal play of 6-2: 13/9 is 4 pips", 30, rows=4) == [
        "'13/7 13/11 13/9' is not a",
        "legal play of 6-2: 13/9 is 4",
        "pips",
    ]
    assert wrap("a b c d e f g h", 5, rows=2) == ["a b c", "d..."]
