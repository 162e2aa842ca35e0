"""Actions: the commands a seat sends to an engine's apply()."""

from __future__ import annotations

from dataclasses import dataclass

from bluffhouse.game.cards import Card
from bluffhouse.game.quick import quick_init


@quick_init(cards=tuple)
@dataclass(frozen=True, slots=True)
class Play:
    """Put 1-4 cards from the hand face down on the pile, calling the current rank."""

    seat: int
    cards: tuple[Card, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class Challenge:
    """Call the last call (or the last proposition) a lie."""

    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class Accept:
    """Let a hand-emptying last call stand: the next player's only other choice."""

    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class Declare:
    """Dice duel opening: say "satisfied", "not_satisfied" or "indifferent"."""

    seat: int
    mood: str


@quick_init(keep=tuple)
@dataclass(frozen=True, slots=True)
class Reroll:
    """Dice duel: reroll every die whose index (0-4) is not in `keep`."""

    seat: int
    keep: tuple[int, ...] = ()


@quick_init(dice=tuple)
@dataclass(frozen=True, slots=True)
class Propose:
    """Dice duel: announce a full five-dice value for one's own dice."""

    seat: int
    dice: tuple[int, ...]


# The moves of each engine, and of both (what a host, a phone or a record passes on).
TableAction = Play | Challenge | Accept
DuelAction = Declare | Reroll | Propose | Challenge
Action = Play | Challenge | Accept | Declare | Reroll | Propose
