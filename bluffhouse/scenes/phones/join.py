"""The join screen: a QR code and a short address for each phone seat no phone has joined yet.

Opened by a set-up whose table has phone seats: it seats the app's PhoneHub for them (the same
people keep the phones they played on earlier this evening; only a new seat gets a new code),
and shows, per phone seat, its code while nobody has joined it, then that its phone is in —
the code gone for good. Start goes on to the game (a phone may still join later: the table waits
on its turn); Back returns to the set-up. If phones cannot join, it says why in words.

The same screen opens over a game from the pause menu ("Phones"): there a seat whose phone is
lost (a flat battery) gets a new code after the television confirms, and Back returns to the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

import pygame

from bluffhouse.scenes.phones.check import command as check_command
from bluffhouse.scenes.phones.paint import STATUS_COLOURS, draw_phone_icon
from bluffhouse.scenes.phones.qr import qr_surface
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette, seat_colour
from bluffhouse.scenes.ui.text import (
    READ,
    SMALL,
    draw_fitted,
    draw_text,
    draw_wrapped,
    ellipsize,
    fit_line,
    fits,
)
from bluffhouse.scenes.ui.theme import draw_backdrop, title_image
from bluffhouse.scenes.ui.widgets import draw_button, draw_panel

if TYPE_CHECKING:
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.session import GameSetup

AREA = pygame.Rect(40, 164, 1200, 446)
BUTTONS = {"back": pygame.Rect(330, 630, 260, 54), "start": pygame.Rect(640, 630, 330, 54)}
ALONE = pygame.Rect(510, 630, 260, 54)  # Back, alone, over a game
GAP = 16
STATUS_GAP = -3  # the lines of a card's status, a little closer than the font's line size


def card_rects(count: int) -> list[pygame.Rect]:
    """Where each phone seat's card sits: one row of up to four, two rows beyond."""
    rows = 1 if count <= 4 else 2
    per_row = -(-count // rows)
    width = min(360, (AREA.w - GAP * (per_row - 1)) // per_row)
    height = (AREA.h - GAP * (rows - 1)) // rows
    rects = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        left = AREA.centerx - (in_row * width + (in_row - 1) * GAP) // 2
        rects.append(pygame.Rect(left + col * (width + GAP), AREA.y + row * (height + GAP), width, height))
    return rects


def renew_rect(card: pygame.Rect) -> pygame.Rect:
    """A joined seat's "New phone" button, near the foot of its card (room under it for a
    status of two lines)."""
    rect = pygame.Rect(0, 0, min(card.w - 40, 260), 44)
    rect.midbottom = (card.centerx, card.bottom - 52)
    return rect


M = TypeVar("M")
M_contra = TypeVar("M_contra", contravariant=True)


class GamePhones(Protocol[M_contra]):
    """A game's own phones (scenes/table/phones.py, scenes/duel/phones.py): told its moment."""

    def update(self, scene: Scene, moment: M_contra, /) -> None: ...


@runtime_checkable
class PhonedGame(Protocol[M]):
    """A game screen (scenes/play's PlayScene, a layer above): its phones, and its moment."""

    @property
    def phones(self) -> GamePhones[M]: ...

    def take_moment(self, paused: bool | None = None) -> M: ...


class PhoneJoinScene(Scene):
    """Scan to join: one card per phone seat, then Start (or, over a game, Back to it)."""

    def __init__(self, app: App, setup: GameSetup, game: str | None = "table") -> None:
        """setup: the GameSetup about to be played (or being played); game: the screen to open
        next ("table", "duel_game"), or None when this screen is pushed over the game itself."""
        super().__init__(app)
        self.setup = setup
        self.game = game
        self.seats = setup.phones
        self.focus = "start" if game else "back"
        self.hot: str | None = None
        self.time = 0.0
        if game is not None:
            for seat in self.seats:
                app.input.unbind_player(seat)  # a phone seat has no keys: no key at the TV acts for it
            app.phones.open({seat: setup.seats[seat].name for seat in self.seats})

    @property
    def phone_seats(self) -> tuple[int, ...]:
        """The seats being joined: the server stays up while this screen is on."""
        return self.seats

    @property
    def toast_top(self) -> int | None:
        """Short messages go over the title, never over a seat's card (its code, its phone)."""
        return 6

    @property
    def toast_clear(self) -> tuple[pygame.Rect, ...]:
        """The seats' cards: what each phone is doing is what this screen is for."""
        return tuple(card_rects(len(self.seats) + 1))

    @property
    def all_in(self) -> bool:
        """Every phone seat's phone is connected."""
        return all(self.app.phones.connected(seat) for seat in self.seats)

    def buttons(self) -> dict[str, pygame.Rect]:
        """Every button now: Back (and Start), and "New phone" on each card a phone has joined."""
        out = dict(BUTTONS) if self.game else {"back": ALONE}
        for seat, card in zip(self.seats, card_rects(len(self.seats) + 1), strict=False):
            if self.app.phones.status(seat) in ("connected", "away"):
                out[f"renew{seat}"] = renew_rect(card)
        return out

    # -- intents ---------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """←/→ choose, Enter (or a click) presses, Esc goes back."""
        kind = intent.kind
        if kind == "back":
            self.back()
            return True
        buttons = self.buttons()
        if kind in ("left", "right", "tab", "up", "down"):
            names = list(buttons)
            at = names.index(self.focus) if self.focus in names else 0
            self.focus = names[(at + (-1 if kind in ("left", "up") else 1)) % len(names)]
            self.app.sound.play("tick", 0.5)
            return True
        if kind == "motion" and intent.pos is not None:
            self.hot = next((name for name, rect in buttons.items() if rect.collidepoint(intent.pos)), None)
            if self.hot is not None:
                self.focus = self.hot
            return True
        if kind == "click" and intent.pos is not None:
            for name, rect in buttons.items():
                if rect.collidepoint(intent.pos):
                    self.press(name)
                    return True
            return False
        if kind in ("confirm", "select"):
            failed = self.app.phones.phase == "failed"
            self.press("back" if failed or self.focus not in buttons else self.focus)
            return True
        return False

    def press(self, name: str) -> None:
        """Back, Start, or a new code for a seat (asked first)."""
        if name == "back":
            self.back()
        elif name.startswith("renew"):
            seat = int(name.removeprefix("renew"))
            self.app.sound.play("tick")
            self.app.stack.push(open_scene("renew_seat", self.app, seat, self.setup.seats[seat].name))
        elif self.app.phones.phase == "ready" and self.game is not None:
            self.app.sound.play("deal")
            self.app.stack.replace(open_scene(self.game, self.app, self.setup))
        else:
            self.app.sound.play("tock")

    def back(self) -> None:
        """To the set-up (or back to the game this screen was opened over)."""
        self.app.sound.play("tock")
        if self.game is None:
            self.app.stack.pop()
        elif self.game == "duel_game":
            self.app.stack.replace(open_scene("duel", self.app))
        else:
            game = self.setup.rules.game.value
            self.app.stack.replace(open_scene("card_setup", self.app, game, self.setup))

    def update(self, dt: float) -> None:
        """Time for the pulsing of what waits; the phones in are told the game is about to start."""
        self.time += dt
        hub = self.app.phones
        if hub.phase == "failed":
            self.focus = "back"  # the only way on: back to the set-up, to seat these people otherwise
        elif self.focus not in self.buttons():
            self.focus = "start" if self.game else "back"  # its card's phone is gone: a new code shows
        if self.game is not None:
            for seat in self.seats:
                hub.lobby(seat, t("phone.page.lobby"))
            return
        for scene in self.app.stack.scenes:  # over a game: its phones (a new one too) see it paused
            if scene is not self and scene.phone_seats and getattr(scene, "phones", None) is not None:
                if isinstance(scene, PhonedGame):
                    scene.phones.update(scene, scene.take_moment(paused=True))

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, one card per phone seat, the buttons."""
        draw_backdrop(surface)
        title = title_image(t("phone.join.title" if self.game else "phone.join.title_game"), 52)
        surface.blit(title, title.get_rect(center=(640, 48)))
        hub = self.app.phones
        trouble = hub.trouble()
        buttons = self.buttons()
        if trouble is not None:
            box = AREA.inflate(-200, -160)
            draw_panel(surface, box, (40, 8, 12, 220), (*Palette.RED_LIGHT, 200), 20, 2)
            inner = box.inflate(-60, -50)
            below = draw_wrapped(surface, trouble, inner, 24, Palette.CREAM, True)
            draw_wrapped(
                surface,
                t("phone.join.failed"),
                pygame.Rect(inner.x, below + 18, inner.w, 80),
                19,
                Palette.GOLD_LIGHT,
            )
        else:
            said = draw_fitted(
                surface,
                t("phone.join.tagline"),
                (640, 80),
                AREA.w,
                READ,
                Palette.CREAM_DIM,
                anchor="midtop",
                max_lines=2,
                gap=-3,
            )
            rects = card_rects(len(self.seats) + 1)  # the last: the audience's, for everyone else
            for seat, rect in zip(self.seats, rects, strict=False):
                self._card(surface, seat, rect, buttons.get(f"renew{seat}"))
            self._audience(surface, rects[-1])
            port = hub.server.port if hub.server is not None else ""
            help_line = t("phone.join.help", port=port, command=check_command())
            draw_fitted(
                surface,
                help_line,
                (640, said.bottom + 2),
                AREA.w,
                READ,
                Palette.GOLD_LIGHT,
                anchor="midtop",
                max_lines=2,
                gap=-3,
            )
        ready = hub.phase == "ready"
        back = t("phone.join.back") if self.game else t("phone.join.back_game")
        draw_button(
            surface,
            buttons["back"],
            back,
            "dark",
            focused=self.focus == "back",
            live=hub.phase == "failed",
            key="Esc",
            time=self.time,
        )
        if self.game:
            start = t("phone.join.start") if self.all_in or not ready else t("phone.join.start_waiting")
            draw_button(
                surface,
                BUTTONS["start"],
                start,
                "gold",
                focused=self.focus == "start",
                enabled=ready,
                live=ready and self.all_in,
                key="Enter" if ready else None,
                time=self.time,
            )
        hints = [("←→", t("hint.choose")), ("Enter", t("hint.select")), ("Esc", t("hint.back"))]
        draw_hints(surface, hints, 703)

    def _audience(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        hub = self.app.phones
        _audience_card(surface, rect, hub.watch_url(), hub.watchers.audience.count)

    def _card(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, renew: pygame.Rect | None) -> None:
        hub = self.app.phones
        status = hub.status(seat) or "waiting"
        colour = seat_colour(seat)
        edge = STATUS_COLOURS["connected"] if status == "connected" else colour
        draw_panel(surface, rect, (4, 22, 14, 215), (*edge, 230), 18, 3 if status == "connected" else 2)
        name = self.setup.seats[seat].name
        size, name = fit_line(name, rect.w - 70, 28, READ, True)
        draw_text(surface, name, (rect.x + 20, rect.y + 26), size, colour, True, "midleft")
        draw_phone_icon(surface, (rect.right - 26, rect.y + 26), 30, Palette.CREAM, status)
        code = hub.code(seat)  # only a seat no phone has joined: a joined seat's link is never shown
        words = {"connected": t("phone.join.connected"), "away": t("phone.join.away")}.get(
            status, t("phone.join.waiting") if code else t("phone.join.starting")
        )
        # what the phone is doing, whole: a long language takes a second line (the code gives it room)
        said = draw_fitted(
            surface,
            words,
            (rect.centerx, rect.bottom - 8),
            rect.w - 24,
            READ,
            STATUS_COLOURS.get(status, Palette.CREAM),
            True,
            "midbottom",
            max_lines=2,
            gap=STATUS_GAP,
        )
        if renew is not None:  # joined: the phone, big, and a way to give the seat to another
            top = rect.y + 50
            room = max(40, renew.top - top - 16)
            height = min(150, room - 24)
            draw_phone_icon(surface, (rect.centerx, top + room // 2), height, Palette.CREAM, status)
            draw_button(
                surface,
                renew,
                t("phone.join.renew"),
                "dark",
                focused=self.focus == f"renew{seat}",
                time=self.time,
                size=READ,
            )
            return
        if code is None:
            return
        _code_and_address(surface, rect, code, said.top)


def _audience_card(surface: pygame.Surface, rect: pygame.Rect, url: str | None, count: int) -> None:
    """The audience's card: its code to scan while the game is on (any number of phones, up to the
    audience's limit), its address, and how many watch."""
    draw_panel(surface, rect, (4, 22, 14, 215), (*Palette.GOLD, 200), 18, 2)
    size, title = fit_line(t("audience.sign", n=count), rect.w - 70, 28, READ, True)
    draw_text(surface, title, (rect.x + 20, rect.y + 26), size, Palette.GOLD_LIGHT, True, "midleft")
    draw_phone_icon(surface, (rect.right - 26, rect.y + 26), 30, Palette.GOLD_LIGHT)
    foot = (rect.centerx, rect.bottom - 8)
    said = draw_fitted(
        surface,
        t("audience.join.tagline"),
        foot,
        rect.w - 24,
        READ,
        Palette.CREAM,
        True,
        "midbottom",
        max_lines=2,
        gap=STATUS_GAP,
    )
    if url is None:
        return
    _code_and_address(surface, rect, url, said.top)


def _code_and_address(surface: pygame.Surface, rect: pygame.Rect, url: str, above: int) -> None:
    """A card's QR code under its title, as big as the room above `above` (its words) allows,
    then the address to type when the camera fails (small print at worst)."""
    size, lines = _address_lines(url.removeprefix("http://"), rect.w - 20)
    room = min(rect.w - 30, above - rect.y - 80 - 20 * (len(lines) - 1))
    image = qr_surface(url, room)
    spot = image.get_rect(midtop=(rect.centerx, rect.y + 50))
    surface.blit(image, spot)
    for row, line in enumerate(lines):
        draw_text(
            surface,
            line,
            (rect.centerx, spot.bottom + 14 + row * 20),
            size,
            Palette.CREAM,
            False,
            "center",
            role="line" if size >= READ else "aside",
        )


def _address_lines(address: str, width: int) -> tuple[int, tuple[str, ...]]:
    """A phone's address to type: on one line, else broken before its path ("/p/…"), at the
    reading size if it fits, else smaller (never under SMALL); the size and the lines."""
    if fits(address, width, READ):
        return READ, (address,)
    host, slash, path = address.partition("/")
    lines = (host, slash + path) if slash else (address,)
    for size in range(READ, SMALL - 1, -1):
        if all(fits(line, width, size) for line in lines):
            return size, lines
    return SMALL, tuple(ellipsize(line, width, SMALL) for line in lines)
