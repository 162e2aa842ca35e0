"""Events of the card table: what happened, in the past tense, safe to show everyone.

No event carries a card that was face down and stays face down: the pile's content
is only ever told by CardsRevealed / FakoExposed, which show what the table saw.
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffhouse.game.cards import Card
from bluffhouse.game.contract import Challenged as Challenged  # one event for both games
from bluffhouse.game.quick import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Dealt:
    """The cards were dealt: how many each seat holds and how many were set aside."""

    hand_sizes: tuple[int, ...]
    set_aside: int
    first: int
    rank: str


@quick_init
@dataclass(frozen=True, slots=True)
class CardsPlayed:
    """`seat` put `count` cards face down, calling them all `rank`."""

    seat: int
    count: int
    rank: str
    cards_left: int


@quick_init
@dataclass(frozen=True, slots=True)
class BulletSpent:
    """A challenge cost `seat` one bullet (for now)."""

    seat: int
    bullets_left: int


@quick_init
@dataclass(frozen=True, slots=True)
class CardsRevealed:
    """The challenged call turned face up; `truthful` is the verdict, `bait` a lone Fakó's."""

    seat: int
    cards: tuple[Card, ...]
    rank: str
    truthful: bool
    bait: bool


@quick_init
@dataclass(frozen=True, slots=True)
class BulletRefunded:
    """A right challenge: `seat` gets the bullet back."""

    seat: int
    bullets_left: int


@quick_init
@dataclass(frozen=True, slots=True)
class BulletLost:
    """A wrong challenge: `seat`'s bullet is gone for good."""

    seat: int
    bullets_left: int


@quick_init
@dataclass(frozen=True, slots=True)
class FakoExposed:
    """Nobody challenged the Fakó: it is turned up and its player must pick up."""

    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class PileTaken:
    """`seat` picked up the whole centre pile of `count` cards."""

    seat: int
    count: int
    cards_in_hand: int


@quick_init
@dataclass(frozen=True, slots=True)
class CallAccepted:
    """`seat` let the hand-emptying call of `caller` stand."""

    seat: int
    caller: int


@quick_init
@dataclass(frozen=True, slots=True)
class TurnStarted:
    """`seat` must now play, calling `rank` (after a challenge or a Fakó pick-up)."""

    seat: int
    rank: str


@quick_init
@dataclass(frozen=True, slots=True)
class Won:
    """`seat` got rid of every card and won; `ranking` is (place, seat, cards_left)."""

    seat: int
    ranking: tuple[tuple[int, int, int], ...]


TableEvent = (
    Dealt
    | CardsPlayed
    | Challenged
    | BulletSpent
    | CardsRevealed
    | BulletRefunded
    | BulletLost
    | FakoExposed
    | PileTaken
    | CallAccepted
    | TurnStarted
    | Won
)
