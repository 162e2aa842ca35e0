"""Try to knock the phone server over: the game under a file limit of 256 against 1,000 idle,
half-sent and slow connections from ten addresses, as anybody on a party's Wi-Fi could.

    .venv/bin/python tools/phone_siege.py [--connections 1000] [--nofile 256] [--seconds 15] [--json]

Two processes, as on a real evening. The game (this script with --game, RLIMIT_NOFILE lowered
to --nofile) waits at its join screen with two phone seats; it paces frames at 60 a second,
reads one of its own files every frame, and says how it is doing on stdout. This process is
everybody else: Ana's phone joins first (from 127.0.0.1); then the siege, from 127.0.0.2–11:
a third of the connections send nothing, a third half a request, a third drip a request a
byte every half second, each opening again as soon as it is cut. Meanwhile the game opens 100
files at once, Start is pressed, and Ana plays a card from her phone. The siege ends; Ben's
phone joins.

It prints, for the frames before and during the siege: the game thread's CPU per frame and the
wall time per frame (p50, p99, worst); the game's file opens and failures; the most files the
game held; the gate's counters; whether the table started and Ana played; how long Ben took to
join after. --json prints the same as one JSON object (tests/test_phone_siege.py reads it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FRAME = 1 / 60
SOURCES = [f"127.0.0.{n}" for n in range(2, 12)]  # the siege's ten addresses (all of 127/8 is this machine)


# -- the game: a child process under the file limit ------------------------------------------


def game(nofile: int) -> None:
    """The game at its join screen, paced at 60 frames a second, obeying lines on stdin."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, hard))
    os.environ.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        BLUFFHOUSE_PHONES_HOST="127.0.0.1",
        BLUFFHOUSE_PHONES_PORT="0",
        BLUFFHOUSE_SETTINGS=str(Path(tempfile.mkdtemp()) / "settings.json"),
    )
    import pygame

    from bluffhouse.game.rules import Rules
    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.phones.join import PhoneJoinScene
    from bluffhouse.scenes.screens import register_all
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat

    register_all()
    app = App(seed=5, home=MenuScene, mute=True)
    seats = [SeatSpec("Ana", True, phone=True), bot_seat(1), SeatSpec("Ben", True, phone=True)]
    setup = GameSetup(Rules.bullets(players=3, challenge_window=0.5), seats, seed=1)  # Ana leads
    app.stack.push(PhoneJoinScene(app, setup))
    app.stack.apply()
    while app.phones.phase == "starting":
        time.sleep(0.01)
    say({"ready": app.phones.server.port, "urls": {s: app.phones.url(s) for s in (0, 2)}, "nofile": nofile})
    orders: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [orders.put(line.strip()) for line in sys.stdin], daemon=True).start()
    own_file = ROOT / "bluffhouse" / "assets" / "lang" / "en" / "phone.json"

    def fresh() -> dict:
        """The figures of one stretch of the siege, empty."""
        return {
            "cpu": [],
            "wall": [],
            "opening": [],
            "opens": 0,
            "open_failures": 0,
            "peak_fds": 0,
            "since": (time.perf_counter(), time.process_time(), time.thread_time()),
        }

    stats = fresh()
    due = time.perf_counter()
    frame = opened = 0
    top = app.stack.top
    while True:
        cpu, wall = time.thread_time(), time.perf_counter()
        app.step(FRAME)
        try:
            with open(own_file, "rb") as handle:  # the game's own file use, every frame
                handle.read(64)
            stats["opens"] += 1
        except OSError:
            stats["open_failures"] += 1
        if app.stack.top is not top:  # a new screen: its first second is its opening, apart
            top, opened = app.stack.top, frame
        if frame - opened < 60:
            stats["opening"].append(time.perf_counter() - wall)
        else:
            stats["cpu"].append(time.thread_time() - cpu)
            stats["wall"].append(time.perf_counter() - wall)
        frame += 1
        if frame % 30 == 0:
            stats["peak_fds"] = max(stats["peak_fds"], len(os.listdir("/proc/self/fd")))
        while not orders.empty():
            order = orders.get()
            if order == "stats":
                gate = app.phones.server.gate
                table = app.stack.top if app.stack.top.name == "table" else None
                truth = table.flow.truth if table else []
                calls = [sum(call.seat == seat for call in truth) for seat in range(3)]
                say(
                    {
                        "stats": summary(stats),
                        "gate": {
                            "total": gate.total,
                            "per_address": gate.per_address,
                            "held": gate.count,
                            "cut": gate.cut,
                            "evicted": gate.evicted,
                            "turned_away": gate.turned_away,
                            "accept_failures": gate.accept_failures,
                        },
                        "top": app.stack.top.name,
                        "ana": app.phones.status(0),
                        "ben": app.phones.status(2),
                        "ana_calls": calls[0],
                        "calls": calls,
                    }
                )
                stats = fresh()
            elif order == "burst":
                say({"burst": burst(100)})
            elif order == "start":
                pygame.event.post(
                    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
                )
            elif order == "quit":
                app.phones.close(wait=2)
                return
        due += FRAME
        time.sleep(max(0.0, due - time.perf_counter()))


