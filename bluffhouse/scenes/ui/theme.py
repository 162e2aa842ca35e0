"""The look of the house: the palette, the felt backdrop, gold lettering, decorative cards and dice."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from bluffhouse.scenes.ui.anim import lerp_color
from bluffhouse.scenes.ui.kept_pictures import kept_picture, recipe
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.surface_cache import SurfaceCache
from bluffhouse.scenes.ui.text import draw_text, font, render_line

# Decorations turned to an angle (the menu's swaying cards and dice), bounded by their pixels.
_TURNED = SurfaceCache(8 * 1024 * 1024)


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The felt of the menus, read from its kept file when it was drawn before (the menu's first
    frame: ~2 ms instead of ~8), else drawn."""
    made_by = recipe(
        paint_backdrop,
        _weave,
        lerp_color,
        Palette.FELT_DARK,
        Palette.FELT_LIGHT,
        Palette.WOOD,
        Palette.GOLD_DARK,
    )
    return kept_picture("menu-felt", size, made_by, lambda: paint_backdrop(size))


def paint_backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Felt: a lit centre, darker edges, a faint weave and a gold-lined wooden rail."""
    small = pygame.Surface((size[0] // 8, size[1] // 8))
    small.fill(Palette.FELT_DARK)
    cx, cy = small.get_width() // 2, small.get_height() * 0.45
    steps = 40
    for i in range(steps):
        k = i / (steps - 1)
        radius = round(small.get_width() * 0.75 * (1 - k) + 1)
        color = lerp_color(Palette.FELT_DARK, Palette.FELT_LIGHT, k**0.8)
        pygame.draw.ellipse(
            small, color, pygame.Rect(0, 0, radius * 2, radius * 1.3).move(cx - radius, cy - radius * 0.65)
        )
    # small is in the window's format already (convert is cheap at 160×90): the scaled felt is
    # made in it at once, where converting the full picture after would copy 3.7 MB (~2 ms).
    surface = pygame.transform.smoothscale(small.convert(), size)
    _weave(surface)
    rail = surface.get_rect()
    pygame.draw.rect(surface, Palette.WOOD, rail, 10)
    pygame.draw.rect(surface, (40, 22, 12), rail, 3)
    pygame.draw.rect(surface, Palette.GOLD_DARK, rail.inflate(-20, -20), 2, border_radius=8)
    return surface


def _weave(surface: pygame.Surface) -> None:
    """A faint weave: light and dark dashes 2 px long over about one pixel in 32."""
    # Random bytes at C speed: a translate table picks the dashes, an 8-bit layer with a
    # colour key and an alpha blends them. Drawing 15,000 dashes one by one cost ~50 ms.
    # Each byte is doubled in place (two slice copies) rather than the layers scaled 2x: the same
    # pixels, without two scaled 1280x720 layers made at start.
    w, h = surface.get_size()
    cells = ((w + 1) // 2, h)  # one byte per dash slot, 2 px wide
    noise = random.Random(11).randbytes(cells[0] * cells[1])
    for index, (colour, alpha) in enumerate((((255, 255, 255), 7), ((0, 0, 0), 14))):
        marks = noise.translate(bytes(1 if index * 4 <= b < index * 4 + 4 else 0 for b in range(256)))
        wide = bytearray(2 * len(marks))
        wide[0::2] = wide[1::2] = marks
        layer = pygame.image.frombuffer(wide, (cells[0] * 2, h), "P")
        layer.set_palette([(1, 2, 3), colour])
        layer.set_colorkey(0)
        layer.set_alpha(alpha)
        surface.blit(layer, (0, 0))


def draw_backdrop(surface: pygame.Surface) -> None:
    """The felt background of menus and help screens."""
    surface.blit(backdrop(surface.get_size()), (0, 0))


@lru_cache(maxsize=16)
def title_image(text: str, size: int) -> pygame.Surface:
    """Big gold lettering with a dark outline and a drop shadow; cached."""
    face = font(size, bold=True)
    glyphs = render_line(face, text, (255, 255, 255))
    w, h = glyphs.get_size()
    gradient = pygame.Surface((1, h))
    for y in range(h):
        k = y / max(1, h - 1)
        gradient.set_at((0, y), lerp_color(Palette.GOLD_LIGHT, Palette.GOLD_DARK, k**1.4))
    gold = glyphs.copy()
    gold.blit(pygame.transform.scale(gradient, (w, h)), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    dark = render_line(face, text, (28, 16, 8))
    out = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
    shadow = render_line(face, text, (0, 0, 0))
    shadow.set_alpha(110)
    out.blit(shadow, (9, 10))
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-2, -2), (2, 2), (-2, 2), (2, -2)):
        out.blit(dark, (4 + dx, 4 + dy))
    out.blit(gold, (4, 4))
    return out


@lru_cache(maxsize=64)
def mini_card(rank: str, suit: str, width: int = 90) -> pygame.Surface:
    """A simple face-up card for decoration (the table's real cards live in art.py)."""
    h = round(width * 1.4)
    card = pygame.Surface((width + 6, h + 6), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, width, h)
    radius = width // 9
    pygame.draw.rect(card, (0, 0, 0, 70), body.move(4, 5), border_radius=radius)
    pygame.draw.rect(card, Palette.CARD, body, border_radius=radius)
    pygame.draw.rect(card, (205, 196, 176), body, 2, border_radius=radius)
    color = Palette.RED if suit in "♥♦" else Palette.INK
    corner = max(10, width // 6)
    draw_text(card, rank, (width * 0.1, h * 0.04), corner, color, True, shadow=None, role="decor")
    draw_text(
        card, suit, (width * 0.1 + 1, h * 0.04 + corner * 1.15), corner, color, shadow=None, role="decor"
    )
    draw_text(
        card, suit, (width / 2, h / 2), round(width * 0.5), color, anchor="center", shadow=None, role="decor"
    )
    return card


def draw_mini_card(
    surface: pygame.Surface,
    rank: str,
    suit: str,
    center: tuple[int, int],
    angle: float = 0.0,
    width: int = 90,
) -> None:
    """Blit a decorative card rotated by angle degrees around center."""
    turn = round(angle * 4) / 4  # quarter degrees: a sway looks smooth, and repeats are cached
    key = ("card", rank, suit, width, turn)
    image = _TURNED.get(key, lambda: _turned(mini_card(rank, suit, width), turn))
    surface.blit(image, image.get_rect(center=center))


def _turned(image: pygame.Surface, angle: float) -> pygame.Surface:
    return pygame.transform.rotozoom(image, angle, 1.0) if angle else image


DIE_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def draw_die(
    surface: pygame.Surface, face: int, center: tuple[int, int], size: int, angle: float = 0.0
) -> None:
    """A cream die showing face, for decoration (the duel's dice live in art.py)."""
    turn = round(angle * 4) / 4
    die = _TURNED.get(("die", face, size, turn), lambda: _turned(_die(face, size), turn))
    surface.blit(die, die.get_rect(center=center))


def _die(face: int, size: int) -> pygame.Surface:
    die = pygame.Surface((size + 8, size + 8), pygame.SRCALPHA)
    body = pygame.Rect(2, 2, size, size)
    pygame.draw.rect(die, (0, 0, 0, 80), body.move(3, 4), border_radius=size // 5)
    pygame.draw.rect(die, Palette.CARD, body, border_radius=size // 5)
    pygame.draw.rect(die, (205, 196, 176), body, 2, border_radius=size // 5)
    color = Palette.RED if face == 1 else Palette.INK
    for dx, dy in DIE_PIPS[face]:
        pip = (body.centerx + dx * size // 4, body.centery + dy * size // 4)
        pygame.draw.circle(die, color, pip, size // (7 if face == 1 else 10))
    return die
