"""The terminal game: scripted sessions through ``TextGame`` and one real ``python -m cart`` process."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cart.__main__ import main, parse_args
from cart.engine import GameState, Match, Position, Rules, format_play
from cart.text.board import render_board
from cart.text.game import TextGame, run

ROOT = Path(__file__).resolve().parents[2]


def session(lines: list[str], rules: Rules | None = None, seed: int = 1) -> tuple[int, str, Match]:
    out = io.StringIO()
    match = Match(rules or Rules(), names=("Ann", "Bob"), rng=random.Random(seed))
    status = TextGame(match, out, echo=True).run(lines)
    return status, out.getvalue(), match


def test_scripted_session_with_mistakes_cube_and_a_finished_match() -> None:
    # Seed 1: the roll-off is 2 for Ann, 5 for Bob; Ann's first roll is 1-3.
    status, text, match = session(
        [
            "help",
            "13/11 13/8",  # before rolling: refused by the engine
            "",  # roll-off: Bob plays 2-5
            "bogus",  # not a command, not a move
            "24/2",  # readable but illegal
            "8/5 6/5",  # uses only 4 pips
            "take",  # out of turn
            "moves",
            "13/11 13/8",
            "double",  # Ann doubles
            "",  # Enter while a double is pending
            "take",  # Bob takes and owns the cube at 2
            "double",  # Ann no longer has the cube
            "",  # Ann rolls 1-3
            "20/19,21/17",  # Wizard notation that names empty points
            "17,20,19,20",  # Wizard for 8/5 6/5
            "double",  # Bob redoubles to 4
            "drop",  # Ann drops: Bob wins 2
            "",  # next game: the Crawford game
            "",  # roll-off
            "double",  # not at the start of a turn
            "forfeit",  # the player on roll forfeits: 2 points to the other, 2-2
            "yes",
            "",  # game 3
            "forfeit",  # during the roll-off: the match ends
            "y",
            "this line is never read",
        ],
        Rules(match_length=3),
    )
    assert status == 0
    assert "Traceback" not in text
    assert "Commands (the first letter is enough" in text
    assert "Wizard of OsZ" in text
    assert "  ! cannot move now: the opening roll is due" in text
    assert "Ann rolls 2, Bob rolls 5: Bob moves first, playing 52." in text
    assert "  ! Unknown command 'bogus'. Moves look like 8/5 6/5 or 5,7,12,17." in text
    assert "  ! '24/2' is not a legal play of 52" in text
    assert "24/2 is 22 pips, the roll has 2 and 5" in text
    assert "  ! cannot take now: Bob must play the 52 rolled" in text
    assert "8 legal plays:" in text and "13/11 13/8" in text
    assert "Bob plays 13/11 13/8." in text
    assert "Ann doubles: the cube would go to 2." in text
    assert "  ! Answer the double first: 'take' or 'drop'." in text
    assert "Bob takes: the cube is at 2, owned by Bob." in text
    assert "  ! cannot double: your opponent owns the cube" in text
    assert "Ann rolls 31." in text
    assert "  ! '20/19,21/17'" in text
    assert "Ann plays 8/5 6/5." in text
    assert "Bob doubles: the cube would go to 4." in text
    assert "Ann drops and loses 2 points." in text
    assert "Bob wins the game: 2 points. Score Ann 0, Bob 2." in text
    assert "Game 2 begins (the Crawford game: no doubling)." in text
    assert "cube 1, centred, Crawford game" in text
    assert "forfeits the game." in text
    assert "Game 3 begins." in text
    assert "wins the match" in text and text.rstrip().endswith("The match is over.")
    assert match.is_match_over


def _autoplayer(game: TextGame, moves: int) -> Iterator[str]:
    """Type what a careful player would: roll, then the first legal play in gnubg notation."""
    for _ in range(moves):
        state = game.match.game
        if state.phase == "move":
            yield format_play(state.position, game.match.legal_plays()[0])
        elif state.phase == "over":
            return
        else:
            yield "roll"
    yield "quit"


def test_forfeit_asks_first_and_anything_but_yes_keeps_the_game() -> None:
    status, text, match = session(["", "forfeit", "no", "forfeit", "13/11", "forfeit", "yes"], seed=1)
    assert status == 0
    assert text.count("forfeit this game? Ann wins 2 points (twice the cube). 'yes' or 'no'") == 3
    assert text.count("  Not forfeited: the game goes on.") == 2
    assert "'13/11'" not in text  # the answer is not read as a move
    assert text.count("forfeits the game.") == 1
    assert tuple(match.score) == (2, 0)


@pytest.mark.parametrize(("rules", "seed"), [(Rules(), 3), (Rules(variant="maxgammon"), 4)])
def test_a_whole_game_typed_in_gnubg_notation_ends_with_a_winner(rules: Rules, seed: int) -> None:
    out = io.StringIO()
    game = TextGame(Match(rules, rng=random.Random(seed)), out)
    assert game.run(_autoplayer(game, 2000)) == 0
    text = out.getvalue()
    assert game.match.game.phase == "over"
    assert " wins " in text and "Traceback" not in text
    assert max(game.match.score) >= 1


def test_no_move_possible_is_announced() -> None:
    side_me = [13] + [0] * 24 + [2]
    side_them = [3, 2, 2, 2, 2, 2, 2] + [0] * 19
    rules = Rules()
    start = GameState.from_position(rules, Position.from_counts(side_me, side_them))
    out = io.StringIO()
    match = Match(rules, rng=random.Random(0), start=start)
    TextGame(match, out).run(["roll", "quit"])
    assert "no move possible, the turn passes" in out.getvalue()


def test_the_hint_names_the_computers_choice_in_each_phase() -> None:
    """The one hint (``cart.ai.hint``) in words: a play, a cube action with the outlook, a roll."""
    certain = Position.from_counts([13, 2] + [0] * 24, [14, 0, 0, 0, 0, 0, 1] + [0] * 19)
    rules = Rules()

    def hint(state: GameState | None = None, *actions: str) -> str:
        match = Match(rules, rng=random.Random(1), start=state)
        for action in actions:
            getattr(match, action)()
        return TextGame(match, io.StringIO()).hint()

    assert hint() == "roll."  # the opening roll-off
    assert hint(GameState.from_position(rules, Position.start(), dice=(3, 1))) == "play 8/5 6/5."
    # two men on the ace point bear off with any roll: a race worked out exactly (cart.ai.race)
    assert hint(GameState.from_position(rules, certain)).startswith("double (White wins 100%")
    # the taker's own chances, named: "wins 100%" was the doubler's and read as the taker's
    assert hint(GameState.from_position(rules, certain), "double").startswith("drop (Red wins 0%")
    assert hint(GameState.from_position(rules, Position.start())).startswith("no double: roll (White wins 5")
    assert hint(GameState.from_position(rules, certain), "double", "drop") == "start the next game."


def test_maxgammon_prompt_offers_no_double() -> None:
    status, text, _ = session(["double", "quit"], Rules(variant="maxgammon"))
    assert status == 0
    assert "Ann (X) to roll. Press Enter to roll, or 'help'" in text
    assert "  ! cannot double: MaxGammon has no doubling cube" in text
    assert "no cube (MaxGammon)" in text


def test_end_of_input_and_ctrl_c_exit_cleanly() -> None:
    status, text, _ = session(["", ""])
    assert status == 0 and text.rstrip().endswith("End of input: goodbye.")

    def interrupted() -> Iterator[str]:
        yield ""
        raise KeyboardInterrupt

    out = io.StringIO()
    assert run(Rules(), seed=1, lines=interrupted(), out=out) == 0
    assert "Interrupted: goodbye." in out.getvalue()


def test_board_fits_80_columns_and_is_seen_from_the_player_on_roll() -> None:
    rules = Rules(match_length=7)
    match = Match(rules, names=("A very long name indeed", "B"), rng=random.Random(2))
    match.roll((1, 6))  # player 1 wins the roll-off
    board = render_board(match).splitlines()
    assert all(len(line) <= 80 for line in board)
    assert board[0].split()[:6] == ["13", "14", "15", "16", "17", "18"]
    assert board[-1].split()[:12] == ["12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]
    assert board[-1].rstrip().endswith("O B: pips 167, off 0")


def test_options_build_the_rules() -> None:
    args = parse_args(
        [
            "--text",
            "--rules",
            "standard",
            "--match",
            "7",
            "--cube-limit",
            "64",
            "--seed",
            "3",
            "--names",
            "Ann",
            "Bob",
        ]
    )
    assert args.rules_value == Rules(match_length=7, cube_limit=64)
    assert args.names == ["Ann", "Bob"] and args.seed == 3 and args.mode == "text"
    assert parse_args([]).mode is None
    assert parse_args(["--auto-doubles"]).rules_value.automatic_doubles


def test_bad_options_exit_with_a_message_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--rules", "maxgammon", "--cube-limit", "64"])
    assert exc.value.code == 2
    assert "MaxGammon has no doubling cube" in capsys.readouterr().err


def _cart(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cart", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_python_m_cart_text_exits_cleanly_when_stdin_closes() -> None:
    done = _cart(["--text", "--seed", "1"], "help\n\nnonsense\n13/11 13/8\n\n")
    assert done.returncode == 0
    assert "Traceback" not in done.stdout + done.stderr
    assert "Bob" not in done.stdout and "Red plays 13/11 13/8." in done.stdout
    assert done.stdout.rstrip().endswith("End of input: goodbye.")


def test_python_m_cart_plays_a_one_point_match_to_the_end() -> None:
    done = _cart(["--text", "--match", "1", "--names", "Ann", "Bob", "--seed", "5"], "forfeit\nyes\n")
    assert done.returncode == 0
    assert "Traceback" not in done.stdout + done.stderr
    assert "wins the match" in done.stdout and "The match is over." in done.stdout
