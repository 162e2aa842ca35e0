"""Poker dice: hand values, the 248 ordered claims, their words, and exact probabilities."""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import factorial, prod

from bluffhouse.game.contract import Refusal
from bluffhouse.game.errors import Reason

DICE = 5
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
# "The ace (the 1) is the highest face, then 6, 5, 4, 3, 2."
FACE_RANK: dict[int, int] = {2: 0, 3: 1, 4: 2, 5: 3, 6: 4, 1: 5}


class Category(IntEnum):
    """The kinds of poker-dice hand, lowest first."""

    NOTHING = 0  # [settled] "ranks below every claim and cannot be proposed"
    ONE_PAIR = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    SMALL_STRAIGHT = 4  # 1-2-3-4-5
    LARGE_STRAIGHT = 5  # 2-3-4-5-6
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    FIVE_OF_A_KIND = 8


CATEGORY_NAMES: dict[Category, str] = {
    Category.NOTHING: "nothing",
    Category.ONE_PAIR: "one pair",
    Category.TWO_PAIRS: "two pairs",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.SMALL_STRAIGHT: "small straight",
    Category.LARGE_STRAIGHT: "large straight",
    Category.FULL_HOUSE: "full house",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.FIVE_OF_A_KIND: "five of a kind",
}
FACE_NAMES: dict[int, tuple[str, str]] = {
    1: ("ace", "aces"),
    2: ("two", "twos"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
}


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """The worth of five dice: compare, hash, and read `category` and `faces` to translate."""

    category: Category
    key: tuple[int, ...]  # face ranks (ace high) of the main group, second group, kickers
    faces: tuple[int, ...] = field(compare=False)  # the same, as faces: what words name
    dice: tuple[int, ...] = field(compare=False)  # canonical dice: main group first, high first

    @property
    def is_claim(self) -> bool:
        """True unless nothing: "nothing ... cannot be proposed"."""
        return self.category is not Category.NOTHING

    def __repr__(self) -> str:
        return f"HandValue({describe(self)!r})"


# Five dice (faces 1-6, in any order) or their value: what the claims' questions take.
DiceLike = Sequence[int] | HandValue


def _value_of(sorted_dice: tuple[int, ...]) -> HandValue:
    """Compute the value of a sorted five-dice multiset (table building only)."""
    counts = Counter(sorted_dice)
    # "compare the main group first, then the second group, then the remaining dice
    # from high to low": bigger groups first, higher faces first within equal sizes.
    groups = sorted(counts.items(), key=lambda fc: (fc[1], FACE_RANK[fc[0]]), reverse=True)
    shape = tuple(c for _, c in groups)
    faces = tuple(f for f, _ in groups)
    dice = tuple(f for f, c in groups for _ in range(c))
    if shape == (5,):
        category = Category.FIVE_OF_A_KIND
    elif shape == (4, 1):
        category = Category.FOUR_OF_A_KIND
    elif shape == (3, 2):
        category = Category.FULL_HOUSE
    elif shape == (3, 1, 1):
        category = Category.THREE_OF_A_KIND
    elif shape == (2, 2, 1):
        category = Category.TWO_PAIRS
    elif shape == (2, 1, 1, 1):
        category = Category.ONE_PAIR
    elif set(sorted_dice) == {1, 2, 3, 4, 5}:
        # "The two straights have one value each."
        return HandValue(Category.SMALL_STRAIGHT, (), (), dice)
    elif set(sorted_dice) == {2, 3, 4, 5, 6}:
        return HandValue(Category.LARGE_STRAIGHT, (), (), dice)
    else:
        category = Category.NOTHING
    return HandValue(category, tuple(FACE_RANK[f] for f in faces), faces, dice)


# Every multiset of five dice (252 of them), as sorted tuples, and its value.
STATES: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(FACES, DICE))
_VALUES: dict[tuple[int, ...], HandValue] = {s: _value_of(s) for s in STATES}
_CLAIM_VALUES: tuple[HandValue, ...] = tuple(sorted({v for v in _VALUES.values() if v.is_claim}))
_CLAIMS: tuple[tuple[int, ...], ...] = tuple(v.dice for v in _CLAIM_VALUES)
_CLAIM_INDEX: dict[HandValue, int] = {v: i for i, v in enumerate(_CLAIM_VALUES)}
CLAIM_COUNT = len(_CLAIMS)  # 248: "exactly 248 distinct propositions, in one total order"
_STATE_INDEX: dict[tuple[int, ...], int] = {s: i for i, s in enumerate(STATES)}
# Ordered rolls seen so far (at most 7776), for a fast lookup of the common case: the sorted
# ones from the start, any other order learnt the first time it is checked (building all 7776
# at import cost ~4 ms of every start of a duel's modules).
_ORDERED: dict[tuple[int, ...], int] = dict(_STATE_INDEX)
_INT = {int}


