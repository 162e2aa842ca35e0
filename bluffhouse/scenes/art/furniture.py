"""The table: felt, bullets, seat badges and counter chips."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

from bluffhouse.scenes.art.base import (
    SS,
    Colour,
    canvas,
    cylinder,
    ellipse_pts,
    grey,
    mix,
    outline,
    path,
    shrink,
    soft_shadow,
    text,
)
from bluffhouse.scenes.art.cache import cached, on_clear
from bluffhouse.scenes.ui import kept_pictures
from bluffhouse.scenes.ui.palette import Palette

FELT_SEED = 20240607  # the felt's texture is the same on every run
FeltKey = tuple[int, int, tuple[int, int, int]]  # (width, height, colour)


def felt(size: tuple[int, int], colour: tuple[int, int, int] = Palette.FELT) -> pygame.Surface:
    """The table felt: mottled, finely grained, lit in the middle and darker at the rim.

    Opaque (no per-pixel alpha), so the background blit stays cheap; deterministic."""
    return _felt(int(size[0]), int(size[1]), (colour[0], colour[1], colour[2]))


def felt_steps(
    size: tuple[int, int], colour: tuple[int, int, int] = Palette.FELT
) -> list[Callable[[], object]]:
    """The felt made in steps of a few milliseconds each, for the warm-up (whole, ~12 ms, it
    takes a frame of its own); the last leaves it where felt() finds it: the same pixels. The
    first reads the felt kept from an earlier run, when there is one (then the others do nothing)."""
    key: FeltKey = (int(size[0]), int(size[1]), (colour[0], colour[1], colour[2]))

    def read() -> None:
        if key not in _MADE and key not in _READ:
            picture = kept_pictures.read(_felt_name(key), key[:2], _felt_recipe(key))
            if picture is not None:
                _READ[key] = picture

    def step() -> None:
        if key not in _MADE and key not in _READ:
            _MAKING.setdefault(key, _Felt(*key)).step()

    return [read] + [step] * (len(_Felt.STEPS) - 1) + [lambda: felt(size, colour)]


class _Felt:
    """A felt being made: the mottle, the grain, the lamp light, one step at a time."""

    STEPS = ("_mottle", "_grain", "_light")

    def __init__(self, w: int, h: int, colour: tuple[int, int, int]) -> None:
        """Nothing made yet; the texture's generator is seeded (the same felt on every run)."""
        self.w, self.h, self.colour = w, h, colour
        self.rng = random.Random(FELT_SEED)
        self.surf = pygame.Surface((w, h))  # opaque: the background blit stays cheap
        self.done = 0

    def step(self) -> None:
        """Make the next part."""
        if self.done < len(self.STEPS):
            getattr(self, self.STEPS[self.done])()
            self.done += 1

    def finished(self) -> pygame.Surface:
        """The felt, its remaining parts made now."""
        while self.done < len(self.STEPS):
            self.step()
        return self.surf

    def _mottle(self) -> None:
        # Pixels are built as bytes in the display's own BGRA order, not with set_at() one by
        # one, and blitted without format conversion (~45 ms became a few).
        w, h, cell = self.w, self.h, 20
        mw, mh = w // cell + 3, h // cell + 3
        shifts = [self.rng.uniform(-5, 5) for _ in range(mw * mh)]
        blue_green_red = self.colour[::-1]
        mottle = bytes(
            v for d in shifts for v in (*(max(0, min(255, round(c + d))) for c in blue_green_red), 255)
        )
        spread = pygame.transform.smoothscale(
            pygame.image.frombuffer(mottle, (mw, mh), "BGRA"), (w + 2 * cell, h + 2 * cell)
        )
        self.surf.blit(spread, (-cell, -cell))

    def _grain(self) -> None:
        grain = _grain(self.rng, 128)
        for y in range(0, self.h, 128):
            for x in range(0, self.w, 128):
                self.surf.blit(grain, (x, y))

    def _light(self) -> None:
        # Lamp light: a soft pool in the middle, dark corners (a vignette).
        lw, lh = 64, 36
        light = bytearray()
        for y in range(lh):
            for x in range(lw):
                d = math.hypot((x + 0.5) / lw - 0.5, ((y + 0.5) / lh - 0.5) * 0.9) * 2
                if d < 0.6:
                    light += bytes((220, 255, 255, round(22 * (1 - d / 0.6) ** 2)))  # BGRA
                else:
                    light += bytes((0, 0, 0, min(200, round(230 * ((d - 0.6) / 0.85) ** 1.7))))
        lamp = pygame.image.frombuffer(bytes(light), (lw, lh), "BGRA")
        self.surf.blit(pygame.transform.smoothscale(lamp, (self.w, self.h)), (0, 0))


