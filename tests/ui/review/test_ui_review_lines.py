"""The Review window reads whole: every game's end, the longest names, long plays and cube lines.

"Beginner wins 1 po." was what the list showed of a game's end: 19 characters
fitted and the rest was cut without a sign. These tests read the pixels back
(:mod:`screen_text`), as a player reads them, for every kind of end (single,
gammon, backgammon, each by play and by resignation, a dropped double, a
forfeit, a match won by play and by a resignation) between two
players with the longest names the Create form allows.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
import pyxel
from screen_text import read_line

from cart.ai.review import review_match
from cart.engine import GameState, Match, Position, Rules
from cart.phrasebook import signed
from cart.store.saves.names import MAX_PLAYER_NAME
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.board.view_state import Player
from cart.ui.kit import palette as wimp
from cart.ui.kit.assets import CHAR_H, Assets
from cart.ui.review.review import DETAIL, DETAIL_ROWS, ReviewScene
from cart.ui.review.review_rows import Line, read_lines
from cart.ui.review.review_source import ReviewSource
from cart.ui.review.review_view import ROW_H
from cart.ui.wimp.stage import Push

LONG = ("Abcdefghijklmnopqrstuvwx", "Bartholomew Fitzwilliams")  # no space, and one: both at the limit
assert all(len(name) == MAX_PLAYER_NAME for name in LONG)


def counts(**points: int) -> list[int]:
    """A side's 26 slots (0 off, 1-24, 25 bar) from ``p6=5``-style keywords; the rest borne off."""
    side = [0] * 26
    for key, n in points.items():
        side[25 if key == "bar" else int(key[1:])] = n
    side[0] = 15 - sum(side)
    return side


def last_man(
    theirs: list[int], rules: Rules | None = None, score: tuple[int, int] = (0, 0), **kwargs: int
) -> Match:
    """Seat 0 (on roll with 6-5) bears off its last man against ``theirs``: the game ends as it goes."""
    rules = rules or Rules()
    position = Position.from_counts(counts(p1=1), theirs)
    start = GameState.from_position(rules, position, turn=0, dice=(6, 5), crawford=score != (0, 0), **kwargs)
    match = Match(rules, names=LONG, rng=random.Random(1), start=start, start_score=score)
    match.play("1/off")
    return match


def single() -> Match:
    return last_man(counts(p6=5))  # the other side has borne ten off: a single game


def gammon() -> Match:
    return last_man(counts(p6=15), cube=2, cube_owner=1)  # none off, the cube at 2: 4 points


def backgammon() -> Match:
    return last_man(counts(p6=14, p20=1))  # a man still in the winner's home board


def resign(level: int) -> Match:
    m = Match(Rules(), names=LONG, rng=random.Random(1))
    m.roll((6, 1))  # Abcd... moves first
    m.play("13/7 8/7")
    m.resign(m.game.actor, level)  # Bartholomew resigns
    m.accept()
    return m


def drop() -> Match:
    m = Match(Rules(), names=LONG, rng=random.Random(1))
    m.roll((6, 1))
    m.play("13/7 8/7")
    m.double()  # Bartholomew doubles, Abcd... drops
    m.drop()
    return m


def forfeit() -> Match:
    m = Match(Rules(), names=LONG, rng=random.Random(1))
    m.roll((6, 1))
    m.play("13/7 8/7")
    m.forfeit(m.game.actor)  # Bartholomew forfeits: twice the cube
    return m


def match_won() -> Match:
    return last_man(counts(p6=15), Rules(match_length=3), (2, 0))  # the Crawford game at 2-0 to 3: 4-0


def match_resigned(loser: int) -> Callable[[], Match]:
    """The play-test's end: a 5-point match won 5-2 by a backgammon resigned, in its 3rd game."""

    def make() -> Match:
        m = Match(Rules(match_length=5), names=LONG, rng=random.Random(1))
        for player in (1 - loser, loser, loser):  # 2-0, 2-2, then 5-2
            if m.record:
                m.new_game()
            m.roll((6, 1) if player else (1, 6))
            m.resign(player, 2 if m.game_number < 3 else 3)
            m.accept()
        assert m.is_match_over and m.score[1 - loser] == 5
        return m

    return make


