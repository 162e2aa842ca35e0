"""Hungarian card faces (VII–Ász, suits drawn as shapes) and the two Kamu jokers."""

from __future__ import annotations

import math

import pygame

from bluffhouse.scenes.art.base import SS, Shape, ellipse_pts, mirrored, mix, path, text, vgradient
from bluffhouse.scenes.art.cache import cached
from bluffhouse.scenes.art.cards import (
    PIPS,
    Index,
    card_finish,
    card_radius,
    card_size,
    draw_pips,
    stock,
    tight,
)
from bluffhouse.scenes.art.suits import draw_suit, suit_colour
from bluffhouse.scenes.ui.palette import Palette

HUNGARIAN_INDEX = {
    "7": "VII",
    "8": "VIII",
    "9": "IX",
    "10": "X",
    "U": "AL",
    "O": "F",
    "K": "K",
    "A": "Á",
}
HUNGARIAN_NAMES = {
    "7": "VII",
    "8": "VIII",
    "9": "IX",
    "10": "X",
    "U": "ALSÓ",
    "O": "FELSŐ",
    "K": "KIRÁLY",
    "A": "ÁSZ",
}
COATS = {"P": (196, 44, 48), "T": (222, 160, 34), "Z": (58, 138, 60), "M": (136, 84, 40)}
# Two tidy columns, as on the printed Hungarian pack.
NUMBER_PIPS = {
    "7": PIPS["7"],
    "8": [(x, y) for y in (0, 1 / 3, 2 / 3, 1) for x in (0, 1)],
    "9": [(x, y) for y in (0, 0.25, 0.75, 1) for x in (0, 1)] + [(0.5, 0.5)],
    "10": [(x, y) for y in (0, 0.25, 0.5, 0.75, 1) for x in (0, 1)],
}
FRAME_RED = (150, 36, 30)
FRAME_GREEN = (40, 104, 52)
SKIN = (240, 200, 164)
HAIR = (84, 50, 24)


