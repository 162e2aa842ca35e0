"""Card faces: the common card stock, corner indices, the French 52, and the dispatcher."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from bluffhouse.game.cards import Card, parse_card
from bluffhouse.scenes.art.base import (
    SS,
    Shape,
    cut,
    ellipse_pts,
    mix,
    opaque_canvas,
    path,
    shrink,
    text,
    vgradient,
)
from bluffhouse.scenes.art.cache import cached
from bluffhouse.scenes.art.suits import RED_SUITS, draw_suit, drawn_suit, suit_colour
from bluffhouse.scenes.ui.palette import Palette

CARD_RATIO = 1.4


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a card drawn `width` px wide."""
    width = int(width)
    return width, round(width * CARD_RATIO)


def card_radius(width: int) -> int:
    """Corner radius of a card, in px."""
    return max(3, round(width * 0.07))


def as_card(card: Card | str) -> Card:
    """Accept a Card or its notation ("10H", "UZ", "*S")."""
    return card if isinstance(card, Card) else parse_card(card)


# --- card stock ----------------------------------------------------------------------
def stock(w: int, h: int, top, bottom, edge) -> pygame.Surface:
    """A blank hi-res card: rounded, a faint gradient, a thin darker edge (a fresh copy)."""
    return _blank_stock(w, h, tuple(top), tuple(bottom), tuple(edge)).copy()


@lru_cache(maxsize=16)
def _blank_stock(w: int, h: int, top, bottom, edge) -> pygame.Surface:
    """The blank card every face of one deck and size starts from: made once, copied."""
    hi = opaque_canvas(w, h, bg=edge)
    rect = hi.get_rect()
    r = card_radius(w) * SS
    pygame.draw.rect(hi, edge, rect, border_radius=r)
    vgradient(hi, rect.inflate(-2 * SS, -2 * SS), top, bottom, radius=r - SS)
    return hi


def card_finish(hi: pygame.Surface, w: int, h: int) -> pygame.Surface:
    """Round the corners of a hi-res card canvas and shrink it to its final size."""
    return shrink(cut(hi, card_radius(w) * SS), w, h)


def tight(surf: pygame.Surface) -> pygame.Surface:
    """Crop a text surface to its inked pixels (font boxes carry ascent padding)."""
    box = surf.get_bounding_rect()
    return surf.subsurface(box).copy() if box.width and box.height else surf


def condensed(label: str, size: int, colour) -> pygame.Surface:
    """A word set glyph by glyph with tight spacing: "VIII" and "10" fit a narrow corner
    without squeezing the letters themselves."""
    if len(label) < 2:
        return text(label, size, colour)
    glyphs = []
    for ch in label:
        g = text(ch, size, colour)
        box = g.get_bounding_rect()
        glyphs.append(g.subsurface((box.x, 0, box.width, g.get_height())) if box.width else g)
    gap = max(1, round(size * 0.05))
    out = pygame.Surface(
        (sum(g.get_width() for g in glyphs) + gap * (len(glyphs) - 1), glyphs[0].get_height()),
        pygame.SRCALPHA,
    )
    x = 0
    for g in glyphs:
        out.blit(g, (x, 0))
        x += g.get_width() + gap
    return out


class Index:
    """A corner index: rank text over a suit sign, placed top-left (and turned, bottom-right)."""

    def __init__(
        self,
        w: int,
        h: int,
        label: str,
        suit: str | None,
        colour,
        font_px: int,
        suit_h: float,
        col_cx: float,
        top: float,
        max_w: float,
        gap: float,
    ):
        self.w, self.h = w, h
        self.label = tight(condensed(label, font_px, colour))
        if self.label.get_width() > max_w:
            self.label = pygame.transform.smoothscale(self.label, (round(max_w), self.label.get_height()))
        self.text_pos = (round(col_cx - self.label.get_width() / 2), round(top))
        self.suit = suit
        self.suit_h = suit_h
        self.suit_c = (col_cx, top + self.label.get_height() + gap + suit_h / 2)

    def draw_hi(self, hi: pygame.Surface) -> None:
        """The two suit signs, on the hi-res canvas."""
        if self.suit is None:
            return
        x, y = self.suit_c
        draw_suit(hi, self.suit, x * SS, y * SS, self.suit_h * SS)
        draw_suit(hi, self.suit, (self.w - x) * SS, (self.h - y) * SS, self.suit_h * SS, flip=True)

    def draw_text(self, surf: pygame.Surface) -> None:
        """The two labels, at native resolution so they stay hinted and crisp."""
        surf.blit(self.label, self.text_pos)
        turned = pygame.transform.rotate(self.label, 180)
        x, y = self.text_pos
        surf.blit(turned, (self.w - x - turned.get_width(), self.h - y - turned.get_height()))


