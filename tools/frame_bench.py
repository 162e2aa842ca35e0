"""Speed of the game: start-up beside the bare-pygame floor, then the frame time of every screen.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/frame_bench.py
    ... tools/frame_bench.py --only bullets8,kamu8 --frames 3000 --no-startup

Each screen runs `App.step(1/60)` frame after frame under the dummy drivers. A frame's
cost is the CPU time of the process over that step (a shared machine steals wall time,
not CPU time); the wall-clock worst is printed beside it. The first second after a screen
opens (the first 60 frames, and again whenever the top scene changes: the results of a
demo game, the next deal) is reported apart as "open"; p50, p99 and the worst frame are
of the rest. Budget: 16.7 ms a frame; target p99 ≤ 6 ms at the busiest tables.

A screen opens the way a player reaches it: the quick game after two seconds on the menu,
the tables and the duel after three seconds on their set-up screen (unmeasured; `--cold`
opens them straight away instead, before any art is warmed).

Tables of people (the quick game, the couch) are played by a stand-in for each person who
thinks for a moment, lifts the curtain when it is theirs and plays what a sensible computer
player would, through the same TableFlow calls the scene makes for key presses. Attract-mode
tables run at the speed a person watching sees (DEMO_SPEED), not the unseen-demo speed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("BLUFFHOUSE_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.json"))

from bluffhouse.game.actions import Accept, Challenge, Play
from bluffhouse.game.bots import TABLE_BOTS
from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.demo import DEMO_SPEED, demo_scene
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.screens import register_all
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.registry import SCENES
from bluffhouse.scenes.shell.session import GameRecord, GameSetup, SeatSpec, bot_seat, demo_setup
from bluffhouse.scenes.table.flow import TableFlow

FRAME = 1 / 60
OPENING = 60  # frames: "after the first second of a screen"
BUDGET = 1 / 60
THINK = 1.2  # seconds a stand-in person looks at the table before acting


@dataclass(frozen=True, slots=True)
class Figures:
    """One screen's frames in milliseconds of CPU (wall for the wall-clock worst)."""

    name: str
    frames: int
    p50: float
    p99: float
    worst: float
    wall_worst: float
    over: int  # steady frames over the 16.7 ms budget
    open_worst: float
    scenes: str


class People:
    """Stand-ins for the people at a card table: they act through the flow, as key presses do."""

    def __init__(self, scene) -> None:
        """Give each person of the scene a sensible player's judgement."""
        self.scene = scene
        self.minds = {s: TABLE_BOTS["sensible"](s, random.Random(s)) for s in scene.humans}
        self.waited = 0.0

    def step(self, dt: float) -> None:
        """Act for the person whose turn it is, once they have thought for THINK seconds."""
        scene = self.scene
        flow, table = scene.flow, scene.table
        if table.is_over or table.turn not in self.minds or scene.fx.busy or flow.wait_left() > 0:
            self.waited = 0.0
            return
        self.waited += dt
        if self.waited < THINK:
            return
        seat = table.turn
        if flow.curtain_for() == seat:
            flow.unveil(seat)
            self.waited = THINK / 2
            return
        action = self.minds[seat].choose(table.view(seat))
        if isinstance(action, Play):
            flow.play(seat, action.cards)
        elif isinstance(action, Accept):
            flow.accept(seat)
        elif isinstance(action, Challenge):
            scene.presses.append(seat)
        self.waited = 0.0


def _watched(scene):
    """The attract mode at the speed a person watching sees it."""
    if hasattr(scene, "speed"):
        scene.speed = DEMO_SPEED
    return scene


def _couch(app: App):
    """Two people and two computer players at one Bullets table: curtains between turns."""
    from bluffhouse.scenes.table.scene import TableScene

    seats = [
        SeatSpec("Ana", True, challenge_key="Q"),
        bot_seat(1),
        SeatSpec("Ben", True, challenge_key="P"),
        bot_seat(3),
    ]
    return TableScene(app, GameSetup(Rules.bullets(players=4), seats, seed=7))


def _finished_game(players: int = 6) -> GameRecord:
    """A whole game of computer players, played headless, for the results screen."""
    rules = Rules.bullets(players=players)
    seats = [SeatSpec("Ana", True, challenge_key="Q")] + [bot_seat(s) for s in range(1, players)]
    setup, match = GameSetup(rules, seats, seed=3), CardMatch(rules, seed=3)
    table = match.new_game()
    bots = {s: TABLE_BOTS["sensible"](s, random.Random(s)) for s in range(players)}
    flow = TableFlow(table, seats, bots, random.Random(3))
    while not table.is_over:
        flow.update(0.05)
    match.record(table)
    return GameRecord(setup, match, table, flow.truth, flow.stats)


def _results(app: App):
    from bluffhouse.scenes.results.cards import ResultsScene

    return ResultsScene(app, _finished_game())


