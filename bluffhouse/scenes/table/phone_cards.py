"""Cards for the phone page: the table's own suit drawings as SVG, and how ranks are printed.

The phone draws a card as a face with its rank index and suit sign, in HTML and SVG: the suit
signs are the very shapes the television draws (scenes.art.suits), exported once as SVG paths,
so Piros, Tök, Zöld and Makk look on a phone as they do on the table.
"""

from __future__ import annotations

from functools import lru_cache

from bluffhouse.game.cards import Deck
from bluffhouse.scenes.art.suits import SUIT_SHAPES
from bluffhouse.scenes.table.words import rank_symbol, suit_name
from bluffhouse.scenes.ui.lang import t


def _colour(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def _points(pts, shape) -> str:
    k = 100 / shape.height
    return " ".join(f"{(x - shape.cx) * k:.1f},{(y - shape.cy) * k:.1f}" for x, y in pts)


@lru_cache(maxsize=16)
def suit_svg(suit: str) -> str:
    """One suit sign as an SVG document 100 units tall, centred (the television's shape)."""
    shape = SUIT_SHAPES[suit]
    k = 100 / shape.height
    width = 100 * shape.aspect + 8
    parts = []
    for op in shape.ops:
        kind, colour = op[0], _colour(op[1])
        if kind == "poly":
            parts.append(f'<polygon points="{_points(op[2], shape)}" fill="{colour}"/>')
        elif kind in ("line", "ring"):
            tag = "polygon" if kind == "ring" else "polyline"
            parts.append(
                f'<{tag} points="{_points(op[2], shape)}" fill="none" stroke="{colour}" '
                f'stroke-width="{op[3] * k:.1f}" stroke-linejoin="round" stroke-linecap="round"/>'
            )
        elif kind == "dots":
            for x, y, r in op[2]:
                parts.append(
                    f'<circle cx="{(x - shape.cx) * k:.1f}" cy="{(y - shape.cy) * k:.1f}" '
                    f'r="{max(0.6, r * k):.1f}" fill="{colour}"/>'
                )
    view = f"{-width / 2:.1f} -54 {width:.1f} 108"
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view}">{"".join(parts)}</svg>'


def deck_faces(rules) -> dict:
    """What the page needs to draw the cards of this deck: suits, rank symbols, joker names, and
    each suit's name as the table writes it beside a rank ("♠", "Piros"): a card is read out as
    its index and its suit ("K ♠", "VII Piros")."""
    deck = rules.deck
    return {
        "suits": {suit: suit_svg(suit) for suit in deck.suits},
        "ranks": {rank: rank_symbol(rules, rank) for rank in deck.ranks},
        "red": [suit for suit in deck.suits if suit in ("H", "D", "P")],
        "jokers": {"S": t("phone.card.szines"), "F": t("phone.card.fako")} if deck is Deck.HUNGARIAN else {},
        "suit_names": {suit: suit_name(suit) for suit in deck.suits},
    }
