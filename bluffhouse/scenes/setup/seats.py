"""The seat list of the set-up screen: where each seat's cells sit, and how a seat looks."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from bluffhouse.scenes import art
from bluffhouse.scenes.phones.paint import draw_phone_icon
from bluffhouse.scenes.setup.model import MAX_SEATS, SeatDraft
from bluffhouse.scenes.ui.anim import lerp_color, pulse
from bluffhouse.scenes.ui.keycaps import draw_keycap
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import badge_letters
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import (
    READ,
    draw_fitted,
    draw_text,
    ellipsize,
    fit_line,
    fit_size,
    fits,
    fits_lines,
    font,
)
from bluffhouse.scenes.ui.widgets import draw_panel

SEAT_PANEL = pygame.Rect(32, 78, 672, 474)
ROW_X, ROW_W = SEAT_PANEL.x + 18, SEAT_PANEL.w - 36
DEAL_TOP, DEAL_H = SEAT_PANEL.y + 44, 46  # the deal (scenes.setup.deal) under the panel's title
ROWS_TOP = DEAL_TOP + DEAL_H + 4  # (the deal's words take a second line where a language is long)
ROWS_SPACE = SEAT_PANEL.bottom - 12 - ROWS_TOP
# (cell, left offset, width) inside a seat row; the badge sits in the first 44 pixels
CELLS = (("name", 50, 160), ("kind", 216, 172), ("keys", 394, 192), ("remove", 592, 44))


@dataclass(slots=True)
class SeatLook:
    """What the screen wants a seat row to show beyond the seat itself."""

    focus: str | None = None  # the focused cell of this row
    editing: bool = False
    fresh: bool = False  # the name will be replaced by the first typed letter
    capturing: str | None = None  # "challenge" | "peek" while waiting for this seat's key
    flash: float = 0.0  # 1 -> 0 after the seat's own key was pressed
    key_names: tuple[str | None, str | None] = (None, None)


def row_step(seats: int) -> int:
    """Rows are roomier when fewer seats (and the add row) share the panel."""
    return min(60, ROWS_SPACE // (seats + (seats < MAX_SEATS)))


def row_rect(index: int, seats: int) -> pygame.Rect:
    """The rectangle of seat row index when there are seats rows."""
    step = row_step(seats)
    return pygame.Rect(ROW_X, ROWS_TOP + index * step, ROW_W, step - 6)


def add_row_y(seats: int) -> int:
    """The top of the "+ person / + computer" row below the seats."""
    return ROWS_TOP + seats * row_step(seats) + 4


def cell_rect(index: int, cell: str, seats: int) -> pygame.Rect:
    """The rectangle of one cell ("name", "kind", "keys", "remove") of seat row index."""
    row = row_rect(index, seats)
    for name, left, width in CELLS:
        if name == cell:
            return pygame.Rect(row.x + left, row.y, width, row.h)
    raise KeyError(cell)


def seat_cells(seat: SeatDraft) -> list[str]:
    """The focusable cells of a seat: a computer player and a phone have no keys."""
    return ["name", "kind", "keys", "remove"] if seat.keyed else ["name", "kind", "remove"]


def _cell_back(surface: pygame.Surface, rect: pygame.Rect, focused: bool, time: float) -> tuple:
    """A cell's background; returns the text colour to use on it."""
    if focused:
        glow = pulse(time, 1.6)
        fill = lerp_color(Palette.GOLD, Palette.GOLD_LIGHT, 0.25 + 0.35 * glow)
        draw_panel(surface, rect, (*fill, 255), (*Palette.CREAM, 255), 12, 2, shadow=False)
        return Palette.INK
    draw_panel(surface, rect, (4, 22, 14, 150), (*Palette.GOLD, 60), 12, 1, shadow=False)
    return Palette.CREAM


def fit(text: str, size: int, width: int, bold: bool = False) -> int:
    """The largest font size not above size (nor below READ) at which text fits in width pixels."""
    return fit_size(text, width, size, READ, bold)


