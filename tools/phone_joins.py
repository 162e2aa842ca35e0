"""Joins under siege: a real phone page in headless Chromium joins its seat again and again while
strangers hold the phone server's door, and the seated phones play on meanwhile.

    .venv/bin/python tools/phone_joins.py [--connections 300] [--nofile 128] [--tries 10] [--json]

The game runs as in tools/phone_siege.py (a child process under --nofile, at its table with Ana
and Ben on phones and a computer player between them). Ana is a simulated phone on 127.0.0.1 that
plays a card on every turn of hers; Ben is the real page (tools/phone_shots.py's Chromium at
390x844) that plays his turns by tapping a card and Play. Ben's page joins once in calm; then the
siege starts (--connections idle, half-sent and dripping connections from 127.0.0.2-11, each
opened again as soon as it is cut) and, after a few seconds of it, Ben's page is loaded afresh
--tries times (the HTML, its CSS and script, then its socket: every connection a phone makes).
A try counts from the load's start until the page is live (its cover gone, the link up); one not
live within --limit seconds failed. Between tries the page plays on for a few seconds.

It prints each try's seconds, their median and worst, how many failed; Ana's plays during the
siege and the seconds from each play sent to the state that showed it; Ben's plays; the game
thread's frames (as phone_siege.py); the gate's counters. --json prints one JSON object
(tests/test_phone_joins.py reads it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from phone_shots import browser
from phone_siege import ROOT, SOURCES, Siege, emit, report_frames, room_for

# the page is live: its cover gone and its link up (the page keeps its state to itself)
LIVE = """
return !document.body.classList.contains('down') && document.getElementById('cover').hidden
       && document.getElementById('me').textContent !== '';
"""
# Ben's turn: a card picked, then Play once the challenge window has passed
TAP = """
var mine = document.getElementById('status').className === 'mine';
if (document.body.classList.contains('down') || !mine) return 0;
var play = document.getElementById('play');
if (!document.querySelector('#hand .card.picked')) {
  var card = document.querySelector('#hand .card');
  if (card) card.click();
  return 0;
}
if (play.disabled) return 0;
play.click();
return 1;
"""


class Ana:
    """A simulated phone that plays its first card on every turn, and times each play: from the
    message sent to the first state whose hand is smaller."""

    def __init__(self) -> None:
        self.plays: list[tuple[float, float]] = []  # (when sent, seconds until the game showed it)
        self.sent_at: float | None = None
        self.held = -1
        self.turn = 0  # a new turn is a new state with can_play: each is played once

    async def brain(self, ws, state: dict) -> None:
        hand = state.get("hand") or []
        if self.sent_at is not None and len(hand) < self.held:
            self.plays.append((self.sent_at, time.perf_counter() - self.sent_at))
            self.sent_at = None
        self.held = len(hand)
        if not state.get("can_play") or self.sent_at is not None or not hand:
            return
        self.turn += 1
        turn = self.turn
        await asyncio.sleep(max(0.0, float(state.get("wait") or 0.0)) + 0.05)  # the challenge window
        if turn == self.turn and self.sent_at is None:
            self.sent_at = time.perf_counter()
            await ws.send_str(json.dumps({"t": "play", "cards": hand[:1]}))


def live_within(driver, limit: float) -> float | None:
    """Load the page afresh and wait until it is live: the seconds it took, or None after limit."""
    from selenium.common.exceptions import TimeoutException, WebDriverException

    started = time.perf_counter()
    driver.set_page_load_timeout(limit)
    try:
        driver.get(driver.current_url)
    except TimeoutException:
        return None
    while time.perf_counter() - started < limit:
        try:
            if driver.execute_script(LIVE):
                return time.perf_counter() - started
        except WebDriverException:
            pass  # the page is still coming
        time.sleep(0.02)
    return None


def play_on(driver, seconds: float) -> int:
    """Ben's page plays its turns for a while; how many plays it tapped."""
    from selenium.common.exceptions import WebDriverException

    plays = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        try:
            plays += driver.execute_script(TAP)
        except WebDriverException:
            pass  # the page redrew under the tap
        time.sleep(0.1)
    return plays


