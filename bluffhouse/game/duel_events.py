"""Events of the dice duel, and its closed sets: past tense, safe to show both players.

No event carries a face that is still under a cup: rerolls tell only how many dice
were shaken; faces appear only in FirstDieRolled (rolled in the open) and DiceRevealed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bluffhouse.game.contract import Challenged as Challenged  # one event for both games
from bluffhouse.game.contract import Phase as Phase  # the duel uses OPENING, BIDDING and OVER
from bluffhouse.game.quick import quick_init


class Mood(StrEnum):
    """What a player says about their opening roll."""

    SATISFIED = "satisfied"
    NOT_SATISFIED = "not_satisfied"
    INDIFFERENT = "indifferent"  # "it's all the same to me": only the proposer may say it


@quick_init
@dataclass(frozen=True, slots=True)
class FirstDieRolled:
    """`seat` rolled one die in the open to decide who proposes first."""

    seat: int
    face: int


@quick_init
@dataclass(frozen=True, slots=True)
class ProposerChosen:
    """`seat` proposes first this round."""

    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class DiceRolled:
    """Both players rolled all five dice under their cups; `replay` counts the re-openings."""

    replay: int


@quick_init
@dataclass(frozen=True, slots=True)
class Declared:
    """`seat` said it is `mood` with its opening roll."""

    seat: int
    mood: Mood


@quick_init
@dataclass(frozen=True, slots=True)
class OpeningReplayed:
    """Nobody was content: both reroll all five and the opening starts again."""

    replay: int


@quick_init
@dataclass(frozen=True, slots=True)
class BiddingStarted:
    """The round is played with these dice; `seat` proposes first."""

    seat: int


@quick_init
@dataclass(frozen=True, slots=True)
class Rerolled:
    """`seat` shook `count` dice, its reroll `number` (1 or 2) of this turn."""

    seat: int
    count: int
    number: int


@quick_init
@dataclass(frozen=True, slots=True)
class Proposed:
    """`seat` announced `dice` as the value under its cup (true or not)."""

    seat: int
    dice: tuple[int, ...]


@quick_init
@dataclass(frozen=True, slots=True)
class DiceRevealed:
    """`seat` lifted its cup; `value_met` is whether the dice are worth the proposition."""

    seat: int
    dice: tuple[int, ...]
    value_met: bool


@quick_init
@dataclass(frozen=True, slots=True)
class RoundWon:
    """`seat` won the round; `loser` lost it."""

    seat: int
    loser: int


DuelEvent = (
    FirstDieRolled
    | ProposerChosen
    | DiceRolled
    | Declared
    | OpeningReplayed
    | BiddingStarted
    | Rerolled
    | Proposed
    | Challenged
    | DiceRevealed
    | RoundWon
)
