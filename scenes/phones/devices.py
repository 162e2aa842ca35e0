"""Join links and the phones they belong to: tokens, device secrets, rate limits (no network here).

A phone seat's join link carries a token. The first phone that opens it and says "join" is
given a device secret (128 random bits, kept by its page, never shown): from then on the link
alone opens nothing, and only that device plays the seat. Another device that opens the link
knocks: it is told the seat is taken, and the television is asked whether to move the seat to
it (a dead phone, a swapped phone); only a yes there moves it, and the old device is told.

A Place is one join link's record on the server's thread; `admit` is the rule above; the Book
keeps the evening's places and carries the rule out (server.py only moves the bytes).
"""

from __future__ import annotations

import collections
import hmac
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from scenes.phones.protocol import encode

TOKEN_BYTES = 16  # 128 bits, written as 22 URL-safe characters
TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")
SECRET = TOKEN  # a device secret looks like a token, and is never the same one
RATE, BURST = 10.0, 20  # messages a second per seat, sustained and at once
ERROR_EVERY = 0.5  # seconds between two "rate_limited" replies
OUTBOX = 32  # replies and notices waiting for a slow phone; the oldest go first
CLOSE_MOVED = 4001  # "your seat moved to another device" (the television said yes)
CLOSE_GONE = 4002  # the evening ended, or this link is no longer valid
CLOSE_REFUSED = 4003  # "the television kept the seat on its phone"
CLOSE_AGAIN = 4004  # the same device opened the seat again (another tab): the newer one plays


