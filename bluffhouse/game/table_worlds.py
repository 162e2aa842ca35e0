"""Possible worlds of one seat at the card table: the determinise-from-view step of a search.

`Worlds.of(view)` reads a seat's view, record by record, into what that seat can place of the
cards it does not hold. Every card it ever saw face up (its own calls, the calls turned up, the
piles it picked up) is followed, one by one, by its places: the hand it went into; the face-down
calls its holder made since, while they lie in the pile; inside the hand that picked such a pile
up, within that call's share of it (one card carried at most by a call of one). Each hand also
has floors: how many seen cards of each kind must still be in it (TableMemory's "held for
sure"). Cards it never saw are interchangeable; of two equal cards (two decks) the tracker takes
the one with the fewest places.

`sample(view, rng)` deals the hidden cards into a game.table_search.SearchTable this seat could
be sitting at: its own hand as it is; every hand, the pile and the set-aside cards of their
sizes; its own calls still on the pile; each seen card in one of its places, every hand holding
its floors, none among the set-aside cards (nobody saw those, and they never move); the Fakó
only where it may lie (a hand, the set-aside cards, or a lone open call: "it is played alone",
and it is turned up once the next player acts). A model of each caller may bias how true the
face-down calls are (`truth`); a search may force the open call's verdict (`open_truth`).
Tests check every deal against the view.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

from bluffhouse.game.cards import Card
from bluffhouse.game.table_places import ASIDE, Seen, draw_kind, place_cards
from bluffhouse.game.table_search import SearchTable, counts_of, kind_index, kinds_of
from bluffhouse.game.table_setup import build_deck
from bluffhouse.game.table_view import CallRecord, HistoryRecord, PickupRecord, TableView

PREFIX = -3  # the place of cards a known position put on the pile before any call
# truth(caller, rank, count, open) -> the chance that face-down call was true.
TruthModel = Callable[[int, int, int, bool], float]
# (card, places) -> how many seen cards like it may be in exactly those places.
Groups = dict[tuple[Card, frozenset[int]], int]


class Segment:
    """One call's cards on the pile: `exact`, the cards, when this seat knows them."""

    __slots__ = ("count", "exact", "place", "rank", "seat")

    def __init__(
        self, place: int, seat: int | None, count: int, rank: int, exact: tuple[Card, ...] | None
    ) -> None:
        self.place, self.seat, self.count, self.rank, self.exact = place, seat, count, rank, exact


