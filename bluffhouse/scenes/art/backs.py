"""Card backs, the messy centre pile, and the shadow and glow that go under a card."""

from __future__ import annotations

import math
import random
import sys
from typing import ClassVar

import pygame

from bluffhouse.scenes.art import base as art_base
from bluffhouse.scenes.art import cards as art_cards
from bluffhouse.scenes.art import suits as art_suits
from bluffhouse.scenes.art.base import SS, Shape, ellipse_pts, mix, path, shrink, soft_shadow
from bluffhouse.scenes.art.cache import cached, on_clear
from bluffhouse.scenes.art.cards import card_finish, card_radius, card_size, stock
from bluffhouse.scenes.art.suits import draw_suit
from bluffhouse.scenes.ui import kept_pictures, palette
from bluffhouse.scenes.ui.palette import Palette

BACK_STYLES = ("french", "hungarian")
_SCHEMES = {
    # paper, field, lattice, dots, medallion
    "french": (Palette.CARD_STOCK, (150, 24, 40), (190, 62, 74), (236, 200, 190), (250, 244, 232)),
    "hungarian": (Palette.HUNGARIAN_STOCK, (26, 82, 52), (196, 156, 64), (232, 200, 110), (246, 234, 204)),
}


def _tulip() -> Shape:
    """A Hungarian folk tulip for the centre of the Hungarian back."""
    red, dark, gold, leaf = (206, 44, 44), (96, 20, 16), (236, 170, 40), (70, 140, 70)
    centre = path(
        (0, 0.06),
        ((-0.13, -0.1), (-0.1, -0.36), (0, -0.47)),
        ((0.1, -0.36), (0.13, -0.1), (0, 0.06)),
        n=10,
    )
    left = path(
        (-0.02, 0.09),
        ((-0.26, 0.06), (-0.34, -0.15), (-0.3, -0.34)),
        ((-0.2, -0.2), (-0.09, -0.1), (-0.02, 0.09)),
        n=10,
    )
    right = [(-x, y) for x, y in left]
    leaf_l = path(
        (0, 0.4),
        ((-0.1, 0.26), (-0.26, 0.2), (-0.32, 0.1)),
        ((-0.26, 0.3), (-0.12, 0.4), (0, 0.4)),
        n=10,
    )
    leaf_r = [(-x, y) for x, y in leaf_l]
    return Shape(
        [
            ("line", leaf, [(0, 0.08), (0, 0.48)], 0.05),
            ("poly", leaf, leaf_l),
            ("poly", leaf, leaf_r),
            ("poly", red, left),
            ("ring", dark, left, 0.025),
            ("poly", red, right),
            ("ring", dark, right, 0.025),
            ("poly", gold, centre),
            ("ring", dark, centre, 0.025),
            ("poly", dark, ellipse_pts(0, 0.07, 0.13, 0.06, 20)),
        ]
    )


TULIP = _tulip()


