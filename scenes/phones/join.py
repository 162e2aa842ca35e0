"""The join screen: a QR code and a short address for each phone seat, and who is in.

Opened by a set-up whose table has phone seats: it opens the app's PhoneHub (fresh tokens,
the server started on its own thread) and shows, per phone seat, its code, its address and
whether its phone is connected. Start goes on to the game (a phone may still join later: the
table waits on its turn and shows its code); Back returns to the set-up, and once no screen
plays with phones the server stops. If phones cannot join, it says why in words.
"""

from __future__ import annotations

import pygame

from scenes.phones.check import command as check_command
from scenes.phones.paint import STATUS_COLOURS, draw_phone_icon
from scenes.phones.qr import qr_surface
from scenes.shell.input import Intent
from scenes.shell.registry import open_scene
from scenes.shell.scene import Scene
from scenes.table.seats import seat_colour
from scenes.ui.keycaps import draw_hints
from scenes.ui.lang import t
from scenes.ui.palette import Palette
from scenes.ui.text import READ, SMALL, draw_fitted, draw_text, draw_wrapped, ellipsize, fit_line, fits
from scenes.ui.theme import draw_backdrop, title_image
from scenes.ui.widgets import draw_button, draw_panel

AREA = pygame.Rect(40, 164, 1200, 446)
BUTTONS = {"back": pygame.Rect(330, 630, 260, 54), "start": pygame.Rect(640, 630, 330, 54)}
GAP = 16


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


