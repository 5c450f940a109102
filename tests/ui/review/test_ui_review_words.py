"""The Review window's words for a game's end and its headings (``cart.ui.review.review_rows``)."""

from __future__ import annotations

from cart.engine import GameOver, Rules
from cart.ui.review.review_rows import end_sentences, game_heading, ordinal


def test_a_games_end_is_one_whole_sentence_naming_the_player_who_ended_it() -> None:
    assert end_sentences(("White", "Red"), GameOver(winner=1, points=4, kind="gammon"), None) == (
        "Red wins a gammon, 4 points.",
    )
    assert end_sentences(("White", "You"), GameOver(winner=0, points=3, kind="resign"), (5, 2), 3) == (
        "You resign a backgammon, 3 points, and lose the match 2-5.",
    )
    assert end_sentences(("White", "Red"), GameOver(winner=0, points=1, kind="single"), (5, 2)) == (
        "White wins 1 point and the match 5-2.",
    )


def test_headings_are_ordinals_never_a_name_like_a_saved_games() -> None:
    assert [
        game_heading(2, 3, Rules(match_length=3)),
        game_heading(1, 1, Rules(match_length=3)),
        game_heading(1, 1, Rules()),
    ] == [
        "2nd game of 3",
        "1st game",
        "Money game",
    ]
    assert game_heading(2, 2, False) == "2nd game of 2"  # a money session of two games
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ]  # fmt: skip
