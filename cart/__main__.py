"""``python -m cart`` / ``gammon-cart``: choose a front end and start it.

The Pyxel window by default, the terminal with ``--text`` (or moves piped on
stdin), the headless attract mode with ``--demo``; each front end is one entry of
``FRONT_ENDS``, and the game options parse the same for all.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .engine import EngineError, Rules
from .store.settings import MAX_WINDOW_SCALE

if TYPE_CHECKING:
    import argparse

    from .store import Store
    from .ui.app import App
    from .ui.kit.thinking import Asker
    from .ui.wimp.services import Page


VENDOR = "Gammon Cart"
TITLE = "Gammon Cart"
"""``pyxel.user_data_dir(VENDOR, TITLE)``: where the saves, ratings and settings live."""


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    import argparse  # here, not at the top: the browser's page imports this module and parses nothing

    parser = argparse.ArgumentParser(
        prog="gammon-cart",
        description="Gammon Cart: backgammon in the style of MaxGammon 2.0 (Acorn, 1989).",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--text",
        dest="mode",
        action="store_const",
        const="text",
        help="play in the terminal (two players at one keyboard)",
    )
    mode.add_argument(
        "--demo",
        dest="mode",
        action="store_const",
        const="demo",
        help="run the title's attract mode headless (with --frames and --screenshot)",
    )
    parser.add_argument(
        "--review",
        default=None,
        metavar="FILE",
        help="print the Master's review of a .mat match (GNU Backgammon's or ours) and stop",
    )
    parser.add_argument(
        "--rollout",
        type=int,
        default=None,
        metavar="N",
        help="with --review: roll out the decision numbered N in the review instead (until its best is sure)",
    )
    parser.add_argument(
        "--trials",
        type=int,
        default=None,
        metavar="T",
        help="with --rollout: stop after T trials at most (324)",
    )
    parser.add_argument(
        "--drills", action="store_true", help="with --text: play today's drills, made from reviewed games"
    )
    parser.add_argument(
        "--player",
        default=None,
        metavar="NAME",
        help="with --review: whose mistakes become drills (default: the second player named)",
    )
    parser.add_argument(
        "--frames", type=int, default=300, metavar="N", help="frames the demo runs (default 300)"
    )
    parser.add_argument(
        "--screenshot", default=None, metavar="FILE", help="the demo writes its last frame here (PNG)"
    )
    parser.add_argument(
        "--scale",
        type=int,
        default=None,
        choices=range(1, MAX_WINDOW_SCALE + 1),
        metavar="N",
        help=f"the window at N screen pixels per game pixel, 1 to {MAX_WINDOW_SCALE}, for this run "
        "(default: the scale chosen in the game's menu, else Pyxel's, about 3/4 of the screen)",
    )
    parser.add_argument(
        "--rules",
        choices=("standard", "maxgammon"),
        default="standard",
        help="standard: cube and one-die opening roll-off; maxgammon: no cube, White opens",
    )
    parser.add_argument(
        "--match",
        type=int,
        default=0,
        metavar="N",
        help="play a match to N points (default 0: money play, game after game)",
    )
    parser.add_argument(
        "--auto-doubles",
        action="store_true",
        help="opening ties turn the cube, at most twice (standard money play)",
    )
    parser.add_argument(
        "--cube-limit",
        type=int,
        default=None,
        metavar="N",
        help="no double past N (a power of two; a classic cube stops at 64)",
    )
    parser.add_argument("--no-crawford", action="store_true", help="matches without the Crawford rule")
    parser.add_argument(
        "--seed", type=int, default=None, metavar="N", help="seed the dice (repeatable games)"
    )
    parser.add_argument(
        "--vs",
        choices=("beginner", "intermediate", "expert", "master"),
        default=None,
        metavar="LEVEL",
        help="play against the computer at LEVEL: beginner, intermediate, expert or master",
    )
    parser.add_argument(
        "--computer-plays",
        choices=("white", "red"),
        default="red",
        help="the side the computer takes with --vs (default red; white is player 0)",
    )
    parser.add_argument(
        "--names",
        nargs=2,
        default=None,
        metavar=("A", "B"),
        help="the players' names (default White and Red; White is player 0)",
    )
    args = parser.parse_args(argv)
    if args.rollout is not None and args.review is None:
        parser.error("--rollout rolls out a decision of the match named by --review FILE.mat")
    if args.drills and args.mode != "text":
        parser.error("--drills plays the drills in the terminal: add --text")
    if args.trials is not None and (args.rollout is None or args.trials < 1):
        parser.error("--trials is a positive number of trials for --rollout")
    try:
        args.rules_value = rules_from_args(args)
    except EngineError as exc:
        parser.error(str(exc))
    return args


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The engine's rule set for the command-line options (raises on nonsense)."""
    return Rules(
        variant=args.rules,
        match_length=args.match,
        automatic_doubles=args.auto_doubles,
        cube_limit=args.cube_limit,
        crawford=not args.no_crawford,
    )


