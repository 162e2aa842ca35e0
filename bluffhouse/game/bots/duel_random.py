"""DuelRandomBot: a dice-duel player that picks random legal actions."""

from __future__ import annotations

import random

from bluffhouse.game.actions import Challenge, Declare, DuelAction, Propose, Reroll
from bluffhouse.game.dice import CLAIM_COUNT, DICE, claim_at
from bluffhouse.game.duel import DuelView


class DuelRandomBot:
    """Chooses a random kind of legal move, then random details: a baseline and a fuzzer."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: DuelView) -> DuelAction:
        """A random legal action for `view` (called when it is this seat's turn)."""
        rng, seat = self.rng, self.seat
        if view.allowed_moods:
            return Declare(seat, rng.choice(view.allowed_moods))
        kinds: list[str] = []
        if view.may_challenge:
            kinds.append("challenge")
        if view.may_reroll:
            kinds.append("reroll")
        if view.may_propose:
            kinds.append("propose")
        kind = rng.choice(kinds)
        if kind == "challenge":
            return Challenge(seat)
        if kind == "reroll":
            keep = [i for i in range(DICE) if rng.random() < 0.5]
            if len(keep) == DICE:
                keep.remove(rng.choice(keep))
            return Reroll(seat, tuple(keep))
        low = view.lowest_claim
        # Half the time the very next claim, else any higher one, so rounds run long and short.
        index = low if rng.random() < 0.5 else rng.randrange(low, CLAIM_COUNT)
        return Propose(seat, claim_at(index))
