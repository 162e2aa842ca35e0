"""Join links and the phones they belong to: tokens, device secrets, rate limits (no network here).

A phone seat's join link carries a token. The first phone that opens it and says "join" is
given a device secret (128 random bits, kept by its page, never shown): from then on the link
alone opens nothing, and only that device plays the seat. Another device that opens the link
knocks: it is told the seat is taken, and the television is asked whether to move the seat to
it (a dead phone, a swapped phone); only a yes there moves it, and the old device is told.

One question per seat, and it names the asker: the knocking device is given a two-digit code
that its page shows and the television's question shows too ("the phone showing 47"); a Move
carries that code and reaches that device only. While a question is open every further knock
for the seat is refused with its own reason (never swapped in), and each address may knock only
a few times a minute (a stranger's spam never keeps the question on the television).

A Place is one join link's record on the server's thread; `admit` is the rule above; the Book
keeps the evening's places and carries the rule out (server.py only moves the bytes).
"""

from __future__ import annotations

import asyncio
import collections
import hmac
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bluffhouse.scenes.phones.protocol import Message, encode

if TYPE_CHECKING:  # only the server's thread makes a Link: a game without phones never loads aiohttp
    from aiohttp import web

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
CLOSE_BUSY = 4005  # "someone else is already asking for this seat": one question at a time
CLOSE_SLOW = 4006  # this address asked too often: wait a moment before asking again
KNOCK_RATE, KNOCK_BURST = 1 / 15, 3  # knocks an address may make: 3 at once, then one every 15 s
KNOCK_ADDRESSES = 256  # addresses whose knocks are counted (the longest quiet is forgotten first)


def new_code(old: str | None = None) -> str:
    """Two random digits (10-99) for a knocking device to show, never the seat's last one."""
    while True:
        code = str(10 + secrets.randbelow(90))
        if code != old:
            return code


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
    ws: web.WebSocketResponse
    outbox: collections.deque[str] = field(default_factory=lambda: collections.deque(maxlen=OUTBOX))
    state: str | None = None  # the latest state, sent once; a newer one replaces it unsent
    wake: asyncio.Event = field(default_factory=asyncio.Event)  # given one made on the server's loop
    bucket: Bucket | None = None  # a knocking device's own rate limit (a seated one uses its seat's)
    address: str = ""  # the peer's address (a knock's rate limit is kept per address)
    code: str | None = None  # the two digits a knocking device shows (its question names it)

    def take(self) -> str | None:
        """The next text to send: a reply or a notice first, else the latest state (once)."""
        if self.outbox:
            return self.outbox.popleft()
        state, self.state = self.state, None
        return state