class Worlds:
    """One seat's knowledge of where the cards it does not hold may be (see the module)."""

    __slots__ = (
        "_ready",
        "_tail",
        "fako",
        "floor",
        "groups",
        "kind_of",
        "kinds",
        "mine",
        "n",
        "owner",
        "processed",
        "ranks",
        "room",
        "rules",
        "seat",
        "segments",
        "szines",
        "totals",
    )

    def __init__(self, view: TableView) -> None:
        rules = view.rules
        self.rules, self.seat, self.n = rules, view.seat, view.players
        self.ranks = rules.ranks
        self.kinds = kinds_of(rules)
        self.szines, self.fako = self.kinds - 2, self.kinds - 1
        deck = build_deck(rules)
        self.totals = counts_of(rules, deck)
        self.kind_of = {card: kind_index(rules, card) for card in deck}
        # (card, places) -> seen cards like it that may be in exactly those places; a place
        # is a seat's hand (0..n-1) or a face-down call on the pile (n + its history index).
        self.groups: Groups = {}
        self.floor = [[0] * self.kinds for _ in range(view.players)]  # must still be in a hand
        self.segments: list[Segment] = []
        # A face-down call picked up by another seat stays a place inside that hand: its owner,
        # and its room (the seen cards it can have carried there).
        self.owner: dict[int, int] = {}
        self.room: dict[int, int] = {}
        # This seat's own hand as the records go by: the deal, then its calls and pickups.
        self.mine = Counter(view.hand)
        for record in view.history:
            if record.seat == self.seat and record.cards is not None:
                if type(record) is CallRecord:
                    self.mine.update(record.cards)
                else:
                    self.mine.subtract(record.cards)
        self.processed = 0
        # The records absorbed, to check that a view continues them.
        self._tail: tuple[HistoryRecord, ...] = ()
        self._ready: Ready | None = None  # the last view dealt from, worked out

    @classmethod
    def of(cls, view: TableView, cached: Worlds | None = None) -> Worlds:
        """The knowledge of every final record of the view, reusing `cached` when it fits."""
        history = view.history
        final = len(history) - 1 if history and type(history[-1]) is CallRecord else len(history)
        worlds = cached
        if (
            worlds is None
            or worlds.seat != view.seat
            or worlds.rules != view.rules
            or worlds.processed > final
            or history[: worlds.processed] != worlds._tail
        ):
            worlds = cls(view)  # another seat, or another game: start afresh
        for index in range(worlds.processed, final):
            worlds._absorb(index, history[index])
            worlds._ready = None
        worlds.processed = final
        worlds._tail = history[:final]
        return worlds

    # ------------------------------------------------------------------ reading the history

    def _counts(self, cards: Iterable[Card]) -> list[int]:
        return counts_of(self.rules, cards)

    def _absorb(self, index: int, record: HistoryRecord) -> None:
        if isinstance(record, PickupRecord):
            self._pickup(record)
            return
        rank = self.ranks.index(record.rank)
        caller, place = record.seat, self.n + index
        if caller == self.seat:
            self.mine.subtract(record.cards)
            self.segments.append(Segment(place, caller, record.count, rank, record.cards))
            return
        floor = self.floor[caller]
        if record.cards is not None:  # turned up by a challenge, or a Fakó let pass
            inside = self._inside(caller)
            for card in record.cards:
                kind = self.kind_of[card]
                floor[kind] = max(0, floor[kind] - 1)
                self._identify(card, inside)
            self.segments.append(Segment(place, caller, record.count, rank, record.cards))
        else:
            for kind in range(self.kinds):
                floor[kind] = max(0, floor[kind] - record.count)
            self.room[place] = record.count
            # A call passed over holds no Fakó: it would have been turned up.
            self._spread(self._inside(caller), place, False, self.groups, self.fako)
            self.segments.append(Segment(place, caller, record.count, rank, None))

    def _inside(self, seat: int) -> frozenset[int]:
        """The places that are in `seat`'s hand: the hand, and the calls it picked up."""
        return frozenset([seat, *(place for place, owner in self.owner.items() if owner == seat)])

    @staticmethod
    def _spread(inside: frozenset[int], place: int, fako_too: bool, groups: Groups, fako: int) -> None:
        """Seen cards that may be in a hand (`inside`) may now lie in its call at `place`."""
        for (card, places), count in list(groups.items()):
            if places & inside and (fako_too or not card.is_fako):
                del groups[(card, places)]
                key = (card, places | {place})
                groups[key] = groups.get(key, 0) + count

    def _identify(self, card: Card, inside: frozenset[int]) -> bool:
        """`card` turned up from these places: the seen card it is (of two equal ones, the most
        bound), else one never seen before (False)."""
        best = None
        for key in self.groups:
            if key[0] == card and key[1] & inside and (best is None or len(key[1]) < len(best[1])):
                best = key
        if best is None and self._copies_left(card) <= 0:
            # Two decks: an equal card was followed to the wrong place; it is this one.
            best = max((key for key in self.groups if key[0] == card), key=lambda k: len(k[1]), default=None)
        if best is None:
            return False
        self._add(best[0], best[1], -1)
        return True

    def _copies_left(self, card: Card) -> int:
        """Copies of `card` neither in this seat's hand, nor followed, nor known on the pile."""
        followed = sum(count for (seen, _), count in self.groups.items() if seen == card)
        on_pile = sum(list(s.exact or ()).count(card) for s in self.segments)
        return self.rules.decks - self.mine[card] - followed - on_pile

    def _pickup(self, record: PickupRecord) -> None:
        picker = record.seat
        pile = frozenset(s.place for s in self.segments)
        if picker == self.seat and record.cards is not None:
            # The pile in play order: each face-down call in it is read, as if turned up.
            cards = record.cards
            end = len(cards)
            for segment in reversed(self.segments):
                start = max(0, end - segment.count)
                if segment.exact is None:
                    for card in cards[start:end]:
                        self._identify(card, frozenset((segment.place,)))
                end = start
            self.mine.update(cards)
            for (card, places), count in list(self.groups.items()):
                if places & pile:
                    del self.groups[(card, places)]
                    if places - pile:
                        self._add(card, places - pile, count)
        else:
            for place in pile:
                if place in self.room:
                    self.owner[place] = picker  # the call's cards are in the picker's hand now
            for segment in self.segments:
                for card in segment.exact or ():
                    self._add(card, frozenset((picker,)), 1)
                    self.floor[picker][self.kind_of[card]] += 1
        self.segments = []

    def _add(self, card: Card, places: frozenset[int], count: int) -> None:
        key = (card, places)
        total = self.groups.get(key, 0) + count
        if total > 0:
            self.groups[key] = total
        else:
            self.groups.pop(key, None)

    # ------------------------------------------------------------------ dealing a world

    def sample(
        self,
        view: TableView,
        rng: random.Random,
        truth: TruthModel | None = None,
        open_truth: bool | None = None,
    ) -> SearchTable:
        """A world this seat could be in (see the module); `open_truth` forces the open call."""
        ready = self._ready
        if ready is None or ready.view is not view:
            ready = self._ready = Ready(self, view)
        room = dict(ready.room)
        contents = {place: list(cards) for place, cards in ready.contents.items()}
        unseen = list(ready.unseen)
        owners = ready.owners
        cards = ready.cards
        opened = ready.opened
        if open_truth and opened is not None and opened.exact is None and not ready.untrue:
            true_cards = self._true_call(cards, opened, unseen, rng, room[opened.place])
            placed = place_cards(true_cards, room, owners, ready.floor, rng, strict=True)
            if placed is None:  # the cards seen cannot make it true: a world where it is not
                ready.untrue = True  # (nor in the view's next worlds: a search, not a retry)
                placed = place_cards(cards, room, owners, ready.floor, rng)
            else:
                cards = true_cards
        else:
            placed = place_cards(cards, room, owners, ready.floor, rng)
        for (kind, _), place in zip(cards, placed, strict=True):
            owner = owners.get(place, place)
            contents[owner][kind] += 1
            room[owner] -= 1
        for segment in ready.hidden:
            free = room[segment.place]
            if free <= 0:
                continue
            wants = open_truth if segment is ready.opened else None
            if wants is None and truth is not None and segment.seat is not None:
                wants = rng.random() < truth(
                    segment.seat, segment.rank, segment.count, segment is ready.opened
                )
            self._fill_call(contents[segment.place], free, segment.rank, wants, unseen, rng)
            room[segment.place] = 0
        rest = [kind for kind, count in enumerate(unseen) for _ in range(count)]
        rng.shuffle(rest)
        at = 0
        for place in ready.fill:
            free = room[place]
            if free > 0:
                into = contents[place]
                for kind in rest[at : at + free]:
                    into[kind] += 1
                at += free
        return self._world(view, contents, ready.segments, ready.opened)

    def _true_call(
        self, cards: list[Seen], opened: Segment, unseen: list[int], rng: random.Random, free: int
    ) -> list[Seen]:
        """The seen cards a true open call is made of: drawn with the unseen ones of its rank
        (a seen card may be one of them), the rest barred from it (no seen card of another rank)."""
        match = (opened.rank, self.szines)
        able = [i for i, (kind, places) in enumerate(cards) if kind in match and opened.place in places]
        hidden = unseen[opened.rank] + unseen[self.szines]
        chosen = set()
        for _ in range(free):
            pool = len(able) + hidden
            if not pool:
                break
            pick = int(rng.random() * pool)
            if pick < len(able):
                chosen.add(able.pop(pick))
            else:
                hidden -= 1
        return [
            (kind, (opened.place,))
            if i in chosen
            else (kind, tuple(p for p in places if p != opened.place))
            if opened.place in places
            else (kind, places)
            for i, (kind, places) in enumerate(cards)
        ]

    def _fill_call(
        self,
        cards: list[int],
        free: int,
        rank: int,
        truthful: bool | None,
        unseen: list[int],
        rng: random.Random,
    ) -> None:
        """Fill a face-down call's free places from the unseen cards (never with the Fakó)."""
        match = (rank, self.szines)
        true_ones = sum(unseen[k] for k in match)
        false_ones = sum(unseen) - true_ones - unseen[self.fako]
        all_true = not any(cards[k] for k in range(self.kinds) if k not in match)
        pool = None
        if truthful and true_ones >= free and all_true:
            pool = match
        elif truthful is False and false_ones > 0 and all_true:
            kind = draw_kind(unseen, rng, lambda k: k not in match and k != self.fako)
            cards[kind] += 1
            unseen[kind] -= 1
            free -= 1
        for _ in range(free):
            if pool is not None:
                kind = draw_kind(unseen, rng, lambda k: k in pool)
            else:
                kind = draw_kind(unseen, rng, lambda k: k != self.fako)
            cards[kind] += 1
            unseen[kind] -= 1

    def _world(
        self, view: TableView, contents: dict[int, list[int]], segments: list[Segment], opened: Segment | None
    ) -> SearchTable:
        n, me = self.n, self.seat
        hands = [contents[s] if s != me else counts_of(self.rules, view.hand) for s in range(n)]
        pile = [0] * self.kinds
        for segment in segments:
            cards = self._counts(segment.exact) if segment.exact is not None else contents[segment.place]
            for kind, count in enumerate(cards):
                pile[kind] += count
        last = None
        if view.last_call is not None:
            call = view.last_call
            played: tuple[int, ...] = ()
            if opened is not None:
                cards = self._counts(opened.exact) if opened.exact is not None else contents[opened.place]
                played = tuple(k for k, count in enumerate(cards) for _ in range(count))
            last = (call.seat, played, self.ranks.index(call.rank), call.emptied_hand)
        return SearchTable(
            self.rules,
            hands,
            pile,
            contents[ASIDE],
            list(view.bullets),
            view.turn,
            self.ranks.index(view.rank),
            last,
            view.window_open,
            view.winner,
        )


