"""The state of a card table: construction, equality, clone and every query (no moves)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Self

from bluffhouse.game import checks
from bluffhouse.game.actions import TableAction
from bluffhouse.game.cards import Card
from bluffhouse.game.checks import Seed
from bluffhouse.game.contract import Refusal
from bluffhouse.game.errors import IllegalAction, Reason, WrongType, shown
from bluffhouse.game.events import Dealt, TableEvent
from bluffhouse.game.rules import Rules, WhoMayChallenge
from bluffhouse.game.table_setup import (
    Call,
    CardsLike,
    TableSnapshot,
    bullet_list,
    canonical,
    check_position,
    check_rules,
    deal_anew,
    deal_hands,
    parse_group,
    points_for_place,
    standings,
)
from bluffhouse.game.table_view import (
    HistoryRecord,
    LastCall,
    PickupRecord,
    TablePhase,
    TableView,
    sorted_cards,
)

# A challenge's common refusals, made once (a view asks for each seat after each move; 8 seats at most).
_GAME_OVER, _NO_CALL, _WINDOW_CLOSED = map(Refusal, (Reason.GAME_OVER, Reason.NO_CALL, Reason.WINDOW_CLOSED))
_OWN_CALL = tuple(Refusal(Reason.OWN_CALL, (("seat", s),)) for s in range(8))
_NO_BULLETS = tuple(Refusal(Reason.NO_BULLETS, (("seat", s),)) for s in range(8))


class TableState:
    """The whole truth of one card game and every question about it; Table adds apply()."""

    __slots__ = (
        "_bullets",
        "_first",
        "_hands",
        "_history",
        "_last",
        "_n",
        "_pile",
        "_rank_i",
        "_ranks",
        "_set_aside",
        "_sorted",
        "_turn",
        "_views",
        "_window",
        "_winner",
        "opening_events",
        "rules",
        "seed",
    )

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Iterable[Card]],
        first: int = 0,
        set_aside: Iterable[Card] = (),
        pile: Iterable[Card] = (),
        bullets: Sequence[int] | None = None,
        rank: str | None = None,
    ) -> None:
        """Prefer Table.start or Table.from_hands; this builds any position from Card lists."""
        rules = check_rules(rules)
        n = rules.players
        if type(hands) is not list and type(hands) is not tuple:
            raise WrongType(Reason.WRONG_TYPE, what="hands", expected="a list", value=shown(hands))
        if len(hands) != n:
            raise IllegalAction(Reason.HAND_COUNT, players=n, hands=len(hands))
        first = checks.seat(first, n)
        self.rules = rules
        self.seed: Seed = None  # Table.deal's seed: the deal again, for replays (None: a known position)
        self._n = n
        self._ranks = rules.ranks
        self._hands: list[list[Card]] = [list(map(canonical, h)) for h in hands]
        self._sorted: list[tuple[Card, ...] | None] = [None] * n
        self._pile: list[Card] = list(map(canonical, pile))
        self._set_aside: tuple[Card, ...] = tuple(map(canonical, set_aside))
        self._views: dict[int, TableView] = {}
        per = rules.bullets_per_player
        self._bullets: list[int] = [per] * n if bullets is None else bullet_list(bullets, n, per)
        self._first = first
        self._turn = first
        if rank is not None and type(rank) is not str:
            raise WrongType(Reason.NOT_A_RANK, rank=shown(rank))
        if rank is not None and rank not in self._ranks:
            raise IllegalAction(Reason.NOT_A_RANK, rank=shown(rank))
        self._rank_i = 0 if rank is None else self._ranks.index(rank)
        self._last: Call | None = None
        self._window = False
        self._winner: int | None = None
        self._history: list[list[HistoryRecord]] = [[] for _ in range(n)]
        self.opening_events: list[TableEvent] = [
            Dealt(tuple(len(h) for h in self._hands), len(self._set_aside), first, self.rank)
        ]

    # ------------------------------------------------------------------ construction

    @classmethod
    def deal(cls, rules: Rules, seed: object, first: int | None = None) -> Self:
        """Shuffle with random.Random(seed) and deal; `first` None draws the first player."""
        rules = check_rules(rules)
        seed = checks.seed(seed)
        rng = random.Random(seed)
        if first is None:
            first = rng.randrange(rules.players)
        first = checks.seat(first, rules.players)
        hands, set_aside = deal_hands(rules, rng, first)
        table = cls(rules, hands, first=first, set_aside=set_aside)
        table.seed = seed
        return table

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Sequence[CardsLike],
        first: int = 0,
        *,
        set_aside: CardsLike = (),
        pile: CardsLike = (),
        bullets: Sequence[int] | None = None,
        rank: str | None = None,
    ) -> Self:
        """A known position: hands as lists of Card or notation ("AS", "7P") or "AS 2H" strings."""
        rules = check_rules(rules)
        if type(hands) is not list and type(hands) is not tuple:
            raise WrongType(Reason.WRONG_TYPE, what="hands", expected="a list", value=shown(hands))
        parsed = [parse_group(h) for h in hands]
        aside, piled = parse_group(set_aside), parse_group(pile)
        check_position(rules, parsed, aside, piled)
        return cls(rules, parsed, first, aside, piled, bullets, rank)

    def clone(self) -> Self:
        """An independent copy (cards are immutable and shared)."""
        cls = type(self)
        other = cls.__new__(cls)
        for name in TableState.__slots__:
            setattr(other, name, getattr(self, name))
        other._hands = [h.copy() for h in self._hands]
        other._sorted = self._sorted.copy()
        other._pile = self._pile.copy()
        other._bullets = self._bullets.copy()
        other._history = [h.copy() for h in self._history]
        other._views = {}
        other.opening_events = self.opening_events.copy()
        return other

    def redealt_hidden(self, seat: int, rng: random.Random, *, keeping: Sequence[int] = ()) -> Self:
        """A copy with every card hidden from `seat` dealt anew at random, each place keeping its size.

        Hidden: the other hands (but those of `keeping`), the set-aside cards, the pile's cards of
        other seats' calls; a Fakó lands only where it may lie. Nothing else changes (histories
        included), so view(seat) and the views of `keeping` stay equal: a possible world for leak
        tests and for bots that search.
        """
        seat = checks.seat(seat, self._n)
        checks.instance(rng, random.Random, "rng")
        if type(keeping) not in (list, tuple):
            raise WrongType(
                Reason.WRONG_TYPE, what="keeping", expected="a list of seats", value=shown(keeping)
            )
        knowing = {seat, *(checks.seat(s, self._n) for s in keeping)}
        other = self.clone()
        aside = list(self._set_aside)
        slots: list[tuple[list[Card], int]] = []  # (place, index) of every hidden card
        for s in range(self._n):
            if s not in knowing:
                slots += [(other._hands[s], i) for i in range(len(self._hands[s]))]
                other._sorted[s] = None
        slots += [(aside, i) for i in range(len(aside))]
        fako_may_lie = [True] * len(slots)
        for i, (caller, may) in enumerate(self._pile_calls()):
            if caller not in knowing:
                slots.append((other._pile, i))
                fako_may_lie.append(may)
        cards = deal_anew([place[i] for place, i in slots], fako_may_lie, rng)
        for (place, i), card in zip(slots, cards, strict=True):
            place[i] = card
        other._set_aside = tuple(aside)
        last = self._last
        if last is not None and other._pile:
            # While cards lie in the pile, its top ones are the last call's: a challenge turns them up.
            other._last = replace(last, cards=tuple(other._pile[-len(last.cards) :]))
        return other

    def _pile_calls(self) -> list[tuple[int | None, bool]]:
        """(caller, whether a Fakó may lie there) of each pile card, oldest first; None: not a call."""
        calls: list[HistoryRecord] = []  # (calls only, till the pickup: seat and count are read)
        for record in reversed(self._history[0]):
            if isinstance(record, PickupRecord):
                break  # the pile holds the calls made since the last pickup
            calls.append(record)
        unplayed = len(self._pile) - sum(r.count for r in calls)  # from_hands(pile=)
        cards: list[tuple[int | None, bool]] = [(None, True)] * unplayed
        for record in reversed(calls):
            cards += [(record.seat, False)] * record.count
        if self._window and self._last is not None and len(self._last.cards) == 1:
            # A lone Fakó is turned up once the next player acts: only the open call may hide one.
            cards[-1] = (cards[-1][0], True)
        return cards

    def _state(self) -> tuple[object, ...]:
        return self.snapshot()[:-1]  # all but the opening events (the deal made them)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TableState):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable: no hash (object's would be by identity)

    def snapshot(self) -> TableSnapshot:
        """The whole state as nested tuples, opening events included: equal iff nothing changed."""
        return (
            self.rules,
            tuple(map(tuple, self._hands)),
            tuple(self._pile),
            self._set_aside,
            tuple(self._bullets),
            self._first,
            self._turn,
            self._rank_i,
            self._last,
            self._window,
            self._winner,
            tuple(map(tuple, self._history)),
            tuple(self.opening_events),
        )

    def __repr__(self) -> str:
        sizes = "/".join(str(len(h)) for h in self._hands)
        return (
            f"<Table {self.rules.game.value} hands={sizes} pile={len(self._pile)} "
            f"turn={self._turn} rank={self.rank} winner={self._winner}>"
        )

    # ------------------------------------------------------------------ queries

    @property
    def players(self) -> int:
        """How many seats are at the table."""
        return self._n

    @property
    def first(self) -> int:
        """The seat that made the first call of the game."""
        return self._first

    @property
    def turn(self) -> int | None:
        """The seat that must act now; None once the game is over."""
        return None if self._winner is not None else self._turn

    @property
    def rank(self) -> str:
        """The rank the current turn must call, as notation ("A", "7", "U")."""
        return self._ranks[self._rank_i]

    def hand(self, seat: int) -> list[Card]:
        """A copy of the cards `seat` holds."""
        return list(self._hands[checks.seat(seat, self._n)])

    def hand_size(self, seat: int) -> int:
        """How many cards `seat` holds."""
        return len(self._hands[checks.seat(seat, self._n)])

    @property
    def pile_size(self) -> int:
        """How many cards lie face down in the centre."""
        return len(self._pile)

    def pile_cards(self) -> list[Card]:
        """A copy of the face-down pile, oldest card first: the whole truth, for no seat's eyes."""
        return list(self._pile)

    @property
    def set_aside_size(self) -> int:
        """How many cards Kamu's even deal set aside unseen."""
        return len(self._set_aside)

    def set_aside_cards(self) -> tuple[Card, ...]:
        """The cards Kamu's even deal set aside unseen: the whole truth, for no seat's eyes."""
        return self._set_aside

    def bullets(self, seat: int) -> int:
        """Bullets `seat` has left (always 0 when the game plays without bullets)."""
        return self._bullets[checks.seat(seat, self._n)]

    @property
    def window_open(self) -> bool:
        """True while the last call may still be challenged."""
        return self._window

    @property
    def last_call(self) -> LastCall | None:
        """The public facts of the most recent call, or None before the first."""
        return None if self._last is None else self._last.public

    @property
    def history_size(self) -> int:
        """How many records (calls and pickups) the history of every seat's view holds."""
        return len(self._history[0])

    @property
    def phase(self) -> TablePhase:
        """Play, answer a hand-emptying call (accept or challenge), or over."""
        if self._winner is not None:
            return TablePhase.OVER
        last = self._last  # "When the previous caller's hand is empty, the next player cannot play."
        return TablePhase.ANSWER if self._window and last is not None and last.emptied else TablePhase.PLAY

    def legal_actions(self, seat: int) -> list[TableAction]:
        """Every legal action of `seat` now: Challenge, Accept, then one Play per choice of ranks."""
        return self.view(seat).legal_actions()

    @property
    def is_over(self) -> bool:
        """True once a player has won."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The seat that won, or None while the game goes on."""
        return self._winner

    def can_challenge(self, seat: int) -> bool:
        """True when `seat` may challenge the last call right now (False for no seat at all)."""
        return self._challenge_refusal(seat) is None

    def _challenge_refusal(self, seat: object) -> Refusal | None:
        # The one place of "who may challenge now" (refusal(seat, Challenge(seat)) says it too).
        if not checks.is_seat(seat, self._n):
            if type(seat) is not int:
                return Refusal(Reason.NO_SEAT, (("seat", shown(seat)),), wrong_type=True)
            return Refusal(Reason.NO_SEAT, (("seat", seat),))
        if self._winner is not None:
            return _GAME_OVER
        last = self._last
        if not self._window or last is None:
            # "Only the last call can be challenged", until the next player has played.
            return _NO_CALL if last is None else _WINDOW_CLOSED
        if seat == last.seat:
            return _OWN_CALL[seat]  # "never the caller"
        if self.rules.who_may_challenge == WhoMayChallenge.NEXT and seat != self._turn:
            return Refusal(Reason.ONLY_NEXT, (("seat", seat), ("turn", self._turn)))
        if self.rules.bullets_per_player and self._bullets[seat] <= 0:  # "with no bullets ..."
            return _NO_BULLETS[seat]
        return None

    def first_challenger(self, seats: Iterable[int]) -> int | None:
        """Of same-instant challengers, the eligible one sitting closest after the caller."""
        try:
            pressing = tuple(seats)
        except TypeError:
            raise WrongType(
                Reason.WRONG_TYPE, what="seats", expected="a list of seats", value=shown(seats)
            ) from None
        if not self._window or self._last is None:
            return None
        caller, n = self._last.seat, self._n
        eligible = [s for s in pressing if checks.is_seat(s, n) and self.can_challenge(s)]
        return min(eligible, key=lambda s: (s - caller) % n) if eligible else None

    def ranking(self) -> list[tuple[int, int, int]]:
        """(place, seat, cards_left) best first: winner, then fewer cards; ties share a place."""
        return standings([len(h) for h in self._hands], self._winner)

    def returns(self) -> tuple[int, ...]:
        """Each seat's points for its place once the game is over ("1st place 4 points, 2nd 3,
        3rd 2", equal places sharing the better), all 0 before: what its match adds up."""
        points = [0] * self._n
        if self._winner is not None:
            for place, seat, _cards in self.ranking():
                points[seat] = points_for_place(place)
        return tuple(points)

    def view(self, seat: int) -> TableView:
        """Everything `seat` may know, and nothing more."""
        if type(seat) is int and seat in self._views:  # only checked seats are kept
            return self._views[seat]
        checks.seat(seat, self._n)
        hand = self._sorted[seat]
        if hand is None:
            hand = self._sorted[seat] = sorted_cards(self._hands[seat])
        last = self._last
        view = self._views[seat] = TableView(
            seat,
            self.rules,
            hand,
            tuple(map(len, self._hands)),
            len(self._pile),
            len(self._set_aside),
            tuple(self._bullets),
            self._first,
            self._turn,
            self._ranks[self._rank_i],
            None if last is None else last.public,
            self._window,
            self._challenge_refusal(seat) is None,
            self._winner is not None,
            self._winner,
            tuple(self._history[seat]),
        )
        return view
