"""What phone play adds to the television: a phone sign on each phone seat, and the phone seat
whose turn it is where a hand would be — with its join code only while no phone has joined it
(a joined seat's code is never drawn: its phone comes back by itself)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import pygame

from bluffhouse.scenes.phones.qr import qr_surface
from bluffhouse.scenes.ui.anim import pulse
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_fitted, draw_text, fit_line, fit_lines, font
from bluffhouse.scenes.ui.widgets import draw_panel

if TYPE_CHECKING:
    from bluffhouse.scenes.phones.watchers import AudienceLook

STATUS_COLOURS = {"connected": Palette.TRUE, "waiting": Palette.GOLD_LIGHT, "away": Palette.RED_LIGHT}


class SeatShown(Protocol):
    """A phone seat as the television shows it (scenes/play/phones.py's PhoneSeatLook)."""

    @property
    def seat(self) -> int: ...
    @property
    def status(self) -> str: ...


class TurnShown(Protocol):
    """The phone seat whose turn it is, where a hand would be (scenes/play/phones.py's PhoneTurnLook)."""

    @property
    def line(self) -> str: ...
    @property
    def away(self) -> bool: ...
    @property
    def url(self) -> str | None: ...
    @property
    def hint(self) -> str | None: ...


class PhonesShown(Protocol):
    """What phone play adds to a frame (scenes/play/phones.py's PhonesLook)."""

    @property
    def seats(self) -> Sequence[SeatShown]: ...
    @property
    def turn(self) -> TurnShown | None: ...


def draw_phone_icon(
    surface: pygame.Surface,
    center: tuple[int, int],
    height: int,
    colour: tuple[int, ...] = Palette.CREAM,
    status: str | None = None,
) -> pygame.Rect:
    """A little phone (a rounded slab with a screen), and a dot of its link's colour; its body's rect."""
    image = phone_icon(height, tuple(colour), status)
    pad = icon_pad(height)
    spot = image.get_rect(center=(center[0] + pad // 2, center[1] - pad // 2))
    surface.blit(image, spot)
    body = pygame.Rect(0, 0, max(6, round(height * 0.56)), height)
    body.center = center
    return body


PAD = 12  # room around the body for its edge and the status dot


def icon_pad(height: int) -> int:
    """Room around a phone sign's body for its edge and its status dot (which grows with it)."""
    return max(PAD, height // 5 + 5)


@lru_cache(maxsize=64)
def phone_icon(height: int, colour: tuple[int, ...], status: str | None) -> pygame.Surface:
    """The phone sign drawn once on a transparent surface (the body centred, shifted by pad/2)."""
    w = max(6, round(height * 0.56))
    pad = icon_pad(height)
    surface = pygame.Surface((w + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w, height)
    body.center = (surface.get_width() // 2 - pad // 2, surface.get_height() // 2 + pad // 2)
    radius = max(2, w // 4)
    pygame.draw.rect(surface, Palette.INK, body.inflate(4, 4), border_radius=radius + 2)
    pygame.draw.rect(surface, colour, body, border_radius=radius)
    screen = body.inflate(-max(2, w // 4), -max(4, height // 3))
    screen.y = body.y + max(2, height // 8)
    pygame.draw.rect(surface, Palette.INK, screen, border_radius=max(1, radius // 2))
    pygame.draw.circle(
        surface, Palette.INK, (body.centerx, body.bottom - max(2, height // 10)), max(1, height // 14)
    )
    if status is not None:
        dot = (body.right + 1, body.top + 2)
        pygame.draw.circle(surface, Palette.INK, dot, max(4, height // 5) + 2)
        pygame.draw.circle(surface, STATUS_COLOURS.get(status, Palette.GREY), dot, max(4, height // 5))
    return surface


def draw_phone_seats(
    surface: pygame.Surface, look: PhonesShown, rects: dict[int, pygame.Rect], time: float, edge: bool = False
) -> None:
    """On each phone seat's panel: a phone sign, and "away" while its phone is not there (beside
    the sign; with edge, as a pill on the panel's edge, clear of its name and of the turn's pill)."""
    for seat_look in look.seats:
        rect = rects.get(seat_look.seat)
        if rect is None:
            continue
        status = seat_look.status
        center = (rect.right - 14, rect.top + 16)
        if status == "away" and int(time * 2) % 2 == 0:
            status = "waiting"  # the dot blinks while the table waits for that phone
        draw_phone_icon(surface, center, 24, Palette.CREAM, status)
        if seat_look.status == "away" and edge:
            _away_pill(surface, rect)
        elif seat_look.status == "away":
            words = t("phone.tv.away_short")
            draw_text(
                surface, words, (rect.right - 30, rect.top + 16), READ, Palette.RED_LIGHT, True, "midright"
            )


def phone_status_rects(
    look: PhonesShown | None, rects: dict[int, pygame.Rect], turn_rect: pygame.Rect, edge: bool = False
) -> tuple[pygame.Rect, ...]:
    """Where this frame shows how the phones are (their signs, "away", the phone seat whose turn it
    is): short messages keep clear of them (Scene.toast_clear)."""
    if look is None:
        return ()
    out = []
    for seat_look in look.seats:
        rect = rects.get(seat_look.seat)
        if rect is not None:  # the whole panel with its edge pill, or the sign and its word
            out.append(rect.inflate(0, 24) if edge else pygame.Rect(rect.right - 150, rect.top, 150, 34))
    if look.turn is not None:
        out.append(turn_rect)
    return tuple(out)


def _away_pill(surface: pygame.Surface, panel: pygame.Rect) -> None:
    """ "away" in a red pill at the right of the panel's edge the turn's pill is not on (a lower
    seat's turn pill sits on its top edge, an upper seat's hangs under it): clear of every word."""
    size, words = fit_line(t("phone.tv.away_short"), panel.w - 46, READ, READ, True)
    pill = pygame.Rect(0, 0, font(size, True).size(words)[0] + 18, 26)
    pill.midright = (panel.right - 14, panel.bottom if panel.centery > 360 else panel.top)
    pill.y = min(pill.y, surface.get_height() - pill.h - 2)
    pygame.draw.rect(surface, Palette.RED, pill, border_radius=10)
    pygame.draw.rect(surface, Palette.RED_LIGHT, pill, 1, border_radius=10)
    draw_text(surface, words, pill.center, size, Palette.CREAM, True, "center", None)


def draw_phone_turn(surface: pygame.Surface, turn: TurnShown, time: float, rect: pygame.Rect) -> None:
    """Where a hand would be: "Ana plays on her phone", "Ana's phone is away — waiting", or the
    code to scan of a seat no phone has joined yet."""
    draw_panel(surface, rect, (4, 22, 14, 190), (*Palette.GOLD, 120), 16, 2, shadow=False)
    text_left = rect.x + 86
    if turn.url:
        code = qr_surface(turn.url, rect.h - 8)  # whole pixels a module: 4 at 720p
        spot = code.get_rect(midright=(rect.right - 8, rect.centery))
        surface.blit(code, spot)
        text_right = spot.left - 16
    else:
        text_right = rect.right - 24
    glow = 0.5 + 0.5 * pulse(time, 1.4)
    colour = Palette.RED_LIGHT if turn.away else Palette.CREAM
    draw_phone_icon(
        surface,
        (rect.x + 44, rect.centery),
        round(52 + 4 * glow),
        colour,
        "away" if turn.away else "connected",
    )
    width = text_right - text_left
    if not turn.away:
        draw_fitted(
            surface,
            turn.line,
            (text_left, rect.centery),
            width,
            26,
            Palette.CREAM,
            True,
            "midleft",
            smallest=READ,
            max_lines=2,
        )
        return
    # who is away and what to do, whole and together in the middle of the panel: a longer
    # language takes more lines of the hint (the heading gives way to the reading size first)
    hint = turn.hint or (t("phone.tv.rejoin") if not turn.url else t("phone.tv.scan_hint"))
    room = rect.h - 16
    said_size, said = fit_lines(turn.line, width, 26, READ, True, 2, room // 2, -2)
    said_h = len(said) * (font(said_size, True).get_linesize() - 2)
    hint_size, hint_lines = fit_lines(hint, width, READ, READ, False, 5, room - said_h - 6, -2)
    hint_h = len(hint_lines) * (font(hint_size).get_linesize() - 2)
    top = rect.centery - (said_h + 6 + hint_h) // 2
    said_rect = draw_fitted(
        surface,
        turn.line,
        (text_left, top),
        width,
        26,
        Palette.CREAM,
        True,
        "topleft",
        smallest=READ,
        max_lines=2,
        height=room // 2,
    )
    draw_fitted(
        surface,
        hint,
        (text_left, said_rect.bottom + 6),
        width,
        READ,
        Palette.GOLD_LIGHT,
        anchor="topleft",
        smallest=READ,
        max_lines=5,
        height=room - said_h - 6,
    )


def draw_audience(
    surface: pygame.Surface, look: AudienceLook | None, area: pygame.Rect
) -> pygame.Rect | None:
    """The audience's sign in its corner of the screen (area: the most it may take): how many
    watch ("Audience: 5") and, at a reveal, the room's vote ("The room said lie, 9 to 3") under
    it; the rect drawn (None: nothing to show)."""
    if look is None:
        return None
    width = area.w - 24
    sign = t("audience.sign", n=look.count)
    room = area.h - 38  # under the sign: the room's vote shrinks, then wraps, to stay in the area
    room_size = READ
    room_lines: tuple[str, ...] = ()
    if look.room:
        room_size, room_lines = fit_lines(look.room, width, 22, READ, True, 3, room, -2)
    step = font(room_size, True).get_linesize() - 2
    height = 34 + (len(room_lines) * step + 6 if room_lines else 0)
    widths = [font(room_size, True).size(line)[0] for line in room_lines]
    text_w = max([font(READ, True).size(sign)[0] + 34, *widths])
    box = pygame.Rect(area.x, area.y, min(area.w, text_w + 24), min(area.h, height))
    draw_panel(surface, box, (4, 22, 14, 200), (*Palette.GOLD, 140), 12, 1, shadow=False)
    draw_phone_icon(surface, (box.x + 16, box.y + 17), 18, Palette.GOLD_LIGHT)
    draw_fitted(
        surface, sign, (box.x + 30, box.y + 17), box.w - 40, READ, Palette.GOLD_LIGHT, True, "midleft"
    )
    for row, line in enumerate(room_lines):
        draw_text(surface, line, (box.x + 12, box.y + 34 + row * step), room_size, Palette.CREAM, True)
    return box
