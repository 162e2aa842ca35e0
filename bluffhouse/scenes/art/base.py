"""Shared machinery for the art made in code: text, supersampling, shapes (the cache
of finished surfaces is in scenes.art.cache)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import overload

import pygame

from bluffhouse.scenes.ui.text import font, render_line

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA
Point = tuple[float, float]

SS = 4  # supersampling factor: draw at SS×, smoothscale down (3 is lossy in smoothscale)

# --- fonts ---------------------------------------------------------------------------


def text(s: str, size: int, colour: Colour, bold: bool = True, max_width: int | None = None):
    """Anti-aliased text on a transparent surface, squeezed horizontally to `max_width`."""
    surf = render_line(font(max(4, int(size)), bold), s, colour)
    if max_width is not None and surf.get_width() > max_width > 0:
        surf = pygame.transform.smoothscale(surf, (max_width, surf.get_height()))
    return surf


# --- supersampled canvases ------------------------------------------------------------
def canvas(w: int, h: int, bg: Colour = (0, 0, 0), scale: int = SS) -> pygame.Surface:
    """A transparent hi-res canvas; `bg` is the colour of its invisible pixels, which
    bleeds into the edges when shrunk, so give the colour of the shape's rim."""
    surf = pygame.Surface((max(1, w * scale), max(1, h * scale)), pygame.SRCALPHA)
    surf.fill((*bg[:3], 0))
    return surf


def opaque_canvas(w: int, h: int, bg: Colour, scale: int = SS) -> pygame.Surface:
    """A hi-res canvas without alpha: blits onto it are exact; cut() it round at the end."""
    surf = pygame.Surface((max(1, w * scale), max(1, h * scale)))
    surf.fill(bg[:3])
    return surf


def cut(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """An opaque canvas as a rounded rectangle with per-pixel alpha (fully opaque inside,
    the colour of the rim kept under the transparent corners so edges don't darken)."""
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    out.blit(_corner_mask(surf.get_size(), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


@lru_cache(maxsize=32)
def _corner_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    """White, opaque inside a rounded rectangle and clear outside: one per card size."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def shrink(surf: pygame.Surface, w: int, h: int) -> pygame.Surface:
    """Smoothscale a hi-res canvas down to its final size (area-averaged)."""
    return pygame.transform.smoothscale(surf, (max(1, w), max(1, h)))


# --- geometry ------------------------------------------------------------------------
def cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 14) -> list[Point]:
    """Points of a cubic Bézier, p0 included, p3 excluded."""
    out = []
    for i in range(n):
        t = i / n
        u = 1 - t
        out.append(
            (
                u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def path(start: Point, *segments: tuple[Point, Point, Point], n: int = 14) -> list[Point]:
    """A chain of cubic Béziers: each segment is (control1, control2, end)."""
    pts: list[Point] = []
    cur = start
    for c1, c2, end in segments:
        pts += cubic(cur, c1, c2, end, n)
        cur = end
    pts.append(cur)
    return pts


def mirrored(right_side: list[Point]) -> list[Point]:
    """A left–right symmetric outline from its right half (top to bottom)."""
    return right_side + [(-x, y) for x, y in reversed(right_side)]


def ellipse_pts(cx: float, cy: float, rx: float, ry: float, n: int = 40) -> list[Point]:
    """Points around an ellipse."""
    return [
        (cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n)) for i in range(n)
    ]


def outline(surf: pygame.Surface, colour: Colour, pts: Sequence[Point], width: float, closed=True):
    """A thick polyline with round joins, built from quads (pygame's thick lines are ragged)."""
    pts = list(pts)
    if len(pts) < 2:
        return
    if width < 1.5:
        pygame.draw.lines(surf, colour, closed, pts, 1)
        return
    r = width / 2
    segs = list(zip(pts, pts[1:] + pts[:1], strict=True)) if closed else list(itertools.pairwise(pts))
    for (x0, y0), (x1, y1) in segs:
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        if length < 1e-6:
            continue
        nx, ny = -dy / length * r, dx / length * r
        pygame.draw.polygon(
            surf,
            colour,
            [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)],
        )
    for p in pts:
        pygame.draw.circle(surf, colour, p, r)


def in_polygon(x: float, y: float, pts: Sequence[Point]) -> bool:
    """Even–odd point-in-polygon test."""
    inside = False
    j = len(pts) - 1
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def vgradient(surf: pygame.Surface, rect: pygame.Rect, top: Colour, bottom: Colour, radius=0):
    """Fill `rect` with a vertical gradient, clipped to a rounded rectangle."""
    # One pixel column of colours, widened by a nearest-neighbour scale: the same pixels
    # as a line per row, without hundreds of Python-level draw calls per card. BGRA is the
    # byte order of pygame's own alpha surfaces, so the blits need no conversion.
    if rect.width <= 0 or rect.height <= 0:
        return
    h = max(1, rect.height - 1)
    column = bytearray()
    for y in range(rect.height):
        t = y / h
        # an RGB end with an RGBA one blends the colour channels, opaque (as mix() does)
        c = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=False))
        column += bytes((c[2], c[1], c[0], c[3] if len(c) == 4 else 255))
    strip = pygame.image.frombuffer(bytes(column), (1, rect.height), "BGRA")
    grad = pygame.transform.scale(strip, rect.size)
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grad, rect.topleft)


