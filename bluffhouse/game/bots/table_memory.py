"""What one seat remembers of a card game: where cards went, the pile, each player's habits.

Built only from a TableView's history: the seat's own calls (cards visible), every call turned
up by a challenge or a Fakó, every pile this seat picked up (cards visible, so the face-down
calls inside it are decoded), and the public counts. Suits never matter in these games, so
knowledge is kept by rank ("7", "K"; "*S" for the Színes, "*F" for the Fakó): for every
other seat the expected number of cards of each rank it holds (a guess that uses the calls
it let stand), and the number it holds for certain (cards seen going into its hand, less
whatever it may have played since).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from bluffhouse.game.cards import Card, counts_as
from bluffhouse.game.table_view import (
    CallRecord,
    HistoryRecord,
    PickupRecord,
    TableView,
    is_bait,
    opening_sizes,
)

Counts = dict[str, float]
SMALL_PILE = 4  # piles up to this size are cheap to doubt: many players challenge them more freely


def kind(card: Card) -> str:
    """The rank key of a card: its rank, or "*S" / "*F" for the jokers."""
    return "*" + card.suit if card.is_joker else card.rank


@dataclass(slots=True)
class Habits:
    """What this seat has seen of one player's play."""

    calls: int = 0  # calls made
    known_calls: int = 0  # calls whose cards this seat came to know (not its own)
    known_lies: int = 0
    challenges: int = 0  # challenges made
    chances: int = 0  # other players' calls it might have challenged
    wrong_challenges: int = 0
    big_challenges: int = 0  # of those, on a pile bigger than SMALL_PILE (a dearer risk)
    big_chances: int = 0

    def lie_rate(self, prior: float = 0.45, weight: float = 4.0) -> float:
        """Share of its known calls that were lies, pulled towards `prior`."""
        return (self.known_lies + prior * weight) / (self.known_calls + weight)

    def challenge_rate(self, prior: float = 0.15, weight: float = 6.0) -> float:
        """How often it challenges a call it may challenge, pulled towards `prior`."""
        return (self.challenges + prior * weight) / (self.chances + weight)

    def challenge_rate_at(self, pile: int, weight: float = 6.0) -> float:
        """How often it challenges a call that leaves a pile of `pile` cards, pulled towards its rate."""
        overall = self.challenge_rate()
        if pile > SMALL_PILE:
            return (self.big_challenges + overall * weight) / (self.big_chances + weight)
        small = self.challenges - self.big_challenges
        return (small + overall * weight) / (self.chances - self.big_chances + weight)


@dataclass(slots=True)
class Segment:
    """One call's cards on the pile: exact when seen, else an expected count by rank."""

    seat: int
    rank: str
    count: int
    exact: Counts | None
    guess: Counts = field(default_factory=dict)
    index: int = -1  # the call's place in the history

    def contents(self) -> Counts:
        """The exact or expected count of each rank key in this call."""
        return self.exact if self.exact is not None else self.guess


def _tally(cards: Iterable[Card]) -> Counts:
    counts: Counts = {}
    for card in cards:
        key = kind(card)
        counts[key] = counts.get(key, 0.0) + 1.0
    return counts


def _add(counts: Counts, key: str, amount: float) -> None:
    value = counts.get(key, 0.0) + amount
    if value > 1e-9:
        counts[key] = value
    else:
        counts.pop(key, None)


