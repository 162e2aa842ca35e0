"""Key caps and key hints in the house style: a cap with the key's name, rows of caps with what they do."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from bluffhouse.scenes.ui.anim import lerp_color
from bluffhouse.scenes.ui.keys import cap_label
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.surface_cache import SurfaceCache
from bluffhouse.scenes.ui.text import READ, SMALL, draw_text, font, note, render, text_width

# Key caps are drawn every frame in the same few looks: made once, blitted after.
_DRAWN = SurfaceCache(8 * 1024 * 1024)


HINT_CAP = 16  # the size of a key cap's name in a row of key hints (their words are READ)
HINT_STEP = 36  # from one row of key hints to the next


def draw_keycap(
    surface: pygame.Surface,
    label: str,
    pos: tuple[int, int],
    size: int = 20,
    anchor: str = "center",
    lit: bool = False,
    dim: bool = False,
    flat: bool = False,
) -> pygame.Rect:
    """A small key cap with the key's name on it ("Q", "Right Shift"); lit glows gold; flat is
    a lower cap, for lines packed close (a list).

    The names the screens write ("Enter", "Space", "Esc", "Tab"...) are shown in the player's
    language."""
    label = cap_label(label)
    look = (label, max(size, SMALL), lit, dim, flat)
    layer = _DRAWN.get(("keycap", *look), lambda: _keycap(*look))
    rect = layer.get_rect()
    setattr(rect, anchor, pos)
    surface.blit(layer, rect)
    note(surface, label, rect.inflate(0, -4).move(0, -2), look[1], "cap")
    return rect


def keycap_size(label: str, size: int, flat: bool = False) -> tuple[int, int]:
    """How big draw_keycap draws a cap."""
    return _cap_size(cap_label(label), max(size, SMALL), flat)


def _cap_size(label: str, size: int, flat: bool = False) -> tuple[int, int]:
    text_w, text_h = font(size, bold=True).size(label)
    h = round(text_h * (1.2 if flat else 1.55))
    return max(h, text_w + size), h + 4


def _keycap(label: str, size: int, lit: bool, dim: bool, flat: bool) -> pygame.Surface:
    rect = pygame.Rect(0, 0, *_cap_size(label, size, flat))
    top = Palette.GOLD_LIGHT if lit else Palette.CREAM
    base = Palette.GOLD_DARK if lit else (150, 140, 118)
    if dim:
        top, base = lerp_color(top, Palette.FELT, 0.55), lerp_color(base, Palette.FELT, 0.55)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = max(4, size // 3)
    pygame.draw.rect(layer, (0, 0, 0, 90), layer.get_rect().move(0, 2), border_radius=radius)
    pygame.draw.rect(layer, base, (0, 2, rect.w, rect.h - 2), border_radius=radius)
    pygame.draw.rect(layer, top, (0, 0, rect.w, rect.h - 5), border_radius=radius)
    label_surface = render(label, size, Palette.INK, True, None)
    layer.blit(label_surface, label_surface.get_rect(center=(rect.w // 2, (rect.h - 5) // 2)))
    return layer


Hint = tuple[str, str]  # a key and what it does: ("Enter", "select")


def hint_width(hint: Hint, cap: int = HINT_CAP, size: int = READ, flat: bool = False) -> int:
    """How wide one key hint is drawn: its cap, a gap, its words."""
    key, words = hint
    return keycap_size(key, cap, flat)[0] + 8 + text_width(words, size)


def hint_rows(
    hints: Sequence[Hint], room: int, cap: int = HINT_CAP, size: int = READ, gap: int = 26, flat: bool = False
) -> list[list[Hint]]:
    """Key hints in rows no wider than room, in order: as few rows as will do (a row closes up
    before the next one starts); a hint wider than room has a row of its own."""
    for spacing in (gap, max(12, gap // 2)):
        rows: list[list[Hint]] = [[]]
        width = 0
        for hint in hints:
            w = hint_width(hint, cap, size, flat)
            if rows[-1] and width + spacing + w > room:
                rows.append([])
                width = 0
            width += (spacing if rows[-1] else 0) + w
            rows[-1].append(hint)
        if len(rows) == 1:
            return rows
    return rows


def _row_width(row: Sequence[Hint], cap: int, size: int, gap: int) -> int:
    return sum(hint_width(hint, cap, size) for hint in row) + gap * (len(row) - 1)


def draw_hint_row(
    surface: pygame.Surface,
    row: Sequence[Hint],
    x: int,
    y: int,
    cap: int = HINT_CAP,
    size: int = READ,
    gap: int = 26,
    colour=Palette.CREAM_DIM,
    flat: bool = False,
) -> pygame.Rect:
    """One row of key hints starting at x, on the line through y; returns where it went."""
    drawn = pygame.Rect(x, y, 0, 0)
    for key, words in row:
        cap_rect = draw_keycap(surface, key, (x, y), cap, anchor="midleft", flat=flat)
        said = draw_text(surface, words, (cap_rect.right + 8, y - 1), size, colour, anchor="midleft")
        drawn = drawn.union(cap_rect).union(said)
        x = said.right + gap
    return drawn


def draw_hints(
    surface: pygame.Surface, hints: Sequence[Hint], y: int, room: int | None = None, centre: int | None = None
) -> pygame.Rect:
    """Key caps with what they do, centred: [("Enter", "select"), ...]. The last row is on the
    line through y; a row too long for room (the screen, less its margins) goes on above it.
    Returns the rect of every row."""
    room = surface.get_width() - 48 if room is None else room
    centre = surface.get_width() // 2 if centre is None else centre
    rows = hint_rows(hints, room)
    gap = 26 if all(_row_width(row, HINT_CAP, READ, 26) <= room for row in rows) else 13
    drawn = None
    for index, row in enumerate(rows):
        row_y = y - (len(rows) - 1 - index) * HINT_STEP
        x = centre - _row_width(row, HINT_CAP, READ, gap) // 2
        rect = draw_hint_row(surface, row, x, row_y, gap=gap)
        drawn = rect if drawn is None else drawn.union(rect)
    return drawn if drawn is not None else pygame.Rect(centre, y, 0, 0)
