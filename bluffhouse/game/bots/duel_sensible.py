"""DuelSensibleBot: a dice-duel player that proposes just enough and challenges long shots."""

from __future__ import annotations

import random

from bluffhouse.game.actions import Challenge, Declare, DuelAction, Propose, Reroll
from bluffhouse.game.bots.duel_reasoning import claimant_rerolls
from bluffhouse.game.dice import (
    LOWEST_CLAIM,
    HandValue,
    best_keep,
    canonical,
    hand_value,
    next_claim,
    prob_at_least,
    reach_probability,
)
from bluffhouse.game.duel import DuelView
from bluffhouse.game.duel_events import Mood

SATISFIED_FROM = hand_value((5, 5, 4, 3, 2))  # "a pair of something decent": fives or better
CHALLENGE_BELOW = 0.3  # challenge a claim a fair roll would reach less often than this
MAX_MODELLED_REROLLS = 4  # rerolls of the claimant counted when judging its claim


class DuelSensibleBot:
    """Truthful when it can be, lies by the smallest step, challenges unlikely claims."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: DuelView) -> DuelAction:
        """The sensible action for `view` (called when it is this seat's turn)."""
        seat, mine = self.seat, hand_value(view.dice)
        if view.allowed_moods:
            content = mine >= SATISFIED_FROM
            return Declare(seat, Mood.SATISFIED if content else Mood.NOT_SATISFIED)
        if view.must_challenge:
            return Challenge(seat)  # "the other player must challenge" five aces
        if view.claim is None:
            # The first proposer cannot reroll: tell the truth, or the lowest claim.
            return Propose(seat, canonical(view.dice) if mine.is_claim else LOWEST_CLAIM)
        claim = hand_value(view.claim)
        target = next_claim(view.claim)
        if target is None:  # (must_challenge above: nothing beats five aces)
            return Challenge(seat)
        if view.may_challenge and self._should_challenge(view, claim, target):
            return Challenge(seat)
        if mine < hand_value(target) and view.may_reroll:
            return Reroll(seat, best_keep(view.dice, view.rerolls_left, target))
        # "proposes the next claim above (or its true value if higher)"
        return Propose(seat, canonical(view.dice) if mine > claim else target)

    def _should_challenge(self, view: DuelView, claim: HandValue, target: tuple[int, ...]) -> bool:
        """True when the claim is a long shot, or likelier false than we are to top it."""
        rerolls = min(claimant_rerolls(view), MAX_MODELLED_REROLLS)
        believable = prob_at_least(claim, rerolls)
        if believable < CHALLENGE_BELOW:
            return True
        topping = reach_probability(view.dice, True, view.rerolls_left, target)
        return 1.0 - believable > topping
