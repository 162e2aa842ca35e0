"""QR codes of join addresses, drawn into pygame surfaces (segno makes the matrix)."""

from __future__ import annotations

from functools import lru_cache

import pygame

QUIET = 4  # modules of white border: what phone cameras need to find the code
DARK, LIGHT = (16, 16, 16), (255, 255, 255)


def matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The dark (True) and light modules of text's QR code, error correction M, no border."""
    import segno  # loaded only when a phone seat shows its code

    code = segno.make(text, error="m", micro=False, boost_error=False)
    return tuple(tuple(bool(cell) for cell in row) for row in code.matrix)


@lru_cache(maxsize=32)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """text as a QR code at most size pixels square: whole pixels per module, quiet zone included."""
    cells = matrix(text)
    count = len(cells) + 2 * QUIET
    module = max(1, size // count)
    side = module * count
    surface = pygame.Surface((side, side))
    surface.fill(LIGHT)
    for y, row in enumerate(cells):
        for x, dark in enumerate(row):
            if dark:
                surface.fill(DARK, ((x + QUIET) * module, (y + QUIET) * module, module, module))
    return surface