def frame(hi: pygame.Surface, w: int, h: int) -> None:
    """The ornamental border: red and green rules with gold lozenges at the middles."""
    r = card_radius(w) * SS
    outer = hi.get_rect().inflate(round(-0.05 * w * SS), round(-0.05 * w * SS))
    pygame.draw.rect(hi, FRAME_GREEN, outer, width=max(SS, round(0.008 * w * SS)), border_radius=r)
    inner = outer.inflate(round(-0.028 * w * SS), round(-0.028 * w * SS))
    pygame.draw.rect(hi, FRAME_RED, inner, width=max(SS, round(0.013 * w * SS)), border_radius=r * 3 // 4)
    loz = Shape(
        [
            ("poly", Palette.GILT, [(0, -0.5), (0.5, 0), (0, 0.5), (-0.5, 0)]),
            ("ring", FRAME_RED, [(0, -0.5), (0.5, 0), (0, 0.5), (-0.5, 0)], 0.12),
        ]
    )
    for cx, cy in (
        (outer.centerx, outer.top),
        (outer.centerx, outer.bottom),
        (outer.left, outer.centery),
        (outer.right, outer.centery),
    ):
        loz.draw(hi, cx, cy, 0.07 * w * SS)


def _figure(rank: str, suit: str) -> Shape:
    """A stylised bust: coat in the suit's colour, a moustache, and the rank's headgear."""
    coat = COATS[suit]
    dark = mix(coat, (0, 0, 0), 0.55)
    # The coat runs far below the frame: the panel clips it, like a portrait.
    side = path((0.08, -0.06), ((0.26, -0.04), (0.33, 0.06), (0.34, 0.3)), n=12) + [(0.34, 1.5)]
    body = mirrored(side)
    ops = [
        ("poly", coat, body),
        (
            "poly",
            mix(coat, (255, 255, 255), 0.25),
            [(-0.33, 1.5), (-0.32, 0.12), (-0.18, 0.18), (-0.18, 1.5)],
        ),
        ("line", dark, [(-x, y) for x, y in side][::-1] + side, 0.03),
        ("poly", (250, 246, 236), [(-0.11, -0.06), (0.11, -0.06), (0, 0.14)]),
        ("line", Palette.GILT, [(0, 0.14), (0, 1.5)], 0.04),
        ("dots", Palette.GILT, [(0, 0.22, 0.03), (0, 0.34, 0.03), (0, 0.46, 0.03), (0, 0.58, 0.03)]),
        ("poly", HAIR, ellipse_pts(0, -0.23, 0.15, 0.15, 28)),
        ("poly", SKIN, ellipse_pts(0, -0.2, 0.125, 0.145, 28)),
        ("ring", (120, 80, 50), ellipse_pts(0, -0.2, 0.125, 0.145, 28), 0.02),
        ("dots", (40, 30, 20), [(-0.05, -0.23, 0.017), (0.05, -0.23, 0.017)]),
        (
            "poly",
            HAIR,
            [
                (-0.13, -0.1),
                (-0.06, -0.15),
                (0, -0.13),
                (0.06, -0.15),
                (0.13, -0.1),
                (0.06, -0.12),
                (0, -0.11),
                (-0.06, -0.12),
            ],
        ),
    ]
    if rank == "U":  # Alsó: a soft cap
        cap = path((-0.15, -0.28), ((-0.17, -0.45), (0.17, -0.45), (0.15, -0.28)), n=12)
        ops += [("poly", dark, cap), ("line", Palette.GILT, [(-0.15, -0.29), (0.15, -0.29)], 0.03)]
    elif rank == "O":  # Felső: a brimmed hat with a feather
        ops += [
            (
                "line",
                mix(coat, (0, 0, 0), 0.25),
                path((0.06, -0.4), ((0.1, -0.5), (0.18, -0.56), (0.27, -0.56)), n=10),
                0.07,
            ),
            ("poly", dark, [(-0.12, -0.3), (-0.1, -0.46), (0.1, -0.46), (0.12, -0.3)]),
            ("poly", dark, ellipse_pts(0, -0.31, 0.24, 0.045, 24)),
            ("line", Palette.GILT, [(-0.11, -0.35), (0.11, -0.35)], 0.03),
        ]
    else:  # Király: a crown
        crown = [
            (-0.15, -0.29),
            (-0.17, -0.48),
            (-0.08, -0.38),
            (0, -0.5),
            (0.08, -0.38),
            (0.17, -0.48),
            (0.15, -0.29),
        ]
        ops += [
            ("poly", Palette.GILT, crown),
            ("ring", (110, 70, 10), crown, 0.025),
            ("dots", (200, 30, 40), [(0, -0.34, 0.025)]),
        ]
    return Shape(ops, box=(-0.35, -0.5, 0.35, 0.5))


def banner(hi: pygame.Surface, cx: float, cy: float, bw: float, bh: float, colour) -> None:
    """A ribbon with notched ends (hi-res coordinates)."""
    n = bh * 0.35
    pts = [
        (cx - bw / 2 - n, cy - bh / 2),
        (cx + bw / 2 + n, cy - bh / 2),
        (cx + bw / 2, cy),
        (cx + bw / 2 + n, cy + bh / 2),
        (cx - bw / 2 - n, cy + bh / 2),
        (cx - bw / 2, cy),
    ]
    pygame.draw.polygon(hi, colour, pts)
    pygame.draw.rect(hi, mix(colour, (0, 0, 0), 0.2), (cx - bw / 2, cy - bh / 2, bw, bh))


def banner_text(surf: pygame.Surface, label: str, cx: float, cy: float, bw: float, w: int) -> None:
    """The banner's word at native resolution."""
    t = tight(text(label, max(7, round(0.11 * w)), (252, 240, 210)))
    if t.get_width() > bw:
        t = pygame.transform.smoothscale(t, (round(bw), t.get_height()))
    surf.blit(t, t.get_rect(center=(round(cx), round(cy))))


def _plate(hi: pygame.Surface, colour, cx: float, cy: float, radius: float, w: int) -> None:
    """A round gold-rimmed plate behind a sign held against the coat."""
    pygame.draw.circle(hi, Palette.GILT, (cx, cy), radius)
    pygame.draw.circle(hi, colour, (cx, cy), radius - max(SS, 0.018 * w * SS))


def _court(hi, rank: str, suit: str, w: int, h: int) -> None:
    """Alsó, Felső or Király: a framed bust, the suit sign under, over or on it."""
    x0, x1, y0, y1 = 0.28 * w, 0.72 * w, 0.115 * h, 0.885 * h
    rect = pygame.Rect(round(x0 * SS), round(y0 * SS), round((x1 - x0) * SS), round((y1 - y0) * SS))
    tint = mix(COATS[suit], (255, 250, 235), 0.82)
    plate = mix(tint, (255, 255, 255), 0.55)
    radius = round(0.03 * w * SS)
    vgradient(hi, rect, mix(tint, (255, 255, 255), 0.4), tint, radius=radius)
    cx = (x0 + x1) / 2 * SS
    fig = _figure(rank, suit)
    sign_h = 0.2 * w * SS
    hi.set_clip(rect)
    fig_h = 0.5 * h * SS
    if rank == "O":  # over: the sign above the head
        draw_suit(hi, suit, cx, 0.26 * h * SS, sign_h)
        fig.draw(hi, cx, 0.66 * h * SS, fig_h)
    elif rank == "U":  # under: the sign held low
        fig.draw(hi, cx, 0.42 * h * SS, fig_h)
        _plate(hi, plate, cx, 0.75 * h * SS, sign_h * 0.68, w)
        draw_suit(hi, suit, cx, 0.75 * h * SS, sign_h)
    else:  # the king wears his sign on his chest
        fig.draw(hi, cx, 0.45 * h * SS, fig_h)
        _plate(hi, plate, cx, 0.7 * h * SS, sign_h * 0.58, w)
        draw_suit(hi, suit, cx, 0.7 * h * SS, sign_h * 0.82)
    hi.set_clip(None)
    pygame.draw.rect(hi, FRAME_RED, rect, width=max(SS, round(0.012 * w * SS)), border_radius=radius)


def _ace(hi, suit: str, w: int, h: int) -> tuple[float, float, float]:
    """Ász: the suit sign large in a wreathed medallion, with its name on a ribbon."""
    cx, cy, rad = w / 2 * SS, 0.475 * h * SS, 0.27 * w * SS
    pygame.draw.circle(hi, mix(Palette.HUNGARIAN_STOCK, (255, 255, 255), 0.5), (cx, cy), rad)
    pygame.draw.circle(hi, FRAME_GREEN, (cx, cy), rad, max(SS, round(0.012 * w * SS)))
    for i in range(20):
        a = 2 * math.pi * i / 20
        colour = Palette.GILT if i % 2 else FRAME_RED
        pygame.draw.circle(
            hi, colour, (cx + math.cos(a) * rad * 1.1, cy + math.sin(a) * rad * 1.1), 0.025 * w * SS
        )
    draw_suit(hi, suit, cx, cy, 0.36 * w * SS)
    by = 0.8 * h
    banner(hi, cx, by * SS, 0.3 * w * SS, 0.11 * w * SS, FRAME_RED)
    return w / 2, by, 0.3 * w


@cached
def hungarian_face(rank: str, suit: str, width: int) -> pygame.Surface:
    """One Hungarian card face (see card_face)."""
    w, h = card_size(width)
    hi = stock(
        w,
        h,
        mix(Palette.HUNGARIAN_STOCK, (255, 255, 255), 0.3),
        mix(Palette.HUNGARIAN_STOCK, (200, 170, 120), 0.25),
        (118, 84, 50),
    )
    frame(hi, w, h)
    ink = suit_colour(suit)
    idx = Index(
        w,
        h,
        HUNGARIAN_INDEX[rank],
        suit,
        ink,
        round(0.2 * w),
        0.15 * w,
        0.17 * w,
        0.075 * w,
        0.22 * w,
        0.035 * w,
    )
    idx.draw_hi(hi)
    banner = None
    if rank in ("7", "8", "9", "10"):
        draw_pips(hi, suit, NUMBER_PIPS[rank], w, h, 0.15 * w, (0.405, 0.595, 0.16, 0.84), turn=False)
    elif rank == "A":
        banner = _ace(hi, suit, w, h)
    else:
        _court(hi, rank, suit, w, h)
    surf = card_finish(hi, w, h)
    idx.draw_text(surf)
    if banner is not None:
        banner_text(surf, HUNGARIAN_NAMES[rank], *banner, w)
    return surf