def _checked(dice: Sequence[int]) -> tuple[int, ...]:
    """The dice as a sorted tuple, or ValueError unless they are five faces 1-6."""
    if type(dice) is tuple and set(map(type, dice)) == _INT:
        index = _ORDERED.get(dice)  # (looked up once: ints only, so hashable)
        if index is not None:
            return STATES[index]  # the fast path: a plain tuple of five ints 1-6
    try:
        faces = tuple(dice)
    except TypeError:
        raise ValueError(f"dice must be five faces 1-6, not {dice!r}") from None
    if len(faces) != DICE or not all(
        type(f) is int and 1 <= f <= 6
        for f in faces  # real ints: no bool, no liar
    ):
        raise ValueError(f"dice must be five faces 1-6, not {dice!r}")
    state = tuple(sorted(faces))
    if type(dice) is tuple:  # five plain ints 1-6: next time it takes the fast path
        _ORDERED[dice] = _STATE_INDEX[state]
    return state


def hand_value(dice: DiceLike) -> HandValue:
    """The value of five dice, in any order; ValueError unless five faces 1-6."""
    if isinstance(dice, HandValue):
        return dice
    return _VALUES[_checked(dice)]


def canonical(dice: DiceLike) -> tuple[int, ...]:
    """The dice in naming order: main group first, then high to low (ace high)."""
    return hand_value(dice).dice


def all_claims() -> list[tuple[int, ...]]:
    """The 248 propositions, lowest first, each as canonical dice."""
    return list(_CLAIMS)


def claim_values() -> tuple[HandValue, ...]:
    """The 248 proposition values, lowest first."""
    return _CLAIM_VALUES


def claim_index(dice: DiceLike) -> int:
    """Position 0-247 of the dice's value among the claims; ValueError for nothing."""
    value = hand_value(dice)
    index = _CLAIM_INDEX.get(value)
    if index is None:
        raise ValueError(f"{describe(value)} is not a proposition")
    return index


def claim_met(dice: DiceLike, claim: DiceLike) -> bool:
    """Whether the dice under a cup are worth the proposition: "as much or more" holds it."""
    return hand_value(dice) >= hand_value(claim)


def claim_refusal(dice: DiceLike, last: DiceLike | None) -> Refusal | None:
    """Why `dice` may not be proposed after the proposition `last` (None: the first), or None."""
    value = hand_value(dice)
    if not value.is_claim:
        return Refusal(Reason.NOTHING_CLAIM)  # "Nothing cannot be proposed"
    if last is not None and value <= hand_value(last):
        return Refusal(Reason.CLAIM_NOT_HIGHER)  # "makes a higher proposition for their own dice"
    return None


def first_claim_above(claim: DiceLike | None) -> int:
    """The number of the lowest proposition allowed after `claim` (None: the first, any claim)."""
    return 0 if claim is None else claim_index(claim) + 1  # "a higher proposition"


