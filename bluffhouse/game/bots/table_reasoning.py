"""The hard player's arithmetic: how likely the last call is a lie, how likely a play is caught."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

from bluffhouse.game.bots.table_memory import TableMemory, kind
from bluffhouse.game.quick import quick_init
from bluffhouse.game.rules import WhoMayChallenge
from bluffhouse.game.table_view import TableView

# How a caller who holds none of the called rank sizes its lie (1, 2, 3, 4 cards).
FORCED_LIE_COUNTS = (0.72, 0.2, 0.06, 0.02)
# How many extra cards a caller adds to its true cards when it bluffs (1, 2, 3 extra).
EXTRA_COUNTS = (0.65, 0.27, 0.08)
HOLD_BACK = 0.08  # chance a truthful caller plays fewer true cards than it holds
STRAY_LIE = 0.04  # chance a caller lies although it holds the rank (saving cards for later)
FAKO_CHOICE = 0.35  # chance a caller with nothing of the rank plays its Fakó alone


@quick_init
@dataclass(frozen=True, slots=True)
class DeckCounts:
    """How many cards of each kind the game holds."""

    per_rank: int
    szines: int
    fako: int
    total: int

    @property
    def matching(self) -> int:
        """Cards that make a call of any one rank true: its copies and every Színes."""
        return self.per_rank + self.szines


def deck_counts(view: TableView) -> DeckCounts:
    """The card counts of the view's game."""
    rules = view.rules
    jokers = rules.decks if rules.jokers else 0
    per_rank = 4 * rules.decks
    return DeckCounts(per_rank, jokers, jokers, per_rank * len(rules.ranks) + 2 * jokers)


@lru_cache(maxsize=65536)
def hypergeom(population: int, successes: int, draws: int) -> tuple[float, ...]:
    """P(k successes) for k = 0..min(successes, draws) when drawing without replacement."""
    population = max(population, 0)
    successes = min(max(successes, 0), population)
    draws = min(max(draws, 0), population)
    total = comb(population, draws)
    if total == 0:
        return (1.0,)
    return tuple(
        comb(successes, k) * comb(population - successes, draws - k) / total
        for k in range(min(successes, draws) + 1)
    )


def at_least(dist: tuple[float, ...], k: int) -> float:
    """P(X >= k) of a distribution over 0, 1, 2, ..."""
    if k <= 0:
        return 1.0
    return sum(dist[k:]) if k < len(dist) else 0.0


@quick_init
@dataclass(frozen=True, slots=True)
class LieEstimate:
    """How likely the last call is a lie, from one seat's knowledge, with the numbers behind it."""

    caller: int
    count: int
    rank: str
    probability: float  # the call is false (a lone Fakó counts as false)
    fako: float  # the call is a lone Fakó: challenging it loses like a true call
    impossible: bool  # the cards this seat can account for prove the call false
    held: int  # cards of the rank (Színes included) in this seat's hand
    total: int  # cards of the rank (Színes included) in the game
    accounted: int  # of those, held or known elsewhere (not with the caller)
    emptied: bool

    @property
    def caught(self) -> float:
        """The chance a challenge of this call succeeds."""
        return max(0.0, self.probability - self.fako)


def _lie_counts(count: int, hand: int, table: tuple[float, ...]) -> float:
    """P(a player sizes its lie as `count` cards) from `table`, among sizes it can play."""
    usable = table[: max(1, min(len(table), hand))]
    return usable[count - 1] / sum(usable) if count <= len(usable) else 0.0


@lru_cache(maxsize=65536, typed=True)  # asked for every holding of every estimate: few distinct
def call_likelihood(count: int, held: int, hand: int, bluff: float) -> tuple[float, float]:
    """(P(truthful call of `count`), P(false call of `count`)) for a caller holding `held`."""
    top = min(held, 4, hand)
    if held <= 0:
        return 0.0, _lie_counts(count, hand, FORCED_LIE_COUNTS)
    truthful = lying = 0.0
    honest = 1.0 - bluff - STRAY_LIE
    if count == top:
        truthful += honest * (1.0 - HOLD_BACK if top > 1 else 1.0)
    elif count < top:
        truthful += honest * HOLD_BACK / (top - 1)
    extra = count - top
    if extra >= 1 and count <= hand:
        room = min(4, hand) - top
        weights = EXTRA_COUNTS[:room]
        if extra <= len(weights):
            lying += bluff * weights[extra - 1] / sum(weights)
    lying += STRAY_LIE * _lie_counts(count, hand, FORCED_LIE_COUNTS) * 0.5
    return truthful, lying


