"""Simulated phones for the tests: real WebSocket clients (aiohttp) against the real server.

The phones live on a thread of their own with their own asyncio loop, as phones live on their
own devices; the game runs frame by frame on the test's thread. A phone's `brain(phone, state)`
decides what to send from the state its seat was sent, and nothing else.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import threading
import time
from collections.abc import Callable

import aiohttp
import pygame
import pytest
from couch import bind_people, key_name
from kit import Pace

from bluffhouse.game.actions import Accept, Play
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene

CARD = re.compile(r"(?:[2-9]|10|[AJQKUO])[SHDCPTZM]|\*[SF]")
CARD_IN_TEXT = re.compile(r"(?<![\w*])(?:(?:[2-9]|10|[AJQKUO])[SHDCPTZM]|\*[SF])(?!\w)")


def key(code: int) -> None:
    """A key pressed and let go at the television, as the event queue gets it."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))


def socket_url(join_url: str) -> str:
    """The WebSocket address behind a join address (http://host:port/p/TOKEN)."""
    return join_url.replace("/p/", "/ws/", 1)


class Phone:
    """One simulated phone: what it received, and a way to send. secret: its device secret ("" for
    a phone that never joined; the server's "welcome" gives it one)."""

    def __init__(self, seat: int, url: str, brain: Callable | None, secret: str) -> None:
        self.seat, self.url, self.brain, self.secret = seat, url, brain, secret
        self.received: list[dict] = []
        self.state: dict | None = None
        self.hello: dict | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.closed_code: int | None = None
        self.acted: set = set()  # (serial, what) already answered
        self.sent = 0
        self.sending: set[asyncio.Task] = set()
        self.listening: asyncio.Task | None = None

    def send(self, message: dict | str | bytes) -> None:
        """Queue a message (only from the phones' thread, e.g. inside a brain)."""
        ws = self.ws
        if ws is None or ws.closed:
            return
        self.sent += 1
        if isinstance(message, bytes):
            sending = asyncio.ensure_future(ws.send_bytes(message))
        else:
            text = message if isinstance(message, str) else json.dumps(message)
            sending = asyncio.ensure_future(ws.send_str(text))
        self.sending.add(sending)  # (the loop holds its tasks only weakly)
        sending.add_done_callback(self.sending.discard)


class Phones:
    """Several simulated phones on one background thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="test-phones")
        self.thread.start()
        self.session: aiohttp.ClientSession | None = self.call(self.make_session())
        self.phones: dict[int, Phone] = {}
        self.errors: list[str] = []

    async def make_session(self) -> aiohttp.ClientSession:
        return aiohttp.ClientSession()

    def call(self, coroutine, timeout: float = 10.0):
        """Run a coroutine on the phones' loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def connect(self, seat: int, join_url: str, brain: Callable | None = None, secret: str = "") -> Phone:
        """Open a phone's socket and join (raises aiohttp.WSServerHandshakeError when refused);
        secret: the device secret of a phone that joined before ("" for a new phone)."""
        phone = Phone(seat, socket_url(join_url), brain, secret)
        self.call(self.open_socket(phone))
        self.phones[seat] = phone
        return phone

    async def open_socket(self, phone: Phone) -> None:
        assert self.session is not None
        phone.ws = await self.session.ws_connect(phone.url)
        await phone.ws.send_str(json.dumps({"t": "join", "device": phone.secret}))
        phone.listening = asyncio.ensure_future(self.listen(phone))

    async def listen(self, phone: Phone) -> None:
        ws = phone.ws
        try:
            async for message in ws:
                if message.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(message.data)
                phone.received.append(data)
                if data.get("t") == "state":
                    phone.state = data
                elif data.get("t") == "hello":
                    phone.hello = data
                elif data.get("t") == "welcome":
                    phone.secret = data["device"]
                if phone.brain is not None and data.get("t") == "state":
                    try:
                        phone.brain(phone, data)
                    except Exception as error:  # noqa: BLE001 - reported by the test
                        self.errors.append(repr(error))
        finally:
            phone.closed_code = ws.close_code

    def send(self, seat: int, message) -> None:
        """Send from the test's thread."""
        phone = self.phones[seat]
        self.loop.call_soon_threadsafe(phone.send, message)

    def close(self) -> None:
        """Close every socket and stop the thread."""

        async def shut():
            for phone in self.phones.values():
                if phone.ws is not None:
                    await phone.ws.close()
            if self.session is not None:
                await self.session.close()

        try:
            self.call(shut())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)


