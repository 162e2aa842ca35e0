"""Make the game's icon under assets/icons/: drawn here in code, shipped as PNG files and one ICO.

    .venv/bin/python tools/make_icon.py          # write assets/icons/*
    .venv/bin/python tools/make_icon.py --check  # exit 1 if the shipped files differ

The picture: a card of the house (a cream face with a black spade) fanned over a red card back,
on the felt, in a gold frame. It is drawn four times too large and shrunk, so its edges are
smooth, and shrunk again to every size desktops ask for: 16, 24, 32, 48 (menus, title bars,
task bars), 64 (the window's own icon), 128 and 256 (launchers, docks). bluffhouse.ico holds
them all as PNG images, for a Windows build's program file. tests/test_icon.py re-draws the
icon and compares.
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

ICON_DIR = Path(__file__).resolve().parent.parent / "bluffhouse" / "assets" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256)
DRAW = 1024  # drawn at four times the largest size, then shrunk
FELT, FELT_LIGHT = (22, 84, 56), (34, 112, 74)
GOLD, CREAM, INK = (214, 178, 92), (244, 232, 200), (24, 24, 28)
BACK_RED = (158, 38, 42)


def _card(width: int, height: int, face: bool) -> pygame.Surface:
    """One upright card: a cream face with a spade, or a red back with a gold inner frame."""
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 9
    pygame.draw.rect(card, CREAM, card.get_rect(), border_radius=radius)
    if face:
        _spade(card, (width // 2, height // 2), width * 0.78)
    else:
        inner = card.get_rect().inflate(-width // 7, -width // 7)
        pygame.draw.rect(card, BACK_RED, inner, border_radius=radius // 2)
        pygame.draw.rect(
            card,
            GOLD,
            inner.inflate(-width // 12, -width // 12),
            max(2, width // 40),
            border_radius=radius // 3,
        )
    pygame.draw.rect(card, (120, 100, 70), card.get_rect(), max(2, width // 60), border_radius=radius)
    return card


def _spade(surface: pygame.Surface, center: tuple[int, int], size: float) -> None:
    """A spade of the given width: a heart upside down (two lobes and a point) on a flared stem."""
    cx, cy = center
    lobe, apart, low = size * 0.27, size * 0.24, cy + size * 0.06  # the lobes: radius, offset, centre
    for side in (-1, 1):
        pygame.draw.circle(surface, INK, (round(cx + side * apart), round(low)), round(lobe))
    # the point's sides meet the lobes 35 degrees above their middle
    reach = apart + lobe * math.cos(math.radians(35))
    shoulder = low - lobe * math.sin(math.radians(35))
    point = [
        (cx, cy - size * 0.56),
        (cx + reach, shoulder),
        (cx + apart, cy + size * 0.2),
        (cx - apart, cy + size * 0.2),
        (cx - reach, shoulder),
    ]
    pygame.draw.polygon(surface, INK, point)
    top, bottom, neck, foot = cy + size * 0.1, cy + size * 0.52, size * 0.05, size * 0.2
    stem = [(cx - neck, top), (cx + neck, top), (cx + foot, bottom), (cx - foot, bottom)]
    pygame.draw.polygon(surface, INK, stem)


def draw_icon() -> pygame.Surface:
    """The icon at DRAW × DRAW pixels: opaque inside its rounded frame, see-through outside."""
    picture = pygame.Surface((DRAW, DRAW))  # no alpha while drawing: every inside pixel stays opaque
    picture.fill(GOLD)
    radius = DRAW // 5
    felt = picture.get_rect().inflate(-DRAW // 10, -DRAW // 10)
    pygame.draw.rect(picture, FELT, felt, border_radius=radius - DRAW // 32)
    pygame.draw.ellipse(picture, FELT_LIGHT, felt.inflate(-DRAW // 5, -DRAW // 3).move(0, -DRAW // 14))
    card_w, card_h = DRAW * 44 // 100, DRAW * 62 // 100
    for face, angle, offset in ((False, 16, (-DRAW // 9, DRAW // 40)), (True, -9, (DRAW // 14, DRAW // 60))):
        card = pygame.transform.rotate(_card(card_w, card_h, face), angle)
        picture.blit(card, card.get_rect(center=(DRAW // 2 + offset[0], DRAW // 2 + offset[1])))
    icon = pygame.Surface((DRAW, DRAW), pygame.SRCALPHA)
    icon.blit(picture, (0, 0))
    shape = pygame.Surface((DRAW, DRAW), pygame.SRCALPHA)  # white inside the frame, nothing outside
    pygame.draw.rect(
        shape, (255, 255, 255, 255), shape.get_rect().inflate(-DRAW // 32, -DRAW // 32), border_radius=radius
    )
    icon.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return icon


def render_all() -> dict[str, bytes]:
    """File name -> contents: a PNG of every size, and the ICO that holds them all."""
    big = draw_icon()
    files: dict[str, bytes] = {}
    for size in SIZES:
        files[f"bluffhouse-{size}.png"] = _png(_shrink(big, size))
    files["bluffhouse.ico"] = _ico([(size, files[f"bluffhouse-{size}.png"]) for size in SIZES])
    return files


def _shrink(big: pygame.Surface, size: int) -> pygame.Surface:
    """big at size × size; the filter's rounding leaves the inside at alpha 253-254, made solid again."""
    pixels = bytearray(pygame.image.tobytes(pygame.transform.smoothscale(big, (size, size)), "RGBA"))
    for alpha in range(3, len(pixels), 4):
        if pixels[alpha] >= 250:
            pixels[alpha] = 255
    return pygame.image.frombytes(bytes(pixels), (size, size), "RGBA")


def _png(surface: pygame.Surface) -> bytes:
    """The surface as PNG bytes (pygame writes PNG files only: a scratch file in memory's stead)."""
    import io

    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def _ico(images: list[tuple[int, bytes]]) -> bytes:
    """A Windows icon file of PNG images (allowed in ICO since Windows Vista), smallest first."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = [], []
    for size, data in images:
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def write_all() -> int:
    """Write every file; return the total size in bytes."""
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    files = render_all()
    for name, data in files.items():
        (ICON_DIR / name).write_bytes(data)
    return sum(map(len, files.values()))


def _pixels(data: bytes) -> bytes:
    """The RGBA pixels of a PNG file's contents."""
    import io

    return pygame.image.tobytes(pygame.image.load(io.BytesIO(data), "icon.png"), "RGBA")


def stale(tolerance: int = 2) -> list[str]:
    """The shipped files that differ from what the code draws now. PNG pixels may differ by
    tolerance per channel (pygame's shrinking filter picks SIMD code by the processor)."""
    names = []
    for name, data in render_all().items():
        path = ICON_DIR / name
        if not path.is_file():
            names.append(name)
        elif name.endswith(".png"):
            shipped, drawn = _pixels(path.read_bytes()), _pixels(data)
            if len(shipped) != len(drawn) or any(
                abs(a - b) > tolerance for a, b in zip(shipped, drawn, strict=True)
            ):
                names.append(name)
        elif len(path.read_bytes()) < len(data) // 2:  # the ICO: its images are the PNGs above
            names.append(name)
    return names


def main(argv: list[str] | None = None) -> int:
    """Write the files, or with --check say which shipped ones differ from what the code draws."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    if args.check:
        names = stale()
        print("icons up to date" if not names else "stale: " + ", ".join(names))
        return 1 if names else 0
    total = write_all()
    print(f"wrote {len(SIZES)} PNG icons and bluffhouse.ico to {ICON_DIR} ({total / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
