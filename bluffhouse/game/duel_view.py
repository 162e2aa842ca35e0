"""What a seat may know of a dice-duel round (DuelView), and what the seat to act may do."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from bluffhouse.game.actions import Challenge, Declare, DuelAction, Propose, Reroll
from bluffhouse.game.dice import DICE, HIGHEST_VALUE, all_claims, first_claim_above, hand_value
from bluffhouse.game.duel_events import DuelEvent, Mood, Phase
from bluffhouse.game.quick import quick_init
from bluffhouse.game.rules import Rules

MAX_REROLLS = 2  # "they may reroll any or all of their five dice, once or twice"
_ALL_MOODS = (Mood.SATISFIED, Mood.NOT_SATISFIED, Mood.INDIFFERENT)
_OPPONENT_MOODS = (Mood.SATISFIED, Mood.NOT_SATISFIED)  # "the opponent then says satisfied or not"
MOST_KEPT = DICE - 1  # a reroll shakes at least one die: "keeping all five dice is no reroll"
_KEEPS = tuple(k for n in range(MOST_KEPT + 1) for k in combinations(range(DICE), n))


class DuelFacts(Protocol):
    """The public facts of a round that what the seat to act may do is read from."""

    @property
    def phase(self) -> Phase: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def proposer(self) -> int: ...

    @property
    def claim(self) -> tuple[int, ...] | None: ...

    @property
    def rerolls_used(self) -> int: ...


def _is_highest(claim: tuple[int, ...] | None) -> bool:
    return claim is not None and hand_value(claim) == HIGHEST_VALUE


def _rerolls_left(facts: DuelFacts) -> int:
    # "none before the first proposal": the first proposer proposes on its roll.
    if facts.phase != Phase.BIDDING or facts.claim is None or _is_highest(facts.claim):
        return 0
    return MAX_REROLLS - facts.rerolls_used


def _may_challenge(facts: DuelFacts) -> bool:
    # "either challenges, or makes a higher proposition ... before proposing they may
    # reroll": a reroll commits the turn to proposing.
    return facts.phase == Phase.BIDDING and facts.claim is not None and facts.rerolls_used == 0


def _allowed_moods(facts: DuelFacts) -> tuple[Mood, ...]:
    if facts.phase != Phase.OPENING:
        return ()
    return _ALL_MOODS if facts.turn == facts.proposer else _OPPONENT_MOODS


def turn_actions(facts: DuelFacts) -> list[DuelAction]:
    """Every legal action of the seat to act (propositions as canonical dice, keeps sorted)."""
    seat = facts.turn
    if seat is None:
        return []
    actions: list[DuelAction] = [Declare(seat, mood) for mood in _allowed_moods(facts)]
    if _may_challenge(facts):
        actions.append(Challenge(seat))
    if _rerolls_left(facts) > 0:
        actions.extend(Reroll(seat, keep) for keep in _KEEPS)
    if facts.phase == Phase.BIDDING and not _is_highest(facts.claim):
        actions.extend(Propose(seat, dice) for dice in all_claims()[first_claim_above(facts.claim) :])
    return actions


class Legality:
    """What the seat to act may do, read from the public facts: shared by Duel and DuelView."""

    __slots__ = ()

    @property
    def claim_is_highest(self: DuelFacts) -> bool:
        """True when the claim to beat is five aces."""
        return _is_highest(self.claim)

    @property
    def must_challenge(self: DuelFacts) -> bool:
        """Five aces was proposed: "the other player must challenge"."""
        return self.phase == Phase.BIDDING and _is_highest(self.claim)

    @property
    def may_challenge(self: DuelFacts) -> bool:
        """A claim exists and the player to act has not rerolled this turn."""
        return _may_challenge(self)

    @property
    def may_propose(self: DuelFacts) -> bool:
        """Bidding, and some higher proposition still exists."""
        return self.phase == Phase.BIDDING and not _is_highest(self.claim)

    @property
    def rerolls_left(self: DuelFacts) -> int:
        """Rerolls the seat to act may still make this turn."""
        return _rerolls_left(self)

    @property
    def lowest_claim(self: DuelFacts) -> int:
        """The number (game.dice.claim_at) of the lowest proposition allowed now."""
        return first_claim_above(self.claim)

    @property
    def most_kept(self: DuelFacts) -> int:
        """The most dice a reroll may keep now (0 when no reroll is allowed)."""
        return MOST_KEPT if _rerolls_left(self) > 0 else 0

    @property
    def may_reroll(self: DuelFacts) -> bool:
        """True when a Reroll is allowed now."""
        return _rerolls_left(self) > 0

    @property
    def allowed_moods(self: DuelFacts) -> tuple[Mood, ...]:
        """The moods the seat to act may declare (none outside the opening)."""
        return _allowed_moods(self)


@quick_init
@dataclass(frozen=True, slots=True)
class DuelView(Legality):
    """What one seat may know of a round; equal whenever that knowledge is equal."""

    seat: int
    rules: Rules
    phase: Phase
    turn: int | None
    proposer: int
    moods: tuple[Mood | None, Mood | None]  # this opening's declarations, by seat
    replays: int
    dice: tuple[int, ...]  # this seat's own dice
    claim: tuple[int, ...] | None
    claimant: int | None
    rerolls_used: int  # by the seat to act, this turn
    opponent_dice: tuple[int, ...] | None  # only once lifted in a challenge
    winner: int | None
    history: tuple[DuelEvent, ...]

    @property
    def opponent(self) -> int:
        """The other seat."""
        return 1 - self.seat

    def legal_actions(self) -> list[DuelAction]:
        """Every legal action of the seat to act (propositions as canonical dice, keeps sorted)."""
        return turn_actions(self)
