"""Frame time of every screen under the dummy driver: medians, not means (shared machines are noisy).

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/frame_bench.py
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("BLUFFHOUSE_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.json"))

from scenes.app import App  # noqa: E402
from scenes.menu import MenuScene  # noqa: E402
from scenes.registry import SCENES
from scenes.screens import register_all  # noqa: E402


def _open(app: App, entry: str):
    """The scene of an entry: a menu item, or a demo game of one kind."""
    if entry.startswith("demo "):
        from scenes.demo import demo_scene

        return demo_scene(app, entry.split()[1])
    return SCENES[entry](app)


def measure(entry: str, frames: int = 900) -> tuple[str, float, float, set[str]]:
    """Step `frames` frames from an entry; the median and 95th percentile frame time."""
    app = App(seed=11, demo=True, home=MenuScene)
    app.stack.push(MenuScene(app))
    if entry != "menu":
        app.stack.push(_open(app, entry))
    app.stack.apply()
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - start)
    times.sort()
    return entry, statistics.median(times), times[int(0.95 * len(times))], app.scenes_visited


def main() -> int:
    """Print one line per screen."""
    register_all()
    for entry in ("menu", "quick", "bullets", "demo bullets", "demo kamu", "demo duel"):
        name, median, p95, visited = measure(entry)
        print(f"{name:<13} median {median * 1000:6.2f} ms  p95 {p95 * 1000:6.2f} ms  "
              f"(budget 16.7 ms; scenes: {', '.join(sorted(visited))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