def claim_at(index: int) -> tuple[int, ...]:
    """The canonical dice of claim number `index` (0-247)."""
    return _CLAIMS[index]


def next_claim(dice: DiceLike | None = None) -> tuple[int, ...] | None:
    """The lowest claim strictly above the dice's value (the lowest claim for None)."""
    if dice is None:
        return _CLAIMS[0]
    value = hand_value(dice)
    if not value.is_claim:
        return _CLAIMS[0]
    index = _CLAIM_INDEX[value] + 1
    return _CLAIMS[index] if index < CLAIM_COUNT else None


HIGHEST_CLAIM: tuple[int, ...] = _CLAIMS[-1]  # five aces
HIGHEST_VALUE: HandValue = _CLAIM_VALUES[-1]
LOWEST_CLAIM: tuple[int, ...] = _CLAIMS[0]  # a pair of twos with 5-4-3


# ---- words -------------------------------------------------------------------------


def _one(face: int) -> str:
    word = FACE_NAMES[face][0]
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def _many(face: int) -> str:
    return FACE_NAMES[face][1]


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def describe(dice: DiceLike) -> str:
    """The value in full English words: "a pair of aces, a pair of threes and a five"."""
    value = hand_value(dice)
    c, f = value.category, value.faces
    if c is Category.FIVE_OF_A_KIND:
        return f"five {_many(f[0])}"
    if c is Category.FOUR_OF_A_KIND:
        return f"four {_many(f[0])} with {_one(f[1])}"
    if c is Category.FULL_HOUSE:
        return f"full house, {_many(f[0])} over {_many(f[1])}"
    if c in (Category.LARGE_STRAIGHT, Category.SMALL_STRAIGHT):
        return CATEGORY_NAMES[c]
    if c is Category.THREE_OF_A_KIND:
        return f"three {_many(f[0])} with {_one(f[1])} and {_one(f[2])}"
    if c is Category.TWO_PAIRS:
        return f"a pair of {_many(f[0])}, a pair of {_many(f[1])} and {_one(f[2])}"
    if c is Category.ONE_PAIR:
        return f"a pair of {_many(f[0])} with {_and([_one(k) for k in f[1:]])}"
    return f"nothing but {_and([_one(k) for k in f])}"


# ---- exact probabilities -------------------------------------------------------------
# A state is one of the 252 multisets; a keep is a multiset of 0-5 dice held back.

_KEEPS: tuple[tuple[int, ...], ...] = tuple(
    k for n in range(DICE + 1) for k in combinations_with_replacement(FACES, n)
)
_KEEP_INDEX: dict[tuple[int, ...], int] = {k: i for i, k in enumerate(_KEEPS)}
_REROLL_ALL = _KEEP_INDEX[()]


@cache  # 462 distinct rolls, asked ~10,000 times while the tables are built
def _roll_chance(faces: tuple[int, ...]) -> float:
    """Chance that rolling len(faces) dice gives exactly this multiset."""
    n = len(faces)
    ways = factorial(n) // prod(factorial(c) for c in Counter(faces).values())
    rolls: int = 6**n  # (a power of an int by an int may be a float for the checker)
    return ways / rolls