@dataclass(eq=False)
class Place:
    """One join link: the seat it plays now (None between games), the device it belongs to, its
    live link, a device knocking for it, and what it was last sent."""

    token: str
    seat: int | None
    secret: str | None = None  # given to the first phone that joined; None: never joined
    link: Link | None = None
    knock: Link | None = None  # the one device asking for the seat (its question is open)
    state: str | None = None  # the latest state, for a (re)connection
    hello: str | None = None
    bucket: Bucket = field(default_factory=Bucket)
    code: str | None = None  # the code the last device to ask for this seat showed


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
    the join link it is about (a knock's code is in Book.asking while its question is open)."""

    kind: str
    token: str


class Book:
    """The join links of the evening, kept on the server's thread: which seat each plays, the
    device it belongs to, its live link and the one device asking for it; what the television
    is told."""

    def __init__(
        self,
        notices: collections.deque[Notice],
        close: Callable[[Link, int, Message], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """notices: news for the game's thread; close(link, code, last): say last, then close;
        clock: what the knocks' rate limit is measured with."""
        self.notices = notices
        self.close = close
        self.clock = clock
        self.places: dict[str, Place] = {}
        self.status: dict[str, str] = {}  # token -> "waiting" | "connected" | "away" (replaced whole)
        self.asking: dict[str, str] = {}  # token -> the code its asking device shows (replaced whole)
        self.rate, self.burst = RATE, BURST
        self.knockers: collections.OrderedDict[str, Bucket] = collections.OrderedDict()  # per address
        self.watch_path: str | None = None  # the audience's page, offered to a device that knocks

    # -- the evening's links ----------------------------------------------------------------

    def set_places(self, seats: dict[str, int | None]) -> None:
        """token -> seat in this game (None: not in it); a link left out is closed for good."""
        for token in [token for token in self.places if token not in seats]:
            place = self.places.pop(token)
            for link in (place.link, place.knock):
                if link is not None:
                    self.close(link, CLOSE_GONE, {"t": "bye"})
        for token, seat in seats.items():
            kept = self.places.get(token)
            if kept is None:
                self.places[token] = Place(token, seat, bucket=Bucket(self.rate, self.burst))
            elif kept.seat != seat:
                kept.seat, kept.state, kept.hello = seat, None, None  # another seat: none of the old news
        self.asking = {token: code for token, code in self.asking.items() if token in seats}
        self.status = {token: self.status.get(token, "waiting") for token in seats}

    def retire(self, token: str) -> None:
        """A link replaced by a new one (a new code for a dead phone): its phone is told it moved."""
        place = self.places.pop(token, None)
        if place is None:
            return
        self._settled(token)
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
        """Another device asks for a joined seat: it gets its code and the television is asked,
        unless its address asked too often, or another device's question is open (never swapped)."""
        if not self._may_knock(link.address):
            self.close(link, CLOSE_SLOW, {"t": "slow"})
            return
        if place.knock is not None:
            self.close(link, CLOSE_BUSY, {"t": "busy"})  # one question per seat, with its asker
            return
        place.knock = link
        link.code = place.code = new_code(place.code)
        link.bucket = Bucket(self.rate, self.burst)  # its own: a knocking device never slows the seat
        link.outbox.append(encode({"t": "taken", "code": link.code, "watch": self.watch_path}))
        link.wake.set()
        self.asking = {**self.asking, place.token: link.code}
        self.notices.append(Notice("knock", place.token))

    def _may_knock(self, address: str) -> bool:
        """Take one knock from this address's bucket (a few at once, then one every 15 s)."""
        bucket = self.knockers.pop(address, None) or Bucket(KNOCK_RATE, KNOCK_BURST, self.clock)
        self.knockers[address] = bucket  # the latest to knock, last: the longest quiet goes first
        while len(self.knockers) > KNOCK_ADDRESSES:
            self.knockers.popitem(last=False)
        return bucket.allow()

    def _asker(self, token: str, code: str) -> tuple[Place, Link] | None:
        """The seat's open question, if its asking device shows this code."""
        place = self.places.get(token)
        knock = place.knock if place is not None else None
        if place is None or knock is None or knock.code is None or not hmac.compare_digest(knock.code, code):
            return None
        return place, knock

    def _settled(self, token: str) -> None:
        """The seat's question is closed (answered, withdrawn, or the link is gone)."""
        self.asking = {k: v for k, v in self.asking.items() if k != token}

    def move(self, token: str, code: str) -> bool:
        """The television said yes to the device showing `code`: it plays the seat, the old one
        is told. A yes meant for another device (it withdrew meanwhile) moves nothing."""
        found = self._asker(token, code)
        if found is None:
            return False
        place, knock = found
        place.knock, old = None, place.link
        self._settled(token)
        place.secret = new_secret()  # the old device's secret opens nothing any more
        place.link, knock.bucket = knock, None
        knock.outbox.append(encode({"t": "welcome", "device": place.secret}))
        if old is not None:
            self.close(old, CLOSE_MOVED, {"t": "moved"})
        self.notices.append(Notice("replaced", token))
        self._first(place, knock)
        return True

    def keep(self, token: str, code: str) -> None:
        """The television said no to the device showing `code`: it is told, the seat stays."""
        found = self._asker(token, code)
        if found is not None:
            place, knock = found
            place.knock = None
            self._settled(token)
            self.close(knock, CLOSE_REFUSED, {"t": "refused"})

    def gone(self, link: Link) -> None:
        """A socket closed: a seated phone is away, a knock is withdrawn."""
        place = self.places.get(link.token)
        if place is None:
            return
        if place.knock is link:
            place.knock = None
            self._settled(link.token)
        elif place.link is link:
            place.link = None
            self._set_status(link.token, "away")

    def _set_status(self, token: str, status: str) -> None:
        before = self.status.get(token)
        self.status = {**self.status, token: status}
        if status == "away" and before == "connected":
            self.notices.append(Notice("away", token))

    # -- what phones are sent ------------------------------------------------------------------

    def publish(self, token: str, message: Message) -> None:
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

    def hello(self, token: str, message: Message) -> None:
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
