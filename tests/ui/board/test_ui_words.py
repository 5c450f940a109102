"""The board's words (``cart.ui.table.words``, ``tips``) and places (``layout``), as a player reads them."""

from __future__ import annotations

from cart.engine import GameState, Moved, OpeningRoll, Passed, Position, Rolled, Rules, legal_plays
from cart.phrasebook import said, seen_from, verb
from cart.ui.board.layout import Spot, point_column
from cart.ui.board.tips import move_then_confirm, point_tip, review_tip, roll_first, tip_text


def test_a_tip_names_the_controls_of_the_device_in_hand_and_only_when_the_player_may_act() -> None:
    g = GameState.new(Rules())
    assert tip_text("dice_box", g, True) == "Dice to roll: click (or R) to roll"
    assert tip_text("point", g, False) is None
    assert tip_text("dice_box", g, True, "pad") == "Dice to roll: A (or X) to roll"
    assert tip_text("dice_box", g, True, "keys") == "Dice to roll: Space (or R) to roll"


def test_the_tables_reminders_speak_of_the_device_in_hand() -> None:
    assert [roll_first(d) for d in ("mouse", "keys", "pad")] == [
        "roll first: click the dice to roll",
        "roll first: R rolls",
        "roll first: X rolls",
    ]
    assert move_then_confirm("mouse") == "the dice are rolled: move, then click your roll"
    assert move_then_confirm("pad") == "the dice are rolled: move, then X confirms"
    assert point_tip("mouse") == "Click a man, then a point; U undoes, X the turn"
    assert point_tip("keys") == "Space on a man, then on a point; U undoes, X the turn"
    assert point_tip("pad") == "A on a man, then on a point; B undoes"


def test_the_review_buttons_tips_give_the_key_alone_to_a_player_without_a_pointer() -> None:
    assert review_tip("next_error", "keys") == "Next error: Return; P the previous"
    assert review_tip("next_error", "pad") == "Next error: X; B the previous"
    assert review_tip("next_error", "mouse") == "Next error: click (or Return); P the previous"
    assert review_tip("back", "mouse") == "One move back: click (or Up)"


def test_a_play_is_said_in_the_numbers_the_viewers_board_prints() -> None:
    assert seen_from("24/20* 13/9", 0, 1) == "1/5* 12/16"
    assert seen_from("8/4(2) bar/22", 1, 1) == "8/4(2) bar/22"


def test_you_take_and_red_takes() -> None:
    assert (verb("You", "wins"), verb("Expert", "wins")) == ("You win", "Expert wins")
    assert verb("You", "goes") == "You go"


def test_places_turn_round_for_the_other_player_and_points_keep_their_columns() -> None:
    assert (Spot(0, 8).seen_by(1), Spot(0, 25).seen_by(1), Spot(0, 25).seen_by(0)) == (17, None, 25)
    assert [point_column(p) for p in (1, 12, 13, 24)] == [(408, False), (20, False), (20, True), (408, True)]


def test_a_roll_is_written_as_players_and_gnubg_write_it_the_higher_die_first() -> None:
    """The play-test read "rolled 2-6" and "goes first with 3-5": players write 62 and 53, however rolled."""
    names = ["Expert", "You"]
    assert said(OpeningRoll((3, 5), 1), names, short=True) == "You go first with 53"
    assert said(OpeningRoll((3, 5), 1), names).endswith("You moves first, playing 53.")
    assert said(Passed(0, (2, 6)), names, short=True) == "Expert rolled 62 and cannot move"
    assert said(Rolled(0, (1, 4)), names) == "Expert rolls 41."
    moved = Moved(0, legal_plays(Position.start(), (2, 6))[0], (), "24/18 13/11")
    assert said(moved, names, short=True, viewer=0, dice=(2, 6)) == "Expert rolled 62: 24/18 13/11"
