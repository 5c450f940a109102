"""Issue 43: every box asked over the board leaves it readable, and the ones that must be answered
have no close icon.

Each box, in positions from random games (men on the bar among them), is checked against what the
board view draws there, worked out from the layout: the bar, the strip, every arrow and man.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from seats import against
from test_ui_app import make_app

from cart.ai.review.tutor import Advice
from cart.engine import GameState, IllegalActionError, Match, Move, Position, Rules
from cart.ui.board import layout as L
from cart.ui.board.clear import BAR, arrow_rects, men_at, men_rects, overlaps, standing
from cart.ui.kit.assets import CHAR_W, Assets
from cart.ui.kit.geom import SCREEN, Rect
from cart.ui.table import play_boxes as boxes
from cart.ui.table.play import PlayScene
from cart.ui.wimp.dialogs import Dialog
from cart.ui.wimp.stage import Push, Transition
from cart.ui.wimp.widgets import FIELD_PAD

HUMAN = 1  # Red, at the bottom, against the expert in seat 0


def positions(n: int, seed: int = 43) -> list[Position]:
    """The start, then positions of random games seen from seat 0, most with men on the bar."""
    rng = random.Random(seed)
    found = [Position.start()]
    while len(found) < n:
        game = GameState.from_position(Rules(), Position.start(), turn=rng.randint(0, 1))
        for _ in range(rng.randint(6, 40)):
            game = game.roll((rng.randint(1, 6), rng.randint(1, 6)))[0]
            if game.phase == "move":
                game = game.play(rng.choice(game.legal_plays()))[0]
            if game.phase == "over":
                break
        board = game.board(0)
        if game.phase != "over" and (board.mine[25] or board.theirs[25] or len(found) % 3 == 0):
            found.append(board)
    return found


def scene_at(state: GameState) -> PlayScene:
    app = make_app()
    return app.new_game(against("expert"), Match(Rules(), rng=random.Random(1), start=state))


def box_of(transition: Transition | Dialog | None) -> Dialog:
    box = transition.scene if isinstance(transition, Push) else transition
    assert isinstance(box, Dialog), transition
    return box


def rolled(board: Position, rng: random.Random) -> GameState:
    """The person to play a roll that has a choice of plays."""
    while True:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        try:
            state = GameState.from_position(Rules(), board.flip(), turn=HUMAN, dice=dice)
        except IllegalActionError:
            continue  # no play at all
        if len(state.legal_plays()) > 1:
            return state


def tutor_box(board: Position, rng: random.Random) -> tuple[PlayScene, Dialog, list[L.Spot]]:
    """The tutor questioning a random play, made man by man on the board, the Master's another."""
    state = rolled(board, rng)
    scene = scene_at(state)
    plays = state.legal_plays()
    play, best = rng.sample(plays, 2)
    for src, dst in play.moves:
        scene.table.place(src)
        scene.table.place(dst)
    scene.tutor.held = Move.of(play)
    scene.tutor._judged(Advice("The Master prefers another play: play it anyway?", 0.2, best.moves))
    about = [L.Spot(HUMAN, p) for move in play.moves for p in move]
    return scene, box_of(scene.tutor.step()), about


def asked(board: Position, name: str) -> tuple[PlayScene, Dialog]:
    """The box ``name`` asked over ``board``, as the table asks it."""
    roll = GameState.from_position(Rules(), board, turn=0)
    mine = GameState.from_position(Rules(), board.flip(), turn=HUMAN)
    made: dict[str, Callable[[], tuple[GameState, Callable[[PlayScene], Transition | Dialog | None]]]] = {
        "Double": lambda: (roll.double()[0], lambda s: boxes.ask_take(s, s.match.game)),
        "Resign": lambda: (roll.resign(0, 2)[0], lambda s: boxes.ask_resignation(s, s.match.game)),
        "Game over": lambda: (mine.forfeit(HUMAN)[0], boxes.game_over_box),
        "Forfeit": lambda: (mine, boxes.ask_forfeit),
        "Resign offer": lambda: (mine, boxes.ask_resign),
        "Exit": lambda: (mine, boxes.ask_exit),
        "Type a move": lambda: (rolled(board, random.Random(0)), boxes.type_move),
    }
    state, ask = made[name]()
    scene = scene_at(state)
    return scene, box_of(ask(scene))


MUST_ANSWER = ("Double", "Resign", "Game over")


def readable(scene: PlayScene, box: Dialog, about: Sequence[L.Spot] = ()) -> int:
    """The box covers neither the bar nor the strip; of the arrows and the men it asks about, then of
    all men, no more than the same box would in the other half of the board. Returns the arrows and
    men asked about that it covers (where both halves hold some)."""
    r = box.window.rect
    assert r.x >= 0 and r.right <= SCREEN[0] and r.y >= 0 and r.bottom <= SCREEN[1]
    assert not overlaps(r, BAR), r
    assert not overlaps(r, L.MESSAGE), r
    game, view = scene.view()
    stand = standing(game, view)
    arrows = [a for a, _, _ in arrow_rects(view.hints, stand, view.viewer)]
    men = men_rects(stand, view.viewer)
    about_men = [m for spot in about for m in men_at(spot, stand[spot], view.viewer)]

    def covers(at: Rect) -> tuple[int, int]:
        return sum(overlaps(at, m) for m in (*arrows, *about_men)), sum(overlaps(at, m) for m in men)

    mirror = Rect(r.x, L.BOARD.y + L.BOARD.bottom - r.bottom, r.w, r.h)
    assert covers(r) <= covers(mirror), (box.window.title, r, covers(r), covers(mirror))
    return covers(r)[0]


@pytest.mark.parametrize("name", [*MUST_ANSWER, "Forfeit", "Resign offer", "Exit", "Type a move"])
def test_a_box_leaves_the_bar_the_strip_and_the_board_it_asks_about_in_view(
    assets: Assets, name: str
) -> None:
    boards = positions(6)
    assert sum(bool(b.mine[25] or b.theirs[25]) for b in boards) >= 3
    for board in boards:
        scene, box = asked(board, name)
        assert readable(scene, box) == 0  # no arrow: they are all in one half, or none
        for b in box.buttons:  # narrowed, a box keeps its buttons' words whole
            assert len(b.label) * CHAR_W <= b.rect.w - 2 * FIELD_PAD and box.window.work_area.contains(
                *b.rect[:2]
            )
        assert ("close" in box.window.icons) == (name not in MUST_ANSWER), box.window.icons


def test_the_tutors_box_leaves_the_play_it_questions_and_the_masters_arrows_in_view(assets: Assets) -> None:
    rng = random.Random(5)
    clear = 0
    for board in positions(8):
        scene, box, about = tutor_box(board, rng)
        assert box.window.title == "Tutor" and scene.table.hint is not None
        clear += readable(scene, box, about) == 0
        assert "close" not in box.window.icons  # it must be answered: Escape still says No
    assert clear >= 6, clear  # the rest hold arrows or moved men in both halves: the fewer are covered
