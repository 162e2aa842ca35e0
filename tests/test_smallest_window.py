"""The smallest window keeps every word readable (issue 35): at 320x180, the smallest the README
allowed, words were 4-6 px tall. Now no window is smaller than 1120x630, where the smallest words
the game draws (SMALL, 14 px of the 1280x720 picture) are 12 px tall or more."""

from __future__ import annotations

import warnings

import pygame
import pytest
from kit import new_app

from bluffhouse.cli import SIZE_MIN, parse_args
from bluffhouse.scenes.shell.app import MIN_TEXT, MIN_WINDOW, Letterbox
from bluffhouse.scenes.ui.text import READ, SMALL


def test_the_smallest_window_keeps_the_smallest_words_12_px_tall():
    assert SIZE_MIN == MIN_WINDOW
    scale = Letterbox(MIN_WINDOW).scale
    assert SMALL * scale >= MIN_TEXT and READ * scale >= 15
    wide = Letterbox((MIN_WINDOW[0] + 400, MIN_WINDOW[1]))
    tall = Letterbox((MIN_WINDOW[0], MIN_WINDOW[1] + 400))
    assert SMALL * wide.scale >= MIN_TEXT and SMALL * tall.scale >= MIN_TEXT  # (bars either side)
    assert SMALL * Letterbox((MIN_WINDOW[0] - 40, MIN_WINDOW[1])).scale < MIN_TEXT  # (no room to spare)


def test_no_smaller_window_is_taken_or_kept(tmp_path, monkeypatch, capsys):
    with pytest.raises(SystemExit):
        parse_args(["--size", "1024x576"])
    assert "1120x630" in capsys.readouterr().err
    app = new_app(tmp_path, monkeypatch, seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        least = pygame.Window.from_display_module().minimum_size
    screen = pygame.display.get_desktop_sizes()[0]
    assert least == (min(MIN_WINDOW[0], screen[0]), min(MIN_WINDOW[1], screen[1]))  # resizing stops there
    assert app.window.get_size() == (1280, 720)