# --- French --------------------------------------------------------------------------
L, C, R = 0.0, 0.5, 1.0
PIPS: dict[str, list[tuple[float, float]]] = {
    "2": [(C, 0), (C, 1)],
    "3": [(C, 0), (C, 0.5), (C, 1)],
    "4": [(L, 0), (R, 0), (L, 1), (R, 1)],
    "5": [(L, 0), (R, 0), (C, 0.5), (L, 1), (R, 1)],
    "6": [(L, 0), (R, 0), (L, 0.5), (R, 0.5), (L, 1), (R, 1)],
    "7": [(L, 0), (R, 0), (C, 0.25), (L, 0.5), (R, 0.5), (L, 1), (R, 1)],
    "8": [(L, 0), (R, 0), (C, 0.25), (L, 0.5), (R, 0.5), (C, 0.75), (L, 1), (R, 1)],
    "9": [(L, 0), (R, 0), (L, 1 / 3), (R, 1 / 3), (C, 0.5), (L, 2 / 3), (R, 2 / 3), (L, 1), (R, 1)],
    "10": [
        (L, 0),
        (R, 0),
        (C, 1 / 6),
        (L, 1 / 3),
        (R, 1 / 3),
        (L, 2 / 3),
        (R, 2 / 3),
        (C, 5 / 6),
        (L, 1),
        (R, 1),
    ],
}


def draw_pips(hi, suit: str, layout, w: int, h: int, pip_h: float, box, turn: bool = True) -> None:
    """Pips in the classic layout; with `turn`, those in the lower half are upside down."""
    x0, x1, y0, y1 = box
    for px, py in layout:
        cx = (x0 + (x1 - x0) * px) * w * SS
        cy = (y0 + (y1 - y0) * py) * h * SS
        flip = turn and py > 0.5
        # A pip is stamped from one drawn at the same fraction of a pixel: the same pixels
        # as drawing it here (opaque shapes, integer shift), drawn once per card size.
        left, top = math.floor(cx), math.floor(cy)
        stamp, pad = _pip_stamp(suit, pip_h * SS, flip, cx - left, cy - top)
        hi.blit(stamp, (left - pad, top - pad))


@lru_cache(maxsize=512)
def _pip_stamp(suit: str, height: float, flip: bool, fx: float, fy: float) -> tuple[pygame.Surface, int]:
    """One pip on a clear canvas, its centre `pad` + (fx, fy) from the top-left corner."""
    pad = math.ceil(height * 0.8) + 4  # shapes are at most ~1.3 high and wide, outlines included
    stamp = pygame.Surface((2 * pad + 1, 2 * pad + 1), pygame.SRCALPHA)
    draw_suit(stamp, suit, pad + fx, pad + fy, height, flip=flip)
    return stamp, pad


def _headgear(rank: str) -> Shape:
    """Crown for the king, tiara for the queen, plumed cap for the jack (unit shapes)."""
    dark = (110, 70, 10)
    if rank == "K":
        crown = [
            (-0.5, 0.3),
            (-0.5, -0.15),
            (-0.25, 0.06),
            (0, -0.3),
            (0.25, 0.06),
            (0.5, -0.15),
            (0.5, 0.3),
        ]
        return Shape(
            [
                ("poly", Palette.GILT, crown),
                ("ring", dark, crown, 0.05),
                ("dots", Palette.GILT, [(-0.5, -0.17, 0.08), (0, -0.33, 0.09), (0.5, -0.17, 0.08)]),
                ("line", dark, [(-0.5, 0.16), (0.5, 0.16)], 0.05),
                ("dots", Palette.SUIT_RED, [(-0.25, 0.23, 0.055), (0.25, 0.23, 0.055)]),
                ("dots", (40, 90, 190), [(0, 0.23, 0.065)]),
            ]
        )
    if rank == "Q":
        arc = path((-0.5, 0.3), ((-0.45, -0.1), (0.45, -0.1), (0.5, 0.3)), n=16)
        tiara = arc + path((0.5, 0.3), ((0.2, 0.18), (-0.2, 0.18), (-0.5, 0.3)), n=12)
        return Shape(
            [
                ("poly", Palette.GILT, tiara),
                ("ring", dark, tiara, 0.05),
                ("dots", Palette.GILT, [(-0.33, -0.0, 0.06), (0, -0.1, 0.08), (0.33, 0.0, 0.06)]),
                ("dots", Palette.SUIT_RED, [(0, 0.12, 0.07)]),
                ("dots", (40, 90, 190), [(-0.25, 0.17, 0.045), (0.25, 0.17, 0.045)]),
            ]
        )
    cap = path((-0.5, 0.3), ((-0.55, -0.25), (0.45, -0.3), (0.5, 0.3)), n=16) + [(-0.5, 0.3)]
    plume = path((-0.05, -0.05), ((0.0, -0.45), (0.35, -0.55), (0.62, -0.42)), n=12)
    return Shape(
        [
            ("line", (60, 30, 20), plume, 0.16),
            ("line", (200, 44, 54), plume, 0.1),
            ("poly", (52, 84, 168), cap),
            ("ring", (20, 30, 70), cap, 0.05),
            ("line", Palette.GILT, [(-0.48, 0.22), (0.48, 0.22)], 0.1),
            ("dots", Palette.SUIT_RED, [(0.0, 0.22, 0.07)]),
        ]
    )


