"""The curtain's words fit whole in every language (issue 23, playtest s19, k7): the line that
says whose key lifts it wraps instead of losing the key at its end, and a note on two lines
never leaves one lone word on the second."""

import pygame
import pytest
from watching import drawn, words

from bluffhouse.scenes.table import chrome
from bluffhouse.scenes.ui.lang import set_language, t

__all__ = ["drawn"]  # the fixture (tests/watching.py)

LANGUAGES = ("en", "es", "fr", "hu")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("line", ["table.curtain.after_reveal", "table.curtain.press"])
def test_the_curtains_line_and_note_are_whole_and_even(drawn, language, line):
    set_language(language)
    name = t("setup.player_n", n=2)
    said = t(line, name=name, peek="Right Shift")
    note = t("table.curtain.only_own", name=name)
    title = t("table.curtain.pass", name=name)
    chrome.draw_curtain(pygame.Surface((1280, 720)), title, said, (90, 160, 230), 0.0, note)
    lines = words(drawn)
    assert not any("…" in part for part in lines), lines
    text = " ".join(" ".join(lines).split())
    assert " ".join(said.split()) in text and " ".join(note.split()) in text  # nothing cut
    assert all(" " in part.strip() or len(part) > 12 for part in lines), lines  # no lone word on a line


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_setups_length_line_names_the_rounds_as_the_option_does(drawn, language):
    """The Kamu set-up's option is "Rounds" ("Körök"): its time line says rounds too, not games."""
    set_language(language)
    option = t("setup.opt.rounds").lower()
    assert option[:3] in t("setup.length.match", minutes=12, rounds=3).lower()


def test_hungarian_default_names_are_ordinals(drawn):
    set_language("hu")
    assert t("setup.player_n", n=2) == "2. játékos"