def new_token() -> str:
    """A fresh random token of TOKEN_BYTES (128 bits)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


new_secret = new_token


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


class Admit:
    """What a phone that said "join" with a secret gets (see admit)."""

    BIND = "bind"  # the link's first phone: it is given a secret, and the seat
    SAME = "same"  # the phone the seat belongs to (a reload, back after a blip)
    KNOCK = "knock"  # another device: the seat is taken; the television is asked


@dataclass(eq=False)
class Link:
    """One phone's open socket (the server's object) and what waits to be sent to it."""

    token: str
    ws: object  # aiohttp's WebSocketResponse
    outbox: collections.deque = field(default_factory=lambda: collections.deque(maxlen=OUTBOX))
    state: str | None = None  # the latest state, sent once; a newer one replaces it unsent
    wake: object = None  # an asyncio.Event, made on the server's loop
    bucket: Bucket | None = None  # a knocking device's own rate limit (a seated one uses its seat's)


@dataclass(eq=False)
class Place:
    """One join link: the seat it plays now (None between games), the device it belongs to, its
    live link, a device knocking for it, and what it was last sent."""

    token: str
    seat: int | None
    secret: str | None = None  # given to the first phone that joined; None: never joined
    link: Link | None = None
    knock: Link | None = None
    state: str | None = None  # the latest state, for a (re)connection
    hello: str | None = None
    bucket: Bucket = field(default_factory=Bucket)


def admit(place: Place, secret: str) -> str:
    """The rule of a seat and its phone: BIND the first device, SAME for it, KNOCK for others."""
    if place.secret is None:
        return Admit.BIND
    if secret and hmac.compare_digest(secret.encode(), place.secret.encode()):
        return Admit.SAME
    return Admit.KNOCK


@dataclass(frozen=True, slots=True)
class Notice:
    """News for the television: kind is "joined", "back", "away", "replaced" or "knock"; token is
    the join link it is about."""

    kind: str
    token: str


class Book:
    """The join links of the evening, kept on the server's thread: which seat each plays, the
    device it belongs to, its live link and a knocking one; what the television is told."""

    def __init__(self, notices: collections.deque, close: Callable[[Link, int, dict], None]) -> None:
        """notices: news for the game's thread; close(link, code, last): say last, then close."""
        self.notices = notices
        self.close = close
        self.places: dict[str, Place] = {}
        self.status: dict[str, str] = {}  # token -> "waiting" | "connected" | "away" (replaced whole)
        self.knocks: frozenset[str] = frozenset()  # tokens another device asks for (replaced whole)
        self.rate, self.burst = RATE, BURST

    # -- the evening's links ----------------------------------------------------------------

    def set_places(self, seats: dict[str, int | None]) -> None:
        """token -> seat in this game (None: not in it); a link left out is closed for good."""
        for token in [token for token in self.places if token not in seats]:
            place = self.places.pop(token)
            for link in (place.link, place.knock):
                if link is not None:
                    self.close(link, CLOSE_GONE, {"t": "bye"})
        for token, seat in seats.items():
            place = self.places.get(token)
            if place is None:
                self.places[token] = Place(token, seat, bucket=Bucket(self.rate, self.burst))
            elif place.seat != seat:
                place.seat, place.state, place.hello = seat, None, None  # another seat: none of the old news
        self.knocks = frozenset(token for token in self.knocks if token in seats)
        self.status = {token: self.status.get(token, "waiting") for token in seats}

    def retire(self, token: str) -> None:
        """A link replaced by a new one (a new code for a dead phone): its phone is told it moved."""
        place = self.places.pop(token, None)
        if place is None:
            return
        self.knocks = self.knocks - {token}
        self.status = {k: v for k, v in self.status.items() if k != token}
        if place.link is not None:
            self.close(place.link, CLOSE_MOVED, {"t": "moved"})
        if place.knock is not None:
            self.close(place.knock, CLOSE_GONE, {"t": "bye"})

    def refill(self, rate: float, burst: int) -> None:
        """A new rate limit: every seat's bucket starts full."""
        self.rate, self.burst = rate, burst
        for place in self.places.values():
            place.bucket = Bucket(rate, burst)

    # -- phones arriving and leaving ------------------------------------------------------------

    def join(self, place: Place, link: Link, secret: str) -> str:
        """A socket said "join" with secret: seat it, or let it knock (see admit); the verdict."""
        verdict = admit(place, secret)
        if verdict == Admit.KNOCK:
            self._knock(place, link)
            return verdict
        old, before = place.link, self.status.get(place.token)
        place.link = link
        if verdict == Admit.BIND:
            place.secret = new_secret()
            link.outbox.append(encode({"t": "welcome", "device": place.secret}))
            self.notices.append(Notice("joined", place.token))
        elif before == "away":
            self.notices.append(Notice("back", place.token))
        if old is not None:
            self.close(old, CLOSE_AGAIN, {"t": "again"})
        self._first(place, link)
        return verdict

    def _first(self, place: Place, link: Link) -> None:
        self._set_status(place.token, "connected")
        if place.hello is not None:
            link.outbox.append(place.hello)
        link.state = place.state
        link.wake.set()

    def _knock(self, place: Place, link: Link) -> None:
        old, place.knock = place.knock, link
        link.bucket = Bucket(self.rate, self.burst)  # its own: a knocking device never slows the seat
        link.outbox.append(encode({"t": "taken"}))
        link.wake.set()
        if old is not None:
            self.close(old, CLOSE_REFUSED, {"t": "refused"})
        self.knocks = self.knocks | {place.token}
        self.notices.append(Notice("knock", place.token))

    def move(self, token: str) -> bool:
        """The television said yes: the knocking device plays the seat, the old one is told."""
        place = self.places.get(token)
        knock = place.knock if place is not None else None
        if place is None or knock is None:
            return False
        place.knock, old = None, place.link
        self.knocks = self.knocks - {token}
        place.secret = new_secret()  # the old device's secret opens nothing any more
        place.link, knock.bucket = knock, None
        knock.outbox.append(encode({"t": "welcome", "device": place.secret}))
        if old is not None:
            self.close(old, CLOSE_MOVED, {"t": "moved"})
        self.notices.append(Notice("replaced", token))
        self._first(place, knock)
        return True

    def keep(self, token: str) -> None:
        """The television said no: the knocking device is told, the seat stays where it is."""
        place = self.places.get(token)
        if place is not None and place.knock is not None:
            knock, place.knock = place.knock, None
            self.knocks = self.knocks - {token}
            self.close(knock, CLOSE_REFUSED, {"t": "refused"})

    def gone(self, link: Link) -> None:
        """A socket closed: a seated phone is away, a knock is withdrawn."""
        place = self.places.get(link.token)
        if place is None:
            return
        if place.knock is link:
            place.knock = None
            self.knocks = self.knocks - {link.token}
        elif place.link is link:
            place.link = None
            self._set_status(link.token, "away")

    def _set_status(self, token: str, status: str) -> None:
        before = self.status.get(token)
        self.status = {**self.status, token: status}
        if status == "away" and before == "connected":
            self.notices.append(Notice("away", token))

    # -- what phones are sent ------------------------------------------------------------------

    def publish(self, token: str, message: dict) -> None:
        """A state (kept for a reconnection; a newer replaces an older unsent) or a notice."""
        place = self.places.get(token)
        if place is None:
            return
        text, state = encode(message), message.get("t") == "state"
        if state:
            place.state = text
        link = place.link
        if link is None:
            return
        if state:
            link.state = text
        else:
            link.outbox.append(text)
        link.wake.set()

    def hello(self, token: str, message: dict) -> None:
        """What the link's phone is sent first on every connection."""
        place = self.places.get(token)
        if place is None:
            return
        text = place.hello = encode(message)
        if place.link is not None:
            place.link.outbox.append(text)
            place.link.wake.set()

    def everyone(self) -> list[Link]:
        """Every open socket of every link (seated or knocking)."""
        links = [link for place in self.places.values() for link in (place.link, place.knock)]
        return [link for link in links if link is not None]
