"""What every replay shows around its game: the title, the story list, the timeline and its buttons.

Painters take small frozen frames (Chrome), never the scene. The timeline's geometry (where
a click lands, which button is where) lives here too, so the scene and the tests share it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from bluffhouse.scenes.story.moments import CAUGHT, CHALLENGE, LIE, TRUE, Told
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_fitted, draw_text, fit_lines, font
from bluffhouse.scenes.ui.widgets import draw_button, draw_panel

STAGE = pygame.Rect(20, 78, 790, 500)  # the game itself
STORY = pygame.Rect(822, 78, 438, 500)  # the moves, each beside the truth
BAR = pygame.Rect(512, 604, 728, 18)  # the timeline: click or drag to go anywhere
# The speeds are three buttons, the one playing lit, each named by its key (1, 2, 4): "4x is
# two Tabs away" was found by nobody.
SPEED_BUTTONS = {"speed_1": 1, "speed_2": 2, "speed_4": 4}
BUTTONS = ("previous_lie", "back", "play", "forward", "next_lie", *SPEED_BUTTONS)
BUTTON_W, BUTTON_H, BUTTON_GAP = 48, 38, 6
MARK_COLOURS = {
    LIE: Palette.RED_LIGHT,
    TRUE: Palette.TRUE,
    CAUGHT: Palette.RED_LIGHT,
    CHALLENGE: Palette.GOLD_LIGHT,
}
SIGNS = {"previous_lie": "❮❮", "back": "❮", "forward": "❯", "next_lie": "❯❯"}


def button_rects() -> dict[str, pygame.Rect]:
    """Where each playback button is, left of the timeline."""
    rects, x = {}, 24
    for name in BUTTONS:
        width = {"previous_lie": 58, "next_lie": 58}.get(name, 56 if name in SPEED_BUTTONS else BUTTON_W)
        rects[name] = pygame.Rect(x, BAR.centery - BUTTON_H // 2, width, BUTTON_H)
        x += width + BUTTON_GAP
    return rects


def bar_fraction(x: int) -> float:
    """Where along the timeline (0..1) a point at x is."""
    return min(1.0, max(0.0, (x - BAR.x) / BAR.w))


@dataclass(frozen=True, slots=True)
class Line:
    """One move in the story list."""

    told: Told
    current: bool


@dataclass(frozen=True, slots=True)
class Chrome:
    """What the chrome shows this frame."""

    title: str
    where: str  # "Round 2 of 3 · move 14 of 120"
    lines: tuple[Line, ...]
    fraction: float  # the playhead
    marks: tuple[tuple[float, str], ...]  # (where on the timeline, LIE or CHALLENGE)
    games: tuple[float, ...]  # where each later game of a match begins
    playing: bool
    speed: int
    hints: tuple[tuple[str, str], ...]


def draw_chrome(surface: pygame.Surface, chrome: Chrome, focus: str | None, time: float) -> None:
    """The title, the story list, the buttons and the timeline, the key hints."""
    draw_fitted(surface, chrome.title, (640, 26), 1200, 30, Palette.GOLD_LIGHT, True, "center", smallest=20)
    draw_fitted(surface, chrome.where, (640, 58), 1200, 19, Palette.CREAM, anchor="center", smallest=18)
    draw_story(surface, chrome.lines)
    for name, rect in button_rects().items():
        speed = SPEED_BUTTONS.get(name)
        label = f"{speed}×" if speed else SIGNS.get(name)
        style = "gold" if name == "play" or speed == chrome.speed else "dark"
        ink = draw_button(surface, rect, label, style, focused=name == focus, time=time, size=18, smallest=18)
        if name == "play":
            _play_sign(surface, rect.move(0, -2), ink, chrome.playing)
    draw_timeline(surface, chrome)
    draw_hints(surface, list(chrome.hints), 698)  # (a second row, in a long language, goes above)


def _play_sign(surface: pygame.Surface, rect: pygame.Rect, ink, playing: bool) -> None:
    """Two bars while it plays (press to pause), a triangle while it waits (press to play)."""
    x, y = rect.center
    if playing:
        for dx in (-6, 3):
            pygame.draw.rect(surface, ink, (x + dx, y - 8, 4, 16))
    else:
        pygame.draw.polygon(surface, ink, [(x - 6, y - 9), (x - 6, y + 9), (x + 9, y)])


def draw_timeline(surface: pygame.Surface, chrome: Chrome) -> None:
    """The bar, the games of a match, each lie (red) and challenge (gold), and the playhead."""
    pygame.draw.rect(surface, (8, 30, 20), BAR.inflate(4, 4), border_radius=BAR.h // 2 + 2)
    done = BAR.copy()
    done.w = max(BAR.h, round(BAR.w * chrome.fraction))
    pygame.draw.rect(surface, Palette.GOLD_DARK, done, border_radius=BAR.h // 2)
    pygame.draw.rect(surface, Palette.GOLD, BAR, 2, border_radius=BAR.h // 2)
    for start in chrome.games:
        x = BAR.x + round(BAR.w * start)
        pygame.draw.line(surface, Palette.CREAM, (x, BAR.top - 8), (x, BAR.bottom + 8), 3)
    for where, mark in chrome.marks:
        x = BAR.x + round(BAR.w * where)
        if mark == LIE:
            pygame.draw.line(surface, Palette.RED_LIGHT, (x, BAR.top - 7), (x, BAR.top + 4), 3)
        else:
            pygame.draw.line(surface, Palette.GOLD_LIGHT, (x, BAR.bottom - 4), (x, BAR.bottom + 7), 3)
    x = BAR.x + round(BAR.w * chrome.fraction)
    pygame.draw.circle(surface, Palette.INK, (x, BAR.centery), 13)
    pygame.draw.circle(surface, Palette.CREAM, (x, BAR.centery), 11)


Words = tuple[int, tuple[str, ...]]  # a size and the lines at that size


def _row_words(told: Told, width: int, bold: bool) -> tuple[Words, Words]:
    """(size, lines) of a move's words (bold: the current one) and of its truth, each on up to
    three lines at need."""
    detail = (
        t("story.detail", truth=told.truth, outcome=told.short)
        if told.truth and told.short
        else told.truth or told.short
    )
    said = fit_lines(told.said, width, 19, 18, bold, max_lines=3)
    return said, fit_lines(detail, width, 18, 18, max_lines=3) if detail else (18, ())


def _block(words: Words, bold: bool = False) -> int:
    size, lines = words
    return len(lines) * font(size, bold).get_linesize()


def draw_story(surface: pygame.Surface, lines: tuple[Line, ...]) -> None:
    """The moves around the one shown, each with its truth, as many as the panel holds; the
    current one lit. A move's words take the lines they need (a long claim, four Hungarian cards)."""
    draw_panel(surface, STORY)
    draw_fitted(
        surface,
        t("story.replay.moves"),
        (STORY.x + 18, STORY.y + 10),
        STORY.w - 36,
        22,
        Palette.GOLD_LIGHT,
        True,
        smallest=18,
    )
    y = STORY.y + 46
    width = STORY.w - 46
    for line in lines:
        told = line.told
        said, detail = _row_words(told, width, line.current)
        height = _block(said, line.current) + _block(detail) + 8
        if y + height > STORY.bottom - 6:
            break
        row = pygame.Rect(STORY.x + 8, y - 3, STORY.w - 16, height)
        if line.current:  # lit by its frame: the marks keep their colours on the dark felt
            pygame.draw.rect(surface, (22, 62, 40), row, border_radius=10)
            pygame.draw.rect(surface, Palette.GOLD_LIGHT, row, 2, border_radius=10)
        colour = MARK_COLOURS.get(told.mark, Palette.CREAM)
        pygame.draw.circle(surface, colour, (row.x + 10, row.y + 13), 5)
        top = y
        for words, ink, bold in (
            (said, Palette.WHITE if line.current else Palette.CREAM, line.current),
            (detail, colour, False),
        ):
            size, rows = words
            step = font(size, bold).get_linesize()
            for text in rows:
                draw_text(surface, text, (row.x + 22, top), size, ink, bold)
                top += step
        y += height + 4
