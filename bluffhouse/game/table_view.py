"""What one seat at the card table may know: TableView and its public history records."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bluffhouse.game.actions import Accept, Challenge, Play, TableAction
from bluffhouse.game.cards import (
    FAKO_CARD,
    FRENCH_RANKS,
    FRENCH_SUITS,
    HUNGARIAN_RANKS,
    HUNGARIAN_SUITS,
    SZINES_CARD,
    Card,
)
from bluffhouse.game.contract import Phase, Refusal
from bluffhouse.game.errors import Reason
from bluffhouse.game.quick import quick_init
from bluffhouse.game.rules import Rules

# Sort key of every card of both decks: deck rank order, then suit; jokers last.
# French and Hungarian cards never share a suit letter, so one table serves both.
_ORDER: dict[Card, tuple[int, int]] = {
    **{Card(r, s): (i, j) for i, r in enumerate(FRENCH_RANKS) for j, s in enumerate(FRENCH_SUITS)},
    **{Card(r, s): (i, j) for i, r in enumerate(HUNGARIAN_RANKS) for j, s in enumerate(HUNGARIAN_SUITS)},
    SZINES_CARD: (90, 0),
    FAKO_CARD: (90, 1),
}
ALL_CARDS: tuple[Card, ...] = tuple(_ORDER)  # every card of both decks, jokers included


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards as a tuple in deck rank order, then suit (jokers last)."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


# The card table's phases in the engines' one vocabulary: PLAY, ANSWER ("When the previous
# caller's hand is empty, the next player cannot play: they Accept or challenge") and OVER.
TablePhase = Phase


MOST_CARDS = 4  # "plays 1, 2, 3 or 4 cards"


def is_bait(cards: Sequence[object]) -> bool:
    """A lone Fakó: a lie that holds when challenged, turned up when let pass ("it is bait")."""
    return len(cards) == 1 and type(cards[0]) is Card and cards[0].is_fako


def play_refusal(cards: Sequence[object], seat: int | None = None) -> Refusal | None:
    """Why these cards are no call, whoever holds them: 1-4 cards, the Fakó alone (or None).

    The table's own check (Table.apply asks it), for whoever picks cards before playing them.
    """
    count = len(cards)
    if not 1 <= count <= MOST_CARDS:
        # "plays 1, 2, 3 or 4 cards"; "A player must play at least one card."
        return Refusal(Reason.NO_CARDS if count < 1 else Reason.TOO_MANY_CARDS, (("count", count),))
    if count > 1 and any(type(c) is Card and c.is_fako for c in cards):
        return Refusal(Reason.FAKO_NOT_ALONE, (("seat", seat),))  # "it is played alone"
    return None


def distinct_plays(hand: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every play of 1-4 cards from `hand` that differs in ranks (suits never matter).

    Each play takes the first held cards of each rank, in the hand's order; the Fakó only
    ever alone ("it is played alone"). Plays come by size, then in the order of the ranks'
    first appearance (as combinations_with_replacement of the ranks would list them).
    """
    groups: dict[Card | str, list[Card]] = {}
    for card in hand:
        groups.setdefault(card if card.is_joker else card.rank, []).append(card)
    kinds = list(groups.values())
    plays: list[tuple[Card, ...]] = [(cards[0],) for cards in kinds]
    # The other kinds, each with as many of its cards as a play may take; the Fakó never.
    others = [(cards, min(len(cards), MOST_CARDS)) for cards in kinds if not cards[0].is_fako]
    for size in range(2, MOST_CARDS + 1):
        _add_plays(plays, others, 0, size, ())
    return plays


def _add_plays(
    plays: list[tuple[Card, ...]],
    kinds: list[tuple[list[Card], int]],
    start: int,
    left: int,
    taken: tuple[Card, ...],
) -> None:
    # Appends every play of `left` more cards from kinds[start:], each kind taken once, in
    # the order of the kinds and more of a kind first: the ranks' combinations' own order.
    for k in range(start, len(kinds)):
        cards, most = kinds[k]
        for count in range(min(most, left), 0, -1):
            if count == left:
                plays.append(taken + tuple(cards[:count]))
            else:
                _add_plays(plays, kinds, k + 1, left - count, taken + tuple(cards[:count]))


@quick_init
@dataclass(frozen=True, slots=True)
class LastCall:
    """The most recent call: who made it, how many cards, which rank, and if it emptied a hand."""

    seat: int
    count: int
    rank: str
    emptied_hand: bool


@quick_init
@dataclass(frozen=True, slots=True)
class CallRecord:
    """A call in the history; `cards` only when this seat played them or they were turned up."""

    seat: int
    rank: str
    count: int
    cards: tuple[Card, ...] | None = None
    challenged_by: int | None = None
    truthful: bool | None = None  # set once a challenge turned the cards up
    fako_exposed: bool = False  # a lone Fakó let pass (or accepted), turned up for all
    bait: bool = False  # a lone Fakó challenged: it held, the challenger picked up
    emptied_hand: bool = False

    @property
    def revealed(self) -> bool:
        """True when everybody saw these cards face up."""
        return self.challenged_by is not None or self.fako_exposed


@quick_init
@dataclass(frozen=True, slots=True)
class PickupRecord:
    """`seat` picked up the pile of `count` cards; `cards` only for the seat that picked them up."""

    seat: int
    count: int
    cards: tuple[Card, ...] | None = None


HistoryRecord = CallRecord | PickupRecord


@quick_init
@dataclass(frozen=True, slots=True)
class TableView:
    """Everything `seat` may know about the table, and nothing more; hashable."""

    seat: int
    rules: Rules
    hand: tuple[Card, ...]  # own cards, in deck rank order then suit
    hand_sizes: tuple[int, ...]
    pile_size: int
    set_aside: int  # how many cards were set aside unseen (Kamu's even deal, a short hand)
    bullets: tuple[int, ...]
    first: int
    turn: int
    rank: str
    last_call: LastCall | None
    window_open: bool  # the last call may still be challenged
    can_challenge: bool  # this seat may challenge it now
    over: bool
    winner: int | None
    history: tuple[HistoryRecord, ...]

    @property
    def players(self) -> int:
        """How many seats are at the table."""
        return len(self.hand_sizes)

    @property
    def must_answer(self) -> bool:
        """True when the last call emptied a hand: the turn may only Accept or Challenge."""
        return self.window_open and self.last_call is not None and self.last_call.emptied_hand

    @property
    def my_turn(self) -> bool:
        """True when this seat must act now."""
        return not self.over and self.turn == self.seat

    @property
    def phase(self) -> TablePhase:
        """Play, answer a hand-emptying call, or over."""
        if self.over:
            return TablePhase.OVER
        return TablePhase.ANSWER if self.must_answer else TablePhase.PLAY

    def legal_actions(self) -> list[TableAction]:
        """Every legal action of this seat: Challenge, Accept, then plays as distinct_plays."""
        seat = self.seat
        actions: list[TableAction] = [Challenge(seat)] if self.can_challenge else []
        if not self.my_turn:
            return actions
        if self.must_answer:
            return actions + [Accept(seat)]
        return actions + [Play(seat, cards) for cards in distinct_plays(self.hand)]


def opening_sizes(view: TableView) -> list[int]:
    """Every hand's size at the deal, worked back from today's sizes and the history."""
    sizes = list(view.hand_sizes)
    for record in view.history:
        if isinstance(record, CallRecord):
            sizes[record.seat] += record.count
        else:
            sizes[record.seat] -= record.count
    return sizes
