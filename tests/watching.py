"""What painters draw, as the tests watch it: the `drawn` fixture gathers every text.Drawn (words,
role, rect, ink) painted while the test runs, through the text layer's own WATCHERS."""

import pygame
import pytest

from bluffhouse.scenes.ui import text
from bluffhouse.scenes.ui.lang import set_language


@pytest.fixture
def drawn(monkeypatch):
    """Every text.Drawn painted during the test (words(drawn) gives its lines' words); the
    language is English again afterwards."""
    pygame.display.init()
    pygame.font.init()
    seen: list[text.Drawn] = []
    monkeypatch.setattr(text, "WATCHERS", [*text.WATCHERS, seen.append])
    yield seen
    set_language("en")


def words(drawn: list) -> list[str]:
    """The words of the lines drawn (not key caps, plates or ornaments)."""
    return [d.words for d in drawn if d.words and d.role == "line"]
