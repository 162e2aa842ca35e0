"""Small drawing pieces of the duel screen: speech bubbles, buttons, tumbling faces."""

from __future__ import annotations

import pygame

from scenes.ui.anim import lerp_color, pulse
from scenes.ui.text import draw_text, font, wrap
from scenes.ui.theme import Palette
from scenes.ui.widgets import draw_keycap, draw_panel

BUBBLE_MAX = 372
TONES = {"good": (34, 120, 62), "bad": (178, 36, 34), "say": Palette.INK, "claim": Palette.INK}
STYLES = {  # fill, edge, text
    "gold": (Palette.GOLD, Palette.GOLD_LIGHT, Palette.INK),
    "red": ((176, 40, 38), (246, 150, 130), Palette.CREAM),
    "dark": ((10, 40, 26), Palette.GOLD, Palette.CREAM),
}


def tumble_face(time: float, seat: int, index: int) -> int:
    """The face a spinning die shows at this moment (changes about 14 times a second)."""
    return 1 + (int(time * 14) + index * 3 + seat * 7 + index * index) % 6


def bubble(surface: pygame.Surface, text: str, top_center: tuple[int, int],
           anchor: tuple[int, int], tone: str = "say", scale: float = 1.0) -> None:  # fmt: skip
    """A speech bubble hanging below top_center, its tail pointing up at anchor."""
    size = 20 if tone == "claim" else 22
    lines = wrap(text, BUBBLE_MAX - 36, size, True)[:3]
    face = font(size, True)
    w = max(face.size(line)[0] for line in lines) + 36
    h = face.get_linesize() * len(lines) + 16
    tail_h = 12
    layer = pygame.Surface((w + 6, h + tail_h + 6), pygame.SRCALPHA)
    box = pygame.Rect(0, tail_h, w, h)
    radius = min(h // 2, 22)
    pygame.draw.rect(layer, (0, 0, 0, 80), box.move(3, 4), border_radius=radius)
    fill = Palette.CARD if tone != "claim" else (255, 248, 222)
    pygame.draw.rect(layer, fill, box, border_radius=radius)
    edge = TONES.get(tone, Palette.INK) if tone in ("good", "bad") else Palette.GOLD_DARK
    pygame.draw.rect(layer, edge, box, 2, border_radius=radius)
    # the tail leans towards the speaker's badge
    left = anchor[0] < top_center[0] - w // 4
    tx = 34 if left else w // 2
    tail = [(tx - 9, tail_h + 2), (tx + 9, tail_h + 2), (tx - (12 if left else 0), 0)]
    pygame.draw.polygon(layer, fill, tail)
    pygame.draw.line(layer, edge, tail[0], tail[2], 2)
    pygame.draw.line(layer, edge, tail[1], tail[2], 2)
    colour = TONES.get(tone, Palette.INK)
    for i, line in enumerate(lines):
        draw_text(layer, line, (w // 2, tail_h + 8 + i * face.get_linesize()), size, colour, True,
                  "midtop", None)  # fmt: skip
    rect = layer.get_rect(midtop=(top_center[0], top_center[1] - tail_h))
    rect.left = max(rect.left, 26)
    rect.right = min(rect.right, 1254)
    if scale < 0.999:
        scaled = pygame.transform.smoothscale_by(layer, max(0.05, scale))
        surface.blit(scaled, scaled.get_rect(center=rect.center))
    else:
        surface.blit(layer, rect)


def button(surface: pygame.Surface, rect: pygame.Rect, label: str, style: str = "dark",
           focused: bool = False, enabled: bool = True, key: str | None = None,
           time: float = 0.0, size: int = 24) -> None:  # fmt: skip
    """A big rounded button with an optional key cap on its right."""
    fill, edge, ink = STYLES[style]
    if not enabled:
        fill, edge, ink = (
            lerp_color(fill, (20, 40, 30), 0.7),
            lerp_color(edge, (20, 40, 30), 0.6),
            lerp_color(ink, (90, 100, 90), 0.6),
        )
    elif focused:
        glow = pulse(time, 1.4)
        if style == "dark":  # the house look: the focused choice turns gold
            fill, edge, ink = Palette.GOLD, Palette.CREAM, Palette.INK
        fill = lerp_color(fill, (255, 255, 255), 0.1 + 0.12 * glow)
    draw_panel(surface, rect, (*fill, 255), (*edge, 255), rect.h // 2, 3 if focused else 2)
    if focused and enabled:
        ring = rect.inflate(10, 10)
        pygame.draw.rect(surface, Palette.GOLD_LIGHT, ring, 2, border_radius=ring.h // 2)
    text_x = rect.centerx - (22 if key else 0)
    draw_text(surface, label, (text_x, rect.centery), size, ink, True, "center", None)
    if key:
        draw_keycap(surface, key, (rect.right - 18, rect.centery), 15, "midright", dim=not enabled)