def draw_seat(
    surface: pygame.Surface, index: int, seats: int, seat: SeatDraft, look: SeatLook, time: float
) -> None:
    """One seat row (of seats rows): badge, name, kind, keys and the remove cross."""
    row = row_rect(index, seats)
    active = look.focus is not None
    if active:
        band = pygame.Surface((row.w + 8, row.h + 4), pygame.SRCALPHA)
        pygame.draw.rect(band, (*Palette.GOLD, 34), band.get_rect(), border_radius=14)
        surface.blit(band, (row.x - 4, row.y - 2))
    letters = badge_letters(seat.name) if seat.name.strip() else str(index + 1)  # (a name being typed)
    badge = art.seat_badge(index, letters, min(44, row.h), active)
    surface.blit(badge, badge.get_rect(center=(row.x + 20, row.centery)))
    _draw_name(surface, cell_rect(index, "name", seats), seat, look, time)
    kind = cell_rect(index, "kind", seats)
    color = _cell_back(surface, kind, look.focus == "kind", time)
    if seat.kind in ("coached", "phone"):  # "Person" over "+ coach" or "on a phone"
        extra = t(f"setup.kind.{'coach' if seat.kind == 'coached' else 'phone'}")
        _two_lines(surface, kind, t("setup.kind.person"), extra, color, top_bold=True)
    elif seat.human:
        draw_text(surface, t("setup.kind.person"), kind.center, 18, color, True, "center", None)
    else:  # "Computer" over its level
        _two_lines(
            surface, kind, t("setup.kind.computer_word"), t(f"setup.level.{seat.kind}"), color, top_bold=False
        )
    if seat.phone:
        draw_phone_note(surface, cell_rect(index, "keys", seats))
    elif seat.human:
        _draw_keys(surface, cell_rect(index, "keys", seats), seat, look, time)
    cross = cell_rect(index, "remove", seats)
    color = _cell_back(surface, cross, look.focus == "remove", time)
    draw_text(surface, "✕", cross.center, 20, color, True, "center", None)