@cached
def card_back(width: int, style: str = "french") -> pygame.Surface:
    """A card back: a diamond lattice in a bordered field; crimson French, green-and-gold
    Hungarian (with a folk tulip)."""
    if style not in _SCHEMES:
        raise ValueError(f"no card back style {style!r}; choose from {BACK_STYLES}")
    w, h = card_size(width)
    paper, field, lattice, dots, medal = _SCHEMES[style]
    hi = stock(w, h, mix(paper, (255, 255, 255), 0.3), paper, (118, 96, 70))
    inset = round(0.075 * w * SS)
    rect = hi.get_rect().inflate(-2 * inset, -2 * inset)
    radius = round(card_radius(w) * SS * 0.6)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill(field)
    step = max(4 * SS, round(0.11 * w * SS))
    lw = max(SS, round(0.012 * w * SS))
    for k in range(-rect.height, rect.width + rect.height, step):
        pygame.draw.line(layer, lattice, (k, 0), (k + rect.height, rect.height), lw)
        pygame.draw.line(layer, lattice, (k, 0), (k - rect.height, rect.height), lw)
    for i in range(-rect.height // step - 1, (rect.width + rect.height) // step + 2):
        for j in range(rect.height // step + 2):
            x, y = i * step + (j % 2) * step / 2, j * step / 2
            pygame.draw.circle(layer, dots, (x, y), lw * 0.9)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    hi.blit(layer, rect.topleft)
    border = max(SS, round(0.014 * w * SS))
    pygame.draw.rect(
        hi,
        medal,
        rect.inflate(-round(0.05 * w * SS), -round(0.05 * w * SS)),
        width=border,
        border_radius=radius,
    )
    if style == "hungarian":
        pygame.draw.rect(hi, Palette.GILT, rect, width=border, border_radius=radius)
    cx, cy = w / 2 * SS, h / 2 * SS
    if style == "french":
        rx, ry = 0.24 * w * SS, 0.3 * w * SS
        pygame.draw.ellipse(hi, medal, (cx - rx, cy - ry, 2 * rx, 2 * ry))
        pygame.draw.ellipse(hi, field, (cx - rx, cy - ry, 2 * rx, 2 * ry), border)
        ph, d = 0.13 * w * SS, 0.135 * w * SS
        for suit, dx, dy in (("S", 0, -d), ("H", d * 0.9, 0), ("C", 0, d), ("D", -d * 0.9, 0)):
            draw_suit(hi, suit, cx + dx, cy + dy, ph)
    else:
        r = 0.26 * w * SS
        pygame.draw.circle(hi, Palette.GILT, (cx, cy), r + border)
        pygame.draw.circle(hi, medal, (cx, cy), r)
        TULIP.draw(hi, cx, cy, 0.4 * w * SS)
    return card_finish(hi, w, h)


@cached
def card_shadow(width: int) -> pygame.Surface:
    """A soft shadow for a card, `blur` px larger on each side (blur = round(0.08·width)):
    blit at the card's position minus blur, plus a small offset, before the card."""
    w, h = card_size(width)
    blur = max(2, round(0.08 * w))
    return soft_shadow(w, h, card_radius(w), blur, alpha=120)


@cached
def card_glow(width: int, colour: tuple[int, int, int] = Palette.GILT) -> pygame.Surface:
    """A selection glow for a card, same margins as card_shadow: blit it under the card."""
    w, h = card_size(width)
    blur = max(2, round(0.08 * w))
    spread = blur // 2
    glow = soft_shadow(w + 2 * spread, h + 2 * spread, card_radius(w) + spread, blur - spread, alpha=230)
    glow.fill((*colour, 0), special_flags=pygame.BLEND_RGBA_MAX)
    ring = pygame.Rect(blur - 2, blur - 2, w + 4, h + 4)
    pygame.draw.rect(glow, (*colour, 255), ring, width=3, border_radius=card_radius(w) + 2)
    return glow


def pile_size(width: int) -> tuple[int, int]:
    """The size of a pile() surface for cards `width` px wide."""
    side = round(width * 2.2)
    return side, side


def _pile_jitter(i: int, width: int) -> tuple[float, float, float]:
    """Card i's angle and offset: seeded by its position, so a growing pile keeps its
    old cards where they were."""
    rng = random.Random(7919 * i + 17)
    angle = rng.uniform(-30, 30)
    spread = min(1.0, 0.35 + i * 0.06)  # the first cards lie tidier, later ones messier
    return angle, rng.gauss(0, 0.1) * width * spread, rng.gauss(0, 0.08) * width * spread


@cached
def pile(count: int, width: int, style: str = "french") -> pygame.Surface:
    """A messy face-down pile of `count` cards, centred on a square surface (pile_size);
    an empty pile is a faint dashed outline where the cards will go."""
    side = pile_size(width)[0]
    if count <= 0:
        k = 2
        hi = pygame.Surface((side * k, side * k), pygame.SRCALPHA)
        hi.fill((0, 0, 0, 0))
        c = side * k / 2
        w, h = card_size(width * k)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(c), round(c))
        _dashed_rect(hi, rect, (255, 255, 255, 70), max(2, k * 2), card_radius(w))
        return shrink(hi, side, side)
    return shrink(_PileCanvas.of(width, style).grown_to(count), side, side)


@cached
def pile_back(width: int, style: str = "french") -> pygame.Surface:
    """The back a pile of cards `width` px wide is drawn with (at its canvas's 2×): the most of a
    pile canvas's cost (11–15 ms), a piece the warm-up can make apart; read from the file kept of
    it when it was drawn before (kept_pictures: the recipe is the code of the modules that draw a
    back)."""
    wide = width * _PileCanvas.K
    made_by = kept_pictures.recipe(
        kept_pictures.modules_recipe(sys.modules[__name__], art_base, art_cards, art_suits, palette),
        wide,
        style,
    )
    return kept_pictures.kept_picture(
        f"pile-back-{style}", card_size(wide), made_by, lambda: card_back(wide, style), alpha=True
    )


class _PileCanvas:
    """The 2× canvas of a growing pile: each new size adds one card to the last instead of
    rotating every card again (a pile grows a card or a few at a time in play)."""

    _canvases: ClassVar[dict[tuple[int, str], _PileCanvas]] = {}  # one per width and style: bounded
    K = 2  # rotate at 2× and shrink, for clean edges

    def __init__(self, width: int, style: str) -> None:
        """An empty canvas for cards `width` px wide."""
        self.width, self.style = width, style
        side = pile_size(width)[0] * self.K
        self.blank = pygame.Surface((side, side), pygame.SRCALPHA)
        self.blank.fill((0, 0, 0, 0))
        self.back = pile_back(width, style)
        w, h = self.back.get_size()
        self.shadow = soft_shadow(w, h, card_radius(w), max(2, w // 14), alpha=70)
        self.count, self.hi = 0, self.blank.copy()

    @classmethod
    def of(cls, width: int, style: str) -> _PileCanvas:
        """The canvas for this card width and back style (one each)."""
        key = (width, style)
        if key not in cls._canvases:
            cls._canvases[key] = cls(width, style)
        return cls._canvases[key]

    def grown_to(self, count: int) -> pygame.Surface:
        """The canvas holding cards 0 .. count-1 (started again when the pile shrank)."""
        if count < self.count:
            self.count, self.hi = 0, self.blank.copy()
        c = self.hi.get_width() / 2
        for i in range(self.count, count):
            angle, dx, dy = _pile_jitter(i, self.width * self.K)
            lift = -min(i, 30) * 0.012 * self.width * self.K
            sh = pygame.transform.rotate(self.shadow, angle)
            self.hi.blit(sh, sh.get_rect(center=(c + dx + 2 * self.K, c + dy + lift + 3 * self.K)))
            card = pygame.transform.rotozoom(self.back, angle, 1.0)
            self.hi.blit(card, card.get_rect(center=(c + dx, c + dy + lift)))
        self.count = count
        return self.hi


def _dashed_rect(surf, rect: pygame.Rect, colour, width: int, radius: int) -> None:
    """A dashed rounded outline (the place of an empty pile)."""
    pts = []
    r = radius
    corners = (
        (rect.right - r, rect.top + r, -90),
        (rect.right - r, rect.bottom - r, 0),
        (rect.left + r, rect.bottom - r, 90),
        (rect.left + r, rect.top + r, 180),
    )
    for cx, cy, a0 in corners:
        for s in range(7):
            a = math.radians(a0 + s * 15)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    dense = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        n = max(1, int(math.hypot(x1 - x0, y1 - y0) // 4))
        dense += [(x0 + (x1 - x0) * t / n, y0 + (y1 - y0) * t / n) for t in range(n)]
    dash = 5
    for i in range(0, len(dense) - 1, 2 * dash):
        seg = dense[i : i + dash + 1]
        if len(seg) > 1:
            pygame.draw.lines(surf, colour, False, seg, width)


on_clear(_PileCanvas._canvases.clear)

__all__ = ["card_back", "card_glow", "card_shadow", "pile", "pile_size"]
