"""Start-up cost of the whole process, beside the floor of a bare pygame window, in CPU seconds;
what the first frame imports; and the first frame of each game and story screen entered cold
and warm.

    .venv/bin/python tools/startup_bench.py [--runs 7] [--entries] [--entry-runs 5] [--root DIR]

Each run is a fresh process: `main.py --frames 1` (import, window, sound, one frame of the
menu, quit) against a bare script that imports pygame, opens a 1280×720 window and flips
once. The two alternate, so both see the same load on a shared machine; the figures are
medians of the CPU time (user + system) the kernel charged to each child. Bytecode is
cached (in a scratch folder) after a warm-up run, as it is on a player's machine after
the first start, and so are the pictures the game keeps between runs (scenes.ui.kept_pictures);
the game finds its folders as at a player's start, in a scratch home.
Target (issue 34): at most 1.5× the floor.

The import list is that of a `main.py --frames 1` process: the project's modules the menu's
first frame imported, and the count of others beyond those of the bare window.

--entries: for the Quick game's table, the dice duel, the History, the Stats and a Replay, the
first frame after the screen is opened over the menu, in a fresh process each: "cold" opened
at the menu's first frame (a person quicker than the warm-up: whatever is not imported yet is
imported in that frame), "warm" once the warm-up queue has emptied (budget 16.7 ms). The Replay
is opened as a person opens one, by Enter on the History's newest game (the History opened over
the menu, and warmed in turn in the warm case); "replay file" is a replay file dropped on the
window over the menu. --root measures another checkout with this same script (the figures before
a change).
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
OURS = ("bluffhouse",)
# main.py --frames 1, then every module the process holds, as JSON on the last line
IMPORTED = """
import json, sys
from bluffhouse.cli import main
main(["--frames", "1"])
print(json.dumps(sorted(sys.modules)))
"""
BARE_IMPORTED = BARE.replace("pygame.quit()", "import json, sys; print(json.dumps(sorted(sys.modules)))")
# A screen opened in a fresh process: argv[1] the screen, argv[2] "cold" or "warm", argv[3] a
# replay file. The menu's items (the Quick game, the History) are chosen by Enter on the menu, as a
# person chooses them; the others are pushed over the menu, as the screen before them opens them,
# or reached through it as quickly as a person could: "duel via set-up" is the menu's Dice duel,
# then Start the frame the set-up is shown; "stats via history", T the frame the History is shown.
# Prints, on its last line, the CPU and wall ms of each frame from the press (or the push) to the
# screen's first frame shown, and how many frames the warm-up took.
ENTRY = """
import json, sys, time
import pygame
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.menu import ITEMS, MenuScene
from bluffhouse.scenes.screens import register_all
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.registry import SCENES

screen, mode, replay = sys.argv[1:4]
# a screen a person reaches through another: the menu's item, the screen between, what it does
THROUGH = {"duel via set-up": ("duel", "duelsetup", "start"),
           "stats via history": ("history", "history", "stats")}
register_all()
app = App(seed=11, home=MenuScene)
app.stack.push(MenuScene(app))
app.stack.apply()
app.step(1 / 60)  # the menu's first frame


def warm_up():
    frames = 0
    while mode == "warm" and app.warmup.queue and frames < 3600:
        app.step(1 / 60)
        frames += 1
    for _ in range(3 if mode == "warm" else 0):  # the screen idle a moment after its warm-up
        app.step(1 / 60)
    return frames


warm = warm_up()
if screen == "replay":  # as a person opens one: the History, then Enter on the newest game
    app.stack.push(SCENES["history"](app))
    app.stack.apply()
    app.step(1 / 60)
    warm += warm_up()
cpu, wall = time.process_time(), time.perf_counter()
if screen == "duel":  # the dice duel itself (its set-up's Start opens it)
    from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat

    seats = [SeatSpec("Ana", True, challenge_key="Q"), bot_seat(1, "hard")]
    app.stack.push(SCENES["duel_game"](app, GameSetup(Rules.duel(), seats, seed=5)))
elif screen in ITEMS or screen in THROUGH:
    app.stack.top.menu.focus = ITEMS.index(THROUGH.get(screen, (screen,))[0])
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode=""))
elif screen == "replay":
    app.stack.top.handle(Intent("confirm"))
