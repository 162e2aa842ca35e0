"""QR codes of join addresses, drawn into pygame surfaces (segno makes the matrix)."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import lru_cache

import pygame

QUIET = 4  # modules of white border: what phone cameras need to find the code
DARK, LIGHT = (16, 16, 16), (255, 255, 255)


@lru_cache(maxsize=32)
def matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The dark (True) and light modules of text's QR code, error correction M, no border
    (kept: making one takes tens of milliseconds, a frame's whole budget several times over)."""
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


def warm(texts: Iterable[str]) -> threading.Thread:
    """Make the codes of texts on a thread of its own, so that no frame waits for segno: the
    first time a code is drawn (a phone away on its turn) it is already known."""
    thread = threading.Thread(
        target=lambda: [matrix(text) for text in texts], name="bluffhouse-qr", daemon=True
    )
    thread.start()
    return thread