def _court_panel(hi, card: Card, w: int, h: int, sign: str, label: str) -> None:
    """The framed panel of a J, Q or K: headgear and letter, mirrored, the suit between.

    sign: the suit sign to draw (the four-colour deck's own diamonds and clubs)."""
    red = card.suit in RED_SUITS
    ink = suit_colour(sign)
    tint = (252, 232, 226) if red else (228, 234, 246)
    x0, x1, y0, y1 = 0.29 * w, 0.71 * w, 0.075 * h, 0.925 * h
    rect = pygame.Rect(round(x0 * SS), round(y0 * SS), round((x1 - x0) * SS), round((y1 - y0) * SS))
    vgradient(hi, rect, mix(tint, (255, 255, 255), 0.5), tint, radius=round(0.04 * w * SS))
    stripe = mix(tint, ink, 0.08)
    hi.set_clip(rect.inflate(-SS * 2, -SS * 2))
    for k in range(-rect.height, rect.width, max(2, round(0.05 * w * SS))):
        a = (rect.left + k, rect.top)
        b = (rect.left + k + rect.height, rect.bottom)
        pygame.draw.line(hi, stripe, a, b, SS)
    hi.set_clip(None)
    pygame.draw.rect(hi, Palette.GILT, rect, width=round(0.03 * w * SS), border_radius=round(0.04 * w * SS))
    pygame.draw.rect(
        hi,
        ink,
        rect.inflate(-round(0.06 * w * SS), -round(0.06 * w * SS)),
        width=max(1, round(0.008 * w * SS)),
        border_radius=round(0.02 * w * SS),
    )
    cx = (x0 + x1) / 2 * SS
    _headgear(card.rank).draw(hi, cx, 0.255 * h * SS, 0.2 * w * SS)
    letter = tight(text(label, round(0.44 * w * SS), ink))
    hi.blit(letter, letter.get_rect(center=(round(cx), round(0.49 * h * SS))))
    draw_suit(hi, sign, cx, 0.72 * h * SS, 0.19 * w * SS)
    loz = [(0, -0.5), (0.5, 0), (0, 0.5), (-0.5, 0)]
    gem = Shape([("poly", Palette.GILT, loz), ("ring", mix(Palette.GILT, Palette.INK, 0.5), loz, 0.1)])
    for y in (0.125, 0.875):
        gem.draw(hi, cx, y * h * SS, 0.07 * w * SS)


@cached
def french_face(
    rank: str, suit: str, width: int, four: bool = False, label: str | None = None
) -> pygame.Surface:
    """One French card face (see card_face); four: the four-colour deck; label: the index as
    printed (index_label), the rank itself when None."""
    card = Card(rank, suit)
    label = label or rank
    w, h = card_size(width)
    sign = drawn_suit(suit, four)
    ink = suit_colour(sign)
    hi = stock(w, h, Palette.CARD_STOCK, mix(Palette.CARD_STOCK, (236, 230, 214), 0.6), (150, 142, 128))
    idx = Index(w, h, label, sign, ink, round(0.25 * w), 0.145 * w, 0.135 * w, 0.055 * w, 0.22 * w, 0.035 * w)
    idx.draw_hi(hi)
    if rank == "A":
        if suit == "S":
            ring = ellipse_pts(0, 0, 0.5, 0.5, 48)
            Shape([("ring", Palette.GILT, ring, 0.04), ("ring", Palette.INK, ring, 0.012)]).draw(
                hi, w / 2 * SS, h / 2 * SS, 0.62 * w * SS
            )
        draw_suit(hi, sign, w / 2 * SS, h / 2 * SS, (0.4 if suit == "S" else 0.44) * w * SS)
    elif rank in PIPS:
        draw_pips(hi, sign, PIPS[rank], w, h, 0.16 * w, (0.385, 0.615, 0.15, 0.85))
    else:
        _court_panel(hi, card, w, h, sign, label)
    surf = card_finish(hi, w, h)
    idx.draw_text(surf)
    return surf