elif screen == "replay file":  # a file dropped on the window over the menu
    app.open_dropped(replay)
else:
    app.stack.push(SCENES[screen](app))
app.stack.apply()
shown = {"quick": "table", "replay file": "replay", "duel via set-up": "duel",
         "stats via history": "stats"}.get(screen, screen)
frames = []
for _ in range(600):
    opened = app.stack.top.name == shown  # drawn in this frame
    if screen in THROUGH and app.stack.top.name == THROUGH[screen][1]:  # its key the frame it shows
        getattr(app.stack.top, THROUGH[screen][2])()
        app.stack.apply()
    app.step(1 / 60)
    now_cpu, now_wall = time.process_time(), time.perf_counter()
    frames.append(((now_cpu - cpu) * 1000, (now_wall - wall) * 1000))
    cpu, wall = now_cpu, now_wall
    if opened:
        break
assert opened, "not opened"
print(json.dumps({"frames": frames, "warm_frames": warm}))
"""
# The warm-up after the menu's first frame, in a fresh process: the CPU and wall ms of each frame
# until its queue is empty, on the last line.
WARMUP = """
import json, time
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.screens import register_all
from bluffhouse.scenes.shell.app import App

register_all()
app = App(seed=11, home=MenuScene)
app.stack.push(MenuScene(app))
app.stack.apply()
app.step(1 / 60)
frames = []
while app.warmup.queue and len(frames) < 3600:
    cpu, wall = time.process_time(), time.perf_counter()
    app.step(1 / 60)
    frames.append(((time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000))
print(json.dumps(frames))
"""
# Stores the game of the replay file argv[1] in the records (the History lists it).
STORE = """
import sys
from bluffhouse.game.records.check import read_file
from bluffhouse.scenes.shell.records import records_path
from bluffhouse.game.records.store import Store

with Store.open(records_path()) as store:
    store.save(read_file(sys.argv[1]).record)
"""
ENTRIES = (
    "quick",
    "duel",
    "duel via set-up",
    "history",
    "stats",
    "stats via history",
    "replay",
    "replay file",
)


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
    # The player's own folders, found as at a player's start (platformdirs), in a home of its own:
    # the settings, the records, the pictures kept between runs, the log
    env["HOME"] = str(scratch / "home")
    overrides = (
        "BLUFFHOUSE_SETTINGS",
        "BLUFFHOUSE_DATA",
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "XDG_CACHE_HOME",
        "XDG_STATE_HOME",
    )
    for name in overrides:
        env.pop(name, None)
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
    return Run(
        statistics.median(r.cpu for r in runs),
        statistics.median(r.wall for r in runs),
        statistics.median(r.peak_mb for r in runs),
    )


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
    return (
        f"start-up (median of {result.runs}, whole process, dummy drivers, bytecode cached)\n"
        f"  main.py --frames 1   cpu {g.cpu:5.3f} s  wall {g.wall:5.3f} s  peak {g.peak_mb:4.0f} MB\n"
        f"  bare pygame floor    cpu {f.cpu:5.3f} s  wall {f.wall:5.3f} s  peak {f.peak_mb:4.0f} MB\n"
        f"  ratio                {result.ratio:4.2f}× the floor (target ≤ {TARGET}×)"
    )


def report_modules(ours: list[str], others: int) -> str:
    """What the first frame imported: the project's modules by package, and the others' count."""
    by_package: dict[str, list[str]] = {}
    for name in ours:
        package, _, rest = name.rpartition(".")
        by_package.setdefault(package or name, []).append(rest if package else "")
    lines = [
        f"first frame imports {len(ours)} modules of the project (and {others} others beyond the "
        f"bare window's):"
    ]
    for package, names in by_package.items():
        shown = ", ".join(n for n in names if n)
        lines.append(f"  {package}" + (f": {shown}" if shown else ""))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Entry:
    """A screen opened: the first frame after the press (or the push), the slowest frame until the
    screen's first frame was shown, all of them together (CPU and wall), in ms; how many frames."""

    first: float
    worst: float
    cpu: float
    wall: float
    frames: int


def _entry(frames: list[list[float]]) -> Entry:
    return Entry(
        frames[0][0],
        max(cpu for cpu, _ in frames),
        sum(cpu for cpu, _ in frames),
        sum(wall for _, wall in frames),
        len(frames),
    )


def measure_entries(runs: int = 5, root: Path = ROOT) -> dict[tuple[str, str], tuple[Entry, int]]:
    """(screen, cold|warm) -> its entry (the medians of each figure) and the frames the warm-up
    took, each in `runs` fresh processes."""
    env = _env()
    replays = Path(env["HOME"]).parent / "replays"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "bluffhouse.game.tournament",
            "--game",
            "bullets",
            "--players",
            "3",
            "--seats",
            "medium,medium,medium",
            "--games",
            "1",
            "--seed",
            "1",
            "--save-replays",
            str(replays),
        ],
        cwd=root,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    replay = str(next(replays.glob("*.bhreplay")))
    subprocess.run([sys.executable, "-c", STORE, replay], cwd=root, env=env, check=True)  # the History's game
    found: dict[tuple[str, str], tuple[Entry, int]] = {}
    for screen in ENTRIES:
        for mode in ("cold", "warm"):
            argv = [sys.executable, "-c", ENTRY, screen, mode, replay]
            _last_json(argv, env, root)  # the bytecode compiled, the disk cache warm
            seen = [_last_json(argv, env, root) for _ in range(runs)]
            entries = [_entry(run["frames"]) for run in seen]
            median = Entry(*(statistics.median(getattr(e, f) for e in entries) for f in Entry.__slots__))
            found[screen, mode] = (median, round(statistics.median(run["warm_frames"] for run in seen)))
    return found


