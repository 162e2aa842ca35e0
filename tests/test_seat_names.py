"""A default name stays on one line in its seat panel (issue 23, playtest k7): "2. játékos" in a
narrow top panel wrapped onto two lines beside its key cap; a name one cap too long for its line
moves the cap onto the panel's edge instead."""

import pygame
import pytest
from watching import drawn, words

from bluffhouse.scenes.table import seats
from bluffhouse.scenes.table.layout import seat_places
from bluffhouse.scenes.ui.lang import set_language, t

__all__ = ["drawn"]  # the fixture (tests/watching.py)


@pytest.mark.parametrize("language", ["en", "es", "fr", "hu"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_default_name_is_one_line_in_every_seat_panel(drawn, language, players):
    set_language(language)
    for place in seat_places(players, 0):
        name = t("setup.player_n", n=place.seat + 1)
        look = seats.SeatLook(
            seat=place.seat,
            name=name,
            human=True,
            you=False,
            cards=3,
            bullets=0,
            bullets_per=0,
            bullet_out=False,
            key="K",
            key_lit=False,
            turn=False,
            winner=False,
            style="hungarian",
            score=0,
            emptied=False,
        )
        drawn.clear()
        seats.draw_seat(pygame.Surface((1280, 720)), place, look, 0.0)
        assert name in words(drawn), (place.seat, words(drawn))