def _two_lines(
    surface: pygame.Surface, cell: pygame.Rect, top: str, bottom: str, colour, top_bold: bool
) -> None:
    """A cell's two words, one over the other ("Person" over "+ coach", "Computer" over its level)."""
    half = max(10, min(11, (cell.h - 4) // 4))
    room = cell.w - 10
    if not fits(top, room, READ, top_bold):  # the word over it gives way: the level says it all
        draw_fitted(surface, bottom, cell.center, room, READ, colour, not top_bold, "center", shadow=None)
        return
    draw_fitted(
        surface, top, (cell.centerx, cell.centery - half), room, READ, colour, top_bold, "center", shadow=None
    )
    draw_fitted(
        surface,
        bottom,
        (cell.centerx, cell.centery + half),
        room,
        READ,
        colour,
        not top_bold,
        "center",
        shadow=None,
    )


def _draw_name(
    surface: pygame.Surface, rect: pygame.Rect, seat: SeatDraft, look: SeatLook, time: float
) -> None:
    if look.editing:
        pygame.draw.rect(surface, Palette.CARD, rect, border_radius=12)
        pygame.draw.rect(surface, Palette.GOLD, rect, 3, border_radius=12)
        text = ellipsize(seat.name, rect.w - 28, 20, keep="end")  # the end is where one types
        shown = draw_text(
            surface, text, (rect.x + 12, rect.centery), 20, Palette.INK, anchor="midleft", shadow=None
        )
        if look.fresh and seat.name:
            mark = pygame.Surface(shown.inflate(4, 2).size, pygame.SRCALPHA)
            mark.fill((*Palette.GOLD, 90))
            surface.blit(mark, shown.inflate(4, 2))
        if int(time * 2) % 2 == 0:
            x = shown.right + 2 if seat.name else rect.x + 12
            pygame.draw.line(surface, Palette.INK, (x, rect.y + 9), (x, rect.bottom - 9), 2)
        return
    color = _cell_back(surface, rect, look.focus == "name", time)
    size, name = fit_line(seat.name, rect.w - 24, 20, READ, True)
    draw_text(
        surface,
        name,
        (rect.x + 12, rect.centery),
        size,
        color,
        True,
        "midleft",
        None if look.focus == "name" else Palette.SHADOW,
    )


def _draw_keys(
    surface: pygame.Surface, rect: pygame.Rect, seat: SeatDraft, look: SeatLook, time: float
) -> None:
    focused = look.focus == "keys"
    challenge, peek = look.key_names
    waiting = look.capturing is not None or seat.challenge is None
    if waiting and not focused:
        glow = pulse(time, 1.2)
        fill = lerp_color((60, 44, 14), (120, 90, 30), glow)
        draw_panel(surface, rect, (*fill, 220), (*Palette.GOLD_LIGHT, 200), 12, 2, shadow=False)
        color = Palette.GOLD_LIGHT
    else:
        color = _cell_back(surface, rect, focused, time)
    if look.capturing == "challenge" or (seat.challenge is None and look.capturing is None):
        key = "setup.keys.press_challenge" if look.capturing else "setup.keys.join"
        draw_fitted(
            surface,
            t(key),
            rect.center,
            rect.w - 14,
            READ,
            color,
            True,
            "center",
            shadow=None,
            max_lines=2,
            height=rect.h,
        )
        return
    if look.flash > 0:  # the seat's own key was just pressed: the cell glows
        halo = pygame.Surface(rect.inflate(10, 10).size, pygame.SRCALPHA)
        pygame.draw.rect(
            halo, (*Palette.GOLD_LIGHT, round(230 * look.flash)), halo.get_rect(), 4, border_radius=15
        )
        surface.blit(halo, rect.inflate(10, 10))
    prefix, first, second = split_pad_prefix(challenge or "?", peek)
    clip = surface.get_clip()
    surface.set_clip(rect)
    x = rect.x + 8
    if prefix:
        shown = draw_text(surface, prefix, (x, rect.centery), READ, color, True, "midleft", None)
        x = shown.right + 5
    if look.capturing == "peek":
        cap = draw_keycap(surface, first, (x, rect.centery), 16, "midleft", lit=True)
        room = rect.right - cap.right - 12
        words = t("setup.keys.press_peek")
        if fits_lines(words, room, READ, True, 2):  # (else the prompt under the panels says it)
            draw_fitted(
                surface,
                words,
                (cap.right + 6, rect.centery),
                room,
                READ,
                color,
                True,
                "midleft",
                shadow=None,
                max_lines=2,
                height=rect.h,
            )
        else:
            lit = pulse(time, 1.2) > 0.5
            draw_keycap(surface, "?", (cap.right + 10, rect.centery), 16, "midleft", lit=lit)
        surface.set_clip(clip)
        return
    size, word = keys_fit(first, second, rect.right - x - 6)
    cap = draw_keycap(surface, first, (x, rect.centery), size, "midleft", lit=True)
    x = cap.right + 6
    if word:
        x = (
            draw_text(
                surface, t("setup.keys.peek"), (x, rect.centery), READ, color, False, "midleft", None
            ).right
            + 5
        )
    if second:
        draw_keycap(surface, second, (x, rect.centery), size, "midleft")
    else:
        draw_text(surface, "—", (x, rect.centery), 16, color, anchor="midleft", shadow=None)
    surface.set_clip(clip)


def draw_phone_note(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Where a person's keys would be: a phone, and that its code comes at Start."""
    draw_panel(surface, rect, (4, 22, 14, 110), (*Palette.GOLD, 50), 12, 1, shadow=False)
    icon = draw_phone_icon(surface, (rect.x + 20, rect.centery), min(28, rect.h - 12), Palette.CREAM)
    room = rect.right - icon.right - 16
    draw_fitted(
        surface,
        t("setup.keys.phone"),
        (icon.right + 10, rect.centery),
        room,
        READ,
        Palette.CREAM_DIM,
        anchor="midleft",
        shadow=None,
        max_lines=2,
        height=rect.h,
    )


def split_pad_prefix(first: str, second: str | None) -> tuple[str, str, str | None]:
    """Two buttons of one pad share their "Pad 1" prefix: ("Pad 1", "□/X", "✕/A")."""
    if second is None or " " not in first:
        return "", first, second
    head, _, tail = first.rpartition(" ")
    other_head, _, other_tail = second.rpartition(" ")
    if head and head == other_head and head.startswith(t("input.pad", n="").strip()):
        return head, tail, other_tail
    return "", first, second


def cap_width(label: str, size: int) -> int:
    """How wide draw_keycap draws label at size."""
    w, h = font(size, True).size(label)
    return max(round(h * 1.55), w + size)


def keys_fit(first: str, second: str | None, width: int) -> tuple[int, bool]:
    """The key-cap size, and whether the word "peek" fits between the two caps."""
    word = font(READ).size(t("setup.keys.peek"))[0] + 11
    for show_word in (True, False):
        for size in (16, 15, 14):
            total = cap_width(first, size) + (cap_width(second, size) if second else 16)
            if total + (word if show_word else 6) <= width:
                return size, show_word
    return 14, False
