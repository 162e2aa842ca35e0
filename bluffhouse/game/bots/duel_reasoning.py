"""The hard duel player's arithmetic: a belief over the other cup, read from its public moves.

A belief is a probability for each of the 252 multisets of five dice. It starts as a fair
roll, and each public move of that player reweights it: its opening mood, the number of
dice it shook (it is assumed to keep the dice best suited to beat the claim it faced) and
the propositions it made (likely its true value or the smallest raise when it must lie).
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

from bluffhouse.game.dice import (
    CLAIM_COUNT,
    DICE,
    FACES,
    STATES,
    claim_at,
    claim_index,
    hand_value,
    reach_probability,
)
from bluffhouse.game.duel_events import Declared, DiceRolled, DuelEvent, Mood, Proposed, Rerolled
from bluffhouse.game.duel_view import DuelView

Belief = tuple[float, ...]
STATE_INDEX: dict[tuple[int, ...], int] = {s: i for i, s in enumerate(STATES)}
# Claim index of each state's value (-1 for "nothing"): a state meets claim k when >= k.
STATE_CLAIM: tuple[int, ...] = tuple(claim_index(s) if hand_value(s).is_claim else -1 for s in STATES)
SATISFIED_FROM = claim_index((5, 5, 4, 3, 2))  # where a typical player starts to be content


@cache  # 462 distinct rolls, asked ~10,000 times while the tables are built
def _roll_chance(faces: tuple[int, ...]) -> float:
    ways = factorial(len(faces)) // prod(factorial(c) for c in Counter(faces).values())
    rolls: int = 6 ** len(faces)  # (a power of an int by an int may be a float for the checker)
    return ways / rolls


FRESH: Belief = tuple(_roll_chance(s) for s in STATES)


def _outcomes(keep: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    out: dict[int, float] = {}
    for rolled in combinations_with_replacement(FACES, DICE - len(keep)):
        i = STATE_INDEX[tuple(sorted(keep + rolled))]
        out[i] = out.get(i, 0.0) + _roll_chance(rolled)
    return tuple(out), tuple(out.values())


# Keeps of 0-4 dice (sorted faces), the states each can end in with their chances, and the
# keeps of each state by size.
KEEPS: tuple[tuple[int, ...], ...] = tuple(
    k for n in range(DICE) for k in combinations_with_replacement(FACES, n)
)
KEEP_INDEX: dict[tuple[int, ...], int] = {k: i for i, k in enumerate(KEEPS)}
OUTCOMES: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...] = tuple(map(_outcomes, KEEPS))
KEEPS_BY_SIZE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(sorted({KEEP_INDEX[k] for k in combinations(s, n)})) for n in range(DICE)) for s in STATES
)
STATE_KEEPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for group in by_size for k in group) for by_size in KEEPS_BY_SIZE
)


def keep_values(values: Sequence[float]) -> list[float]:
    """For every keep, the expected `values` of the state reached by rolling the other dice."""
    get = values.__getitem__
    return [sum(map(operator.mul, chances, map(get, states))) for states, chances in OUTCOMES]


@lru_cache(maxsize=1024)
def reach_vector(target: int, rerolls: int) -> tuple[float, ...]:
    """For every state, the chance to reach claim `target` within `rerolls` best rerolls."""
    if target >= CLAIM_COUNT:
        return (0.0,) * len(STATES)
    dice = claim_at(target)
    return tuple(reach_probability(s, True, rerolls, dice) for s in STATES)


@lru_cache(maxsize=1024)
def keep_policy(target: int, rerolls_after: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per state: (dice a good player rerolls for `target`, its best keep of each size 0-4)."""
    values = keep_values(reach_vector(target, rerolls_after))
    value = values.__getitem__
    table = []
    for i, by_size in enumerate(KEEPS_BY_SIZE):
        best = tuple(max(group, key=value) for group in by_size)
        if STATE_CLAIM[i] >= target:
            table.append((0, best))
            continue
        size = max(range(DICE), key=lambda n: (values[best[n]], n))
        table.append((DICE - size, best))
    return tuple(table)


