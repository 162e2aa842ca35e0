"""The face of any card: the French deck, the Hungarian deck and the jokers, by the card."""

from __future__ import annotations

import pygame

from bluffhouse.game.cards import FRENCH_SUITS, HUNGARIAN_SUITS, Card
from bluffhouse.scenes.art.cards import as_card, french_face
from bluffhouse.scenes.art.hungarian import hungarian_face
from bluffhouse.scenes.art.jokers import joker_face
from bluffhouse.scenes.art.printing import Deck, index_label

__all__ = ["Deck", "card_face"]


def card_face(card: Card | str, width: int) -> pygame.Surface:
    """The face of any card of either deck or a joker, `width` px wide and 1.4× as tall.

    French cards follow the player's choice of a four-colour deck (Deck.four_colour).
    Cached: the same arguments give the same Surface object; do not draw on it.
    """
    card = as_card(card)
    width = int(width)
    if card.suit in FRENCH_SUITS and not card.is_joker:
        return french_face(card.rank, card.suit, width, Deck.four_colour, index_label(card.rank))
    if card.is_joker:
        return joker_face(card.suit, width)
    if card.suit in HUNGARIAN_SUITS:
        return hungarian_face(card.rank, card.suit, width)
    raise ValueError(f"no art for card {card!r}")