A, B = LONG
ENDS = {
    "single": (single, ["Wins 1 point"], f"{A} wins 1 point."),
    "gammon": (gammon, ["Wins 4 points"], f"{A} wins a gammon, 4 points."),
    "backgammon": (backgammon, ["Wins 3 points"], f"{A} wins a backgammon, 3 points."),
    "resign single": (lambda: resign(1), ["Wins 1 point"], f"{B} resigns a single game, 1 point."),
    "resign gammon": (lambda: resign(2), ["Wins 2 points"], f"{B} resigns a gammon, 2 points."),
    "resign backgammon": (lambda: resign(3), ["Wins 3 points"], f"{B} resigns a backgammon, 3 points."),
    "drop": (drop, ["Wins 1 point"], f"{A} drops the double, 1 point."),
    "forfeit": (forfeit, ["Wins 2 points"], f"{B} forfeits the game, 2 points."),
    "match": (
        match_won,
        ["Wins 2 points", "and the match"],
        f"{A} wins a gammon, 2 points, and the match 4-0.",
    ),
    "match resigned by B": (
        match_resigned(1),
        ["Wins 3 points", "and the match"],
        f"{B} resigns a backgammon, 3 points, and loses the match 2-5.",
    ),
    "match resigned by A": (
        match_resigned(0),
        ["Wins 3 points", "and the match"],
        f"{A} resigns a backgammon, 3 points, and loses the match 2-5.",
    ),
}


def open_review(match: Match) -> ReviewScene:
    app = App(headless=True, seed=0)
    app.think_budget = 30.0
    players = (Player(LONG[0], "white"), Player(LONG[1], "red"))
    scene = ReviewScene(app.services, ReviewSource("Long names", match, players, 1))
    app.go(Push(scene))
    app.frame()
    return scene


