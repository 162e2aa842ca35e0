"""Knock spam against a seat: how much of the evening the television spends on the question.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/knock_spam.py \
        --knocks 50 --seconds 20

The game runs headless in this process at 60 frames a second of wall time (phones on
127.0.0.1): Ana's phone plays a seat against two computer players, and one address opens her
link `--knocks` times over `--seconds` (each asking device stays `--stay` seconds, then leaves,
as a spammer's does). Printed: how many questions the TV asked, the share of frames the question
covered the table, and how many table moves were made meanwhile. Issue 31's tester measured 23%
of frames for 50 knocks in 20 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the simulated phones
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--knocks", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--stay", type=float, default=0.3)
    args = parser.parse_args(argv)
    if not (1 <= args.knocks <= 1000 and 1 <= args.seconds <= 600 and 0 <= args.stay <= 10):
        parser.error("--knocks 1-1000, --seconds 1-600, --stay 0-10")
    os.environ["BLUFFHOUSE_PHONES_HOST"] = "127.0.0.1"
    os.environ["BLUFFHOUSE_PHONES_PORT"] = "0"
    os.environ.setdefault("BLUFFHOUSE_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.json"))
    os.environ.setdefault("BLUFFHOUSE_DATA", tempfile.mkdtemp())
    import aiohttp
    from phones import Phones, socket_url

    from bluffhouse.game.rules import Rules
    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.screens import register_all
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
    from bluffhouse.scenes.table.scene import TableScene

    register_all()
    app = App(seed=3, home=MenuScene, mute=True)
    setup = GameSetup(
        Rules.bullets(players=3), [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)], seed=1
    )
    scene = TableScene(app, setup)
    app.stack.push(scene)
    app.stack.apply()
    while app.phones.phase == "starting":
        app.step(1 / 60, draw=False)
        time.sleep(0.01)
    phones = Phones()
    played: set[int] = set()

    def ana(phone, state: dict) -> None:
        """Ana plays her first card on her turn (or lets a last call stand), once a state."""
        if state.get("serial") in played or not (state.get("can_play") or state.get("can_accept")):
            return
        played.add(state["serial"])
        phone.send({"t": "accept"} if state.get("can_accept") else {"t": "play", "cards": state["hand"][:1]})

    phones.connect(0, app.phones.url(0), ana)  # Ana's own phone plays on meanwhile
    url = socket_url(app.phones.url(0))
    done = threading.Event()

    async def spam() -> None:
        async with aiohttp.ClientSession() as session:
            for _ in range(args.knocks):
                started = time.monotonic()
                try:
                    ws = await session.ws_connect(url)
                    await ws.send_str(json.dumps({"t": "join", "device": ""}))
                    await asyncio.sleep(args.stay)
                    await ws.close()
                except aiohttp.ClientError:
                    pass
                await asyncio.sleep(max(0.0, args.seconds / args.knocks - (time.monotonic() - started)))
        done.set()

    asyncio.run_coroutine_threadsafe(spam(), phones.loop)
    frames = covered = 0
    asked: set[int] = set()
    moves_before = len(scene.table.view(1).history)  # (a game of 17 cards each: it lasts past 20 s)
    while not done.is_set():
        begun = time.monotonic()
        app.step(1 / 60, draw=False)
        frames += 1
        top = app.stack.top
        if top is not None and top.name == "moveseat":
            covered += 1
            asked.add(id(top))
        time.sleep(max(0.0, 1 / 60 - (time.monotonic() - begun)))
    moves = len(scene.table.view(1).history) - moves_before
    print(
        f"knock spam: {args.knocks} knocks in {args.seconds:.0f} s from one address (each staying "
        f"{args.stay:.1f} s): {len(asked)} questions asked; the question covered {covered} of {frames} "
        f"frames ({100 * covered / max(1, frames):.1f}%); {moves} calls or pick-ups on the table meanwhile"
    )
    phones.close()
    app.phones.close(wait=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