async def run(args) -> dict:
    from phone_siege import phone

    child = subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "phone_siege.py"), "--game", "--nofile", str(args.nofile)],
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
            if line.startswith("{"):
                loop.call_soon_threadsafe(lines.put_nowait, json.loads(line))

    threading.Thread(target=listen, daemon=True).start()

    def order(what: str) -> None:
        child.stdin.write(what + "\n")
        child.stdin.flush()

    async def ask(what: str, key: str) -> dict:
        order(what)
        while True:
            line = await asyncio.wait_for(lines.get(), 60)
            if key in line:
                return line

    out: dict = {"nofile": args.nofile, "connections": args.connections}
    ana, driver = Ana(), None
    try:
        ready = await asyncio.wait_for(lines.get(), 60)
        port, urls = ready["ready"], ready["urls"]
        _, ana_phone = await phone(urls["0"], ana.brain)
        driver = await loop.run_in_executor(None, browser, Path(tempfile.mkdtemp()) / "profile")
        driver.get(urls["2"])
        out["calm_s"] = await loop.run_in_executor(None, live_within, driver, args.limit)
        order("start")
        await asyncio.sleep(2)
        await ask("stats", "stats")  # the start's frames
        await loop.run_in_executor(None, play_on, driver, args.warmup)
        out["before"] = await ask("stats", "stats")  # the table in calm, its pages playing
        attack = Siege(port, args.connections)
        attack.start()
        siege_started = time.perf_counter()
        await asyncio.sleep(args.warmup)
        tries, ben_plays = [], 0
        for n in range(args.tries):
            tries.append(await loop.run_in_executor(None, live_within, driver, args.limit))
            print(f"phone_joins: try {n + 1}: {tries[-1]}", file=sys.stderr, flush=True)
            ben_plays += await loop.run_in_executor(None, play_on, driver, args.between)
        during = await ask("stats", "stats")
        siege_ended = time.perf_counter()
        out["siege"] = {
            "connections": args.connections,
            "opened": attack.opened,
            "cut": attack.cut,
            "connect_failures": attack.failed,
            "peak_open": attack.peak,
            "seconds": round(siege_ended - siege_started, 1),
        }
        await attack.stop()
        joined = [t for t in tries if t is not None]
        out["tries"] = [None if t is None else round(t, 3) for t in tries]
        out["failed"] = len(tries) - len(joined)
        out["median_s"] = round(statistics.median(joined), 3) if joined else None
        out["worst_s"] = round(max(joined), 3) if joined else None
        played = [seconds for at, seconds in ana.plays if siege_started <= at <= siege_ended]
        out["ana"] = {
            "plays": len(played),
            "median_s": round(statistics.median(played), 3) if played else None,
            "worst_s": round(max(played), 3) if played else None,
        }
        out["ben_plays"] = ben_plays
        out["during"] = during
        session, ws, task = ana_phone
        task.cancel()
        await ws.close()
        await session.close()
        order("quit")
        out["game_exit"] = await loop.run_in_executor(None, child.wait, 30)
    finally:
        if driver is not None:
            driver.quit()
        if child.poll() is None:
            child.kill()
    return out


def report(out: dict) -> None:
    siege, gate = out["siege"], out["during"]["gate"]
    calm = "never" if out["calm_s"] is None else f"in {out['calm_s']:.2f} s"
    print(
        f"joins under siege: file limit {out['nofile']}, {siege['connections']} connections from "
        f"{len(SOURCES)} addresses for {siege['seconds']} s ({siege['opened']} opened, {siege['cut']} "
        f"cut); a page in calm joined {calm}"
    )
    shown = ", ".join("never" if t is None else f"{t:.2f}" for t in out["tries"])
    print(f"  the page's tries (s): {shown}")
    if out["median_s"] is not None:
        print(
            f"  {len(out['tries']) - out['failed']} of {len(out['tries'])} live; median "
            f"{out['median_s']:.2f} s, worst {out['worst_s']:.2f} s"
        )
    else:
        print(f"  0 of {len(out['tries'])} live")
    ana = out["ana"]
    if ana["plays"]:
        print(
            f"  Ana's phone played {ana['plays']} times meanwhile: play to the state showing it median "
            f"{ana['median_s'] * 1000:.0f} ms, worst {ana['worst_s'] * 1000:.0f} ms; Ben's page played "
            f"{out['ben_plays']} times"
        )
    else:
        print(f"  Ana's phone played 0 times meanwhile; Ben's page played {out['ben_plays']} times")
    print("  gate: " + ", ".join(f"{key} {value}" for key, value in gate.items()))
    for phase in ("before", "during"):
        report_frames(phase, out[phase]["stats"], out["nofile"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--connections", type=int, default=300)
    parser.add_argument("--nofile", type=int, default=128)
    parser.add_argument("--tries", type=int, default=10)
    parser.add_argument("--limit", type=float, default=30.0, help="seconds before a try counts as failed")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds of siege before the first try")
    parser.add_argument("--between", type=float, default=3.0, help="seconds the page plays between tries")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    room_for(args.connections)
    emit(asyncio.run(run(args)), args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
