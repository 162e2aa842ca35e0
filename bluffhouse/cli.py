"""The `bluffhouse` command (and `python main.py`): command-line options, build the App, run it."""

from __future__ import annotations

import argparse
import gc
import os
import re
import sys
from typing import TYPE_CHECKING

from bluffhouse import __version__
from bluffhouse.desktop import APP_ID, install
from bluffhouse.scenes.shell.log_file import keep_log

if TYPE_CHECKING:
    from bluffhouse.scenes.shell.app import App

FRAME_DT = 1 / 60
# The smallest window keeps every word at least 12 px tall (the small print is 14 logical px:
# 1120/1280 of it is 12.25; at 320x180 words were 4-6 px): scenes.shell.app.MIN_WINDOW, the
# smallest a window may be resized to. Up to 8K UHD.
SIZE_MIN, SIZE_MAX = (1120, 630), (7680, 4320)
FRAMES_MAX = 10_000_000  # about 46 hours of game time
SEED_MAX = 2**32 - 1  # the seeds the game itself draws for deals are this size
_WHOLE = re.compile(r"\+?[0-9]{1,12}")  # ASCII digits only: int() also takes "١٢" and "1_0"
_SIZE = re.compile(r"([0-9]{1,6})[x×]([0-9]{1,6})", re.IGNORECASE)
WINDOW_CLASS_HINTS = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID")  # SDL reads these


def _whole(text: str, low: int, high: int) -> int:
    """A whole number from low to high written in plain digits, else an argparse error."""
    match = _WHOLE.fullmatch(text.strip())
    if match is None or not low <= int(text) <= high:
        raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, got {text!r}")
    return int(text)


def _frames(text: str) -> int:
    """How many frames to step: at least one."""
    return _whole(text, 1, FRAMES_MAX)


def _seed(text: str) -> int:
    """A seed for deals and computer players."""
    return _whole(text, 0, SEED_MAX)


