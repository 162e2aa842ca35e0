"""The coach: the hard player's reasoning on one person's own view, as numbers and a sentence.

`coach_advice(view)` judges the last call at the card table; `duel_advice(view)` judges the
claim to beat in the dice duel. Both return structured data (the scenes translate and draw
it) with an English sentence, or None when there is nothing to judge. Given an expert reading
the same seat (`expert_reader`), the card table's advice carries the expert's read too: its
own chance that the call is a lie it would catch, beside the hard player's figure.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, NotRequired, TypedDict, TypeVar

from bluffhouse.game.bots.duel_reasoning import chance_at_least, read_player
from bluffhouse.game.bots.table_expert import ExpertTableBot
from bluffhouse.game.bots.table_memory import TableMemory
from bluffhouse.game.bots.table_reasoning import lie_estimate
from bluffhouse.game.dice import claim_index, describe, hand_value, next_claim, reach_probability
from bluffhouse.game.duel import DuelView
from bluffhouse.game.duel_events import Phase
from bluffhouse.game.table_view import TableView

RANK_WORDS: dict[str, tuple[str, str]] = {
    "A": ("ace", "aces"),
    "2": ("two", "twos"),
    "3": ("three", "threes"),
    "4": ("four", "fours"),
    "5": ("five", "fives"),
    "6": ("six", "sixes"),
    "7": ("seven", "sevens"),
    "8": ("eight", "eights"),
    "9": ("nine", "nines"),
    "10": ("ten", "tens"),
    "J": ("jack", "jacks"),
    "Q": ("queen", "queens"),
    "K": ("king", "kings"),
    "U": ("Alsó", "Alsós"),
    "O": ("Felső", "Felsős"),
}


class CallNumbers(TypedDict):
    """The numbers behind the card table's advice on the open call."""

    caller: int
    count: int
    rank: str
    held: int  # of the rank (Színes included), in this seat's hand
    accounted: int  # ... held or known elsewhere (not with the caller)
    total: int  # ... in the game
    fako: float  # the chance the call is a lone Fakó
    emptied: bool
    expert: NotRequired[float]  # the expert's read, when one was asked


class DuelNumbers(TypedDict, total=False):
    """The numbers behind the duel's advice: "reach" gives all but value, "opening_claim" value."""

    reach: float  # my chance to reach the claim to beat
    claim_true: float  # the other's claim being true, by their moves
    rerolls: int
    claim: int  # the claim to beat (its number)
    target: int | None  # the lowest claim above it (None: nothing beats five aces)
    value: int  # an opening claim: my dice's number (-1: nothing)


N = TypeVar("N", CallNumbers, DuelNumbers)


@dataclass(frozen=True)
class Advice(Generic[N]):
    """One coach line: the headline chance, what kind of judgement it is, its numbers, words."""

    kind: str  # card table: "impossible", "lie_likely", "toss_up", "true_likely", "fako_bait";
    #            duel: "reach" (with the claim's chance in numbers), "opening_claim"
    probability: float  # card table: the last call is a lie; duel: reaching the claim to beat
    text: str
    numbers: N


def rank_words(rank: str, count: int) -> str:
    """ "2 sevens", "1 ace": a count and a rank in English."""
    one, many = RANK_WORDS.get(rank, (rank, rank + "s"))
    return f"{count} {one if count == 1 else many}"


def _percent(p: float) -> int:
    return round(100 * p)


def expert_reader(seat: int) -> ExpertTableBot:
    """An expert that only reads (keep one per coached seat for a game: it learns as it goes)."""
    return ExpertTableBot(seat, random.Random(seat))


def coach_advice(
    view: TableView,
    names: list[str] | None = None,
    memory: TableMemory | None = None,
    expert: ExpertTableBot | None = None,
) -> Advice[CallNumbers] | None:
    """The chance the open last call is a lie, from what this seat knows; None if none is open."""
    last = view.last_call
    if last is None or not view.window_open or last.seat == view.seat:
        return None
    memory = TableMemory.of(view, memory)
    estimate = lie_estimate(view, memory)
    caller = names[last.seat] if names else f"seat {last.seat + 1}"
    called = rank_words(last.rank, last.count)
    _, plural = RANK_WORDS.get(last.rank, (last.rank, last.rank + "s"))
    numbers = CallNumbers(
        caller=last.seat,
        count=last.count,
        rank=last.rank,
        held=estimate.held,
        accounted=estimate.accounted,
        total=estimate.total,
        fako=round(estimate.fako, 3),
        emptied=last.emptied_hand,
    )
    read = expert.lie_chance(view) if expert is not None else None
    if read is not None:
        numbers["expert"] = round(read, 3)
    jokers = " (Színes included)" if view.rules.jokers else ""
    if estimate.impossible:
        if estimate.accounted == estimate.held:
            where = f"you hold {estimate.held} of the {estimate.total} {plural}{jokers}"
        else:
            where = (
                f"you can place {estimate.accounted} of the {estimate.total} "
                f"{plural}{jokers} away from {caller}"
            )
        text = f"{where}: {called} from {caller} is impossible"
        if estimate.fako > 0.05:
            text += f", unless it is the Fakó ({_percent(estimate.fako)}%)"
        return Advice("impossible", 1.0, text, numbers)
    p = estimate.probability
    if estimate.fako >= max(0.05, p - estimate.fako):
        kind = "fako_bait"
        text = (
            f"about {_percent(p)}% that {caller} is lying, but a lone card may be the "
            f"Fakó ({_percent(estimate.fako)}%): doubting it would cost you the pile"
        )
    else:
        kind = "lie_likely" if p >= 0.6 else "true_likely" if p <= 0.35 else "toss_up"
        text = f"about {_percent(p)}% that {caller} is lying"
    if last.emptied_hand:
        text = f"{caller} played their last cards: {text}"
    if read is not None:
        text += f"; the expert's read: {_percent(read)}%"
    return Advice(kind, p, text, numbers)


def duel_advice(view: DuelView, names: list[str] | None = None) -> Advice[DuelNumbers] | None:
    """Your chance to reach the claim to beat, and the chance the other's claim is true."""
    if view.phase != Phase.BIDDING or view.turn != view.seat:
        return None
    other = names[view.opponent] if names else f"seat {view.opponent + 1}"
    mine = hand_value(view.dice)
    if view.claim is None:
        worth = describe(view.dice) if mine.is_claim else "nothing"
        return Advice(
            "opening_claim",
            1.0 if mine.is_claim else 0.0,
            f"your dice are worth {worth}",
            DuelNumbers(value=claim_index(view.dice) if mine.is_claim else -1),
        )
    target = next_claim(view.claim)
    rerolls = view.rerolls_left
    reach = 0.0 if target is None else reach_probability(view.dice, True, rerolls, target)
    belief = read_player(view.history, view.opponent)
    claim = claim_index(view.claim)
    true_chance = chance_at_least(belief, claim)
    numbers = DuelNumbers(
        reach=round(reach, 4),
        claim_true=round(true_chance, 4),
        rerolls=rerolls,
        claim=claim,
        target=None if target is None else claim_index(target),
    )
    if target is None:
        text = f"nothing beats five aces: you must challenge ({_percent(1 - true_chance)}% to win)"
    else:
        shakes = "as they lie" if rerolls == 0 else f"with {rerolls} reroll{'s' * (rerolls > 1)}"
        text = (
            f"you reach {describe(target)} or better {_percent(reach)}% of the time "
            f"{shakes}; {other}'s {describe(view.claim)} is true about "
            f"{_percent(true_chance)}% by their moves"
        )
    return Advice("reach", reach, text, numbers)