def bluff_tendency(memory: TableMemory | None, seat: int, default: float = 0.2) -> float:
    """How often `seat` adds false cards to true ones, read from its known lies."""
    if memory is None:
        return default
    rate = memory.habits[seat].lie_rate()
    return min(0.75, max(0.04, default * rate / 0.45))


TRUST = 0.75  # how far the memory's guesses are trusted over a plain share by hand size


@dataclass(slots=True)
class RankPicture:
    """Where the cards that make a call of one rank true are, as far as one seat knows.

    Copies held for certain are placed. Without memory the other copies are drawn without
    replacement among the unseen cards (hypergeometric). With memory each free copy lands in
    a seat by its share: the memory's guesses (calls let stand, piles taken), blended with a
    plain share by the number of cards the seat holds (binomial).
    """

    copies: int  # in the whole game (Színes included)
    mine: int  # in this seat's hand
    pile_sure: int  # known to lie in the pile (this seat's own calls)
    certain: list[int]  # copies each other hand holds for sure
    free: int  # copies not in this hand, not known in the pile, not held for sure
    shares: list[float] | None  # chance one free copy is in each hand (None: hypergeometric)
    pool: int  # unseen cards: other hands', the pile's, the set-aside ones
    sizes: list[int]  # cards of each hand

    def holding(self, seat: int) -> tuple[float, ...]:
        """P(`seat` holds k copies), k = 0, 1, ..."""
        certain = self.certain[seat]
        if self.shares is None:
            draw = hypergeom(self.pool, self.free, self.sizes[seat])
        else:
            draw = _binomial(self.free, round(self.shares[seat], 3))
        return (0.0,) * certain + draw if certain else draw


@lru_cache(maxsize=8192)
def _binomial(trials: int, share: float) -> tuple[float, ...]:
    share = min(1.0, max(0.0, share))
    return tuple(comb(trials, k) * share**k * (1.0 - share) ** (trials - k) for k in range(trials + 1))


def rank_picture(
    view: TableView,
    memory: TableMemory | None,
    keys: tuple[str, ...],
    copies: int,
    away: int = -1,
    away_cards: int = 0,
) -> RankPicture:
    """Place the cards of rank keys `keys`; `away` is a seat whose hand counts `away_cards` more."""
    n, me = view.players, view.seat
    mine = sum(1 for c in view.hand if kind(c) in keys)
    sizes = list(view.hand_sizes)
    if away >= 0:
        sizes[away] += away_cards
    sizes[me] = 0
    pile_cards = view.pile_size - away_cards
    certain = [0] * n
    pool = sum(sizes) + pile_cards + view.set_aside
    if memory is None:
        return RankPicture(copies, mine, 0, certain, max(0, copies - mine), None, pool, sizes)
    exact = memory.pile_exact()
    pile_guess = memory.pile_guess()
    pile_sure = round(sum(exact.get(k, 0.0) for k in keys))
    guessed = [0.0] * n
    placed = [0.0] * n
    for s in range(n):
        if s == me:
            continue
        guess, sure = memory.guess[s], memory.certain[s]
        certain[s] = min(sizes[s], int(sum(sure.get(k, 0.0) for k in keys) + 1e-6))
        guessed[s] = max(0.0, sum(guess.get(k, 0.0) for k in keys) - certain[s])
        placed[s] = max(sum(guess.values()), sum(sure.values()))
    free = max(0, copies - mine - pile_sure - sum(certain))
    in_pile = sum(pile_guess.get(k, 0.0) for k in keys)
    total = sum(guessed) + in_pile
    scale = min(1.0, free / total) if total > 0 else 0.0
    slots = [max(0.0, sizes[s] - placed[s]) for s in range(n)]
    unplaced = (
        sum(slots) + view.set_aside + max(0.0, pile_cards - sum(exact.values()) - sum(pile_guess.values()))
    )
    unguessed = 1.0 - total * scale / free if free else 0.0
    unseen = max(1, pool - round(sum(exact.values())) - sum(certain))
    shares = [0.0] * n
    for s in range(n):
        if s != me and free:
            by_memory = guessed[s] * scale / free + (unguessed * slots[s] / unplaced if unplaced else 0.0)
            by_size = max(0, sizes[s] - certain[s]) / unseen
            shares[s] = TRUST * by_memory + (1.0 - TRUST) * by_size
    return RankPicture(copies, mine, pile_sure, certain, free, shares, pool, sizes)


