"""The seats around the table: badge, name, cards left, bullets, challenge key, turn glow, peeks."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from bluffhouse.game.cards import Card
from bluffhouse.scenes import art
from bluffhouse.scenes.table import hand as table_hand
from bluffhouse.scenes.table.layout import SeatPlace
from bluffhouse.scenes.ui.anim import lerp_color, pulse
from bluffhouse.scenes.ui.keycaps import draw_keycap, keycap_size
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import badge_letters
from bluffhouse.scenes.ui.palette import Palette, seat_colour
from bluffhouse.scenes.ui.text import READ, SMALL, draw_text, fit_line, fit_lines, fits, font, text_width
from bluffhouse.scenes.ui.widgets import draw_panel

BULLET_H = 26
PEEK_WIDTH = 58


@dataclass(slots=True)
class SeatLook:
    """Everything one seat panel shows, gathered by the scene each frame."""

    seat: int
    name: str
    human: bool
    you: bool  # the only person at the table
    cards: int
    bullets: int
    bullets_per: int
    bullet_out: bool
    key: str | None  # challenge key, shown as a key cap
    key_lit: bool
    turn: bool
    winner: bool
    style: str  # card back style
    score: int | None = None  # Kamu match points so far
    emptied: bool = False


def bullet_slot(place: SeatPlace, index: int, per: int) -> tuple[int, int]:
    """The centre of bullet `index` (0 = leftmost) on a seat's panel."""
    gap = 14
    right = place.rect.right - 16
    x = right - (per - 1 - index) * gap - 5
    return x, place.rect.bottom - 24


def initials(name: str) -> str:
    """What a seat's badge shows (one rule for every screen: scenes.ui.names.badge_letters)."""
    return badge_letters(name)


def draw_seat(surface: pygame.Surface, place: SeatPlace, look: SeatLook, time: float) -> None:
    """One seat's panel."""
    rect = place.rect
    colour = seat_colour(look.seat)
    if look.turn or look.winner:
        glow = pulse(time, 1.3)
        halo = pygame.Surface((rect.w + 40, rect.h + 40), pygame.SRCALPHA)
        for grow in range(5, 0, -1):
            alpha = round((26 + 26 * glow) * (6 - grow) / 5)
            pygame.draw.rect(
                halo,
                (*Palette.GOLD_LIGHT, alpha),
                halo.get_rect().inflate(-40 + grow * 7, -40 + grow * 7),
                border_radius=22 + grow * 3,
            )
        surface.blit(halo, (rect.x - 20, rect.y - 20))
    fill = (10, 40, 27, 230) if look.turn else (6, 26, 17, 205)
    border = (*Palette.GOLD_LIGHT, 255) if look.turn or look.winner else (*colour, 150)
    draw_panel(surface, rect, fill, border, radius=16, width=3 if look.turn else 2)
    # a stripe of the seat's colour on the left edge
    pygame.draw.rect(surface, colour, (rect.x + 6, rect.y + 14, 4, rect.h - 28), border_radius=2)
    badge = art.seat_badge(look.seat, initials(look.name), 50, look.turn or look.winner)
    surface.blit(badge, badge.get_rect(center=(rect.x + 42, rect.y + 40)))
    name_right = rect.right - 12
    if look.key:
        wide = font(16, True).size(look.key)[0] > 44  # "Pad 1 ✕/A": sits on the panel's edge
        room = rect.right - 12 - (rect.x + 74)
        beside = rect.right - 10 - keycap_size(look.key, 16)[0] - 6 - (rect.x + 74)
        if not fits(look.name, beside, READ, True) and fits(look.name, room, READ, True):
            wide = True  # a name one cap too long for its line ("2. játékos"): the cap on the edge
        spot, anchor = (
            ((rect.right - 10, rect.y + 6), "bottomright")
            if wide
            else ((rect.right - 10, rect.y + 10), "topright")
        )
        cap = draw_keycap(
            surface, look.key, spot, SMALL if wide else 16, anchor, lit=look.key_lit, dim=not look.key_lit
        )
        if look.key_lit:
            ring = pygame.Surface((cap.w + 12, cap.h + 12), pygame.SRCALPHA)
            alpha = round(90 + 120 * pulse(time, 0.8))
            pygame.draw.rect(ring, (*Palette.GOLD_LIGHT, alpha), ring.get_rect(), 3, border_radius=10)
            surface.blit(ring, cap.inflate(12, 12))
        name_right = rect.right - 12 if wide else cap.left - 6
    # smaller (not under READ), then on a second line, then cut
    size, names = fit_lines(look.name, name_right - (rect.x + 74), 21, READ, True, 2)
    step = font(size, True).get_linesize() - 4
    for row, name in enumerate(names):
        drawn = draw_text(surface, name, (rect.x + 74, rect.y + 12 + row * step), size, Palette.CREAM, True)
    tag = t("table.you") if look.you else (None if look.human else t("table.cpu"))
    if tag and drawn.right + 8 + font(SMALL).size(tag)[0] < name_right:  # beside the name's last line
        draw_text(
            surface,
            tag,
            (drawn.right + 7, drawn.centery + 2),
            SMALL,
            Palette.CREAM_DIM,
            anchor="midleft",
            role="aside",
        )
    cards_right = _draw_cards_left(surface, rect, look, _fan(rect, look))
    if look.bullets_per:
        for index in range(look.bullets_per):
            if index < look.bullets:
                state = "full"
            elif index == look.bullets and look.bullet_out:
                state = "empty"
            else:
                state = "spent"
            icon = art.bullet_icon(BULLET_H, state)
            surface.blit(icon, icon.get_rect(center=bullet_slot(place, index, look.bullets_per)))
    elif look.score is not None:
        _draw_score(surface, rect, look.score, cards_right)
    if look.turn:
        _turn_tag(surface, place, look, time)
    if look.winner:
        draw_text(
            surface, "♛", (rect.x + 42, rect.y - 4), 30, Palette.GOLD_LIGHT, True, "center", role="decor"
        )


