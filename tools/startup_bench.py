"""Start-up cost of the whole process, beside the floor of a bare pygame window, in CPU seconds;
what the first frame imports; and the first frame of each game and story screen entered cold
and warm.

    .venv/bin/python tools/startup_bench.py [--runs 7] [--entries] [--entry-runs 5] [--root DIR]

Each run is a fresh process: `main.py --frames 1` (import, window, sound, one frame of the
menu, quit) against a bare script that imports pygame, opens a 1280×720 window and flips
once. The two alternate, so both see the same load on a shared machine; the figures are
medians of the CPU time (user + system) the kernel charged to each child. Bytecode is
cached (in a scratch folder) after a warm-up run, as it is on a player's machine after
the first start. Target (issue 34): at most 1.5× the floor.

The import list is that of a `main.py --frames 1` process: the project's modules the menu's
first frame imported, and the count of others beyond those of the bare window.

--entries: for the Quick game's table, the dice duel, the History, the Stats and a Replay, the
first frame after the screen is opened over the menu, in a fresh process each: "cold" opened
at the menu's first frame (a person quicker than the warm-up: whatever is not imported yet is
imported in that frame), "warm" once the warm-up queue has emptied (budget 16.7 ms). --root
measures another checkout with this same script (the figures before a change).
"""

from __future__ import annotations

import argparse
import json
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
TARGET = 1.5  # issue 34: the game's start-up CPU at most 1.5× the bare window's
OURS = ("game", "scenes", "bluffhouse", "assets")
# main.py --frames 1, then every module the process holds, as JSON on the last line
IMPORTED = """
import json, sys
from bluffhouse.cli import main
main(["--frames", "1"])
print(json.dumps(sorted(sys.modules)))
"""
BARE_IMPORTED = BARE.replace("pygame.quit()", "import json, sys; print(json.dumps(sorted(sys.modules)))")
# A screen's first frame in a fresh process: argv[1] the screen, argv[2] "cold" or "warm",
# argv[3] a replay file. Prints {"cpu": ms, "wall": ms, "warm_frames": n} on its last line.
ENTRY = """
import json, sys, time
from game.rules import Rules
from scenes.menu import MenuScene
from scenes.screens import register_all
from scenes.shell.app import App
from scenes.shell.registry import SCENES

screen, mode, replay = sys.argv[1:4]
register_all()
app = App(seed=11, home=MenuScene)
app.stack.push(MenuScene(app))
app.stack.apply()
app.step(1 / 60)  # the menu's first frame
warm = 0
while mode == "warm" and app.warmup.queue and warm < 3600:
    app.step(1 / 60)
    warm += 1
for _ in range(3 if mode == "warm" else 0):  # the menu idle a moment after its warm-up
    app.step(1 / 60)
cpu, wall = time.process_time(), time.perf_counter()
if screen == "quick":
    app.stack.push(SCENES["quick"](app))
elif screen == "duel":
    from scenes.shell.session import GameSetup, SeatSpec, bot_seat

    seats = [SeatSpec("Ana", True, challenge_key="Q"), bot_seat(1, "hard")]
    app.stack.push(SCENES["duel_game"](app, GameSetup(Rules.duel(), seats, seed=5)))
elif screen == "replay":
    app.open_dropped(replay)
else:
    app.stack.push(SCENES[screen](app))
app.stack.apply()
app.step(1 / 60)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
assert app.stack.top.name != "menu", "the screen did not open"
print(json.dumps({"cpu": cpu * 1000, "wall": wall * 1000, "warm_frames": warm}))
"""
ENTRIES = ("quick", "duel", "history", "stats", "replay")


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


