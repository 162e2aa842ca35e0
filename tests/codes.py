"""Reading QR codes back out of drawn frames, as a camera pointed at the TV would: find every
square of the codes' own white with dark modules inside, read its modules, and say which join
address it encodes (compared with the codes of the addresses the test knows), or "unknown"."""

from __future__ import annotations

import pygame

from bluffhouse.scenes.phones.qr import DARK, LIGHT, QUIET, matrix

MIN_MODULES = 21 + 2 * QUIET  # a version-1 code with its quiet zone


def code_regions(frame: pygame.Surface) -> list[pygame.Rect]:
    """Squares of the codes' pure white big enough to be a QR code with its quiet zone. A white
    patch inside another square (light modules ringed by dark ones, inside a code) is part of
    that code: read on its own it once passed for a second code, now and then, as a code's
    random modules and size fell (a flake of test_phone_evening)."""
    light = pygame.mask.from_threshold(frame, LIGHT, (1, 1, 1, 255))
    if light.count() < MIN_MODULES * MIN_MODULES // 2:
        return []  # no code can be drawn with this little of its white
    rects = [r for r in light.get_bounding_rects() if r.w >= MIN_MODULES and abs(r.w - r.h) <= 1]
    return [r for r in rects if not any(o is not r and o.contains(r) for o in rects)]


def read_modules(frame: pygame.Surface, rect: pygame.Rect) -> tuple[tuple[bool, ...], ...] | None:
    """The dark and light modules inside a region, quiet zone left out, if it reads as a QR code."""
    for version in range(1, 11):
        count = 17 + 4 * version
        side = count + 2 * QUIET
        if rect.w % side:
            continue
        module = rect.w // side
        rows = []
        for y in range(count):
            row = []
            for x in range(count):
                px = rect.x + (x + QUIET) * module + module // 2
                py = rect.y + (y + QUIET) * module + module // 2
                row.append(tuple(frame.get_at((px, py)))[:3] == DARK)
            rows.append(tuple(row))
        finder = all(rows[0][:7]) and all(rows[6][:7]) and all(r[0] for r in rows[:7])
        if finder and _quiet(frame, rect, module):
            return tuple(rows)
    return None


def _quiet(frame: pygame.Surface, rect: pygame.Rect, module: int) -> bool:
    """Whether the QUIET modules round the code are all light, as a camera needs them."""
    side = rect.w // module
    ring = [
        (x, y) for y in range(side) for x in range(side) if min(x, y) < QUIET or max(x, y) >= side - QUIET
    ]
    return all(
        tuple(frame.get_at((rect.x + x * module + module // 2, rect.y + y * module + module // 2)))[:3]
        == LIGHT
        for x, y in ring
    )


def codes_in(frame: pygame.Surface, known: list[str]) -> list[str]:
    """The addresses whose QR codes this frame shows ("unknown" for a code of none of them)."""
    found = []
    for rect in code_regions(frame):
        modules = read_modules(frame, rect)
        if modules is None:
            continue
        found.append(next((url for url in known if matrix(url) == modules), "unknown"))
    return found
