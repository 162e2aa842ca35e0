"""Fonts and text on screen: every font comes from here; drawing, wrapping and fitting text.

Fitting text to a width (shrink it, then cut it with "…") searches for the cut point
(galloping up from a short prefix, then halving), so a 10,000-character string costs a
couple of dozen measurements of short prefixes, not one per character; results are cached.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache, partial
from typing import NamedTuple

import pygame

from bluffhouse.scenes.ui.assets import ASSETS, restore_hint
from bluffhouse.scenes.ui.lines import Color, drawable, render_line

FONT_DIR = ASSETS / "fonts"

log = logging.getLogger(__name__)


# Sizes in pixels at the logical 1280×720, read from a sofa (issue 18): every word a player reads
# to play (hints, the curtain, the coach, the logs, the truth, key hints) is at least READ;
# nothing is drawn smaller than SMALL (a key cap's name, a column heading, an aside).
READ = 18
SMALL = 14

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_font_trouble: set[str] = set()  # fonts already reported missing or damaged: one line each


class Face(pygame.font.Font):
    """A font that knows where it came from, so a right-to-left twin of it can be made."""

    source: tuple[str | None, int, bool] = (None, 12, False)  # file, size, bold


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at size pixels (it has ♠♥♦♣ and ő/ű); cached.

    A missing or damaged font file gives one line in the log and pygame's own font instead.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONT_DIR / FONT_FILES[bool(bold)]
    try:
        face = Face(str(path), size)
        face.size("♠ő")  # a file that loads but cannot measure is damaged too
        face.source = (str(path), size, bool(bold))
        return face
    except (OSError, ValueError, pygame.error) as error:
        if path.name not in _font_trouble:
            _font_trouble.add(path.name)
            log.warning(
                "bluffhouse: cannot use the font %s (%s); using pygame's default font, "
                "where ♠♥♦♣ may show as boxes: %s",
                path.name,
                error,
                restore_hint(path),
            )
    face = Face(None, size)
    face.bold = bool(bold)
    face.source = (None, size, bool(bold))
    return face


MAX_LINE_CHARS = 400  # no line of the game is this long; a longer one is cut before drawing
MAX_LINE_WIDTH = 4 * 1280  # ...to what would fill four screens


@lru_cache(maxsize=1024)
def render(
    text: str,
    size: int,
    color: Color = (245, 236, 214),
    bold: bool = False,
    shadow: Color | None = (0, 0, 0, 140),
    offset: int = 0,
) -> pygame.Surface:
    """Text as an SRCALPHA surface, with a soft drop shadow; cached, so never draw on it."""
    face = font(size, bold)
    if len(text) > MAX_LINE_CHARS:
        text = ellipsize(text, MAX_LINE_WIDTH, size, bold)
    text_surface = render_line(face, text, color)
    if len(color) == 4:
        text_surface.set_alpha(color[3])
    if shadow is None:
        return text_surface
    off = offset or max(1, size // 14)
    shade = render_line(face, text, shadow)
    shade.set_alpha(shadow[3] if len(shadow) == 4 else 255)
    out = pygame.Surface((text_surface.get_width() + off, text_surface.get_height() + off), pygame.SRCALPHA)
    out.blit(shade, (off, off))
    out.blit(text_surface, (0, 0))
    return out


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    size: int,
    color: Color = (245, 236, 214),
    bold: bool = False,
    anchor: str = "topleft",
    shadow: Color | None = (0, 0, 0, 140),
    role: str = "line",
) -> pygame.Rect:
    """Draw text with its anchor ("center", "midtop", ...) at pos; returns the rect used.

    role says what the words are to a player (see ROLES): the tests hold each to its size."""
    image = render(text, size, color, bold, shadow)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    if WATCHERS:
        note(surface, text, rect, size, role, image)
    return rect


# What a drawn line is to a player: "line", words to read (READ and up); "aside", words nobody
# needs to play (a column heading, a credit: SMALL and up); "cap", a key cap's name (SMALL and
# up); "decor", a sign drawn as ornament (never over words); "cover", a plate drawn over what
# was there before (the words under it are hidden, not crossed).
ROLES = ("line", "aside", "cap", "decor", "cover")


class Drawn(NamedTuple):
    """One thing drawn, as the watchers see it: where, how big, and where its ink is."""

    surface: pygame.Surface
    words: str
    rect: pygame.Rect
    size: int
    role: str
    ink: pygame.Rect  # the rect without the empty space of the line and the shadow's offset


def note(
    surface: pygame.Surface,
    words: str,
    rect: pygame.Rect,
    size: int,
    role: str = "line",
    image: pygame.Surface | None = None,
) -> None:
    """Tell the watchers that words were drawn at rect (image: what was blitted there, whose
    opaque pixels are the ink). Painters that blit rendered text themselves call this too."""
    if not WATCHERS:
        return
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    ink = rect
    if image is not None:
        ink = image.get_bounding_rect(min_alpha=60).move(rect.topleft)
    drawn = Drawn(surface, words, pygame.Rect(rect), size, role, ink)
    for watcher in WATCHERS:
        watcher(drawn)


def cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Tell the watchers that a plate now hides what was drawn under rect."""
    if WATCHERS:
        note(surface, "", rect, 0, "cover")


