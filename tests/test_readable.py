"""Readable from the sofa (issue 18) and nothing drawn over anything (issue 23): the screen tour's
recorder finds a line under its size, two lines drawn over each other and decoration over words,
and lets a plate hide what it covers; the house's own helpers keep to the sizes."""

import pygame
import pytest
from recorder import Recorder

from bluffhouse.scenes.ui import lang, text
from bluffhouse.scenes.ui.keycaps import draw_hints, draw_keycap, hint_rows
from bluffhouse.scenes.ui.widgets import draw_panel


@pytest.fixture
def recorder(monkeypatch):
    pygame.font.init()
    yield Recorder(monkeypatch)
    lang.set_language("en")


def test_lines_drawn_over_each_other_are_found_and_a_plate_hides_what_it_covers(recorder):
    surface = pygame.Surface((400, 200))
    text.draw_text(surface, "Ben rerolled", (10, 10), 20)
    text.draw_text(surface, "three dice", (40, 18), 20)  # over the line before
    text.draw_text(surface, "far away", (10, 120), 20)
    assert list(recorder.collisions) == [("?", "Ben rerolled", "three dice")]
    recorder.collisions.clear()
    recorder.groups.clear()
    text.draw_text(surface, "Ben rerolled", (10, 10), 20)
    draw_panel(surface, pygame.Rect(0, 0, 400, 60), (0, 0, 0, 230))  # a plate over it: hidden, not crossed
    text.draw_text(surface, "three dice", (40, 18), 20)
    text.draw_text(surface, "Ben rerolled", (10, 44), 20)  # just under: touching is not crossing
    assert recorder.collisions == {}


def test_decoration_over_words_is_found(recorder):
    surface = pygame.Surface((400, 200))
    text.draw_text(surface, "9 liars caught in the act", (10, 10), 20)
    text.draw_text(surface, "♠", (60, 14), 24, role="decor")
    text.draw_text(surface, "♥", (300, 150), 24, role="decor")  # on the felt: fine
    assert list(recorder.crossed) == [("?", "9 liars caught in the act")]
    assert recorder.collisions == {}


def test_a_line_under_its_size_is_found_and_only_small_print_may_be_small(recorder):
    surface = pygame.Surface((600, 300))
    text.draw_text(surface, lang.t("table.hint.play"), (10, 10), 16)  # a key hint: read to play
    text.draw_text(surface, lang.t("results.col.calls"), (10, 40), 15, role="aside")  # a column heading
    text.draw_text(surface, lang.t("table.curtain.others"), (10, 70), 15, role="aside")  # no aside
    text.draw_text(surface, "tiny", (10, 100), 12, role="aside")
    draw_keycap(surface, "Enter", (10, 140), 12, anchor="topleft")  # a cap is drawn at SMALL at least
    text.draw_text(surface, lang.t("table.hint.log"), (10, 200), text.READ)
    small = {(role, size, words) for _, role, size, words in recorder.too_small()}
    assert small == {
        ("line", 16, lang.t("table.hint.play")),
        ("aside", 15, lang.t("table.curtain.others")),
        ("aside", 12, "tiny"),
    }
    assert any(role == "cap" and size >= text.SMALL for _, role, size, _ in recorder.sizes)


@pytest.mark.parametrize("language", ["en", "fr", "hu", lang.PSEUDO])
def test_rows_of_key_hints_stay_on_the_screen_at_the_reading_size(recorder, language):
    lang.set_language(language)
    hints = [
        ("↑↓←→", lang.t("hint.choose")),
        ("Enter", lang.t("setup.hint.change")),
        ("Tab", lang.t("setup.hint.jump")),
        ("Esc", lang.t("setup.hint.menu")),
        ("M", lang.t("hint.mute")),
        ("F11", lang.t("hint.fullscreen")),
    ]
    surface = pygame.Surface((1280, 720))
    drawn = draw_hints(surface, hints, 702)
    assert surface.get_rect().contains(drawn) and drawn.bottom <= 720
    rows = len(hint_rows(hints, surface.get_width() - 48))
    assert drawn.h <= 36 * rows  # one row of caps and words for every row the hints took
    assert recorder.too_small() == [] and recorder.collisions == {} and not recorder.outside
