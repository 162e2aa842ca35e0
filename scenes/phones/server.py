"""PhoneServer: the small HTTP + WebSocket server phones join, on its own thread and asyncio loop.

No pygame here, and nothing of the game: the server knows seats, their tokens and their
connections. What a phone sends is checked by scenes.phones.protocol where it enters and, when
well formed, handed to `on_press` (the hub turns it into a pygame event for the input layer).
What a phone receives is only what the game thread published for that seat.

Security, in the order a request meets it:
- it listens only on one local-network (or loopback) address, and refuses peers outside the
  private, link-local and loopback ranges;
- the page and the socket need the seat's token (128 random bits, fresh every open()); an
  unknown or old token gets 403 and nothing else;
- one live connection per seat: a newer one replaces the older, which is told and closed;
- every message: size cap, JSON shape and types, its seat, a rate limit per seat; a bad one
  gets an error reply (themselves rate limited) and changes nothing;
- nothing is logged with a token in it, no compression (no inflating bombs), bounded outboxes.
"""

from __future__ import annotations

import asyncio
import collections
import errno
import ipaddress
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web

from scenes.phones import protocol
from scenes.phones.protocol import Bad, Code, Press
from scenes.ui.assets import ASSETS

PAGE_DIR = ASSETS / "phone"  # the phone page: index.html, phone.css, phone.js
TOKEN_BYTES = 16  # 128 bits, written as 22 URL-safe characters
TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")
DEVICE = re.compile(r"[0-9a-f]{16}")
RATE, BURST = 10.0, 20  # messages a second per seat, sustained and at once
ERROR_EVERY = 0.5  # seconds between two "rate_limited" replies
HARD_CAP = 64 * 1024  # a frame above this closes the connection (1009); above MAX_BYTES: a reply
MAX_CONNECTIONS = 32
OUTBOX = 32  # replies and notices waiting for a slow phone; the oldest go first
HEARTBEAT = 6.0  # a phone that stops answering pings is away after about this long
CLOSE_REPLACED = 4001  # "another device took over this seat"
CLOSE_GONE = 4002  # the game ended (or this seat's token is no longer valid)
STATIC = {"phone.css": "text/css", "phone.js": "text/javascript", "favicon.svg": "image/svg+xml"}
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}


class Trouble:
    """Why the server could not start (the hub says it in words on the screen)."""

    PORT_IN_USE = "port_in_use"
    NO_NETWORK = "no_network"
    NOT_LOCAL = "not_local"
    NOT_ALLOWED = "not_allowed"
    OTHER = "other"


def new_token() -> str:
    """A fresh random token of TOKEN_BYTES (128 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def local_peer(address: str | None) -> bool:
    """Whether a peer's address is on a local network (private, link-local or loopback)."""
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_private or ip.is_link_local or ip.is_loopback


class Bucket:
    """A token bucket: RATE messages a second on average, BURST at once."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock: Callable[[], float] = time.monotonic):
        """A full bucket."""
        self.rate, self.burst, self.clock = rate, burst, clock
        self.level = float(burst)
        self.at = clock()
        self.last_error = -1e9

    def allow(self) -> bool:
        """Take one message's worth; False when the seat is sending too fast."""
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1:
            self.level -= 1
            return True
        return False

    def may_complain(self) -> bool:
        """Whether a "rate_limited" reply may go out now (at most one every ERROR_EVERY)."""
        now = self.clock()
        if now - self.last_error >= ERROR_EVERY:
            self.last_error = now
            return True
        return False


