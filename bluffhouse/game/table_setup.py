"""Parts of the card table: the deck, the deal, known positions, a call's truth, the ranking."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bluffhouse.game import checks
from bluffhouse.game.cards import Card, Deck, french_deck, hungarian_deck, parse_card
from bluffhouse.game.errors import IllegalAction, Reason, WrongType, shown
from bluffhouse.game.events import TableEvent
from bluffhouse.game.quick import quick_init
from bluffhouse.game.rules import GameKind, Rules
from bluffhouse.game.table_view import ALL_CARDS, HistoryRecord, LastCall, is_bait


@quick_init
@dataclass(frozen=True, slots=True)
class Call:
    """The whole truth about a call, its face-down cards included (never shown to a view)."""

    seat: int
    cards: tuple[Card, ...]
    rank_index: int
    emptied: bool
    public: LastCall

    @property
    def lone_fako(self) -> bool:
        """A Fakó "is played alone (a one-card play)"."""
        return is_bait(self.cards)


def build_deck(rules: Rules) -> list[Card]:
    """Every card of the game in a fixed order: jokers add one Színes and one Fakó per deck."""
    if rules.deck is Deck.HUNGARIAN:
        one = hungarian_deck(rules.jokers)
    else:
        one = french_deck() + (hungarian_deck(True)[-2:] if rules.jokers else [])
    return one * rules.decks


def deal_hands(rules: Rules, rng: random.Random, first: int) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle and deal: (hands, set-aside cards)."""
    n = rules.players
    deck = build_deck(rules)
    rng.shuffle(deck)
    # Kamu: "everybody gets the same number of cards; the cards that remain are set aside".
    dealt = len(deck) // n * n if rules.deal_evenly else len(deck)
    if rules.hand_size:
        # House rule "hand size": "each player may be dealt a fixed number of cards instead,
        # the rest set aside face down, unseen, for the whole game".
        dealt = rules.hand_size * n
    hands: list[list[Card]] = [[] for _ in range(n)]
    # "dealt one at a time around the table, starting with the first player"
    for i in range(dealt):
        hands[(first + i) % n].append(deck[i])
    return hands, deck[dealt:]


def deal_anew(cards: list[Card], fako_may_lie: list[bool], rng: random.Random) -> list[Card]:
    """`cards` dealt at random back into their places, a Fakó only where `fako_may_lie` says."""
    fakos = [c for c in cards if c.is_fako]
    rest = [c for c in cards if not c.is_fako]
    fako_at = set(rng.sample([k for k, may in enumerate(fako_may_lie) if may], len(fakos)))
    rng.shuffle(rest)
    return [fakos.pop() if k in fako_at else rest.pop() for k in range(len(cards))]


# The whole truth as snapshot() gives it, and from_snapshot() takes it back.
TableSnapshot = tuple[
    Rules,
    tuple[tuple[Card, ...], ...],
    tuple[Card, ...],
    tuple[Card, ...],
    tuple[int, ...],
    int,
    int,
    int,
    Call | None,
    bool,
    int | None,
    tuple[tuple[HistoryRecord, ...], ...],
    tuple[TableEvent, ...],
]


def check_rules(rules: object) -> Rules:
    """`rules` as the rules of a card game: WrongType unless a Rules, else IllegalAction for the duel."""
    checked = checks.instance(rules, Rules, "rules")
    if checked.game is GameKind.DUEL:
        raise IllegalAction(Reason.WRONG_GAME, wanted="bullets or kamu", game=checked.game.value)
    return checked


def bullet_list(bullets: object, n: int, most: int) -> list[int]:
    """Each seat's bullets of a known position, checked: `n` whole numbers in 0..most."""
    if (type(bullets) is not list and type(bullets) is not tuple) or any(type(b) is not int for b in bullets):
        raise WrongType(Reason.BAD_BULLETS, players=n, most=most)
    if len(bullets) != n or not all(0 <= b <= most for b in bullets):
        raise IllegalAction(Reason.BAD_BULLETS, players=n, most=most)
    return list(bullets)


# Cards as a known position takes them: Cards or their notation, or one "AS 2H" string.
CardsLike = str | Sequence[Card | str]


def parse_group(cards: object) -> list[Card]:
    """Cards from a list of Card / notation strings, or one space-separated string."""
    if type(cards) is str:
        return [as_card(c) for c in cards.split()]
    if type(cards) is not list and type(cards) is not tuple:
        raise WrongType(Reason.NOT_A_CARD, card=shown(cards))
    return [as_card(c) for c in cards]


def check_position(rules: Rules, hands: list[list[Card]], *others: list[Card]) -> None:
    """IllegalAction unless every card belongs to the game's deck(s), not too many times."""
    if any(not h for h in hands):
        raise IllegalAction(Reason.EMPTY_HAND)
    everything = [c for group in (*hands, *others) for c in group]
    valid = set(build_deck(rules.but(jokers=True)))
    for card in everything:
        if card not in valid:
            raise IllegalAction(Reason.NOT_IN_DECK, card=str(card))
        if everything.count(card) > rules.decks:
            raise IllegalAction(Reason.TOO_MANY_COPIES, card=str(card), decks=rules.decks)


# One shared instance of every card, so that the table can find held cards by identity
# (fast) instead of by dataclass equality (slow): every card entering a table goes through it.
CANONICAL: dict[Card, Card] = {c: c for c in ALL_CARDS}


def canonical(card: object) -> Card:
    """The table's shared instance of `card`: WrongType unless a Card of two strings."""
    # Checked by type before any lookup: an object whose __eq__ or __hash__ lies is no card.
    if type(card) is not Card or type(card.rank) is not str or type(card.suit) is not str:
        raise WrongType(Reason.NOT_A_CARD, card=shown(card))
    found = CANONICAL.get(card)
    if found is None:
        raise IllegalAction(Reason.NOT_A_CARD, card=shown(card))
    return found


def as_card(card: object) -> Card:
    """The shared Card for a Card or its notation; WrongType / IllegalAction for anything else."""
    return canonical(parse_card(card) if type(card) is str else card)


def standings(sizes: list[int], winner: int | None) -> list[tuple[int, int, int]]:
    """(place, seat, cards_left) best first: the winner, then fewer cards; ties share a place."""
    key = [-1 if s == winner else size for s, size in enumerate(sizes)]
    order = sorted(range(len(sizes)), key=lambda s: (key[s], s))
    rows: list[tuple[int, int, int]] = []
    place = 1
    for i, s in enumerate(order):
        if i and key[s] != key[order[i - 1]]:
            place = i + 1  # "Equal counts share a place": standard competition, 1, 2, 2, 4
        rows.append((place, s, sizes[s]))
    return rows


# "1st place 4 points, 2nd 3, 3rd 2 [settled: 4th 1, further places 0]"
PLACE_POINTS: tuple[int, ...] = (4, 3, 2, 1)


def points_for_place(place: int) -> int:
    """Kamu's round score for a place (1-based); equal places share the better score."""
    return PLACE_POINTS[place - 1] if 1 <= place <= len(PLACE_POINTS) else 0
