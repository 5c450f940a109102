"""The cartridge: one Pyxel window, a stack of scenes, input turned into intents, sound.

Each frame the top scene alone gets the intents and says where to go; :meth:`App.go`
goes there, so scenes never call the App. Tests and the demo step :meth:`App.frame`.
Without a ``store`` (the demo, some tests) nothing is ever written.
"""

from __future__ import annotations

import random
import sys
import time
from typing import TYPE_CHECKING

import pyxel

from cart.engine import Match
from cart.store import GameOptions, SavedGame, Settings, Store
from cart.ui.board.board_view import BoardView
from cart.ui.board.view_state import other_colour_of
from cart.ui.kit.assets import Assets
from cart.ui.kit.geom import SCREEN
from cart.ui.kit.intents import Command, Dropped, Focus, Input, Intent, OpenMenu, Pointer, Select
from cart.ui.kit.prefs import Prefs
from cart.ui.kit.quiet import SILENT, quietly
from cart.ui.kit.sound import Sounds
from cart.ui.kit.text import shown, wrap
from cart.ui.kit.thinking import FrameClock
from cart.ui.routes import Notices, PlayNew, Resume, ToDrills, ToNewGame, ToStart, ToTitle, start_game
from cart.ui.table.play import PlayScene
from cart.ui.table.sounds import EFFECTS
from cart.ui.table.table import TICKS, Table
from cart.ui.title import TitleScene
from cart.ui.touch import Fingertip
from cart.ui.wimp.dialogs import Choice, Dialog
from cart.ui.wimp.keyboard import PadKeys
from cart.ui.wimp.scene_stack import SceneStack
from cart.ui.wimp.services import Page, Services
from cart.ui.wimp.stage import Chain, Help, Pop, Push, Quit, Tell, Transition, chain, settings_not_saved

if TYPE_CHECKING:
    from cart.ui.kit.geom import Rect
    from cart.ui.kit.thinking import Asker
    from cart.ui.wimp.stage import Scene

TITLE = "Gammon Cart"
FPS = 30
THINK_MARGIN_S = 0.005
"""Time kept free at the end of each frame when the computer thinks (Pyxel's flip, a slow draw)."""

NAVIGATION = ("left", "right", "up", "down")
POINTER_HOT = (1, 1)  # the pointer sprite's active point: its tip, as RISC OS's ptr_default
QUIT_IN_BROWSER = ("Your games, ratings and settings are kept in this browser.", "You can close this tab.")
"""What Quit says in the browser, where the game cannot close its page (and stopping would freeze it)."""
MESSAGE_WIDTH = 70  # characters in a line of a message box (it is at most 600 pixels wide)
MESSAGE_LINES = 20


def init_pyxel(*, headless: bool = False, scale: int = 0, fps: int = FPS) -> None:
    """Open the 640x512 screen once per process (Pyxel cannot be initialised twice), quietly.

    ``scale`` 0 is Pyxel's choice; the UI tests raise ``fps``.
    """
    if pyxel.width == 0:
        silent = quietly(
            lambda: pyxel.init(
                SCREEN[0],
                SCREEN[1],
                title=TITLE,
                fps=fps,
                quit_key=pyxel.KEY_NONE,
                display_scale=scale or None,
                headless=headless,
            )
        )
        if silent and not headless:  # the sound system's noise, said once and plainly
            print(SILENT, file=sys.stderr)