def burst(count: int) -> dict:
    """Open count files at once and hold them, as a game loading its art would: how many failed."""
    held, failures = [], 0
    for _ in range(count):
        try:
            held.append(open(os.devnull, "rb"))  # held open on purpose
        except OSError:
            failures += 1
    for handle in held:
        handle.close()
    return {"opened": len(held), "failed": failures}


def summary(stats: dict) -> dict:
    """p50, p99 and the worst of the frames' CPU and wall times, in milliseconds (a new screen's
    first second apart: its worst frame in "opening"), and the server thread's share of a core."""
    wall, process, thread = stats["since"]
    elapsed = max(1e-6, time.perf_counter() - wall)
    server = (time.process_time() - process) - (time.thread_time() - thread)
    out = {
        "frames": len(stats["cpu"]),
        "opens": stats["opens"],
        "open_failures": stats["open_failures"],
        "peak_fds": stats["peak_fds"],
        "opening": round(1000 * max(stats["opening"], default=0.0), 1),
        "others_cpu": round(100 * server / elapsed, 1),
    }
    for name in ("cpu", "wall"):
        times = sorted(stats[name]) or [0.0]
        p99 = times[int(0.99 * (len(times) - 1))]
        out[name] = [round(1000 * value, 2) for value in (statistics.median(times), p99, times[-1])]
    return out


def say(message: dict) -> None:
    print(json.dumps(message), flush=True)


# -- everybody else: the phones and the siege --------------------------------------------------


class Siege:
    """Connections that never become phones, each opened again as soon as the server cuts it."""

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.opened = self.cut = self.failed = 0
        self.held = self.peak = 0
        self.tasks: list[asyncio.Task] = []
        self.stopping = False  # (Python 3.11's wait_for may swallow a cancel: each attacker looks too)

    def start(self) -> None:
        kinds = ("idle", "half", "slow")
        self.tasks = [
            asyncio.ensure_future(self.attacker(SOURCES[n % len(SOURCES)], kinds[n % 3]))
            for n in range(self.count)
        ]

    async def stop(self) -> None:
        self.stopping = True
        for task in self.tasks:
            task.cancel()
        await asyncio.wait(self.tasks, timeout=15)

    async def attacker(self, source: str, kind: str) -> None:
        request = f"GET /p/{'A' * 22} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nAccept: */*\r\n".encode()
        while not self.stopping:
            try:
                reader, writer = await asyncio.wait_for(
                    asyncio.open_connection("127.0.0.1", self.port, local_addr=(source, 0)), 10
                )
            except (TimeoutError, OSError):
                self.failed += 1
                await asyncio.sleep(0.2)
                continue
            self.opened += 1
            self.held += 1
            self.peak = max(self.peak, self.held)
            try:
                if kind == "half":
                    writer.write(request[:30])
                elif kind == "slow":
                    for byte in request:
                        writer.write(bytes([byte]))
                        await writer.drain()
                        await asyncio.sleep(0.5)
                await reader.read()  # until the server cuts it
                self.cut += 1
            except (OSError, asyncio.IncompleteReadError):
                self.cut += 1
            finally:
                self.held -= 1
                writer.close()


async def phone(url: str, brain=None) -> tuple[float, object]:
    """A phone joining a seat: (seconds to its welcome, its socket and a task reading it)."""
    import aiohttp

    session = aiohttp.ClientSession()
    started = time.perf_counter()
    while True:
        try:
            ws = await asyncio.wait_for(session.ws_connect(url.replace("/p/", "/ws/", 1)), 10)
            await ws.send_str('{"t":"join","device":""}')
            first = await asyncio.wait_for(ws.receive_json(), 10)
            if first.get("t") == "welcome":
                break
        except (TimeoutError, OSError, aiohttp.ClientError):
            await asyncio.sleep(0.2)
    joined = time.perf_counter() - started

    async def read():
        async for message in ws:
            data = json.loads(message.data)
            if brain is not None and data.get("t") == "state":
                await brain(ws, data)

    return joined, (session, ws, asyncio.ensure_future(read()))


