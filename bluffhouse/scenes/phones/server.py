"""PhoneServer: the small HTTP + WebSocket server phones join, on its own thread and asyncio loop.

No pygame here, and nothing of the game: the server knows join links (devices.Place: a token,
the seat it plays now, the device it belongs to) and their connections. What a phone sends is
checked by scenes.phones.protocol where it enters and, when well formed, handed to `on_press`
(the hub turns it into a pygame event for the input layer). What a phone receives is only what
the game thread published for its link.

Security, in the order a connection meets it:
- it listens only on one local-network (or loopback) address; the gate (gate.py) turns away
  peers off the local network, caps connections in all and per address within the process's
  file limit (when full, a newcomer takes the place of the connection that has shown least of
  being a phone), and cuts any that is not a seated phone within a few seconds;
- every answer carries strict headers and no server banner (web.py); the Host header must be
  the address the game serves, and a socket's Origin that address;
- the page and the socket need a join link's token (128 random bits); an unknown one gets 403;
- a socket first says "join" with its device secret: the link's first phone is given one,
  the same phone comes back with it, and any other device only knocks (devices.py): it gets no
  hand and cannot act unless the television says yes to the code it shows; one question per
  seat, and an address may knock only a few times a minute;
- every message: size cap, JSON shape and types, its seat, a rate limit per seat (pings and the
  WebSocket's own control frames too); a bad one gets an error reply and changes nothing;
- nothing is logged, no compression (no inflating bombs), bounded outboxes;
- the audience's link (crowd.py) watches and votes: it never acts for a seat.
"""

from __future__ import annotations

import asyncio
import collections
import errno
import functools
import logging
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TypeVarTuple

from aiohttp import WSMsgType, web

from bluffhouse.scenes.phones import protocol
from bluffhouse.scenes.phones.crowd import Crowd, room, watch
from bluffhouse.scenes.phones.devices import CLOSE_GONE, TOKEN, Book, Bucket, Link, Notice, new_token
from bluffhouse.scenes.phones.gate import DEADLINE, Gate, listener
from bluffhouse.scenes.phones.protocol import Bad, Code, Message
from bluffhouse.scenes.phones.web import STATIC, Files, GuardedServer, host_of, page_with_words, reply
from bluffhouse.scenes.ui.assets import ASSETS
from bluffhouse.scenes.ui.intents import Press

log = logging.getLogger(__name__)
PAGE_DIR = ASSETS / "phone"  # the phone page: index.html, phone.css, phone.js
HARD_CAP = 64 * 1024  # a frame above this closes the connection (1009); above MAX_BYTES: a reply
HEARTBEAT = 6.0  # a phone that stops answering pings is away after about this long
Ts = TypeVarTuple("Ts")


class Trouble:
    """Why the server could not start (the hub says it in words on the screen)."""

    PORT_IN_USE = "port_in_use"
    NO_NETWORK = "no_network"
    NOT_LOCAL = "not_local"
    NOT_ALLOWED = "not_allowed"
    OTHER = "other"