class App(SceneStack):
    """The running cartridge: assets, board painter, sounds, the player's settings and the scene stack.

    Given ``settings`` (tests, the demo) replace the stored ones, and are saved over them when changed.
    """

    def __init__(
        self,
        *,
        store: Store | None = None,
        seed: int | None = None,
        headless: bool = False,
        settings: Settings | None = None,
        start: str = "title",
        pointer: bool | None = None,
        page: Page | None = None,
        worker: Asker | None = None,
    ) -> None:
        """``pointer``: draw the Acorn pointer; headless shots leave it out, as an Archimedes snapshot did.
        ``page``: the browser page around the cart (``cart.__main__`` gives it there).
        ``worker``: where the computer thinks (:mod:`cart.ai.worker`: a process of its own, a
        browser's Web Worker); without one it thinks in each frame's spare time, as in tests.
        """
        init_pyxel(headless=headless)
        self.store = store
        self.headless = headless
        self.rng = random.Random(seed)
        stored = store.settings.load() if store is not None else Settings()
        settings = stored if settings is None else settings.replace(last_options=stored.last_options)
        self.prefs = Prefs(settings, store.settings.save if store is not None else None, TICKS)
        self.prefs.saved = stored
        self.assets = Assets.load()
        self.board = BoardView(self.assets, "Backgammon")
        self.sounds = Sounds(self.prefs, EFFECTS)
        super().__init__(Input(), PadKeys())
        self.clock = FrameClock(FPS, THINK_MARGIN_S)
        self.worker = worker
        self.services = Services(
            assets=self.assets,
            board=self.board,
            sounds=self.sounds,
            prefs=self.prefs,
            store=store,
            clock=self.clock,
            rng=self.rng,
            used=self.input.used,
            page=page,
            worker=self.worker,
        )
        self.draw_pointer = not headless if pointer is None else pointer
        self.pointer = self.input.cursor  # where the last Pointer intent was: the pointer is drawn there
        self.fingertip = Fingertip()  # a touch screen's taps, aimed at the controls near them
        self.quitting = False
        if start == "title":
            self.to_title()
        else:
            self.to_new_game()
        self.show_notices()

    @property
    def think_budget(self) -> float | None:
        """A fixed time to think per frame instead of the frame's spare time (None, the default)."""
        return self.clock.budget

    @think_budget.setter
    def think_budget(self, seconds: float | None) -> None:
        self.clock.budget = seconds

    # -- the stack ----------------------------------------------------------------------
    def go(self, transition: Transition | None) -> None:
        """Go where a scene said (None: stay): the one place the scene stack changes."""
        match transition:
            case None:
                pass
            case Chain(steps):
                for step in steps:
                    self.go(step)
            case Push(scene):
                self.push(scene)
            case Pop(scene, then):
                # the keys had the focus in what closes (a menu): what it opens gets it, even over a
                # scene with no stops (the title), where the focus would otherwise be lost on the way
                carried, self.keys_carried = self.keys_carried, self.keys_carried or self.keyed
                try:
                    self.pop(scene if scene is not None else self.top)
                    self.go(then)
                finally:
                    self.keys_carried = carried
            case Tell(title, messages):
                self.tell(title, *messages)
            case Notices():
                self.show_notices()
            case ToTitle():
                self.to_title()
            case ToStart():
                self.to_start()
            case ToNewGame():
                self.to_new_game()
            case PlayNew(options, match):
                table = Table.of(options, other_colour_of(self.prefs.settings), match)
                self.switch(PlayScene(self.services, table))
            case Resume(saved):
                self.play_saved(saved)
            case Quit():
                self.quit()
            case Help(page):
                self.show_help(page)
            case ToDrills():
                self.show_drills()

    def show_help(self, page: str | None) -> None:
        """The manual over the screen, open at ``page`` or at the screen's own topic.

        Asked again while it shows, it turns the page: one manual, never two. Loaded when first asked for.
        """
        from cart.ui.windows.help import HelpScene, open_help

        top = self.top
        if isinstance(top, HelpScene):
            wanted = page or "this-help"
            if wanted != top.page:
                top.follow(wanted)
            return
        self.go(open_help(self.services, page or top.help_page))

    def show_drills(self) -> None:
        """The Drills window over the screen; over a Review, its game's costly plays become drills first."""
        from cart.ui.practice.drills_window import DrillsScene, harvest_of  # loaded when first opened
        from cart.ui.review.review import ReviewScene

        review = next((s for s in reversed(self.stack) if isinstance(s, ReviewScene)), None)
        self.push(DrillsScene(self.services, harvest=harvest_of(review) if review is not None else None))

    def to_title(self) -> None:
        self.switch(TitleScene(self.services))

    def to_new_game(self) -> None:
        from cart.ui.windows.create_form import NewGameScene  # loaded on leaving the title

        self.switch(NewGameScene(self.services))

    def to_start(self) -> None:
        """Start: the saved games (the Create form when there are none, or no store).

        Its window (with the Review's) is loaded here, on leaving the title, not before the title shows.
        """
        if self.store is None or not self.store.games.list():
            self.show_notices()
            self.to_new_game()
            return
        from cart.ui.windows.start import StartScene

        self.switch(StartScene(self.services))
        self.show_notices()

    def new_game(self, options: GameOptions, match: Match | None = None) -> PlayScene:
        """Start an unsaved match with ``options`` (tests); ``match`` starts from a given position instead."""
        self.go(start_game(options, self.rng) if match is None else PlayNew(options, match))
        assert isinstance(self.top, PlayScene)
        return self.top

    def create_game(self, name: str, options: GameOptions) -> PlayScene:
        """Create the saved game ``name`` and start it, as PLAY does; a store error changes nothing."""
        assert self.store is not None
        going = start_game(options, self.rng, store=self.store, name=name)
        self.go(chain(settings_not_saved(self.prefs.change(last_options=options)), going))
        assert isinstance(self.top, PlayScene)
        return self.top

    def resume(self, name: str) -> PlayScene:
        """Continue the saved game ``name`` as PLAY on Start does (tests); a refusal changes nothing."""
        assert self.store is not None
        self.go(Resume(self.store.games.load(name)))
        assert isinstance(self.top, PlayScene)
        return self.top

    def play_saved(self, saved: SavedGame) -> PlayScene:
        """The saved game at the table, through the store's session, in the player's colours."""
        assert self.store is not None
        session = self.store.session(saved)
        colour = other_colour_of(self.prefs.settings)
        table = Table.of(saved.options, colour, session.match, session=session, store=self.store)
        scene = PlayScene(self.services, table)
        self.switch(scene)
        return scene

    # -- what the store keeps -------------------------------------------------------------
    @property
    def last_options(self) -> GameOptions | None:
        """The options of the last game created, offered again on the form."""
        return self.prefs.settings.last_options

    def show_notices(self) -> None:
        """The store's messages about damaged files set aside, each shown once."""
        if self.store is None:
            return
        notices = self.store.take_notices()
        if notices:
            self.tell("Saved data", *(n.message for n in notices))

    def tell(self, title: str, *messages: str) -> None:
        """A message box over whatever is showing (problems with stored data)."""
        self.push(
            Dialog(
                self.services,
                title,
                # each message a paragraph; a longer box ends in "...", not cut silently
                wrap("\n".join(map(shown, messages)), MESSAGE_WIDTH, rows=MESSAGE_LINES),
                [Choice("OK", lambda: None, default=True, cancel=True)],
            )
        )

    def quit(self) -> None:
        """Close the cartridge; in the browser, where closing the game would freeze its page, say that
        the tab may be closed instead (everything is kept in the browser already) and go on."""
        if self.services.page is not None:
            if not isinstance(self.stack[0], TitleScene):
                self.to_title()
            self.tell("Quit", *QUIT_IN_BROWSER)
            return
        self.quitting = True
        self.close()
        if not self.headless:
            pyxel.quit()

    def close(self) -> None:
        """Stop the worker, if any (a worker process also stops by itself when this process ends)."""
        if self.worker is not None:
            self.worker.close()

    # -- frames ---------------------------------------------------------------------------
    def update(self) -> None:
        top = self.top
        intents = self.input.poll(
            typing=top.typing, any_key=top.any_key, onscreen=top.onscreen, keys=top.keymap
        )
        self.feed(intents)

    def feed(self, intents: list[Intent]) -> None:
        """Give ``intents`` to the top scene, after moving the keys' cursor for arrow commands.

        SELECT on the window's furniture goes to :meth:`Scene.furniture`, pad A on a field to the keyboard.
        """
        self.clock.begin()
        top = self.top
        reach = self.touch_reach()
        if reach > 0:
            intents = self.fingertip.aimed(intents, lambda x, y: self.targets(top, x, y), reach)
        moved = [
            i
            for i in intents
            if isinstance(i, Command) and i.name in NAVIGATION and i.name not in top.own_arrows
        ]
        if moved:
            stopped = False
            for command in moved:
                origin = top.focus or top.focus_origin() or self.input.cursor
                stop = top.next_stop(origin, command.name)
                if stop is not None:
                    self.input.warp(*stop)
                    stopped = True
            x, y = self.input.cursor
            intents = [
                Pointer(x, y, i.held) if isinstance(i, Pointer) else i for i in intents if i not in moved
            ]
            if stopped:
                intents.append(Focus(x, y))
        intents, opening = self.pad_keys.take(top, intents)
        kept: list[Intent] = []
        furniture: list[Transition | None] = [opening]
        helped = False
        for i in intents:
            if isinstance(i, Pointer):
                self.pointer = (i.x, i.y)
                if top.focus is not None and (i.x, i.y) != top.focus:
                    top.focus_on(None)  # the mouse took over
            elif isinstance(i, Focus):
                top.focus_on((i.x, i.y))
            elif isinstance(i, Dropped) and not top.takes_drops:
                from cart.ui.review.review_open import review_file  # loaded on a first drop, not at start

                furniture.append(review_file(self.services, i.path))  # a .mat dropped anywhere: its Review
                continue
            elif isinstance(i, Select) and top.window is not None:
                # a key at the title ("Click or press a key") leaves it, whatever the pointer rests on
                keyed = top.any_key and self.input.used.device != "mouse"
                part = None if keyed else top.window.hit(i.x, i.y)
                if part in ("back", "close", "toggle"):
                    furniture.append(top.furniture(part))
                    continue
            elif isinstance(i, Command) and i.name == "help":  # F1, the Help key, pad LB: on every screen
                helped = True
                continue
            elif isinstance(i, Command) and i.name == "drills":  # F2 or pad RB where a screen binds it
                furniture.append(ToDrills())
                continue
            kept.append(i)
        # the M key or START: the menu opens with its first item highlighted, as one the keys reach does
        carried = self.keys_carried
        self.keys_carried = carried or any(isinstance(i, OpenMenu) and i.keys for i in kept)
        before = top.focus
        try:
            going = top.update(kept)
            if top.focus is not None and top.focus != before and top.focus != self.input.cursor:
                self.input.warp(*top.focus)  # the scene moved its own focus (a box grew): the keys follow
            self.go(going)
        finally:
            self.keys_carried = carried
        for going in furniture:
            self.go(going)
        if helped:  # asked for by a key or a button: the manual opens with its frame on the first link
            self.keys_carried = True
            try:
                self.go(Help())
            finally:
                self.keys_carried = carried

    def touch_reach(self) -> float:
        """A fingertip's reach in the game's pixels while a finger works the page (else 0): the mouse and
        the keys are never aimed, nor the pad's A, which presses at the keys' cursor."""
        page = self.services.page
        return page.touch() if page is not None and self.input.used.device == "mouse" else 0.0

    def targets(self, top: Scene, x: int, y: int) -> list[Rect]:
        """What a tap at (x, y) may be aimed at: ``top``'s controls and icons; none in the work area of a
        scene naming no controls (its list's first row is not its close icon), but for the title's."""
        own, window = top.targets(), top.window
        if window is None:
            return own
        if not own and not top.any_key and window.work_area.contains(x, y):
            return []
        return [*own, *(r for part, r in window.furniture.items() if part in ("back", "close", "toggle"))]

    def draw_the_pointer(self, g: pyxel.Image) -> None:
        """The Acorn pointer at the mouse, over everything (the hourglass is the thinking scene's).

        None while the keys' cursor is there and the scene marks it, so a mouseless player follows the mark.
        """
        if not self.draw_pointer or (self.keyed and self.top.shows_focus) or self.top.busy:
            return
        x, y = self.pointer
        self.assets.blt(g, x - POINTER_HOT[0], y - POINTER_HOT[1], "pointer")

    def draw(self) -> None:
        t0 = time.perf_counter()
        g = pyxel.screen
        for scene in list(self.stack):
            scene.draw(g)
        self.pad_keys.draw(g, self.top)
        self.draw_the_pointer(g)
        self.clock.drew(time.perf_counter() - t0)

    def frame(self) -> None:
        """One update and one draw, without waiting for the clock (tests, the demo, the bench)."""
        self.update()
        self.draw()

    def run(self) -> None:
        pyxel.mouse(False)  # the system's arrow: the cart draws the Acorn pointer itself
        pyxel.run(self.update, self.draw)
