"""Fonts and text on screen: every font comes from here; drawing, wrapping and fitting text.

Fitting text to a width (shrink it, then cut it with "…") searches for the cut point
(galloping up from a short prefix, then halving), so a 10,000-character string costs a
couple of dozen measurements of short prefixes, not one per character; results are cached.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache

import pygame

from scenes.ui.assets import ASSETS, restore_hint

FONT_DIR = ASSETS / "fonts"
Color = tuple[int, int, int] | tuple[int, int, int, int]

log = logging.getLogger(__name__)


FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
_font_trouble: set[str] = set()  # fonts already reported missing or damaged: one line each


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at size pixels (it has ♠♥♦♣ and ő/ű); cached.

    A missing or damaged font file gives one line in the log and pygame's own font instead.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONT_DIR / FONT_FILES[bool(bold)]
    try:
        face = pygame.font.Font(str(path), size)
        face.size("♠ő")  # a file that loads but cannot measure is damaged too
        return face
    except (OSError, ValueError, pygame.error) as error:
        if path.name not in _font_trouble:
            _font_trouble.add(path.name)
            log.warning("bluffhouse: cannot use the font %s (%s); using pygame's default font, "
                        "where ♠♥♦♣ may show as boxes: %s", path.name, error,
                        restore_hint(path))  # fmt: skip
    face = pygame.font.Font(None, size)
    face.bold = bool(bold)
    return face


MAX_LINE_CHARS = 400  # no line of the game is this long; a longer one is cut before drawing
MAX_LINE_WIDTH = 4 * 1280  # ...to what would fill four screens


def drawable(text: str) -> str:
    """text as SDL_ttf accepts it: without NUL characters and with lone surrogates as "?"."""
    if "\x00" in text:
        text = text.replace("\x00", "")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def render_line(face: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
    """face.render(text) that never raises: text that draws nothing gives a 1-pixel-wide surface."""
    text = drawable(text)
    try:
        return face.render(text, True, color[:3])
    except pygame.error:  # "Text has zero width": only invisible characters
        return pygame.Surface((1, face.get_height()), pygame.SRCALPHA)


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
    out = pygame.Surface(
        (text_surface.get_width() + off, text_surface.get_height() + off), pygame.SRCALPHA
    )
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
) -> pygame.Rect:
    """Draw text with its anchor ("center", "midtop", ...) at pos; returns the rect used."""
    image = render(text, size, color, bold, shadow)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(image, rect)
    return rect


def wrap(text: str, width: int, size: int, bold: bool = False) -> list[str]:
    """Break text into lines no wider than width pixels; newlines start a new paragraph."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if line and face.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
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
) -> int:
    """Draw text wrapped inside rect's width from its top; returns the y below the last line.

    With max_lines, what does not fit on them is cut with "…" at the end of the last one.
    """
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
            draw_text(surface, line, (x, y), size, color, bold, anchor, shadow)
        y += step if line else step // 2
    return y


# -- fitting text to a width --------------------------------------------------------


ELLIPSIS = "…"
FIRST_PREFIX = 32  # the galloping search starts with this many characters


def text_width(text: str, size: int, bold: bool = False) -> int:
    """How wide text is drawn at size, in pixels (never raises on odd characters)."""
    return font(size, bold).size(drawable(text))[0]


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
