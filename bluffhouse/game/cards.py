"""Cards: the French 52, the Hungarian 32, the two Kamu jokers, and their notation."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bluffhouse.game.errors import IllegalAction, Reason, WrongType, shown
from bluffhouse.game.quick import quick_init

FRENCH_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_SUITS: tuple[str, ...] = ("S", "H", "D", "C")
# Hungarian ranks in playing order: VII, VIII, IX, X, Alsó (U), Felső (O), Király (K), Ász (A).
HUNGARIAN_RANKS: tuple[str, ...] = ("7", "8", "9", "10", "U", "O", "K", "A")
HUNGARIAN_SUITS: tuple[str, ...] = ("P", "T", "Z", "M")
JOKER_RANK = "*"
SZINES = "S"  # the coloured joker: always counts as the called rank
FAKO = "F"  # the pale joker: bait, only ever played alone as a bluff
JOKER_SUITS: tuple[str, ...] = (SZINES, FAKO)


class Deck(str, Enum):
    """Which pack a game is dealt from."""

    FRENCH = "french"
    HUNGARIAN = "hungarian"

    @property
    def ranks(self) -> tuple[str, ...]:
        """The rank sequence of this deck, in calling order."""
        return FRENCH_RANKS if self is Deck.FRENCH else HUNGARIAN_RANKS

    @property
    def suits(self) -> tuple[str, ...]:
        """The four suits of this deck."""
        return FRENCH_SUITS if self is Deck.FRENCH else HUNGARIAN_SUITS


@quick_init
@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; `str(card)` is its notation ("10H", "UZ", "*S")."""

    rank: str
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def is_joker(self) -> bool:
        """True for the Színes and Fakó jokers."""
        return self.rank == JOKER_RANK

    @property
    def is_szines(self) -> bool:
        """True for the coloured joker, which always counts as the called rank."""
        return self.rank == JOKER_RANK and self.suit == SZINES

    @property
    def is_fako(self) -> bool:
        """True for the pale joker, which is only ever a bluff."""
        return self.rank == JOKER_RANK and self.suit == FAKO


def counts_as(card: Card, rank: str) -> bool:
    """True when `card` makes a call of `rank` true: the rank itself, or a Színes.

    "Színes may be played at any time and always counts as the called rank: it is never a
    lie." The one place of this rule: the engine, the bots, the coach and the screens ask it.
    """
    return card.rank == rank or card.is_szines


SZINES_CARD = Card(JOKER_RANK, SZINES)
FAKO_CARD = Card(JOKER_RANK, FAKO)


def french_deck() -> list[Card]:
    """The 52-card French deck, in a fixed order (shuffle it yourself)."""
    return [Card(r, s) for s in FRENCH_SUITS for r in FRENCH_RANKS]


def hungarian_deck(jokers: bool = False) -> list[Card]:
    """The 32-card Hungarian deck, plus one Színes and one Fakó when `jokers`."""
    cards = [Card(r, s) for s in HUNGARIAN_SUITS for r in HUNGARIAN_RANKS]
    if jokers:
        cards += [SZINES_CARD, FAKO_CARD]
    return cards


_VALID: frozenset[tuple[str, str]] = frozenset(
    [(r, s) for r in FRENCH_RANKS for s in FRENCH_SUITS]
    + [(r, s) for r in HUNGARIAN_RANKS for s in HUNGARIAN_SUITS]
    + [(JOKER_RANK, s) for s in JOKER_SUITS]
)


def parse_card(text: str) -> Card:
    """One card from its notation; IllegalAction (a ValueError) naming a malformed card."""
    if type(text) is not str:
        raise WrongType(Reason.NOT_A_CARD, card=shown(text))
    token = text.strip().upper()
    card = Card(token[:-1], token[-1:]) if len(token) >= 2 else None
    if card is None or (card.rank, card.suit) not in _VALID:
        raise IllegalAction(Reason.NOT_A_CARD, card=shown(text))
    return card


def parse_cards(text: str) -> list[Card]:
    """Cards from space-separated notation of either deck ("AS 10H", "7P UZ *S")."""
    return [parse_card(token) for token in text.split()]
