"""The size record of the screen tour: every line of words painted, its size, role and screen.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/size_record.py --lang fr
    ... tools/size_record.py --lang hu --under 20      (only the lines under 20 px)

Runs tests/screen_tour.py in a language with tests/recorder.py watching, then prints one line
per (size, role, screen, words), smallest first, and what the language tests would refuse:
lines under their size (18 px for words to read, 14 for small print and key caps), lines drawn
over each other, decoration over words. Exit code 1 when any of those is found.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests"):
    sys.path.insert(0, str(path))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["BLUFFHOUSE_SETTINGS"] = str(Path(tempfile.mkdtemp(prefix="bluffhouse-sizes-")) / "settings.json")
os.environ["BLUFFHOUSE_PHONES_HOST"] = "127.0.0.1"
os.environ["BLUFFHOUSE_PHONES_PORT"] = "0"


class _Patches:
    """monkeypatch.setattr for a run outside pytest (nothing is undone: the process ends)."""

    def setattr(self, target, name, value=None, raising=True):
        setattr(target, name, value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", default="en", help="en, es, fr, hu or pseudo")
    parser.add_argument("--under", type=int, default=None, help="only lines under this size")
    args = parser.parse_args(argv)

    import pygame
    import screen_tour
    from recorder import Recorder

    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.screens import register_all
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.ui import lang

    register_all()
    recorder = Recorder(_Patches())
    lang.set_language(args.lang)
    app = App(seed=5, home=MenuScene, mute=True)
    lang.set_language(args.lang)
    App.draws_frames = True
    app.stack.push(MenuScene(app))
    app.stack.apply()
    pygame.event.clear()
    screen_tour.tour(app)
    for line in recorder.record().splitlines():
        if args.under is None or int(line[:3]) < args.under:
            print(line)
    faults = [
        ("under its size", recorder.too_small()),
        ("drawn over each other", sorted(recorder.collisions)),
        ("decoration over words", sorted(recorder.crossed)),
    ]
    for what, found in faults:
        print(f"{what}: {len(found)}")
        for each in found:
            print("   ", each)
    return 1 if any(found for _, found in faults) else 0


if __name__ == "__main__":
    sys.exit(main())