def _transitions(keep: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The states reachable by rolling the other dice beside `keep`, and their chances."""
    states, chances = [], []
    for rolled in combinations_with_replacement(FACES, DICE - len(keep)):
        states.append(_STATE_INDEX[tuple(sorted(keep + rolled))])
        chances.append(_roll_chance(rolled))
    return tuple(states), tuple(chances)


_FRESH_CHANCE: tuple[float, ...] = tuple(_roll_chance(s) for s in STATES)
_Transition = tuple[tuple[int, ...], tuple[float, ...]]  # the states a reroll reaches, their chances


@lru_cache(maxsize=1)
def _reroll_tables() -> tuple[tuple[_Transition, ...], tuple[tuple[int, ...], ...]]:
    """Each keep's transitions, and the distinct keeps of each state that leave at least one die to
    roll: built the first time a chance is asked (25 ms), not when the module is imported (every
    start of the game, and every process the tests start, imports it)."""
    transitions = tuple(_transitions(k) for k in _KEEPS)
    state_keeps = tuple(
        tuple(sorted({_KEEP_INDEX[k] for n in range(DICE) for k in combinations(s, n)})) for s in STATES
    )
    return transitions, state_keeps


@lru_cache(maxsize=4096)
def _reach_table(target: HandValue, rerolls: int, keep_best: bool) -> tuple[float, ...]:
    """For every state, the chance to end at >= target within `rerolls` rerolls."""
    if rerolls == 0:
        return tuple(1.0 if _VALUES[s] >= target else 0.0 for s in STATES)
    before = _reach_table(target, rerolls - 1, keep_best)
    done = _reach_table(target, 0, keep_best)
    get = before.__getitem__
    transitions, state_keeps = _reroll_tables()
    if keep_best:
        expect = [sum(map(operator.mul, ch, map(get, st))) for st, ch in transitions]
        return tuple(1.0 if done[i] else max(expect[k] for k in state_keeps[i]) for i in range(len(STATES)))
    states, chances = transitions[_REROLL_ALL]
    fresh: float = sum(map(operator.mul, chances, map(get, states)))
    return tuple(1.0 if done[i] else fresh for i in range(len(STATES)))


def _target(target: DiceLike) -> HandValue:
    return target if isinstance(target, HandValue) else hand_value(target)


def _rerolls(rerolls: int) -> int:
    if type(rerolls) is not int or rerolls < 0:
        raise ValueError(f"rerolls must be a whole number >= 0, not {rerolls!r}")
    return rerolls


def reach_probability(dice: Sequence[int], keep_best: bool, rerolls: int, target: DiceLike) -> float:
    """Chance that these dice end >= target within `rerolls` rerolls.

    keep_best=True keeps the best dice at each reroll; False rerolls all five each time.
    One stops as soon as the target is reached.
    """
    table = _reach_table(_target(target), _rerolls(rerolls), bool(keep_best))
    return table[_STATE_INDEX[_checked(dice)]]


def prob_at_least(target: DiceLike, rerolls: int = 0) -> float:
    """Chance that a fresh roll of five dice is >= target (after up to `rerolls` best rerolls)."""
    table = _reach_table(_target(target), _rerolls(rerolls), True)
    chance: float = sum(map(operator.mul, _FRESH_CHANCE, table))
    return chance


def best_keep(dice: Sequence[int], rerolls: int, target: DiceLike) -> tuple[int, ...]:
    """Indices of the dice to keep for the best chance to reach target; all five if reached."""
    faces = tuple(dice)
    kept = _best_kept_faces(_checked(faces), _rerolls(rerolls), _target(target))
    indices: list[int] = []
    for face in kept:
        indices.append(next(i for i, f in enumerate(faces) if f == face and i not in indices))
    return tuple(sorted(indices))


@lru_cache(maxsize=65536)
def _best_kept_faces(start: tuple[int, ...], rerolls: int, target: HandValue) -> tuple[int, ...]:
    """The multiset of faces to keep; on equal chances, keep more dice."""
    if _VALUES[start] >= target or rerolls == 0:
        return start
    before = _reach_table(target, rerolls - 1, True).__getitem__
    best: tuple[int, ...] = ()
    best_chance = -1.0
    transitions, state_keeps = _reroll_tables()
    for k in state_keeps[_STATE_INDEX[start]]:
        states, chances = transitions[k]
        chance = sum(map(operator.mul, chances, map(before, states)))
        keep = _KEEPS[k]
        if chance > best_chance + 1e-12 or (chance > best_chance - 1e-12 and len(keep) > len(best)):
            best, best_chance = keep, chance
    return best
