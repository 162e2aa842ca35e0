"""Which characters the game's fonts can draw: read from the fonts' own character maps.

SDL_ttf draws a character the font lacks as an empty box and still measures it, so pygame
cannot say whether a character will show. The TrueType file can: its "cmap" table maps every
character it has to a glyph. This module reads that table (formats 4 and 12, the two every
modern font carries) from each bundled face, and a character counts as drawable when the
regular and the bold face both have it. A font that cannot be read leaves the question open
(None): nothing is refused because of a damaged file.
"""

from __future__ import annotations

import logging
import struct
from functools import lru_cache
from pathlib import Path

log = logging.getLogger(__name__)

MAX_FONT_BYTES = 64 << 20  # DejaVu Sans is 0.7 MB; a bigger file is not one of ours


def _u16(data: bytes, at: int) -> int:
    return struct.unpack_from(">H", data, at)[0]


def _u32(data: bytes, at: int) -> int:
    return struct.unpack_from(">I", data, at)[0]


def _format4(data: bytes, at: int) -> set[int]:
    """The characters of a format 4 subtable (segments of the Basic Multilingual Plane)."""
    segments = _u16(data, at + 6) // 2
    ends, starts = at + 14, at + 16 + 2 * segments
    deltas, offsets = starts + 2 * segments, starts + 4 * segments
    out: set[int] = set()
    for i in range(segments):
        end, start = _u16(data, ends + 2 * i), _u16(data, starts + 2 * i)
        delta = _u16(data, deltas + 2 * i)
        offset = _u16(data, offsets + 2 * i)
        if start == 0xFFFF:
            continue
        for code in range(start, end + 1):
            if offset == 0:
                glyph = (code + delta) & 0xFFFF
            else:  # the glyph index array, read relative to the offset's own place
                where = offsets + 2 * i + offset + 2 * (code - start)
                glyph = _u16(data, where) if where + 2 <= len(data) else 0
                if glyph:
                    glyph = (glyph + delta) & 0xFFFF
            if glyph:
                out.add(code)
    return out


def _format12(data: bytes, at: int) -> set[int]:
    """The characters of a format 12 subtable (groups over all of Unicode)."""
    groups = _u32(data, at + 12)
    out: set[int] = set()
    for i in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        if end >= start and end - start < 0x110000:
            out.update(range(start + (glyph == 0), end + 1))
    return out


def cmap_characters(data: bytes) -> frozenset[int]:
    """Every character a TrueType/OpenType font maps to a glyph; raises ValueError when the
    file has no character map this reader knows."""
    try:
        tables = _u16(data, 4)
        cmap = next(
            (
                _u32(data, 12 + 16 * i + 8)
                for i in range(tables)
                if data[12 + 16 * i : 16 + 16 * i] == b"cmap"
            ),
            None,
        )
        if cmap is None:
            raise ValueError("the font has no cmap table")
        subtables = []
        for i in range(_u16(data, cmap + 2)):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
            if (platform, encoding) in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 1)):
                subtables.append((_u16(data, cmap + offset), cmap + offset))
        chars: set[int] = set()
        for kind, at in subtables:
            if kind == 12:
                chars |= _format12(data, at)
            elif kind == 4:
                chars |= _format4(data, at)
    except (struct.error, IndexError) as error:
        raise ValueError(f"the character map is damaged ({error})") from None
    if not chars:
        raise ValueError("the font has no Unicode character map")
    return frozenset(chars)


@lru_cache(maxsize=8)
def font_characters(path: Path) -> frozenset[int] | None:
    """The characters of the font at path, or None when it cannot be read (one log line)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FONT_BYTES + 1)
        if len(data) > MAX_FONT_BYTES:
            raise ValueError("the file is too big to be a font")
        return cmap_characters(data)
    except (OSError, ValueError) as error:
        log.warning(
            "bluffhouse: cannot read which characters %s has (%s): names are not checked against it",
            path.name,
            error,
        )
        return None


@lru_cache(maxsize=1)
def drawable_characters() -> frozenset[int] | None:
    """The characters both of the game's faces draw (None: unknown, so nothing is refused)."""
    from bluffhouse.scenes.ui.text import FONT_DIR, FONT_FILES

    sets = [font_characters(FONT_DIR / name) for name in FONT_FILES.values()]
    known = [chars for chars in sets if chars is not None]
    if len(known) < len(sets):
        return None
    return frozenset.intersection(*known)


def can_draw(ch: str) -> bool:
    """Whether the game's fonts draw ch (True when the fonts cannot be read)."""
    chars = drawable_characters()
    return chars is None or ord(ch) in chars