class Ready:
    """What every deal from one view shares, worked out once: the places and their room, the
    cards never seen, the seen cards with one place already there, the others to place."""

    __slots__ = (
        "cards",
        "contents",
        "fill",
        "floor",
        "hidden",
        "opened",
        "owners",
        "room",
        "segments",
        "unseen",
        "untrue",
        "view",
    )

    def __init__(self, worlds: Worlds, view: TableView) -> None:
        self.view, self.untrue = view, False  # untrue: no true open call was found to place
        n, me, kinds = worlds.n, worlds.seat, worlds.kinds
        history = view.history
        groups, floor = worlds.groups, worlds.floor
        segments = list(worlds.segments)
        opened = None
        if view.window_open and history and type(history[-1]) is CallRecord:
            record = history[-1]
            place = n + len(history) - 1
            rank = worlds.ranks.index(record.rank)
            if record.seat == me:
                opened = Segment(place, me, record.count, rank, record.cards)
            else:
                opened = Segment(place, record.seat, record.count, rank, None)
                groups = dict(groups)
                worlds._spread(worlds._inside(record.seat), place, record.count == 1, groups, worlds.fako)
                floor = list(floor)
                floor[record.seat] = [max(0, f - record.count) for f in floor[record.seat]]
            segments.append(opened)
        prefix = view.pile_size - sum(s.count for s in segments)
        if prefix > 0:  # cards a known position put on the pile before any call
            segments.insert(0, Segment(PREFIX, None, prefix, 0, None))
        kind_of = worlds.kind_of
        unseen = [t - m for t, m in zip(worlds.totals, counts_of(worlds.rules, view.hand), strict=True)]
        for segment in segments:
            for card in segment.exact or ():
                unseen[kind_of[card]] -= 1
        # Places and their room: other hands, face-down calls on the pile, the set-aside cards,
        # and the calls picked up inside a hand (room there and in the hand).
        room: dict[int, int] = {s: view.hand_sizes[s] for s in range(n) if s != me}
        hidden = [s for s in segments if s.exact is None]
        for segment in hidden:
            room[segment.place] = segment.count
        room[ASIDE] = view.set_aside
        self.fill = list(room)  # where the cards never seen go, in this order
        for place in worlds.owner:
            room[place] = worlds.room[place]
        owners = {s: s for s in range(n)} | worlds.owner
        contents = {place: [0] * kinds for place in self.fill}
        floor = [list(row) for row in floor]
        cards: list[tuple[int, tuple[int, ...]]] = []
        for (card, places), count in groups.items():
            kind = kind_of[card]
            unseen[kind] -= count
            if len(places) == 1:  # one place: it is there in every deal
                (place,) = places
                owner = owners.get(place, place)
                contents[owner][kind] += count
                room[owner] -= count
                if owner != place:
                    room[place] -= count
                if 0 <= owner < n:
                    floor[owner][kind] = max(0, floor[owner][kind] - count)
            else:
                cards += [(kind, tuple(sorted(places)))] * count
        if unseen[worlds.fako] > 0:  # never seen: a hand, the set-aside cards, a lone open call
            spots = [s for s in range(n) if s != me] + [ASIDE]
            spots += [s.place for s in hidden if s.count == 1 and (s is opened or s.seat is None)]
            cards += [(worlds.fako, tuple(spots))] * unseen[worlds.fako]
            unseen[worlds.fako] = 0
        self.cards, self.contents, self.floor, self.hidden = cards, contents, floor, hidden
        self.opened, self.owners, self.room, self.segments = opened, owners, room, segments
        self.unseen = unseen
