"""The door of the phone server: who may connect, how many at once, and for how long.

No pygame and nothing of the game. Phones on a home Wi-Fi are few and polite; anybody else on
the network may not be, and needs no token to open a TCP connection. So the gate accepts
connections itself, one at a time, and the server never holds more sockets than its share of
the process's file limit (the game's own files come first):

- at most `total` connections at once, a quarter of RLIMIT_NOFILE (at most MAX_TOTAL): when
  full, the gate stops accepting, and newcomers wait in the system's backlog holding none of
  the game's files;
- at most PER_ADDRESS connections from one address; more are closed at once, as are peers
  off the local network;
- every connection must become a trusted WebSocket (a phone that said which seat it is, see
  server.py) within DEADLINE seconds of arriving, or it is cut: idle connections, half-sent or
  dripped requests, slow readers of a response, handshakes that never finish.
"""

from __future__ import annotations

import asyncio
import collections
import ipaddress
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass

DEADLINE = 5.0  # seconds from TCP connect to a seated WebSocket (a page's files take milliseconds)
PER_ADDRESS = 16  # a phone loading the page opens up to 6 at once, and its socket
MAX_TOTAL, MIN_TOTAL = 96, 8
BACKLOG = 16  # connections the system holds for us while the gate is full
ACCEPT_PAUSE = 0.2  # seconds to wait when accept() itself fails (out of files, a reset)


def soft_file_limit() -> int | None:
    """The process's soft RLIMIT_NOFILE, or None where there is no such thing (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def budget(limit: int | None = None) -> int:
    """How many connections the server may hold: a quarter of the file limit, less a few for its
    own loop (its listening socket, its selector, its wake-up pipe), within MIN_TOTAL..MAX_TOTAL."""
    if limit is None:
        return MAX_TOTAL
    return max(MIN_TOTAL, min(MAX_TOTAL, limit // 4 - 8))


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


def listener(host: str, port: int) -> socket.socket:
    """A non-blocking listening socket on host:port (raises OSError as bind() does)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if os.name != "nt":  # (on Windows it would let another program take the same port)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


@dataclass(eq=False)
class Visit:
    """One connection in the house: where from, and until when it may stay untrusted."""

    peer: str
    transport: asyncio.BaseTransport
    timer: asyncio.TimerHandle | None
    trusted: bool = False


class Gate:
    """Counts connections, turns away the surplus, and cuts the ones that overstay."""

    def __init__(self, total: int | None = None, per_address: int = PER_ADDRESS,
                 deadline: float = DEADLINE) -> None:  # fmt: skip
        """total: connections at once (by default the file limit's share); deadline: seconds."""
        self.total = budget(soft_file_limit()) if total is None else total
        self.per_address, self.deadline = per_address, deadline
        self.visits: dict[asyncio.BaseTransport, Visit] = {}
        self.by_address: collections.Counter[str] = collections.Counter()
        self.turned_away = 0  # closed at once: off the local network, or one too many from an address
        self.cut = 0  # closed at their deadline, still untrusted
        self.accept_failures = 0  # accept() itself failed (the system was out of files, ...)
        self._room: asyncio.Event | None = None

    @property
    def count(self) -> int:
        """Connections held now."""
        return len(self.visits)

    async def serve(self, sock: socket.socket, protocol: Callable[[], asyncio.Protocol]) -> None:
        """Accept connections on sock until cancelled, each handed to a new protocol()."""
        loop = asyncio.get_running_loop()
        self._room = asyncio.Event()
        while True:
            while len(self.visits) >= self.total:  # full: leave them in the backlog
                self._room.clear()
                await self._room.wait()
            try:
                conn, address = await loop.sock_accept(sock)
            except OSError:
                self.accept_failures += 1
                await asyncio.sleep(ACCEPT_PAUSE)
                continue
            peer = address[0] if isinstance(address, tuple) and address else ""
            if not local_peer(peer) or self.by_address[peer] >= self.per_address:
                self.turned_away += 1
                conn.close()
                continue
            conn.setblocking(False)
            try:
                await loop.connect_accepted_socket(protocol, conn)
            except OSError:
                conn.close()

    # -- told by the server's protocol objects ----------------------------------------------

    def arrived(self, transport: asyncio.BaseTransport) -> None:
        """A connection was made: count it, and start its clock."""
        peername = transport.get_extra_info("peername")
        peer = peername[0] if isinstance(peername, tuple) and peername else ""
        timer = asyncio.get_running_loop().call_later(self.deadline, self._expire, transport)
        self.visits[transport] = Visit(peer, transport, timer)
        self.by_address[peer] += 1

    def left(self, transport: asyncio.BaseTransport) -> None:
        """A connection closed: its place is free."""
        visit = self.visits.pop(transport, None)
        if visit is None:
            return
        if visit.timer is not None:
            visit.timer.cancel()
        self.by_address[visit.peer] -= 1
        if self.by_address[visit.peer] <= 0:
            del self.by_address[visit.peer]
        if self._room is not None:
            self._room.set()

    def trust(self, transport: asyncio.BaseTransport | None) -> None:
        """The connection is a phone that said which seat it is: no deadline any more (its
        WebSocket heartbeat finds out when it dies)."""
        visit = self.visits.get(transport) if transport is not None else None
        if visit is not None:
            visit.trusted = True
            if visit.timer is not None:
                visit.timer.cancel()
                visit.timer = None

    def _expire(self, transport: asyncio.BaseTransport) -> None:
        visit = self.visits.get(transport)
        if visit is None or visit.trusted:
            return
        visit.timer = None
        self.cut += 1
        transport.abort()  # no goodbye: a slow reader's unsent bytes go too
