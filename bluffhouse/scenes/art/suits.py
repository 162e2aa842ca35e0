"""The eight suit signs as vector shapes: French ♠♥♦♣ and Hungarian heart, bell, leaf, acorn."""

from __future__ import annotations

import math

import pygame

from bluffhouse.scenes.art.base import (
    SS,
    Colour,
    Point,
    Shape,
    canvas,
    ellipse_pts,
    in_polygon,
    mirrored,
    path,
    shrink,
)
from bluffhouse.scenes.art.cache import cached
from bluffhouse.scenes.ui.palette import Palette


def _heart_pts(plump: float = 1.0, n: int = 72) -> list[tuple[float, float]]:
    """The classic parametric heart, tip down; `plump` widens the lobes."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3 * plump
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x / 30, y / 30))
    return pts


def _stem(top_y: float, bottom_y: float, half: float) -> list[tuple[float, float]]:
    """A flared foot for the spade and the club."""
    right = path(
        (0.045, top_y),
        ((0.045, bottom_y - 0.1), (half * 0.6, bottom_y - 0.01), (half, bottom_y)),
        n=8,
    )
    return mirrored(right)


# --- French: flat and bold, as printed pips ------------------------------------------
def _french(four: bool = False) -> dict[str, Shape]:
    """The four French suits; four: the four-colour deck (diamonds blue, clubs green)."""
    club_ink = Palette.SUIT_GREEN if four else Palette.INK
    diamond_ink = Palette.SUIT_BLUE if four else Palette.SUIT_RED
    heart = _heart_pts()
    spade_body = [(x * 1.02, -y - 0.12) for x, y in heart]
    club_r = 0.2
    club = [
        ("poly", club_ink, ellipse_pts(0.0, -0.25, club_r, club_r)),
        ("poly", club_ink, ellipse_pts(-0.235, 0.08, club_r, club_r)),
        ("poly", club_ink, ellipse_pts(0.235, 0.08, club_r, club_r)),
        ("poly", club_ink, [(0, -0.2), (-0.2, 0.1), (0.2, 0.1)]),
        ("poly", club_ink, _stem(0.0, 0.48, 0.17)),
    ]
    diamond = path((0, -0.5), ((0.12, -0.32), (0.26, -0.14), (0.37, 0)), n=10) + path(
        (0.37, 0), ((0.26, 0.14), (0.12, 0.32), (0, 0.5)), n=10
    )
    diamond = mirrored([(x, y) for x, y in diamond if x >= 0])
    return {
        "H": Shape([("poly", Palette.SUIT_RED, heart)]),
        "D": Shape([("poly", diamond_ink, diamond)]),
        "S": Shape([("poly", Palette.INK, spade_body), ("poly", Palette.INK, _stem(0.05, 0.55, 0.19))]),
        "C": Shape(club),
    }


# --- Hungarian: coloured, outlined, with a little modelling ---------------------------
PIROS_RED = (206, 34, 40)
PIROS_DARK = (104, 10, 16)
TOK_GOLD = (236, 178, 34)
TOK_SHADE = (196, 124, 18)
TOK_DARK = (104, 56, 8)
ZOLD_GREEN = (62, 152, 58)
ZOLD_LIGHT = (96, 178, 80)
ZOLD_DARK = (20, 74, 28)
MAKK_NUT = (198, 128, 58)
MAKK_SHADE = (158, 92, 38)
MAKK_CUP = (112, 70, 30)
MAKK_DARK = (58, 32, 10)


def _piros() -> Shape:
    heart = _heart_pts(plump=1.06)
    shine = ellipse_pts(-0.22, -0.2, 0.1, 0.06, 24)
    shine = [(x * 0.94 - 0.01 * (y + 0.2) * 8, y) for x, y in shine]
    return Shape(
        [
            ("poly", PIROS_RED, heart),
            ("poly", (232, 92, 84), shine),
            ("ring", PIROS_DARK, heart, 0.045),
        ]
    )


def _tok() -> Shape:
    right = path(
        (0.0, -0.36),
        ((0.15, -0.36), (0.23, -0.28), (0.235, -0.12)),
        ((0.245, 0.03), (0.28, 0.14), (0.41, 0.24)),
        n=12,
    )
    mouth = path((0.41, 0.24), ((0.3, 0.33), (-0.3, 0.33), (-0.41, 0.24)), n=16)
    body = right + mouth[1:] + [(-x, y) for x, y in reversed(right)][1:-1]
    shade = right + path((0.41, 0.24), ((0.3, 0.33), (0.1, 0.33), (0.02, 0.32)), n=8)
    shade += [(0.1, 0.0), (0.06, -0.3)]
    band = path((-0.265, 0.1), ((-0.12, 0.15), (0.12, 0.15), (0.265, 0.1)), n=12)
    lip = path((-0.37, 0.215), ((-0.22, 0.29), (0.22, 0.29), (0.37, 0.215)), n=12)
    shine = path((-0.15, -0.29), ((-0.2, -0.2), (-0.19, 0.0), (-0.24, 0.17)), n=10)
    return Shape(
        [
            ("ring", TOK_DARK, ellipse_pts(0, -0.43, 0.065, 0.06, 20), 0.04),
            ("poly", TOK_SHADE, ellipse_pts(0, 0.37, 0.085, 0.08, 24)),
            ("ring", TOK_DARK, ellipse_pts(0, 0.37, 0.085, 0.08, 24), 0.035),
            ("line", TOK_DARK, [(0, 0.26), (0, 0.3)], 0.05),
            ("poly", TOK_GOLD, body),
            ("poly", TOK_SHADE, shade),
            ("line", (255, 232, 150), shine, 0.05),
            ("line", TOK_DARK, band, 0.035),
            ("line", TOK_DARK, lip, 0.03),
            ("ring", TOK_DARK, body, 0.045),
        ]
    )


def _zold() -> Shape:
    right = path(
        (0.0, -0.5),
        ((0.14, -0.36), (0.37, -0.25), (0.4, -0.02)),
        ((0.43, 0.2), (0.2, 0.38), (0.0, 0.28)),
        n=14,
    )
    blade = mirrored(right)
    left_half = [(-x, y) for x, y in right]
    stem = path((0.0, 0.28), ((0.0, 0.38), (0.02, 0.46), (0.08, 0.52)), n=8)
    veins: list[tuple[str, Colour, list[Point], float]]
    veins = [("line", ZOLD_DARK, [(0, 0.27), (0, -0.42)], 0.035)]
    for y0, dy, dx in ((0.14, 0.13, 0.25), (-0.02, 0.13, 0.26), (-0.18, 0.12, 0.2)):
        for s in (-1, 1):
            veins.append(
                (
                    "line",
                    ZOLD_DARK,
                    [(0, y0), (s * dx * 0.5, y0 - dy * 0.7), (s * dx, y0 - dy)],
                    0.026,
                )
            )
    return Shape(
        [
            ("poly", ZOLD_GREEN, blade),
            ("poly", ZOLD_LIGHT, left_half + [(0, 0.28)]),
            *veins,
            ("line", ZOLD_DARK, stem, 0.05),
            ("ring", ZOLD_DARK, blade, 0.045),
        ]
    )


def _makk() -> Shape:
    nut_right = path((0.2, -0.04), ((0.25, 0.18), (0.15, 0.4), (0.0, 0.48)), n=14)
    nut = nut_right + [(-x, y) for x, y in reversed(nut_right)]
    nut_shade = nut_right + [(0.05, 0.46), (0.07, 0.0)]
    cup_top = path((-0.28, 0.05), ((-0.31, -0.17), (-0.16, -0.28), (0.0, -0.28)), n=12)
    cup_top += [(-x, y) for x, y in reversed(cup_top)][1:]
    cup = cup_top + path((0.28, 0.05), ((0.12, 0.12), (-0.12, 0.12), (-0.28, 0.05)), n=12)[1:]
    scales = []
    for row, y in enumerate((-0.19, -0.1, -0.01, 0.06)):
        off = 0.055 if row % 2 else 0.0
        for i in range(-5, 6):
            x = i * 0.11 + off
            if in_polygon(x, y, cup) and in_polygon(x, y + 0.03, cup):
                scales.append((x, y, 0.03))
    stem = path((0.0, -0.27), ((0.0, -0.35), (0.04, -0.42), (0.1, -0.46)), n=8)
    return Shape(
        [
            ("poly", MAKK_NUT, nut),
            ("poly", MAKK_SHADE, nut_shade),
            ("line", (236, 184, 120), [(-0.12, 0.08), (-0.11, 0.22), (-0.06, 0.33)], 0.045),
            ("ring", MAKK_DARK, nut, 0.04),
            ("dots", MAKK_DARK, [(0, 0.48, 0.03)]),
            ("line", MAKK_DARK, stem, 0.06),
            ("poly", MAKK_CUP, cup),
            ("dots", MAKK_DARK, scales),
            ("ring", MAKK_DARK, cup, 0.04),
        ]
    )


FRENCH_SHAPES: dict[str, Shape] = _french()
HUNGARIAN_SHAPES: dict[str, Shape] = {"P": _piros(), "T": _tok(), "Z": _zold(), "M": _makk()}
# The four-colour deck's diamonds and clubs are drawn as suits of their own ("D4", "C4"), so
# every cached drawing of a face or a pip keeps the two looks apart by its own arguments.
FOUR_COLOUR_SHAPES = {suit + "4": shape for suit, shape in _french(four=True).items() if suit in "DC"}
SUIT_SHAPES: dict[str, Shape] = {**FRENCH_SHAPES, **HUNGARIAN_SHAPES, **FOUR_COLOUR_SHAPES}
RED_SUITS = frozenset({"H", "D", "P"})


def drawn_suit(suit: str, four: bool) -> str:
    """The suit sign to draw for a French suit: diamonds and clubs change in the four-colour deck."""
    return suit + "4" if four and suit in ("D", "C") else suit


def suit_colour(suit: str) -> tuple[int, int, int]:
    """The ink colour of a suit's corner index."""
    return {
        "H": Palette.SUIT_RED,
        "D": Palette.SUIT_RED,
        "S": Palette.INK,
        "C": Palette.INK,
        "D4": Palette.SUIT_BLUE,
        "C4": Palette.SUIT_GREEN,
        "P": PIROS_DARK,
        "T": TOK_DARK,
        "Z": ZOLD_DARK,
        "M": MAKK_DARK,
    }.get(suit, Palette.INK)


def draw_suit(surf: pygame.Surface, suit: str, cx: float, cy: float, h: float, flip=False) -> None:
    """Draw a suit sign centred at (cx, cy), `h` px tall, onto a (hi-res) canvas."""
    SUIT_SHAPES[suit].draw(surf, cx, cy, h, flip)


@cached
def suit_icon(suit: str, height: int) -> pygame.Surface:
    """A suit sign alone, `height` px tall (any of S H D C P T Z M)."""
    shape = SUIT_SHAPES[suit]
    w = max(1, math.ceil(height * shape.aspect) + 2)
    h = height + 2
    scale = SS
    hi = canvas(w, h, bg=suit_colour(suit), scale=scale)
    shape.draw(hi, w * scale / 2, h * scale / 2, height * scale)
    return shrink(hi, w, h)
