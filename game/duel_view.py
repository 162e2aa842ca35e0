"""What a seat may know of a dice-duel round (DuelView), and what the seat to act may do."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from game.actions import Challenge, Declare, Propose, Reroll
from game.dice import DICE, HIGHEST_VALUE, all_claims, first_claim_above, hand_value
from game.duel_events import DuelEvent, Mood, Phase
from game.quick import quick_init
from game.rules import Rules

MAX_REROLLS = 2  # "they may reroll any or all of their five dice, once or twice"
_ALL_MOODS = (Mood.SATISFIED, Mood.NOT_SATISFIED, Mood.INDIFFERENT)
_OPPONENT_MOODS = (Mood.SATISFIED, Mood.NOT_SATISFIED)  # "the opponent then says satisfied or not"
MOST_KEPT = DICE - 1  # a reroll shakes at least one die: "keeping all five dice is no reroll"
_KEEPS = tuple(k for n in range(MOST_KEPT + 1) for k in combinations(range(DICE), n))


class _Legality:
    """What the seat to act may do, read from public fields; shared by Duel and DuelView."""

    __slots__ = ()

    @property
    def claim_is_highest(self) -> bool:
        """True when the claim to beat is five aces."""
        return self.claim is not None and hand_value(self.claim) == HIGHEST_VALUE

    @property
    def must_challenge(self) -> bool:
        """Five aces was proposed: "the other player must challenge"."""
        return self.phase == Phase.BIDDING and self.claim_is_highest

    @property
    def may_challenge(self) -> bool:
        """A claim exists and the player to act has not rerolled this turn."""
        # "either challenges, or makes a higher proposition ... before proposing they may
        # reroll": a reroll commits the turn to proposing.
        return self.phase == Phase.BIDDING and self.claim is not None and self.rerolls_used == 0

    @property
    def may_propose(self) -> bool:
        """Bidding, and some higher proposition still exists."""
        return self.phase == Phase.BIDDING and not self.claim_is_highest

    @property
    def rerolls_left(self) -> int:
        """Rerolls the seat to act may still make this turn."""
        # "none before the first proposal": the first proposer proposes on its roll.
        if self.phase != Phase.BIDDING or self.claim is None or self.claim_is_highest:
            return 0
        return MAX_REROLLS - self.rerolls_used

    @property
    def lowest_claim(self) -> int:
        """The number (game.dice.claim_at) of the lowest proposition allowed now."""
        return first_claim_above(self.claim)

    @property
    def most_kept(self) -> int:
        """The most dice a reroll may keep now (0 when no reroll is allowed)."""
        return MOST_KEPT if self.rerolls_left > 0 else 0

    @property
    def may_reroll(self) -> bool:
        """True when a Reroll is allowed now."""
        return self.rerolls_left > 0

    @property
    def allowed_moods(self) -> tuple[Mood, ...]:
        """The moods the seat to act may declare (none outside the opening)."""
        if self.phase != Phase.OPENING:
            return ()
        return _ALL_MOODS if self.turn == self.proposer else _OPPONENT_MOODS

    def legal_actions(self) -> list:
        """Every legal action of the seat to act (propositions as canonical dice, keeps sorted)."""
        seat = self.turn
        if seat is None:
            return []
        actions: list = [Declare(seat, mood) for mood in self.allowed_moods]
        if self.may_challenge:
            actions.append(Challenge(seat))
        if self.may_reroll:
            actions.extend(Reroll(seat, keep) for keep in _KEEPS)
        if self.may_propose:
            actions.extend(Propose(seat, dice) for dice in all_claims()[self.lowest_claim:])
        return actions


@quick_init
@dataclass(frozen=True, slots=True)
class DuelView(_Legality):
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