_MAKING: dict[FeltKey, _Felt] = {}  # felts the warm-up has begun, by (w, h, colour)
_READ: dict[FeltKey, pygame.Surface] = {}  # felts the warm-up read from their kept files
_MADE: set[FeltKey] = set()  # felts finished (in the art cache while it is not cleared)
on_clear(_MADE.clear)
on_clear(_MAKING.clear)
on_clear(_READ.clear)


@cached
def _felt(w: int, h: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """The felt: read from the file kept of it (~2 ms), else drawn (~20 ms) and kept."""
    key = (w, h, colour)
    _MADE.add(key)
    name, made_by = _felt_name(key), _felt_recipe(key)
    picture = _READ.pop(key, None)
    if picture is None:
        picture = kept_pictures.read(name, (w, h), made_by)
    if picture is None:
        picture = (_MAKING.pop(key, None) or _Felt(w, h, colour)).finished()
        kept_pictures.keep(name, picture, made_by)
    return picture


def _felt_name(key: FeltKey) -> str:
    return "table-felt-{:02x}{:02x}{:02x}".format(*key[2])


def _felt_recipe(key: FeltKey) -> str:
    """What the felt is drawn from: _Felt's code, the grain's, its seed and colour."""
    code = [value for value in vars(_Felt).values() if callable(value)]
    return kept_pictures.recipe(*code, _grain, FELT_SEED, key[2], _Felt.STEPS)


def _grain(rng: random.Random, side: int) -> pygame.Surface:
    """A tile of fine grain: half the pixels a faint dark or light speck (alpha 4–16)."""
    n = side * side
    pick = rng.randbytes(n)  # < 64 dark, < 128 light, else clear
    shade = pick.translate(bytes(255 if 64 <= b < 128 else 0 for b in range(256)))
    shown = int.from_bytes(pick.translate(bytes(255 if b < 128 else 0 for b in range(256))), "big")
    strength = rng.randbytes(n).translate(bytes(4 + b * 13 // 256 for b in range(256)))
    alpha = (shown & int.from_bytes(strength, "big")).to_bytes(n, "big")
    pixels = bytearray(4 * n)
    pixels[0::4] = pixels[1::4] = pixels[2::4] = shade
    pixels[3::4] = alpha
    return pygame.image.frombuffer(bytes(pixels), (side, side), "BGRA")


def bullet_size(height: int) -> tuple[int, int]:
    """(width, height) of a bullet_icon of this height."""
    return max(4, round(height * 0.36)), int(height)


BRASS_STOPS: list[tuple[float, Colour]] = [
    (0, (122, 84, 20)),
    (0.28, (255, 226, 140)),
    (0.5, (214, 168, 62)),
    (1, (104, 70, 16)),
]
COPPER_STOPS: list[tuple[float, Colour]] = [
    (0, (110, 50, 22)),
    (0.3, (246, 170, 120)),
    (0.55, (192, 104, 56)),
    (1, (90, 40, 16)),
]


@cached
def bullet_icon(height: int, state: str = "full") -> pygame.Surface:
    """A brass cartridge standing up. `state`: "full" (bullet in the case), "spent" (an
    empty, tarnished case) or "empty" (only a faint outline where a bullet was)."""
    if state not in ("full", "spent", "empty"):
        raise ValueError(f"bullet state must be full, spent or empty, not {state!r}")
    w, h = bullet_size(height)
    k = SS
    hi = canvas(w, h, bg=(110, 80, 30), scale=k)
    W, H = w * k, h * k
    cx = W / 2

    def X(u: float) -> float:
        return cx + u * W

    def Y(v: float) -> float:
        return v * H

    case = [(X(-0.4), Y(0.4)), (X(0.4), Y(0.4)), (X(0.4), Y(0.9)), (X(-0.4), Y(0.9))]
    rim = [(X(-0.46), Y(0.915)), (X(0.46), Y(0.915)), (X(0.46), Y(0.985)), (X(-0.46), Y(0.985))]
    groove = [(X(-0.34), Y(0.895)), (X(0.34), Y(0.895)), (X(0.34), Y(0.92)), (X(-0.34), Y(0.92))]
    tip_side = path((0.37, 0.41), ((0.39, 0.22), (0.25, 0.06), (0.0, 0.02)), n=14)
    tip = [(X(u), Y(v)) for u, v in tip_side] + [(X(-u), Y(v)) for u, v in reversed(tip_side)]
    silhouette = tip + [
        (X(0.4), Y(0.4)),
        (X(0.4), Y(0.9)),
        (X(0.46), Y(0.915)),
        (X(0.46), Y(0.985)),
        (X(-0.46), Y(0.985)),
        (X(-0.46), Y(0.915)),
        (X(-0.4), Y(0.9)),
        (X(-0.4), Y(0.4)),
    ]
    edge = max(1.0, k * 0.9)
    if state == "empty":
        outline(hi, (225, 225, 215, 120), silhouette, edge)
        return shrink(hi, w, h)
    if state == "full":
        cylinder(hi, tip, COPPER_STOPS)
        outline(hi, (70, 30, 10), tip, edge)
        brass = BRASS_STOPS
        dark = (80, 54, 12)
    else:
        brass = [(t, grey(c, 0.35)) for t, c in BRASS_STOPS]
        dark = (70, 70, 66)
    for part in (rim, groove, case):
        cylinder(
            hi,
            part,
            brass if part is not groove else [(t, mix(c, (0, 0, 0), 0.4)) for t, c in brass],
        )
    for part in (case, rim):
        outline(hi, dark, part, edge)
    if state == "spent":  # the open mouth of the case
        mouth = ellipse_pts(cx, Y(0.405), 0.36 * W, max(k, 0.025 * H), 20)
        pygame.draw.polygon(hi, (40, 38, 34), mouth)
        outline(hi, dark, mouth, edge)
    else:
        pygame.draw.line(
            hi, mix(brass[0][1], (0, 0, 0), 0.3), (X(-0.4), Y(0.44)), (X(0.4), Y(0.44)), max(1, k)
        )
    return shrink(hi, w, h)


def _luminance(c) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


@cached
def seat_badge(seat: int, initials: str = "", size: int = 48, active: bool = False) -> pygame.Surface:
    """An avatar disc in the seat's colour (Palette.SEAT_COLOURS) with up to two initials;
    `active` adds a gold ring. The surface is size × size."""
    colour = Palette.SEAT_COLOURS[seat % len(Palette.SEAT_COLOURS)]
    k = SS
    hi = canvas(size, size, bg=colour, scale=k)
    c = size * k / 2
    r = size * k / 2 - k
    shadow = soft_shadow(round(r * 1.9), round(r * 1.9), round(r), max(2, round(size * k * 0.05)), alpha=90)
    hi.blit(shadow, shadow.get_rect(center=(c + k, c + 1.5 * k)))
    ring = Palette.GILT if active else (250, 248, 240)
    ring_w = r * (0.14 if active else 0.08)
    pygame.draw.circle(hi, mix(ring, Palette.INK, 0.35), (c, c), r)
    pygame.draw.circle(hi, ring, (c, c), r - k * 0.8)
    inner = r - ring_w
    pygame.draw.circle(hi, mix(colour, Palette.INK, 0.25), (c, c), inner)
    pygame.draw.circle(hi, colour, (c, c - inner * 0.04), inner * 0.96)
    shine = ellipse_pts(c, c - inner * 0.45, inner * 0.62, inner * 0.34, 32)
    layer = pygame.Surface(hi.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (255, 255, 255, 46), shine)
    hi.blit(layer, (0, 0))
    surf = shrink(hi, size, size)
    label = initials.strip()[:2].upper()
    if label:
        ink = Palette.INK if _luminance(colour) > 140 else Palette.WHITE
        t = text(
            label,
            round(size * (0.42 if len(label) == 1 else 0.36)),
            ink,
            max_width=round(inner / k * 1.5),
        )
        surf.blit(t, t.get_rect(center=(size // 2, round(size / 2 + size * 0.01))))
    return surf


@cached
def count_chip(count: int, size: int = 32, colour: tuple[int, int, int] = (170, 30, 44)) -> pygame.Surface:
    """A poker-chip token showing a number (cards in the pile, cards in a hand)."""
    k = SS
    hi = canvas(size, size, bg=colour, scale=k)
    c, r = size * k / 2, size * k / 2 - k / 2
    pygame.draw.circle(hi, mix(colour, Palette.INK, 0.4), (c, c), r)
    pygame.draw.circle(hi, colour, (c, c), r - k)
    for i in range(8):  # edge spots
        a0 = 2 * math.pi * i / 8
        pts = [(c, c)] + [
            (c + (r - k) * math.cos(a0 + t * 0.012), c + (r - k) * math.sin(a0 + t * 0.012))
            for t in range(-14, 15)
        ]
        pygame.draw.polygon(hi, (245, 240, 228), pts)
    pygame.draw.circle(hi, mix(colour, Palette.INK, 0.2), (c, c), r * 0.72)
    pygame.draw.circle(hi, (250, 246, 236), (c, c), r * 0.66)
    surf = shrink(hi, size, size)
    label = str(count)
    t = text(
        label, round(size * (0.42 if len(label) < 3 else 0.32)), Palette.INK, max_width=round(size * 0.58)
    )
    surf.blit(t, t.get_rect(center=(size // 2, size // 2)))
    return surf
