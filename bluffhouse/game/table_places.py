"""Seen cards into the places they may be: each with room, every hand holding its floors.

The puzzle game.table_worlds sets when it deals a world: each seen card has its own places (a
hand; a face-down call on the pile; a call picked up, inside the hand that took it, with room
there and in the hand); each hand holds at least its floor of seen cards of each kind. Random
first, the most bound cards first; when a card finds every place full, an augmenting path moves
others along; a crowded endgame that random tries cannot solve is searched exhaustively.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Literal, overload

ASIDE = -1  # the place of the set-aside cards
# Steps of the exhaustive search: a strict search (may a verdict be made true at all?) gives up
# sooner, as the answer "no" is a world of the other verdict, never a broken one.
BUDGET, STRICT_BUDGET = 20_000, 500
# A seen card: its kind and the places it may be.
Seen = tuple[int, tuple[int, ...]]


def _all_placed(placed: list[int | None]) -> list[int]:
    """The places of a solved puzzle: every card has one."""
    done = [place for place in placed if place is not None]
    if len(done) != len(placed):
        raise ValueError("a card was left without a place")  # never: the puzzle was solved
    return done


@overload
def place_cards(
    cards: list[Seen],
    room: dict[int, int],
    owners: dict[int, int],
    floor: list[list[int]],
    rng: random.Random,
    strict: Literal[False] = False,
) -> list[int]: ...


@overload
def place_cards(
    cards: list[Seen],
    room: dict[int, int],
    owners: dict[int, int],
    floor: list[list[int]],
    rng: random.Random,
    strict: bool,
) -> list[int] | None: ...


def place_cards(
    cards: list[Seen],
    room: dict[int, int],
    owners: dict[int, int],
    floor: list[list[int]],
    rng: random.Random,
    strict: bool = False,
) -> list[int] | None:
    """A place with room for every seen card, among its own, each hand holding its floors;
    `strict`: None when there is none (a verdict the cards seen cannot make true)."""
    for _ in range(6):
        placed = Placing(cards, room, owners, rng).run(floor)
        if placed is not None:
            return placed
    placed = _search(
        cards,
        room,
        owners,
        floor,
        rng,  # a crowded endgame: a tight puzzle
        STRICT_BUDGET if strict else BUDGET,
    )
    if placed is not None or strict:
        return placed
    # Never seen in tests: rather a world that bends one card's places than none.
    bent = Placing(cards, room, owners, rng, stubborn=True).run(floor)
    if bent is None:
        raise ValueError("no place for the seen cards")  # never: a stubborn placing always ends
    return bent


def _search(
    cards: list[Seen],
    room: dict[int, int],
    owners: dict[int, int],
    floor: list[list[int]],
    rng: random.Random,
    budget: int = BUDGET,
) -> list[int] | None:
    """Backtracking, the card with the fewest places that fit first, every floor kept."""
    free = dict(room)
    placed: list[int | None] = [None] * len(cards)
    held = [[0] * len(row) for row in floor]  # cards of each kind placed in each hand
    left = [budget]

    def owner(place: int) -> int:
        return owners.get(place, place)

    def fits(place: int) -> bool:
        hand = owner(place)
        return free.get(place, 0) > 0 and (hand == place or free.get(hand, 0) > 0)

    def move(i: int, place: int, step: int) -> None:
        free[place] -= step
        hand = owner(place)
        if hand != place:
            free[hand] -= step
        if 0 <= hand < len(floor):
            held[hand][cards[i][0]] += step
        placed[i] = place if step > 0 else None

    def floors_reachable() -> bool:
        for hand, row in enumerate(floor):
            for kind, need in enumerate(row):
                if need > held[hand][kind] and need - held[hand][kind] > sum(
                    1
                    for i, (k, places) in enumerate(cards)
                    if placed[i] is None and k == kind and any(owner(p) == hand and fits(p) for p in places)
                ):
                    return False
        return True

    def solve() -> bool:
        left[0] -= 1
        if left[0] < 0:
            return False
        best: int | None = None
        best_places: list[int] | None = None
        for i, (_, places) in enumerate(cards):
            if placed[i] is None:
                fitting = [p for p in places if fits(p)]
                if best_places is None or len(fitting) < len(best_places):
                    best, best_places = i, fitting
                    if not fitting:
                        return False
        if best is None or best_places is None:
            return all(held[h][k] >= need for h, row in enumerate(floor) for k, need in enumerate(row))
        rng.shuffle(best_places)  # a card's own hand before a call inside another, roomy first
        best_places.sort(key=lambda p: (owner(p) != p, -free.get(owner(p), 0)))
        for place in best_places:
            move(best, place, 1)
            if floors_reachable() and solve():
                return True
            move(best, place, -1)
        return False

    return _all_placed(placed) if solve() else None


class Placing:
    """Seen cards into places with room: random, most bound first, and when a card finds every
    place full, an augmenting path moves others along (a crowded endgame is a tight puzzle).

    A place is a hand or a call inside a hand (`owners`: room in both) or on the pile; a floor
    pins that many cards of a kind to a hand (they may move only within it).
    """

    DEPTH = 6

    def __init__(
        self,
        cards: list[Seen],
        room: dict[int, int],
        owners: dict[int, int],
        rng: random.Random,
        stubborn: bool = False,
    ) -> None:
        self.cards, self.free, self.owners, self.rng = cards, dict(room), owners, rng
        self.stubborn = stubborn
        self.placed: list[int | None] = [None] * len(cards)
        self.pinned: list[int | None] = [None] * len(cards)
        self.at: dict[int, set[int]] = {}  # place -> the cards in it
        self.within: dict[int, set[int]] = {}  # hand -> the cards in it, its calls included
        self.moves: list[tuple[int, int, bool]] = []  # (card, place, put or taken), to undo

    def owner(self, place: int) -> int:
        """The hand a place is in (a hand is its own)."""
        return self.owners.get(place, place)

    def fits(self, place: int) -> bool:
        """Whether the place, and the hand it is in, have room for one more card."""
        owner = self.owner(place)
        return self.free.get(place, 0) > 0 and (owner == place or self.free.get(owner, 0) > 0)

    def put(self, i: int, place: int, log: bool = True) -> None:
        """Card i goes to the place (log: kept in `moves`, to undo)."""
        if log:
            self.moves.append((i, place, True))
        self.placed[i] = place
        self.free[place] -= 1
        self.at.setdefault(place, set()).add(i)
        owner = self.owner(place)
        if owner != place:
            self.free[owner] -= 1
        self.within.setdefault(owner, set()).add(i)

    def take(self, i: int, log: bool = True) -> int:
        """Card i, a placed one, leaves its place; that place."""
        place = self.placed[i]
        if place is None:
            raise ValueError(f"card {i} is in no place")  # never: only placed cards are taken
        if log:
            self.moves.append((i, place, False))
        self.placed[i] = None
        self.free[place] += 1
        self.at[place].discard(i)
        owner = self.owner(place)
        if owner != place:
            self.free[owner] += 1
        self.within[owner].discard(i)
        return place

    def undo(self, mark: int) -> None:
        """Every card moved since `mark` (a length of `moves`) back where it was."""
        moves = self.moves
        while len(moves) > mark:
            i, place, was_put = moves.pop()
            if was_put:
                self.take(i, log=False)
            else:
                self.put(i, place, log=False)

    def options(self, i: int, avoid: frozenset[int]) -> list[int]:
        """Card i's places but those to avoid (within its pinned hand), in random order."""
        places = [
            p
            for p in self.cards[i][1]
            if p not in avoid and (self.pinned[i] is None or self.owner(p) == self.pinned[i])
        ]
        self.rng.shuffle(places)
        return places

    def augment(self, i: int, avoid: frozenset[int], seen: set[int], depth: int) -> bool:
        """Place card i, moving others along a path if its places are full."""
        options = self.options(i, avoid)
        fitting = [p for p in options if self.fits(p)]
        if fitting:
            weights = [self.free[p] for p in fitting]
            pick = self.rng.random() * sum(weights)
            for place, weight in zip(fitting, weights, strict=True):  # noqa: B007 - the pick is put below
                pick -= weight
                if pick <= 0:
                    break
            self.put(i, place)
            return True
        if depth == 0:
            return False
        for place in options:
            if place in seen:
                continue
            seen.add(place)
            owner = self.owner(place)
            if owner != place and self.free.get(place, 0) <= 0:
                # a call inside a hand, full: one of its cards moves (perhaps within the hand)
                blockers, away = list(self.at.get(place, ())), frozenset((place,))
            else:  # the hand is full: one of its cards not pinned there leaves it
                blockers = [j for j in self.within.get(owner, ()) if self.pinned[j] != owner]
                away = frozenset(p for p in self.free if self.owner(p) == owner)
            for j in blockers:
                mark = len(self.moves)
                self.take(j)
                if self.augment(j, away, seen, depth - 1) and self.fits(place):
                    self.put(i, place)
                    return True
                # Every card this try moved goes back where it was: putting j alone back could
                # overfill its place, which a card moved along a longer path may have taken
                # (a hand one card too full, and a face-down call short of a card to draw).
                self.undo(mark)
        return False

    def run(self, floor: list[list[int]]) -> list[int] | None:
        """A place for every card, each hand holding its floors; None when this try found none."""
        cards, rng, owners = self.cards, self.rng, self.owners
        order = list(range(len(cards)))
        rng.shuffle(order)
        order.sort(key=lambda i: len(cards[i][1]))  # the most bound first, at random among equals
        needs = [
            (seat, kind, need) for seat, row in enumerate(floor) for kind, need in enumerate(row) if need > 0
        ]
        rng.shuffle(needs)
        for seat, kind, need in needs:
            for i in order:
                if (
                    self.pinned[i] is None
                    and cards[i][0] == kind
                    and any(owners.get(p, p) == seat for p in cards[i][1])
                ):
                    self.pinned[i] = seat
                    need -= 1
                    if need <= 0:
                        break
            if need > 0 and not self.stubborn:
                return None
        free, owners, pinned = self.free, self.owners, self.pinned
        for i in sorted(order, key=lambda i: pinned[i] is None):
            pin = pinned[i]
            fitting: list[int] = []
            for place in cards[i][1]:  # the common case, inline: a place with room
                if free.get(place, 0) > 0:
                    owner = owners.get(place, place)
                    if (owner == place or free[owner] > 0) and (pin is None or owner == pin):
                        fitting.append(place)
            if fitting:
                self.put(i, fitting[0] if len(fitting) == 1 else fitting[int(rng.random() * len(fitting))])
                continue
            if not self.augment(i, frozenset(), set(), self.DEPTH):
                if not self.stubborn:
                    return None
                # Wherever there is room (a hand, a call on the pile, the set-aside cards):
                # the counts stay right even if this one card is where it could not be.
                spare = [p for p in self.free if self.owner(p) == p and self.free[p] > 0 and p != ASIDE] or [
                    p for p in self.free if self.free[p] > 0
                ]
                self.put(i, spare[int(self.rng.random() * len(spare))])
        return _all_placed(self.placed)


def draw_kind(counts: list[int], rng: random.Random, allowed: Callable[[int], bool]) -> int:
    """A kind drawn from `counts` in proportion, among the allowed kinds."""
    total = sum(c for k, c in enumerate(counts) if c and allowed(k))
    pick = int(rng.random() * total)
    for kind, count in enumerate(counts):
        if count and allowed(kind):
            if pick < count:
                return kind
            pick -= count
    raise ValueError("nothing left to draw")  # the tracker's counts always leave enough