@dataclass(eq=False)
class Link:
    """One phone's live connection: its socket, device and what waits to be sent to it."""

    seat: int
    ws: web.WebSocketResponse
    device: str
    outbox: collections.deque = field(default_factory=lambda: collections.deque(maxlen=OUTBOX))
    state: str | None = None  # the latest state, sent once; a newer one replaces it unsent
    wake: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the television may tell the room: kind is "joined", "back", "away" or "replaced"."""

    kind: str
    seat: int


class PhoneServer:
    """Serves the phone page and one WebSocket per phone seat, beside the game's own loop."""

    def __init__(self, page_dir: Path, on_press: Callable[[Press], None],
                 notices: collections.deque | None = None) -> None:  # fmt: skip
        """page_dir: the page's files; on_press: called (on the server's thread) with each
        well-formed press; notices: where connection news go for the game thread."""
        self.page_dir = page_dir
        self.on_press = on_press
        self.notices: collections.deque = notices if notices is not None else collections.deque(maxlen=256)
        self.ready = threading.Event()
        self.trouble: str | None = None
        self.detail = ""
        self.host = ""
        self.port = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.tokens: dict[str, int] = {}  # token -> seat (replaced whole, read from both threads)
        self.status: dict[int, str] = {}  # seat -> "waiting" | "connected" | "away"
        self.rate, self.burst = RATE, BURST  # each seat's rate limit
        self.received = 0  # every frame a phone sent, counted on the server's thread
        self.refused = 0  # those answered with an error
        self._links: dict[int, Link] = {}
        self.buckets: dict[int, Bucket] = {}  # each seat's rate limit, kept across its reconnections
        self._devices: dict[int, str] = {}  # the last device each seat was played from
        self._states: dict[int, str] = {}  # the latest state of each seat, for (re)connections
        self._hellos: dict[int, str] = {}
        self._connections = 0
        self._posted: collections.deque = collections.deque()  # (fn, args) for the server's thread
        self._waking = False  # a wake-up of the server's loop is on its way
        self._stopping: asyncio.Event | None = None
        self._page = b""
        self.words: dict[str, str] = {}  # the page's words in the game's language (replaced whole)

    # -- the game thread's side ------------------------------------------------------------

    def start(self, host: str, port: int, fallback: bool = True) -> None:
        """Bind host:port (or, when that port is taken and fallback, any free port) on a new
        thread; `ready` is set once it listens or has failed (see trouble)."""
        self._page = (self.page_dir / "index.html").read_bytes()
        self.thread = threading.Thread(target=self._run, args=(host, port, fallback),
                                       name="bluffhouse-phones", daemon=True)  # fmt: skip
        self.thread.start()

    def stop(self, wait: float = 0.0) -> None:
        """Say goodbye to every phone and stop listening; wait: seconds to wait for the thread."""
        loop, stopping = self.loop, self._stopping
        self.tokens = {}
        if loop is not None and stopping is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stopping.set)
            except RuntimeError:
                pass  # the loop already ended
        if wait and self.thread is not None:
            self.thread.join(wait)

    @property
    def running(self) -> bool:
        """Listening now."""
        return self.ready.is_set() and self.trouble is None and self.thread is not None \
            and self.thread.is_alive()  # fmt: skip

    def set_tokens(self, tokens: dict[int, str]) -> None:
        """seat -> token for this game; connections with any other token are closed."""
        self.tokens = {token: seat for seat, token in tokens.items()}
        self.status = {seat: "waiting" for seat in tokens}
        self._call(self._drop_stale)

    def publish(self, seat: int, message: dict) -> None:
        """Send a seat's phone a message (a state replaces an older unsent one); any thread.

        The message is written as JSON on the server's thread: the caller must not change it."""
        self._post(self._publish, seat, message)

    def hello(self, seat: int, message: dict) -> None:
        """What a seat's phone is sent first on every connection (texts, names)."""
        self._post(self._hello, seat, message)

    def _post(self, fn, *args) -> None:
        """Queue work for the server's thread; one wake-up carries all a frame queued (eight
        phones' states are one system call for the game's thread, not eight)."""
        self._posted.append((fn, args))
        if not self._waking:
            self._waking = True  # first: the loop may run _run_posted before _call returns
            if not self._call(self._run_posted):
                self._waking = False  # no loop yet: _serve runs what waits once it listens

    def _run_posted(self) -> None:
        self._waking = False  # before draining: anything queued from now on wakes the loop again
        while self._posted:
            fn, args = self._posted.popleft()
            fn(*args)

    def _call(self, fn, *args) -> bool:
        """Run fn(*args) on the server's thread soon; False when its loop is not running."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return False
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            return False  # the loop closed meanwhile: nobody to send to
        return True

    # -- the server's thread -----------------------------------------------------------------

    def _run(self, host: str, port: int, fallback: bool) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self._serve(host, port, fallback))
        except Exception as error:  # noqa: BLE001 - whatever it was, the game goes on without phones
            self._fail(Trouble.OTHER, repr(error))
        finally:
            self.status = {}
            self.ready.set()
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    def _fail(self, trouble: str, detail: str) -> None:
        if self.trouble is None and not self.ready.is_set():
            self.trouble, self.detail = trouble, detail
        self.ready.set()

    async def _serve(self, host: str, port: int, fallback: bool) -> None:
        self._stopping = asyncio.Event()
        app = web.Application(client_max_size=4096)
        app.router.add_get("/p/{token}", self._page_for)
        app.router.add_get("/ws/{token}", self._socket)
        app.router.add_get("/s/{name}", self._static)
        app.router.add_get("/", self._nothing)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await runner.setup()
        try:
            for attempt in ((port, 0) if fallback and port else (port,)):
                try:
                    site = web.TCPSite(runner, host, attempt, reuse_address=True)
                    await site.start()
                    break
                except OSError as error:
                    if error.errno == errno.EADDRINUSE and attempt != 0 and fallback:
                        continue
                    self._fail(_trouble(error), f"{host}:{attempt}: {error.strerror or error}")
                    return
            bound = [address for address in runner.addresses if isinstance(address, tuple)]
            self.host, self.port = host, bound[0][1] if bound else attempt
            self._run_posted()  # what was published before the loop ran
            self.ready.set()
            await self._stopping.wait()
            for link in list(self._links.values()):
                await _close(link.ws, CLOSE_GONE, {"t": "bye"})
        finally:
            await runner.cleanup()

    async def _nothing(self, request: web.Request) -> web.Response:
        return web.Response(status=404, text="", headers=HEADERS)

    def _refuse(self, request: web.Request) -> web.Response | None:
        """403 for a peer off the local network, a bad token, or too many connections."""
        if not local_peer(request.remote):
            return web.Response(status=403, text="", headers=HEADERS)
        token = request.match_info.get("token", "")
        if not TOKEN.fullmatch(token) or token not in self.tokens:
            return web.Response(status=403, text="", headers=HEADERS)
        return None

    async def _page_for(self, request: web.Request) -> web.Response:
        refusal = self._refuse(request)
        if refusal is not None:
            return refusal
        page = page_with_words(self._page, self.words)  # the words of the moment (the Options may switch)
        return web.Response(body=page, content_type="text/html", charset="utf-8", headers=HEADERS)

    async def _static(self, request: web.Request) -> web.StreamResponse:
        if not local_peer(request.remote):
            return web.Response(status=403, text="", headers=HEADERS)
        name = request.match_info.get("name", "")
        if name not in STATIC:  # a fixed list: no path ever comes from the request
            return web.Response(status=404, text="", headers=HEADERS)
        body = (self.page_dir / name).read_bytes()
        return web.Response(body=body, content_type=STATIC[name], headers=HEADERS)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        refusal = self._refuse(request)
        if refusal is not None:
            return refusal
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"http://{request.host}":
            return web.Response(status=403, text="", headers=HEADERS)  # another site's page
        if self._connections >= MAX_CONNECTIONS:
            return web.Response(status=503, text="", headers=HEADERS)
        token = request.match_info["token"]
        seat = self.tokens[token]
        device = request.query.get("d", "")
        device = device if DEVICE.fullmatch(device) else ""
        ws = web.WebSocketResponse(max_msg_size=HARD_CAP, heartbeat=HEARTBEAT, compress=False)
        await ws.prepare(request)
        self._connections += 1
        link = Link(seat, ws, device)
        try:
            await self._take_seat(link)
            writer = asyncio.ensure_future(self._write(link))
            try:
                await self._read(link, token)
            finally:
                writer.cancel()
        finally:
            self._connections -= 1
            if self._links.get(seat) is link:
                del self._links[seat]
                if seat in self.status:
                    self._set_status(seat, "away")
        return ws

    async def _take_seat(self, link: Link) -> None:
        seat = link.seat
        old = self._links.get(seat)
        last = self._devices.get(seat)
        self._links[seat] = link
        self._devices[seat] = link.device
        if old is not None:
            await _close(old.ws, CLOSE_REPLACED, {"t": "replaced"})
        same = bool(link.device) and link.device == last  # a reload, or back after a blip
        if not same and (old is not None or last is not None):
            self.notices.append(Notice("replaced", seat))  # "another device took this seat"
        elif last is None:
            self.notices.append(Notice("joined", seat))
        else:
            self.notices.append(Notice("back", seat))
        self._set_status(seat, "connected")
        if seat in self._hellos:
            link.outbox.append(self._hellos[seat])
        link.state = self._states.get(seat)
        link.wake.set()

    def _set_status(self, seat: int, status: str) -> None:
        before = self.status.get(seat)
        self.status = {**self.status, seat: status}
        if status == "away" and before == "connected":
            self.notices.append(Notice("away", seat))

    async def _read(self, link: Link, token: str) -> None:
        ws, seat = link.ws, link.seat
        async for message in ws:
            bucket = self.buckets.get(seat) or self.buckets.setdefault(seat, Bucket(self.rate, self.burst))
            if self.tokens.get(token) != seat:
                break  # the game ended or started anew meanwhile
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                break  # ERROR (e.g. over HARD_CAP: aiohttp closes with 1009) or a close
            self.received += 1
            if not bucket.allow():
                self.refused += 1
                if bucket.may_complain():
                    self._reply(link, protocol.error(Code.RATE))
                continue
            parsed = protocol.parse(message.data, seat)
            if isinstance(parsed, Bad):
                self.refused += 1
                self._reply(link, protocol.error(parsed.code, parsed.id))
            elif parsed.kind == "ping":
                self._reply(link, {"t": "pong", "n": parsed.value})
            else:
                self.on_press(parsed)

    def _reply(self, link: Link, message: dict) -> None:
        link.outbox.append(protocol.encode(message))
        link.wake.set()

    async def _write(self, link: Link) -> None:
        ws = link.ws
        try:
            while not ws.closed:
                await link.wake.wait()
                link.wake.clear()
                while link.outbox or link.state is not None:
                    if link.outbox:
                        text = link.outbox.popleft()
                    else:
                        text, link.state = link.state, None
                    await ws.send_str(text)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            return

    def _publish(self, seat: int, message: dict) -> None:
        text, state = protocol.encode(message), message.get("t") == "state"
        if state:
            self._states[seat] = text
        link = self._links.get(seat)
        if link is None:
            return
        if state:
            link.state = text
        else:
            link.outbox.append(text)
        link.wake.set()

    def _hello(self, seat: int, message: dict) -> None:
        text = self._hellos[seat] = protocol.encode(message)
        link = self._links.get(seat)
        if link is not None:
            link.outbox.append(text)
            link.wake.set()

    def _drop_stale(self) -> None:
        """New tokens: forget the last game's seats and close their connections."""
        self._states.clear()
        self._hellos.clear()
        self._devices.clear()
        self.buckets.clear()
        for seat, link in list(self._links.items()):
            del self._links[seat]
            asyncio.ensure_future(_close(link.ws, CLOSE_GONE, {"t": "bye"}))


