"""Simulated phones for the tests: real WebSocket clients (aiohttp) against the real server.

The phones live on a thread of their own with their own asyncio loop, as phones live on their
own devices; the game runs frame by frame on the test's thread. A phone's `brain(phone, state)`
decides what to send from the state its seat was sent, and nothing else.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable

import aiohttp
import pygame
import pytest

CARD = re.compile(r"(?:[2-9]|10|[AJQKUO])[SHDCPTZM]|\*[SF]")
CARD_IN_TEXT = re.compile(r"(?<![\w*])(?:(?:[2-9]|10|[AJQKUO])[SHDCPTZM]|\*[SF])(?!\w)")


def socket_url(join_url: str, device: str | None = None) -> str:
    """The WebSocket address behind a join address (http://host:port/p/TOKEN)."""
    url = join_url.replace("/p/", "/ws/", 1)
    return f"{url}?d={device}" if device else url


class Phone:
    """One simulated phone: what it received, and a way to send."""

    def __init__(self, seat: int, url: str, brain: Callable | None, device: str) -> None:
        self.seat, self.url, self.brain, self.device = seat, url, brain, device
        self.received: list[dict] = []
        self.state: dict | None = None
        self.hello: dict | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.closed_code: int | None = None
        self.acted: set = set()  # (serial, what) already answered
        self.sent = 0

    def send(self, message: dict | str | bytes) -> None:
        """Queue a message (only from the phones' thread, e.g. inside a brain)."""
        ws = self.ws
        if ws is None or ws.closed:
            return
        self.sent += 1
        if isinstance(message, bytes):
            asyncio.ensure_future(ws.send_bytes(message))
        else:
            text = message if isinstance(message, str) else json.dumps(message)
            asyncio.ensure_future(ws.send_str(text))


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

    def connect(self, seat: int, join_url: str, brain: Callable | None = None,
                device: str = "0123456789abcdef") -> Phone:  # fmt: skip
        """Open a phone's socket (raises aiohttp.WSServerHandshakeError when refused)."""
        phone = Phone(seat, socket_url(join_url, device), brain, device)
        self.call(self.open_socket(phone))
        self.phones[seat] = phone
        return phone

    async def open_socket(self, phone: Phone) -> None:
        assert self.session is not None
        phone.ws = await self.session.ws_connect(phone.url)
        asyncio.ensure_future(self.listen(phone))

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


def wait_for(condition: Callable[[], bool], seconds: float = 10.0,
             step: Callable[[], None] | None = None) -> bool:  # fmt: skip
    """Wait (stepping the game, if step is given) until condition() holds; False on time out."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        if step is not None:
            step()
        time.sleep(0.002)
    return condition()


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
    """A TCP relay between a phone and the game that can lose the Wi-Fi: `drop()` makes every
    connection open now go silent for good (nothing forwarded, nothing closed: a phone whose
    screen went off, or whose network changed, learns of it from nobody); new ones pass."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="test-blip")
        self.thread.start()
        self.dead: set[int] = set()  # generations of connections that lost their network
        self.generation = 0
        self.server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self.relay, "127.0.0.1", 0), self.loop).result(5)
        self.port = self.server.sockets[0].getsockname()[1]

    def drop(self) -> None:
        """Every connection open now goes silent, forever."""
        self.dead.add(self.generation)
        self.generation += 1

    async def relay(self, reader, writer) -> None:
        generation = self.generation
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)

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

    def close(self) -> None:
        """Stop relaying."""
        self.server.close()
        for task in asyncio.all_tasks(self.loop):
            self.loop.call_soon_threadsafe(task.cancel)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


@pytest.fixture
def app(tmp_path, monkeypatch):
    """An App at its menu whose phone server listens on 127.0.0.1 only, closed afterwards."""
    from scenes.menu import MenuScene
    from scenes.shell.app import App

    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "127.0.0.1")
    monkeypatch.setenv("BLUFFHOUSE_PHONES_PORT", "0")
    app = App(seed=3, home=MenuScene, mute=True)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    pygame.event.clear()
    yield app
    pygame.event.clear()
    app.phones.close(wait=5)
