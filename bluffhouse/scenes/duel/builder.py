"""ClaimBuilder: build a proposition part by part — the kind of hand, then each group's face (no pygame).

A claim is a kind of hand and the faces of its parts: the pair (or the three, four or five of
a kind), the second pair or the pair of a full house, and the kickers. Every state of the builder
is a whole claim; a claim that is not higher than the one to beat may be built and looked at,
but never proposed (`legal` says so and `refusal` says why).

The moves, each one press or one click:
- `choose(category)`: the kind of hand, keeping the main face when a claim of that kind with
  it beats the claim to beat; otherwise the lowest claim of that kind that does.
- `press(row, face)`: set a part. A one-face part takes the face; the parts after it stay when
  they still fit and the claim is still higher, else they become the lowest that makes it higher.
  In a kickers row (two or three faces) a face that is out comes in and the kicker in longest
  goes out; a kicker pressed goes out and the face out longest comes back. So any set of
  kickers is at most two presses away.
- `key_face(face)`: the keyboard's face keys act on the active row and move on to the next row
  after a one-face part, so "kind, face, face, face" types any claim.
- `mine()`: one's own dice (when they are higher); `lowest()`: the lowest claim that beats it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from bluffhouse.game.dice import Category, HandValue, claim_values, first_claim_above, hand_value
from bluffhouse.game.quick import quick_init

# Faces from the highest (the ace) down: the order of the chips, left to right.
FACES_HIGH_FIRST: tuple[int, ...] = (1, 6, 5, 4, 3, 2)
KINDS: tuple[Category, ...] = tuple(c for c in Category if c is not Category.NOTHING)
_VALUES = claim_values()
TOP = len(_VALUES) - 1


@dataclass(frozen=True, slots=True)
class Row:
    """One part of a kind of hand: how many faces it holds (one, or the kickers' two or three)."""

    name: str  # its words: "duel.build.row.<name>"
    size: int = 1
    count: int = 1  # dice of each face it holds: 2 for a pair, 3 for a three, 1 for a kicker


ROWS: dict[Category, tuple[Row, ...]] = {
    Category.ONE_PAIR: (Row("pair", 1, 2), Row("kickers3", 3)),
    Category.TWO_PAIRS: (Row("first_pair", 1, 2), Row("second_pair", 1, 2), Row("kicker", 1)),
    Category.THREE_OF_A_KIND: (Row("three", 1, 3), Row("kickers2", 2)),
    Category.SMALL_STRAIGHT: (),
    Category.LARGE_STRAIGHT: (),
    Category.FULL_HOUSE: (Row("three", 1, 3), Row("full_pair", 1, 2)),
    Category.FOUR_OF_A_KIND: (Row("four", 1, 4), Row("kicker", 1)),
    Category.FIVE_OF_A_KIND: (Row("five", 1, 5),),
}
STRAIGHTS = {Category.SMALL_STRAIGHT: (1, 2, 3, 4, 5), Category.LARGE_STRAIGHT: (2, 3, 4, 5, 6)}


def _rank(face: int) -> int:
    return FACES_HIGH_FIRST.index(face)  # 0 for the ace, 5 for the two


@quick_init
@dataclass(frozen=True, slots=True)
class Part:
    """The faces a row holds now: `lit` in the order they came in (oldest first) and, for a
    kickers row, the faces left out in the order they went out (oldest first)."""

    lit: tuple[int, ...]
    out: tuple[int, ...] = ()

    @property
    def face(self) -> int:
        """A one-face row's face."""
        return self.lit[0]

    def has(self, face: int) -> bool:
        """Whether the face is in this part."""
        return face in self.lit


Parts = tuple[Part, ...]


def fresh_part(row: Row, faces: tuple[int, ...], free: tuple[int, ...]) -> Part:
    """A part holding `faces`; for kickers the lowest comes in first (it goes out first) and of
    the faces left out the highest went out first (it comes back first)."""
    if row.size == 1:
        return Part((faces[0],))
    lit = tuple(sorted(faces, key=_rank, reverse=True))
    out = tuple(sorted((f for f in free if f not in faces), key=_rank))
    return Part(lit, out)


def dice_of(category: Category, parts: tuple[Part, ...]) -> tuple[int, ...]:
    """The five dice a kind of hand and its parts stand for."""
    if category in STRAIGHTS:
        return STRAIGHTS[category]
    dice: list[int] = []
    for row, part in zip(ROWS[category], parts, strict=True):
        for face in part.lit:
            dice.extend([face] * row.count)
    return tuple(dice)


def free_faces(category: Category, parts: tuple[Part, ...], index: int) -> tuple[int, ...]:
    """The faces row `index` may hold: those no earlier row holds, highest first."""
    used = {f for part in parts[:index] for f in part.lit}
    return tuple(f for f in FACES_HIGH_FIRST if f not in used)


def _completions(category: Category, prefix: tuple[Part, ...]) -> Iterator[Parts]:
    """Every way to fill the rows after `prefix` (fresh parts), as tuples of parts."""
    rows = ROWS[category]
    if len(prefix) == len(rows):
        yield prefix
        return
    row = rows[len(prefix)]
    free = free_faces(category, prefix, len(prefix))
    for faces in combinations(free, row.size):
        yield from _completions(category, (*prefix, fresh_part(row, faces, free)))


@lru_cache(maxsize=4096)
def ranked_completions(category: Category, prefix: tuple[Part, ...]) -> tuple[tuple[HandValue, Parts], ...]:
    """Every completion of `prefix` with its value, lowest first."""
    options = ((hand_value(dice_of(category, parts)), parts) for parts in _completions(category, prefix))
    return tuple(sorted(options, key=lambda option: option[0]))


class ClaimBuilder:
    """The proposition being built; `to_beat` the claim it must top (None: any claim)."""

    def __init__(self, to_beat: tuple[int, ...] | None = None, own: tuple[int, ...] | None = None):
        """to_beat: the last proposition (None before the first); own: the player's dice."""
        self.to_beat = tuple(to_beat) if to_beat is not None else None
        self.floor: HandValue | None = hand_value(to_beat) if to_beat is not None else None
        self.low = first_claim_above(self.to_beat)  # the engine's floor
        self.own = tuple(own) if own is not None else None
        self.touched = False  # the player changed the claim themselves
        self.category: Category = Category.ONE_PAIR
        self.parts: tuple[Part, ...] = ()
        self.active = 0  # the row the keyboard's face keys set
        self.reset()

    # -- what it holds -------------------------------------------------------------------

    @property
    def empty(self) -> bool:
        """Nothing is higher than the claim to beat (five aces): only a challenge remains."""
        return self.low > TOP

    @property
    def dice(self) -> tuple[int, ...]:
        """The claim built, as canonical dice (main group first)."""
        return hand_value(dice_of(self.category, self.parts)).dice

    @property
    def value(self) -> HandValue:
        """The worth of the claim built."""
        return hand_value(dice_of(self.category, self.parts))

    @property
    def selected(self) -> tuple[int, ...] | None:
        """The claim to propose: the one built when it is higher, else None."""
        return self.dice if self.legal else None

    @property
    def legal(self) -> bool:
        """Whether the claim built is higher than the claim to beat."""
        return not self.empty and self.higher(self.value)

    def higher(self, value: HandValue) -> bool:
        """Whether a value beats the claim to beat."""
        return self.floor is None or value > self.floor

    @property
    def rows(self) -> tuple[Row, ...]:
        """The parts of the kind chosen."""
        return ROWS[self.category]

    def free(self, index: int) -> tuple[int, ...]:
        """The faces row `index` may hold now."""
        return free_faces(self.category, self.parts, index)

    def kind_reaches(self, category: Category) -> bool:
        """Whether some claim of this kind beats the claim to beat."""
        return any(v.category == category for v in _VALUES[self.low :])

    def face_reaches(self, index: int, face: int) -> bool:
        """Whether setting row `index` to `face` (the rows before it as they are) can still beat it."""
        if self.floor is None:
            return True
        row = self.rows[index]
        free = self.free(index)
        if face not in free:
            return False
        if row.size > 1:  # kickers: judged as a whole, on the claim itself
            return True
        prefix = (*self.parts[:index], fresh_part(row, (face,), free))
        return self.higher(ranked_completions(self.category, prefix)[-1][0])

    @property
    def mine_value(self) -> HandValue | None:
        """The worth of one's own dice when it is a claim higher than the one to beat."""
        if self.own is None or self.empty:
            return None
        value = hand_value(self.own)
        return value if value.is_claim and self.higher(value) else None

    @property
    def is_mine(self) -> bool:
        """The claim built is exactly one's own dice."""
        return self.own is not None and hand_value(self.own) == self.value

    # -- moves ---------------------------------------------------------------------------

    def reset(self) -> None:
        """The start: the truth about one's dice when it is high enough, else the lowest claim."""
        mine = self.mine_value
        if mine is not None:
            self.load(mine.dice)
        elif not self.empty:
            self.load(_VALUES[self.low].dice)
        else:
            self.load(_VALUES[TOP].dice)
        self.active = 0

    def set_own(self, own: tuple[int, ...]) -> None:
        """The player's dice changed (a reroll); the start follows unless they built something."""
        self.own = tuple(own)
        if not self.touched:
            self.reset()

    def load(self, dice: tuple[int, ...]) -> None:
        """Hold a claim given as dice (any order)."""
        value = hand_value(dice)
        self.category = value.category
        self.parts = self._parts_for(value)

    def _parts_for(self, value: HandValue) -> tuple[Part, ...]:
        faces, parts = value.faces, list[Part]()
        for index, row in enumerate(ROWS[value.category]):
            taken = sum(r.size for r in ROWS[value.category][:index])
            mine = faces[taken : taken + row.size]
            parts.append(fresh_part(row, mine, free_faces(value.category, tuple(parts), index)))
        return tuple(parts)

    def _moved(self, category: Category, parts: tuple[Part, ...]) -> bool:
        changed = (category, parts) != (self.category, self.parts)
        self.category, self.parts = category, parts
        self.touched = True
        return changed

    def _fill(self, category: Category, prefix: Parts, rest: Parts = ()) -> Parts:
        """The rows after `prefix`: `rest` when it still fits and the claim beats the one to beat,
        else the lowest completion that beats it, else the highest completion."""
        if rest and self._fits(category, prefix, rest):
            return self._refit(category, (*prefix, *rest))
        options = ranked_completions(category, prefix)
        return next((parts for value, parts in options if self.higher(value)), options[-1][1])

    def _fits(self, category: Category, prefix: tuple[Part, ...], rest: tuple[Part, ...]) -> bool:
        parts = (*prefix, *rest)
        for index, part in enumerate(rest, start=len(prefix)):
            if any(f not in free_faces(category, parts, index) for f in part.lit):
                return False
        return self.higher(hand_value(dice_of(category, parts)))

    @staticmethod
    def _refit(category: Category, parts: tuple[Part, ...]) -> tuple[Part, ...]:
        """Kept kickers after an earlier row changed: a face now taken leaves the faces out, a
        face given back joins them (last in line)."""
        fitted: list[Part] = []
        for index, part in enumerate(parts):
            if len(part.lit) > 1:
                free = free_faces(category, tuple(fitted), index)
                out = tuple(f for f in part.out if f in free)
                out += tuple(f for f in free if f not in part.lit and f not in out)
                part = Part(part.lit, out)
            fitted.append(part)
        return tuple(fitted)

    def choose(self, category: Category) -> bool:
        """Choose the kind of hand (the active row goes back to its first part)."""
        category = Category(category)
        self.active = 0
        if category == self.category:
            return False
        rows = ROWS[category]
        if rows and self.parts:  # keep the main face if it can beat the claim in this kind
            row = rows[0]
            keep = self.parts[0].lit[0]
            prefix = (fresh_part(row, (keep,), FACES_HIGH_FIRST),) if row.size == 1 else ()
            if prefix and self.higher(ranked_completions(category, prefix)[-1][0]):
                return self._moved(category, self._fill(category, prefix))
        return self._moved(category, self._fill(category, ()))

    def step_kind(self, delta: int) -> bool:
        """The next kind of hand up (+1) or down (-1)."""
        index = KINDS.index(self.category) + delta
        if not 0 <= index < len(KINDS):
            self.active = 0
            return False
        return self.choose(KINDS[index])

    def press(self, index: int, face: int) -> bool:
        """Set row `index` to `face` (see the module docstring); False when nothing changed or
        the face cannot go there (the kind has no such row, or an earlier row holds the face)."""
        if self.empty or not 0 <= index < len(self.rows) or face not in self.free(index):
            return False
        row, part = self.rows[index], self.parts[index]
        if row.size == 1:
            free = self.free(index)
            prefix = (*self.parts[:index], fresh_part(row, (face,), free))
            return self._moved(self.category, self._fill(self.category, prefix, self.parts[index + 1 :]))
        if part.has(face):  # a kicker goes out; the face out longest comes back
            back = part.out[0]
            lit = (*(f for f in part.lit if f != face), back)
            out = (*part.out[1:], face)
        else:  # a face comes in; the kicker in longest goes out
            gone = part.lit[0]
            lit = (*part.lit[1:], face)
            out = (*(f for f in part.out if f != face), gone)
        parts = (*self.parts[:index], Part(lit, out), *self.parts[index + 1 :])
        return self._moved(self.category, parts)

    def key_face(self, face: int) -> bool | None:
        """A face key: set the active row, then move on after a one-face part.
        None when the face cannot go there (no rows, or an earlier row holds it)."""
        rows = self.rows
        if self.empty or not rows:
            return None
        index = min(self.active, len(rows) - 1)
        if face not in self.free(index):
            return None
        moved = self.press(index, face)
        if rows[index].size == 1 and index + 1 < len(rows):
            self.active = index + 1
        self.touched = True
        return moved

    def focus_row(self, index: int) -> None:
        """The keyboard's face keys now set row `index`."""
        if 0 <= index < len(self.rows):
            self.active = index

    def mine(self) -> bool:
        """Build one's own dice; False when they are not higher than the claim to beat."""
        value = self.mine_value
        if value is None:
            return False
        self.active = 0
        return self._moved(value.category, self._parts_for(value)) or True

    def lowest(self) -> bool:
        """The lowest claim that beats the claim to beat."""
        if self.empty:
            return False
        value = _VALUES[self.low]
        self.active = 0
        return self._moved(value.category, self._parts_for(value))

    def highest(self) -> bool:
        """Five aces."""
        if self.empty:
            return False
        value = _VALUES[TOP]
        self.active = 0
        return self._moved(value.category, self._parts_for(value))