def wait_for(
    condition: Callable[[], bool], seconds: float = 10.0, step: Callable[[], None] | None = None
) -> bool:
    """Wait (stepping the game, if step is given) until condition() holds; False on time out."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        if step is not None:
            step()
        time.sleep(0.002)
    return condition()


def revealed_cards(monkeypatch) -> set[str]:
    """Every card any table turns face up from now on (and "*F" once a Fakó joker is exposed):
    what all may see, filled in as the games are played."""
    from bluffhouse.game.events import CardsRevealed, FakoExposed

    public: set[str] = set()
    real_apply = Table.apply

    def apply(table, action):
        events = real_apply(table, action)
        for event in events:
            if isinstance(event, CardsRevealed):
                public.update(str(c) for c in event.cards)
            elif isinstance(event, FakoExposed):
                public.add("*F")
        return events

    monkeypatch.setattr(Table, "apply", apply)
    return public


def strings(value) -> list[str]:
    """Every string anywhere in a JSON value (keys included)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (k, *strings(v))]
    if isinstance(value, list):
        return [s for item in value for s in strings(item)]
    return []


def cards_in(message: dict) -> set[str]:
    """Every card a message names: as a value of its own, or written inside a text."""
    found = set()
    for text in strings(message):
        if CARD.fullmatch(text):
            found.add(text)
        else:
            found.update(CARD_IN_TEXT.findall(text))
    return found


PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def unfilled(message: dict) -> list[str]:
    """Every text a message carries with a placeholder left in it ("{name} rerolled {n} dice");
    the page's own words in a hello keep theirs, for the page to fill in."""
    if message.get("t") == "hello":
        message = {key: value for key, value in message.items() if key != "texts"}
    return [text for text in strings(message) if PLACEHOLDER.search(text)]


def dice_lists(value) -> list[tuple[int, ...]]:
    """Every list of five dice faces anywhere in a JSON value."""
    out = []
    if isinstance(value, list):
        if len(value) == 5 and all(type(v) is int and 1 <= v <= 6 for v in value):
            out.append(tuple(value))
        for item in value:
            out += dice_lists(item)
    elif isinstance(value, dict):
        for item in value.values():
            out += dice_lists(item)
    return out


