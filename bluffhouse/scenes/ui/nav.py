"""Arrow keys and a pad's d-pad over controls laid out in two dimensions (no drawing)."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
ACROSS = 3  # how much a step sideways costs against a step in the direction pressed


def nearest(rects: Mapping[str, pygame.Rect], current: str, direction: str) -> str | None:
    """The control the arrow `direction` leads to from `current`: the nearest one whose centre
    lies that way, favouring those straight ahead; None when there is none."""
    start = rects.get(current)
    if start is None or direction not in STEPS:
        return None
    dx, dy = STEPS[direction]
    best, best_cost = None, None
    for name, rect in rects.items():
        if name == current:
            continue
        ahead = (rect.centerx - start.centerx) * dx + (rect.centery - start.centery) * dy
        if ahead <= (start.w if dx else start.h) // 2:  # its centre must lie beyond this one's edge
            continue
        # overlapping spans count as straight ahead: a wide button under three small chips
        if dx:
            side = max(0, max(start.top, rect.top) - min(start.bottom, rect.bottom))
        else:
            side = max(0, max(start.left, rect.left) - min(start.right, rect.right))
        cost = ahead + ACROSS * side
        if best_cost is None or cost < best_cost:
            best, best_cost = name, cost
    return best
