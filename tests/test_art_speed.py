"""Art made faster draws the same pixels as the slow way, and every cache of drawn surfaces is bounded."""

import pygame
import pytest

from bluffhouse.scenes import art
from bluffhouse.scenes.art import cache as art_cache
from bluffhouse.scenes.art import cards as art_cards
from bluffhouse.scenes.art.base import SS, vgradient
from bluffhouse.scenes.art.suits import draw_suit
from bluffhouse.scenes.ui.surface_cache import SurfaceCache


@pytest.fixture(autouse=True)
def fresh_cache():
    art.clear_cache()
    yield
    art.clear_cache()


def pixels(surface):
    return pygame.image.tobytes(surface, "RGBA")


def test_the_gradient_is_the_one_a_line_per_row_draws():
    rect = pygame.Rect(3, 5, 40, 57)
    top, bottom = (250, 244, 230), (200, 170, 120)
    fast = pygame.Surface((50, 70))
    fast.fill((9, 9, 9))
    vgradient(fast, rect, top, bottom, radius=7)
    slow = pygame.Surface((50, 70))
    slow.fill((9, 9, 9))
    grad = pygame.Surface(rect.size, pygame.SRCALPHA)
    for y in range(rect.height):
        t = y / (rect.height - 1)
        pygame.draw.line(
            grad,
            tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)),
            (0, y),
            (rect.width, y),
        )
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=7)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    slow.blit(grad, rect.topleft)
    assert pixels(fast) == pixels(slow)


@pytest.mark.parametrize("suit", ["S", "H", "D", "C", "P", "M", "T", "Z"])
def test_stamped_pips_are_the_pips_drawn_in_place(suit):
    layout = [(0.0, 0.0), (1.0, 0.0), (0.5, 0.37), (0.0, 1.0), (1.0, 1.0)]
    box, w, h = (0.385, 0.615, 0.15, 0.85), 90, 126
    stamped = pygame.Surface((w * SS, h * SS))
    stamped.fill((250, 246, 234))
    drawn = stamped.copy()
    art_cards.draw_pips(stamped, suit, layout, w, h, 0.16 * w, box)
    for px, py in layout:
        cx = (box[0] + (box[1] - box[0]) * px) * w
        cy = (box[2] + (box[3] - box[2]) * py) * h
        draw_suit(drawn, suit, cx * SS, cy * SS, 0.16 * w * SS, flip=py > 0.5)
    assert pixels(stamped) == pixels(drawn)


def test_a_pile_grown_card_by_card_is_the_pile_built_at_once():
    grown = [pixels(art.pile(n, 60)) for n in range(0, 9)]
    art.clear_cache()
    assert pixels(art.pile(8, 60)) == grown[8]  # from an empty canvas
    assert pixels(art.pile(5, 60)) == grown[5]  # smaller: started again
    assert pixels(art.pile(6, 60)) == grown[6]


def test_the_art_cache_keeps_to_its_budget(monkeypatch):
    card = art.card_face("AS", 90)
    one = card.get_width() * card.get_height() * card.get_bytesize()
    monkeypatch.setattr(art_cache, "CACHE_BUDGET", 5 * one)
    art.clear_cache()
    for width in range(60, 80):
        art.card_face("AS", width)
    assert 0 < art_cache.cache_bytes() <= 5 * one
    assert art.card_face("AS", 79).get_width() == 79  # the newest are kept


def test_the_surface_cache_drops_the_least_recently_used_past_its_budget():
    cache = SurfaceCache(budget=3 * 10 * 10 * 4)
    made = []

    def make(name):
        made.append(name)
        return pygame.Surface((10, 10), pygame.SRCALPHA)

    first = cache.get("a", lambda: make("a"))
    cache.get("b", lambda: make("b"))
    cache.get("c", lambda: make("c"))
    assert cache.get("a", lambda: make("a")) is first  # a hit, and now the most recent
    cache.get("d", lambda: make("d"))
    assert len(cache) == 3 and cache.held <= cache.budget
    cache.get("b", lambda: make("b"))  # b was the least recently used: made again
    assert made == ["a", "b", "c", "d", "b"]


def test_a_turned_image_is_never_another_images_turned_copy():
    from bluffhouse.scenes.table.hand import TURNED, rotated

    first = pygame.Surface((10, 14), pygame.SRCALPHA)
    turned = rotated(first, 7)
    assert rotated(first, 7) is turned
    other = pygame.Surface((10, 14), pygame.SRCALPHA)
    TURNED[(id(other), 7)] = TURNED[(id(first), 7)]  # as if `other` had inherited the id
    assert rotated(other, 7) is not turned