# Called with a Drawn for every line drawn (draw_text, key caps, painters that blit text) and
# every plate that covers: the language tests check sizes, overlaps and edges with them.
WATCHERS: list[Callable[[Drawn], None]] = []


def wrap(text: str, width: int, size: int, bold: bool = False, limit: int | None = None) -> list[str]:
    """Break text into lines no wider than width pixels (a word wider than that gets a line
    of its own); newlines start a new paragraph. Each line's words are found by a galloping
    search, so a long text costs a few measurements per line, not one per word.

    With limit, once limit lines are made the rest of the text is left, unmeasured, on one
    last line (limit + 1 lines at most): enough to tell that it does not fit on limit.
    """
    face = font(size, bold)
    lines: list[str] = []
    paragraphs = text.split("\n")
    for at, paragraph in enumerate(paragraphs):
        words, start = paragraph.split(" "), 0
        while True:
            if limit is not None and len(lines) >= limit:
                return [*lines, "\n".join([" ".join(words[start:]), *paragraphs[at + 1 :]])]
            rest, left = len(words) - start, words[start:]
            taken = _largest(rest, partial(_first_fit, face, left, width))
            taken = max(1, taken)
            lines.append(" ".join(words[start : start + taken]))
            start += taken
            if start >= len(words):
                break
    return lines


def draw_wrapped(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: int,
    color: Color = (245, 236, 214),
    bold: bool = False,
    line_gap: float = 1.3,
    align: str = "left",
    shadow: Color | None = (0, 0, 0, 110),
    max_lines: int | None = None,
    smallest: int | None = None,
    role: str = "line",
) -> int:
    """Draw text wrapped inside rect's width from its top; returns the y below the last line.

    With smallest, the size goes down (not below smallest) until the lines fit rect's height.
    With max_lines, what does not fit on them is cut with "…" at the end of the last one.
    """
    while smallest is not None and size > smallest:
        step = round(font(size, bold).get_linesize() * line_gap / 1.15)
        if len(wrap(text, rect.width, size, bold)) * step <= rect.height:
            break
        size -= 1
    y = rect.top
    step = round(font(size, bold).get_linesize() * line_gap / 1.15)
    lines = wrap(text, rect.width, size, bold)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + ELLIPSIS, rect.width, size, bold)
    for line in lines:
        if line:
            anchor = {"left": "topleft", "center": "midtop", "right": "topright"}[align]
            x = {"left": rect.left, "center": rect.centerx, "right": rect.right}[align]
            draw_text(surface, line, (x, y), size, color, bold, anchor, shadow, role)
        y += step if line else step // 2
    return y


# -- fitting text to a width --------------------------------------------------------


ELLIPSIS = "…"
FIRST_PREFIX = 32  # the galloping search starts with this many characters


def text_width(text: str, size: int, bold: bool = False) -> int:
    """How wide text is drawn at size, in pixels (never raises on odd characters)."""
    return font(size, bold).size(drawable(text))[0]


def _first_fit(face: pygame.font.Font, words: list[str], width: int, k: int) -> bool:
    """Whether the first k words fit in width, said in face."""
    return face.size(" ".join(words[:k]))[0] <= width


def _largest(n: int, fits_k: Callable[[int], bool]) -> int:
    """The largest k in 0..n with fits_k(k), for fits_k true up to some k and false after.

    Gallops up from FIRST_PREFIX, then halves: O(log k) calls, each on at most 2k characters.
    """
    good, probe = 0, min(n, FIRST_PREFIX)
    while fits_k(probe):
        good = probe
        if probe == n:
            return n
        probe = min(n, probe * 2)
    bad = probe
    while bad - good > 1:  # fits_k(good) and not fits_k(bad)
        mid = (good + bad) // 2
        if fits_k(mid):
            good = mid
        else:
            bad = mid
    return good


@lru_cache(maxsize=512)
def fits(text: str, width: int, size: int, bold: bool = False) -> bool:
    """Whether text fits width pixels at size; measures no more than what could fit."""
    n = len(text)
    return _largest(n, lambda k: text_width(text[:k], size, bold) <= width) == n


