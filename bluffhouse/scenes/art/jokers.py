"""The two Kamu jokers: the festive Színes and the pale Fakó, bait on a hook."""

from __future__ import annotations

import math

import pygame

from bluffhouse.game.cards import FAKO, SZINES
from bluffhouse.scenes.art.base import SS, Shape, grey, mix, outline, path, text
from bluffhouse.scenes.art.cache import cached
from bluffhouse.scenes.art.cards import Index, card_finish, card_radius, card_size, stock
from bluffhouse.scenes.art.hungarian import banner, banner_text, frame
from bluffhouse.scenes.ui.palette import Palette

FESTIVE = [
    (214, 40, 48),
    (240, 180, 30),
    (60, 150, 70),
    (40, 110, 200),
    (150, 70, 170),
    (236, 120, 30),
]


def _jester(colours) -> Shape:
    """A three-pointed jester's cap with bells, in the given three colours."""
    a, b, c = colours
    left = path(
        (-0.42, 0.22),
        ((-0.5, -0.05), (-0.62, -0.28), (-0.48, -0.42)),
        ((-0.35, -0.2), (-0.2, -0.05), (-0.12, 0.22)),
        n=10,
    )
    mid = path(
        (-0.16, 0.22),
        ((-0.2, -0.1), (-0.1, -0.35), (0.0, -0.5)),
        ((0.1, -0.35), (0.2, -0.1), (0.16, 0.22)),
        n=10,
    )
    right = [(-x, y) for x, y in left]
    band = [(-0.46, 0.18), (0.46, 0.18), (0.42, 0.36), (-0.42, 0.36)]
    dark = (60, 40, 30)
    return Shape(
        [
            ("poly", a, left),
            ("ring", dark, left, 0.025),
            ("poly", c, right),
            ("ring", dark, right, 0.025),
            ("poly", b, mid),
            ("ring", dark, mid, 0.025),
            ("poly", Palette.GILT, band),
            ("ring", dark, band, 0.025),
            (
                "dots",
                (60, 40, 30),
                [(-0.48, -0.42, 0.075), (0.0, -0.5, 0.075), (0.48, -0.42, 0.075)],
            ),
            ("dots", Palette.GILT, [(-0.48, -0.42, 0.06), (0.0, -0.5, 0.06), (0.48, -0.42, 0.06)]),
            ("dots", (200, 40, 50), [(-0.25, 0.27, 0.035), (0, 0.27, 0.035), (0.25, 0.27, 0.035)]),
        ]
    )


def _rays(hi, w: int, h: int, colours, alpha: int) -> None:
    """A sunburst from the card's centre, clipped inside the frame."""
    layer = pygame.Surface(hi.get_size(), pygame.SRCALPHA)
    cx, cy = w / 2 * SS, 0.47 * h * SS
    reach = h * SS
    n = 24
    for i in range(n):
        a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 0.5) / n
        pts = [
            (cx, cy),
            (cx + math.cos(a0) * reach, cy + math.sin(a0) * reach),
            (cx + math.cos(a1) * reach, cy + math.sin(a1) * reach),
        ]
        pygame.draw.polygon(layer, (*colours[i % len(colours)], alpha), pts)
    mask = pygame.Surface(hi.get_size(), pygame.SRCALPHA)
    inset = round(0.1 * w * SS)
    pygame.draw.rect(
        mask,
        (255, 255, 255, 255),
        mask.get_rect().inflate(-inset, -inset),
        border_radius=card_radius(w) * SS,
    )
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    hi.blit(layer, (0, 0))


@cached
def joker_face(kind: str, width: int) -> pygame.Surface:
    """The Színes (coloured, festive) or the Fakó (pale bait on a hook) joker face."""
    w, h = card_size(width)
    pale = kind == FAKO
    if kind not in (SZINES, FAKO):
        raise ValueError(f"no joker {kind!r}")
    if pale:
        hi = stock(w, h, (234, 234, 230), (208, 208, 204), (140, 140, 136))
        _rays(hi, w, h, [(190, 190, 186), (222, 222, 218)], 150)
    else:
        paper = Palette.HUNGARIAN_STOCK
        hi = stock(w, h, mix(paper, (255, 255, 255), 0.3), paper, (118, 84, 50))
        _rays(hi, w, h, FESTIVE, 70)
    if not pale:
        frame(hi, w, h)
    cap = _jester([FESTIVE[0], FESTIVE[1], FESTIVE[2]])
    cx, cy = w / 2 * SS, 0.47 * h * SS
    if pale:
        line = (120, 120, 118)
        pygame.draw.line(
            hi, line, (cx, 0.1 * h * SS), (cx, cy - 0.26 * w * SS), max(1, round(0.012 * w * SS))
        )
        hook = path(
            (cx, cy - 0.26 * w * SS),
            (
                (cx, cy - 0.14 * w * SS),
                (cx - 0.1 * w * SS, cy - 0.1 * w * SS),
                (cx - 0.1 * w * SS, cy - 0.2 * w * SS),
            ),
            n=10,
        )
        outline(hi, line, hook, 0.02 * w * SS, closed=False)
        cap.draw(hi, cx, cy, 0.5 * w * SS, recolour=lambda col: grey(col, 0.5))
    else:
        cap.draw(hi, cx, cy, 0.56 * w * SS)
    star = "☆" if pale else "★"
    ink = (130, 130, 128) if pale else (200, 30, 44)
    idx = Index(w, h, star, None, ink, round(0.24 * w), 0, 0.145 * w, 0.06 * w, 0.25 * w, 0)
    by = 0.79 * h
    ribbon = (150, 150, 146) if pale else (44, 40, 60)
    banner(hi, w / 2 * SS, by * SS, 0.42 * w * SS, 0.13 * w * SS, ribbon)
    surf = card_finish(hi, w, h)
    idx.draw_text(surf)
    name = "Fakó" if pale else "Színes"
    if pale:
        banner_text(surf, name, w / 2, by, 0.42 * w, w)
    else:
        _festive_word(surf, name, w / 2, by, 0.42 * w, w)
    return surf


def _festive_word(surf: pygame.Surface, word: str, cx: float, cy: float, max_w: float, w: int) -> None:
    """Each letter in its own colour (on the dark ribbon, so lightened)."""
    size = max(7, round(0.12 * w))
    letters = [
        text(ch, size, mix(FESTIVE[(i + 1) % len(FESTIVE)], (255, 255, 255), 0.45))
        for i, ch in enumerate(word)
    ]
    total = sum(t.get_width() for t in letters)
    scale = min(1.0, max_w / total)
    x = cx - total * scale / 2
    for t in letters:
        if scale < 1:
            t = pygame.transform.smoothscale(t, (max(1, round(t.get_width() * scale)), t.get_height()))
        surf.blit(t, t.get_rect(midleft=(round(x), round(cy))))
        x += t.get_width()
