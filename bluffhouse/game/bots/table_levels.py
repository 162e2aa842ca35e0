"""Easy, Medium and Hard card players for Bullets and Kamu, each with a few personalities."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import TypedDict, Unpack

from bluffhouse.game.bots.table_memory import SMALL_PILE, TableMemory
from bluffhouse.game.bots.table_plans import choose_play, fodder_order, hard_challenge
from bluffhouse.game.bots.table_reasoning import lie_estimate
from bluffhouse.game.bots.table_sensible import turns_until
from bluffhouse.game.bots.table_turn import DecidedOnce
from bluffhouse.game.cards import Card, counts_as
from bluffhouse.game.table_view import CallRecord, LastCall, TableView, opening_sizes


@dataclass(frozen=True, slots=True)
class Personality:
    """The knobs of a computer player's character."""

    name: str
    bluff: float = 0.2  # Easy/Medium: chance to add false cards; Hard: appetite for risk
    doubt: float = 0.0  # shifts the challenge threshold down (positive doubts more)
    whim: float = 0.1  # Easy: chance to challenge on a whim
    recall: float = 0.4  # Easy: chance to notice what its own hand proves
    caution: float = 1.0  # Hard: how dearly a bullet is held near the end
    patience: int = 300  # history records before it tires of challenging (games must end)


class Knobs(TypedDict, total=False):
    """A personality's knobs by name, to override some of them."""

    bluff: float
    doubt: float
    whim: float
    recall: float
    caution: float
    patience: int


TABLE_PERSONALITIES: dict[str, dict[str, Personality]] = {
    "easy": {
        "Daydreamer": Personality("Daydreamer", bluff=0.35, whim=0.1, recall=0.35),
        "Chatterbox": Personality("Chatterbox", bluff=0.55, whim=0.08, recall=0.3),
        "Sheriff": Personality("Sheriff", bluff=0.3, whim=0.22, recall=0.4),
        "Worrier": Personality("Worrier", bluff=0.2, whim=0.05, recall=0.3),
    },
    "medium": {
        "Steady": Personality("Steady", bluff=0.2),
        "Cautious": Personality("Cautious", bluff=0.1, doubt=-0.08),
        "Bold": Personality("Bold", bluff=0.35),
        "Sheriff": Personality("Sheriff", bluff=0.2, doubt=0.12),
    },
    "hard": {
        "Shark": Personality("Shark", bluff=1.0),
        "Rock": Personality("Rock", bluff=0.6, caution=1.4),
        "Bold bluffer": Personality("Bold bluffer", bluff=1.6, caution=0.8),
        "Sheriff": Personality("Sheriff", bluff=1.0, doubt=0.1),
    },
}


def personality(level: str, name: str | None = None) -> Personality:
    """A level's named personality; the level's first (default) one when `name` is None."""
    table = TABLE_PERSONALITIES[level]
    return table[name] if name is not None else next(iter(table.values()))


STALL_PATIENCE = 24  # history records without anyone's hand reaching a new low before it tires
STALL_HALF_LIFE = 16  # ... and after that, records for its will to challenge to halve


def stalled(view: TableView) -> int:
    """History records since any hand last got smaller than it had ever been (progress)."""
    sizes = opening_sizes(view)
    lows = list(sizes)
    last = -1
    for index, record in enumerate(view.history):
        if isinstance(record, CallRecord):
            sizes[record.seat] -= record.count
            if sizes[record.seat] < lows[record.seat]:
                lows[record.seat], last = sizes[record.seat], index
        else:
            sizes[record.seat] += record.count
    return len(view.history) - 1 - last


class _TableBot(DecidedOnce):
    """Shared plumbing: one challenge answer per view, patience, and the turn's move."""

    level = "medium"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        personality_name: str | None = None,
        **overrides: Unpack[Knobs],
    ) -> None:
        self.seat = seat
        self.rng = rng
        self.persona = replace(personality(self.level, personality_name), **overrides)

    def challenge_decision(self, view: TableView, last: LastCall) -> bool:
        """Whether to challenge the open last call: the level's judgement, unless tired."""
        return self.decide_challenge(view, last) and not self.tired(view, last)

    def tired(self, view: TableView, last: LastCall) -> bool:
        """True, ever more often once the game runs long or goes round in circles (games must end)."""
        over = len(view.history) - self.persona.patience
        # A table where every lie is caught can go round and round, everyone taking back the
        # card they just played; people notice it and let a call pass to get the round moving
        # (but still doubt a call that would end the round).
        circling = 0 if last.emptied_hand else stalled(view) - STALL_PATIENCE
        chance = 0.5 ** (max(over, 0) / 100) * 0.5 ** (max(circling, 0) / STALL_HALF_LIFE)
        return (over > 0 or circling > 0) and self.rng.random() > chance

    def decide_challenge(self, view: TableView, last: LastCall) -> bool:
        """The level's own challenge judgement of `last`, the open call."""
        raise NotImplementedError

    def pick_cards(self, view: TableView) -> list[Card]:
        """The level's own choice of cards."""
        raise NotImplementedError


