"""ClaimPicker: choose a proposition among the claims higher than the one to beat (no pygame).

Up/Down step through the 248 claims, Page Up/Down jump a kind of hand, and a few
shortcuts (next claim, raise the main group, next kind, my dice) make a proposition a
two-second act. Every move keeps the choice strictly above the claim to beat.
"""

from __future__ import annotations

from game.dice import CLAIM_COUNT, Category, claim_at, claim_index, claim_values, hand_value
from scenes.duel.words import category_name, claim_words

_VALUES = claim_values()
_CATEGORY_OF: tuple[Category, ...] = tuple(v.category for v in _VALUES)
# The first claim of every kind of hand, lowest kind first.
KIND_STARTS: tuple[int, ...] = tuple(
    i for i in range(CLAIM_COUNT) if i == 0 or _CATEGORY_OF[i] != _CATEGORY_OF[i - 1]
)
TOP = CLAIM_COUNT - 1


class ClaimPicker:
    """The proposition being chosen, always one of the claims above `to_beat`."""

    def __init__(self, to_beat: tuple[int, ...] | None = None, own: tuple[int, ...] | None = None):
        """to_beat: the last proposition (None: any claim); own: the player's dice."""
        self.to_beat = tuple(to_beat) if to_beat is not None else None
        self.low = 0 if to_beat is None else claim_index(to_beat) + 1
        self.own = tuple(own) if own is not None else None
        self.touched = False  # the player moved the choice themselves
        self.index = self.low
        self.reset()

    # -- what is offered ---------------------------------------------------------------

    @property
    def empty(self) -> bool:
        """Nothing is higher than the claim to beat (five aces): only a challenge remains."""
        return self.low > TOP

    def offered(self) -> range:
        """Indices (0-247) of every claim the picker may show."""
        return range(self.low, CLAIM_COUNT)

    @property
    def selected(self) -> tuple[int, ...] | None:
        """The chosen proposition as canonical dice (None when empty)."""
        return None if self.empty else claim_at(self.index)

    @property
    def words(self) -> str:
        """The chosen proposition in words."""
        return "" if self.empty else claim_words(claim_at(self.index))

    @property
    def category(self) -> Category | None:
        """The kind of hand chosen."""
        return None if self.empty else _CATEGORY_OF[self.index]

    @property
    def category_words(self) -> str:
        """The kind of hand chosen, in words."""
        return "" if self.empty else category_name(_CATEGORY_OF[self.index])

    @property
    def mine_index(self) -> int | None:
        """The claim equal to the player's own dice, when it is offered."""
        if self.own is None or self.empty:
            return None
        value = hand_value(self.own)
        if not value.is_claim:
            return None
        index = claim_index(value)
        return index if index >= self.low else None

    @property
    def at_low(self) -> bool:
        """The choice is the lowest claim offered."""
        return self.index == self.low

    @property
    def at_top(self) -> bool:
        """The choice is five aces."""
        return self.index == TOP

    # -- moves -------------------------------------------------------------------------

    def reset(self) -> None:
        """The default choice: the truth about one's dice when it is high enough, else the next claim."""
        mine = self.mine_index
        self.index = mine if mine is not None else self.low

    def set_own(self, own: tuple[int, ...]) -> None:
        """The player's dice changed (a reroll); the default follows unless they chose."""
        self.own = tuple(own)
        if not self.touched:
            self.reset()

    def _go(self, index: int) -> bool:
        if self.empty:
            return False
        index = max(self.low, min(TOP, index))
        moved = index != self.index
        self.index = index
        self.touched = True
        return moved

    def step(self, delta: int) -> bool:
        """One claim up (+1) or down (-1); True when the choice moved."""
        return self._go(self.index + delta)

    def page(self, delta: int) -> bool:
        """Jump to the lowest claim of the next kind up (+1) or down (-1)."""
        kind = _CATEGORY_OF[self.index] if not self.empty else Category.NOTHING
        if delta > 0:
            target = next((s for s in KIND_STARTS if _CATEGORY_OF[s] > kind), TOP)
        else:
            below = [s for s in KIND_STARTS if _CATEGORY_OF[s] < kind]
            target = below[-1] if below else self.low
        return self._go(target)

    def next_claim(self) -> bool:
        """The lowest claim above the one to beat."""
        return self._go(self.low)

    def raise_main(self) -> bool:
        """The same kind of hand with a higher main group (else the next kind)."""
        if self.empty:
            return False
        value = _VALUES[self.index]
        for j in range(self.index + 1, CLAIM_COUNT):
            other = _VALUES[j]
            if other.category != value.category:
                break
            if other.key[:1] > value.key[:1]:
                return self._go(j)
        return self.page(1)

    def next_kind(self) -> bool:
        """The lowest claim of the next kind up."""
        return self.page(1)

    def mine(self) -> bool:
        """Choose the claim equal to one's own dice; False when it is not higher."""
        index = self.mine_index
        if index is None:
            return False
        self._go(index)
        return True