def _text(args: argparse.Namespace) -> int:
    from .text.game import console_lines, run

    if args.drills:
        from .store import Store
        from .text.drills import run_drills

        return run_drills(Store(pyxel_folder()), console_lines(), print)

    names = (args.names[0], args.names[1]) if args.names else None
    computer = {0 if args.computer_plays == "white" else 1: args.vs} if args.vs else None
    if computer and names is None:
        names = ("White", args.vs.title()) if 1 in computer else (args.vs.title(), "Red")
    try:
        return run(
            args.rules_value, names=names, seed=args.seed, out=sys.stdout, echo=_piped(), computer=computer
        )
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, and keep Python's own flush at exit quiet too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _review(
    path: str, rollout: int | None = None, trials: int | None = None, player: str | None = None
) -> int:
    """``--review FILE``: the review of a ``.mat`` file as text at 2-ply (the deep pass), its
    ``player``'s mistakes kept as drills, or with ``--rollout N`` the rollout of its decision N;
    a file that cannot be read is said so."""
    from .ai.review import DEEP_PLY, review_match
    from .store import MatError, read_mat
    from .text.review import review_lines

    try:
        match = read_mat(path)
    except MatError as exc:
        print(f"Cannot review {path}: {exc}", file=sys.stderr)
        return 1
    if rollout is not None:
        from .text.review import rollout_command

        rollout_command(match, [str(rollout)] + ([str(trials)] if trials is not None else []), print)
        return 0
    from .store import Store
    from .text.drills import keep_drills, seat_of

    seat = seat_of(match, player)
    if seat is None:
        print(f"No drills for {player}: the players are {' and '.join(match.names)}", file=sys.stderr)
        return 1
    ahead = "two rolls ahead, three at close calls (seconds each)"
    print(f"Reviewing {len(match.record)} actions of {path} {ahead}...")
    review = review_match(match, ply=DEEP_PLY)
    for line in review_lines(review, match.rules, match):
        print(line)
    return keep_drills(Store(pyxel_folder()), review, match, seat, path, print)


def _piped() -> bool:
    """Echo typed lines when they come from a pipe or file, so the transcript reads right."""
    return sys.stdin is not None and not sys.stdin.isatty()


NO_DISPLAY = (
    "The game's window needs a graphical desktop (an X11 or Wayland session on Linux). "
    "Without one, play in the terminal with --text, or run the attract mode headless with "
    "--demo --screenshot shot.png."
)
INVISIBLE_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL's video drivers that show nothing: what SDL falls back to when no window can be opened."""


def _pyxel(args: argparse.Namespace) -> int:
    """The game itself, with everything kept in Pyxel's per-user folder.

    Without a display SDL draws off screen and loops with no window: said in words, exit status 2.
    """
    from .ui.app import App, init_pyxel

    why = _no_display()
    if why is None:
        init_pyxel(scale=args.scale if args.scale is not None else saved_scale())
        driver = _video_driver()
        if driver in INVISIBLE_DRIVERS:
            why = f"no display: SDL could open no window and fell back to its {driver!r} video driver"
    if why is not None:
        print(f"gammon-cart: {why}.\n{NO_DISPLAY}", file=sys.stderr)
        return 2
    from .ai.worker import Worker

    App(store=user_store(), seed=args.seed, page=web_page(), worker=Worker.start()).run()
    return 0


def pyxel_folder(home: Path | None = None) -> Path:
    """``pyxel.user_data_dir(VENDOR, TITLE)`` worked out without Pyxel, which gives it only once initialised.

    Pyxel 2.9.9 joins the home folder, ``pyxel.BASE_DIR`` (``.pyxel``) and each
    name lowercased, spaces as ``_``, only letters, digits, ``_`` and ``-`` kept.

    >>> pyxel_folder(Path("/home/ann")).as_posix()
    '/home/ann/.pyxel/gammon_cart/gammon_cart'
    """

    def clean(name: str) -> str:
        return "".join(c for c in name.lower().replace(" ", "_") if c.isalnum() or c in "_-")

    return (home if home is not None else Path.home()) / ".pyxel" / clean(VENDOR) / clean(TITLE)


def saved_scale(folder: Path | None = None) -> int:
    """The window scale chosen in the game (0: none, or unreadable), read before Pyxel fixes it at start."""
    from .store import Store

    folder = folder if folder is not None else pyxel_folder()
    if not (folder / "settings.json").is_file():
        return 0
    return Store(folder).settings.load().window_scale  # a damaged file is set aside and said at start


def _no_display() -> str | None:
    """Why no window can open here, known before Pyxel starts (None: try): a Unix with no desktop.

    An explicit ``SDL_VIDEODRIVER`` is the user's choice and is left to SDL.
    """
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    if os.environ.get("SDL_VIDEODRIVER") or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return "no display: neither DISPLAY nor WAYLAND_DISPLAY is set"