def true_cards(view: TableView) -> tuple[list[Card], list[Card]]:
    """(cards of the called rank, Színes jokers) in the hand."""
    rank = view.rank
    return ([c for c in view.hand if c.rank == rank], [c for c in view.hand if c.is_szines])


def finishing_play(view: TableView) -> list[Card] | None:
    """Every card, when the whole hand makes one true call."""
    hand = view.hand
    if len(hand) <= 4 and all(counts_as(c, view.rank) for c in hand):
        return list(hand)
    return None


class EasyTableBot(_TableBot):
    """Plays the called rank when it can, bluffs often and clumsily, forgets, doubts on a whim."""

    level = "easy"

    def decide_challenge(self, view: TableView, last: LastCall) -> bool:
        """Doubts a call its hand proves false when it remembers to look, else on a whim."""
        rng, p = self.rng, self.persona
        if last.emptied_hand:
            return rng.random() < 0.6
        if rng.random() < p.recall:
            estimate = lie_estimate(view)
            if estimate.impossible and view.pile_size > last.count:
                return True
        whim = p.whim * (1.0 + 0.25 * (last.count - 1))
        if view.rules.uses_bullets and view.bullets[self.seat] <= 1:
            whim *= 0.2  # even a daydreamer hesitates to spend its last bullet
        return rng.random() < whim

    def pick_cards(self, view: TableView) -> list[Card]:
        rng, hand = self.rng, view.hand
        finish = finishing_play(view)
        if finish:
            return finish
        true, szines = true_cards(view)
        true = true + szines
        others = [c for c in hand if c not in true and not c.is_fako]
        fako = [c for c in hand if c.is_fako]
        if true:
            played = true[:4] if rng.random() < 0.7 else true[: rng.randint(1, min(4, len(true)))]
            room = min(4 - len(played), len(others))
            if room and rng.random() < self.persona.bluff:
                played = played + rng.sample(others, rng.randint(1, min(2, room)))
            return played
        if fako and (not others or rng.random() < 0.4):
            return fako[:1]
        size = min(len(others), rng.choices((1, 2, 3), (0.5, 0.35, 0.15))[0])
        return rng.sample(others, size)


CHEAP_DOUBT = 0.4  # medium's threshold on a small pile when no bullet is at stake


class MediumTableBot(_TableBot):
    """Counts what its own hand proves impossible, doubts very unlikely calls, bluffs moderately."""

    level = "medium"

    def decide_challenge(self, view: TableView, last: LastCall) -> bool:
        """Doubts a call its hand proves false, or a very unlikely one."""
        if last.emptied_hand:
            return True
        estimate = lie_estimate(view, None, bluff=0.2)
        if estimate.impossible:
            return view.pile_size > last.count
        threshold = 0.8 - self.persona.doubt
        if not view.rules.uses_bullets and view.pile_size <= SMALL_PILE:
            # Without bullets a small pile is cheap to doubt, and its hand-count reading is too
            # trusting there (most calls of such a table are lies it cannot see): at near even
            # odds it calls them out. Before, it let 86% of Kamu's lies pass.
            threshold = CHEAP_DOUBT - self.persona.doubt
        if view.rules.uses_bullets:
            mine = view.bullets[self.seat]
            near_end = min(s for i, s in enumerate(view.hand_sizes) if i != self.seat) <= 4
            if mine <= 1 and near_end:
                return False  # the last bullet is kept for a hand-emptying call
            threshold += 0.05 * (3 - mine)
        return estimate.probability >= threshold and view.pile_size > last.count

    def pick_cards(self, view: TableView) -> list[Card]:
        rng, hand = self.rng, view.hand
        finish = finishing_play(view)
        if finish:
            return finish
        true, szines = true_cards(view)
        fodder = fodder_order(view, [c for c in hand if not c.is_joker and c.rank != view.rank])
        fako = [c for c in hand if c.is_fako]
        never = [c for c in fodder if turns_until(view, c.rank) is None]
        if true and never and len(hand) - len(true[:4]) == len(never):
            return never[:1]  # keep the true cards for a last call that can win
        if true:
            played = true[:4]
            if (
                len(played) < 4
                and fodder
                and len(hand) > len(played) + 1
                and rng.random() < self.persona.bluff
            ):
                played = played + fodder[:1]
            return played
        if fako and (not fodder or rng.random() < 0.3):
            return fako[:1]
        if fodder:
            return fodder[:1]
        return szines[:1] or list(hand[:1])


class HardTableBot(_TableBot):
    """Remembers what its seat saw, learns how each caller's calls turn out, weighs odds, piles, bullets."""

    level = "hard"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        personality_name: str | None = None,
        **overrides: Unpack[Knobs],
    ) -> None:
        super().__init__(seat, rng, personality_name, **overrides)
        self._memory: TableMemory | None = None

    def memory(self, view: TableView) -> TableMemory:
        """This seat's memory of the game so far (kept between decisions)."""
        self._memory = TableMemory.of(view, self._memory)
        return self._memory

    def decide_challenge(self, view: TableView, last: LastCall) -> bool:
        """Weighs the odds against the pile, the bullet and the lead."""
        return hard_challenge(view, last, self.memory(view), self.persona)

    def pick_cards(self, view: TableView) -> list[Card]:
        return choose_play(view, self.memory(view), self.persona)
