"""Toasts: short messages over everything, a few at a time, fading out. Each is kept as words
(a Message is told in the language of the moment it is drawn) and bounded however long it is;
the App keeps the list, these place and draw it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from bluffhouse.scenes.shell.messages import Said, said
from bluffhouse.scenes.ui.anim import Motion
from bluffhouse.scenes.ui.text import ELLIPSIS, draw_text, ellipsize, font, wrap

TOAST_TIME, TOAST_FADE = 2.0, 0.5
TOAST_SIZE = 22
TOAST_WIDTH = 1280 - 120  # the logical screen's width (scenes.shell.app.LOGICAL_SIZE), less margins
# Whatever a toast holds (a translation, a path, a name), it is at most this many lines of at
# most this many characters in all: a longer one is cut with "…" (a path keeps its end).
TOAST_LINES, TOAST_CHARS = 3, 300


@dataclass(slots=True)
class Toast:
    """A short message drawn on top of everything, fading out; told in the language of the
    moment it is drawn."""

    words: Said
    age: float = 0.0
    time: float = TOAST_TIME  # how long it stays before fading

    @property
    def text(self) -> str:
        """The message in the current language."""
        return said(self.words)


def toast_lines(text: str) -> list[str]:
    """A toast's text as the lines it is drawn on: wrapped at spaces, at most TOAST_LINES of
    TOAST_WIDTH pixels and TOAST_CHARS characters in all; what does not fit ends in "…" (a word
    too long for a line, such as a path, keeps its end: that is where a file's name is)."""
    cut = len(text) > TOAST_CHARS
    wrapped = wrap(text[:TOAST_CHARS] + (ELLIPSIS if cut else ""), TOAST_WIDTH, TOAST_SIZE, limit=TOAST_LINES)
    if len(wrapped) > TOAST_LINES:
        rest = " ".join(wrapped[TOAST_LINES - 1 :]).replace("\n", " ")
        wrapped = [*wrapped[: TOAST_LINES - 1], ellipsize(rest + ELLIPSIS, TOAST_WIDTH, TOAST_SIZE)]
    return [
        ellipsize(line, TOAST_WIDTH, TOAST_SIZE, keep="start" if " " in line.strip() else "end")
        for line in wrapped
    ] or [""]


def toast_layout(
    toasts: list[Toast],
    top: int | None,
    foot: int | None,
    clear: Sequence[pygame.Rect],
    screen: tuple[int, int],
) -> list[tuple[pygame.Rect, list[str]]]:
    """Where each toast goes this frame, newest first: stacked up from `foot` (or near the
    bottom), or down from `top`; one that would cover a rect of `clear` (a control, a phone's
    status) waits unseen, and the older ones with it. When not even the newest has room there,
    the stack goes at the foot of the screen, then at its top, wherever it first has room."""
    for place_top, place_foot in ((top, foot), (None, None), (TOP_PLACE, None)):
        placed = _stack(toasts, place_top, place_foot, clear, screen)
        if placed or not toasts:
            return placed
    return []


TOP_PLACE = 8  # the last place tried for short messages: the top of the screen, going down


def _stack(
    toasts: list[Toast],
    top: int | None,
    foot: int | None,
    clear: Sequence[pygame.Rect],
    screen: tuple[int, int],
) -> list[tuple[pygame.Rect, list[str]]]:
    y = (screen[1] - 70 if foot is None else foot) if top is None else top
    step = font(TOAST_SIZE).get_linesize()
    out = []
    for toast in reversed(toasts):
        lines = toast_lines(toast.text)  # bounded, whatever it holds
        width = max(font(TOAST_SIZE).size(line)[0] for line in lines)
        box = pygame.Rect(0, 0, width + 48, step * len(lines) + 22)
        rise = 1.0 if Motion.reduced else min(1.0, toast.age / 0.15)
        if top is None:
            box.midbottom = (screen[0] // 2, round(y + (1 - rise) * 12))
            y = box.top - 10
        else:
            box.midtop = (screen[0] // 2, round(y - (1 - rise) * 12))
            y = box.bottom + 10
        if any(box.colliderect(keep) for keep in clear):
            break  # this one and the older ones wait unseen: what they would cover matters more
        out.append((box, lines))
    return out


Placed = list[tuple[pygame.Rect, list[str]]]  # each toast's box and its lines, newest first


def draw_toasts(surface: pygame.Surface, toasts: list[Toast], layout: Placed) -> None:
    """Each placed toast (newest first, as toast_layout gives them) on its panel, rising in and
    fading out."""
    step = font(TOAST_SIZE).get_linesize()
    for toast, (box, lines) in zip(reversed(toasts), layout, strict=False):  # (some may wait)
        fade = 1.0 - max(0.0, toast.age - toast.time) / TOAST_FADE
        rise = 1.0 if Motion.reduced else min(1.0, toast.age / 0.15)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        radius = min(box.h // 2, 24)
        pygame.draw.rect(panel, (16, 22, 18, 225), panel.get_rect(), border_radius=radius)
        pygame.draw.rect(panel, (214, 178, 92, 230), panel.get_rect(), 2, radius)
        for row, line in enumerate(lines):
            draw_text(panel, line, (box.w // 2, 11 + row * step), TOAST_SIZE, anchor="midtop", shadow=None)
        panel.set_alpha(round(255 * max(0.0, min(fade, rise))))
        surface.blit(panel, box)
