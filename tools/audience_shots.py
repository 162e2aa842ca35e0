"""Look at the audience as the room would (issue 31): the audience's page in headless Chromium
beside the television, screenshot pairs at the moments worth seeing.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/audience_shots.py \
        --game bullets --lang en --out /tmp/audience_shots

The game runs headless in this process (phones on 127.0.0.1). Ana plays her seat from a small
simulated phone (she plays one card, and challenges every second call she may); the other seats
are computer players. The page in Chromium watches from the audience and taps Lie or Truth on
every question; five simulated watchers vote at random beside it, so the room's vote has a
count. Saved: 1-vote (the question on the phone, the TV's "Audience: 6"), 2-room (the room's
vote at a reveal, on the TV and the phone), 3-results (the best reader on both), each as
NN-name-phone.png and NN-name-tv.png. --game duel asks "Does the claim hold?" instead.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SE_AVOID_STATS", "true")

WATCHERS = 5  # simulated watchers beside the page
DT = 1 / 30


class Crowd:
    """Simulated phones on their own thread: Ana's seat, and watchers voting at random."""

    def __init__(self, seed: int) -> None:
        import aiohttp

        self.rng = random.Random(seed)
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.session = self.run(self._session(aiohttp))
        self.states: dict[str, dict] = {}
        self.sockets: list = []
        self.tasks: set = set()

    async def _session(self, aiohttp):
        return aiohttp.ClientSession()

    def run(self, work):
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(10)

    def join(self, url: str, name: str) -> None:
        """A phone opens url and acts by its name: "ana" plays her seat, others vote."""
        self.run(self._join(url.replace("/p/", "/ws/", 1), name))

    async def _join(self, url: str, name: str) -> None:
        ws = await self.session.ws_connect(url)
        self.sockets.append(ws)
        await ws.send_str(json.dumps({"t": "join", "device": ""}))
        task = asyncio.ensure_future(self._listen(ws, name))
        self.tasks.add(task)  # held until it ends: the loop holds its tasks only weakly
        task.add_done_callback(self.tasks.discard)

    async def _listen(self, ws, name: str) -> None:
        done: set = set()
        async for message in ws:
            state = json.loads(message.data)
            if state.get("t") != "state":
                continue
            self.states[name] = state
            if name == "ana":
                await self._play(ws, state, done)
            elif state.get("question") and state["question"]["id"] not in done:
                done.add(state["question"]["id"])
                await asyncio.sleep(self.rng.uniform(0.05, 0.4))
                await ws.send_str(
                    json.dumps(
                        {"t": "vote", "q": state["question"]["id"], "say": self.rng.choice(("lie", "truth"))}
                    )
                )

    async def _play(self, ws, state: dict, done: set) -> None:
        serial = state["serial"]
        if state.get("results") or state.get("lobby") or serial in done:
            return
        done.add(serial)
        if state.get("can_challenge") and len(done) % 2 == 0:
            await asyncio.sleep(1.2)  # the room has a moment to vote
            await ws.send_str(json.dumps({"t": "challenge"}))
        elif state.get("can_accept"):
            await ws.send_str(json.dumps({"t": "accept"}))
        elif state.get("can_play") and state.get("wait", 0) <= 0:
            await ws.send_str(json.dumps({"t": "play", "cards": state["hand"][:1]}))
        elif state.get("moods"):
            await ws.send_str(json.dumps({"t": "declare", "mood": state["moods"][0]}))
        elif state.get("can_challenge") and state.get("must_challenge"):
            await ws.send_str(json.dumps({"t": "challenge"}))
        elif state.get("can_propose"):
            await ws.send_str(json.dumps({"t": "propose", "dice": _lowest(state)}))
        elif state.get("can_next"):
            await ws.send_str(json.dumps({"t": "next"}))

    def close(self) -> None:
        async def shut():
            for ws in self.sockets:
                await ws.close()
            await self.session.close()

        self.run(shut())


def _lowest(state: dict) -> list[int]:
    """The lowest proposition Ana may make now (the duel's claims in order, by index)."""
    from bluffhouse.game.dice import all_claims

    return list(all_claims()[min(state["low"], len(all_claims()) - 1)])


