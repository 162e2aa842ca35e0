"""The card table's controls: Play / Challenge buttons, the curtain, the game log, the top bar."""

from __future__ import annotations

import math

import pygame

from scenes.table.layout import HAND_RECT, LOG_BUTTON, LOG_PANEL
from scenes.ui.anim import lerp_color
from scenes.ui.lang import t
from scenes.ui.palette import Palette
from scenes.ui.text import draw_fitted, draw_text, fit_line, fit_lines, render, text_width, wrap
from scenes.ui.widgets import draw_keycap, draw_panel

_VELVET: dict[tuple[int, int], pygame.Surface] = {}


def draw_curtain(surface: pygame.Surface, title: str, line: str, colour, time: float,
                 note: str = "") -> pygame.Rect:  # fmt: skip
    """A velvet curtain over the hand: "Pass to Ben — press E when ready"; note: who may lift it."""
    rect = HAND_RECT.inflate(-6, -10).move(0, 6)
    velvet = _VELVET.get(rect.size)
    if velvet is None:
        velvet = _VELVET[rect.size] = _velvet(rect.size)
    surface.blit(velvet, rect)
    sway = round(3 * math.sin(time * 1.7))
    room = min(rect.w - 60, 600) - 40  # every line inside the plate: smaller, then a second line
    note_size, notes = fit_lines(note, room, 15, 11, False, 2) if note else (15, [])
    plate = pygame.Rect(0, 0, room + 40, 112 + 17 * len(notes))
    plate.center = (rect.centerx + sway, rect.centery - 4 - 9 * max(0, len(notes) - 1))
    draw_panel(surface, plate, (14, 10, 8, 225), (*Palette.GOLD, 230), radius=18)
    pygame.draw.circle(surface, colour, (plate.x + 30, plate.y + 34), 10)
    draw_fitted(surface, title, (plate.centerx + 10, plate.y + 34), room - 60, 32, Palette.GOLD_LIGHT, True,
                "center", smallest=20)  # fmt: skip
    draw_fitted(surface, line, (plate.centerx, plate.y + 74), room, 19, Palette.CREAM, True, "center",
                smallest=13)  # fmt: skip
    for row, part in enumerate(notes):
        draw_text(surface, part, (plate.centerx, plate.y + 102 + row * (note_size + 3)), note_size,
                  Palette.CREAM_DIM, False, "center")  # fmt: skip
    draw_fitted(surface, t("table.curtain.others"), (rect.centerx, rect.bottom - 16), rect.w - 24, 14,
                (230, 200, 180), anchor="center", smallest=11)  # fmt: skip
    return rect