class TableMemory:
    """The seat's running knowledge; feed it final history records with absorb()."""

    __slots__ = (
        "_tail",
        "calibration",
        "certain",
        "guess",
        "habits",
        "pile",
        "players",
        "predicted",
        "processed",
        "seat",
        "sizes",
    )

    def __init__(self, view: TableView) -> None:
        self.seat = view.seat
        self.players = view.players
        self.guess: list[Counts] = [{} for _ in range(view.players)]  # expected, by rank key
        self.certain: list[Counts] = [{} for _ in range(view.players)]  # held for sure
        self.pile: list[Segment] = []
        self.habits = [Habits() for _ in range(view.players)]
        self.sizes = opening_sizes(view)
        self.processed = 0
        # The records absorbed, to check that a view continues them.
        self._tail: tuple[HistoryRecord, ...] = ()
        # The chance of a catchable lie this seat's reasoning gave other seats' calls (by history
        # index), and per seat, over the calls whose truth it later learnt: [calls, lies, chances].
        self.predicted: dict[int, float] = {}
        self.calibration = [[0, 0, 0.0] for _ in range(view.players)]

    @classmethod
    def of(cls, view: TableView, cached: TableMemory | None = None) -> TableMemory:
        """The memory of every final record of the view, reusing `cached` when it fits."""
        history = view.history
        final = len(history) - 1 if history and isinstance(history[-1], CallRecord) else len(history)
        memory = cached
        if (
            memory is None
            or memory.seat != view.seat
            or memory.processed > final
            or history[: memory.processed] != memory._tail
        ):
            memory = cls(view)  # another seat, or another game: start afresh
        for record in history[memory.processed : final]:
            memory.absorb(record)
        memory._tail = history[:final]
        return memory

    # ------------------------------------------------------------------ learning

    def absorb(self, record: HistoryRecord) -> None:
        """Learn from one final history record."""
        if isinstance(record, CallRecord):
            self._call(record)
        elif isinstance(record, PickupRecord):
            self._pickup(record)
        self.processed += 1

    def _call(self, call: CallRecord) -> None:
        seat = call.seat
        self.habits[seat].calls += 1
        big = sum(segment.count for segment in self.pile) + call.count > SMALL_PILE
        for other in range(self.players):
            if other != seat:
                self.habits[other].chances += 1
                self.habits[other].big_chances += big
        if call.challenged_by is not None:
            habits = self.habits[call.challenged_by]
            habits.challenges += 1
            habits.big_challenges += big
            habits.wrong_challenges += bool(call.truthful)
        before = self.sizes[seat]
        self.sizes[seat] = before - call.count
        index = self.processed
        if call.cards is not None:
            exact = _tally(call.cards)
            if seat != self.seat:
                self._learn_truth(seat, call.rank, call.cards, index)
                for key, n in exact.items():
                    _add(self.guess[seat], key, -min(n, self.guess[seat].get(key, 0.0)))
                    _add(self.certain[seat], key, -min(n, self.certain[seat].get(key, 0.0)))
            self.pile.append(Segment(seat, call.rank, call.count, exact, index=index))
            return
        self.pile.append(
            Segment(
                seat,
                call.rank,
                call.count,
                None,
                self._guess_played(seat, call.rank, call.count, before),
                index,
            )
        )
        certain = self.certain[seat]
        for key in list(certain):  # any card it held may be among those face down
            _add(certain, key, -min(float(call.count), certain[key]))

    def _guess_played(self, seat: int, rank: str, count: int, before: int) -> Counts:
        """The expected ranks of a face-down call, moved out of the caller's expected hand."""
        held = self.guess[seat]
        truth = 1.0 - self.habits[seat].lie_rate()
        honest = truth * count + (1.0 - truth) * max(0, count - 1) * 0.5
        moved: Counts = {rank: honest}
        _add(held, rank, -min(honest, held.get(rank, 0.0)))
        rest = count - honest
        others = before - honest - held.get(rank, 0.0)
        if rest > 0 and others > 0:
            share = min(1.0, rest / others)
            for key, n in list(held.items()):
                if key != rank:
                    moved[key] = moved.get(key, 0.0) + n * share
                    _add(held, key, -n * share)
        return moved

    def _learn_truth(self, seat: int, rank: str, cards: Sequence[Card], index: int) -> None:
        habits = self.habits[seat]
        habits.known_calls += 1
        lie = any(not counts_as(c, rank) for c in cards)
        habits.known_lies += lie
        chance = self.predicted.pop(index, None)
        if chance is not None:
            tally = self.calibration[seat]
            tally[0] += 1
            tally[1] += lie and not is_bait(cards)  # a catchable lie
            tally[2] += chance

    def _pickup(self, pickup: PickupRecord) -> None:
        picker = pickup.seat
        self.sizes[picker] += pickup.count
        if picker == self.seat and pickup.cards is not None:
            self._decode(pickup.cards)
        else:
            guess, certain = self.guess[picker], self.certain[picker]
            for segment in self.pile:
                for key, n in segment.contents().items():
                    _add(guess, key, n)
                if segment.exact is not None:
                    for key, n in segment.exact.items():
                        _add(certain, key, n)
        self.pile = []

    def _decode(self, cards: tuple[Card, ...]) -> None:
        """Read the face-down calls inside a pile this seat picked up (it lies in play order)."""
        end = len(cards)
        for segment in reversed(self.pile):
            start = end - segment.count
            if start < 0:
                break
            if segment.exact is None and segment.seat != self.seat:
                self._learn_truth(segment.seat, segment.rank, cards[start:end], segment.index)
            end = start

    # ------------------------------------------------------------------ queries

    def predict(self, index: int, chance: float) -> None:
        """Note the chance this seat gave the call at history `index` of being a catchable lie."""
        self.predicted[index] = chance

    def lie_odds_factor(self, seat: int, weight: float = 8.0) -> float:
        """How much likelier `seat`'s calls proved lies than this seat's reasoning said, as odds.

        Learnt from the calls whose truth came out (turned up, or read in a pile picked up):
        the odds of the lies found over the odds the reasoning had given, per seat, pulled
        towards the whole table's figure, which is pulled towards 1 (no correction).
        """
        calls = sum(t[0] for t in self.calibration)
        table_lies = (sum(t[1] for t in self.calibration) + weight / 2) / (calls + weight)
        table_said = (sum(t[2] for t in self.calibration) + weight / 2) / (calls + weight)
        known, lies, said = self.calibration[seat]
        found = (lies + weight * table_lies) / (known + weight)
        given = (said + weight * table_said) / (known + weight)
        factor = (found / (1.0 - found)) / (given / (1.0 - given))
        return min(8.0, max(0.25, factor))

    def pile_exact(self) -> Counts:
        """Cards this seat knows for certain lie in the pile, by rank key."""
        counts: Counts = {}
        for segment in self.pile:
            if segment.exact is not None:
                for key, n in segment.exact.items():
                    _add(counts, key, n)
        return counts

    def pile_guess(self) -> Counts:
        """The expected face-down cards of the pile, by rank key."""
        counts: Counts = {}
        for segment in self.pile:
            if segment.exact is None:
                for key, n in segment.guess.items():
                    _add(counts, key, n)
        return counts