def _video_driver() -> str | None:
    """The video driver SDL chose when Pyxel opened its screen; None where it cannot be asked.

    Asked of the SDL Pyxel loaded, so a display set but not answering (an X server gone) is found too.
    """
    if sys.platform == "emscripten":
        return None  # the browser's canvas is always there
    try:
        import ctypes
    except ImportError:
        return None

    import pyxel

    names = [str(p) for p in sorted((Path(pyxel.__file__).parent / "libs").glob("*SDL2*"))]
    names += ["libSDL2-2.0.so.0", "libSDL2-2.0.0.dylib", "SDL2.dll"]
    for name in names:
        try:
            sdl = ctypes.CDLL(name)
            current = sdl.SDL_GetCurrentVideoDriver
        except (OSError, AttributeError):
            continue
        current.restype = ctypes.c_char_p
        driver = current()
        return driver.decode("ascii", "replace") if driver else None
    return None


def web_page() -> Page | None:
    """In the browser, what its page offers the game (a download, a dropped file's name); else None."""
    if sys.platform == "emscripten":
        import js  # Pyodide's bridge to the page
        from pyodide.ffi import to_js

        from .store.disk.browser import download, dropped_name
        from .ui.wimp.services import Page

        return Page(
            download=lambda name, data: download(js, to_js, name, data),
            file_name=lambda path: dropped_name(js, path),
            touch=lambda: float(getattr(js, "gammonFingerReach", 0) or 0),
        )
    return None


def web_app() -> App:
    """The App as the browser's page plays it: its storage and its page (``cart.ui.boot`` runs it)."""
    from .ui.app import App

    return App(store=user_store(), page=web_page(), worker=web_worker())


def web_worker() -> Asker | None:
    """The page's Web Worker that thinks for the computer (``tools/web/page.js``), None where the page
    has none: the computer then thinks in each frame's spare time."""
    if sys.platform == "emscripten":
        import js  # Pyodide's bridge to the page
        from pyodide.ffi import to_js

        from .ai.worker import PageWorker

        return PageWorker.of(js, to_js)
    return None


def user_store() -> Store:
    """Where the player's games, ratings and settings live: Pyxel's per-user folder (after ``pyxel.init``).

    In the browser that folder is gone on reload, so the page's ``localStorage`` holds them instead.
    """
    from .store import LocalStorageBackend, Store

    if sys.platform == "emscripten":
        import js  # Pyodide's bridge to the page

        storage = js.localStorage
        return Store(LocalStorageBackend(storage, every_key=lambda: js.Object.keys(storage).to_py()))
    import pyxel

    return Store(pyxel.user_data_dir(VENDOR, TITLE))


def _demo(args: argparse.Namespace) -> int:
    """The attract mode, headless: ``--frames`` frames as fast as they go, then the screenshot.

    No store, so the demo never writes anything; a screenshot that cannot be written is said, status 1.
    """
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pyxel

    from .ui.app import App

    shot = screenshot_path(args.screenshot) if args.screenshot else None
    if shot is not None:
        try:
            shot.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            why = "a file is in the way" if isinstance(exc, FileExistsError | NotADirectoryError) else exc
            print(
                f"gammon-cart: cannot make the folder {shot.parent} for the screenshot: {why}",
                file=sys.stderr,
            )
            return 1
    app = App(seed=args.seed if args.seed is not None else 0, headless=True)
    for _ in range(max(0, args.frames)):
        app.frame()
    if shot is not None:
        try:
            pyxel.screen.save(str(shot), 1)
        except Exception as exc:  # Pyxel raises a bare Exception ("Failed to save file ...")
            print(f"gammon-cart: cannot write the screenshot {shot}: {exc}", file=sys.stderr)
            return 1
        print(f"wrote {shot} after {args.frames} frames")
    return 0


def screenshot_path(name: str) -> Path:
    """Where ``--screenshot NAME`` is written: absolute, ending in .png as Pyxel writes it.

    >>> screenshot_path("/tmp/shot").name, screenshot_path("/tmp/a.PNG").name
    ('shot.png', 'a.png')
    """
    path = Path(name).expanduser().absolute()
    return (
        path.with_name(path.stem + ".png")
        if path.suffix.lower() == ".png"
        else path.with_name(path.name + ".png")
    )


FRONT_ENDS: dict[str, Callable[[argparse.Namespace], int]] = {"text": _text, "pyxel": _pyxel, "demo": _demo}
DEFAULT_MODE = "pyxel"


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.review is not None:
        return _review(args.review, args.rollout, args.trials, args.player)
    return FRONT_ENDS[args.mode or DEFAULT_MODE](args)


if __name__ == "__main__":
    sys.exit(main())
