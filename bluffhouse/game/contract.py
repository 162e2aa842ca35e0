"""The engine contract both games keep (Table, Duel): what a host, a phone, a replay or a bot may ask.

Modelled on OpenSpiel's State API: one way to start a game from its set-up and seed, actions in
and events out, the reason a move would be refused without trying it, every legal move of a
seat, what a seat may know, and a snapshot of the whole truth. A rule lives in the engine only:
whoever greys out a button, offers a phone page or filters a bot's choice asks `refusal` or
`legal_actions`, and whoever tells a verdict reads it from the event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, Self, runtime_checkable

from bluffhouse.game.actions import Action
from bluffhouse.game.checks import Seed
from bluffhouse.game.errors import IllegalAction, Reason, WrongType, shown
from bluffhouse.game.quick import quick_init
from bluffhouse.game.rules import Rules


class Phase(StrEnum):
    """Where a game stands, in one vocabulary for both engines (each uses the members it has)."""

    OPENING = "opening"  # the duel: satisfied / not satisfied
    BIDDING = "bidding"  # the duel: propositions, rerolls, the challenge
    PLAY = "play"  # the card table: the seat to act plays 1-4 cards
    ANSWER = "answer"  # the card table: "the next player cannot play: they Accept or challenge"
    OVER = "over"  # both: "The game stops the moment a player wins."


@quick_init
@dataclass(frozen=True, slots=True)
class Challenged:
    """`challenger` called `caller`'s last call a lie (the card table's call, the duel's
    proposition), in both games; `held`: the call stood, so the challenger lost.

    `bait`: a card table's call that was a lone Fakó, which holds when challenged ("the
    challenger picks up"); never in the duel.
    """

    challenger: int
    caller: int
    held: bool
    bait: bool = False


@quick_init
@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an engine would refuse a move, as data: a Reason the screens translate, and its fields."""

    reason: Reason
    fmt: tuple[tuple[str, object], ...] = ()
    wrong_type: bool = False  # the value was of the wrong type (apply raises WrongType)

    @classmethod
    def of(cls, error: IllegalAction) -> Refusal:
        """The refusal an IllegalAction carries."""
        return cls(error.reason, tuple(error.fields.items()), isinstance(error, WrongType))

    @property
    def fields(self) -> dict[str, object]:
        """The reason's fields as a dict (seat numbers stay numbers: the screen names them)."""
        return dict(self.fmt)

    @property
    def key(self) -> str:
        """The translation key of the reason's sentence."""
        return f"refusal.{self.reason.value}"

    def error(self) -> IllegalAction:
        """The IllegalAction apply() raises for this refusal."""
        return (WrongType if self.wrong_type else IllegalAction)(self.reason, **self.fields)


def snapshot_shape(snapshot: object, length: int, what: str) -> tuple[object, ...]:
    """`snapshot` if it has the shape of an engine's snapshot() (a tuple of `length` parts, its
    Rules first), for from_snapshot to take apart; WrongType naming `what` otherwise."""
    if type(snapshot) is not tuple or len(snapshot) != length or type(snapshot[0]) is not Rules:
        raise WrongType(Reason.WRONG_TYPE, what="snapshot", expected=what, value=shown(snapshot))
    return snapshot


@runtime_checkable
class Engine(Protocol):
    """One game's whole truth, changed only through apply(): what Table and Duel both offer.

    The host (scenes.play.flow.GameFlow), the records, the arena and the bots are written against
    this and nothing else of an engine; game.engines.ENGINES names the engine of each game (mypy
    checks there that both keep it).
    """

    rules: Rules
    seed: Seed  # the seed it was started from (None: a known position)

    @classmethod
    def start(cls, rules: Rules, seed: Seed, first: int | None = None) -> Self:
        """A new game from its set-up and seed; `first` None lets the seed draw who begins."""
        ...

    @property
    def players(self) -> int:
        """How many seats play."""
        ...

    @property
    def phase(self) -> Phase:
        """Where the game stands."""
        ...

    @property
    def turn(self) -> int | None:
        """The seat that must act now; None once the game (a duel: the round) is over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game (a duel: the round) has a winner."""
        ...

    @property
    def winner(self) -> int | None:
        """The seat that won, or None."""
        ...

    def returns(self) -> tuple[int, ...]:
        """What each seat takes from this game into its match, by seat: all 0 until it is over."""
        ...

    def apply(self, action: Action) -> Sequence[object]:
        """Apply one action and return its events; IllegalAction (changing nothing) if refused."""
        ...

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why `seat` may not make `action` now (what apply would raise), or None; never raises."""
        ...

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every legal action of `seat` now, one of each kind that differs in the game (none for
        a seat that may do nothing now, nor for any seat once the game is over)."""
        ...

    def view(self, seat: int) -> object:
        """Everything `seat` may know, and nothing more."""
        ...

    def snapshot(self) -> tuple[object, ...]:
        """The whole truth as nested tuples: equal iff nothing changed."""
        ...

    @classmethod
    def from_snapshot(cls, snapshot: tuple[object, ...]) -> Self:
        """The game a snapshot() of this process was taken from, to play on from there."""
        ...

    def clone(self) -> Self:
        """An independent copy."""
        ...