WORDS = b'<script type="application/json" id="words">{}</script>'


def page_with_words(page: bytes, words: dict[str, str]) -> bytes:
    """The page with its words written in (a JSON block, never run as script): the page speaks
    the game's language from its first moment, before its socket is open."""
    data = protocol.encode(words).replace("<", "\\u003c").encode("utf-8")
    lang = str(words.get("lang", "en")).encode("ascii", "replace")[:8]
    page = page.replace(WORDS, WORDS.replace(b"{}", data), 1)
    return page.replace(b'<html lang="en">', b'<html lang="' + lang + b'">', 1)


async def _close(ws: web.WebSocketResponse, code: int, last: dict) -> None:
    """Tell a phone why, then close its socket (never raises)."""
    try:
        if not ws.closed:
            await ws.send_str(protocol.encode(last))
            await ws.close(code=code)
    except (ConnectionError, RuntimeError):
        pass


def _trouble(error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return Trouble.PORT_IN_USE
    if error.errno in (errno.EADDRNOTAVAIL, errno.ENETUNREACH, errno.ENETDOWN):
        return Trouble.NO_NETWORK
    if error.errno in (errno.EACCES, errno.EPERM):
        return Trouble.NOT_ALLOWED
    return Trouble.OTHER


__all__ = ["Bucket", "Notice", "PhoneServer", "Trouble", "WSCloseCode", "local_peer", "new_token"]