def run_once(argv: list[str], env: dict[str, str], root: Path = ROOT) -> Run:
    """Run a child process to its end; what the kernel says it cost."""
    import time

    start = time.perf_counter()
    child = subprocess.Popen(argv, cwd=root, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"{' '.join(argv)} failed with {child.returncode}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def _median(runs: list[Run]) -> Run:
    return Run(statistics.median(r.cpu for r in runs), statistics.median(r.wall for r in runs),
               statistics.median(r.peak_mb for r in runs))  # fmt: skip


def measure(runs: int = 7, root: Path = ROOT) -> Startup:
    """Alternate `main.py --frames 1` and the bare floor `runs` times each (after one warm-up)."""
    env = _env()
    game_argv = [sys.executable, "main.py", "--frames", "1"]
    floor_argv = [sys.executable, "-c", BARE]
    run_once(game_argv, env, root)  # warm the disk cache and compile the .pyc files
    game, floor = [], []
    for _ in range(runs):
        floor.append(run_once(floor_argv, env, root))
        game.append(run_once(game_argv, env, root))
    return Startup(_median(game), _median(floor), runs)


def _last_json(argv: list[str], env: dict[str, str], root: Path) -> object:
    out = subprocess.run(argv, cwd=root, env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{' '.join(argv[:3])}… failed with {out.returncode}:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def first_frame_modules(root: Path = ROOT) -> tuple[list[str], int]:
    """The project's modules a `main.py --frames 1` process imported, and how many other
    modules it holds beyond those of the bare window."""
    env = _env()
    game = _last_json([sys.executable, "-c", IMPORTED], env, root)
    floor = set(_last_json([sys.executable, "-c", BARE_IMPORTED], env, root))
    ours = [m for m in game if m.split(".")[0] in OURS]
    return ours, len([m for m in game if m not in floor and m not in ours])


def report(result: Startup) -> str:
    """Three lines: the game, the floor, the ratio."""
    g, f = result.game, result.floor
    return (f"start-up (median of {result.runs}, whole process, dummy drivers, bytecode cached)\n"
            f"  main.py --frames 1   cpu {g.cpu:5.3f} s  wall {g.wall:5.3f} s  peak {g.peak_mb:4.0f} MB\n"
            f"  bare pygame floor    cpu {f.cpu:5.3f} s  wall {f.wall:5.3f} s  peak {f.peak_mb:4.0f} MB\n"
            f"  ratio                {result.ratio:4.2f}× the floor (target ≤ {TARGET}×)")  # fmt: skip


def report_modules(ours: list[str], others: int) -> str:
    """What the first frame imported: the project's modules by package, and the others' count."""
    by_package: dict[str, list[str]] = {}
    for name in ours:
        package, _, rest = name.rpartition(".")
        by_package.setdefault(package or name, []).append(rest if package else "")
    lines = [f"first frame imports {len(ours)} modules of the project (and {others} others beyond the "
             f"bare window's):"]  # fmt: skip
    for package, names in by_package.items():
        shown = ", ".join(n for n in names if n)
        lines.append(f"  {package}" + (f": {shown}" if shown else ""))
    return "\n".join(lines)


def measure_entries(runs: int = 5, root: Path = ROOT) -> dict[tuple[str, str], tuple[Run, int]]:
    """(screen, cold|warm) -> the median CPU and wall milliseconds of its first frame (as a Run,
    peak unused) and the frames the warm-up took, each in `runs` fresh processes."""
    env = _env()
    env["BLUFFHOUSE_DATA"] = str(Path(env["BLUFFHOUSE_SETTINGS"]).parent / "data")
    replays = Path(env["BLUFFHOUSE_SETTINGS"]).parent / "replays"
    subprocess.run([sys.executable, "-m", "game.tournament", "--game", "bullets", "--players", "3", "--seats",
                    "medium,medium,medium", "--games", "1", "--seed", "1", "--save-replays", str(replays)],
                   cwd=root, env=env, check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    replay = str(next(replays.glob("*.bhreplay")))
    found: dict[tuple[str, str], tuple[Run, int]] = {}
    for screen in ENTRIES:
        for mode in ("cold", "warm"):
            argv = [sys.executable, "-c", ENTRY, screen, mode, replay]
            _last_json(argv, env, root)  # the bytecode compiled, the disk cache warm
            seen = [_last_json(argv, env, root) for _ in range(runs)]
            found[screen, mode] = (Run(statistics.median(r["cpu"] for r in seen),
                                       statistics.median(r["wall"] for r in seen), 0.0),
                                   round(statistics.median(r["warm_frames"] for r in seen)))  # fmt: skip
    return found


def report_entries(found: dict[tuple[str, str], tuple[Run, int]], runs: int) -> str:
    """One line a screen: its first frame cold and warm."""
    lines = [f"first frame of a screen opened over the menu (median of {runs} processes, ms; budget 16.7)",
             f"  {'screen':<10}{'cold cpu':>10}{'cold wall':>11}{'warm cpu':>10}{'warm wall':>11}"
             f"{'warm-up frames':>16}"]  # fmt: skip
    for screen in ENTRIES:
        (cold, _), (warm, frames) = found[screen, "cold"], found[screen, "warm"]
        lines.append(f"  {screen:<10}{cold.cpu:>10.1f}{cold.wall:>11.1f}{warm.cpu:>10.1f}{warm.wall:>11.1f}"
                     f"{frames:>16}")  # fmt: skip
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the start-up report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="processes of each kind (default 7)")
    parser.add_argument("--entries", action="store_true", help="each game and story screen's first frame too")
    parser.add_argument("--entry-runs", type=int, default=5, help="processes per screen and mode (default 5)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure (default this one)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    print(report(measure(args.runs, root)), flush=True)
    print(report_modules(*first_frame_modules(root)), flush=True)
    if args.entries:
        print(report_entries(measure_entries(args.entry_runs, root), args.entry_runs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
