"""Dice with pips (the ace a big red pip: the highest face) and the leather cup."""

from __future__ import annotations

import pygame

from bluffhouse.scenes.art.base import (
    SS,
    canvas,
    cut,
    cylinder,
    ellipse_pts,
    mix,
    opaque_canvas,
    outline,
    path,
    shrink,
    vgradient,
)
from bluffhouse.scenes.art.cache import cached
from bluffhouse.scenes.ui.palette import Palette

_A, _M, _Z = 0.27, 0.5, 0.73
DIE_PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(_M, _M)],
    2: [(_Z, _A), (_A, _Z)],
    3: [(_Z, _A), (_M, _M), (_A, _Z)],
    4: [(_A, _A), (_Z, _A), (_A, _Z), (_Z, _Z)],
    5: [(_A, _A), (_Z, _A), (_M, _M), (_A, _Z), (_Z, _Z)],
    6: [(_A, _A), (_Z, _A), (_A, _M), (_Z, _M), (_A, _Z), (_Z, _Z)],
}
DIE_EDGE = (140, 128, 108)
HELD_RING = Palette.GILT


@cached
def die_face(face: int, size: int, held: bool = False) -> pygame.Surface:
    """A rounded ivory die showing `face` (1–6), size × size; the ace is one large red pip.
    `held` (kept for the reroll) adds a gold border and a warmer face."""
    if face not in DIE_PIPS:
        raise ValueError(f"a die shows 1 to 6, not {face!r}")
    size = int(size)
    k = SS
    s = size * k
    hi = opaque_canvas(size, size, bg=DIE_EDGE, scale=k)
    radius = round(s * 0.2)
    body = hi.get_rect()
    pygame.draw.rect(hi, DIE_EDGE, body, border_radius=radius)
    light, dark = ((255, 246, 214), (226, 200, 150)) if held else ((255, 253, 246), (214, 204, 184))
    vgradient(hi, body.inflate(-2 * k, -2 * k), light, dark, radius=radius - k)
    top = body.inflate(-round(s * 0.13), -round(s * 0.13)).move(-round(s * 0.012), -round(s * 0.015))
    vgradient(
        hi,
        top,
        mix(light, (255, 255, 255), 0.6),
        mix(light, dark, 0.35),
        radius=round(radius * 0.7),
    )
    if held:
        ring = max(2 * k, round(s * 0.075))
        pygame.draw.rect(hi, HELD_RING, body, width=ring, border_radius=radius)
        pygame.draw.rect(hi, mix(HELD_RING, Palette.INK, 0.45), body, width=max(1, k), border_radius=radius)
    if face == 1:
        r = s * 0.16
        pygame.draw.circle(hi, (110, 10, 20), (s / 2, s / 2 + s * 0.008), r)
        pygame.draw.circle(hi, Palette.SUIT_RED, (s / 2, s / 2), r * 0.93)
        pygame.draw.circle(hi, (236, 90, 96), (s / 2 - r * 0.3, s / 2 - r * 0.32), r * 0.28)
    else:
        r = s * 0.09
        for px, py in DIE_PIPS[face]:
            x, y = px * s, py * s
            pygame.draw.circle(hi, mix(dark, (255, 255, 255), 0.5), (x + r * 0.14, y + r * 0.18), r)
            pygame.draw.circle(hi, Palette.INK, (x, y), r)
            pygame.draw.circle(hi, (70, 70, 80), (x - r * 0.25, y - r * 0.28), r * 0.3)
    return shrink(cut(hi, radius), size, size)


def cup_size(size: int) -> tuple[int, int]:
    """(width, height) of a cup() of this width."""
    return int(size), round(size * 1.15)


LEATHER = [(0, (58, 28, 12)), (0.3, (176, 104, 56)), (0.5, (128, 68, 32)), (1, (46, 22, 8))]


@cached
def cup(size: int) -> pygame.Surface:
    """A leather dice cup upside down on the table (hiding the dice), `size` px wide."""
    w, h = cup_size(size)
    k = SS
    W, H = w * k, h * k
    hi = canvas(w, h, bg=(60, 30, 12), scale=k)

    def P(u: float, v: float) -> tuple[float, float]:
        return W / 2 + u * W, v * H

    shadow = ellipse_pts(*P(0, 0.93), 0.49 * W, 0.06 * H, 48)
    layer = pygame.Surface(hi.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (0, 0, 0, 90), shadow)
    hi.blit(layer, (0, 0))
    top_y, bot_y = 0.12, 0.9
    right = path(P(0.33, top_y), (P(0.36, 0.4), P(0.41, 0.7), P(0.45, bot_y)), n=12)
    bottom = [P(u / 10, bot_y + 0.045 * (1 - (u / 4.5) ** 2)) for u in range(4, -5, -1)]
    left = [(W - x, y) for x, y in reversed(right)]
    body = right + bottom + left
    cylinder(hi, body, LEATHER)
    dark = (40, 18, 6)
    stitch = (236, 214, 170)
    for v, half in ((0.78, 0.435), (0.24, 0.35)):
        band = [
            P(-half, v - 0.035),
            P(half, v - 0.035),
            P(half + 0.01, v + 0.035),
            P(-half - 0.01, v + 0.035),
        ]
        cylinder(hi, band, [(t, mix(c, (0, 0, 0), 0.25)) for t, c in LEATHER])
        for sx in range(-8, 9, 2):
            x = sx / 8 * (half - 0.04)
            pygame.draw.line(hi, stitch, P(x - 0.02, v), P(x + 0.02, v), max(1, round(k * 0.9)))
    outline(hi, dark, body, max(1, k * 0.9))
    lid = ellipse_pts(*P(0, top_y), 0.33 * W, 0.055 * H, 48)
    pygame.draw.polygon(hi, (92, 48, 20), lid)
    inner = ellipse_pts(*P(0, top_y), 0.26 * W, 0.036 * H, 40)
    outline(hi, (150, 96, 52), inner, max(1, k * 0.8))
    outline(hi, dark, lid, max(1, k * 0.9))
    gem = [P(0, 0.5), P(0.05, 0.55), P(0, 0.6), P(-0.05, 0.55)]
    pygame.draw.polygon(hi, Palette.GILT, gem)
    outline(hi, (100, 64, 10), gem, max(1, k * 0.7))
    return shrink(hi, w, h)