def main(argv: list[str] | None = None) -> int:
    """Play a watched game and save the pairs of screenshots; 0 when every moment was seen."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("bullets", "kamu", "duel"), default="bullets")
    parser.add_argument("--lang", choices=("en", "es", "fr", "hu"), default="en")
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "audience_shots")
    parser.add_argument("--seconds", type=float, default=240.0, help="give up after this long")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="bluffhouse-audience-"))
    os.environ.update(
        BLUFFHOUSE_SETTINGS=str(home / "settings.json"),
        BLUFFHOUSE_DATA=str(home / "data"),
        BLUFFHOUSE_PHONES_HOST="127.0.0.1",
        BLUFFHOUSE_PHONES_PORT="0",
    )
    import pygame
    from phone_shots import browser
    from selenium.webdriver.common.by import By

    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.screens import register_all
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.ui import lang

    register_all()
    app = App(seed=7, home=MenuScene, mute=True)
    lang.set_language(args.lang)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    setup, scene_class = _build(args.game)
    app.phones.open({0: "Ana"})
    while app.phones.phase == "starting":
        time.sleep(0.01)
    crowd = Crowd(3)
    driver = browser(home / "profile")
    saved: list[str] = []

    def save(name: str) -> None:
        app.step(DT, draw=True)
        number = len(saved) + 1
        pygame.image.save(app.surface, str(args.out / f"{number:02d}-{name}-tv.png"))
        driver.save_screenshot(str(args.out / f"{number:02d}-{name}-phone.png"))
        saved.append(name)
        print(args.out / f"{number:02d}-{name}-tv.png")

    try:
        crowd.join(app.phones.url(0), "ana")
        driver.get(app.phones.watch_url())
        for k in range(WATCHERS):
            crowd.join(app.phones.watch_url(), f"watcher{k}")
        app.stack.replace(scene_class(app, setup))
        app.stack.apply()
        end = time.monotonic() + args.seconds
        voted: set = set()
        while time.monotonic() < end and len(saved) < 3:
            app.step(DT, draw=False)
            time.sleep(0.004)
            page = driver.execute_script(
                "return [document.querySelector('#vote-call').textContent, "
                "document.querySelector('#room').textContent, "
                "!document.querySelector('#lie').disabled]"
            )
            look = app.phones.watchers.look()
            if page[2] and page[0] and page[0] not in voted:
                voted.add(page[0])
                driver.find_element(By.ID, "lie" if len(voted) % 2 else "truth").click()
                if "vote" not in saved and len(voted) >= 2:
                    for _ in range(6):
                        app.step(DT, draw=False)
                        time.sleep(0.05)
                    save("vote")
            elif "room" not in saved and page[1] and look is not None and look.room:
                for _ in range(20):
                    app.step(DT, draw=False)
                    time.sleep(0.02)
                save("room")
            elif "results" not in saved and app.stack.top.__class__.__name__.endswith("ResultsScene"):
                for _ in range(150):  # the title pops in, the suits fall away
                    app.step(DT, draw=False)
                    time.sleep(0.004)
                save("results")
    finally:
        driver.quit()
        crowd.close()
        app.phones.close(wait=2)
    print(f"saved {len(saved)} of 3 moments: {', '.join(saved)}")
    return 0 if len(saved) == 3 else 1


def _build(game: str):
    from bluffhouse.game.rules import Rules
    from bluffhouse.scenes.duel.scene import DuelScene
    from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
    from bluffhouse.scenes.table.scene import TableScene

    ana = SeatSpec("Ana", True, phone=True)
    if game == "duel":
        return GameSetup(Rules.duel(points_to_win=2), [ana, bot_seat(1, "medium")], seed=5), DuelScene
    if game == "kamu":
        rules = Rules.kamu(players=4, jokers=True, hand_size=5)
    else:
        rules = Rules.bullets(players=4, hand_size=5)
    return GameSetup(rules, [ana, bot_seat(1), bot_seat(2, "easy"), bot_seat(3)], seed=21), TableScene


if __name__ == "__main__":
    raise SystemExit(main())