@overload
def mix(a: RGBA, b: RGBA, t: float) -> RGBA: ...
@overload
def mix(a: RGB, b: Colour, t: float) -> RGB: ...
@overload
def mix(a: Colour, b: RGB, t: float) -> RGB: ...
@overload
def mix(a: Colour, b: Colour, t: float) -> Colour: ...
def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend of two colours (t=0 gives a); with alpha only when both have it."""
    rgb = (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
    if len(a) == 4 and len(b) == 4:
        return (*rgb, round(a[3] + (b[3] - a[3]) * t))
    return rgb


def soft_shadow(w: int, h: int, radius: int, blur: int, alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle, `blur` px larger on every side."""
    big = pygame.Surface((w + 2 * blur, h + 2 * blur), pygame.SRCALPHA)
    pygame.draw.rect(big, (0, 0, 0, alpha), (blur, blur, w, h), border_radius=radius)
    k = max(1, blur)
    small = pygame.transform.smoothscale(big, (max(1, big.get_width() // k), max(1, big.get_height() // k)))
    return pygame.transform.smoothscale(small, big.get_size())


class Shape:
    """A small vector drawing in unit coordinates (height 1, centred), drawn at any size.

    The unit frame is the bounding box of the ops, or `box` when given.
    Ops: ("poly", colour, pts) filled; ("line", colour, pts, width) open polyline;
    ("ring", colour, pts, width) closed outline; ("dots", colour, [(x, y, r)]) circles.
    """

    def __init__(self, ops: Iterable[tuple], box: tuple[float, float, float, float] | None = None):
        ops = list(ops)
        self.ops = ops
        if box is not None:  # an explicit frame, for drawings meant to overflow it
            x0, y0, x1, y1 = box
            self.cx, self.cy = (x0 + x1) / 2, (y0 + y1) / 2
            self.height, self.aspect = y1 - y0, (x1 - x0) / (y1 - y0)
            return
        pts = [p for op in ops if op[0] != "dots" for p in op[2]]
        pts += [
            (x + sx * r, y + sy * r)
            for op in ops
            if op[0] == "dots"
            for x, y, r in op[2]
            for sx, sy in ((1, 1), (-1, -1))
        ]
        xs = [x for x, _ in pts]
        ys = [y for _, y in pts]
        self.cx = (min(xs) + max(xs)) / 2
        self.cy = (min(ys) + max(ys)) / 2
        self.height = max(ys) - min(ys)
        self.aspect = (max(xs) - min(xs)) / self.height

    def draw(
        self,
        surf: pygame.Surface,
        cx: float,
        cy: float,
        h: float,
        flip: bool = False,
        recolour: Callable[[Colour], Colour] | None = None,
    ) -> None:
        """Draw centred at (cx, cy) with height h; `flip` turns it 180°."""
        k = h / self.height
        sgn = -1 if flip else 1

        def tr(p: Point) -> tuple[float, float]:
            return cx + sgn * (p[0] - self.cx) * k, cy + sgn * (p[1] - self.cy) * k

        for op in self.ops:
            kind, colour = op[0], op[1]
            if recolour is not None:
                colour = recolour(colour)
            if kind == "poly":
                pygame.draw.polygon(surf, colour, [tr(p) for p in op[2]])
            elif kind in ("line", "ring"):
                outline(surf, colour, [tr(p) for p in op[2]], op[3] * k, closed=kind == "ring")
            elif kind == "dots":
                for x, y, r in op[2]:
                    pygame.draw.circle(surf, colour, tr((x, y)), max(1.0, r * k))


def grey(colour: Colour, fade: float = 0.55, towards: Colour = (214, 214, 210)) -> Colour:
    """Desaturate a colour and wash it towards a pale grey (for the Fakó and spent things)."""
    lum = round(0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2])
    g = (lum, lum, lum)
    out = mix(g, towards, fade)
    return (*out, colour[3]) if len(colour) == 4 else out


def cylinder(surf: pygame.Surface, pts: Sequence[Point], stops: Sequence[tuple[float, Colour]]) -> None:
    """Fill a polygon with left-to-right shading (`stops`: (0..1, colour)), as a lit cylinder."""
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    x0, x1 = math.floor(min(xs)), math.ceil(max(xs))
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))
    w, h = max(1, x1 - x0 + 1), max(1, y1 - y0 + 1)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(w):
        t = x / max(1, w - 1)
        for (ta, ca), (tb, cb) in itertools.pairwise(stops):
            if ta <= t <= tb:
                c = mix(ca, cb, (t - ta) / max(1e-6, tb - ta))
                break
        else:
            c = stops[-1][1] if t > stops[-1][0] else stops[0][1]
        pygame.draw.line(layer, c, (x, 0), (x, h))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))  # keep the colours under the transparent part
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - x0, y - y0) for x, y in pts])
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(layer, (x0, y0))
