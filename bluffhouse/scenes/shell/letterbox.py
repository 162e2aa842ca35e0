"""Where the 1280×720 picture the screens draw sits in a window of any size (letterboxed)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from bluffhouse.game.quick import quick_init

LOGICAL_SIZE = (1280, 720)


@quick_init
@dataclass(frozen=True, slots=True)
class Letterbox:
    """Where the 1280×720 picture sits, scaled and centred, inside a window of any size."""

    window: tuple[int, int]
    logical: tuple[int, int] = LOGICAL_SIZE

    @property
    def scale(self) -> float:
        """Window pixels per logical pixel."""
        return min(self.window[0] / self.logical[0], self.window[1] / self.logical[1])

    @property
    def rect(self) -> pygame.Rect:
        """The picture's rectangle in the window; black bars fill the rest."""
        w = max(1, round(self.logical[0] * self.scale))
        h = max(1, round(self.logical[1] * self.scale))
        return pygame.Rect((self.window[0] - w) // 2, (self.window[1] - h) // 2, w, h)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The logical point under window pixel pos, or None on the bars."""
        rect, scale = self.rect, self.scale
        x = (pos[0] - rect.x) / scale
        y = (pos[1] - rect.y) / scale
        if not (0 <= x < self.logical[0] and 0 <= y < self.logical[1]):
            return None
        return int(x), int(y)
