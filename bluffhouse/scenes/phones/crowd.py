"""The audience's sockets, on the server's thread: who watches, their device secrets, what each is sent.

No pygame and nothing of the game. The evening has one audience link (a token like a seat's,
128 random bits): the join screen and the pause's Phones show its code, and a device that finds
its seat taken is offered it. A device that opens it and says "join" watches: the first time it
is given a device secret (a reload, or a phone back after a blip, comes back as the same
watcher, its votes and its score kept); at most `cap` watch at once, and one more is told the
audience is full (close 4007). A watcher is sent only what the game publishes for the audience
(what the TV shows) and its own vote; what it sends — a vote, its name, a seat asked for at the
results, a ping — is checked by protocol.parse_watch and handed to the game's thread as news
(`heard`), never to the input layer: votes never reach the engine.

Watchers count in the gate's budget as trusted connections, but the audience is never let fill
it: `room(total)` keeps places for every seat's phone and for pages loading (gate.py).
"""

from __future__ import annotations

import asyncio
import collections
import hmac
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aiohttp import WSMsgType, web

from bluffhouse.scenes.phones import protocol
from bluffhouse.scenes.phones.devices import CLOSE_AGAIN, CLOSE_GONE, Bucket, Link, new_secret, new_token
from bluffhouse.scenes.phones.protocol import Bad, Code, Message

if TYPE_CHECKING:
    from bluffhouse.scenes.phones.devices import Book
    from bluffhouse.scenes.phones.server import PhoneServer

MAX_AUDIENCE = 32  # watchers at once (the TV shows how many)
KEEP_FOR_SEATS = 16  # gate places never given to the audience: eight seats' phones and page loads
CLOSE_FULL = 4007  # "the audience is full"
CLOSE_SEATED = 4008  # the watcher took a seat: its page opens that seat's link
WATCH_RATE, WATCH_BURST = 4.0, 8  # messages a second per watcher, sustained and at once
HEARD = 1024  # watchers' messages waiting for the game's thread; the oldest go first


def room(total: int) -> int:
    """How many may watch at once with a gate of `total` places."""
    return max(0, min(MAX_AUDIENCE, total - KEEP_FOR_SEATS))


@dataclass(eq=False)
class Watcher:
    """One watching device: its number in the audience (1, 2, …), its secret, its live link."""

    number: int
    secret: str
    link: Link | None = None
    state: str | None = None  # the latest state it was sent, for a reconnection
    bucket: Bucket = field(default_factory=lambda: Bucket(WATCH_RATE, WATCH_BURST))


@dataclass(frozen=True, slots=True)
class Heard:
    """A watcher's message for the game's thread: whose (its number), and what (protocol.Watch)."""

    number: int
    watch: protocol.Watch


