"""Bluffhouse: a couch party game of bluffing. Run `python main.py --help`."""

from __future__ import annotations

import argparse
import os
import sys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command-line options."""
    parser = argparse.ArgumentParser(prog="bluffhouse", description="Bluffhouse: three bluffing games for one screen.")
    parser.add_argument("--demo", action="store_true", help="computer players only: an attract mode")
    parser.add_argument("--frames", type=int, default=None, help="step N frames of 1/60 s as fast as possible, then exit")
    parser.add_argument("--seed", type=int, default=None, help="seed for deals and computer players")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--mute", action="store_true", help="start with the sound off (M toggles)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Build the app and run it."""
    args = parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.init()
    screen = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    pygame.display.set_caption("Bluffhouse")
    font = pygame.font.Font(os.path.join(os.path.dirname(__file__), "assets", "fonts", "DejaVuSans.ttf"), 40)
    clock = pygame.time.Clock()
    frames = 0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                running = False
        screen.fill((20, 70, 45))
        text = font.render("Bluffhouse - the tables are being set", True, (240, 230, 200))
        screen.blit(text, text.get_rect(center=screen.get_rect().center))
        pygame.display.flip()
        clock.tick(60)
        frames += 1
        if args.frames is not None and frames >= args.frames:
            running = False
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