@lru_cache(maxsize=512)
def ellipsize(text: str, width: int, size: int, bold: bool = False, keep: str = "start") -> str:
    """text, or as much of it as fits with "…" where the rest was (keep="end": the end shows)."""
    if fits(text, width, size, bold):
        return text
    n = len(text)
    if keep == "end":
        k = _largest(n, lambda k: text_width(ELLIPSIS + text[n - k :], size, bold) <= width)
        return ELLIPSIS + text[n - k :].lstrip()
    k = _largest(n, lambda k: text_width(text[:k] + ELLIPSIS, size, bold) <= width)
    return text[:k].rstrip() + ELLIPSIS


@lru_cache(maxsize=512)
def fit_size(text: str, width: int, size: int, smallest: int, bold: bool = False) -> int:
    """The largest font size from size down to smallest at which text fits (else smallest)."""
    while size > smallest and not fits(text, width, size, bold):
        size -= 1
    return size


@lru_cache(maxsize=512)
def fit_line(text: str, width: int, size: int, smallest: int, bold: bool = False) -> tuple[int, str]:
    """Shrink text down to smallest, then cut it with "…": the size and the text to draw."""
    size = fit_size(text, width, size, smallest, bold)
    return size, ellipsize(text, width, size, bold)


@lru_cache(maxsize=512)
def wrapped_lines(text: str, width: int, size: int, bold: bool, limit: int) -> tuple[str, ...]:
    return tuple(wrap(text, width, size, bold, limit))


def fits_lines(text: str, width: int, size: int, bold: bool = False, max_lines: int = 1) -> bool:
    """Whether text fits width at size on at most max_lines lines, nothing cut."""
    lines = wrapped_lines(text, width, size, bold, max_lines)
    return len(lines) <= max_lines and all(fits(line, width, size, bold) for line in lines)


@lru_cache(maxsize=512)
def fit_lines(
    text: str,
    width: int,
    size: int,
    smallest: int,
    bold: bool = False,
    max_lines: int = 2,
    height: int | None = None,
    gap: int = -2,
) -> tuple[int, tuple[str, ...]]:
    """Words for a box: one line shrunk down to smallest; else wrapped on up to max_lines
    (lines gap pixels closer than the font's line size, all within height when given), as
    large as they fit; only then the last line is cut with "…". The size and the lines."""
    one_word = not any(c.isspace() for c in text.strip())  # nothing to wrap at: one line
    if fits(text, width, smallest, bold) or max_lines < 2 or one_word:
        size, line = fit_line(text, width, size, smallest, bold)
        return size, (line,)
    for lines_allowed in range(2, max_lines + 1):
        if not fits_lines(text, width, smallest, bold, lines_allowed):
            continue  # not even at the smallest size: no larger one will do
        for each in range(size, smallest - 1, -1):
            tall_enough = height is None or lines_allowed * (font(each, bold).get_linesize() + gap) <= height
            if tall_enough and fits_lines(text, width, each, bold, lines_allowed):
                return each, wrapped_lines(text, width, each, bold, lines_allowed)
    if height is not None:  # as many lines as the height holds at the smallest size
        max_lines = min(max_lines, height // (font(smallest, bold).get_linesize() + gap))
    if max_lines < 2:
        return smallest, (ellipsize(text, width, smallest, bold),)
    lines = wrapped_lines(text, width, smallest, bold, max_lines)
    kept = [ellipsize(line, width, smallest, bold) for line in lines[: max_lines - 1]]  # a word too wide
    kept.append(ellipsize(" ".join(lines[max_lines - 1 :]).replace("\n", " "), width, smallest, bold))
    return smallest, tuple(kept)


def draw_fitted(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    width: int,
    size: int,
    color: Color = (245, 236, 214),
    bold: bool = False,
    anchor: str = "topleft",
    *,
    smallest: int = READ,
    max_lines: int = 1,
    shadow: Color | None = (0, 0, 0, 140),
    gap: int = -2,
    height: int | None = None,
    role: str = "line",
) -> pygame.Rect:
    """draw_text within width pixels: shrunk down to smallest, then on up to max_lines lines
    (within height, when given; the block of lines is placed by anchor at pos); returns the
    rect of the whole block."""
    size, lines = fit_lines(text, width, size, smallest, bold, max_lines, height, gap)
    step = font(size, bold).get_linesize() + gap
    height = step * len(lines)
    x, y = pos
    if (anchor.startswith("mid") and anchor not in ("midtop", "midbottom")) or anchor == "center":
        y -= (height - step) / 2  # the block's middle on pos
    elif anchor.startswith("bottom") or anchor == "midbottom":
        y -= height - step
    drawn = [
        draw_text(surface, line, (x, y + row * step), size, color, bold, anchor, shadow, role)
        for row, line in enumerate(lines)
    ]
    return drawn[0].unionall(drawn[1:])
