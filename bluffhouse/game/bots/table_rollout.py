"""How the expert imagines a table playing on, in a sampled world, and what a position is worth.

Every imagined seat decides from its own cards and the public facts only (a SeatView), never
from the cards of the call it doubts: a rollout where everybody could see the truth would
catch every lie and teach the search that lying never pays. Each seat plays like a sensible
person with that seat's habits as the expert reads them: the truth when it holds the rank,
sometimes with a false card added; a lie of its least useful card (two when it bluffs big)
when it holds none; it challenges a call its own hand proves impossible, nearly every call
that empties a hand, and others when the chance of a lie it reckons (the hard player's model of
callers, on its own cards) passes that seat's doubt for that pile size, a doubt shifted by how
often that seat has been seen to challenge.

A position is worth the chance to win it, as a logistic race of hand sizes and bullets: a seat
without bullets cannot stop the last call of anybody, and that counts the more, the closer the
nearest other hand is to empty (the weights were fitted by maximum likelihood on the positions
of a few hundred games of hard players, one set per game).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from math import exp, log1p

from bluffhouse.game.bots.reading import bucket
from bluffhouse.game.bots.table_reasoning import call_likelihood, hypergeom
from bluffhouse.game.rules import Rules
from bluffhouse.game.table_search import SearchTable

Draw = Callable[[], float]  # a generator's random(): each imagined choice draws from it

# P(win) of each seat ~ exp(-RACE * log(1 + CURVE * size) / CURVE + BULLET * bullets
#                          + [no bullet] * (UNARMED + NEAR / (1 + the nearest other hand)))
RACE = {"bullets": 0.3, "kamu": 0.5}
CURVE = 0.01
BULLET = 0.6
UNARMED, NEAR = -2.0, -6.0
PROOF_CHALLENGE = 0.95  # a call its own hand proves impossible, on a pile worth taking back
EMPTIED_CHALLENGE = 0.85  # a call that empties a hand: doubt it or lose
FAKO_BAIT = 0.3  # with nothing of the rank, the Fakó alone instead of a plain lie


class Imagined:
    """The habits the search gives each seat of one table (the expert's own seat too)."""

    __slots__ = ("armed", "big", "bluff", "cards", "challenge", "far", "matching", "n", "race", "ready")

    def __init__(
        self,
        rules: Rules,
        players: int,
        challenge: list[tuple[float, ...]],
        bluff: list[float],
        big: list[float],
        cards: int,
        ready: list[tuple[float, ...]] | None = None,
        need: list[float] | None = None,
    ) -> None:
        """`challenge`: each seat's doubt threshold by pile size (the chance of a lie it wants),
        `ready`: how much more or less often than that it is seen to challenge, by pile size,
        `bluff`: its chance to add a false card to true ones, `big`: to lie with two,
        `need`: how much a seat needs each rank by its place after the one it calls now (see
        game.bots.table_keep; without it, the plain sequence's order)."""
        self.n, self.cards = players, cards
        self.ready = ready or [(1.0, 1.0, 1.0)] * players
        self.challenge, self.bluff, self.big = challenge, bluff, big
        ranks = len(rules.ranks)
        self.matching = 4 * rules.decks + (rules.decks if rules.jokers else 0)
        self.race = RACE.get(rules.game.value, 0.3)
        self.armed = rules.uses_bullets
        # far[r]: the plain kinds, the one a seat calling r now needs least (or, without
        # `need`, will call last or never in the plain sequence) first.
        if need is not None:
            order = sorted(range(1, ranks), key=lambda d: round(need[d], 6))
            self.far = [tuple((now + d) % ranks for d in order) for now in range(ranks)]
        else:
            self.far = []
            for now in range(ranks):
                turns: dict[int, int] = {}
                for t in range(1, ranks + 1):
                    turns.setdefault((now + t * players) % ranks, t)
                order = sorted((k for k in range(ranks) if k != now), key=lambda k: -turns.get(k, 99))
                self.far.append(tuple(order))

    # ------------------------------------------------------------------ decisions

    def wants_challenge(self, state: SearchTable, seat: int, draw: Draw) -> bool:
        """Whether `seat` doubts the open call, from its own cards and the public facts: the
        chance the caller held that many of the rank among the cards this seat cannot see."""
        caller, cards, rank, emptied = state.last
        count = len(cards)
        hand = state.hands[seat]
        held = hand[rank] + hand[state.szines]
        pile = bucket(state.pile_n)
        ready = self.ready[seat][pile]
        if count > self.matching - held:
            # A sure catch, taken for a pile beyond the caller's own cards or for a lead at a
            # rank this seat holds (the winner leads the challenged rank, or the next one).
            lead = rank if state.restart else state.rank_i
            worth = emptied or state.pile_n > count or hand[lead] + hand[state.szines] > 0
            return worth and draw() < PROOF_CHALLENGE * min(1.0, ready)
        if emptied:
            return draw() < EMPTIED_CHALLENGE
        lie = lie_chance(
            count,
            state.sizes[caller] + count,
            self.cards - state.sizes[seat] - count,
            self.matching - held,
            round(self.bluff[caller], 2),
        )
        return draw() < _sigmoid((lie - self.challenge[seat][pile]) * 16.0) * ready

    def play(self, state: SearchTable, seat: int, draw: Draw) -> tuple[int, ...]:
        """The cards `seat` plays now (a tuple of kinds)."""
        hand, size = state.hands[seat], state.sizes[seat]
        rank, szines, fako = state.rank_i, state.szines, state.fako
        plain, jokers = hand[rank], hand[szines]
        if plain + jokers:
            cards = [rank] * min(plain, 4)
            cards += [szines] * min(jokers, 4 - len(cards))
            if size > len(cards) + 1 and len(cards) < 4 and draw() < self.bluff[seat]:
                extra = self._fodder(hand, rank)
                if extra is not None:
                    cards.append(extra)
            return tuple(cards)
        if hand[fako] and (size == hand[fako] or draw() < FAKO_BAIT):
            return (fako,)
        first = self._fodder(hand, rank)
        if first is None:
            return (fako,)
        if size >= 3 and draw() < self.big[seat]:
            hand[first] -= 1
            second = self._fodder(hand, rank)
            hand[first] += 1
            if second is not None:
                return (first, second)
        return (first,)

    def _fodder(self, hand: list[int], rank: int) -> int | None:
        for kind in self.far[rank]:
            if hand[kind]:
                return kind
        return None

    # ------------------------------------------------------------------ playing on

    def roll(
        self, state: SearchTable, me: int, rng: random.Random, plies: int = 12, passing: int = -1
    ) -> float:
        """Play on until `me` is to play again (or `plies` moves), then the position's worth;
        `passing` is a seat that already let the open call pass."""
        draw = rng.random
        moved = 0
        while state.winner is None and moved < plies:
            if state.window:
                doubter = next(
                    (
                        seat
                        for seat in state.challengers()
                        if seat != passing and self.wants_challenge(state, seat, draw)
                    ),
                    None,
                )
                passing = -1
                if doubter is not None:
                    state.challenge(doubter)
                    moved += 1
                    continue
            seat = state.turn
            if seat == me and moved:
                break
            if state.window and state.last[3]:
                state.accept(seat)
            else:
                state.play(seat, self.play(state, seat, draw))
            moved += 1
        return self.worth(state, me)

    def settle(self, state: SearchTable, me: int, rng: random.Random) -> float:
        """The open call, let pass by `me`: each other seat that may doubts it or not, then the
        position's worth (the horizon of a challenge decision: its own consequences only)."""
        draw = rng.random
        doubter = next(
            (seat for seat in state.challengers() if seat != me and self.wants_challenge(state, seat, draw)),
            None,
        )
        if doubter is not None:
            state.challenge(doubter)
        return self.worth(state, me)

    def worth(self, state: SearchTable, me: int) -> float:
        """What the position is worth to `me`, 0 to 1, by the race of hand sizes and bullets."""
        if state.winner is not None:
            return 1.0 if state.winner == me else 0.0
        race, sizes = self.race, state.sizes
        scores = [-race * log1p(CURVE * size) / CURVE for size in sizes]
        if self.armed:
            for seat, bullets in enumerate(state.bullets):
                scores[seat] += BULLET * bullets
                if not bullets:
                    nearest = min(size for s, size in enumerate(sizes) if s != seat)
                    scores[seat] += UNARMED + NEAR / (1 + nearest)
        top = max(scores)
        weights = [exp(score - top) for score in scores]
        win = weights[me] / sum(weights)
        # Half the chance to win, half the share of the others it is ahead of: far behind, the
        # chance to win is nearly 0 whatever it does, and a search needs to see it catching up.
        mine = scores[me]
        ahead = sum(1.0 / (1.0 + exp(other - mine)) for seat, other in enumerate(scores) if seat != me) / (
            len(scores) - 1
        )
        return 0.5 * win + 0.5 * ahead


@lru_cache(maxsize=65536)
def lie_chance(count: int, hand: int, unseen: int, matching: int, bluff: float) -> float:
    """A challenger's chance that a call of `count` cards is a lie: the caller's hand of `hand`
    cards drawn from the `unseen` ones, `matching` of which make the call true, weighed by how
    likely each holding makes a true or a false call of that size (the hard player's model:
    a lie is mostly one card, a truth mostly every card of the rank held)."""
    true_mass = lie_mass = 0.0
    for held, chance in enumerate(hypergeom(unseen, matching, hand)):
        if chance > 0.0:
            truthful, lying = call_likelihood(count, held, hand, bluff)
            true_mass += chance * truthful
            lie_mass += chance * lying
    total = true_mass + lie_mass
    return lie_mass / total if total > 0.0 else 1.0


def _sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + exp(-x))
