"""SearchTable: the card table's rules on compact counts, for computer players that search.

A search plays thousands of imagined moves a decision, so this is the engine's fast path: the
same rules as game.table.Table (RULES.md sections 1 and 2: calls, the challenge window, bullets,
the lead and the rank after a challenge, an emptied hand that must be answered, Kamu's jokers),
on cards counted by kind. Suits never matter in these games, so a hand is a list of counts: one
per rank in calling order, then the Színes, then the Fakó; a play is a tuple of kinds.

It is never handed input from outside. It is built from a checked Table (`of`) or by the
sampler of game.table_worlds from one seat's view, its moves are the ones its own
`plays`/`can_challenge` offer, and its methods trust their caller (a search bot) instead of
checking again. Scenes and phones only ever reach Table.apply(), which checks everything; a test
keeps this module out of scenes/, and another plays thousands of random games on both engines
side by side and compares them after every action.

`clone()` copies a few short lists (a cheap copy for each imagined line of play); `seat_view`
is what one seat may know, in a handful of fields (a cheap view for imagined players). The
random baseline plays on it in game.bots.table_random (`python -m game.sim --engine search`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from bluffhouse.game import checks
from bluffhouse.game.cards import Card
from bluffhouse.game.rules import LeadAfterChallenge, RankAfterChallenge, Rules, WhoMayChallenge
from bluffhouse.game.table_setup import build_deck

if TYPE_CHECKING:
    from bluffhouse.game.table import Table

# The last call: (caller, the kinds it played, the rank's index, whether it emptied the hand).
LastPlay = tuple[int, tuple[int, ...], int, bool]
# The last call before the first: never read (the window is closed until somebody calls).
NO_PLAY: LastPlay = (-1, (), -1, False)


def kinds_of(rules: Rules) -> int:
    """How many kinds of card a hand counts: the ranks, then the Színes, then the Fakó."""
    return len(rules.ranks) + 2


def kind_index(rules: Rules, card: Card) -> int:
    """The kind of a Card: its rank's place in the calling order, or the Színes / the Fakó."""
    ranks = rules.ranks
    if card.is_joker:
        return len(ranks) + (0 if card.is_szines else 1)
    return ranks.index(card.rank)


def counts_of(rules: Rules, cards: Iterable[Card]) -> list[int]:
    """Cards as counts by kind."""
    counts = [0] * kinds_of(rules)
    for card in cards:
        counts[kind_index(rules, card)] += 1
    return counts


class SeatView:
    """What one seat may know at a SearchTable now: its own counts and the public facts.

    A window onto the state, not a copy (it costs one small object): read it before the next
    move. It offers no other seat's cards, so an imagined player given one cannot peek.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: SearchTable, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def hand(self) -> list[int]:
        """This seat's own counts by kind (do not change them)."""
        return self._state.hands[self.seat]

    @property
    def size(self) -> int:
        """How many cards this seat holds."""
        return self._state.sizes[self.seat]

    @property
    def sizes(self) -> list[int]:
        """Every hand's size."""
        return self._state.sizes

    @property
    def pile(self) -> int:
        """How many cards lie face down in the centre."""
        return self._state.pile_n

    @property
    def bullets(self) -> list[int]:
        """Every seat's bullets."""
        return self._state.bullets

    @property
    def turn(self) -> int:
        """The seat to act."""
        return self._state.turn

    @property
    def rank(self) -> int:
        """The kind the turn must call."""
        return self._state.rank_i

    @property
    def last_call(self) -> tuple[int, int, int, bool] | None:
        """(caller, count, rank, emptied) of the last call: never its cards."""
        last = self._state.last
        return None if last is NO_PLAY else (last[0], len(last[1]), last[2], last[3])

    @property
    def window(self) -> bool:
        """The last call may still be challenged."""
        return self._state.window

    @property
    def can_challenge(self) -> bool:
        """This seat may challenge the last call now."""
        return self._state.can_challenge(self.seat)


