"""The card table's controls: Play / Challenge buttons, the curtain, the game log, the top bar."""

from __future__ import annotations

import math

import pygame

from bluffhouse.scenes.table.layout import HAND_RECT, LOG_BUTTON, LOG_PANEL
from bluffhouse.scenes.ui.anim import lerp_color
from bluffhouse.scenes.ui.keycaps import draw_keycap
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import (
    READ,
    SMALL,
    draw_fitted,
    draw_text,
    fit_line,
    fit_lines,
    fits_lines,
    font,
    note,
    render,
    wrap,
    wrapped_lines,
)
from bluffhouse.scenes.ui.widgets import draw_panel

_VELVET: dict[tuple[int, int], pygame.Surface] = {}


def draw_curtain(
    surface: pygame.Surface, title: str, line: str, colour, time: float, note: str = ""
) -> pygame.Rect:
    """A velvet curtain over the hand: "Pass to Ben — press E when ready"; note: who may lift it."""
    rect = HAND_RECT.inflate(-6, -10).move(0, 6)
    velvet = _VELVET.get(rect.size)
    if velvet is None:
        velvet = _VELVET[rect.size] = _velvet(rect.size)
    surface.blit(velvet, rect)
    sway = round(3 * math.sin(time * 1.7))
    # Every line inside the plate and read from a sofa (issue 18): a long one takes a second line.
    room = rect.w - 80
    step = font(READ).get_linesize() - 2
    others = t("table.curtain.others")
    size, lines = even_lines(line, room, 20, READ, True)  # the key's letter at its end stays in view
    notes = even_lines(note, room, READ, READ, False)[1] if note else ()
    asides = even_lines(others, room, READ, READ, False)[1]
    more = (font(size, True).get_linesize() - 2) * (len(lines) - 1)
    plate = pygame.Rect(0, 0, room + 40, 84 + more + step * (len(notes) + len(asides)) + 8)
    plate.center = (rect.centerx + sway, rect.centery + 2)
    draw_panel(surface, plate, (14, 10, 8, 225), (*Palette.GOLD, 230), radius=18)
    pygame.draw.circle(surface, colour, (plate.x + 30, plate.y + 26), 10)
    draw_fitted(
        surface,
        title,
        (plate.centerx + 10, plate.y + 26),
        room - 60,
        32,
        Palette.GOLD_LIGHT,
        True,
        "center",
        smallest=22,
    )
    y = plate.y + 62 - font(size, True).get_linesize() // 2
    for part in lines:
        draw_text(surface, part, (plate.centerx, y), size, Palette.CREAM, True, "midtop")
        y += font(size, True).get_linesize() - 2
    y = plate.y + 80 + more
    for part in notes:
        draw_text(surface, part, (plate.centerx, y), READ, Palette.CREAM_DIM, False, "midtop")
        y += step
    for part in asides:  # "everyone else, look away"
        draw_text(surface, part, (plate.centerx, y), READ, (236, 206, 186), True, "midtop")
        y += step
    return rect


def even_lines(text: str, width: int, size: int, smallest: int, bold: bool) -> tuple[int, tuple[str, ...]]:
    """fit_lines on up to two lines, the two of about the same length: never a lone word under
    a full line (the narrowest width that still takes no more lines)."""
    size, lines = fit_lines(text, width, size, smallest, bold, 2)
    if len(lines) < 2 or lines[-1].endswith("…"):
        return size, lines
    low, high = width // 2, width
    while high - low > 4:
        mid = (low + high) // 2
        if fits_lines(text, mid, size, bold, 2):
            high = mid
        else:
            low = mid
    return size, wrapped_lines(text, high, size, bold, 2)


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
    cap = draw_keycap(surface, "L", (LOG_BUTTON.right - 8, LOG_BUTTON.centery), SMALL, "midright", flat=True)
    left, right = LOG_BUTTON.x + 12, cap.x - 4
    draw_fitted(
        surface,
        t("table.button.log"),
        ((left + right) // 2, LOG_BUTTON.centery),
        right - left,
        READ,
        ink,
        True,
        "center",
        shadow=None,
    )


def draw_log(surface: pygame.Surface, lines: list[tuple[str, tuple[int, int, int]]]) -> None:
    """The game told in words, newest at the bottom: a panel floating over the dimmed table."""
    shade = _VELVET.get((-1, -1))
    if shade is None:
        shade = _VELVET[(-1, -1)] = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, 0))
    draw_panel(surface, LOG_PANEL, (4, 20, 13, 250), (*Palette.GOLD, 220), radius=14)
    draw_text(
        surface, t("table.log.title"), (LOG_PANEL.x + 18, LOG_PANEL.y + 14), 20, Palette.GOLD_LIGHT, True
    )
    close = draw_keycap(surface, "L", (LOG_PANEL.right - 16, LOG_PANEL.y + 24), 16, "midright")
    draw_text(
        surface,
        t("table.log.close"),
        (close.x - 8, close.centery),
        READ,
        Palette.CREAM_DIM,
        anchor="midright",
    )
    size, step = READ, font(READ).get_linesize()
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
            pygame.draw.circle(surface, colour, (LOG_PANEL.x + 24, y + 11), 5)
        draw_text(surface, text, (LOG_PANEL.x + 36, y), size, Palette.CREAM, shadow=None)
        y += step


WRAPPED_MOST = 200  # characters: any line of the log is far shorter; a freak one is cut instead


def ticker_lines(text: str, room: int, most: int = 2) -> tuple[int, list[str]]:
    """The ticker's words at the biggest size that needs at most two lines: wrapped at spaces,
    never cut ("Cards dealt. Dani starts with sevens." stays whole)."""
    if len(text) > WRAPPED_MOST:
        size, line = fit_line(text, room, READ, READ)
        return size, [line]
    size, lines = fit_lines(text, room, READ, READ, False, most)  # (seats may be under it)
    return size, list(lines)


def draw_ticker(
    surface: pygame.Surface, text: str, colour, alpha: float, left: int = 200, most: int = 2
) -> pygame.Rect | None:
    """The newest log line at the top right while the log is closed; it never reaches left of
    `left` (the seats' panels end there): it wraps onto a second line (a third: most)."""
    if not text or alpha <= 0:
        return None
    right = LOG_BUTTON.x - 12
    room = right - left - 40
    size, lines = ticker_lines(text, room, most)
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
    for row, (line, image) in enumerate(zip(lines, images, strict=True)):
        at = image.get_rect(topleft=(box.x + 26, box.y + (box.h - step * len(lines)) // 2 + row * step))
        note(surface, line, at, size, image=image)
    return box


def draw_legend(surface: pygame.Surface, hints: list[tuple[str, str]], bottom: int, x: int) -> None:
    """Key hints stacked in a column, the key caps lined up on x: [("Enter", "play"), ...]; words
    that would run off the screen take a second line."""
    step = LEGEND_STEP
    room = surface.get_width() - 8 - (x + 9)
    rows = [len(fit_lines(text, room, READ, READ, False, 2)[1]) for _, text in hints]
    y = bottom - 14 - step * (len(hints) - 1) - 20 * (sum(rows) - len(rows))
    for (key, text), lines in zip(hints, rows, strict=True):
        draw_keycap(surface, key, (x, y), 16, "midright", flat=True)
        draw_fitted(
            surface,
            text,
            (x + 9, y - 1 + 10 * (lines - 1)),
            room,
            READ,
            Palette.CREAM_DIM,
            anchor="midleft",
            max_lines=2,
        )
        y += step + 20 * (lines - 1)


LEGEND_STEP = 31  # from one key hint of the table's column to the next