def after_reroll(belief: Belief, count: int, target: int, rerolls_after: int) -> Belief:
    """The belief after that player shook `count` dice while aiming at claim `target`."""
    policy = keep_policy(min(target, CLAIM_COUNT - 1), rerolls_after)
    size = DICE - count
    mass: dict[int, float] = {}
    for i, weight in enumerate(belief):
        if weight <= 1e-12:
            continue
        wanted, keeps = policy[i]
        likelihood = 1.0 if wanted == count else 0.3 if abs(wanted - count) == 1 else 0.08
        keep = keeps[size]
        mass[keep] = mass.get(keep, 0.0) + weight * likelihood
    out = [0.0] * len(STATES)
    for keep, weight in mass.items():
        states, chances = OUTCOMES[keep]
        for j, chance in zip(states, chances, strict=True):
            out[j] += weight * chance
    return _normal(out)


@lru_cache(maxsize=4096)
def proposal_likelihood(claim: int, facing: int) -> tuple[float, ...]:
    """P(proposing claim index `claim` over claim `facing` (-1: none) | each state)."""
    low = facing + 1
    out = []
    for value in STATE_CLAIM:
        if value >= low:  # it could tell the truth
            if claim == value:
                p = 0.55
            elif claim < value:
                p = 0.3 / (value - low + 1)
            else:
                p = 0.15 * 0.3 * 0.7 ** (claim - value - 1)
        else:  # it must lie
            p = 0.6 if claim == low else 0.4 * 0.3 * 0.7 ** (claim - low - 1)
        out.append(p)
    return tuple(out)


def _normal(weights: Sequence[float]) -> Belief:
    total = sum(weights)
    if total <= 0:
        return FRESH
    return tuple(w / total for w in weights)


@lru_cache(maxsize=4)
def _mood_likelihood(mood: Mood) -> tuple[float, ...]:
    content = tuple(0.8 if v >= SATISFIED_FROM else 0.25 for v in STATE_CLAIM)
    if mood == Mood.SATISFIED:
        return content
    if mood == Mood.NOT_SATISFIED:
        return tuple(1.0 - p for p in content)
    return (1.0,) * len(STATES)


class Reader:
    """Reads one seat's cup from the public history, event by event (reuse it within a round)."""

    __slots__ = ("_tail", "belief", "facing", "last_claim", "seat", "seen")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._start()

    def _start(self) -> None:
        self.belief: Belief = FRESH
        self.facing = -1  # the claim the seat has to beat
        self.last_claim = -1
        self.seen = 0
        self._tail: tuple[DuelEvent, ...] = ()  # the events read, to check that a history continues them

    def read(self, history: Sequence[DuelEvent]) -> Belief:
        """The belief after every event of `history` (which must continue what was read)."""
        if self.seen > len(history) or history[: self.seen] != self._tail:
            self._start()  # another round: start afresh
        for event in history[self.seen :]:
            self._event(event)
        self.seen = len(history)
        self._tail = tuple(history)
        return self.belief

    def _event(self, event: DuelEvent) -> None:
        seat = self.seat
        if isinstance(event, DiceRolled):
            self.belief, self.facing, self.last_claim = FRESH, -1, -1
        elif isinstance(event, Declared) and event.seat == seat:
            likelihood = _mood_likelihood(event.mood)
            self.belief = _normal([b * p for b, p in zip(self.belief, likelihood, strict=True)])
        elif isinstance(event, Rerolled) and event.seat == seat:
            self.belief = after_reroll(self.belief, event.count, self.facing + 1, 2 - event.number)
        elif isinstance(event, Proposed):
            index = claim_index(event.dice)
            if event.seat == seat:
                likelihood = proposal_likelihood(index, self.last_claim)
                self.belief = _normal([b * p for b, p in zip(self.belief, likelihood, strict=True)])
            else:
                self.facing = index
            self.last_claim = index


def read_player(history: Sequence[DuelEvent], seat: int) -> Belief:
    """The belief over `seat`'s dice from the public history of this round."""
    return Reader(seat).read(history)


def chance_at_least(belief: Belief, claim: int) -> float:
    """P(the believed dice are worth at least claim index `claim`)."""
    return sum(w for w, v in zip(belief, STATE_CLAIM, strict=True) if v >= claim)


def claimant_rerolls(view: DuelView) -> int:
    """How many times the claimant has rerolled since the dice were last rolled."""
    count = 0
    for event in reversed(view.history):
        if isinstance(event, DiceRolled):
            break
        if isinstance(event, Rerolled) and event.seat == view.claimant:
            count += 1
    return count