class SearchTable:
    """One card game's state on counts; moves are trusted (see the module's docstring)."""

    __slots__ = (
        "anyone",
        "aside",
        "bullets",
        "fako",
        "hands",
        "kinds",
        "last",
        "lead_winner",
        "n",
        "pile",
        "pile_n",
        "ranks",
        "restart",
        "sizes",
        "szines",
        "turn",
        "rank_i",
        "uses_bullets",
        "window",
        "winner",
    )

    def __init__(
        self,
        rules: Rules,
        hands: list[list[int]],
        pile: list[int],
        aside: list[int],
        bullets: list[int],
        turn: int,
        rank_i: int,
        last: LastPlay | None,
        window: bool,
        winner: int | None,
    ) -> None:
        """Trusted parts (see `of` and game.table_worlds); `last` is (seat, kinds, rank, emptied),
        None before the first call."""
        self.n = rules.players
        self.ranks = len(rules.ranks)
        self.kinds = self.ranks + 2
        self.szines = self.ranks
        self.fako = self.ranks + 1
        self.anyone = rules.who_may_challenge is WhoMayChallenge.ANYONE
        self.uses_bullets = rules.bullets_per_player > 0
        self.restart = rules.rank_after_challenge is RankAfterChallenge.RESTART
        self.lead_winner = rules.lead_after_challenge is LeadAfterChallenge.WINNER
        self.hands = hands
        self.sizes = [sum(h) for h in hands]
        self.pile = pile
        self.pile_n = sum(pile)
        self.aside = aside
        self.bullets = bullets
        self.turn = turn
        self.rank_i = rank_i
        self.last = NO_PLAY if last is None else last
        self.window = window
        self.winner = winner

    @classmethod
    def of(cls, table: Table) -> SearchTable:
        """The whole truth of a game.table.Table, on counts (for tests, benches and referees)."""
        rules = table.rules
        last = None
        call = table._last  # the engine's own record of the last call, cards included
        if call is not None:
            last = (call.seat, tuple(kind_index(rules, c) for c in call.cards), call.rank_index, call.emptied)
        return cls(
            rules,
            [counts_of(rules, table.hand(s)) for s in range(table.players)],
            counts_of(rules, table.pile_cards()),
            counts_of(rules, table.set_aside_cards()),
            [table.bullets(s) for s in range(table.players)],
            table.view(0).turn,  # the seat that was to act, once over too
            rules.ranks.index(table.rank),
            last,
            table.window_open,
            table.winner,
        )

    @classmethod
    def deal(cls, rules: Rules, seed: object) -> SearchTable:
        """A fresh game dealt exactly as Table.deal(rules, seed) deals it, on counts."""
        rng = random.Random(checks.seed(seed))
        n = rules.players
        first = rng.randrange(n)
        deck = list(_deck_kinds(rules))  # build_deck's order, as kinds: the same shuffle
        rng.shuffle(deck)
        dealt = len(deck) // n * n if rules.deal_evenly else len(deck)
        if rules.hand_size:  # the hand-size house rule: the rest set aside unseen
            dealt = rules.hand_size * n
        kinds = kinds_of(rules)
        hands = [[0] * kinds for _ in range(n)]
        seat = first
        for k in deck[:dealt]:  # "dealt one at a time around the table, starting with the first"
            hands[seat][k] += 1
            seat = seat + 1 if seat + 1 < n else 0
        aside = [0] * kinds
        for k in deck[dealt:]:
            aside[k] += 1
        return cls(
            rules, hands, [0] * kinds, aside, [rules.bullets_per_player] * n, first, 0, None, False, None
        )

    def clone(self) -> SearchTable:
        """An independent copy: a few short lists."""
        other = SearchTable.__new__(SearchTable)
        other.n, other.ranks, other.kinds = self.n, self.ranks, self.kinds
        other.szines, other.fako = self.szines, self.fako
        other.anyone, other.uses_bullets = self.anyone, self.uses_bullets
        other.restart, other.lead_winner = self.restart, self.lead_winner
        other.hands = [h.copy() for h in self.hands]
        other.sizes = self.sizes.copy()
        other.pile = self.pile.copy()
        other.pile_n = self.pile_n
        other.aside = self.aside
        other.bullets = self.bullets.copy()
        other.turn, other.rank_i, other.last = self.turn, self.rank_i, self.last
        other.window, other.winner = self.window, self.winner
        return other

    # ------------------------------------------------------------------ questions

    @property
    def over(self) -> bool:
        """True once a player has won."""
        return self.winner is not None

    @property
    def must_answer(self) -> bool:
        """The last call emptied a hand: the turn may only accept or challenge."""
        return self.window and self.last[3]

    def can_challenge(self, seat: int) -> bool:
        """The rules of a Table's refusal of a challenge: the open last call, another seat, a bullet."""
        if not self.window or self.winner is not None or seat == self.last[0]:
            return False
        if not self.anyone and seat != self.turn:
            return False
        return not self.uses_bullets or self.bullets[seat] > 0

    def challengers(self) -> list[int]:
        """Every seat that may challenge now, closest after the caller first (the tie-break)."""
        if not self.window or self.winner is not None:
            return []
        caller, n, bullets = self.last[0], self.n, self.bullets
        if not self.anyone:
            seat = self.turn  # "only the next player"
            return [seat] if seat != caller and (not self.uses_bullets or bullets[seat]) else []
        seats = []
        seat = caller
        for _ in range(n - 1):
            seat = seat + 1 if seat + 1 < n else 0
            if not self.uses_bullets or bullets[seat] > 0:
                seats.append(seat)
        return seats

    def truthful(self) -> bool:
        """Whether the open last call would hold if challenged (a lone Fakó counts as true)."""
        _, cards, rank, _ = self.last
        return (len(cards) == 1 and cards[0] == self.fako) or all(
            k == rank or k == self.szines for k in cards
        )

    def seat_view(self, seat: int) -> SeatView:
        """What `seat` may know now, and nothing more (valid until the next move)."""
        return SeatView(self, seat)

    def plays(self, seat: int) -> list[tuple[int, ...]]:
        """Every play of 1-4 cards `seat` could make, one per choice of kinds (the Fakó alone)."""
        return distinct_kind_plays(tuple(self.hands[seat]), self.fako)

    # ------------------------------------------------------------------ moves (trusted)

    def play(self, seat: int, cards: tuple[int, ...]) -> None:
        """`seat` (the turn) plays these held kinds; the rules of Table._play."""
        if self.window:
            self.window = False
            last = self.last
            if len(last[1]) == 1 and last[1][0] == self.fako:
                self._take(last[0])  # the Fakó let pass is turned up: its player picks up
        hand, pile = self.hands[seat], self.pile
        for k in cards:
            hand[k] -= 1
            pile[k] += 1
        count = len(cards)
        self.sizes[seat] -= count
        self.pile_n += count
        emptied = self.sizes[seat] == 0
        self.last = (seat, cards, self.rank_i, emptied)
        self.window = True
        self.turn = (seat + 1) % self.n
        self.rank_i = (self.rank_i + 1) % self.ranks
        if emptied and not self.challengers():
            # "If no other player can challenge, a call that empties the caller's hand wins at
            # once" -- but a hand emptied with the Fakó wins only if it is challenged.
            self.window = False
            if count == 1 and cards[0] == self.fako:
                self._take(seat)
            else:
                self.winner = seat

    def challenge(self, seat: int) -> bool:
        """`seat` challenges the open last call; True when it caught a lie."""
        caller, _, rank, emptied = self.last
        self.window = False
        truthful = self.truthful()
        if self.uses_bullets and truthful:
            self.bullets[seat] -= 1  # "a wrong challenge loses it for good"
        self._take(seat if truthful else caller)
        if truthful and emptied:
            self.winner = caller
            return False
        if self.lead_winner:
            self.turn = caller if truthful else seat
        else:
            self.turn = (caller + 1) % self.n if truthful else seat
        self.rank_i = rank if self.restart else (rank + 1) % self.ranks
        return not truthful

    def accept(self, seat: int) -> None:
        """The turn lets a hand-emptying call stand (a lone Fakó is turned up instead)."""
        caller, cards, _, _ = self.last
        self.window = False
        if len(cards) == 1 and cards[0] == self.fako:
            self._take(caller)
        else:
            self.winner = caller

    def _take(self, seat: int) -> None:
        hand = self.hands[seat]
        for k, count in enumerate(self.pile):
            if count:
                hand[k] += count
        self.sizes[seat] += self.pile_n
        self.pile = [0] * self.kinds
        self.pile_n = 0


@cache
def _deck_kinds(rules: Rules) -> tuple[int, ...]:
    return tuple(kind_index(rules, card) for card in build_deck(rules))


_PLAYS: dict[tuple[tuple[int, ...], int], list[tuple[int, ...]]] = {}


def distinct_kind_plays(hand: tuple[int, ...], fako: int) -> list[tuple[int, ...]]:
    """Every multiset of 1-4 held kinds (the Fakó only alone), smallest first."""
    key = (hand, fako)
    found = _PLAYS.get(key)
    if found is not None:
        return found
    held = [k for k, c in enumerate(hand) if c]
    plays = []
    for size in range(1, 5):
        for choice in combinations_with_replacement(held, size):
            if size > 1 and fako in choice:
                continue
            if all(choice.count(k) <= hand[k] for k in set(choice)):
                plays.append(choice)
    if len(_PLAYS) > 50_000:
        _PLAYS.clear()
    _PLAYS[key] = plays
    return plays
