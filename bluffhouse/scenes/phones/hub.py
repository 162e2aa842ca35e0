"""PhoneHub: the game thread's side of phone play — the evening's phones, their seats, what they are sent.

The App keeps one hub. A person on a phone is a guest of the evening: their join link (a token)
and the phone it belongs to (devices.py) stay from one game to the next — Play again, Set-up,
the menu and a new game — so the same phones play on without scanning again. `open(names)`
seats the guests of a game: a phone seat keeps the guest who had that seat under that name, or
else a guest of that name, or else a new one gets a fresh link (and only that one has a code
to scan). Game screens publish each phone seat's own state through the hub.

Every frame the App's tick() turns connection news into toasts, asks the television when
another device asks for a seat, tells guests with no game on that they wait for the next, and
stops the server when no screen plays with phones and no phone ever joined.

A phone's press arrives on the server's thread and is posted, as it is, to pygame's event
queue (pygame 2's event.post is thread-safe): the input layer, the one reader of that queue,
turns it into an Intent in arrival order among the keys, clicks and pad buttons of the frame.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from bluffhouse.scenes.phones.network import where
from bluffhouse.scenes.phones.protocol import Message
from bluffhouse.scenes.phones.texts import page_texts
from bluffhouse.scenes.phones.watchers import Watchers
from bluffhouse.scenes.shell.input import PHONE_PRESS
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.ui.intents import Press
from bluffhouse.scenes.ui.lang import t

if TYPE_CHECKING:
    from bluffhouse.scenes.phones.devices import Notice
    from bluffhouse.scenes.phones.server import PhoneServer
    from bluffhouse.scenes.shell.app import App

TROUBLES = ("port_in_use", "no_network", "not_local", "every_network", "not_allowed", "other")


def post_press(press: Press) -> None:
    """Put a phone's press on pygame's event queue (called on the server's thread)."""
    try:
        pygame.event.post(pygame.event.Event(PHONE_PRESS, press=press))
    except pygame.error:
        pass  # pygame is shutting down: the press goes nowhere, as a key would


@dataclass(slots=True)
class Guest:
    """A person on a phone this evening: their join link, their name, their seat in this game."""

    token: str
    name: str
    seat: int | None


class PhoneHub:
    """The evening's phones, the seats they play in this game, and the server behind them."""

    def __init__(self, post: Callable[[Press], None] = post_press) -> None:
        """post: where a phone's press goes (pygame's event queue in the game)."""
        self.post = post
        self.server: PhoneServer | None = None
        self.guests: list[Guest] = []
        self.names: dict[int, str] = {}  # the phone seats of this game: seat -> name
        self.notices: collections.deque[Notice] = collections.deque(maxlen=256)
        self.sent: dict[str, Message] = {}  # the last state published to each link
        self.serials: dict[str, int] = {}
        self.opened = 0  # how many times open() seated a game
        self.warmed: tuple[str, ...] = ()  # the join addresses whose QR codes are being made
        self.warming: threading.Thread | None = None
        self.watchers = Watchers(self)  # the audience (scenes/phones/watchers.py)

    # -- opening and closing -------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        """The phone seats of this game."""
        return tuple(sorted(self.names))

    def token(self, seat: int) -> str | None:
        """The join link token of a phone seat of this game."""
        return next((guest.token for guest in self.guests if guest.seat == seat), None)

    def open(self, names: dict[int, str]) -> None:
        """Seat these phone seats (seat -> name) for a game; start the server if it is not up.

        Never blocks: the server binds on its own thread (see `phase`). The server's module
        (and aiohttp) is imported only here: a game without phones never loads it."""
        from bluffhouse.scenes.phones.devices import new_token
        from bluffhouse.scenes.phones.server import PAGE_DIR, PhoneServer

        self._seat_guests(names, new_token)
        self.names = dict(names)
        self.sent.clear()
        self.opened += 1
        server = self.server
        if server is not None and (server.running or not server.ready.is_set()):
            server.words = page_texts()
            server.set_places(self._places())
            return
        place = where()
        self.server = PhoneServer(PAGE_DIR, self.post, self.notices)
        self.server.words = page_texts()
        if place.trouble is not None:
            self.server.fail(place.trouble, place.host)
            return
        self.server.set_places(self._places())
        self.server.start(place.host, place.port, place.fallback)

    def _places(self) -> dict[str, int | None]:
        """The evening's join links for the server: token -> seat in this game (None: not in it)."""
        return {guest.token: guest.seat for guest in self.guests}

    def _seat_guests(self, names: dict[int, str], new_token: Callable[[], str]) -> None:
        """Who plays each phone seat: the guest who had that seat under that name, else one of
        that name (a seat moved in the set-up), else a new guest with a fresh link; a guest whose
        phone never joined and who has no seat now is forgotten (their code was never used)."""
        free, chosen = list(self.guests), {}
        wanted = sorted(names.items())
        for same_seat in (True, False):
            for seat, name in wanted:
                guest = next((g for g in free if g.name == name and (g.seat == seat or not same_seat)), None)
                if seat not in chosen and guest is not None:
                    chosen[seat] = guest
                    free.remove(guest)
        for guest in free:
            guest.seat = None
        for seat, name in wanted:
            chosen.setdefault(seat, Guest(new_token(), name, None)).seat = seat
        self.guests = [chosen[seat] for seat, _ in wanted] + [g for g in free if self.joined(g.token)]

    def close(self, wait: float = 0.0) -> None:
        """Stop listening and forget the evening's phones (their links are refused from now on)."""
        server, self.server = self.server, None
        self.guests, self.names = [], {}
        self.watchers = Watchers(self)
        self.sent.clear()
        if server is not None:
            server.stop(wait)

    @property
    def phase(self) -> str:
        """ "off", "starting", "ready" or "failed"."""
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
        token = self.token(seat)
        return None if base is None or token is None else f"{base}/p/{token}"

    def watch_url(self) -> str | None:
        """The audience's join address (one for the evening), once the server listens."""
        base = self.address()
        return None if base is None or self.server is None else f"{base}/p/{self.server.crowd.token}"

    def code(self, seat: int) -> str | None:
        """The join address the television may draw for a seat: only while no phone has joined
        it (a joined seat's link opens nothing without its phone, and is never shown again)."""
        return self.url(seat) if self.status(seat) == "waiting" else None

    def status(self, seat: int) -> str | None:
        """ "waiting" (no phone joined yet), "connected", "away", or None (no such phone seat)."""
        token = self.token(seat)
        if token is None:
            return None
        server = self.server
        return server.status.get(token, "waiting") if server is not None else "waiting"

    def joined(self, token: str) -> bool:
        """Whether a phone has joined through this link (connected now, or away)."""
        server = self.server
        return server is not None and server.status.get(token, "waiting") != "waiting"

    def connected(self, seat: int) -> bool:
        """Whether the seat's phone is connected now."""
        return self.status(seat) == "connected"

    # -- moving a seat to another phone ------------------------------------------------------

    def knocking(self, token: str) -> bool:
        """Whether another device asks for this link's seat now."""
        return self.asking(token) is not None

    def asking(self, token: str) -> str | None:
        """The two digits the device asking for this link's seat shows (None: nobody asks)."""
        return self.server.asking.get(token) if self.server is not None else None

    def move(self, token: str, code: str) -> None:
        """The television said yes to the device showing `code`: it plays the link's seat; the old
        phone is told (a yes never reaches a device showing another code)."""
        if self.server is not None:
            self.server.move(token, code)

    def keep(self, token: str, code: str) -> None:
        """The television said no to the device showing `code`: the seat stays on its phone."""
        if self.server is not None:
            self.server.keep(token, code)

    def renew(self, seat: int) -> None:
        """A new code for a seat whose phone is lost (the television confirmed it): the old link
        opens nothing any more and its phone is told; the new code is shown until a phone joins."""
        from bluffhouse.scenes.phones.devices import new_token

        guest = next((g for g in self.guests if g.seat == seat), None)
        if guest is None or self.server is None:
            return
        self.server.retire(guest.token)
        guest.token = new_token()
        self.opened += 1  # the games send their hellos again: the new link has none yet
        self.server.set_places(self._places())

    def seat_watcher(self, number: int, name: str) -> None:
        """A watcher takes a free seat at Play again: a guest of that name with a fresh link, which
        the watcher's phone opens as its first phone (crowd.Crowd.seat); the next game seats it."""
        from bluffhouse.scenes.phones.devices import new_token

        if self.server is None:
            return
        guest = Guest(new_token(), name, None)
        self.guests.append(guest)
        self.server.set_places(self._places())
        self.server.watchers(self.server.crowd.seat, number, guest.token)
        self.watchers.leave(number)

    # -- sending -------------------------------------------------------------------------

    def publish(self, seat: int, state: Message) -> bool:
        """Send a seat's own state to its phone unless it is the same as the last; True if sent."""
        token = self.token(seat)
        return token is not None and self._state(token, state)

    def lobby(self, seat: int, text: str) -> bool:
        """Tell a seat's phone it waits (no game on its screen yet): "Waiting for the game to start"."""
        return self.publish(seat, {"lobby": True, "status": text, "name": self.names.get(seat, "")})

    def _state(self, token: str, state: Message) -> bool:
        if self.sent.get(token) == state:
            return False
        self.sent[token] = state
        serial = self.serials.get(token, 0) + 1
        self.serials[token] = serial
        if self.server is not None:
            self.server.publish(token, {**state, "t": "state", "serial": serial})
        return True

    def hello(self, seat: int, message: Message) -> None:
        """What the seat's phone gets first on every connection (names, texts, the game); the
        page itself speaks the same words from then on."""
        token = self.token(seat)
        if token is not None and self.server is not None:
            texts = message.get("texts")
            if isinstance(texts, dict) and texts:
                self.server.words = texts
            self.server.hello(token, {**message, "t": "hello"})

    def notify(self, seat: int, text: str) -> None:
        """A short message for one phone ("Not your turn")."""
        token = self.token(seat)
        if token is not None and self.server is not None:
            self.server.publish(token, {"t": "notice", "text": text})

    def unheard(self, seat: int) -> None:
        """A phone's press reached a screen that takes none (a question, the pause): it did not
        count, and that phone is told so (never dropped without a word)."""
        self.notify(seat, t("phone.note.not_now"))

    # -- every frame ---------------------------------------------------------------------

    def tick(self, app: App) -> None:
        """Connection news become toasts, a knock asks the television; between games the phones
        are told they wait; the server stops once no screen plays with phones and none joined."""
        while self.notices:
            notice = self.notices.popleft()
            guest = next((g for g in self.guests if g.token == notice.token), None)
            if guest is None:
                continue
            if notice.kind == "knock":
                self._ask(app, guest)
            else:
                app.say(f"phone.toast.{notice.kind}", name=guest.name)
        if self.server is None:
            return
        playing = {seat for scene in app.stack.scenes for seat in phone_seats(scene)}
        if not playing and not any(self.joined(guest.token) for guest in self.guests):
            self.close()
            return
        if self.phase == "ready":
            shown = any(getattr(scene, "audience_shown", False) for scene in app.stack.scenes)
            self.watchers.tick(self.server, shown)
        for guest in self.guests:
            if guest.seat is None or guest.seat not in playing:
                waits = {"lobby": True, "status": t("phone.page.lobby_next"), "name": guest.name}
                self._state(guest.token, waits)
        urls = tuple(url for url in (*map(self.code, self.seats), self.watch_url()) if url is not None)
        if urls and urls != self.warmed:  # the codes are made beside the game, never in a frame
            self.warmed = urls
            from bluffhouse.scenes.phones.qr import warm

            self.warming = warm(urls)

    def _ask(self, app: App, guest: Guest) -> None:
        """Another device opened a joined seat's link: the television decides (never the link),
        asked about the device showing this code (a question about an earlier asker, gone
        meanwhile, closes by itself)."""
        code = self.asking(guest.token)
        if code is None:
            return  # withdrawn already: nothing to ask
        asked = [*app.stack.scenes, *(scene for _, scene in app.stack.pending if scene is not None)]
        if not any(getattr(scene, "knock", None) == (guest.token, code) for scene in asked):
            app.stack.push(open_scene("move_seat", app, guest.token, guest.name, code))


def phone_seats(scene: Scene) -> Iterable[int]:
    """The phone seats a screen plays with (none for most screens)."""
    return getattr(scene, "phone_seats", ())
