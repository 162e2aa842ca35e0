"""tools/words_sheet.py: the sheet native reviewers read (issue 35) — every text of a screen,
filled as the game fills it, beside the English."""

from __future__ import annotations

import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import words_sheet

from bluffhouse.scenes.ui.lang import set_language


def test_the_sheet_fills_every_text_of_a_screen_beside_english():
    out = io.StringIO()
    try:
        texts, lines = words_sheet.sheet("hu", ["story"], False, out)
    finally:
        set_language("en")
    sheet = out.getvalue()
    assert texts >= 120 and lines > 2 * texts  # (each text in English and Hungarian, counts more)
    assert "  hu n=5: 5-ször bukott le" in sheet and "  hu n=2: 2-szer bukott le" in sheet  # the suffixes
    assert "  en: Ana calls three kings" in sheet and "  hu: Ana bemondja: három király" in sheet
    assert "{" not in sheet.replace("{n}", "")  # no blank left unfilled


def test_default_names_show_the_hungarian_article():
    out = io.StringIO()
    try:
        words_sheet.sheet("hu", ["story"], True, out)
    finally:
        set_language("en")
    assert "Az 1. játékos bemondja" in out.getvalue()