class PhoneJoinScene(Scene):
    """Scan to join: one card per phone seat, then Start."""

    def __init__(self, app, setup, game: str = "table") -> None:
        """setup: the GameSetup about to be played; game: the screen to open next ("table", "duel_game")."""
        super().__init__(app)
        self.setup = setup
        self.game = game
        self.seats = setup.phones
        self.focus = "start"
        self.hot: str | None = None
        self.time = 0.0
        for seat in self.seats:
            app.input.unbind_player(seat)  # a phone seat has no keys: no key at the TV acts for it
        app.phones.open({seat: setup.seats[seat].name for seat in self.seats})

    @property
    def phone_seats(self) -> tuple[int, ...]:
        """The seats being joined: the server stays up while this screen is on."""
        return self.seats

    @property
    def all_in(self) -> bool:
        """Every phone seat's phone is connected."""
        return all(self.app.phones.connected(seat) for seat in self.seats)

    # -- intents ---------------------------------------------------------------------------

    def handle(self, intent: Intent) -> bool:
        """←/→ choose, Enter (or a click) presses, Esc goes back."""
        kind = intent.kind
        if kind == "back":
            self.back()
            return True
        if kind in ("left", "right", "tab", "up", "down"):
            self.focus = "back" if self.focus == "start" else "start"
            self.app.sound.play("tick", 0.5)
            return True
        if kind == "motion" and intent.pos is not None:
            self.hot = next((name for name, rect in BUTTONS.items() if rect.collidepoint(intent.pos)), None)
            if self.hot is not None:
                self.focus = self.hot
            return True
        if kind == "click" and intent.pos is not None:
            for name, rect in BUTTONS.items():
                if rect.collidepoint(intent.pos):
                    self.press(name)
                    return True
            return False
        if kind in ("confirm", "select"):
            self.press("back" if self.app.phones.phase == "failed" else self.focus)
            return True
        return False

    def press(self, name: str) -> None:
        """Back or Start."""
        if name == "back":
            self.back()
        elif self.app.phones.phase == "ready":
            self.app.sound.play("deal")
            self.app.stack.replace(open_scene(self.game, self.app, self.setup))
        else:
            self.app.sound.play("tock")

    def back(self) -> None:
        """To the set-up (the server stops once no screen plays with phones)."""
        self.app.sound.play("tock")
        key = "duel" if self.game == "duel_game" else "card_setup"
        if key == "duel":
            self.app.stack.replace(open_scene("duel", self.app))
        else:
            game = self.setup.rules.game.value
            self.app.stack.replace(open_scene("card_setup", self.app, game, self.setup))

    def update(self, dt: float) -> None:
        """Time for the pulsing of what waits; once phones cannot join, Enter goes back."""
        self.time += dt
        if self.app.phones.phase == "failed":
            self.focus = "back"  # the only way on: back to the set-up, to seat these people otherwise

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Felt, title, one card per phone seat, the buttons."""
        draw_backdrop(surface)
        title = title_image(t("phone.join.title"), 52)
        surface.blit(title, title.get_rect(center=(640, 48)))
        hub = self.app.phones
        trouble = hub.trouble()
        if trouble is not None:
            box = AREA.inflate(-200, -160)
            draw_panel(surface, box, (40, 8, 12, 220), (*Palette.RED_LIGHT, 200), 20, 2)
            inner = box.inflate(-60, -50)
            below = draw_wrapped(surface, trouble, inner, 24, Palette.CREAM, True)
            draw_wrapped(surface, t("phone.join.failed"), pygame.Rect(inner.x, below + 18, inner.w, 80), 19,
                         Palette.GOLD_LIGHT)  # fmt: skip
        else:
            said = draw_fitted(surface, t("phone.join.tagline"), (640, 80), AREA.w, READ, Palette.CREAM_DIM,
                               anchor="midtop", max_lines=2, gap=-3)  # fmt: skip
            for seat, rect in zip(self.seats, card_rects(len(self.seats)), strict=True):
                self._card(surface, seat, rect)
            port = hub.server.port if hub.server is not None else ""
            help_line = t("phone.join.help", port=port, command=check_command())
            draw_fitted(surface, help_line, (640, said.bottom + 2), AREA.w, READ, Palette.GOLD_LIGHT,
                        anchor="midtop", max_lines=2, gap=-3)  # fmt: skip
        ready = hub.phase == "ready"
        draw_button(surface, BUTTONS["back"], t("phone.join.back"), "dark", focused=self.focus == "back",
                    live=hub.phase == "failed", key="Esc", time=self.time)  # fmt: skip
        start = t("phone.join.start") if self.all_in or not ready else t("phone.join.start_waiting")
        draw_button(surface, BUTTONS["start"], start, "gold", focused=self.focus == "start", enabled=ready,
                    live=ready and self.all_in, key="Enter" if ready else None, time=self.time)  # fmt: skip
        hints = [("←→", t("hint.choose")), ("Enter", t("hint.select")), ("Esc", t("hint.back"))]
        draw_hints(surface, hints, 703)

    def _card(self, surface: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        hub = self.app.phones
        status = hub.status(seat) or "waiting"
        url = hub.url(seat)
        colour = seat_colour(seat)
        edge = STATUS_COLOURS["connected"] if status == "connected" else colour
        draw_panel(surface, rect, (4, 22, 14, 215), (*edge, 230), 18, 3 if status == "connected" else 2)
        name = self.setup.seats[seat].name
        size, name = fit_line(name, rect.w - 70, 28, READ, True)
        draw_text(surface, name, (rect.x + 20, rect.y + 26), size, colour, True, "midleft")
        draw_phone_icon(surface, (rect.right - 26, rect.y + 26), 30, Palette.CREAM, status)
        words = {"connected": t("phone.join.connected"), "away": t("phone.join.away")}.get(
            status, t("phone.join.waiting") if url else t("phone.join.starting"))
        draw_text(surface, words, (rect.centerx, rect.bottom - 20), 18,
                  STATUS_COLOURS.get(status, Palette.CREAM), True, "center")  # fmt: skip
        if url is None:
            return
        address = _address_lines(url.removeprefix("http://"), rect.w - 20)
        room = min(rect.w - 30, rect.h - 110 - 20 * (len(address[1]) - 1))
        code = qr_surface(url, room)
        spot = code.get_rect(midtop=(rect.centerx, rect.y + 50))
        surface.blit(code, spot)
        if status == "connected":  # the code is used: dim it, a big tick over it
            veil = pygame.Surface(spot.size, pygame.SRCALPHA)
            veil.fill((4, 22, 14, 170))
            surface.blit(veil, spot)
            draw_text(surface, "✓", spot.center, spot.h // 2, STATUS_COLOURS["connected"], True, "center")
        # the address to type when the camera fails: as big as the card allows (small print at worst)
        size, lines = address
        for row, line in enumerate(lines):
            draw_text(surface, line, (rect.centerx, spot.bottom + 14 + row * 20), size, Palette.CREAM, False,
                      "center", role="line" if size >= READ else "aside")  # fmt: skip


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