SCREENS: dict[str, Callable[[App], object]] = {
    "menu": lambda app: None,
    "setup": lambda app: SCENES["bullets"](app),
    "quick": lambda app: SCENES["quick"](app),
    "couch": _couch,
    "bullets8": lambda app: _watched(demo_scene_of(app, "bullets", 8)),
    "kamu8": lambda app: _watched(demo_scene_of(app, "kamu", 8)),
    "duel": lambda app: _watched(demo_scene(app, "duel")),
    "results": _results,
}
# Where a player comes from, and how long they stay there (the screen before warms the art).
ARRIVALS: dict[str, tuple[Callable[[App], object], float]] = {
    "quick": (lambda app: None, 2.0),  # the menu
    "couch": (lambda app: SCENES["bullets"](app), 3.0),
    "bullets8": (lambda app: SCENES["bullets"](app), 3.0),
    "kamu8": (lambda app: SCENES["kamu"](app), 3.0),
    "duel": (lambda app: SCENES["duel"](app), 3.0),
}
LABELS = {
    "menu": "menu",
    "setup": "set-up",
    "quick": "quick game",
    "couch": "couch table, 2 people",
    "bullets8": "Bullets, 8 seats",
    "kamu8": "Kamu, 8 seats",
    "duel": "dice duel",
    "results": "results",
}


def demo_scene_of(app: App, game: str, players: int):
    """An attract-mode table of `players` computer players."""
    from bluffhouse.scenes.table.scene import TableScene

    return TableScene(app, demo_setup(app, game, players))


def _percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def arrive(app: App, name: str) -> None:
    """Show the screen a player opens `name` from for as long as they would stay (unmeasured)."""
    before, seconds = ARRIVALS[name]
    scene = before(app)
    if scene is not None:
        app.stack.push(scene)
        app.stack.apply()
    for _ in range(round(seconds / FRAME)):
        app.step(FRAME)
    if scene is not None:
        app.stack.pop()
        app.stack.apply()


def measure(name: str, frames: int, cold: bool = False) -> Figures:
    """Open a screen over the menu (after the screen a player comes from, unless cold) and
    step `frames` frames; its figures."""
    app = App(seed=11, home=MenuScene)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    if name in ARRIVALS and not cold:
        arrive(app, name)
    scene = SCREENS[name](app)
    if scene is not None:
        app.stack.push(scene)
    app.stack.apply()
    people = People(scene) if hasattr(scene, "flow") and getattr(scene, "humans", None) else None
    steady, wall_steady, opening = [], [], []
    top, since = app.stack.top, 0
    for _ in range(frames):
        cpu, wall = time.process_time(), time.perf_counter()
        app.step(FRAME)
        if people is not None and app.stack.top is scene:
            people.step(FRAME)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if app.stack.top is not top:
            top, since = app.stack.top, 0
        since += 1
        if since <= OPENING:
            opening.append(cpu)
        else:
            steady.append(cpu)
            wall_steady.append(wall)
    steady.sort()
    if not steady:
        steady = wall_steady = [0.0]
    ms = 1000
    return Figures(
        LABELS[name],
        frames,
        statistics.median(steady) * ms,
        _percentile(steady, 0.99) * ms,
        steady[-1] * ms,
        max(wall_steady) * ms,
        sum(t > BUDGET for t in steady),
        max(opening, default=0.0) * ms,
        ",".join(sorted(app.scenes_visited)),
    )


