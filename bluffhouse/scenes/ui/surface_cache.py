"""A cache of drawn surfaces bounded by the bytes of their pixels, least recently used first out."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame


class SurfaceCache:
    """Surfaces by key, made on first use; past `budget` bytes the least recently used go."""

    def __init__(self, budget: int) -> None:
        """An empty cache that holds at most `budget` bytes of pixels."""
        self.budget = budget
        self.held = 0
        self.surfaces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface for key, made by make() the first time; callers must not draw on it."""
        surface = self.surfaces.get(key)
        if surface is not None:
            self.surfaces.move_to_end(key)
            return surface
        surface = make()
        self.surfaces[key] = surface
        self.held += _bytes(surface)
        while self.held > self.budget and len(self.surfaces) > 1:
            self.held -= _bytes(self.surfaces.popitem(last=False)[1])
        return surface

    def clear(self) -> None:
        """Forget every surface."""
        self.surfaces.clear()
        self.held = 0

    def __len__(self) -> int:
        """How many surfaces are held."""
        return len(self.surfaces)


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()
