"""The Expert of the dice duel: it looks ahead at the other player's best answer to each claim.

It reasons over the 252 cups the other player may hold (its belief, read from that player's
public moves and tilted by what this match has shown of its honesty) and over the exact dice
probabilities of game.dice. For every claim it could make it takes the other player's place:
that player knows its own cup, not this one, and believes of this cup what this player's public
moves let it believe (the claim included); with its best rerolls it would top the claim, or it
challenges when its chance there is the better one. The claim is worth, over the other cups:
a win when challenged if this cup meets it, else the other player's chance of going on, lost.
Its own rerolls are an exact dynamic programme over its 252 cups with those worths at the end,
and a challenge is weighed the same way (the chance the claim to beat is false). Its opening
mood compares its chance with these dice against the chance with a fresh roll. No threshold
is fixed: every choice is the larger of two chances computed for this very moment.

Reading people: per opponent, across the rounds of a match (`remember` is told each finished
round), how often its claims were lies when lifted, and how often it challenges; the first
tilts the belief over its cup, the second how ready it is imagined to challenge.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import exp

from bluffhouse.game.actions import Challenge, Declare, DuelAction, Propose, Reroll
from bluffhouse.game.bots.duel_plans import DuelPlan, _indices, at_least_table
from bluffhouse.game.bots.duel_reasoning import (
    FRESH,
    KEEPS,
    STATE_CLAIM,
    STATE_INDEX,
    STATE_KEEPS,
    Belief,
    Reader,
    keep_values,
)
from bluffhouse.game.dice import CLAIM_COUNT, claim_at, claim_index
from bluffhouse.game.duel import DuelView
from bluffhouse.game.duel_events import Challenged, DiceRevealed, DuelEvent, Mood, Phase, Proposed, Rerolled
from bluffhouse.game.duel_view import MAX_REROLLS

HIGHEST = CLAIM_COUNT - 1
REACH = 4  # claims above the one to beat it weighs, beside its own dice's value
SOFT = 0.06  # how far from its best answer another player may stray (a person is not a table)
# The first guess of how much sooner than its best answer another player challenges, before the
# match shows it: hard players challenged 1,350 times in 2,000 rounds and won 30% of them, and
# imagined that eager the expert beat them 63.9% instead of 59.8% (1,000 paired rounds).
EAGER = 0.2


@dataclass(slots=True)
class DuelHabits:
    """What the other player has shown in this match."""

    lifted: int = 0  # its claims challenged and lifted
    lies: int = 0  # of those, worth less than claimed
    chances: int = 0  # claims of mine it answered
    challenges: int = 0

    def lie_rate(self, model: float, weight: float = 4.0) -> float:
        """Its claims' chance to be lies, the model's figure pulled towards what was seen."""
        return (self.lies + model * weight) / (self.lifted + weight)

    def eagerness(self, weight: float = 6.0) -> float:
        """How much readier to challenge than a careful player it has been (0: as careful),
        EAGER at first, what it did weighing more as the match goes on."""
        return (self.challenges - 0.3 * self.chances + EAGER * weight) / (self.chances + weight)


def read_round(history: Sequence[DuelEvent], seat: int, habits: DuelHabits) -> None:
    """Add one round's public facts about `seat`'s play to `habits`."""
    for event in history:
        if isinstance(event, Proposed) and event.seat != seat:
            habits.chances += 1
        elif isinstance(event, Challenged) and event.challenger == seat:
            habits.challenges += 1
        elif isinstance(event, DiceRevealed) and event.seat == seat:
            habits.lifted += 1
            habits.lies += not event.value_met


class ExpertDuelBot:
    """Looks ahead at the other player's best answers (see the module)."""

    level = "expert"

    def __init__(self, seat: int, rng: random.Random, personality_name: str | None = None) -> None:
        self.seat, self.rng = seat, rng
        self.habits = DuelHabits()  # the other player, over the match's finished rounds
        self._other = Reader(1 - seat)
        self._shown = Reader(seat)
        # The other player's answers to each claim, kept through this turn's rerolls (a
        # reroll changes my dice, not what it may believe of them much).
        self._cache: dict[tuple[tuple[DuelEvent, ...], int], tuple[float, list[float]]] = {}

    def remember(self, view: DuelView) -> None:
        """A round of the match is over: keep what it showed of the other player."""
        read_round(view.history, view.opponent, self.habits)

    # ------------------------------------------------------------------ choosing

    def choose(self, view: DuelView) -> DuelAction:
        """The action of this seat's turn."""
        if view.allowed_moods:
            return Declare(self.seat, self._mood(view))
        if view.must_challenge:
            return Challenge(self.seat)  # "the other player must challenge" five aces
        return self._bid(view)

    def _beliefs(self, view: DuelView) -> tuple[Belief, Belief]:
        """(its cup as I read it, my cup as it may read it), the first tilted by its record."""
        other = self._other.read(view.history)
        shown = self._shown.read(view.history)
        if view.claim is not None and view.claimant == view.opponent:
            claim = claim_index(view.claim)
            below = sum(w for w, v in zip(other, STATE_CLAIM, strict=True) if v < claim)
            if 0.0 < below < 1.0:
                habits = self.habits
                habits_now = DuelHabits(habits.lifted, habits.lies, habits.chances, habits.challenges)
                wanted = habits_now.lie_rate(below)
                up, down = wanted / below, (1.0 - wanted) / (1.0 - below)
                other = tuple(
                    w * (up if v < claim else down) for w, v in zip(other, STATE_CLAIM, strict=True)
                )
        return other, shown

    def _mood(self, view: DuelView) -> Mood:
        """Satisfied when these dice win more often than a fresh roll would."""
        other, shown = self._beliefs(view)
        worth = self._opening_worth(view, other, shown)
        keep = worth[STATE_INDEX[tuple(sorted(view.dice))]]
        fresh = sum(f * w for f, w in zip(FRESH, worth, strict=True))
        if view.turn == view.proposer and Mood.INDIFFERENT in view.allowed_moods and abs(keep - fresh) < 0.01:
            return Mood.INDIFFERENT  # "it's all the same to me": table talk
        return Mood.SATISFIED if keep >= fresh else Mood.NOT_SATISFIED

    def _opening_worth(self, view: DuelView, other: Belief, shown: Belief) -> list[float]:
        """For each of my 252 possible cups, my chance as the first proposer (no claim yet)."""
        claims = self._answers(view, -1, other, shown)
        out = []
        for value in STATE_CLAIM:
            out.append(max((a + b * (value >= y)) for y, (a, b) in claims.items()))
        return out

    def _bid(self, view: DuelView) -> DuelAction:
        other, shown = self._beliefs(view)
        claim = -1 if view.claim is None else claim_index(view.claim)
        answers = self._answers(view, claim, other, shown)
        terminal = [max(a + b * (value >= y) for y, (a, b) in answers.items()) for value in STATE_CLAIM]
        state = STATE_INDEX[tuple(sorted(view.dice))]
        rerolls = view.rerolls_left
        reroll_chance, keep = -1.0, None
        if rerolls:
            values = terminal
            for _ in range(rerolls - 1):
                by_keep = keep_values(values)
                values = [
                    max(v, max(by_keep[k] for k in keeps))
                    for v, keeps in zip(values, STATE_KEEPS, strict=True)
                ]
            by_keep = keep_values(values)
            keep = max(STATE_KEEPS[state], key=by_keep.__getitem__)
            reroll_chance = by_keep[keep]
        value = STATE_CLAIM[state]
        best_y, best = HIGHEST, -1.0  # (every answer beats -1: the first one is taken)
        for y, (a, b) in answers.items():
            chance = a + b * (value >= y)
            if chance > best + 1e-12:
                best_y, best = y, chance
        if view.may_challenge:
            at_least = at_least_table(other)
            challenge = 1.0 - at_least[claim]
            if challenge >= max(best, reroll_chance):
                return Challenge(self.seat)
        if keep is not None and reroll_chance > best + 1e-9:
            return Reroll(self.seat, _indices(view.dice, KEEPS[keep]))
        return Propose(self.seat, claim_at(best_y))

    # ------------------------------------------------------------------ the other's answers

    def _answers(
        self, view: DuelView, claim: int, other: Belief, shown: Belief
    ) -> dict[int, tuple[float, float]]:
        """For each claim y I may make: (a, b) with my chance = a + b * [my dice meet y].

        b is the chance the other player challenges y; a my chance when it goes on instead:
        one less its own chance of winning by going on, as it would reckon it.
        """
        value = STATE_CLAIM[STATE_INDEX[tuple(sorted(view.dice))]]
        wanted = {y for y in range(claim + 1, min(CLAIM_COUNT, claim + 1 + REACH))}
        if value > claim:
            wanted.update(range(value, min(CLAIM_COUNT, value + 2)))
        wanted.add(HIGHEST)
        eager = max(-0.3, min(0.3, self.habits.eagerness()))
        answers: dict[int, tuple[float, float]] = {}
        for y in sorted(wanted):
            if y == HIGHEST:
                answers[y] = (0.0, 1.0)  # "the other player must challenge" five aces
                continue
            key = (_public(view.history), y)
            if key not in self._cache:
                self._cache = {k: v for k, v in self._cache.items() if k[0] == key[0]}
                self._cache[key] = self._their_view(view, y, shown, other)
            challenge, go_on = self._cache[key]
            doubt = challenge + eager
            b = a = 0.0
            for weight, on in zip(other, go_on, strict=True):
                if weight <= 1e-12:
                    continue
                # Its best answer: challenge when that wins more often than going on.
                p = _soft((doubt - on) / SOFT)
                b += weight * p
                a += weight * (1.0 - p) * (1.0 - on)
            answers[y] = (a, b)
        return answers

    def _their_view(self, view: DuelView, y: int, shown: Belief, other: Belief) -> tuple[float, list[float]]:
        """The other player's reckoning after my claim y: its chance if it challenges, and for
        each of its cups its chance if it goes on (its best rerolls, then its best claim)."""
        me, them = view.seat, view.opponent
        history = view.history + (Proposed(me, claim_at(y)),)
        believed = Reader(me)
        believed.belief, believed.facing = shown, self._shown.facing
        believed.last_claim, believed.seen = self._shown.last_claim, len(view.history)
        believed._tail = view.history
        its_belief = believed.read(history)
        theirs = DuelView(
            seat=them,
            rules=view.rules,
            phase=Phase.BIDDING,
            turn=them,
            proposer=view.proposer,
            moods=view.moods,
            replays=view.replays,
            dice=view.dice,
            claim=claim_at(y),
            claimant=me,
            rerolls_used=0,
            opponent_dice=None,
            winner=None,
            history=history,
        )
        plan = DuelPlan(theirs, 0.0, 0.0, its_belief, other)
        terminal = plan.terminal()
        values = terminal
        for _ in range(MAX_REROLLS):  # its best rerolls, two of them, then its best claim
            get = keep_values(values).__getitem__
            values = [max(t, max(map(get, keeps))) for t, keeps in zip(terminal, STATE_KEEPS, strict=True)]
        return plan.challenge_chance(), values


def _public(history: tuple[DuelEvent, ...]) -> tuple[DuelEvent, ...]:
    """The history without this turn's trailing rerolls."""
    end = len(history)
    while end and type(history[end - 1]) is Rerolled:
        end -= 1
    return history[:end]


def _soft(x: float) -> float:
    """A soft step: 1 well above zero, 0 well below."""
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + exp(-x))