def _size(text: str) -> tuple[int, int]:
    """Parse WxH, e.g. 1600x900, within SIZE_MIN..SIZE_MAX."""
    match = _SIZE.fullmatch(text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(f"expected WxH such as 1280x720, got {text!r}")
    w, h = int(match.group(1)), int(match.group(2))
    if not (SIZE_MIN[0] <= w <= SIZE_MAX[0] and SIZE_MIN[1] <= h <= SIZE_MAX[1]):
        low, high = "x".join(map(str, SIZE_MIN)), "x".join(map(str, SIZE_MAX))
        raise argparse.ArgumentTypeError(f"the window must be from {low} to {high}, got {text!r}")
    return w, h


def _language(text: str) -> str:
    """A language we have tables for (en, es, fr, hu), or "pseudo" (long marked English, for testing)."""
    from bluffhouse.scenes.ui.lang import PSEUDO, available_languages

    code = text.strip().lower()
    known = [*available_languages(), PSEUDO]
    if code not in known:
        raise argparse.ArgumentTypeError(f"expected one of {', '.join(known)}, got {text!r}")
    return code


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command-line options; a bad value ends the program with a message and exit code 2."""
    parser = argparse.ArgumentParser(
        prog="bluffhouse", description="Bluffhouse: three bluffing games for one screen.", allow_abbrev=False
    )
    parser.add_argument("--version", action="version", version=f"bluffhouse {__version__}")
    parser.add_argument("--demo", action="store_true", help="computer players only: an attract mode")
    parser.add_argument(
        "--frames",
        type=_frames,
        default=None,
        metavar="N",
        help=f"step N (1 to {FRAMES_MAX}) frames of 1/60 s as fast as possible, print a summary line, exit",
    )
    parser.add_argument(
        "--seed",
        type=_seed,
        default=None,
        metavar="S",
        help=f"seed for deals and computer players, 0 to {SEED_MAX}",
    )
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--mute", action="store_true", help="start with the sound off (M toggles)")
    parser.add_argument(
        "--phones-check",
        action="store_true",
        help="check that phones can join: the address they would use, a round trip "
        "with a simulated phone over a real socket; one line, exit 0 or 1",
    )
    parser.add_argument(
        "--install-desktop",
        action="store_true",
        help="Linux: put this copy of Bluffhouse in the desktop's menu (a .desktop entry "
        "and the icon under ~/.local/share); one line, exit 0 or 1",
    )
    parser.add_argument(
        "--size",
        type=_size,
        default=(1280, 720),
        metavar="WxH",
        help=f"window size, e.g. 1600x900 (from {SIZE_MIN[0]}x{SIZE_MIN[1]} to "
        f"{SIZE_MAX[0]}x{SIZE_MAX[1]}; the picture scales to fit)",
    )
    parser.add_argument(
        "--replay",
        default=None,
        metavar="FILE",
        help="a replay file (a game remembered): with --frames N, step it N frames at 1x "
        "headless and print one summary line (without, to its end); a file that "
        "cannot be used is refused with a message and exit code 2",
    )
    parser.add_argument(
        "--watch",
        default=None,
        metavar="FILE",
        help="open the window on a replay file's Replay screen (as if it were dropped on "
        "the window; Esc goes to the menu); a file that cannot be used is said in "
        "one line on the screen",
    )
    parser.add_argument(
        "--lang",
        type=_language,
        default=None,
        metavar="CODE",
        help="speak this language for this run (en, es, fr, hu; pseudo: long marked "
        "English for testing); the Options screen's choice is not changed",
    )
    return parser.parse_args(argv)


def summary(app: App) -> str:
    """The one-line account of a run: frames, games finished, scenes visited."""
    visited = ",".join(sorted(app.scenes_visited)) or "-"
    return f"bluffhouse: frames={app.frames} games_finished={app.games_finished} scenes_visited={visited}"


def main(argv: list[str] | None = None) -> int:
    """Build the app, show the menu (and the demo, when asked), run."""
    # Start-up makes no garbage (the modules, fonts and tables it builds all live on), yet the
    # cyclic collector would walk them over and over while they are made (~8 ms of CPU): it is
    # off until the first frame is shown, which then moves them out of its sight for good.
    gc.disable()
    try:
        return _main(argv)
    finally:
        collect_again()


def collect_again() -> None:
    """The first frame is shown: what start-up made is kept out of the collector's passes
    (gc.freeze), which runs again."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _main(argv: list[str] | None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # --lang imports pygame to check the code
    args = parse_args(argv)
    keep_log()  # warnings and errors to the terminal and the log file (opened at the first one)
    if args.phones_check:  # no window: the network only
        from bluffhouse.scenes.phones import check

        code, line = check.run()
        print(line, flush=True)
        return code
    if args.install_desktop:
        code, line = install()
        print(line, flush=True)
        return code
    if args.replay is not None:  # no window yet: the Replay screen comes with the game host
        return replay(args.replay, args.frames, args.lang)
    for hint in WINDOW_CLASS_HINTS:  # the desktop's entry finds its window by this class (X11, Wayland)
        os.environ.setdefault(hint, APP_ID)
    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.screens import register_all
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.registry import SCENES

    register_all()

    app = App(
        size=args.size,
        fullscreen=args.fullscreen or None,
        mute=args.mute,
        seed=args.seed,
        demo=args.demo,
        home=MenuScene,
    )
    if args.lang is not None:
        from bluffhouse.scenes.ui.lang import set_language

        set_language(args.lang)
    app.stack.push(MenuScene(app))
    if args.demo and "demo" in SCENES:  # stepped headless: nobody watches, the games play at full tilt
        # the attract mode only when asked: the menu alone loads no game
        from bluffhouse.scenes.demo import FULL_TILT

        app.stack.push(SCENES["demo"](app) if args.frames is None else SCENES["demo"](app, speed=FULL_TILT))
    app.stack.apply()
    if args.watch is not None:
        app.open_dropped(args.watch)  # the Replay screen over the menu, or the line saying why not
        app.stack.apply()
    if args.frames is None:
        app.run(first_frame_shown=collect_again)
        return 0
    while app.frames < args.frames and app.running:
        app.step(FRAME_DT)
        collect_again()
    print(summary(app), flush=True)
    app.records.leave_all()  # a game still being played when the frames run out is kept as left
    app.records.flush()
    pygame_quit()
    return 0


def replay(path: str, frames: int | None, language: str | None) -> int:
    """Step a replay file headless and print its summary line; refused: a message, exit code 2."""
    from bluffhouse.game.records.check import read_file
    from bluffhouse.game.records.record import Refused
    from bluffhouse.game.records.summary import summary as replay_summary

    try:
        story = read_file(path)
    except Refused as refused:
        from bluffhouse.scenes.shell.settings import Settings
        from bluffhouse.scenes.ui.lang import set_language, t

        set_language(language or Settings().get("language") or None)
        print(
            f"bluffhouse: {path}: {t(f'records.refused.{refused.why.value}', **refused.fields)}",
            file=sys.stderr,
            flush=True,
        )
        return 2
    print(replay_summary(story, frames), flush=True)
    return 0


def pygame_quit() -> None:
    """Close the window and the mixer."""
    import pygame

    pygame.quit()
