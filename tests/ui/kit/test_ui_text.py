"""Text as the system font shows it (``cart.ui.kit.text``): cut, wrapped and filled to a box's room."""

from __future__ import annotations

from cart.ui.kit.text import KEEP, cut, cut_shown, fill, sentence, shown, wrap_box, wrap_words


def test_a_store_error_ends_as_a_sentence_before_the_box_adds_its_own() -> None:
    assert sentence("Could not save the game 'g': Permission denied") == (
        "Could not save the game 'g': Permission denied."
    )
    assert (sentence("Saved."), sentence("")) == ("Saved.", "")


def test_cut_ends_in_an_ellipsis_at_a_near_space_unless_told_to_cut_anywhere() -> None:
    assert (cut("Bartholomew", 8), cut("Ann", 8)) == ("Barth...", "Ann")
    assert cut("is not a legal play", 12) == "is not a..."
    assert (cut("Friday night", 11), cut("Friday night", 11, at_word=False)) == ("Friday...", "Friday n...")


def test_wrap_words_never_splits_a_word_and_shortens_one_too_long_for_a_line() -> None:
    assert wrap_words("The man on the bar cannot go to point 1 with 4/1", 23) == [
        "The man on the bar",
        "cannot go to point 1",
        "with 4/1",
    ]
    assert wrap_words("AAAAAAAAAAAAAAAAAAAAAAAA goes first with 6-1", 23) == [
        "AAAAAAAAAAAAAAAAAAAA...",
        "goes first with 6-1",
    ]
    assert wrap_words("one two three four five", 9, rows=2) == ["one two", "three..."]


def test_fill_never_cuts_a_word_a_player_must_read_whole() -> None:
    assert fill("Bartholomew wins a gammon, 2 points", 19, 21) == ["Bartholomew wins a", "gammon, 2 points"]
    assert fill("Abcdefghijklmnopqrstuvwx wins 1 point", 19, 21) == [
        "Abcdefghijklmnopqrs",
        "tuvwx wins 1 point",
    ]
    assert fill(f"Bartholomew: Doubles{KEEP}=>{KEEP}2", 19) == ["Bartholomew:", "Doubles => 2"]


def test_characters_the_font_lacks_show_as_one_question_mark_each() -> None:
    assert shown("Café ☕") == "Caf? ?"
    assert (cut_shown("Bartholomew", 8), cut_shown("Ann", 8)) == ("Barth...", "Ann")


def test_a_box_splits_a_path_rather_than_lose_it_and_ends_in_dots_past_its_rows() -> None:
    assert wrap_box(["'13/7 13/11 13/9' is not a legal play of 6-2: 13/9 is 4 pips"], 30, 4) == [
        "'13/7 13/11 13/9' is not a",
        "legal play of 6-2: 13/9 is 4",
        "pips",
    ]
    assert wrap_box(["a b c d e f g h"], 5, 2) == ["a b c", "d..."]
