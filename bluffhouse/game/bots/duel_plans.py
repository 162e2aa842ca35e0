"""The hard duel player's choice: challenge, reroll or propose, by the chance to win the round.

Every proposition Y gets a value: the other player challenges it with a chance read from what
my own public moves let it believe (then I win if my dice meet Y), or tops it (then my chance
depends on how likely it can top Y honestly). Rerolls are an exact dynamic programme over the
252 multisets of five dice with those values at the end; a challenge wins when the other
cup, as my belief over it says, is worth less than its claim.
"""

from __future__ import annotations

from math import exp

from bluffhouse.game.actions import Challenge, DuelAction, Propose, Reroll
from bluffhouse.game.bots.duel_reasoning import (
    KEEPS,
    STATE_CLAIM,
    STATE_INDEX,
    STATE_KEEPS,
    Belief,
    keep_values,
    read_player,
)
from bluffhouse.game.bots.duel_tables import FRESH_TOP
from bluffhouse.game.dice import CLAIM_COUNT, claim_at, claim_index
from bluffhouse.game.duel import DuelView

TOPPED = 0.35  # my chance after the other player honestly tops my claim
BLUFFED = 0.7  # my chance after it has to lie to top my claim
HIGHEST = CLAIM_COUNT - 1


def value_mass(belief: Belief) -> list[float]:
    """P(value is claim k) for k = 0..247, plus "nothing" at index 248."""
    mass = [0.0] * (CLAIM_COUNT + 1)
    for w, v in zip(belief, STATE_CLAIM, strict=True):
        mass[v] += w  # v == -1 ("nothing") lands on the extra last slot
    return mass


def at_least_table(belief: Belief) -> list[float]:
    """P(value >= claim k) for k = 0..248 (248: nothing is ever worth it)."""
    mass = value_mass(belief)
    table = [0.0] * (CLAIM_COUNT + 1)
    running = 0.0
    for k in range(CLAIM_COUNT - 1, -1, -1):
        running += mass[k]
        table[k] = running
    return table


class DuelPlan:
    """The hard player's reading of one moment of the bidding, and its best move."""

    def __init__(
        self,
        view: DuelView,
        doubt: float = 0.0,
        bluff: float = 0.0,
        other: Belief | None = None,
        shown: Belief | None = None,
    ) -> None:
        self.view = view
        self.doubt, self.bluff = doubt, bluff
        self.claim = -1 if view.claim is None else claim_index(view.claim)
        self.other = read_player(view.history, view.opponent) if other is None else other
        # What the other player may believe of my dice, from my own public moves.
        self.shown = read_player(view.history, view.seat) if shown is None else shown
        self.other_at_least = at_least_table(self.other)
        self.prop_true, self.prop_false = self._proposal_values()

    # ------------------------------------------------------------------ values

    def _proposal_values(self) -> tuple[list[float], list[float]]:
        """For every claim Y above the claim: my chance if I propose it truly / falsely."""
        believed = at_least_table(self.shown)
        other = self.other_at_least
        top = FRESH_TOP
        low = self.claim + 1
        true_value = [0.0] * CLAIM_COUNT
        false_value = [0.0] * CLAIM_COUNT
        for y in range(low, CLAIM_COUNT):
            if y == HIGHEST:
                challenged = 1.0  # "the other player must challenge" five aces
                tops = 0.0
            else:
                above = other[y + 1]
                tops = above + (1.0 - above) * top[y + 1] * 0.8
                plausible = believed[y]
                doubt = 1.0 - plausible
                challenged = max(_sigmoid(10.0 * (doubt - tops)), _sigmoid(25.0 * (0.25 - plausible)))
            after = tops * TOPPED + (1.0 - tops) * BLUFFED
            true_value[y] = challenged + (1.0 - challenged) * after
            false_value[y] = (1.0 - challenged) * after + self.bluff * (y - low > 0)
        return true_value, false_value

    def best_claim(self, value: int) -> tuple[float, int]:
        """(my chance, claim to propose) with dice worth claim `value` (-1: nothing)."""
        best, choice = -1.0, min(self.claim + 1, HIGHEST)
        for y in range(self.claim + 1, CLAIM_COUNT):
            chance = self.prop_true[y] if y <= value else self.prop_false[y]
            if chance > best:
                best, choice = chance, y
        return best, choice

    def terminal(self) -> list[float]:
        """My chance from each state if I propose now (the best claim for it)."""
        low = self.claim + 1
        prefix = [0.0] * (CLAIM_COUNT + 1)  # best true proposal with value v: max over (claim, v]
        running = -1.0
        for y in range(CLAIM_COUNT):
            if y >= low:
                running = max(running, self.prop_true[y])
            prefix[y] = running
        suffix = [-1.0] * (CLAIM_COUNT + 1)  # best false proposal above v
        running = -1.0
        for y in range(CLAIM_COUNT - 1, low - 1, -1):
            running = max(running, self.prop_false[y])
            suffix[y] = running
        out = []
        for v in STATE_CLAIM:
            honest = prefix[v] if v >= low else -1.0
            out.append(max(honest, suffix[max(v, self.claim) + 1]))
        return out

    def continuation(self, rerolls: int) -> tuple[list[float], list[float] | None]:
        """(my chance from each state with `rerolls` rerolls left, keep values of the last step)."""
        values = self.terminal()
        by_keep = None
        for _ in range(rerolls):
            by_keep = keep_values(values)
            kv = by_keep.__getitem__
            values = [max(v, max(map(kv, keeps))) for v, keeps in zip(values, STATE_KEEPS, strict=True)]
        return values, by_keep

    def challenge_chance(self) -> float:
        """My chance if I challenge the claim now."""
        return 1.0 - self.other_at_least[self.claim] if self.claim >= 0 else 0.0

    # ------------------------------------------------------------------ the move

    def action(self) -> DuelAction:
        """The move that gives the best chance to win the round."""
        view, seat = self.view, self.view.seat
        state = STATE_INDEX[tuple(sorted(view.dice))]
        rerolls = view.rerolls_left
        if rerolls:
            values, _ = self.continuation(rerolls - 1)
            by_keep = keep_values(values)
            keep = max(STATE_KEEPS[state], key=by_keep.__getitem__)
            reroll_chance = by_keep[keep]
        else:
            keep, reroll_chance = None, -1.0
        propose_chance, claim = self.best_claim(STATE_CLAIM[state])
        go_on = max(propose_chance, reroll_chance)
        if view.may_challenge and self.challenge_chance() + self.doubt >= go_on:
            return Challenge(seat)
        if keep is not None and reroll_chance > propose_chance + 1e-9:
            return Reroll(seat, _indices(view.dice, KEEPS[keep]))
        return Propose(seat, claim_at(claim))


def _indices(dice: tuple[int, ...], kept: tuple[int, ...]) -> tuple[int, ...]:
    used: list[int] = []
    for face in kept:
        used.append(next(i for i, f in enumerate(dice) if f == face and i not in used))
    return tuple(sorted(used))


def _sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + exp(-x))