def report_entries(found: dict[tuple[str, str], tuple[Entry, int]], runs: int) -> str:
    """One line a screen: opened cold (at the menu's first frame) and warm (after the warm-up)."""
    lines = [
        f"a screen opened (median of {runs} processes; CPU ms of a frame, budget 16.7): the first frame "
        "after the press, the slowest until the screen is shown, and the press to the screen's first "
        "frame (CPU, wall, frames)",
        f"  {'':<18}{'cold: first':>12}{'slowest':>8}{'to screen':>10}{'wall':>7}{'frames':>7}"
        f"{'warm: first':>13}{'slowest':>8}{'warm-up frames':>16}",
    ]
    for screen in ENTRIES:
        (cold, _), (warm, frames) = found[screen, "cold"], found[screen, "warm"]
        lines.append(
            f"  {screen:<18}{cold.first:>12.1f}{cold.worst:>8.1f}{cold.cpu:>10.1f}{cold.wall:>7.1f}"
            f"{cold.frames:>7.0f}{warm.first:>13.1f}{warm.worst:>8.1f}{frames:>16}"
        )
    return "\n".join(lines)


def measure_warmup(runs: int = 5, root: Path = ROOT) -> list[list[tuple[float, float]]]:
    """The frames of the warm-up after the menu's first frame, in `runs` fresh processes."""
    env = _env()
    argv = [sys.executable, "-c", WARMUP]
    _last_json(argv, env, root)  # the bytecode compiled, the pictures kept
    return [[tuple(frame) for frame in _last_json(argv, env, root)] for _ in range(runs)]


def report_warmup(runs: list[list[tuple[float, float]]]) -> str:
    """The warm-up's length and its slowest frames (the issue: none over 16.7 ms)."""
    cpu = [sorted(c for c, _ in frames) for frames in runs]
    wall = [sorted(w for _, w in frames) for frames in runs]
    over = sum(1 for frames in cpu for c in frames if c > 16.7)
    median = statistics.median
    return (
        f"the warm-up after the first frame (median of {len(runs)} processes): "
        f"{median(len(f) for f in cpu):.0f} frames, {median(sum(f) for f in cpu):.0f} ms of CPU; "
        f"a frame's CPU ms: median {median(f[len(f) // 2] for f in cpu):.1f}, slowest "
        f"{median(f[-1] for f in cpu):.1f} (of all runs {max(f[-1] for f in cpu):.1f}; wall "
        f"{median(f[-1] for f in wall):.1f}); frames over 16.7 ms of CPU: {over} in "
        f"{sum(len(f) for f in cpu)}"
    )


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
    print(report_warmup(measure_warmup(args.entry_runs, root)), flush=True)
    if args.entries:
        print(report_entries(measure_entries(args.entry_runs, root), args.entry_runs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