def _velvet(size: tuple[int, int]) -> pygame.Surface:
    """Deep red folds with a gold fringe."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for x in range(w):
        fold = 0.5 + 0.5 * math.cos(x / w * math.pi * 18)
        shade = lerp_color((70, 10, 18), (150, 28, 40), fold**1.6)
        pygame.draw.line(surf, shade, (x, 10), (x, h))
    pygame.draw.rect(surf, Palette.GOLD_DARK, (0, 0, w, 12))
    for x in range(4, w, 10):
        pygame.draw.line(surf, Palette.GOLD, (x, 10), (x, 20), 3)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=18)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return surf


def draw_top_bar(surface: pygame.Surface, title: str, log_open: bool, hot: bool) -> None:
    """The game's name on the left; the log button on the right."""
    draw_text(surface, title, (26, 22), 18, Palette.GOLD_LIGHT, True, "midleft")
    fill = (*Palette.GOLD, 235) if log_open or hot else (8, 34, 22, 210)
    draw_panel(surface, LOG_BUTTON, fill, (*Palette.GOLD, 180), LOG_BUTTON.h // 2, 2, shadow=False)
    ink = Palette.INK if log_open or hot else Palette.CREAM
    cap = draw_keycap(surface, "L", (LOG_BUTTON.right - 8, LOG_BUTTON.centery), 12, "midright")
    left, right = LOG_BUTTON.x + 12, cap.x - 4
    draw_fitted(surface, t("table.button.log"), ((left + right) // 2, LOG_BUTTON.centery), right - left, 16,
                ink, True, "center", smallest=10, shadow=None)  # fmt: skip


def draw_log(surface: pygame.Surface, lines: list[tuple[str, tuple[int, int, int]]]) -> None:
    """The game told in words, newest at the bottom: a panel floating over the dimmed table."""
    shade = _VELVET.get((-1, -1))
    if shade is None:
        shade = _VELVET[(-1, -1)] = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, 0))
    draw_panel(surface, LOG_PANEL, (4, 20, 13, 250), (*Palette.GOLD, 220), radius=14)
    draw_text(surface, t("table.log.title"), (LOG_PANEL.x + 18, LOG_PANEL.y + 14), 20,
              Palette.GOLD_LIGHT, True)  # fmt: skip
    close = draw_keycap(surface, "L", (LOG_PANEL.right - 16, LOG_PANEL.y + 24), 13, "midright")
    draw_text(surface, t("table.log.close"), (close.x - 8, close.centery), 15, Palette.CREAM_DIM,
              anchor="midright")  # fmt: skip
    size, step = 16, 21
    width = LOG_PANEL.w - 56
    rows: list[tuple[str, tuple[int, int, int], bool]] = []
    for text, colour in lines:
        for i, part in enumerate(wrap(text, width, size)):
            rows.append((part, colour, i == 0))
    room = (LOG_PANEL.h - 64) // step
    y = LOG_PANEL.y + 50
    if not rows:
        draw_text(surface, t("table.log.empty"), (LOG_PANEL.x + 18, y), size, Palette.CREAM_DIM)
    for text, colour, first in rows[-room:]:
        if first:
            pygame.draw.circle(surface, colour, (LOG_PANEL.x + 24, y + 10), 5)
        draw_text(surface, text, (LOG_PANEL.x + 36, y), size, Palette.CREAM, shadow=None)
        y += step


WRAPPED_MOST = 200  # characters: any line of the log is far shorter; a freak one is cut instead


def ticker_lines(text: str, room: int) -> tuple[int, list[str]]:
    """The ticker's words at the biggest size that needs at most two lines: wrapped at spaces,
    never cut ("Cards dealt. Dani starts with sevens." stays whole)."""
    if len(text) > WRAPPED_MOST:
        size, line = fit_line(text, room, 16, 13)
        return size, [line]
    for size in (16, 15, 14, 13):
        lines = wrap(text, room, size)
        if len(lines) <= 2 and all(text_width(line, size) <= room for line in lines):
            return size, lines
    return 13, wrap(text, room, 13)


def draw_ticker(surface: pygame.Surface, text: str, colour, alpha: float,
                left: int = 200) -> pygame.Rect | None:  # fmt: skip
    """The newest log line, small, at the top right while the log is closed; it never reaches
    left of `left` (the seats' panels end there): it shrinks, then wraps onto a second line."""
    if not text or alpha <= 0:
        return None
    right = LOG_BUTTON.x - 12
    room = right - left - 40
    size, lines = ticker_lines(text, room)
    images = [render(line, size, Palette.CREAM, False, (0, 0, 0, 150)) for line in lines]
    step = images[0].get_height()
    box = pygame.Rect(0, 0, max(image.get_width() for image in images) + 40, max(28, step * len(lines) + 8))
    box.topright = (right, LOG_BUTTON.y + 3)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (4, 20, 13, 190), layer.get_rect(), border_radius=14)
    pygame.draw.circle(layer, colour, (14, 14), 5)
    for row, image in enumerate(images):
        layer.blit(image, image.get_rect(topleft=(26, (box.h - step * len(lines)) // 2 + row * step)))
    layer.set_alpha(round(255 * alpha))
    surface.blit(layer, box)
    return box


def draw_legend(surface: pygame.Surface, hints: list[tuple[str, str]], bottom: int, x: int) -> None:
    """Key hints stacked in a column, the key caps lined up on x: [("Enter", "play"), ...]."""
    y = bottom - 13 - 27 * (len(hints) - 1)
    for key, text in hints:
        draw_keycap(surface, key, (x, y), 13, "midright")
        draw_text(surface, text, (x + 9, y - 1), 15, Palette.CREAM_DIM, anchor="midleft")
        y += 27
