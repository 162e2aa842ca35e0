"""The house's speech bubble: words in a rounded box whose tail points at the speaker."""

from __future__ import annotations

import pygame

from bluffhouse.scenes.ui.anim import lerp_color
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_text, font, wrap


def draw_bubble(
    surface: pygame.Surface,
    text: str,
    box_at: tuple[int, int],
    tail_to: tuple[int, int] | None,
    *,
    anchor: str = "center",
    size: int = 22,
    bold: bool = True,
    ink=Palette.INK,
    fill=Palette.CARD,
    edge=Palette.GOLD_DARK,
    edge_width: int = 2,
    max_width: int | None = None,
    max_lines: int = 3,
    alpha: float = 1.0,
    scale: float = 1.0,
    bar: float | None = None,
) -> pygame.Rect:
    """The house's speech bubble: words in a rounded box whose tail points at the speaker.

    box_at and anchor place the box ("center", "midtop", "midbottom", ...); tail_to is the
    point the tail aims at (None: no tail). Text wraps within max_width ("\n" breaks lines);
    bar draws a draining bar (0..1) under the words; alpha fades it, scale pops it in.
    Returns where the box is.
    """
    face = font(size, bold)
    if max_width is None:
        lines = text.split("\n")
    else:
        lines = [line for part in text.split("\n") for line in wrap(part, max_width - 34, size, bold)]
    lines = lines[:max_lines]
    line_h = face.get_linesize()
    w = max(face.size(line)[0] for line in lines) + 34
    h = line_h * len(lines) + (24 if bar is not None else 16)
    box = pygame.Rect(0, 0, w, h)
    setattr(box, anchor, box_at)
    box.clamp_ip(surface.get_rect().inflate(-16, -16))
    margin = 20
    layer = pygame.Surface((w + 2 * margin, h + 2 * margin), pygame.SRCALPHA)
    inner = pygame.Rect(margin, margin, w, h)
    radius = min(h // 2, 24)
    if tail_to is not None:
        base = pygame.math.Vector2(inner.center)
        aim = pygame.math.Vector2(tail_to[0] - box.x + margin, tail_to[1] - box.y + margin) - base
        if aim.length() > 1:
            aim.normalize_ip()
            # the tail grows out of the edge where the direction leaves the box
            reach = min((w / 2) / max(abs(aim.x), 1e-6), (h / 2) / max(abs(aim.y), 1e-6))
            root, tip = base + aim * (reach - 12), base + aim * (reach + 14)
            side = pygame.math.Vector2(-aim.y, aim.x) * 10
            tail = [root + side, root - side, tip]
            pygame.draw.polygon(layer, (0, 0, 0, 60), [(p.x + 2, p.y + 3) for p in tail])
            pygame.draw.polygon(layer, fill, tail)
            pygame.draw.line(layer, edge, tail[0], tail[2], edge_width)
            pygame.draw.line(layer, edge, tail[1], tail[2], edge_width)
    pygame.draw.rect(layer, (0, 0, 0, 60), inner.move(2, 4), border_radius=radius)
    pygame.draw.rect(layer, fill, inner, border_radius=radius)
    pygame.draw.rect(layer, edge, inner, edge_width, border_radius=radius)
    for i, line in enumerate(lines):
        draw_text(layer, line, (inner.centerx, inner.y + 8 + i * line_h), size, ink, bold, "midtop", None)
    if bar is not None:
        track = pygame.Rect(inner.x + 16, inner.bottom - 11, inner.w - 32, 5)
        pygame.draw.rect(layer, (0, 0, 0, 50), track, border_radius=3)
        if bar > 0:
            filled = track.copy()
            filled.w = max(2, round(track.w * bar))
            pygame.draw.rect(layer, lerp_color((214, 52, 46), Palette.GOLD, bar), filled, border_radius=3)
    if scale < 0.999:
        layer = pygame.transform.smoothscale_by(layer, max(0.05, scale))
    if alpha < 1:
        layer.set_alpha(round(255 * max(0.0, alpha)))
    surface.blit(layer, layer.get_rect(center=box.center))
    return box
