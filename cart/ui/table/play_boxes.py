"""The Play scene's boxes: every question asked over the board, deciding no rule, never calling the App."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from cart.engine import (
    Accept,
    Decline,
    Drop,
    EngineError,
    Forfeit,
    GameState,
    Move,
    NewGame,
    Resign,
    Take,
    format_roll,
)
from cart.phrasebook import verb
from cart.store import StoreError
from cart.ui.controls import HINT_KEYS
from cart.ui.kit.text import sentence, wrap
from cart.ui.routes import ToTitle, start_game
from cart.ui.wimp.dialogs import Choice, Dialog
from cart.ui.wimp.stage import Push, Quit, Tell, Transition, chain
from cart.ui.windows.saved_games import free_name

from .game_over import game_over_lines
from .table_view import board_box

if TYPE_CHECKING:
    from cart.engine import Action, Match
    from cart.ui.wimp.services import Services

    from .table import Outcome, Table


class PlayScene(Protocol):
    """The Play scene as its boxes see it: a protocol, since the scene imports them and they sit below it."""

    table: Table
    services: Services
    attract: bool

    @property
    def match(self) -> Match: ...

    def act(self, action: Action) -> Outcome: ...

    def take(self) -> Transition | None: ...

    def command(self, name: str) -> Transition | None: ...

    def ask_hint(self) -> None: ...

    def advice_for(self, game: GameState) -> str: ...

    def ask_again(self) -> None: ...

    def go(self, transition: Transition | None) -> None: ...


def _acting(scene: PlayScene, act: Callable[[], object]) -> Transition | None:
    """Do ``act`` at the scene (a box's answer) and return where the scene then says to go."""
    act()
    return scene.take()


def ask_forfeit(scene: PlayScene) -> Transition | None:
    """Forfeit, asked first: the box says how many points it gives away (twice the cube).

    The one person forfeits, or in a two-player game the player to act.
    """
    table = scene.table
    game = table.match.game
    if game.phase == "over":
        table.say("the game is over")
        return None
    humans = table.humans
    who = humans[0] if len(humans) == 1 else game.actor
    after, _ = game.forfeit(who)  # what it would give away; nothing changes yet
    names = [p.name for p in table.players]
    points = f"{after.points} point{'s' if after.points != 1 else ''}"
    why = " (twice the cube)" if game.rules.uses_cube else ""  # MaxGammon has no cube
    lines = [
        "Forfeit this game?" if len(humans) == 1 else f"{names[who]}: forfeit this game?",
        f"{verb(names[1 - who], 'wins')} {points}{why}.",
    ]

    def forfeit() -> None:
        if table.match.game is game:  # not if the game moved on under the box
            scene.act(Forfeit(who))

    choices = [
        Choice("Cancel", lambda: None, default=True, cancel=True),
        Choice("Forfeit", lambda: _acting(scene, forfeit)),
    ]
    return Push(board_box(scene.services, scene.table, "Forfeit", lines, choices))


LEVELS = ((1, "Single"), (2, "Gammon"), (3, "Backgammon"))


def ask_resign(scene: PlayScene) -> Transition | None:
    """Resign as gnubg knows it: offer the game at a single, a gammon or a backgammon x the cube.

    The opponent accepts or declines; a declined offer leaves the game where it was.
    """
    table = scene.table
    game = table.match.game
    if game.phase not in ("roll", "move"):
        table.say("you may resign before or after your roll, not now")
        return None
    humans = table.humans
    who = humans[0] if len(humans) == 1 else game.actor
    names = [p.name for p in table.players]
    lines = [
        "Resign this game?" if len(humans) == 1 else f"{names[who]}: resign this game?",
        f"Offer {names[1 - who]} a single ({game.cube}), a gammon ({2 * game.cube})",
        f"or a backgammon ({3 * game.cube} points); they may decline.",
    ]

    def offer(level: int) -> Callable[[], Transition | None]:
        def apply() -> None:
            if table.match.game is game:  # not if the game moved on under the box
                scene.act(Resign(who, level))

        return lambda: _acting(scene, apply)

    choices = [Choice("Cancel", lambda: None, default=True, cancel=True)]
    choices += [Choice(name, offer(level)) for level, name in LEVELS]
    return Push(board_box(scene.services, scene.table, "Resign", lines, choices))


def ask_resignation(scene: PlayScene, game: GameState) -> Transition:
    """A resignation offered to a person: accept the game at its value, or decline and play on."""
    names = [p.name for p in scene.table.players]
    assert game.resigner is not None
    level = dict(LEVELS)[game.resigned].lower()
    points = game.resigned * game.cube
    lines = [
        f"{verb(names[game.resigner], 'offers')} to resign: a {level},",
        f"{points} point{'s' if points != 1 else ''}. {names[game.actor]}: accept, or decline",
        "and play on?",
    ]

    def answer(action: Accept | Decline) -> Callable[[], Transition | None]:
        return lambda: _acting(scene, lambda: scene.act(action))

    choices = [Choice("Decline", answer(Decline())), Choice("Accept", answer(Accept()), default=True)]
    return Push(board_box(scene.services, scene.table, "Resign", lines, choices, must_answer=True))


def store_news(scene: PlayScene, conflict_asked: bool) -> bool:
    """What the store says after an action, shown whole and once: another window's save (asked once,
    since a roll and the reply in one frame both find it), a failed save, a session near its limit.
    Returns whether the conflict stands."""
    session = scene.table.session
    problem = scene.table.problem()
    conflict = session is not None and session.conflict and not scene.attract
    if conflict and not conflict_asked:
        scene.go(show_conflict(scene))
    elif problem and not conflict:
        scene.go(Tell("Not saved", (sentence(problem), "The game goes on; Exit tries to save it again.")))
    warning = session.take_warning() if session is not None and not scene.attract else None
    if warning:
        scene.go(offer_new_session(scene, warning))
    return bool(conflict)


def offer_new_session(scene: PlayScene, warning: str) -> Transition:
    """The session nears the longest record a saved game holds: play on, or a new session (the same
    options, the next free name) where every action is saved again."""
    session, store = scene.table.session, scene.services.store
    assert session is not None and store is not None

    def new_session() -> Transition | None:
        try:
            name = free_name(store, session.game.name)
            return start_game(session.game.options, scene.services.rng, store=store, name=name)
        except StoreError as exc:
            return Tell("Not saved", (sentence(str(exc)),))

    choices = [Choice("Play on", lambda: None, default=True, cancel=True), Choice("New session", new_session)]
    return Push(board_box(scene.services, scene.table, "Long session", wrap(sentence(warning), 44), choices))


def show_conflict(scene: PlayScene) -> Transition:
    """Another window or tab saved this game: nothing of it was overwritten; the player chooses.

    Leave, losing nothing, is the default; Take over writes over the other's newer moves.
    """
    session = scene.table.session
    assert session is not None

    def take_over() -> Transition | None:
        try:
            session.take_over()
        except StoreError as exc:
            return Tell("Not saved", (sentence(str(exc)),))
        return None

    lines = [
        "This game was saved by another window",
        "or tab meanwhile. Nothing was overwritten.",
        "Leave it (resume the other's copy from",
        "the saved games), or take it over here,",
        "writing these moves over the other's?",
    ]
    choices = [Choice("Leave", ToTitle, default=True, cancel=True), Choice("Take over", take_over)]
    return Push(board_box(scene.services, scene.table, "Open elsewhere", lines, choices))


def ask_exit(scene: PlayScene, *, quitting: bool = False) -> Transition:
    """Exit (or Quit) asks first: a saved game can be resumed (Exit the default), an unsaved one is lost.

    Quit closes the cartridge instead of going to the title, and loses the same, so asks the same.
    """
    saved = scene.table.session is not None
    verb = "Quit" if quitting else "Exit"
    ask = "Quit Gammon Cart?" if quitting else "Leave the table?"
    if saved:
        lines = [ask, "The game is saved: resume it from the saved games."]
    else:
        lines = [ask, "This game is not saved: it will be lost."]

    def leave() -> Transition:
        going = exit_table(scene)
        return Quit() if quitting and isinstance(going, ToTitle) else going  # not saved: it stays open

    choices = [
        Choice("Cancel", lambda: None, default=not saved, cancel=True),
        Choice(verb, leave, default=saved),
    ]
    return Push(board_box(scene.services, scene.table, verb, lines, choices))


def exit_table(scene: PlayScene) -> Transition:
    """Exit: leave to continue later (a saved game is saved after every action already).

    A move half made by hand is not an action yet: the turn starts again from its roll on resuming.
    """
    services = scene.services
    session = scene.table.session
    if session is not None and session.problem:
        try:
            assert services.store is not None
            services.store.games.save(session.game)
        except StoreError as exc:
            return Tell("Not saved", (sentence(str(exc)), "The game stays open: try again or export it."))
    return ToTitle()


def ask_take(scene: PlayScene, game: GameState) -> Transition:
    """The double offered to a person: take and play on for twice the cube, or drop.

    Hint closes the box while the computer thinks, then opens it with its advice in words.
    """
    names = [p.name for p in scene.table.players]
    value = game.cube * 2
    lines = [
        f"{names[game.turn]} doubles to {value}.",
        f"{names[game.actor]}: take and play on for {value},",
        f"or drop and lose {game.cube}?",
    ]
    advice = scene.advice_for(game)
    if advice:
        lines.append(f"Hint: {advice}.")

    def answer(action: Drop | Take) -> Callable[[], Transition | None]:
        return lambda: _acting(scene, lambda: scene.act(action))

    def hint() -> Transition | None:
        scene.ask_hint()
        scene.ask_again()
        return None

    choices = [
        Choice("Hint", hint, command="hint"),
        Choice("Drop", answer(Drop())),
        Choice("Take", answer(Take()), default=True),
    ]
    return Push(
        board_box(scene.services, scene.table, "Double", lines, choices, keymap=HINT_KEYS, must_answer=True)
    )


def game_over_box(scene: PlayScene) -> Dialog:
    """Who won, how, the score and the ratings; Yes plays the next game (or a new match), or Review first."""
    match = scene.match
    if match.rules.is_match:  # the next game belongs to this match; once it is won, a new one begins
        ask = "Play a new match with the same options?" if match.is_match_over else "Next game of the match?"
    else:
        ask = "Play another game with the same options?"
    lines = [*game_over_lines(scene.table), ask]

    def again() -> Transition:  # the box comes back when the Review window closes
        return Push(game_over_box(scene))

    choices = [
        Choice("Review", lambda: review_table(scene.services, scene.table, again)),
        Choice("No", ToTitle, cancel=True),
        Choice("Yes", lambda: another(scene), default=True),
    ]
    return board_box(scene.services, scene.table, "Game over", lines, choices, must_answer=True)


def type_move(scene: PlayScene) -> Transition | None:
    """A box for a move typed in either notation (gnubg ``8/5 6/5`` or Wizard ``5,7,12,17``)."""
    table = scene.table
    game = table.match.game
    if game.phase != "move" or game.dice is None:
        table.say("roll first, then type your move")
        return None

    def submit(text: str) -> str | Transition | None:
        if table.match.game is not game:
            return "the game has moved on"
        try:
            play = game.find(text)
        except EngineError as exc:
            return str(exc)
        table.lifted_from = None
        return _acting(scene, lambda: scene.act(Move.of(play)))

    lines = [f"Your roll: {format_roll(game.dice)}", "e.g. 8/5 6/5, bar/22, 6/off or 5,7,12,17"]
    cancel = [Choice("Cancel", lambda: None, cancel=True)]
    return Push(
        board_box(scene.services, scene.table, "Type a move", lines, cancel, field_text="", on_text=submit)
    )


def another(scene: PlayScene) -> Transition | None:
    """The next game of the match, or a new match with the same options (under the next free name)."""
    services, session, store = scene.services, scene.table.session, scene.services.store
    if not scene.match.is_match_over:
        return _acting(scene, lambda: scene.act(NewGame()))
    if session is None or store is None:
        return start_game(scene.table.options, services.rng)
    try:
        return start_game(
            session.game.options, services.rng, store=store, name=free_name(store, session.game.name)
        )
    except StoreError as exc:
        return chain(ToTitle(), Tell("Not saved", (sentence(str(exc)),)))


def review_table(
    services: Services, table: Table, then: Callable[[], Transition | None] | None = None
) -> Transition:
    """The game at the table told back: all of it once over, else the moves so far.

    The Review (and the AI's) modules are loaded here, at its first opening, not with the table.
    """
    from cart.drills import unsaved_id
    from cart.ui.review.review import ReviewScene
    from cart.ui.review.review_drills import DrillSeats, human_seats
    from cart.ui.review.review_open import cached_review, copy_of, kept_rollouts
    from cart.ui.review.review_source import ReviewSource

    match = copy_of(table.match)
    if not match.record:
        return Tell("Review", ("Nothing to review yet: no move has been made.",))
    session = table.session
    cached, deep, keep = cached_review(services, session.game if session is not None else None, match)
    title = session.game.name if session is not None else "this game"
    source = ReviewSource(title, match, table.players, table.viewer, cached, keep, then, deep=deep)
    source.rollouts, source.keep_rollouts = kept_rollouts(
        services, session.game if session is not None else None
    )
    game_id = session.game.game_id if session is not None else unsaved_id(match)
    options = session.game.options if session is not None else None
    source.drills = DrillSeats(game_id, title, human_seats(options, table.viewer))
    return Push(ReviewScene(services, source))
