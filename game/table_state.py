"""The state of a card table: construction, equality, clone and every query (no moves)."""

from __future__ import annotations

import random
from typing import Self

from game.cards import Card
from game.events import Dealt
from game.rules import Rules, WhoMayChallenge
from game.table_setup import Call, canonical, check_position, deal_hands, parse_group, standings
from game.table_view import LastCall, TableView, sorted_cards

Event = object  # any of the dataclasses of game.events


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
    )

    def __init__(
        self,
        rules: Rules,
        hands,
        first: int = 0,
        set_aside=(),
        pile=(),
        bullets=None,
        rank: str | None = None,
    ) -> None:
        """Prefer Table.deal or Table.from_hands; this builds any position from Card lists."""
        n = rules.players
        if len(hands) != n:
            raise ValueError(f"{n} players need {n} hands, not {len(hands)}")
        if not 0 <= first < n:
            raise ValueError(f"there is no seat {first}")
        self.rules = rules
        self._n = n
        self._ranks = rules.ranks
        self._hands: list[list[Card]] = [list(map(canonical, h)) for h in hands]
        self._sorted: list[tuple[Card, ...] | None] = [None] * n
        self._pile: list[Card] = list(map(canonical, pile))
        self._set_aside: tuple[Card, ...] = tuple(map(canonical, set_aside))
        self._views: dict[int, TableView] = {}
        per = rules.bullets_per_player
        self._bullets: list[int] = [per] * n if bullets is None else list(bullets)
        if len(self._bullets) != n or not all(0 <= b <= per for b in self._bullets):
            raise ValueError(f"bullets must be {n} numbers in 0..{per}")
        self._first = first
        self._turn = first
        if rank is not None and rank not in self._ranks:
            raise ValueError(f"{rank!r} is not a rank of this deck")
        self._rank_i = 0 if rank is None else self._ranks.index(rank)
        self._last: Call | None = None
        self._window = False
        self._winner: int | None = None
        self._history: list[list] = [[] for _ in range(n)]
        self.opening_events: list[Event] = [
            Dealt(tuple(len(h) for h in self._hands), len(self._set_aside), first, self.rank)
        ]

    # ------------------------------------------------------------------ construction

    @classmethod
    def deal(cls, rules: Rules, seed, first: int | None = None) -> Self:
        """Shuffle with random.Random(seed) and deal; `first` None draws the first player."""
        rng = random.Random(seed)
        if first is None:
            first = rng.randrange(rules.players)
        hands, set_aside = deal_hands(rules, rng, first)
        return cls(rules, hands, first=first, set_aside=set_aside)

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands,
        first: int = 0,
        *,
        set_aside=(),
        pile=(),
        bullets=None,
        rank: str | None = None,
    ) -> Self:
        """A known position: hands as lists of Card or notation ("AS", "7P") or "AS 2H" strings."""
        parsed = [parse_group(h) for h in hands]
        set_aside, pile = parse_group(set_aside), parse_group(pile)
        check_position(rules, parsed, set_aside, pile)
        return cls(rules, parsed, first, set_aside, pile, bullets, rank)

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
        return other

    def _state(self) -> tuple:
        return (
            self.rules,
            self._hands,
            self._pile,
            self._set_aside,
            self._bullets,
            self._first,
            self._turn,
            self._rank_i,
            self._last,
            self._window,
            self._winner,
            self._history,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TableState):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # mutable

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
    def turn(self) -> int:
        """The seat that must act now."""
        return self._turn

    @property
    def rank(self) -> str:
        """The rank the current turn must call, as notation ("A", "7", "U")."""
        return self._ranks[self._rank_i]

    def hand(self, seat: int) -> list[Card]:
        """A copy of the cards `seat` holds."""
        return list(self._hands[seat])

    def hand_size(self, seat: int) -> int:
        """How many cards `seat` holds."""
        return len(self._hands[seat])

    @property
    def pile_size(self) -> int:
        """How many cards lie face down in the centre."""
        return len(self._pile)

    @property
    def set_aside_size(self) -> int:
        """How many cards Kamu's even deal set aside unseen."""
        return len(self._set_aside)

    def bullets(self, seat: int) -> int:
        """Bullets `seat` has left (always 0 when the game plays without bullets)."""
        return self._bullets[seat]

    @property
    def window_open(self) -> bool:
        """True while the last call may still be challenged."""
        return self._window

    @property
    def last_call(self) -> LastCall | None:
        """The public facts of the most recent call, or None before the first."""
        return None if self._last is None else self._last.public

    @property
    def is_over(self) -> bool:
        """True once a player has won."""
        return self._winner is not None

    @property
    def winner(self) -> int | None:
        """The seat that won, or None while the game goes on."""
        return self._winner

    def can_challenge(self, seat: int) -> bool:
        """True when `seat` may challenge the last call right now."""
        return self._refusal(seat) is None

    def _refusal(self, seat: int) -> str | None:
        """Why `seat` may not challenge now, or None when it may."""
        if type(seat) is not int or not 0 <= seat < self._n:
            return f"There is no seat {seat!r}"
        if self._winner is not None:
            return "The game is over"
        if not self._window:
            # "Only the last call can be challenged", until the next player has played.
            return (
                "There is no call to challenge"
                if self._last is None
                else "The last call can no longer be challenged"
            )
        if seat == self._last.seat:
            return f"Seat {seat} cannot challenge their own call"  # "never the caller"
        if self.rules.who_may_challenge == WhoMayChallenge.NEXT and seat != self._turn:
            return f"Only seat {self._turn} may challenge this call"
        if self.rules.bullets_per_player and self._bullets[seat] <= 0:
            return f"Seat {seat} has no bullets left"  # "with no bullets cannot challenge"
        return None

    def first_challenger(self, seats) -> int | None:
        """Of same-instant challengers, the eligible one sitting closest after the caller."""
        if not self._window:
            return None
        caller, n = self._last.seat, self._n
        eligible = [s for s in seats if type(s) is int and 0 <= s < n and self.can_challenge(s)]
        return min(eligible, key=lambda s: (s - caller) % n) if eligible else None

    def ranking(self) -> list[tuple[int, int, int]]:
        """(place, seat, cards_left) best first: winner, then fewer cards; ties share a place."""
        return standings([len(h) for h in self._hands], self._winner)

    def view(self, seat: int) -> TableView:
        """Everything `seat` may know, and nothing more."""
        if not 0 <= seat < self._n:
            raise ValueError(f"there is no seat {seat}")
        view = self._views.get(seat)
        if view is not None:
            return view
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
            self._refusal(seat) is None,
            self._winner is not None,
            self._winner,
            tuple(self._history[seat]),
        )
        return view
