"""Bluffhouse: a couch party game of bluffing. Run `python main.py --help`."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenes.app import App

FRAME_DT = 1 / 60


def _size(text: str) -> tuple[int, int]:
    """Parse WxH, e.g. 1600x900."""
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WxH such as 1280x720, got {text!r}") from None
    if w < 160 or h < 90:
        raise argparse.ArgumentTypeError("the window must be at least 160x90")
    return w, h


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command-line options."""
    parser = argparse.ArgumentParser(
        prog="bluffhouse", description="Bluffhouse: three bluffing games for one screen."
    )
    parser.add_argument("--demo", action="store_true", help="computer players only: an attract mode")
    parser.add_argument(
        "--frames", type=int, default=None, metavar="N",
        help="step N frames of 1/60 s as fast as possible, print a summary line, exit",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed for deals and computer players")  # fmt: skip
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--mute", action="store_true", help="start with the sound off (M toggles)")
    parser.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH",
                        help="window size, e.g. 1600x900 (the picture scales to fit)")  # fmt: skip
    return parser.parse_args(argv)


def summary(app: App) -> str:
    """The one-line account of a run: frames, games finished, scenes visited."""
    visited = ",".join(sorted(app.scenes_visited)) or "-"
    return f"bluffhouse: frames={app.frames} games_finished={app.games_finished} scenes_visited={visited}"


def main(argv: list[str] | None = None) -> int:
    """Build the app, show the menu (and the demo, when asked), run."""
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from scenes import SCENES
    from scenes.app import App
    from scenes.menu import MenuScene
    from scenes.screens import register_all

    register_all()

    app = App(size=args.size, fullscreen=args.fullscreen or None, mute=args.mute, seed=args.seed,
              demo=args.demo, home=MenuScene)  # fmt: skip
    app.stack.push(MenuScene(app))
    if args.demo and "demo" in SCENES:
        app.stack.push(SCENES["demo"](app))
    app.stack.apply()
    if args.frames is None:
        app.run()
        return 0
    while app.frames < args.frames and app.running:
        app.step(FRAME_DT)
    print(summary(app), flush=True)
    pygame_quit()
    return 0


def pygame_quit() -> None:
    """Close the window and the mixer."""
    import pygame

    pygame.quit()


if __name__ == "__main__":
    sys.exit(main())