class PhoneServer:
    """Serves the phone page and one WebSocket per join link, beside the game's own loop."""

    def __init__(
        self,
        page_dir: Path,
        on_press: Callable[[Press], None],
        notices: collections.deque[Notice] | None = None,
    ) -> None:
        """page_dir: the page's files; on_press: called (on the server's thread) with each
        well-formed press of a seated phone; notices: where connection news go for the game."""
        self.page_dir = page_dir
        self.on_press = on_press
        self.notices: collections.deque[Notice] = (
            notices if notices is not None else collections.deque(maxlen=256)
        )
        self.ready = threading.Event()
        self.trouble: str | None = None
        self.detail = ""
        self.host = ""
        self.port = 0
        self.also: set[str] = set()  # other Host values that reach this server (a relay in front of it)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.gate = Gate()
        self.book = Book(self.notices, self._close_later)  # the join links (the server's thread only)
        self.crowd = Crowd(self._close_later, room(self.gate.total), self.book)  # the audience (crowd.py)
        self.book.watch_path = f"/p/{self.crowd.token}"  # offered to a device that finds its seat taken
        self.received = 0  # every frame a phone sent, counted on the server's thread
        self.refused = 0  # those answered with an error, or dropped past the rate limit
        self._posted: collections.deque[Callable[[], object]] = collections.deque()  # for the server's thread
        self._waking = False  # a wake-up of the server's loop is on its way
        self._stopping: asyncio.Event | None = None
        self._files: Files | None = None
        self.tasks: set[asyncio.Task[None]] = (
            set()
        )  # its own tasks, held until they end (see _keep; read only)
        self.words: dict[str, str] = {}  # the page's words in the game's language (replaced whole)

    # -- the game thread's side ------------------------------------------------------------

    def start(self, host: str, port: int, fallback: bool = True) -> None:
        """Bind host:port (or, when that port is taken and fallback, any free port) on a new
        thread; `ready` is set once it listens or has failed (see trouble)."""
        self._files = Files(self.page_dir)
        self.thread = threading.Thread(
            target=self._run, args=(host, port, fallback), name="bluffhouse-phones", daemon=True
        )
        self.thread.start()

    def stop(self, wait: float = 0.0) -> None:
        """Say goodbye to every phone and stop listening; wait: seconds to wait for the thread."""
        loop, stopping = self.loop, self._stopping
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
        return (
            self.ready.is_set()
            and self.trouble is None
            and self.thread is not None
            and self.thread.is_alive()
        )

    def set_places(self, seats: dict[str, int | None]) -> None:
        """The join links of the evening now: token -> the seat it plays in this game (None: not
        in it). A link kept keeps its phone and its device; a link left out is closed for good."""
        self._post(self.book.set_places, dict(seats))

    def publish(self, token: str, message: Message) -> None:
        """Send a link's phone a message (a state replaces an older unsent one); any thread.

        The message is written as JSON on the server's thread: the caller must not change it."""
        self._post(self.book.publish, token, message)

    def hello(self, token: str, message: Message) -> None:
        """What a link's phone is sent first on every connection (texts, names)."""
        self._post(self.book.hello, token, message)

    def move(self, token: str, code: str) -> None:
        """The television said yes to the device showing `code`: it plays this link's seat from
        now on, and the device that had it is told (a device showing another code gets nothing)."""
        self._post(self.book.move, token, code)

    def keep(self, token: str, code: str) -> None:
        """The television said no to the device showing `code`: it is told, and the seat stays."""
        self._post(self.book.keep, token, code)

    def retire(self, token: str) -> None:
        """A link replaced by a new one (a new code for a dead phone): its phone is told it moved."""
        self._post(self.book.retire, token)

    def watchers(self, fn: Callable[[*Ts], object], *args: *Ts) -> None:
        """The audience's side, a method of `crowd` (crowd.Crowd): publish (number, message), greet
        (message), leave (number); seat (number, token): it plays that link's seat from now on."""
        self._post(fn, *args)

    def set_rate(self, rate: float, burst: int) -> None:
        """Each seat's rate limit, from now on (every bucket starts full)."""
        self._post(self.book.refill, rate, burst)

    def _post(self, fn: Callable[[*Ts], object], *args: *Ts) -> None:
        """Queue work for the server's thread; one wake-up carries all a frame queued (eight
        phones' states are one system call for the game's thread, not eight)."""
        self._posted.append(functools.partial(fn, *args))
        if not self._waking:
            self._waking = True  # first: the loop may run _run_posted before _call returns
            if not self._call(self._run_posted):
                self._waking = False  # no loop yet: _serve runs what waits once it listens

    def _run_posted(self) -> None:
        self._waking = False  # before draining: anything queued from now on wakes the loop again
        while self._posted:
            self._posted.popleft()()

    def _call(self, fn: Callable[[*Ts], object], *args: *Ts) -> bool:
        """Run fn(*args) on the server's thread soon; False when its loop is not running."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return False
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            return False  # the loop closed meanwhile: nobody to send to
        return True

    @property
    def status(self) -> dict[str, str]:
        """token -> "waiting" (no phone joined yet), "connected" or "away" (a snapshot)."""
        return self.book.status

    @property
    def asking(self) -> dict[str, str]:
        """The links another device asks to play, and the code each asking device shows (a
        snapshot)."""
        return self.book.asking

    def _close_later(self, link: Link, code: int, last: Message) -> None:
        self._keep(_close(link.ws, code, last))

    def _keep(self, work: Coroutine[object, object, None]) -> asyncio.Task[None]:
        """Run work as a task of the server's loop, held until it ends: the loop holds its tasks
        only weakly, and one nobody holds may be collected half-way (a goodbye never sent)."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # -- the server's thread -----------------------------------------------------------------

    def _run(self, host: str, port: int, fallback: bool) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self._serve(host, port, fallback))
        except Exception as error:  # whatever it was, the game goes on without phones
            if self.ready.is_set():  # it had started: the screen says nothing of this, the log does
                log.exception("bluffhouse: the phone server stopped")
            self.fail(Trouble.OTHER, repr(error))
        finally:
            self.book.status = {}
            self.ready.set()
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    def fail(self, trouble: str, detail: str) -> None:
        """The server cannot start: why (a Trouble) and what (for the log and the screen's line)."""
        if self.trouble is None and not self.ready.is_set():
            self.trouble, self.detail = trouble, detail
            said = f"{trouble} ({detail})" if detail else trouble
            log.warning("bluffhouse: the phone server could not start: %s", said)
        self.ready.set()

    async def _serve(self, host: str, port: int, fallback: bool) -> None:
        self._stopping = asyncio.Event()
        sock = None
        for attempt in (port, 0) if fallback and port else (port,):
            try:
                sock = listener(host, attempt)
                break
            except OSError as error:
                if error.errno == errno.EADDRINUSE and attempt != 0 and fallback:
                    continue
                self.fail(_trouble(error), f"{host}:{attempt}: {error.strerror or error}")
                return
        assert sock is not None
        server = GuardedServer(self._handle, self.gate)
        doorman = self._keep(self.gate.serve(sock, server))
        try:
            self.host, self.port = host, sock.getsockname()[1]
            self._run_posted()  # what was published before the loop ran
            self.ready.set()
            await self._stopping.wait()
        finally:
            doorman.cancel()
            sock.close()
            links = [*self.book.everyone(), *self.crowd.links()]
            goodbyes = [_close(link.ws, CLOSE_GONE, {"t": "bye"}) for link in links]
            await asyncio.gather(*goodbyes)
            await server.shutdown(0.5)

    # -- HTTP ----------------------------------------------------------------------------------

    async def _handle(self, request: web.BaseRequest) -> web.StreamResponse:
        if request.method != "GET":
            return reply(405)
        if request.headers.get("Host") not in {host_of(self.host, self.port), *self.also}:
            return reply(421)  # another name for this address (DNS rebinding): not ours to answer
        path = request.path
        kind, _, rest = path[1:].partition("/")
        if kind == "s" and rest in STATIC and self._files is not None:  # a fixed list: no path from outside
            self.gate.asked(request.transport)
            return reply(200, self._files.static[rest], STATIC[rest])
        if kind in ("p", "ws") and rest == self.crowd.token:  # the audience's link: the same page
            self.gate.asked(request.transport)
            return await watch(self, request) if kind == "ws" else self._page()
        if kind not in ("p", "ws") or not TOKEN.fullmatch(rest) or rest not in self.book.places:
            return reply(403 if kind in ("p", "ws") else 404)
        self.gate.asked(request.transport)  # a join link's page or socket: a phone's, most likely
        return self._page() if kind == "p" else await self._socket(request, rest)

    def _page(self) -> web.Response:
        page = page_with_words(self._files.page if self._files else b"", self.words)
        return reply(200, page, "text/html")

    async def _socket(self, request: web.BaseRequest, token: str) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"http://{request.headers.get('Host')}":
            return reply(403)  # another site's page
        ws = web.WebSocketResponse(
            max_msg_size=HARD_CAP, heartbeat=HEARTBEAT, compress=False, autoping=False, timeout=1.0
        )
        await ws.prepare(request)
        link = Link(token, ws, wake=asyncio.Event(), address=request.remote or "")
        try:
            secret = await self._join_words(ws)
            place = self.book.places.get(token)
            if place is None or secret is None:
                await _close(ws, CLOSE_GONE, {"t": "bye"})
                return ws
            self.gate.trust(request.transport)
            self.book.join(place, link, secret)
            writer = asyncio.ensure_future(self._write(link))
            try:
                await self._read(link)
            finally:
                writer.cancel()
        finally:
            self.book.gone(link)
        return ws

    async def _join_words(self, ws: web.WebSocketResponse) -> str | None:
        """The device secret a socket's first message says ("" for a new device); None if it says
        nothing proper in time (the gate cuts it at its deadline anyway)."""
        try:
            async with asyncio.timeout(DEADLINE):
                while True:
                    message = await ws.receive()
                    if message.type in (WSMsgType.PING, WSMsgType.PONG):
                        continue
                    if message.type is not WSMsgType.TEXT:
                        return None
                    secret = protocol.parse_join(message.data)
                    return None if isinstance(secret, Bad) else secret
        except TimeoutError:
            return None

    # -- messages ------------------------------------------------------------------------------

    async def _read(self, link: Link) -> None:
        ws = link.ws
        async for message in ws:
            place = self.book.places.get(link.token)
            if place is None:
                break  # the link is no longer valid
            seated = place.link is link
            bucket = place.bucket if seated else link.bucket or place.bucket
            if message.type in (WSMsgType.PING, WSMsgType.PONG):  # control frames count too
                if bucket.allow() and message.type is WSMsgType.PING:
                    await ws.pong(message.data)
                continue
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                break  # ERROR (e.g. over HARD_CAP: aiohttp closes with 1009) or a close
            self.received += 1
            if not bucket.allow():
                self.refused += 1
                if bucket.may_complain():
                    self._reply(link, protocol.error(Code.RATE))
                continue
            parsed = protocol.parse(message.data, place.seat if place.seat is not None else -1)
            if isinstance(parsed, Bad):
                self.refused += 1
                self._reply(link, protocol.error(parsed.code, parsed.id))
            elif parsed.kind == "ping":
                self._reply(link, {"t": "pong", "n": parsed.value})
            elif not seated or place.seat is None:
                self.refused += 1
                self._reply(link, protocol.error(Code.NOT_PLAYING))
            else:
                self.on_press(parsed)

    def _reply(self, link: Link, message: Message) -> None:
        link.outbox.append(protocol.encode(message))
        link.wake.set()

    async def _write(self, link: Link) -> None:
        ws = link.ws
        try:
            while not ws.closed:
                await link.wake.wait()
                link.wake.clear()
                while (text := link.take()) is not None:
                    await ws.send_str(text)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            return


async def _close(ws: web.WebSocketResponse, code: int, last: Message) -> None:
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


__all__ = ["Bucket", "Notice", "PhoneServer", "Trouble", "new_token"]
