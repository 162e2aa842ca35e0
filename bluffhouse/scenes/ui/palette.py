"""The one palette of the house: every colour of the screens and of the art made in code."""

from __future__ import annotations


class Palette:
    """Every colour, named by what it is for."""

    # the table's felt and its wooden rail
    FELT = (28, 98, 64)
    FELT_LIGHT = (44, 128, 84)
    FELT_DARK = (14, 58, 38)
    WOOD = (70, 40, 22)
    # words and panels on the felt
    CREAM = (245, 236, 214)
    CREAM_DIM = (190, 184, 162)
    GOLD = (214, 178, 92)
    GOLD_LIGHT = (246, 220, 146)
    GOLD_DARK = (140, 104, 42)
    INK = (26, 26, 34)
    RED = (196, 48, 44)  # lies, the challenge
    RED_LIGHT = (238, 98, 86)
    TRUE = (96, 200, 124)  # a true call
    PANEL = (6, 28, 18, 205)
    SHADOW = (0, 0, 0, 110)
    # the cards and the art made in code
    CARD = (250, 246, 234)  # a card's face, a bubble
    CARD_STOCK = (252, 249, 240)  # French card stock
    HUNGARIAN_STOCK = (246, 232, 198)  # warmer, older paper
    PAPER_EDGE = (150, 140, 120)
    CARD_SHADOW = (0, 0, 0, 90)
    SUIT_RED = (200, 28, 44)  # hearts and diamonds, Piros
    SUIT_RED_DARK = (120, 14, 24)
    SUIT_BLUE = (22, 86, 186)  # diamonds in the four-colour deck
    SUIT_GREEN = (20, 128, 58)  # clubs in the four-colour deck
    GILT = (226, 178, 52)  # ornaments, badges, bullets
    GILT_DARK = (150, 104, 18)
    BRASS = (214, 170, 70)
    COPPER = (190, 104, 54)
    GREEN = (56, 148, 62)
    DARK_GREEN = (22, 78, 34)
    BROWN = (128, 80, 36)
    DARK_BROWN = (66, 38, 14)
    BLUE = (38, 78, 150)
    GREY = (150, 150, 150)
    WHITE = (255, 255, 255)
    # one colour per seat: Okabe–Ito based, nudged lighter so initials stay legible on each
    SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
        (230, 159, 0),  # orange
        (86, 180, 233),  # sky blue
        (0, 158, 115),  # bluish green
        (240, 228, 66),  # yellow
        (0, 114, 178),  # blue
        (213, 94, 0),  # vermilion
        (204, 121, 167),  # reddish purple
        (235, 235, 235),  # white
    )


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The seat's own colour (badge, bubbles, log, its phone's join code)."""
    return Palette.SEAT_COLOURS[seat % len(Palette.SEAT_COLOURS)]
