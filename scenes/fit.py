"""Fitting text to a width: shrink it, then cut it with "…", in O(n log n) measurements at worst.

Every screen that shrinks or cuts text to a width comes here. Cutting searches for the cut
point (galloping up from a short prefix, then halving), so a 10,000-character string costs a
couple of dozen measurements of short prefixes, not one per character; results are cached,
so a frame that draws the same text again measures nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from scenes.text import drawable, font

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