class Blip:
    """A TCP relay between a phone and the game that can lose the Wi-Fi as a party's does: packets
    dropped, never refused. `drop()` makes every connection open now go silent for good (nothing
    forwarded, nothing closed: a phone whose screen went off, or whose network changed, learns of
    it from nobody); `cut()` does that and swallows every new connection too until `restore()`
    (a socket opening meanwhile hangs, as it does on a dead network); then new ones pass.
    `slow`: seconds every connection waits before it reaches the game (a door crowded by
    strangers)."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="test-blip")
        self.thread.start()
        self.dead: set[int] = set()  # generations of connections that lost their network
        self.generation = 0
        self.down = False
        self.passed = 0  # connections relayed to the game
        self.slow = 0.0
        self.swallowed = 0  # connections that reached nobody
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self.relay, "127.0.0.1", 0), self.loop
        ).result(5)
        self.port = self.server.sockets[0].getsockname()[1]

    def drop(self) -> None:
        """Every connection open now goes silent, forever."""
        self.dead.add(self.generation)
        self.generation += 1

    def cut(self) -> None:
        """The network goes: what is open goes silent, and what opens meanwhile reaches nobody."""
        self.down = True
        self.drop()

    def restore(self) -> None:
        """The network is back: new connections pass (those it swallowed stay dead)."""
        self.down = False

    async def relay(self, reader, writer) -> None:
        try:
            if self.down:
                self.swallowed += 1
                while await reader.read(65536):
                    pass  # the bytes go nowhere, and nobody is told
                return
            generation = self.generation
            first = await reader.read(65536)
            await asyncio.sleep(self.slow)
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
            self.passed += 1
            up_writer.write(first)

            async def pipe(source, sink):
                while True:
                    data = await source.read(65536)
                    if generation in self.dead:
                        await asyncio.sleep(3600)  # the bytes go nowhere, and nobody is told
                    if not data:
                        break
                    sink.write(data)
                    await sink.drain()
                sink.close()

            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer), return_exceptions=True)
        except (asyncio.CancelledError, ConnectionError, OSError):
            writer.close()

    def close(self) -> None:
        """Stop relaying."""

        async def shut():
            self.server.close()
            tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        try:
            asyncio.run_coroutine_threadsafe(shut(), self.loop).result(5)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)


@pytest.fixture
def app(tmp_path, monkeypatch):
    """An App at its menu whose phone server listens on 127.0.0.1 only, closed afterwards."""
    from kit import new_app

    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "127.0.0.1")
    monkeypatch.setenv("BLUFFHOUSE_PHONES_PORT", "0")
    app = new_app(tmp_path, monkeypatch, seed=3)
    yield app
    pygame.event.clear()
    app.phones.close(wait=5)


@pytest.fixture
def local(monkeypatch):
    """The phone server on 127.0.0.1, on any free port."""
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "127.0.0.1")
    monkeypatch.setenv("BLUFFHOUSE_PHONES_PORT", "0")


@pytest.fixture
def hub(local):
    """A PhoneHub (no App) with phone seats 0 "Ana" and 2 "Ben", its presses kept in hub.presses."""
    from bluffhouse.scenes.phones.hub import PhoneHub

    presses: list = []
    hub = PhoneHub(presses.append)
    hub.presses = presses
    hub.open({0: "Ana", 2: "Ben"})
    assert wait_for(lambda: hub.phase != "starting")
    assert hub.phase == "ready"
    yield hub
    hub.close(wait=5)


@pytest.fixture
def phones():
    """Simulated phones, closed afterwards."""
    phones = Phones()
    yield phones
    phones.close()


def get(phones: Phones, url: str, headers: dict | None = None) -> tuple[int, dict, str]:
    """(status, headers, body) of a GET."""

    async def fetch():
        async with phones.session.get(url, headers=headers or {}) as response:
            return response.status, dict(response.headers), await response.text()

    return phones.call(fetch())


def refused(phones: Phones, url: str, headers: dict | None = None) -> int:
    """The HTTP status a WebSocket handshake was refused with (0 when it was accepted)."""

    async def attempt():
        try:
            ws = await phones.session.ws_connect(url, headers=headers or {})
        except aiohttp.WSServerHandshakeError as error:
            return error.status
        await ws.close()
        return 0

    return phones.call(attempt())


def kinds(phone: Phone) -> list[str]:
    """The kinds of message a phone received, in order."""
    return [message["t"] for message in phone.received]


# -- games with phone seats ----------------------------------------------------------------------

EVENING = Pace(dt=1 / 20)  # the phone tests' frames


class Polite:
    """A computer player who plays its first card, lets a last card stand, and never challenges."""

    def choose(self, view):
        return Accept(view.seat) if view.must_answer else Play(view.seat, [view.hand[0]])

    def wants_challenge(self, view) -> bool:
        return False


def ana_and_a_computer(app, hands=None, first: int = 0) -> tuple[TableScene, GameSetup]:
    """Ana on her phone (seat 0) against a Polite computer player; a known deal when hands."""
    rules = Rules.bullets(players=2, challenge_window=0.5)
    setup = GameSetup(rules, [SeatSpec("Ana", True, phone=True), bot_seat(1)], seed=4)
    table = Table.from_hands(rules, hands, first=first) if hands else None
    scene = TableScene(app, setup, table=table, bots={1: Polite()})
    app.stack.push(scene)
    app.stack.apply()
    assert wait_for(lambda: app.phones.phase == "ready", 10)
    return scene, setup


def duel_of(app, seats: list[SeatSpec], points: int, seed: int):
    """A duel of these seats on the screen, its phone server listening."""
    scene = DuelScene(app, GameSetup(Rules.duel(points_to_win=points), seats, seed=seed))
    app.stack.push(scene)
    app.stack.apply()
    assert wait_for(lambda: app.phones.phase == "ready", 10)
    return scene


def duel_brain(seed: int):
    """A phone duellist: content with its roll, proposes the truth or the lowest claim, doubts sometimes."""
    rng = random.Random(seed)

    def brain(phone, state) -> None:
        serial = state["serial"]
        # waiting, or at the results (a real page's Play again: test_phone_duel_page.py)
        if ("act", serial) in phone.acted or state.get("lobby") or state.get("results"):
            return
        if state["can_next"]:
            phone.acted.add(("act", serial))
            phone.send({"t": "next"})
        elif state["moods"]:
            phone.acted.add(("act", serial))
            phone.send({"t": "declare", "mood": rng.choice(state["moods"])})
        elif state["can_challenge"] and (state["must_challenge"] or rng.random() < 0.3):
            phone.acted.add(("act", serial))
            phone.send({"t": "challenge"})
        elif state["can_reroll"] and state["rerolls_left"] == 2 and rng.random() < 0.3:
            phone.acted.add(("act", serial))
            phone.send({"t": "reroll", "keep": sorted(rng.sample(range(5), 2))})
        elif state["can_propose"]:
            phone.acted.add(("act", serial))
            claims = phone.hello["claims"]
            index = (
                state["mine"]
                if state["mine"] is not None
                else min(len(claims) - 1, state["low"] + rng.randrange(3))
            )
            phone.send({"t": "propose", "dice": claims[index][0]})

    return brain


class Waiting:
    """A computer player who never moves nor doubts (so the test decides who acts)."""

    def choose(self, view):
        raise AssertionError("the test's table never asks this seat to play")

    def wants_challenge(self, view) -> bool:
        return False


def mixed_table(app, hands, first: int, rules=None, bot=None):
    """Seat 0 a computer, seat 1 on a phone, seat 2 a person at the keyboard (keys Z / X)."""
    rules = rules or Rules.bullets(players=3, challenge_window=1.0)
    bind_people(app, [2])
    seats = [
        bot_seat(0),
        SeatSpec("Ana", True, phone=True),
        SeatSpec("Ben", True, challenge_key=key_name(pygame.K_z), peek_key=key_name(pygame.K_x)),
    ]
    table = Table.from_hands(rules, hands, first=first)
    scene = TableScene(app, GameSetup(rules, seats, seed=1), table=table, bots={0: bot or Waiting()})
    app.stack.push(scene)
    app.stack.apply()
    EVENING.step(app, 80)  # the deal is shown
    return scene, table


def phone_seat(name: str) -> SeatSpec:
    return SeatSpec(name, True, phone=True)


def open_phones(app, setup) -> dict[int, str]:
    names = {s: spec.name for s, spec in enumerate(setup.seats) if spec.phone}
    app.phones.open(names)
    assert wait_for(lambda: app.phones.phase != "starting", 10)
    assert app.phones.phase == "ready", app.phones.trouble()
    return names


def card_brain(seed: int):
    """A phone player who plays what the rank asks when it can, else one card, and doubts sometimes."""
    rng = random.Random(seed)

    def brain(phone, state) -> None:
        serial = state["serial"]
        if state.get("lobby") or state.get("results"):
            return  # no game on its screen yet, or the game is over
        if state["can_challenge"] and ("doubt", serial) not in phone.acted:
            phone.acted.add(("doubt", serial))
            if rng.random() < (0.5 if state["can_accept"] else 0.12):
                phone.send({"t": "challenge"})
                return
        if state["can_accept"] and ("accept", serial) not in phone.acted:
            phone.acted.add(("accept", serial))
            phone.send({"t": "accept"})
        elif state["can_play"] and state["wait"] <= 0 and ("play", serial) not in phone.acted:
            phone.acted.add(("play", serial))
            hand = state["hand"]
            same = [c for c in hand if c[:-1] == state["rank"] or c == "*S"][:4]
            plain = [c for c in hand if c != "*F"]
            cards = same or ([rng.choice(plain)] if plain else ["*F"])
            phone.send({"t": "play", "cards": cards})

    return brain
