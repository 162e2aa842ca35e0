"""The door of the phone server: who may connect, how many at once, and for how long.

No pygame and nothing of the game. Phones on a home Wi-Fi are few and polite; anybody else on
the network may not be, and needs no token to open a TCP connection. So the gate accepts
connections itself, one at a time, and the server never holds more sockets than its share of
the process's file limit (the game's own files come first):

- at most `total` connections at once, a quarter of RLIMIT_NOFILE (at most MAX_TOTAL). When
  full, a newcomer is still let in, and the connection that has shown least of being a phone
  goes (`victim`: one silent for a while, then one that asked for nothing valid, then one just
  arrived, then one that asked for the page, its files or a seat's socket; the oldest first
  within each): a crowd of strangers can hold the door only until a phone comes. Only when
  every place is a joined phone do newcomers wait in the system's backlog, holding none of the
  game's files;
- at most PER_ADDRESS connections from one address; more are closed at once, as are peers
  off the local network;
- a connection that sends nothing is cut after SILENT_DEADLINE seconds (a phone's browser
  sends its request at once); every connection must become a trusted WebSocket (a phone that
  said which seat it is, see server.py) within DEADLINE seconds of arriving, or it is cut:
  half-sent or dripped requests, slow readers of a response, handshakes that never finish.
"""

from __future__ import annotations

import asyncio
import collections
import enum
import ipaddress
import os
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bluffhouse.scenes.phones.devices import Bucket

DEADLINE = 5.0  # seconds from TCP connect to a seated WebSocket (a page's files take milliseconds)
SILENT_DEADLINE = 1.5  # seconds a connection may stay without sending a byte
GRACE = 0.5  # a silent connection younger than this may not have had the time to speak yet
PER_ADDRESS = 16  # a phone loading the page opens up to 6 at once, and its socket
EVICT_RATE, EVICT_BURST = 4.0, 16  # places an address may take from others: a second, and at once
MAX_TOTAL, MIN_TOTAL = 96, 8
BACKLOG = 1024  # connections the system holds for us until accepted (its memory, not our files;
# Linux holds at most net.core.somaxconn: 4096 since 5.4, 128 before)
ACCEPT_PAUSE = 0.2  # seconds to wait when accept() itself fails (out of files, a reset)
TURN_AWAY_PAUSE, TURN_AWAY_BATCH = 0.001, 4  # a rest after closing so many newcomers at once (see serve)


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


class Standing(enum.IntEnum):
    """What a connection that has not joined has shown of being a phone: when the gate is full,
    the lowest goes first (a phone's page load moves each of its connections to ASKED within
    milliseconds of connecting, a stranger's never gets there)."""

    SILENT = 0  # nothing sent for GRACE seconds
    UNASKED = 1  # sent bytes, but no valid request (yet): half-sent, dripped
    NEW = 2  # nothing sent yet, but only just arrived
    ASKED = 3  # asked for something that exists: the page, its files, a seat's socket


@dataclass(eq=False)
class Visit:
    """One connection in the house: where from, since when (the loop's clock), what it has shown,
    and the timer that cuts it while it is untrusted."""

    peer: str
    transport: asyncio.Transport | None
    arrived: float
    timer: asyncio.TimerHandle | None = None
    spoke: bool = False
    asked: bool = False
    trusted: bool = False

    def standing(self, now: float) -> Standing:
        """What it has shown by now (see Standing)."""
        if self.asked:
            return Standing.ASKED
        if self.spoke:
            return Standing.UNASKED
        return Standing.NEW if now - self.arrived < GRACE else Standing.SILENT


def victim(visits: Iterable[Visit], now: float) -> Visit | None:
    """The connection to drop to let a newcomer in: of those not trusted, the lowest standing,
    and the oldest within it; None when every one is a joined phone."""
    chosen, lowest = None, None
    for visit in visits:
        if visit.trusted:
            continue
        key = (visit.standing(now), visit.arrived)
        if lowest is None or key < lowest:
            chosen, lowest = visit, key
    return chosen


