"""Start-up cost of the whole process, beside the floor of a bare pygame window, in CPU seconds.

    .venv/bin/python tools/startup_bench.py [--runs 7]

Each run is a fresh process: `main.py --frames 1` (import, window, sound, one frame of the
menu, quit) against a bare script that imports pygame, opens a 1280×720 window and flips
once. The two alternate, so both see the same load on a shared machine; the figures are
medians of the CPU time (user + system) the kernel charged to each child. Bytecode is
cached (in a scratch folder) after a warm-up run, as it is on a player's machine after
the first start.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BARE = """
import pygame
pygame.init()
pygame.display.set_mode((1280, 720))
pygame.display.flip()
pygame.quit()
"""


@dataclass(frozen=True, slots=True)
class Run:
    """One process: CPU seconds (user + system), wall seconds, peak memory in MB."""

    cpu: float
    wall: float
    peak_mb: float


@dataclass(frozen=True, slots=True)
class Startup:
    """Medians of the game's start-up and of the bare-pygame floor, measured in one go."""

    game: Run
    floor: Run
    runs: int

    @property
    def ratio(self) -> float:
        """Start-up CPU over the floor's."""
        return self.game.cpu / self.floor.cpu if self.floor.cpu else float("inf")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    scratch = Path(tempfile.mkdtemp(prefix="bluffhouse-bench-"))
    env["BLUFFHOUSE_SETTINGS"] = str(scratch / "settings.json")
    # As a player's machine runs it: bytecode cached after the first run (the warm-up), kept
    # out of the source tree; a shell with PYTHONDONTWRITEBYTECODE would compile every run.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    return env


def run_once(argv: list[str], env: dict[str, str]) -> Run:
    """Run a child process to its end; what the kernel says it cost."""
    import time

    start = time.perf_counter()
    child = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{' '.join(argv)} failed with {child.returncode}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def _median(runs: list[Run]) -> Run:
    return Run(statistics.median(r.cpu for r in runs), statistics.median(r.wall for r in runs),
               statistics.median(r.peak_mb for r in runs))  # fmt: skip


def measure(runs: int = 7) -> Startup:
    """Alternate `main.py --frames 1` and the bare floor `runs` times each (after one warm-up)."""
    env = _env()
    game_argv = [sys.executable, "main.py", "--frames", "1"]
    floor_argv = [sys.executable, "-c", BARE]
    run_once(game_argv, env)  # warm the disk cache and compile the .pyc files
    game, floor = [], []
    for _ in range(runs):
        floor.append(run_once(floor_argv, env))
        game.append(run_once(game_argv, env))
    return Startup(_median(game), _median(floor), runs)


def report(result: Startup) -> str:
    """Three lines: the game, the floor, the ratio."""
    g, f = result.game, result.floor
    return (f"start-up (median of {result.runs}, whole process, dummy drivers, bytecode cached)\n"
            f"  main.py --frames 1   cpu {g.cpu:5.2f} s  wall {g.wall:5.2f} s  peak {g.peak_mb:4.0f} MB\n"
            f"  bare pygame floor    cpu {f.cpu:5.2f} s  wall {f.wall:5.2f} s  peak {f.peak_mb:4.0f} MB\n"
            f"  ratio                {result.ratio:4.1f}× the floor (target ≤ 2.5×)")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    """Print the start-up report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="processes of each kind (default 7)")
    args = parser.parse_args(argv)
    print(report(measure(args.runs)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