def _keys(view: TableView, rank: str) -> tuple[str, ...]:
    return (rank, "*S") if view.rules.jokers else (rank,)


def lie_estimate(
    view: TableView, memory: TableMemory | None = None, bluff: float | None = None
) -> LieEstimate:
    """The chance the last call is false, from this seat's hand (and memory when given);
    ValueError before the first call (there is nothing to judge)."""
    last = view.last_call
    if last is None:
        raise ValueError("no call to judge yet")
    counts = deck_counts(view)
    caller, count, rank = last.seat, last.count, last.rank
    picture = rank_picture(view, memory, _keys(view, rank), counts.matching, caller, count)
    hand = view.hand_sizes[caller] + count
    dist = picture.holding(caller)
    if bluff is None:
        bluff = bluff_tendency(memory, caller)
    true_mass = lie_mass = 0.0
    for held, chance in enumerate(dist):
        if chance > 0.0:
            truthful, lying = call_likelihood(count, held, hand, bluff)
            true_mass += chance * truthful
            lie_mass += chance * lying
    fako_mass = 0.0
    if count == 1 and counts.fako:
        fakos = rank_picture(view, memory, ("*F",), counts.fako, caller, count).holding(caller)
        has_fako = 1.0 - fakos[0]
        bait = has_fako * FAKO_CHOICE  # nothing of the rank, the Fakó in hand, played alone
        fako_mass = dist[0] * bait
        lie_mass = max(0.0, lie_mass - dist[0] * bait * _lie_counts(1, hand, FORCED_LIE_COUNTS))
    others = sum(picture.certain[s] for s in range(view.players) if s != caller)
    placed = picture.mine + picture.pile_sure + others
    impossible = count > counts.matching - placed
    everything = true_mass + lie_mass + fako_mass
    if impossible or everything <= 0.0:
        probability = 1.0
        fako = fako_mass / (lie_mass + fako_mass) if lie_mass + fako_mass > 0 else 0.0
    else:
        probability = (lie_mass + fako_mass) / everything
        fako = fako_mass / everything
    return LieEstimate(
        caller,
        count,
        rank,
        probability,
        fako,
        impossible,
        picture.mine,
        counts.matching,
        placed,
        last.emptied_hand,
    )


def challengers(view: TableView) -> list[int]:
    """The other seats that could challenge a call of this seat right now."""
    bullets = view.rules.uses_bullets
    if view.rules.who_may_challenge == WhoMayChallenge.NEXT:
        seats = [(view.seat + 1) % view.players]  # the option "only the next player"
    else:
        seats = [s for s in range(view.players) if s != view.seat]
    return [s for s in seats if not bullets or view.bullets[s] > 0]


def proof_chances(view: TableView, memory: TableMemory | None, seats: list[int]) -> list[list[float]]:
    """For each seat, P(its own hand proves a false call of 1-4 cards of the current rank)."""
    counts = deck_counts(view)
    picture = rank_picture(view, memory, _keys(view, view.rank), counts.matching)
    table = []
    for seat in seats:
        dist = picture.holding(seat)
        row = [0.0]
        for count in range(1, 5):
            need = counts.matching - count + 1  # "x > total - count" proves it false
            row.append(sum(dist[need:]) if need < len(dist) else 0.0)
        table.append(row)
    return table
