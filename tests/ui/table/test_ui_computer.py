"""The computer at the table: it thinks in each frame's spare time, and the screen says so while it does.

Split from ``test_ui_app.py`` (which plays the game itself and keeps the drivers used here):
what a thought costs a frame, and what becomes of one whose moment is gone, matter apart from the rules.
"""

from __future__ import annotations

import pytest
import pyxel
from seats import against
from test_ui_app import button, make_app, play_scene

import cart.ai as ai_module
from cart.engine import Forfeit, GameState, Moved, NewGame, Position, Roll, Rules
from cart.store import Settings
from cart.ui.app import App
from cart.ui.board import layout as L
from cart.ui.kit.assets import Assets
from cart.ui.kit.palette import Wimp
from cart.ui.kit.prefs import SPEED_FRAMES
from cart.ui.table.play import SETTLE_MOST
from cart.ui.title import watched
from cart.ui.wimp.dialogs import Dialog


def test_computer_thinks_in_slices_within_the_budget(assets: Assets) -> None:
    app = make_app()
    app.think_budget = 0.006
    pos = Position.from_position_id("4HPwATDgc/ABMA")
    d = play_scene(
        app,
        against("master"),
        GameState.from_position(Rules(), pos, dice=(2, 2)),
    )
    frames = 0
    while d.table.match.game.turn == 0 and frames < 500:
        d.frames()
        frames += 1
    assert 1 < frames < 500  # several frames of thinking, then the play


def test_a_forfeit_while_the_computer_thinks_drops_the_thought(assets: Assets) -> None:
    """The answer to a moment that is gone is never applied: the next game starts clean."""
    app = make_app()
    app.think_budget = 0.002
    pos = Position.from_position_id("OQcJkxGUOYEqEw")  # 637 plays with 2-2: many frames for the master
    d = play_scene(
        app,
        against("master"),
        GameState.from_position(Rules(), pos, dice=(2, 2)),
    )
    d.frames(3)  # the first frame is drawn before any thought
    assert not app.cursor_shown and d.table.match.game.phase == "move"  # the hourglass: it thinks
    d.menu("Play", "Forfeit...")  # from the menu, while the computer thinks: asked first
    box = app.stack[-1]
    assert isinstance(box, Dialog) and "Master wins 2 points (twice the cube)." in box.lines
    d.click(box.buttons[1].rect.center)  # Forfeit
    assert app.cursor_shown and d.table.match.game.phase == "over"  # the thought is dropped
    d.until(lambda: isinstance(app.stack[-1], Dialog))
    over = app.stack[-1]
    assert isinstance(over, Dialog) and over.window.title == "Game over"
    d.click(button(over, "Yes"))  # another game
    d.until(lambda: len(d.table.match.record) >= 3)
    assert d.table.match.record[:2] == [Forfeit(1), NewGame()]
    assert isinstance(d.table.match.record[2], Roll) and "annot" not in d.table.message


def test_the_hourglass_and_the_name_strip_show_while_the_computer_thinks(assets: Assets) -> None:
    """Issue 17: a thought longer than a frame shows an hourglass at the pointer and on its strip."""
    app = make_app()
    app.think_budget = 0.001
    pos = Position.from_position_id("OQcJkxGUOYEqEw")  # 637 plays with 2-2: many frames for the master
    d = play_scene(
        app,
        against("master"),
        GameState.from_position(Rules(), pos, dice=(2, 2)),
    )
    d.pointer = (100, 300)
    d.frames(2)
    assert not app.cursor_shown  # the hourglass instead of the pointer
    inks = {pyxel.pget(x, y) for x in range(95, 106) for y in range(295, 306)}
    assert {Wimp.DARK_BLUE, Wimp.LIGHT_BLUE, Wimp.YELLOW} <= inks  # the hourglass at the pointer
    strip = L.seat_rows(L.THEIR_SEAT).name  # the computer sits at the top
    strip_inks = {
        pyxel.pget(x, y) for x in range(strip.x + 5, strip.x + 15) for y in range(strip.y + 2, strip.y + 13)
    }
    assert Wimp.YELLOW in strip_inks
    d.until(lambda: d.table.match.game.turn == 1)
    d.frames()
    assert app.cursor_shown
    strip_inks = {
        pyxel.pget(x, y) for x in range(strip.x + 5, strip.x + 15) for y in range(strip.y + 2, strip.y + 13)
    }
    assert Wimp.YELLOW not in strip_inks


