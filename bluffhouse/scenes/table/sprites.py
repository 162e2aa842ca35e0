"""What the card table's animations move: shown numbers, cards in the air, reveals, notes."""

from __future__ import annotations

from dataclasses import dataclass, field

from bluffhouse.game.cards import Card
from bluffhouse.scenes.shell.messages import Said, said
from bluffhouse.scenes.table.layout import CENTRE
from bluffhouse.scenes.ui.anim import Tween

Point = tuple[float, float]


@dataclass(slots=True)
class Shown:
    """What the table shows now: it lags the engine while cards are in the air."""

    pile: int
    hands: list[int]
    bullets: list[int]
    out: set[int] = field(default_factory=set)  # seats whose bullet is in the air
    set_aside: int = 0


@dataclass(slots=True)
class Flyer:
    """A card in the air: a back (card None) or a face, from start to end."""

    start: Point
    end: Point
    motion: Tween[float]
    width: tuple[float, float]
    spin: float = 0.0
    card: object | None = None
    fade: bool = False
    at: float = 0.0  # timeline time the flight starts: not drawn before


@dataclass(slots=True)
class Reveal:
    """Challenged cards lifted from the pile, flipped one by one, then stamped."""

    cards: tuple[Card, ...]
    truthful: bool
    stamp: str  # "true" | "lie" | "bait" | "exposed"
    lift: Tween[float]
    flips: list[Tween[float]]
    verdict: Tween[float]
    leave: Tween[float] | None = None
    to: Point = CENTRE


@dataclass(slots=True)
class Bullet:
    """A seat's bullet out of its slot: popped up by a challenge, then back or lost."""

    seat: int
    start: Point
    end: Point
    motion: Tween[float]
    state: str = "full"
    fade: Tween[float] | None = None


@dataclass(slots=True)
class Note:
    """A timed piece of text: a speech bubble by a seat, or a banner in the middle; its words are
    told in the language of the moment it is drawn."""

    words: Said
    seat: int | None = None
    kind: str = "call"  # call | doubt | accept | banner | lead (a banner) | win | pickup
    age: float = 0.0
    life: float | None = None  # None: until replaced
    delay: float = 0.0

    @property
    def text(self) -> str:
        """The words in the current language."""
        return said(self.words)

    @property
    def alpha(self) -> float:
        """0..1: fades in quickly and out at the end of its life."""
        if self.age < self.delay:
            return 0.0
        k = min(1.0, (self.age - self.delay) / 0.15)
        if self.life is not None:
            k = min(k, max(0.0, (self.delay + self.life - self.age) / 0.35))
        return k

    @property
    def over(self) -> bool:
        """True once its life has run out."""
        return self.life is not None and self.age >= self.delay + self.life
