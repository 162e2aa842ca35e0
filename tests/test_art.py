"""The art made in code: every card renders at its size, caching, colours, dice, headless."""

import colorsys
import itertools

import pygame
import pytest

from bluffhouse.game.cards import Card, french_deck, hungarian_deck
from bluffhouse.scenes import art
from bluffhouse.scenes.ui.palette import Palette

ALL_CARDS = french_deck() + hungarian_deck(jokers=True)
RED_RGB = (200, 28, 44, 255)
CLOSE = (60, 60, 60, 255)


def count_near(surf: pygame.Surface, colour, tolerance=CLOSE) -> int:
    """Opaque pixels within `tolerance` of `colour`."""
    return pygame.mask.from_threshold(surf, colour, tolerance).count()


def blobs(surf: pygame.Surface, colour, tolerance=(50, 50, 50, 255), minimum=12) -> int:
    """Connected patches of a colour (pips), ignoring specks smaller than `minimum` px."""
    mask = pygame.mask.from_threshold(surf, colour, tolerance)
    return len(mask.connected_components(minimum))


def mean_colour(surf: pygame.Surface) -> tuple[int, int, int]:
    """Average colour of the visible pixels."""
    return tuple(pygame.transform.average_color(surf, consider_alpha=True)[:3])


def saturation(surf: pygame.Surface) -> float:
    r, g, b = (c / 255 for c in mean_colour(surf))
    return colorsys.rgb_to_hsv(r, g, b)[1]


def differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels differ by more than a little, after matching sizes."""
    if a.get_size() != b.get_size():
        b = pygame.transform.smoothscale(b, a.get_size())
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    back = b.copy()
    back.blit(a, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # |a - b| per channel
    same = pygame.mask.from_threshold(diff, (0, 0, 0, 0), (25, 25, 25, 25)).count()
    return a.get_width() * a.get_height() - same


@pytest.fixture(autouse=True)
def fresh_cache():
    art.clear_cache()
    yield
    art.clear_cache()


@pytest.mark.parametrize("width", [48, 60, 90, 120])
def test_every_card_of_both_decks_and_both_jokers_renders_at_its_size(width):
    for card in ALL_CARDS:
        face = art.card_face(card, width)
        assert face.get_size() == (width, round(width * 1.4)), card
        assert face.get_flags() & pygame.SRCALPHA, card
        # opaque in the middle, transparent at the rounded corner
        assert face.get_at((width // 2, face.get_height() // 2)).a == 255, card
        assert face.get_at((0, 0)).a < 80, card


def test_all_86_faces_are_distinct_pictures():
    faces = {card: pygame.image.tobytes(art.card_face(card, 60), "RGBA") for card in ALL_CARDS}
    assert len(set(faces.values())) == len(ALL_CARDS) == 86


def test_the_same_arguments_give_the_same_surface_object():
    assert art.card_face(Card("Q", "H"), 90) is art.card_face(Card("Q", "H"), 90)
    assert art.card_face("QH", 90) is art.card_face(Card("Q", "H"), 90)
    assert art.card_face("*F", 90) is art.card_face(Card("*", "F"), 90.0)
    assert art.card_back(90) is art.card_back(90, "french") is art.card_back(90, style="french")
    assert art.card_back(90, "hungarian") is not art.card_back(90, "french")
    assert art.die_face(3, 40) is art.die_face(3, 40, held=False)
    assert art.felt((320, 180)) is art.felt([320, 180])
    assert art.pile(5, 60) is art.pile(5, 60, "french")
    assert art.bullet_icon(30) is art.bullet_icon(30, state="full")
    before = art.card_face("AS", 90)
    art.clear_cache()
    assert art.card_face("AS", 90) is not before


def test_different_widths_are_different_surfaces():
    assert art.card_face("7P", 60) is not art.card_face("7P", 61)
    assert art.card_face("7P", 61).get_width() == 61


def test_red_suits_are_drawn_in_red_and_black_suits_without_red():
    for rank in ("A", "2", "5", "9", "10"):
        for suit in "HD":
            assert count_near(art.card_face(Card(rank, suit), 90), RED_RGB) > 150, (rank, suit)
        for suit in "SC":
            assert count_near(art.card_face(Card(rank, suit), 90), RED_RGB) == 0, (rank, suit)
    for rank in "JQK":  # court cards may carry red jewels, but far less than a red suit
        assert count_near(art.card_face(Card(rank, "H"), 90), RED_RGB) > 3 * count_near(
            art.card_face(Card(rank, "S"), 90), RED_RGB
        )


def test_corner_index_of_black_cards_is_dark_ink():
    face = art.card_face("8C", 90)
    corner = face.subsurface((0, 0, 28, 26))
    assert count_near(corner, (26, 26, 34, 255), (40, 40, 40, 255)) > 30


def test_hungarian_suit_shapes_differ_from_each_other_pixel_wise():
    icons = {s: art.suit_icon(s, 48) for s in "PTZM"}
    for a, b in itertools.combinations("PTZM", 2):
        assert differing_pixels(icons[a], icons[b]) > 300, (a, b)
    # and on the cards themselves: the same rank in four suits gives four pictures
    sevens = [art.card_face(Card("7", s), 90) for s in "PTZM"]
    for a, b in itertools.combinations(sevens, 2):
        assert differing_pixels(a, b) > 300


def test_hungarian_suits_have_their_colours():
    r, g, b = mean_colour(art.suit_icon("P", 48))
    assert r > 150 and g < 80 and b < 80  # red heart
    r, g, b = mean_colour(art.suit_icon("T", 48))
    assert r > 140 and g > 90 and b < 60  # golden bell
    r, g, b = mean_colour(art.suit_icon("Z", 48))
    assert g > r and g > b  # green leaf
    r, g, b = mean_colour(art.suit_icon("M", 48))
    assert r > g > b and r < 170  # brown acorn


def test_the_two_jokers_look_festive_and_washed_out():
    szines, fako = art.card_face("*S", 90), art.card_face("*F", 90)
    assert saturation(szines) > 2 * saturation(fako)
    assert saturation(fako) < 0.08


@pytest.mark.parametrize("face", range(2, 7))
def test_die_faces_show_their_number_of_pips(face):
    die = art.die_face(face, 64)
    assert blobs(die, (26, 26, 34, 255)) == face
    assert blobs(die, RED_RGB) == 0


def test_the_ace_is_one_large_red_pip():
    ace = art.die_face(1, 64)
    assert blobs(ace, RED_RGB) == 1
    assert blobs(ace, (26, 26, 34, 255)) == 0
    big = pygame.mask.from_threshold(ace, RED_RGB, CLOSE).count()
    small = pygame.mask.from_threshold(art.die_face(2, 64), (26, 26, 34, 255), (50, 50, 50, 255)).count() / 2
    assert big > 2.5 * small


def test_die_faces_are_distinct_and_held_differs_from_normal():
    normals = [pygame.image.tobytes(art.die_face(f, 48), "RGBA") for f in range(1, 7)]
    assert len(set(normals)) == 6
    for f in range(1, 7):
        plain, held = art.die_face(f, 48), art.die_face(f, 48, held=True)
        assert plain.get_size() == held.get_size() == (48, 48)
        assert differing_pixels(plain, held) > 400
        gold = (226, 178, 52, 255)
        assert count_near(held, gold, (30, 30, 30, 255)) > 5 * max(
            1, count_near(plain, gold, (30, 30, 30, 255))
        )


def test_bullets_in_three_states():
    full, spent, empty = (art.bullet_icon(60, s) for s in ("full", "spent", "empty"))
    assert full.get_size() == spent.get_size() == empty.get_size() == art.bullet_size(60)
    assert saturation(full) > 2 * saturation(spent)
    opaque = [pygame.mask.from_surface(s, 127).count() for s in (full, spent, empty)]
    assert opaque[0] > opaque[1] > opaque[2]  # the spent case has lost its bullet
    with pytest.raises(ValueError):
        art.bullet_icon(60, "loaded")


def test_card_backs_in_two_styles():
    french, hungarian = art.card_back(90, "french"), art.card_back(90, "hungarian")
    assert french.get_size() == hungarian.get_size() == (90, 126)
    r, g, _ = mean_colour(french)
    assert r > g  # crimson
    r, g, _ = mean_colour(hungarian)
    assert g > r  # green
    with pytest.raises(ValueError):
        art.card_back(90, "german")


def test_pile_is_deterministic_and_grows():
    first = pygame.image.tobytes(art.pile(12, 60), "RGBA")
    art.clear_cache()
    assert pygame.image.tobytes(art.pile(12, 60), "RGBA") == first
    sizes = [pygame.mask.from_surface(art.pile(n, 60), 127).count() for n in (0, 1, 4, 12)]
    assert sizes[0] < sizes[1] < sizes[2] < sizes[3]
    assert art.pile(12, 60).get_size() == art.pile_size(60)


def test_felt_is_deterministic_textured_and_vignetted():
    a = art.felt((320, 180))
    data = pygame.image.tobytes(a, "RGB")
    art.clear_cache()
    assert pygame.image.tobytes(art.felt((320, 180)), "RGB") == data
    assert a.get_size() == (320, 180)
    centre = pygame.transform.average_color(a, (140, 70, 40, 40))
    corner = pygame.transform.average_color(a, (0, 0, 24, 24))
    assert sum(centre[:3]) > sum(corner[:3]) + 30
    row = {tuple(a.get_at((x, 90))) for x in range(100, 220)}
    assert len(row) > 10  # textured, not flat


def test_seat_badges_and_colours():
    assert len(Palette.SEAT_COLOURS) == 8 and len(set(Palette.SEAT_COLOURS)) == 8
    badges = [art.seat_badge(seat, "AB", 48) for seat in range(8)]
    assert all(b.get_size() == (48, 48) for b in badges)
    assert len({pygame.image.tobytes(b, "RGBA") for b in badges}) == 8
    assert differing_pixels(art.seat_badge(0, "AB", 48, active=True), badges[0]) > 100


def test_cup_and_chip_render():
    c = art.cup(80)
    assert c.get_size() == art.cup_size(80)
    r, g, b = mean_colour(c)
    assert r > g > b  # leather brown
    assert art.count_chip(12, 32).get_size() == (32, 32)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError):
        art.card_face("ZZ", 90)
    with pytest.raises(ValueError):
        art.die_face(7, 40)


def test_rendering_never_touches_the_display(monkeypatch):
    before = pygame.display.get_surface()

    def forbidden(*args, **kwargs):
        raise AssertionError("art must not open a window")

    monkeypatch.setattr(pygame.display, "set_mode", forbidden)
    for card in ALL_CARDS[::7]:
        art.card_face(card, 70)
    art.card_back(70, "hungarian")
    art.felt((200, 120))
    art.bullet_icon(24, "spent")
    art.die_face(6, 30, held=True)
    art.cup(50)
    art.pile(7, 50)
    art.seat_badge(3, "Zs", 40)
    art.card_shadow(70)
    art.card_glow(70)
    assert pygame.display.get_surface() is before