def test_the_first_frame_does_not_wait_for_the_weights(
    assets: Assets, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 17: the computer's first thought (which reads the weights) comes after the first frame."""
    made: list[int] = []
    real = ai_module.Bot

    def counting(*args: object, **kwargs: object) -> object:
        made.append(app.clock.frames)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ai_module, "Bot", counting)
    app = make_app()
    d = play_scene(
        app, watched("intermediate"), GameState.from_position(Rules(), Position.start(), dice=(3, 1))
    )
    d.frames(1)
    assert made == []
    d.frames(1)
    assert made == [1]


def test_the_computers_play_is_applied_once_then_shown_and_said_when_it_lands(
    assets: Assets, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine makes the play once; the men then move from its ``Moved`` event, and the words follow."""
    made: list[object] = []
    real = GameState.play

    def counted(self: GameState, play: object) -> object:
        made.append(play)
        return real(self, play)  # type: ignore[arg-type]

    monkeypatch.setattr(GameState, "play", counted)
    app = make_app(speed="slow")
    d = play_scene(app, against("beginner"), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    d.until(lambda: bool(d.scene.beats) and d.scene.beats[0].kind == "animating")
    said = d.table.message
    assert len(made) == 1 and len(d.table.match.record) == 1  # applied, once, before it is shown
    assert d.scene.view()[0].dice == (3, 1) and not d.table.mine()  # shown as the mover saw it
    d.until(lambda: not d.scene.beats)
    assert len(made) == 1 and d.table.message != said and "Beginner rolled 31: " in d.table.message


def test_until_a_play_lands_the_table_shows_the_game_its_mover_saw(assets: Assets) -> None:
    """Also while the mover's dice still tumble (its play found meanwhile): no man jumps ahead."""
    app = make_app(speed="slow")
    d = play_scene(app, watched("beginner"), GameState.from_position(Rules(), Position.start(), dice=(3, 1)))
    waited = 0
    while len(d.table.match.record) < 8:
        d.frames()
        if d.table.untold:
            waited += 1
            mover = next(e.player for e in d.table.untold if isinstance(e, Moved))
            shown = d.scene.view()[0]
            assert shown.phase == "move" and shown.turn == mover
    assert waited > 20


def seat_dice_pixels() -> list[int]:
    """What is drawn where the computer's dice lie in its seat (beside its name strip's icon)."""
    row = L.seat_rows(L.THEIR_SEAT).icon
    return [pyxel.pget(x, y) for x in range(row.x + 41, row.right) for y in range(row.y, row.bottom)]


def test_the_computers_roll_is_told_and_its_dice_stay_in_its_seat_until_the_next_roll(assets: Assets) -> None:
    """Play-test: "Master played 12/14* 15/18" without the roll, and its dice gone once it had played."""
    app = make_app()
    setup = against("expert")
    d = play_scene(app, setup, GameState.from_position(Rules(), Position.start()))
    d.frames(1)
    empty = seat_dice_pixels()
    d.table.act(Roll((3, 2)))  # the computer's roll (seat 0, at the top)
    d.until(lambda: d.table.match.game.turn == 1)
    d.frames(2)
    name = d.table.players[0].name
    moved = d.table.marks
    assert moved is not None and moved[0] == 0
    said = d.table.message
    assert said.startswith(f"{name} rolled 32: ") and d.table.log.history()[-1] == said, said
    assert seat_dice_pixels() != empty, "no dice in the computer's seat after its play"
    assert d.scene.view()[1].seat_dice == (0, (3, 2))
    d.table.roll()  # the player's roll: the computer's dice go, its play stays said
    d.frames(2)
    assert d.scene.view()[1].seat_dice is None and seat_dice_pixels() == empty
    assert d.table.message == said


def test_a_roll_the_computer_cannot_play_is_told_with_its_dice(assets: Assets) -> None:
    """Its man on the bar against a closed board: "Expert rolled 22 and cannot move", the 2-2 shown."""
    closed = Position.from_counts(
        [0] * 6 + [14] + [0] * 18 + [1],  # the computer: 14 on its 6 point, one on the bar
        [0, 2, 2, 2, 2, 2, 2] + [0] * 6 + [3] + [0] * 12,  # the player: a closed board, 3 on the midpoint
    )
    app = make_app()
    setup = against("expert")
    d = play_scene(app, setup, GameState.from_position(Rules(), closed))
    d.table.act(Roll((2, 2)))
    d.frames(3)
    name = d.table.players[0].name
    assert f"{name} rolled 22 and cannot move" in d.table.log.history()
    assert d.table.match.game.turn == 1 and d.scene.view()[1].seat_dice == (0, (2, 2))


class LateAnswer:
    """A worker's answer that comes ``after`` polls (one a frame) late."""

    def __init__(self, value: object, after: int) -> None:
        self.answer = value
        self.left = after
        self.failed = False

    @property
    def ready(self) -> bool:
        self.left -= 1
        return self.left < 0

    def value(self) -> object:
        return self.answer


class LateWorker:
    """The computer's worker process, its every answer ``after`` frames late: a thought of known length."""

    def __init__(self, after: int) -> None:
        self.after = after

    def ask(self, job: tuple[object, ...]) -> LateAnswer:
        from cart.ai.jobs import think_job
        from cart.ai.slices import drain

        return LateAnswer(drain(think_job(job)), self.after)  # type: ignore[arg-type]

    def close(self) -> None:
        pass


def watch_the_computers_turn(after: int) -> list[tuple[str | None, bool]]:
    """Each frame of the master's 2-2 from the start at normal speed, thought ``after`` frames long:
    the beat showing and whether it still thinks."""
    app = App(headless=True, seed=1, settings=Settings(animation_speed="normal"), worker=LateWorker(after))
    d = play_scene(app, against("master"), GameState.from_position(Rules(), Position.start()))
    d.frames(1)
    d.scene.act(Roll((2, 2)))
    seen: list[tuple[str | None, bool]] = []
    while len(seen) < 200 and (not seen or d.scene.beats):
        d.frames(1)
        seen.append((d.scene.beats[0].kind if d.scene.beats else None, d.scene.thinker is not None))
    return seen


def test_the_computers_dice_settle_as_its_men_set_off(assets: Assets) -> None:
    """Issue 42: its dice showed, then nothing moved for as long as it thought (seconds, under load).
    Now they tumble on while it thinks, and its first man sets off the frame after they settle."""
    step = SPEED_FRAMES["normal"]
    seen = watch_the_computers_turn(after=20)
    kinds = [kind for kind, _ in seen]
    tumbled = kinds.index("animating")
    assert kinds[:tumbled] == ["tumbling"] * tumbled and tumbled > step  # longer than its own tumble
    thought = max(i for i, (_, thinking) in enumerate(seen) if thinking)
    assert tumbled - thought <= 2  # its men set off at once after the thought
    flying = kinds.count("animating")
    assert flying <= 2.5 * step + 1  # a double's four men land about when two would (not 4 x 8 frames)


def test_a_long_thought_lets_the_dice_settle_and_shows_the_hourglass(assets: Assets) -> None:
    seen = watch_the_computers_turn(after=120)
    tumbled = [kind for kind, _ in seen].index(None)  # settled: nothing shows but the hourglass
    # the roll's own frame is the tumble's first, unrecorded: then its other frames and the most held
    assert tumbled == SPEED_FRAMES["normal"] - 1 + SETTLE_MOST and seen[tumbled][1]