def measure_phones(seconds: float = 30.0, phones: int = 8, rate: float = 10.0) -> str:
    """An eight-seat Bullets table of phones, each phone sending at its rate limit, in real time.

    The phones run in a process of their own (tools/phone_swarm.py): they are other devices.
    Frames are paced at 60 a second as the real loop is; a frame's cost is the game thread's
    CPU time for App.step (thread_time: the server's thread is not the frame), and its wall
    time is printed beside it (the server's thread competes for the same interpreter).
    """
    from bluffhouse.scenes.table.scene import TableScene

    os.environ["BLUFFHOUSE_PHONES_HOST"] = "127.0.0.1"
    os.environ["BLUFFHOUSE_PHONES_PORT"] = "0"
    app = App(seed=11, home=MenuScene)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    seats = [SeatSpec(f"Phone {s + 1}", True, phone=True) for s in range(phones)]
    setup = GameSetup(Rules.bullets(players=phones), seats, seed=7)
    app.phones.open({s: spec.name for s, spec in enumerate(seats)})
    while app.phones.phase == "starting":
        time.sleep(0.01)
    if app.phones.phase != "ready":
        return f"phones: the server did not start ({app.phones.trouble()})"
    scene = TableScene(app, setup)
    app.stack.push(scene)
    app.stack.apply()
    urls = [app.phones.url(s) for s in range(phones)]
    command = [
        sys.executable,
        str(Path(__file__).with_name("phone_swarm.py")),
        "--seconds",
        str(seconds + 3),
        "--rate",
        str(rate),
        *urls,
    ]
    swarm = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    cpu_times, wall_times = [], []
    try:
        start = time.perf_counter()
        while not all(app.phones.connected(s) for s in range(phones)) and time.perf_counter() - start < 10:
            app.step(FRAME)
            time.sleep(FRAME)
        warm = time.perf_counter() + 3.0  # the phones join and the art warms, as on a join screen
        while time.perf_counter() < warm:
            app.step(FRAME)
            time.sleep(FRAME)
        server = app.phones.server
        received = server.received
        process, thread = time.process_time(), time.thread_time()
        due = time.perf_counter()
        end = due + seconds
        while time.perf_counter() < end:
            cpu, wall = time.thread_time(), time.perf_counter()
            app.step(FRAME)
            cpu_times.append(time.thread_time() - cpu)
            wall_times.append(time.perf_counter() - wall)
            due += FRAME
            time.sleep(max(0.0, due - time.perf_counter()))
        received = server.received - received
        others = (time.process_time() - process) - (time.thread_time() - thread)  # the server's thread
        calls = len(scene.flow.truth)
        swarm_line = swarm.communicate(timeout=30)[0].strip()
    finally:
        if swarm.poll() is None:
            swarm.kill()
        app.phones.close(wait=2)
    cpu_times.sort()
    wall_times.sort()
    ms = 1000
    return (
        f"{'phones, 8 at 10 msg/s':<24}{len(cpu_times):>7}{statistics.median(cpu_times) * ms:>8.2f}"
        f"{_percentile(cpu_times, 0.99) * ms:>8.2f}{cpu_times[-1] * ms:>8.2f}"
        f"{sum(t > BUDGET for t in cpu_times):>7}{'':>8}{wall_times[-1] * ms:>12.1f}   "
        f"wall p99 {_percentile(wall_times, 0.99) * ms:.2f} ms; {received} messages in {seconds:.0f} s "
        f"({received / seconds:.0f}/s), {calls} calls played; "
        f"server thread {others / seconds * 100:.1f}% of a core; {swarm_line}"
    )


def table(rows: list[Figures]) -> str:
    """The figures as a fixed-width table."""
    lines = [
        f"{'screen':<24}{'frames':>7}{'p50':>8}{'p99':>8}{'worst':>8}{'>16.7':>7}"
        f"{'open':>8}{'wall worst':>12}   scenes",
        f"{'':<24}{'':>7}{'ms cpu':>8}{'ms cpu':>8}{'ms cpu':>8}{'':>7}{'ms cpu':>8}{'ms':>12}",
    ]
    for r in rows:
        lines.append(
            f"{r.name:<24}{r.frames:>7}{r.p50:>8.2f}{r.p99:>8.2f}{r.worst:>8.2f}{r.over:>7}"
            f"{r.open_worst:>8.1f}{r.wall_worst:>12.1f}   {r.scenes}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Start-up, then one line per screen."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=1800, help="frames per screen (default 1800)")
    parser.add_argument(
        "--busy-frames",
        type=int,
        default=3600,
        help="frames for the eight-seat tables and the duel (default 3600)",
    )
    parser.add_argument(
        "--only", default="", help="comma-separated screens: " + ",".join([*SCREENS, "phones"])
    )
    parser.add_argument("--runs", type=int, default=7, help="start-up processes of each kind")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up measurement")
    parser.add_argument(
        "--phones",
        type=float,
        default=30.0,
        metavar="S",
        help="seconds of eight phones at their rate limit (0: none; default 30)",
    )
    parser.add_argument(
        "--cold",
        action="store_true",
        help="open every screen straight from the menu's first frame (nothing warmed)",
    )
    args = parser.parse_args(argv)
    if not args.no_startup:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import startup_bench

        print(startup_bench.report(startup_bench.measure(args.runs)), flush=True)
        print(startup_bench.report_modules(*startup_bench.first_frame_modules()), flush=True)
        print(startup_bench.report_warmup(startup_bench.measure_warmup()), "\n", flush=True)
    register_all()
    names = [n for n in args.only.split(",") if n and n != "phones"] if args.only else list(SCREENS)
    print(table([]), flush=True)
    for name in names:
        busy = name in ("bullets8", "kamu8", "duel")
        print(
            table([measure(name, args.busy_frames if busy else args.frames, args.cold)]).splitlines()[-1],
            flush=True,
        )
    if args.phones > 0 and (not args.only or "phones" in args.only.split(",")):
        print(measure_phones(args.phones), flush=True)
    print("\nframes (first second of each screen apart, as 'open'); budget 16.7 ms, p99 target ≤ 6 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
