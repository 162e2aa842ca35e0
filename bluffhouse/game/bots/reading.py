"""Reading people at the card table: per seat, how often it lies, bluffs big and challenges.

Read only from what a seat may know: who challenged what and how it ended, the calls it read in a
pile it picked up and, once a game of a match is over, the truth of every call (the results
screen shows it to everybody). How often a seat lies is read from those two only: a pile read
whole, or the whole truth, holds every call, while the calls turned up by a challenge are the
ones somebody doubted (mostly lies), which would make every caller look a liar.
A game's figures are read from the view as it grows; those of the match's earlier games are
kept (`remember`) and added, so a person's habits carry from one round to the next.

Each rate is pulled towards a prior by a few imaginary observations, so that a seat's first
two calls do not make it a liar or a saint.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bluffhouse.game.cards import Card, counts_as
from bluffhouse.game.rules import WhoMayChallenge
from bluffhouse.game.table_view import CallRecord, HistoryRecord, TableView

SMALL_PILE, BIG_PILE = 4, 10  # piles up to 4 are cheap to doubt; more than 10 dear
LIE_PRIOR, LIE_WEIGHT = 0.45, 6.0
BIG_PRIOR, BIG_WEIGHT = 0.3, 4.0
CHALLENGE_PRIORS = (0.3, 0.15, 0.06)  # by pile: small, middle, big
CHALLENGE_WEIGHT = 8.0


def bucket(pile: int) -> int:
    """0 for a small pile, 1 for a middle one, 2 for a big one."""
    return 0 if pile <= SMALL_PILE else 1 if pile <= BIG_PILE else 2


class TrueCall(Protocol):
    """A call with its whole truth, as the results screen shows it to everybody."""

    @property
    def seat(self) -> int: ...

    @property
    def rank(self) -> str: ...

    @property
    def cards(self) -> Sequence[Card]: ...


def is_lie(cards: Iterable[Card], rank: str) -> bool:
    """Any card that does not make the call true (a lone Fakó is a lie: bait)."""
    return not all(counts_as(card, rank) for card in cards)


@dataclass(slots=True)
class Habits:
    """What one seat has shown: its calls that came to light, its challenges."""

    known_calls: int = 0
    known_lies: int = 0
    big_lies: int = 0  # lies of two cards or more
    chances: list[int] = field(default_factory=lambda: [0, 0, 0])  # calls it could challenge
    challenges: list[int] = field(default_factory=lambda: [0, 0, 0])
    wrong: int = 0  # challenges that turned up a true call

    def add(self, other: Habits) -> Habits:
        """Both together (this game's on top of the match's)."""
        return Habits(
            self.known_calls + other.known_calls,
            self.known_lies + other.known_lies,
            self.big_lies + other.big_lies,
            [a + b for a, b in zip(self.chances, other.chances, strict=True)],
            [a + b for a, b in zip(self.challenges, other.challenges, strict=True)],
            self.wrong + other.wrong,
        )

    def lie_rate(self) -> float:
        """How often its calls are lies."""
        return (self.known_lies + LIE_PRIOR * LIE_WEIGHT) / (self.known_calls + LIE_WEIGHT)

    def big_rate(self) -> float:
        """Of its lies, how often it lies with two cards or more."""
        return (self.big_lies + BIG_PRIOR * BIG_WEIGHT) / (self.known_lies + BIG_WEIGHT)

    def challenge_rate(self, pile: int) -> float:
        """How often it challenges a call that leaves a pile of `pile` cards."""
        b = bucket(pile)
        prior = CHALLENGE_PRIORS[b]
        # Each bucket leans on the seat's overall eagerness, then on the table's prior.
        overall = sum(self.challenges) / max(1, sum(self.chances))
        if sum(self.chances) >= 6:
            total = sum(CHALLENGE_PRIORS[i] * max(1, self.chances[i]) for i in range(3))
            prior = min(0.9, prior * overall * sum(max(1, c) for c in self.chances) / total)
        return (self.challenges[b] + prior * CHALLENGE_WEIGHT) / (self.chances[b] + CHALLENGE_WEIGHT)


class Reading:
    """One seat's reading of every seat: this game's view, plus the match's earlier games."""

    def __init__(self, seat: int, players: int) -> None:
        self.seat, self.players = seat, players
        self.past = [Habits() for _ in range(players)]  # the match's finished games
        self.now = [Habits() for _ in range(players)]  # this game, as far as read
        self._read = 0
        self._tail: tuple[HistoryRecord, ...] = ()
        self._bullets: list[int] = []
        self._pile: list[tuple[int, int, str]] = []  # the pile's calls: (seat, count, rank)

    def habits(self, seat: int) -> Habits:
        """Everything known of `seat`."""
        return self.past[seat].add(self.now[seat])

    def read(self, view: TableView) -> Reading:
        """Take in the view's final records (a view of another game starts this game afresh)."""
        history = view.history
        final = len(history) - 1 if history and type(history[-1]) is CallRecord else len(history)
        if self._read > final or history[: self._read] != self._tail or not self._bullets:
            self.now = [Habits() for _ in range(self.players)]
            self._read, self._pile = 0, []
            self._bullets = [view.rules.bullets_per_player] * self.players
        for record in history[self._read : final]:
            self._record(view, record)
        self._read = final
        self._tail = history[:final]
        return self

    def _record(self, view: TableView, record: HistoryRecord) -> None:
        if not isinstance(record, CallRecord):
            if record.seat == self.seat and record.cards is not None:
                self._decode(record.cards)
            self._pile = []
            return
        caller = record.seat
        self._pile.append((caller, record.count, record.rank))
        pile = sum(count for _, count, _ in self._pile)
        if record.cards is not None and caller != self.seat:
            self._pile[-1] = (caller, 0, record.rank)  # turned up: no call to read in a pile
        who = record.challenged_by
        for seat in self._could_challenge(view, caller):
            if who is not None and (seat - caller) % self.players > (who - caller) % self.players:
                continue  # a challenge sitting closer to the caller came first
            self.now[seat].chances[bucket(pile)] += 1
            if seat == who:
                self.now[seat].challenges[bucket(pile)] += 1
        if who is not None and view.rules.uses_bullets and record.truthful:
            self._bullets[who] -= 1  # "a wrong challenge loses it for good"
        if who is not None and record.truthful:
            self.now[who].wrong += 1

    def _could_challenge(self, view: TableView, caller: int) -> list[int]:
        n = self.players
        if view.rules.who_may_challenge == WhoMayChallenge.NEXT:
            seats = [(caller + 1) % n]
        else:
            seats = [s for s in range(n) if s != caller]
        bullets = view.rules.uses_bullets
        return [s for s in seats if not bullets or self._bullets[s] > 0]

    def _decode(self, cards: Sequence[Card]) -> None:
        """A pile this seat picked up, in play order: the face-down calls in it come to light."""
        end = len(cards)
        for caller, count, rank in reversed(self._pile):
            start = end - count
            if start < 0:
                break
            if count and caller != self.seat:
                self._learn(caller, cards[start:end], rank)
            end = start

    def _learn(self, seat: int, cards: Sequence[Card], rank: str) -> None:
        habits = self.now[seat]
        habits.known_calls += 1
        if is_lie(cards, rank):
            habits.known_lies += 1
            habits.big_lies += len(cards) >= 2

    def remember(self, view: TableView, calls: Sequence[TrueCall] = ()) -> None:
        """A finished game of the match: its figures join the past, with the whole truth of its
        calls (each with .seat, .rank, .cards) as the results screen shows it to everybody."""
        self.read(view)
        known = self.now
        if calls:
            for habits in known:
                habits.known_calls = habits.known_lies = habits.big_lies = 0
            for call in calls:
                if call.seat != self.seat:
                    self._learn(call.seat, call.cards, call.rank)
        self.past = [p.add(k) for p, k in zip(self.past, known, strict=True)]
        self.now = [Habits() for _ in range(self.players)]
        self._read, self._tail, self._bullets, self._pile = 0, (), [], []
