"""HTTP for the phone server: strict headers on every answer (aiohttp's own error pages too), no
server banner, the Host check, and the page's files held in memory (no pygame, no game).

aiohttp's low-level server is used with a request class of our own, whose prepare hook runs
for every response just before its headers are written: ours, aiohttp's 400s for malformed
requests, the 101 of a WebSocket. The server knows the gate (gate.py): every connection it
makes or loses is counted there.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import hdrs, web
from aiohttp.abc import AbstractStreamWriter
from aiohttp.http_parser import RawRequestMessage
from aiohttp.streams import StreamReader
from aiohttp.web_protocol import RequestHandler

from bluffhouse.scenes.phones import protocol
from bluffhouse.scenes.phones.gate import DEADLINE, Gate

HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}
STATIC = {"phone.css": "text/css", "phone.js": "text/javascript", "favicon.svg": "image/svg+xml"}
WORDS = b'<script type="application/json" id="words">{}</script>'
QUIET = logging.getLogger("bluffhouse.phones")  # aiohttp's complaints about strangers' bytes: nowhere
QUIET.addHandler(logging.NullHandler())
QUIET.propagate = False


class GuardedRequest(web.BaseRequest):
    """A request whose every response leaves with the house's headers and without a banner."""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        headers = response.headers
        headers.popall(hdrs.SERVER, None)  # aiohttp's "Python/3.x aiohttp/3.x": nobody's business
        for name, value in HEADERS.items():
            headers.setdefault(name, value)


class GuardedHandler(RequestHandler):
    """aiohttp's protocol for one connection, telling the gate when its first bytes come."""

    _heard = False  # its first bytes came (set on the connection's own handler)

    def data_received(self, data: bytes) -> None:
        """Bytes: the first of them tell the gate the connection spoke."""
        if not self._heard and data:
            self._heard = True
            manager, transport = self._manager, self.transport
            if isinstance(manager, GuardedServer) and transport is not None:
                manager.gate.spoke(transport)
        super().data_received(data)


class GuardedServer(web.Server):
    """aiohttp's low-level server, telling the gate of every connection made, heard and lost."""

    def __init__(
        self, handler: Callable[[web.BaseRequest], Awaitable[web.StreamResponse]], gate: Gate
    ) -> None:
        """handler answers each request; gate counts the connections."""
        super().__init__(
            handler,
            request_factory=self._guarded_request,
            keepalive_timeout=DEADLINE,
            lingering_time=0,
            max_line_size=4096,
            max_field_size=4096,
            access_log=None,
            logger=QUIET,
        )
        self.gate = gate
        self._transports: dict[RequestHandler, asyncio.Transport] = {}

    def __call__(self) -> GuardedHandler:
        """The protocol of a new connection."""
        return GuardedHandler(self, loop=self._loop, **self._kwargs)

    def _guarded_request(
        self,
        message: RawRequestMessage,
        payload: StreamReader,
        handler: RequestHandler,
        writer: AbstractStreamWriter,
        task: asyncio.Task[None],
    ) -> web.BaseRequest:
        return GuardedRequest(message, payload, handler, writer, task, self._loop, client_max_size=4096)

    def connection_made(self, handler: RequestHandler, transport: asyncio.Transport) -> None:
        """A connection: the gate counts it."""
        super().connection_made(handler, transport)
        self._transports[handler] = transport
        self.gate.arrived(transport)

    def connection_lost(self, handler: RequestHandler, exc: BaseException | None = None) -> None:
        """Gone: the gate frees its place."""
        super().connection_lost(handler, exc)
        transport = self._transports.pop(handler, None)
        if transport is not None:
            self.gate.left(transport)


def reply(status: int, body: bytes = b"", content_type: str = "text/plain") -> web.Response:
    """An answer that closes its connection (one request per connection: nothing lingers)."""
    charset = "utf-8" if content_type.startswith("text/") else None
    response = web.Response(status=status, body=body, content_type=content_type, charset=charset)
    response.force_close()
    return response


def host_of(address: str, port: int) -> str:
    """What a browser puts in Host for http://address:port."""
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


class Files:
    """The page's files, read once when the server starts: serving them never opens a file."""

    def __init__(self, folder: Path) -> None:
        """Read index.html and the STATIC files of folder."""
        self.page = (folder / "index.html").read_bytes()
        self.static = {name: (folder / name).read_bytes() for name in STATIC}


def page_with_words(page: bytes, words: dict[str, str]) -> bytes:
    """The page with its words written in (a JSON block, never run as script): the page speaks
    the game's language from its first moment, before its socket is open."""
    data = protocol.encode(words).replace("<", "\\u003c").encode("utf-8")
    lang = str(words.get("lang", "en")).encode("ascii", "replace")[:8]
    page = page.replace(WORDS, WORDS.replace(b"{}", data), 1)
    return page.replace(b'<html lang="en">', b'<html lang="' + lang + b'">', 1)
