"""The suits falling for the winner of a card game, behind the results' panels and around their words."""

from __future__ import annotations

import math
import random

import pygame

from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_text

CONFETTI = 70
SUITS = ("♠", "♥", "♦", "♣")


class Confetti:
    """Suits drifting down for the first seconds of the results (the same seed, the same fall)."""

    def __init__(self, seed: int) -> None:
        """Where each suit starts, how fast it falls and drifts, which suit, how big."""
        rng = random.Random(seed)
        self.pieces = [
            (
                rng.uniform(0, 1280),
                rng.uniform(-700, -20),
                rng.uniform(220, 420),
                rng.uniform(-40, 40),
                rng.choice(SUITS),
                rng.randint(16, 30),
                rng.uniform(0, math.tau),
            )
            for _ in range(CONFETTI)
        ]

    def draw(self, surface: pygame.Surface, age: float, keep_out: list[pygame.Rect]) -> None:
        """Suits drifting down for the winner during the first seconds, behind the panels and
        around the words: each drawn only where nothing else is (clipped to what keep_out leaves)."""
        if age > 4.5:
            return
        free = [surface.get_rect()]
        for rect in keep_out:
            free = [piece for each in free for piece in _without(each, rect.inflate(12, 12))]
        fade = 1.0 if age < 3 else max(0.0, (4.5 - age) / 1.5)
        clip = surface.get_clip()
        for x, y, speed, drift, suit, size, phase in self.pieces:
            py = y + speed * age
            if not -40 < py < 760:
                continue
            px = x + drift * age + 18 * math.sin(phase + age * 2)
            colour = Palette.RED_LIGHT if suit in "♥♦" else Palette.GOLD_LIGHT
            alpha = round(220 * fade) // 20 * 20  # few alphas: rendered text is cached per colour
            spot = pygame.Rect(0, 0, size * 2, size * 2)
            spot.center = (round(px), round(py))
            for region in free:
                if region.colliderect(spot):
                    surface.set_clip(region.clip(clip))
                    draw_text(surface, suit, (px, py), size, (*colour, alpha), True, "center", None, "decor")
        surface.set_clip(clip)


def _without(rect: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """rect less hole, as up to four rectangles (above, below, left and right of it)."""
    cut = rect.clip(hole)
    if not cut.w or not cut.h:
        return [rect]
    pieces = [
        pygame.Rect(rect.x, rect.y, rect.w, cut.y - rect.y),
        pygame.Rect(rect.x, cut.bottom, rect.w, rect.bottom - cut.bottom),
        pygame.Rect(rect.x, cut.y, cut.x - rect.x, cut.h),
        pygame.Rect(cut.right, cut.y, rect.right - cut.right, cut.h),
    ]
    return [piece for piece in pieces if piece.w > 0 and piece.h > 0]