SCORE_GAP = 12  # at least this much felt between the cards left and the points: "13" "0 pts"


def _draw_score(surface: pygame.Surface, rect: pygame.Rect, score: int, cards_right: int) -> pygame.Rect:
    """The match points in a gold-edged pill at the bottom right, well apart from the cards left."""
    room = rect.right - 10 - (cards_right + SCORE_GAP) - 12
    words = t("table.points", n=score)
    size, text = fit_line(words, room, READ, READ, True)
    if text != words:  # no room for the word: the number alone, in the pill that says "points"
        text = str(score)
    pill = pygame.Rect(0, 0, font(size, True).size(text)[0] + 12, 26)
    pill.midright = (rect.right - 10, rect.bottom - 25)
    pygame.draw.rect(surface, (52, 40, 12), pill, border_radius=12)
    pygame.draw.rect(surface, Palette.GOLD, pill, 1, border_radius=12)
    draw_text(surface, text, pill.center, size, Palette.GOLD_LIGHT, True, "center")
    return pill


def _fan(rect: pygame.Rect, look: SeatLook) -> int:
    """How many small backs go beside the cards left: three, one when the points share the line,
    none when even one would crowd a long word for points."""
    if look.score is None:
        return 3
    words = text_width(t("table.points", n=look.score), READ, True) + 12
    one_back = rect.x + 78 + 16 + 7 + text_width(str(look.cards), 22, True)
    return 1 if rect.right - 10 - (one_back + SCORE_GAP) - 12 >= words else 0


def _draw_cards_left(surface: pygame.Surface, rect: pygame.Rect, look: SeatLook, fan: int = 3) -> int:
    """Small fanned backs (one when the points need the room) and the number of cards left;
    returns where the number ends."""
    x, y = rect.x + 78, rect.bottom - 25
    if look.cards == 0:
        colour = Palette.RED_LIGHT if look.emptied else Palette.CREAM_DIM
        return draw_text(surface, "0", (x, y), 22, colour, True, "midleft").right
    back = table_hand.rotated(art.card_back(20, look.style), 0)
    shown = min(fan, look.cards)
    for i in range(shown):
        angle = (i - (shown - 1) / 2) * -14
        image = table_hand.rotated(back, angle)
        surface.blit(image, image.get_rect(center=(x + i * 7, y)))
    at = x + 16 + shown * 7 if shown else x - 8
    count = draw_text(surface, str(look.cards), (at, y), 22, Palette.CREAM, True, "midleft")
    return count.right


def _turn_tag(surface: pygame.Surface, place: SeatPlace, look: SeatLook, time: float) -> None:
    """A gold pill on the panel's edge: "to play", with thinking dots for a computer player."""
    text = (
        t("table.your_turn") if look.you else t("table.thinking") if not look.human else t("table.tag.turn")
    )
    dots = "." * (1 + int(time * 3) % 3) if not look.human else ""
    size = READ
    w = (
        max(
            font(size, True).size(t("table.thinking") + "...")[0] if not look.human else 0,
            font(size, True).size(text)[0],
        )
        + 22
    )
    tag = pygame.Rect(0, 0, w, 26)
    rect = place.rect
    tag.center = (rect.x + 22 + w // 2, rect.top - 3)  # the left of the edge: keys sit on the right
    if place.towards[1] < -0.3 and not place.bottom:
        tag.center = (rect.x + 22 + w // 2, rect.bottom)
    bob = round(2 * math.sin(time * 5))
    tag.move_ip(0, bob)
    fill = lerp_color(Palette.GOLD, Palette.GOLD_LIGHT, pulse(time, 1.3))
    pygame.draw.rect(surface, fill, tag, border_radius=11)
    pygame.draw.rect(surface, Palette.GOLD_DARK, tag, 2, border_radius=11)
    drawn = draw_text(surface, text, (tag.x + 11, tag.centery), size, Palette.INK, True, "midleft", None)
    if dots:  # drawn on their own: the animation is not part of the translated word
        draw_text(surface, dots, (drawn.right, tag.centery), size, Palette.INK, True, "midleft", None)


def draw_peek(
    surface: pygame.Surface, place: SeatPlace, cards: Sequence[Card | None], seat: int, style: str
) -> None:
    """A person holding their peek key: their own cards, small, beside their seat (as seen())."""
    cards = tuple(cards)
    if not cards:
        return
    faces = table_hand.hand_faces(cards, seat, PEEK_WIDTH, style)
    height = faces[0].get_height()
    per_row, step, row_step = 14, 28, height // 2 + 8
    rows = [faces[i : i + per_row] for i in range(0, len(faces), per_row)]
    width = PEEK_WIDTH + step * (min(len(faces), per_row) - 1) + 24
    box = place.beside((width, height + (len(rows) - 1) * row_step + 24), gap=10)
    draw_panel(surface, box, (4, 18, 12, 240), (*seat_colour(seat), 240), radius=12)
    for r, row in enumerate(rows):
        for i, face in enumerate(row):
            surface.blit(face, (box.x + 12 + i * step, box.y + 12 + r * row_step))
