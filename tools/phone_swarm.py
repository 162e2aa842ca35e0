"""Simulated phones for `make bench`: each join address one phone, each sending at its rate limit.

    python tools/phone_swarm.py --seconds 30 --rate 10 URL [URL ...]

Runs as a process of its own (phones are other devices: their work is not the game's). Each
phone plays from the states it receives — a legal play on its turn once the window has
passed, Accept when asked, a challenge now and then — and fills the rest of its rate with
what a phone may also send: pings, plays of cards it does not hold, and junk. It prints one
line: how many messages were sent and received, and how many were refused.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time

import aiohttp

FILLERS = (
    '{"t":"ping","n":1}',
    '{"t":"play","cards":["*F","*S"]}',
    '{"t":"cheat"}',
    "{nope",
    '{"t":"challenge","seat":99}',
    '{"t":"accept"}',
)


class Phone:
    """One phone: its socket, its latest state, what it sent and got."""

    def __init__(self, url: str, seed: int) -> None:
        self.url = url.replace("/p/", "/ws/", 1)
        self.rng = random.Random(seed)
        self.state: dict | None = None
        self.played: set[int] = set()
        self.sent = self.received = self.errors = 0

    def next_message(self) -> str:
        """What to send this tick: a move when there is one to make, else a filler."""
        state = self.state or {}
        serial = state.get("serial", -1)
        if state.get("can_accept") and serial not in self.played:
            self.played.add(serial)
            return '{"t":"accept"}'
        if state.get("can_play") and state.get("wait", 1) <= 0 and serial not in self.played:
            self.played.add(serial)
            hand = state.get("hand") or []
            same = [c for c in hand if c[:-1] == state.get("rank")][:2]
            cards = same or hand[:1]
            if cards:
                return json.dumps({"t": "play", "cards": cards})
        if state.get("can_challenge") and self.rng.random() < 0.05:
            return '{"t":"challenge"}'
        return self.rng.choice(FILLERS)

    async def run(self, session: aiohttp.ClientSession, seconds: float, rate: float) -> None:
        """Connect, then send one message every 1/rate seconds for `seconds`."""
        async with session.ws_connect(self.url) as ws:
            await ws.send_str('{"t":"join","device":""}')  # a new phone: the seat becomes its own
            reader = asyncio.ensure_future(self.read(ws))
            end = time.monotonic() + seconds
            tick = 1 / rate
            due = time.monotonic()
            while time.monotonic() < end:
                await ws.send_str(self.next_message())
                self.sent += 1
                due += tick
                await asyncio.sleep(max(0.0, due - time.monotonic()))
            reader.cancel()

    async def read(self, ws) -> None:
        async for message in ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                return
            data = json.loads(message.data)
            self.received += 1
            if data.get("t") == "state":
                self.state = data
            elif data.get("t") == "error":
                self.errors += 1


async def swarm(urls: list[str], seconds: float, rate: float) -> list[Phone]:
    phones = [Phone(url, seed) for seed, url in enumerate(urls, start=1)]
    async with aiohttp.ClientSession() as session:
        await asyncio.gather(*(phone.run(session, seconds, rate) for phone in phones))
    return phones


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--rate", type=float, default=10.0, help="messages a second per phone")
    parser.add_argument("urls", nargs="+")
    args = parser.parse_args(argv)
    phones = asyncio.run(swarm(args.urls, args.seconds, args.rate))
    sent = sum(p.sent for p in phones)
    print(
        f"swarm: phones={len(phones)} sent={sent} received={sum(p.received for p in phones)} "
        f"errors={sum(p.errors for p in phones)}",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
