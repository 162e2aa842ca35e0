"""Fitting text to a width: right answers, and work that grows like log n, not n² (no timings)."""

import math

import pygame
import pytest

from bluffhouse.scenes.table.chrome import draw_ticker
from bluffhouse.scenes.table.layout import seat_places
from bluffhouse.scenes.table.seats import SeatLook, draw_seat
from bluffhouse.scenes.ui import text as fit
from bluffhouse.scenes.ui.text import (
    ELLIPSIS,
    ellipsize,
    fit_line,
    fit_lines,
    fit_size,
    fits,
    text_width,
    wrap,
)


@pytest.fixture
def measured(monkeypatch):
    """Every measurement fit.py makes: the lengths of the strings it measured."""
    pygame.font.init()
    for cached in (fits, ellipsize, fit_size, fit_line, fit_lines, fit.wrapped_lines):
        cached.cache_clear()
    lengths: list[int] = []

    def counting(text, size, bold=False):
        lengths.append(len(text))
        return text_width(text, size, bold)

    monkeypatch.setattr(fit, "text_width", counting)
    yield lengths
    for cached in (fits, ellipsize, fit_size, fit_line, fit_lines, fit.wrapped_lines):
        cached.cache_clear()


@pytest.mark.parametrize("n", [10, 2_000, 10_000, 20_000, 100_000])
def test_cutting_a_long_name_measures_log_n_short_prefixes(measured, n):
    name = ("Bartholomew " * (n // 12 + 1))[:n]
    shown = ellipsize(name, 200, 20, True)
    assert text_width(shown, 20, True) <= 200
    if n > 10:
        assert shown.endswith(ELLIPSIS) and name.startswith(shown[:-1])
        longer = name[: len(shown[:-1].rstrip()) + 2] + ELLIPSIS  # one more letter would not fit
        assert text_width(longer, 20, True) > 200 or len(shown) - 1 >= n
    assert len(measured) <= 2 * math.log2(n) + 6
    assert sum(measured) <= 40 * 64  # a few dozen prefixes of at most a few dozen letters


def test_text_of_zero_width_characters_costs_linear_work_at_most(measured):
    marks = "e" + "\u0301" * 10_000  # combining marks have no advance: it all "fits"
    assert fits(marks, 50, 20)
    assert len(measured) <= math.log2(len(marks)) + 3 and sum(measured) <= 3 * len(marks)


def test_keeping_the_end_shows_what_was_typed_last(measured):
    text = "x" * 5_000 + "the end"
    shown = ellipsize(text, 150, 20, keep="end")
    assert shown.startswith(ELLIPSIS) and shown.endswith("the end")
    assert text_width(shown, 20) <= 150 and len(measured) <= 2 * math.log2(len(text)) + 6


def test_shrinking_comes_before_cutting():
    pygame.font.init()
    room = (text_width("Bartholomew", 21, True) + text_width("Bartholomew", 15, True)) // 2
    size, text = fit_line("Bartholomew", room, 21, 15, True)
    assert 15 < size < 21 and text == "Bartholomew"
    size, text = fit_line("Bartholomew the Magnificent", room, 21, 15, True)
    assert size == 15 and text.endswith(ELLIPSIS)
    assert fit_size("Al", 200, 21, 15) == 21


class Budget:
    """Stands in for scenes.ui.text.font in the painters: counts what is measured, and stops a
    painter that measures more than budget characters (cutting one letter at a time did)."""

    def __init__(self, budget: int) -> None:
        self.budget, self.calls, self.chars = budget, 0, 0

    def __call__(self, size, bold=False):
        face, budget = real_font(size, bold), self

        class Counting:
            def size(self, text):
                budget.calls += 1
                budget.chars += len(text)
                assert budget.chars <= budget.budget, "measured far more than the cut needs"
                return face.size(text)

            def __getattr__(self, name):
                return getattr(face, name)

        return Counting()


real_font = fit.font


@pytest.fixture
def budget(monkeypatch):
    pygame.font.init()
    for cached in (fits, ellipsize, fit_size, fit_line, fit_lines, fit.wrapped_lines):
        cached.cache_clear()
    counter = Budget(100 * 64)
    for module in (
        "bluffhouse.scenes.ui.text",
        "bluffhouse.scenes.table.seats",
        "bluffhouse.scenes.table.chrome",
    ):
        monkeypatch.setattr(f"{module}.font", counter, raising=False)  # not every one uses it now
    yield counter
    for cached in (fits, ellipsize, fit_size, fit_line, fit_lines, fit.wrapped_lines):
        cached.cache_clear()


def test_a_seat_panel_with_a_20000_letter_name_measures_little(budget):
    """The seat panel cut names one letter at a time: 2,000 letters took ~150 ms a frame."""
    surface = pygame.Surface((1280, 720))
    place = seat_places(8, 0)[3]
    look = SeatLook(3, "W" * 20_000, False, False, 6, 2, 3, False, None, False, True, False, "french")
    draw_seat(surface, place, look, 0.0)
    first = budget.calls
    assert first <= 100
    draw_seat(surface, place, look, 0.1)
    assert budget.calls - first <= 5  # the next frame measures (almost) nothing: the cut is cached


def test_the_log_ticker_cuts_a_long_line_with_little_work(budget):
    surface = pygame.Surface((1280, 720))
    line = "Ana played two cards " * 1000
    draw_ticker(surface, line, (200, 80, 80), 1.0)
    assert budget.calls <= 4 * (2 * math.log2(len(line)) + 6)  # four sizes tried, then one cut


def test_words_shrink_then_take_a_second_line_then_are_cut():
    pygame.font.init()
    room = text_width("Select one to four cards", 19, True) * 2 // 3
    size, lines = fit_lines("Select one to four cards", room, 19, 16, True, 2)
    assert len(lines) == 2 and " ".join(lines) == "Select one to four cards" and size == 19
    assert all(text_width(line, size, True) <= room for line in lines)
    size, lines = fit_lines("Select one to four cards", room, 19, 16, True, 2, height=20)
    assert len(lines) == 1 and lines[0].endswith(ELLIPSIS)  # two lines would not fit 20 pixels
    size, lines = fit_lines("word " * 40, 120, 16, 12, False, 2)
    assert size == 12 and len(lines) == 2 and lines[1].endswith(ELLIPSIS)
    assert fit_lines("Quit", 200, 21, 12) == (21, ("Quit",))


def test_wrap_keeps_every_word_and_gives_up_after_its_limit():
    pygame.font.init()
    text = "the quick brown fox jumps over the lazy dog\nsecond paragraph here"
    lines = wrap(text, 90, 16)
    assert " ".join(lines).split() == text.split() and len(lines) > 3
    assert all(text_width(line, 16) <= 90 or " " not in line for line in lines)
    limited = wrap(text, 90, 16, limit=2)
    assert limited[:2] == lines[:2] and len(limited) == 3
    assert limited[2].replace("\n", " ").split() == " ".join(lines[2:]).split()
    assert wrap("", 90, 16) == [""] and wrap("a\n\nb", 90, 16) == ["a", "", "b"]
