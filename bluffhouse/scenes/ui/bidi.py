"""Right-to-left words in a left-to-right line, in reading order (a name in Hebrew or Arabic).

The game's own lines are all left to right; a name typed in Hebrew or Arabic is not. SDL_ttf
draws characters in the order they are stored, so "שרה" would come out backwards. This is
the part of the Unicode bidirectional algorithm such a line needs: the line is cut into runs,
a run of right-to-left letters (with the spaces and signs between them) is drawn right to
left, the digits inside it stay left to right ("שרה 2"), and the runs follow one another left
to right. visual_runs() says what to draw, in order; the text module draws each run, a
right-to-left one with the font set to right-to-left, so Arabic letters are also joined.
"""

from __future__ import annotations

import re
import unicodedata

# Characters that may be right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their
# presentation forms, and the RTL planes): a quick look before the real classification.
_MAYBE_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff]")


def has_rtl(text: str) -> bool:
    """Whether text holds any right-to-left letter."""
    return _MAYBE_RTL.search(text) is not None and any(_kind(ch) == "R" for ch in text)


def _kind(ch: str) -> str:
    """R (right to left), L (left to right), N (a number), or - (neutral)."""
    bidi = unicodedata.bidirectional(ch)
    if bidi in ("R", "AL"):
        return "R"
    if bidi == "L":
        return "L"
    if bidi in ("EN", "AN"):
        return "N"
    return "-"


def script_of(text: str) -> str:
    """The ISO 15924 script a right-to-left run is shaped as: Arabic joins its letters."""
    return "Arab" if any(unicodedata.bidirectional(ch) == "AL" for ch in text) else "Hebr"


def visual_runs(text: str) -> list[tuple[str, bool]]:
    """text as runs in the order they are drawn, left to right: (run, right_to_left).

    A right-to-left run starts at a right-to-left letter and ends at the last one before the
    next left-to-right letter (the spaces after it belong to the line again); inside it the
    pieces come in reverse order, digits kept left to right.
    """
    if not has_rtl(text):
        return [(text, False)]
    kinds = [_kind(ch) for ch in text]
    runs: list[tuple[str, bool]] = []
    at, n = 0, len(text)
    while at < n:
        if kinds[at] != "R":
            end = at
            while end < n and kinds[end] != "R":
                end += 1
            runs.append((text[at:end], False))
            at = end
            continue
        end = last = at
        while end < n and kinds[end] != "L":
            if kinds[end] in ("R", "N"):
                last = end
            end += 1
        runs.extend(_reversed_pieces(text[at : last + 1], kinds[at : last + 1]))
        at = last + 1
    return [(run, rtl) for run, rtl in runs if run]


def _reversed_pieces(run: str, kinds: list[str]) -> list[tuple[str, bool]]:
    """A right-to-left run's pieces in drawing order: numbers stay left to right."""
    pieces: list[tuple[str, bool]] = []
    start = 0
    for i in range(1, len(run) + 1):
        if i == len(run) or (kinds[i] == "N") != (kinds[start] == "N"):
            pieces.append((run[start:i], kinds[start] != "N"))
            start = i
    return pieces[::-1]