def shown(scene: ReviewScene, i: int, assets: Assets) -> tuple[list[str], list[str]]:
    """Line ``i`` selected: its rows in the list (selected colours) and the detail box's rows, as drawn."""
    scene.select(i)
    scene.draw(pyxel.screen)
    r = scene.list.row_rect(i)
    listed = [
        read_line(assets, r.y + k * ROW_H, wimp.MENU_SELECTED_TEXT, r.x, r.right) for k in range(r.h // ROW_H)
    ]
    detail = [
        read_line(assets, DETAIL.y + 2 + k * CHAR_H, wimp.TEXT, DETAIL.x, DETAIL.right)
        for k in range(DETAIL_ROWS)
    ]
    return [s for s in listed if s], [s for s in detail if s]


def whole(rows: list[str], text: str) -> bool:
    """``rows`` are ``text``, every character in order, none cut: a name may go on over a row's end."""
    return "".join(rows).replace(" ", "") == text.replace(" ", "") and not any("..." in row for row in rows)


@pytest.mark.parametrize("kind", list(ENDS))
def test_every_kind_of_game_end_reads_whole_in_the_list_and_the_detail(assets: Assets, kind: str) -> None:
    """The list says "Wins N points" beside the winner's token (as a cube line is written, and a .mat
    says it); the detail box says it all, with both longest names, on as many rows as it takes."""
    make, listed, told = ENDS[kind]
    scene = open_review(make())
    i = max(k for k, line in enumerate(scene.lines.lines) if line.kind == "end")  # the record's last end
    rows, detail = shown(scene, i, assets)
    assert rows == listed
    assert detail[0] == scene.lines.lines[i].heading
    assert whole(detail[1:], told), detail


RESIGNED = {1: ["Resigns a", "single game"], 2: ["Resigns a", "gammon"], 3: ["Resigns a", "backgammon"]}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_resignation_says_what_was_resigned_in_the_list_and_the_detail(assets: Assets, level: int) -> None:
    """Play-test: "Resigns 2" was unclear to a new player; the list says what was given up, whole."""
    scene = open_review(resign(level))
    i = next(k for k, line in enumerate(scene.lines.lines) if line.kind == "resign")
    rows, detail = shown(scene, i, assets)
    assert rows == RESIGNED[level]
    assert whole(detail, f"{B}: {' '.join(RESIGNED[level])}"), detail


def test_a_game_heading_with_the_longest_names_reads_whole_in_the_detail(assets: Assets) -> None:
    scene = open_review(single())
    _, detail = shown(scene, 0, assets)
    assert detail[0] == "Money game"
    assert whole(detail[1:], f"{LONG[0]} 0 - 0 {LONG[1]}"), detail


def test_a_plays_arrows_pass_under_the_pips_labels(assets: Assets) -> None:
    """13/10 13/11 crosses the outer table's middle strip, where both sides' pip counts are written:
    the labels stay whole on top of the arrows."""
    m = Match(Rules(), names=LONG, rng=random.Random(1))
    m.roll((3, 2))
    m.play("13/10 13/11")
    scene = open_review(m)
    i = next(k for k, line in enumerate(scene.lines.lines) if line.kind == "move")
    scene.select(i)
    scene.draw(pyxel.screen)
    box = L.PIPS
    rows = (box.y + 4, box.y + 8 + CHAR_H)
    read = [read_line(assets, y, wimp.BOARD_TEXT, box.x, box.right) for y in rows]
    assert read == ["Pips 167", "Pips 167"], read  # the board before the play


def test_a_maxgammon_session_is_headed_maxgammon_not_money() -> None:
    """MaxGammon has no cube and no stakes to double: its one game is not a "Money game"."""
    m = Match(Rules(variant="maxgammon"), names=LONG, rng=random.Random(1))
    m.roll()
    headings = [line.heading for line in read_lines(m).lines if line.kind == "game"]
    assert headings == ["MaxGammon game"]
    standard = Match(Rules(), names=LONG, rng=random.Random(1))
    assert [line.heading for line in read_lines(standard).lines if line.kind == "game"] == ["Money game"]


def test_a_play_with_the_longest_name_and_a_long_play_reads_whole_in_the_detail(assets: Assets) -> None:
    """A play's head ("1. <name> 65") and a four-part play beside its swatch go on over two rows."""
    position = Position.from_counts(counts(p24=1, p23=1, p13=1, p8=1, p6=11), counts(p6=15))
    start = GameState.from_position(Rules(), position, turn=1, dice=(2, 2))
    match = Match(Rules(), names=LONG, rng=random.Random(1), start=start)
    match.play("24/22 23/21 13/11 8/6")
    scene = open_review(match)
    i = next(k for k, line in enumerate(scene.lines.lines) if line.kind == "move")
    line: Line = scene.lines.lines[i]
    _, detail = shown(scene, i, assets)
    assert detail[:2] == ["1. Bartholomew", "Fitzwilliams 22"]
    play = line.text
    assert len(play) > 19  # longer than a swatch's row: it goes on under itself
    made = [
        read_line(assets, DETAIL.y + 2 + k * CHAR_H, wimp.TEXT, DETAIL.x + 18, DETAIL.right) for k in (2, 3)
    ]
    assert " ".join(made) == play, made


def test_a_cube_line_with_the_longest_name_reads_whole_in_the_detail(assets: Assets) -> None:
    scene = open_review(drop())
    i = next(k for k, line in enumerate(scene.lines.lines) if line.kind == "double")
    rows, detail = shown(scene, i, assets)
    assert rows == ["Doubles => 2"]
    assert detail[:2] == ["Bartholomew", "Fitzwilliams:"] and detail[2] == "Doubles => 2", detail


def test_a_cube_lines_equities_say_whose_they_are_the_doublers_on_the_take_too(assets: Assets) -> None:
    """The play-test read "ND+0.95 DT+1.28" beside a drop and could not tell whose equity it was."""
    match = drop()
    scene = open_review(match)
    scene.judged.read(review_match(match, ply=0))
    i = next(k for k, line in enumerate(scene.lines.lines) if line.kind == "drop")
    _, detail = shown(scene, i, assets)
    cube = scene.judged.cube(scene.lines.lines[i])
    assert cube is not None and cube.player == 0 and cube.doubler == 1  # Abcd... drops Bartholomew's double
    assert detail[-3:-1] == ["Bartholomew", "Fitzwilliams's equity"], detail
    assert detail[-1].startswith("ND"), detail


def test_luck_reads_as_it_is_rounded_never_minus_nothing() -> None:
    assert [signed(x, 2) for x in (-0.004, 0.0, -0.006, 0.004)] == ["+0.00", "+0.00", "-0.01", "+0.00"]


def test_a_matchs_game_line_in_the_list_gives_its_score_and_the_crawford_game(assets: Assets) -> None:
    """The play-test read "3rd game of 4" and looked for the score and the Crawford game there."""
    m = Match(Rules(match_length=3), names=LONG, rng=random.Random(1))
    m.roll((6, 1))
    m.play(m.legal_plays()[0])
    m.forfeit(m.game.actor)  # 2 points: the next game is the Crawford game
    m.new_game()
    scene = open_review(m)
    i = max(k for k, line in enumerate(scene.lines.lines) if line.kind == "game")
    listed, _ = shown(scene, i, assets)
    assert listed[:2] == ["2nd game of 2,", "Crawford"], listed
    assert listed[2:] == ["Abcdefghijklmnop...", f"{m.score[0]} - {m.score[1]} Bartholome..."]
