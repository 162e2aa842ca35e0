"""The set-up's Start button says whom it waits for, on two lines when it must (issue 23: in
French, "On attend que Joueur 5 et Joueur 6 appuient sur leurs touches" drew at full size and its
letters touched the button's top and bottom edges). Its words now keep inside the button's frame
in every language, for one, two and three people missing, at the logical size every window
scales from."""

import pygame
import pytest
from watching import drawn

from bluffhouse.scenes.setup.cards import START_WAITING_H, START_WAITING_W
from bluffhouse.scenes.setup.duel_keys import ROW_W
from bluffhouse.scenes.setup.naming import default_person_name, waiting_words
from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.widgets import Button

__all__ = ["drawn"]  # the fixture (tests/watching.py)
MARGIN = 5  # pixels of the button between its frame and the ink of its words


def lines_inside(drawn, button, what: str) -> list:
    """The lines of words the button drew, each asserted to keep MARGIN inside its frame."""
    inside = button.rect.inflate(-2 * MARGIN, -2 * MARGIN)
    words = [d for d in drawn if d.words and d.role == "line"]
    for line in words:
        assert inside.contains(line.ink), f"{what}: {line.words!r} {line.ink} {button.rect}"
    return words


def card_names(missing: int) -> list[str]:
    return [default_person_name(seat) for seat in range(4, 4 + missing)]


def duel_names(missing: int) -> list[str]:
    return [lang.t("duel.setup.name", n=n + 1) for n in range(missing)]


# The card set-up's waiting Start button (up to three missing) and the duel set-up's (up to two).
SET_UPS = {
    "cards": (card_names, (1, 2, 3), (START_WAITING_W, START_WAITING_H), {"size": 26}),
    "duel": (duel_names, (1, 2), (ROW_W, 54), {}),
}


@pytest.mark.draws
@pytest.mark.parametrize("set_up", list(SET_UPS))
@pytest.mark.parametrize("code", ["en", "es", "fr", "hu"])
def test_the_waiting_start_label_keeps_inside_the_button(drawn, code, set_up):
    names, missings, (width, height), style = SET_UPS[set_up]
    lang.set_language(code)
    surface = pygame.Surface((1280, 720))
    for kind in ("join", "peek"):
        for missing in missings:
            label = waiting_words(kind, names(missing))
            button = Button(label, lambda: None, width, height, **style)
            button.rect.center = (880, 660)
            for focused in (False, True):
                drawn.clear()
                button.draw(surface, focused, 0.0)
                words = lines_inside(drawn, button, f"{code} {label!r}")
                assert words, label
                assert " ".join(d.words for d in words).replace("…", "") == label  # nothing cut
