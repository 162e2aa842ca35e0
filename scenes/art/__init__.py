"""Art made in code: cards, backs, felt, bullets, dice, cups, badges — one import for scenes.

Every drawing function renders once per set of arguments and returns the cached Surface
(per-pixel alpha, except the opaque felt); treat the result as read-only (copy() it before
drawing on it). Nothing here sets a display mode; surfaces are convert_alpha()ed only
when the game already has a window.
"""

from scenes.art.backs import BACK_STYLES, card_back, card_glow, card_shadow, pile, pile_size
from scenes.art.cache import cache_size, clear_cache
from scenes.art.cards import CARD_RATIO, card_radius, card_size
from scenes.art.dice import cup, cup_size, die_face
from scenes.art.faces import card_face
from scenes.art.furniture import bullet_icon, bullet_size, count_chip, felt, seat_badge
from scenes.art.hungarian import HUNGARIAN_INDEX, HUNGARIAN_NAMES
from scenes.art.suits import RED_SUITS, suit_colour, suit_icon

__all__ = [
    "BACK_STYLES",
    "CARD_RATIO",
    "HUNGARIAN_INDEX",
    "HUNGARIAN_NAMES",
    "RED_SUITS",
    "bullet_icon",
    "bullet_size",
    "cache_size",
    "card_back",
    "card_face",
    "card_glow",
    "card_radius",
    "card_shadow",
    "card_size",
    "clear_cache",
    "count_chip",
    "cup",
    "cup_size",
    "die_face",
    "felt",
    "pile",
    "pile_size",
    "seat_badge",
    "suit_colour",
    "suit_icon",
]
