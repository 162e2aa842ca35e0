"""The art a card table draws, most urgent first, in the sizes its painters ask for: what the
table (and the screens before it: the menu, the set-up, the demo's results) want warmed up."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import pygame

from bluffhouse.game.cards import Deck
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.art import backs as art_backs
from bluffhouse.scenes.art import furniture as art_table
from bluffhouse.scenes.art.wanted import Wanted, badges, deck_of, faces
from bluffhouse.scenes.table import hand as table_hand
from bluffhouse.scenes.table.layout import HAND_CARD_WIDTH, PILE_CARD_WIDTH, REVEAL_CARD_WIDTH
from bluffhouse.scenes.table.seats import PEEK_WIDTH, initials

# The sizes the painters ask for: from their layouts where they have a name there.
REVEAL_WIDTH, HAND_WIDTH, PILE_WIDTH = REVEAL_CARD_WIDTH, HAND_CARD_WIDTH, PILE_CARD_WIDTH
BACK_WIDTHS = (20, 34, PILE_WIDTH, REVEAL_WIDTH)  # a seat's fanned backs, the set-aside cards
EARLY_PILES = 12  # pile sizes wanted before the reveal size: the first plays come quickly
TABLE_BADGE = 50
HAND_GLOWS = ((226, 178, 52), (250, 246, 234))  # picked (Palette.GILT), and the focused card
FAN_TILT = 13  # degrees of the outermost card of a fan (scenes.table.hand.HandFan.spots)


def table_jobs(
    rules: Rules, people: bool, entering: bool = False, names: tuple[str, ...] = ()
) -> Iterator[Wanted]:
    """A card table, in the order play needs it: backs and badges, the people's hand size (the
    fan shows as the deal ends), the first pile sizes, bullets, the reveal size, the rest."""
    style = "hungarian" if rules.deck is Deck.HUNGARIAN else "french"
    if entering:
        yield from entry_jobs(rules)
    for width in BACK_WIDTHS:
        yield ("back", width, style), "back", partial(art_backs.card_back, width, style)
    yield from badges(names, TABLE_BADGE, initials_of)
    cards = deck_of(rules)
    yield ("shadow", REVEAL_WIDTH), "shadow", lambda: art_backs.card_shadow(REVEAL_WIDTH)
    if people:
        yield ("shadow", HAND_WIDTH), "shadow", lambda: art_backs.card_shadow(HAND_WIDTH)
        for colour in HAND_GLOWS:
            yield ("glow", HAND_WIDTH, colour), "shadow", partial(art_backs.card_glow, HAND_WIDTH, colour)
        yield from faces(cards, HAND_WIDTH)
        yield from fan_shadows()
    # Pile sizes only at the table itself: the first one that holds a card needs the pile's
    # 2× back (20 ms, more than any frame has to spare), built as the table enters.
    piles = [("pile", count, style) for count in range(len(cards) * rules.decks + 1) if entering]
    early, late = piles[:EARLY_PILES], piles[EARLY_PILES:]
    yield from ((key, "pile", lambda n=key[1]: art_backs.pile(n, PILE_WIDTH, style)) for key in early)
    if rules.uses_bullets:
        for height in (26, 34):
            for state in ("full", "empty", "spent"):
                yield ("bullet", height, state), "bullet", partial(art_table.bullet_icon, height, state)
    yield from faces(cards, REVEAL_WIDTH)
    yield from ((key, "pile", lambda n=key[1]: art_backs.pile(n, PILE_WIDTH, style)) for key in late)
    if people:
        yield from faces(cards, PEEK_WIDTH)


def entry_jobs(rules: Rules) -> Iterator[Wanted]:
    """What a table makes as it enters: the first card played builds the pile's canvas, its 2×
    back made first (with the felt: scenes.art.wanted.felt_job)."""
    style = "hungarian" if rules.deck is Deck.HUNGARIAN else "french"
    yield ("pile back", PILE_WIDTH, style), "pile back", lambda: art_backs.pile_back(PILE_WIDTH, style)
    yield ("pile", 1, style), "pile canvas", lambda: art_backs.pile(1, PILE_WIDTH, style)


def fan_shadows() -> Iterator[Wanted]:
    """The hand's shadow turned to every angle of a fan (whole degrees up to ±13), so a hand
    that appears turns only its faces (half of its ~8 ms first frame)."""
    for angle in range(-FAN_TILT, FAN_TILT + 1):
        yield ("turned shadow", angle), "turn", partial(turned_shadow, angle)


def turned_shadow(angle: int) -> pygame.Surface:
    """The hand's shadow turned by a whole number of degrees, as a fan's card casts it."""
    return table_hand.rotated(art_backs.card_shadow(HAND_WIDTH), angle)


def initials_of(name: str) -> str:
    """What a table seat's badge shows (the seat painter's own rule)."""
    return initials(name)
