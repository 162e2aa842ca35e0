"""PhoneHub: the game thread's side of phone play — tokens, addresses, what phones are sent.

The App keeps one hub. A join screen opens it for the phone seats of a game (fresh tokens, the
server started on its own thread); game screens publish each phone seat's own state through it;
every frame the App's tick() turns connection news into toasts and closes the hub once no
screen on the stack plays with phones any more (the game ended, or everybody left).

A phone's press arrives on the server's thread and is posted, as it is, to pygame's event
queue (pygame 2's event.post is thread-safe): the input layer, the one reader of that queue,
turns it into an Intent in arrival order among the keys, clicks and pad buttons of the frame.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame

from scenes.phones.network import where
from scenes.phones.protocol import Press
from scenes.phones.texts import page_texts
from scenes.shell.input import PHONE_PRESS
from scenes.ui.lang import t

if TYPE_CHECKING:
    from scenes.phones.server import Notice, PhoneServer
    from scenes.shell.app import App

TROUBLES = ("port_in_use", "no_network", "not_local", "not_allowed", "other")


def post_press(press: Press) -> None:
    """Put a phone's press on pygame's event queue (called on the server's thread)."""
    try:
        pygame.event.post(pygame.event.Event(PHONE_PRESS, press=press))
    except pygame.error:
        pass  # pygame is shutting down: the press goes nowhere, as a key would


class PhoneHub:
    """The phone seats of the game being played, their links, and the server behind them."""

    def __init__(self, post: Callable[[Press], None] = post_press) -> None:
        """post: where a phone's press goes (pygame's event queue in the game)."""
        self.post = post
        self.server: PhoneServer | None = None
        self.tokens: dict[int, str] = {}
        self.names: dict[int, str] = {}
        self.notices: collections.deque[Notice] = collections.deque(maxlen=256)
        self.sent: dict[int, dict] = {}  # the last state published to each seat
        self.serials: dict[int, int] = {}
        self.opened = 0  # how many times open() dealt fresh tokens (one per game)
        self.warmed: tuple[str, ...] = ()  # the join addresses whose QR codes are being made
        self.warming: threading.Thread | None = None

    # -- opening and closing -------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        """The phone seats open now."""
        return tuple(sorted(self.tokens))

    def open(self, names: dict[int, str]) -> None:
        """Fresh tokens for these phone seats (seat -> name); start the server if it is not up.

        Never blocks: the server binds on its own thread (see `phase`). The server's module
        (and aiohttp) is imported only here: a game without phones never loads it."""
        from scenes.phones.server import PAGE_DIR, PhoneServer, new_token

        self.tokens = {seat: new_token() for seat in names}
        self.names = dict(names)
        self.sent.clear()
        self.serials.clear()
        self.opened += 1
        server = self.server
        if server is not None and (server.running or not server.ready.is_set()):
            server.words = page_texts()
            server.set_tokens(self.tokens)
            return
        place = where()
        self.server = PhoneServer(PAGE_DIR, self.post, self.notices)
        self.server.words = page_texts()
        if place.trouble is not None:
            self.server.trouble, self.server.detail = place.trouble, place.host
            self.server.ready.set()
            return
        self.server.set_tokens(self.tokens)
        self.server.start(place.host, place.port, place.fallback)

    def close(self, wait: float = 0.0) -> None:
        """Stop listening, forget the tokens (old links are refused from now on)."""
        server, self.server = self.server, None
        self.tokens, self.names = {}, {}
        self.sent.clear()
        if server is not None:
            server.stop(wait)

    @property
    def phase(self) -> str:
        """"off", "starting", "ready" or "failed"."""
        server = self.server
        if server is None:
            return "off"
        if not server.ready.is_set():
            return "starting"
        return "ready" if server.trouble is None and server.running else "failed"

    def trouble(self) -> str | None:
        """Why phones cannot join, in words for the screen; None when nothing is wrong."""
        server = self.server
        if server is None or not server.ready.is_set() or self.phase == "ready":
            return None
        kind = server.trouble if server.trouble in TROUBLES else "other"
        return t(f"phone.trouble.{kind}", port=server.port or where().port, detail=server.detail)

    def address(self) -> str | None:
        """http://host:port of the server, once it listens."""
        server = self.server
        if self.phase != "ready" or server is None:
            return None
        host = f"[{server.host}]" if ":" in server.host else server.host
        return f"http://{host}:{server.port}"

    def url(self, seat: int) -> str | None:
        """The join address of a phone seat (its token inside), once the server listens."""
        base = self.address()
        token = self.tokens.get(seat)
        return None if base is None or token is None else f"{base}/p/{token}"

    def status(self, seat: int) -> str | None:
        """"waiting" (never joined), "connected", "away", or None (no such phone seat)."""
        if seat not in self.tokens:
            return None
        server = self.server
        return server.status.get(seat, "waiting") if server is not None else "waiting"

    def connected(self, seat: int) -> bool:
        """Whether the seat's phone is connected now."""
        return self.status(seat) == "connected"

    # -- sending -------------------------------------------------------------------------

    def publish(self, seat: int, state: dict) -> bool:
        """Send a seat's own state to its phone unless it is the same as the last; True if sent."""
        if seat not in self.tokens or self.sent.get(seat) == state:
            return False
        self.sent[seat] = state
        serial = self.serials.get(seat, 0) + 1
        self.serials[seat] = serial
        if self.server is not None:
            self.server.publish(seat, {**state, "t": "state", "serial": serial})
        return True

    def hello(self, seat: int, message: dict) -> None:
        """What the seat's phone gets first on every connection (names, texts, the game); the
        page itself speaks the same words from then on."""
        if seat in self.tokens and self.server is not None:
            self.server.words = message.get("texts") or self.server.words
            self.server.hello(seat, {**message, "t": "hello"})

    def notify(self, seat: int, text: str) -> None:
        """A short message for one phone ("Not your turn")."""
        if seat in self.tokens and self.server is not None:
            self.server.publish(seat, {"t": "notice", "text": text})

    # -- every frame ---------------------------------------------------------------------

    def tick(self, app: App) -> None:
        """Connection news become toasts; the server stops once no screen plays with phones."""
        while self.notices:
            notice = self.notices.popleft()
            name = self.names.get(notice.seat)
            if name is not None:
                app.say(f"phone.toast.{notice.kind}", name=name)
        if self.server is not None and not any(phone_seats(scene) for scene in app.stack.scenes):
            self.close()
        urls = tuple(url for url in map(self.url, self.seats) if url is not None)
        if urls and urls != self.warmed:  # the codes are made beside the game, never in a frame
            self.warmed = urls
            from scenes.phones.qr import warm

            self.warming = warm(urls)


def phone_seats(scene) -> Iterable[int]:
    """The phone seats a screen plays with (none for most screens)."""
    return getattr(scene, "phone_seats", ())