class Crowd:
    """The evening's audience link and its watchers (the server's thread only, but for the
    snapshots `here` and the `heard` queue, which the game's thread reads)."""

    def __init__(
        self, close: Callable[[Link, int, Message], None], cap: int = MAX_AUDIENCE, book: Book | None = None
    ) -> None:
        """close(link, code, last): say last, then close; cap: watchers at once; book: the seats'
        join links (devices.Book), where a watcher who takes a seat is given its own."""
        self.token = new_token()
        self.close = close
        self.cap = cap
        self.book = book
        self.watchers: dict[int, Watcher] = {}
        self.next_number = 1
        self.hello: str | None = None
        self.here: frozenset[int] = frozenset()  # the watchers connected now (replaced whole)
        self.heard: collections.deque[Heard] = collections.deque(maxlen=HEARD)

    def join(self, link: Link, secret: str) -> Watcher | None:
        """A socket said "join": the same watcher again, a new one, or None (the audience is full)."""
        said = secret.encode()
        known = [w for w in self.watchers.values() if said and hmac.compare_digest(said, w.secret.encode())]
        watcher = known[0] if known else None
        if watcher is None:
            if len(self.here) >= self.cap:
                return None
            watcher = Watcher(self.next_number, new_secret())
            self.next_number += 1
            self.watchers[watcher.number] = watcher
            link.outbox.append(protocol.encode({"t": "welcome", "device": watcher.secret}))
        old, watcher.link = watcher.link, link
        if old is not None:
            self.close(old, CLOSE_AGAIN, {"t": "again"})
        if self.hello is not None:
            link.outbox.append(self.hello)
        link.state = watcher.state
        link.wake.set()
        self._count()
        return watcher

    def gone(self, watcher: Watcher, link: Link) -> None:
        """A watcher's socket closed (a newer one of the same device may have taken its place)."""
        if watcher.link is link:
            watcher.link = None
            self._count()

    def leave(self, number: int, code: int = CLOSE_GONE, last: Message | None = None) -> None:
        """A watcher leaves the audience for good: its socket is told last, then closes."""
        watcher = self.watchers.pop(number, None)
        if watcher is not None and watcher.link is not None:
            self.close(watcher.link, code, last or {"t": "bye"})
        self._count()

    def seat(self, number: int, token: str) -> None:
        """A watcher takes a seat (at the results, a free one): it becomes the first phone of that
        seat's link — its device secret is made here and handed over with the link's address,
        so no other device can bind it — and leaves the audience."""
        place = self.book.places.get(token) if self.book is not None else None
        if place is None or place.secret is not None or number not in self.watchers:
            return
        place.secret = new_secret()
        self.leave(number, CLOSE_SEATED, {"t": "seated", "path": f"/p/{token}", "device": place.secret})

    def _count(self) -> None:
        self.here = frozenset(n for n, w in self.watchers.items() if w.link is not None)

    def greet(self, message: Message) -> None:
        """What every watcher is sent first on every connection (the page's words)."""
        self.hello = text = protocol.encode(message)
        for watcher in self.watchers.values():
            if watcher.link is not None:
                watcher.link.outbox.append(text)
                watcher.link.wake.set()

    def publish(self, number: int, message: Message) -> None:
        """A watcher's state (kept for a reconnection) or notice."""
        watcher = self.watchers.get(number)
        if watcher is None:
            return
        text = protocol.encode(message)
        link = watcher.link
        if message.get("t") == "state":
            watcher.state = text
            if link is not None:
                link.state = text
        elif link is not None:
            link.outbox.append(text)
        if link is not None:
            link.wake.set()

    def links(self) -> list[Link]:
        """Every watcher's open socket."""
        return [w.link for w in self.watchers.values() if w.link is not None]


async def watch(server: PhoneServer, request: web.BaseRequest) -> web.StreamResponse:
    """An audience socket: join, then read its messages until it closes (server.py's twin of a
    seat's socket, with the audience's own rules)."""
    origin = request.headers.get("Origin")
    if origin is not None and origin != f"http://{request.headers.get('Host')}":
        return web.Response(status=403)
    crowd: Crowd = server.crowd
    ws = web.WebSocketResponse(
        max_msg_size=protocol.MAX_BYTES * 4, heartbeat=6.0, compress=False, autoping=False, timeout=1.0
    )
    await ws.prepare(request)
    link = Link(crowd.token, ws, wake=asyncio.Event(), address=request.remote or "")
    secret = await server._join_words(ws)
    watcher = crowd.join(link, secret) if secret is not None else None
    if watcher is None:
        last, code = ({"t": "full"}, CLOSE_FULL) if secret is not None else ({"t": "bye"}, CLOSE_GONE)
        await ws.send_str(protocol.encode(last))
        await ws.close(code=code)
        return ws
    server.gate.trust(request.transport)
    writer = asyncio.ensure_future(server._write(link))
    try:
        async for message in ws:
            if message.type in (WSMsgType.PING, WSMsgType.PONG):
                if watcher.bucket.allow() and message.type is WSMsgType.PING:
                    await ws.pong(message.data)
                continue
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                break  # a close, or an error (over the size cap)
            if crowd.watchers.get(watcher.number) is not watcher:
                break  # it left the audience (took a seat)
            server.received += 1
            if not watcher.bucket.allow():
                server.refused += 1
                if watcher.bucket.may_complain():
                    server._reply(link, protocol.error(Code.RATE))
                continue
            said = protocol.parse_watch(message.data)
            if isinstance(said, Bad):
                server.refused += 1
                server._reply(link, protocol.error(said.code))
            elif said.kind == "ping":
                server._reply(link, {"t": "pong", "n": said.value})
            else:
                crowd.heard.append(Heard(watcher.number, said))
    finally:
        writer.cancel()
        crowd.gone(watcher, link)
    return ws
