"""Nothing the table tells is hidden by what it draws over it (issue 23, playtest q2-a3, s19): the
verdict stamp, in every language, stays off the pile's count chip, the set-aside count and the
challenged call's caption; that caption sits under the turned cards, where no seat's "Liar!"
from the top of the table reaches."""

import pygame
import pytest

from scenes.table import middle
from scenes.table.layout import seat_places
from scenes.ui.lang import set_language, t
from scenes.ui.text import READ, font

LANGUAGES = ("en", "es", "fr", "hu")


@pytest.fixture
def language():
    pygame.display.init()
    pygame.font.init()
    yield set_language
    set_language("en")


def solid(rect: pygame.Rect) -> tuple[pygame.mask.Mask, tuple[int, int]]:
    return pygame.mask.Mask(rect.size, fill=True), rect.topleft


def covers(image: pygame.Surface, centre, rect: pygame.Rect) -> bool:
    at = image.get_rect(center=centre)
    mask, topleft = solid(rect)
    return image.get_bounding_rect().move(at.topleft).colliderect(rect) and \
        pygame.mask.from_surface(image).overlap(mask, (topleft[0] - at.x, topleft[1] - at.y)) is not None


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("kind", ["lie", "true"])
@pytest.mark.parametrize("cards", [1, 2, 4])
def test_the_stamp_leaves_the_set_aside_count_in_view(language, code, kind, cards):
    language(code)  # (a long language's word shrinks: HAZUGSÁG covered "26 félretéve")
    aside = font(READ).size(t("table.set_aside", n=26))
    label = pygame.Rect(0, 0, *aside)
    label.midtop = (middle.SET_ASIDE_SPOT[0], middle.SET_ASIDE_SPOT[1] + 30)
    assert not covers(middle.stamp_image(kind), middle.stamp_centre(cards), label)


def test_the_counts_and_the_caption_are_drawn_over_the_reveal(monkeypatch):
    """The stamp lands over the cards; the pile's count chip, the set-aside count and the call's
    caption are drawn after it, so it never hides them."""
    from test_verdict_spoiler import challenged_frames

    from scenes.table import paint

    raw = []
    monkeypatch.setattr("test_verdict_spoiler.looks", lambda frame: raw.append(frame) or frame)
    challenged_frames("KH 9S", ["AS AH 2S 5S", "KH KD 3S 9S", "3H 4S 4H 7C"])
    frame = next(f for f in raw if f.reveal is not None)
    order = []
    for name in ("draw_reveal", "draw_pile_marks", "draw_pile"):
        real = getattr(paint, name)

        def traced(*args, real=real, name=name, **kwargs):
            order.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(paint, name, traced)
    paint.paint_table(frame, pygame.Surface((1280, 720)))
    assert order == ["draw_pile", "draw_reveal", "draw_pile_marks"]


@pytest.mark.parametrize("players", range(2, 9))
def test_the_caption_is_below_every_seats_panel(players):
    top = max(place.rect.bottom for place in seat_places(players, 0) if place.rect.centery < middle.CENTRE[1])
    assert middle.CAPTION_AT[1] - 12 > top + 40  # a top seat's bubble hangs at most 40 px under it