async def siege(args) -> dict:
    child = subprocess.Popen(
        [sys.executable, __file__, "--game", "--nofile", str(args.nofile)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue = asyncio.Queue()

    def listen() -> None:
        for line in child.stdout:
            if line.startswith("{"):  # (anything else the game prints is not for us)
                loop.call_soon_threadsafe(lines.put_nowait, json.loads(line))

    threading.Thread(target=listen, daemon=True).start()

    async def ask(order: str, key: str) -> dict:
        child.stdin.write(order + "\n")
        child.stdin.flush()
        while True:
            line = await asyncio.wait_for(lines.get(), 60)
            if key in line:
                return line

    played = asyncio.Event()

    async def ana_brain(ws, state):
        if state.get("can_play") and state.get("wait", 1) <= 0 and not played.is_set():
            played.set()
            await ws.send_str(json.dumps({"t": "play", "cards": state["hand"][:1]}))

    out: dict = {}
    try:
        ready = await asyncio.wait_for(lines.get(), 60)
        port, urls = ready["ready"], ready["urls"]
        out["ana_joined_s"], ana = await phone(urls["0"], ana_brain)
        await asyncio.sleep(3)
        await ask("stats", "stats")  # the start-up frames, not counted
        await asyncio.sleep(args.seconds / 3)
        out["before"] = await ask("stats", "stats")
        attack = Siege(port, args.connections)
        attack.start()
        await asyncio.sleep(args.seconds / 3)
        out["burst"] = (await ask("burst", "burst"))["burst"]
        child.stdin.write("start\n")
        child.stdin.flush()
        try:
            await asyncio.wait_for(played.wait(), args.seconds)
        except TimeoutError:
            pass
        await asyncio.sleep(args.seconds / 3)
        out["during"] = await ask("stats", "stats")
        out["siege"] = {
            "connections": args.connections,
            "opened": attack.opened,
            "cut": attack.cut,
            "connect_failures": attack.failed,
            "peak_open": attack.peak,
        }
        await attack.stop()
        out["ben_joined_s"], ben = await phone(urls["2"])
        out["after"] = await ask("stats", "stats")
        for session, ws, task in (ana, ben):
            task.cancel()
            await ws.close()
            await session.close()
        child.stdin.write("quit\n")
        child.stdin.flush()
        out["game_exit"] = await loop.run_in_executor(None, child.wait, 30)
    finally:
        if child.poll() is None:
            child.kill()
    return out


def report_frames(phase: str, stats: dict, nofile: int) -> None:
    """One line of the game's frames and files over a phase (see summary)."""
    print(
        f"{phase:>7}: {stats['frames']} frames, game thread CPU p50/p99/worst {stats['cpu'][0]}/"
        f"{stats['cpu'][1]}/{stats['cpu'][2]} ms, wall {stats['wall'][0]}/{stats['wall'][1]}/"
        f"{stats['wall'][2]} ms (a new screen's first second apart: worst {stats['opening']} ms); "
        f"other threads {stats['others_cpu']}% of a core; files opened {stats['opens']}, failed "
        f"{stats['open_failures']}; most files held {stats['peak_fds']} of {nofile}"
    )


def report(out: dict) -> None:
    for phase in ("before", "during"):
        report_frames(phase, out[phase]["stats"], out["nofile"])
    gate, siege = out["during"]["gate"], out["siege"]
    print(
        f"  siege: {siege['connections']} connections from {len(SOURCES)} addresses, {siege['opened']} "
        f"opened, {siege['cut']} cut by the server, {siege['connect_failures']} connects failed; "
        f"gate: at most {gate['total']} ({gate['per_address']} an address), {gate['cut']} cut at their "
        f"deadline, {gate['evicted']} dropped for a newcomer, {gate['turned_away']} turned away, "
        f"{gate['accept_failures']} accept failures"
    )
    print(
        f"  files: 100 at once during the siege: {out['burst']['opened']} opened, {out['burst']['failed']} "
        f"failed; the table started: {out['during']['top'] == 'table'}; Ana played from her phone: "
        f"{out['during']['ana_calls'] > 0 and out['during']['ana'] == 'connected'}"
    )
    print(
        f"  after: Ben's phone joined {out['ben_joined_s']:.2f} s after the siege ended; game exit "
        f"{out['game_exit']}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--nofile", type=int, default=256)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--game", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.game:
        game(args.nofile)
        return 0
    room_for(args.connections)
    out = asyncio.run(siege(args))
    out["nofile"] = args.nofile
    emit(out, args.json, report)
    return 0


def room_for(connections: int) -> None:
    """Raise this process's file limit to hold the siege's connections (and some to spare)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = connections + 256
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(want, hard), hard))


def emit(out: dict, as_json: bool, words) -> None:
    """Print the figures: one JSON object (for the tests), or words(out) for people."""
    if as_json:
        print(json.dumps(out))
    else:
        words(out)


if __name__ == "__main__":
    sys.exit(main())