class Gate:
    """Counts connections, makes room for newcomers, and cuts the ones that overstay."""

    def __init__(
        self,
        total: int | None = None,
        per_address: int = PER_ADDRESS,
        deadline: float = DEADLINE,
        silent_deadline: float = SILENT_DEADLINE,
        evict: tuple[float, int] = (EVICT_RATE, EVICT_BURST),
    ) -> None:
        """total: connections at once (by default the file limit's share); deadlines in seconds;
        evict: the places an address may take from others, a second and at once."""
        self.total = budget(soft_file_limit()) if total is None else total
        self.per_address, self.deadline, self.evict = per_address, deadline, evict
        self.silent_deadline = min(silent_deadline, deadline)
        self.visits: dict[asyncio.Transport, Visit] = {}
        self.by_address: collections.Counter[str] = collections.Counter()
        self.allowance: dict[str, Bucket] = {}  # per address: the places it may still take from others
        self.joined = 0  # trusted connections held now
        self.turned_away = 0  # closed at once: off the local network, one too many from an address,
        # or the gate full and the address out of allowance
        self.evicted = 0  # dropped to make room for a newcomer
        self.cut = 0  # closed at their deadline, still untrusted
        self.accept_failures = 0  # accept() itself failed (the system was out of files, ...)
        self._room: asyncio.Event | None = None

    @property
    def count(self) -> int:
        """Connections held now."""
        return len(self.visits)

    async def serve(self, sock: socket.socket, protocol: Callable[[], asyncio.Protocol]) -> None:
        """Accept connections on sock until cancelled, each handed to a new protocol().

        The system's backlog is emptied as fast as it fills, so a phone's connection waits behind
        strangers' for milliseconds, never for a place (a full backlog would drop its handshake,
        and its system would try again only seconds later). A crowd that reconnects as soon as it
        is closed would spin the server's thread (and take the game's frames with it): after
        closing TURN_AWAY_BATCH newcomers at once the gate rests TURN_AWAY_PAUSE, and the crowd
        waits in the backlog meanwhile (a 1,000-strong crowd passes in about a quarter second)."""
        loop = asyncio.get_running_loop()
        self._room = asyncio.Event()
        while True:
            while self.joined >= self.total:  # every place a phone: leave newcomers in the backlog
                self._room.clear()
                await self._room.wait()
            try:
                conn, address = await loop.sock_accept(sock)
            except OSError:
                self.accept_failures += 1
                await asyncio.sleep(ACCEPT_PAUSE)
                continue
            peer = address[0] if isinstance(address, tuple) and address else ""
            welcome = local_peer(peer) and self.by_address[peer] < self.per_address
            dropped = None
            if welcome and len(self.visits) >= self.total:  # full: somebody goes, or the newcomer
                welcome = self._may_take(peer)  # (first: a crowd's surplus costs no look at the house)
                dropped = victim(self.visits.values(), loop.time()) if welcome else None
                welcome = dropped is not None
            if not welcome:
                self.turned_away += 1
                conn.close()
                if self.turned_away % TURN_AWAY_BATCH == 0:
                    await asyncio.sleep(TURN_AWAY_PAUSE)
                continue
            if dropped is not None:
                self.evicted += 1
                self._drop(dropped)
            conn.setblocking(False)
            try:
                await loop.connect_accepted_socket(protocol, conn)
            except OSError:
                conn.close()

    def _may_take(self, peer: str) -> bool:
        """Whether this address may take another's place now (`evict`: a page load takes five; a
        crowd from a few addresses cannot churn the house)."""
        bucket = self.allowance.get(peer)
        if bucket is None:
            rate, burst = self.evict
            if len(self.allowance) >= 4 * MAX_TOTAL:  # forget those full again (seen long ago)
                since = time.monotonic() - burst / rate
                self.allowance = {key: kept for key, kept in self.allowance.items() if kept.at > since}
            bucket = self.allowance[peer] = Bucket(rate, burst)
        return bucket.allow()

    # -- told by the server's protocol objects ----------------------------------------------

    def arrived(self, transport: asyncio.Transport) -> None:
        """A connection was made: count it, and start its clock."""
        peername = transport.get_extra_info("peername")
        peer = peername[0] if isinstance(peername, tuple) and peername else ""
        loop = asyncio.get_running_loop()
        visit = Visit(peer, transport, loop.time())
        visit.timer = loop.call_later(self.silent_deadline, self._expire, transport)
        self.visits[transport] = visit
        self.by_address[peer] += 1

    def spoke(self, transport: asyncio.Transport) -> None:
        """The connection sent its first bytes: it has until DEADLINE after arriving now."""
        visit = self.visits.get(transport)
        if visit is None or visit.spoke:
            return
        visit.spoke = True
        if visit.timer is not None:
            visit.timer.cancel()
            loop = asyncio.get_running_loop()
            visit.timer = loop.call_at(visit.arrived + self.deadline, self._expire, transport)

    def asked(self, transport: asyncio.Transport | None) -> None:
        """The connection asked for something that exists (the page, its files, a seat's socket):
        when the gate is full, it goes after the strangers."""
        visit = self.visits.get(transport) if transport is not None else None
        if visit is not None:
            visit.spoke = visit.asked = True

    def left(self, transport: asyncio.Transport) -> None:
        """A connection closed: its place is free."""
        visit = self.visits.get(transport)
        if visit is not None:
            self._forget(visit)

    def trust(self, transport: asyncio.Transport | None) -> None:
        """The connection is a phone that said which seat it is: no deadline any more (its
        WebSocket heartbeat finds out when it dies), and never dropped for a newcomer."""
        visit = self.visits.get(transport) if transport is not None else None
        if visit is not None and not visit.trusted:
            visit.trusted = visit.spoke = visit.asked = True
            self.joined += 1
            if visit.timer is not None:
                visit.timer.cancel()
                visit.timer = None

    def _expire(self, transport: asyncio.Transport) -> None:
        visit = self.visits.get(transport)
        if visit is None or visit.trusted:
            return
        self.cut += 1
        self._drop(visit)

    def _drop(self, visit: Visit) -> None:
        """Close a connection now, without a goodbye (a slow reader's unsent bytes go too); its
        place is free at once (its socket closes before the next accept)."""
        self._forget(visit)
        if visit.transport is not None:
            visit.transport.abort()

    def _forget(self, visit: Visit) -> None:
        if visit.transport is None or self.visits.pop(visit.transport, None) is None:
            return
        if visit.timer is not None:
            visit.timer.cancel()
            visit.timer = None
        if visit.trusted:
            self.joined -= 1
        self.by_address[visit.peer] -= 1
        if self.by_address[visit.peer] <= 0:
            del self.by_address[visit.peer]
        if self._room is not None:
            self._room.set()
