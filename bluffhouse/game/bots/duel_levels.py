"""Easy, Medium and Hard dice-duel players, each with a few personalities."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TypedDict, Unpack

from bluffhouse.game.actions import Challenge, Declare, DuelAction, Propose, Reroll
from bluffhouse.game.bots.duel_plans import DuelPlan
from bluffhouse.game.bots.duel_reasoning import Reader, claimant_rerolls
from bluffhouse.game.dice import (
    CLAIM_COUNT,
    DICE,
    LOWEST_CLAIM,
    best_keep,
    canonical,
    claim_at,
    hand_value,
    next_claim,
    prob_at_least,
    reach_probability,
)
from bluffhouse.game.duel import DuelView
from bluffhouse.game.duel_events import Mood


@dataclass(frozen=True, slots=True)
class DuelPersonality:
    """The knobs of a duel player's character."""

    name: str
    content_from: tuple[int, ...] = (5, 5, 4, 3, 2)  # the opening roll it is satisfied with
    doubt: float = 0.0  # positive challenges more
    bluff: float = 0.0  # positive claims higher than it must
    whim: float = 0.25  # Easy: chance to challenge on a whim


class DuelKnobs(TypedDict, total=False):
    """A duel personality's knobs by name, to override some of them."""

    content_from: tuple[int, ...]
    doubt: float
    bluff: float
    whim: float


DUEL_PERSONALITIES: dict[str, dict[str, DuelPersonality]] = {
    "easy": {
        "Daydreamer": DuelPersonality("Daydreamer", whim=0.25),
        "Show-off": DuelPersonality("Show-off", whim=0.15, bluff=0.5),
        "Sheriff": DuelPersonality("Sheriff", whim=0.4),
    },
    "medium": {
        "Steady": DuelPersonality("Steady"),
        "Cautious": DuelPersonality("Cautious", doubt=-0.08),
        "Sheriff": DuelPersonality("Sheriff", doubt=0.1),
    },
    "hard": {
        "Shark": DuelPersonality("Shark", content_from=(6, 6, 5, 4, 3)),
        "Bold bluffer": DuelPersonality("Bold bluffer", content_from=(6, 6, 5, 4, 3), bluff=0.06),
        "Sheriff": DuelPersonality("Sheriff", content_from=(6, 6, 5, 4, 3), doubt=0.06),
    },
}


def duel_personality(level: str, name: str | None = None) -> DuelPersonality:
    """A level's named personality; the level's first (default) one when `name` is None."""
    table = DUEL_PERSONALITIES[level]
    return table[name] if name is not None else next(iter(table.values()))


class _DuelBot:
    """Shared plumbing of the duel levels."""

    level = "medium"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        personality_name: str | None = None,
        **overrides: Unpack[DuelKnobs],
    ) -> None:
        self.seat = seat
        self.rng = rng
        self.persona = replace(duel_personality(self.level, personality_name), **overrides)

    def choose(self, view: DuelView) -> DuelAction:
        """The action of this seat's turn."""
        if view.allowed_moods:
            content = hand_value(view.dice) >= hand_value(self.persona.content_from)
            return Declare(self.seat, Mood.SATISFIED if content else Mood.NOT_SATISFIED)
        if view.must_challenge:
            return Challenge(self.seat)  # "the other player must challenge" five aces
        return self.bid(view)

    def bid(self, view: DuelView) -> DuelAction:
        """The level's own bidding move."""
        raise NotImplementedError


class EasyDuelBot(_DuelBot):
    """Sloppy: doubts on a whim, shakes dice by feel, claims whatever comes to mind."""

    level = "easy"

    def bid(self, view: DuelView) -> DuelAction:
        rng, seat, mine = self.rng, self.seat, hand_value(view.dice)
        if view.claim is None:
            return Propose(seat, canonical(view.dice) if mine.is_claim else LOWEST_CLAIM)
        claim = hand_value(view.claim)
        if view.may_challenge:
            believable = prob_at_least(claim, 1)
            if rng.random() < self.persona.whim or believable < 0.08:
                return Challenge(seat)
        target = next_claim(view.claim)
        if target is None:  # (must_challenge: nothing beats five aces)
            return Challenge(seat)
        if mine < hand_value(target) and view.may_reroll and rng.random() < 0.75:
            counts = sorted(view.dice, key=lambda f: (view.dice.count(f), f), reverse=True)
            kept = counts[: rng.randint(0, 3)]
            keep: list[int] = []
            used: list[int] = []
            for face in kept:
                i = next(i for i, f in enumerate(view.dice) if f == face and i not in used)
                used.append(i)
                keep.append(i)
            return Reroll(seat, tuple(sorted(keep)))
        low = view.lowest_claim
        if mine.is_claim and mine > claim:
            return Propose(seat, canonical(view.dice))
        jump = 0 if rng.random() > 0.3 + self.persona.bluff else rng.randint(1, 12)
        return Propose(seat, claim_at(min(CLAIM_COUNT - 1, low + jump)))


class MediumDuelBot(_DuelBot):
    """Exact probabilities with fixed thresholds; no reading of the other player."""

    level = "medium"
    challenge_below = 0.1  # a claim a fair roll (with the rerolls seen) reaches less often
    hopeless_below = 0.3  # ... or less often than this when it can hardly top the claim:
    hopeless_topping = 0.25

    def bid(self, view: DuelView) -> DuelAction:
        seat, mine = self.seat, hand_value(view.dice)
        if view.claim is None:
            # The first proposer cannot reroll: tell the truth, or the lowest claim.
            return Propose(seat, canonical(view.dice) if mine.is_claim else LOWEST_CLAIM)
        claim = hand_value(view.claim)
        target = next_claim(view.claim)
        if target is None:  # (must_challenge: nothing beats five aces)
            return Challenge(seat)
        if view.may_challenge:
            rerolls = min(claimant_rerolls(view), 4)
            believable = prob_at_least(claim, rerolls)
            topping = reach_probability(view.dice, True, view.rerolls_left, target)
            doubt = self.persona.doubt
            if believable < self.challenge_below + doubt or (
                believable < self.hopeless_below + doubt and topping < self.hopeless_topping
            ):
                return Challenge(seat)
        if mine < hand_value(target) and view.may_reroll:
            keep = best_keep(view.dice, view.rerolls_left, target)
            if len(keep) < DICE:
                return Reroll(seat, keep)
        return Propose(seat, canonical(view.dice) if mine > claim else target)


class HardDuelBot(_DuelBot):
    """Exact odds for every claim, reads the other cup from its moves, plays to win the round."""

    level = "hard"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        personality_name: str | None = None,
        **overrides: Unpack[DuelKnobs],
    ) -> None:
        super().__init__(seat, rng, personality_name, **overrides)
        self._other = Reader(1 - seat)  # my reading of the other cup
        self._shown = Reader(seat)  # what my own moves tell the other player

    def bid(self, view: DuelView) -> DuelAction:
        other = self._other.read(view.history)
        shown = self._shown.read(view.history)
        return DuelPlan(view, self.persona.doubt, self.persona.bluff, other, shown).action()
