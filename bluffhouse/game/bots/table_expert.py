"""The Expert at the card table: it searches ahead over the worlds its own view allows.

At each decision it deals possible worlds from its seat's view (game.table_worlds: its hand,
every public play and reveal, the set-aside cards it never saw), the face-down calls filled in
by how likely each caller's calls were under its reading of that caller (game.bots.reading),
and plays every candidate action (which cards, how many, challenge or let pass) forward in
each world, every imagined seat acting on its own cards and habits (game.bots.table_rollout),
until its own next turn; the action with the best average chance to win is played.

Why determinised rollouts rather than information-set MCTS: a decision here has few sensible
actions (a handful of plays, challenge or not) and the time is short (a couch game cannot wait:
p50 15 ms in Python), so there is no tree worth growing; what matters is the hidden cards and
the other players' answers, and flat rollouts over many worlds, the same worlds and the same
dice for every candidate (common random numbers), compare candidates with the least noise for
the time. The known weakness of determinising, fusing strategies by acting as if the hidden
cards were known, is kept out by construction: after the first move no imagined player acts on
a card it could not see, and the doubted call's truth is not sampled but weighed: its chance
comes from the hard player's card arithmetic, corrected by the reading of that caller, and the
worlds are dealt half with a true call, half with a lie.

Anytime: it plays the best action so far when the worlds run out or when its time is up
(`deadline`, in seconds of its own thread's CPU time, checked between worlds). The deadline is
the CPU's, not the clock's, so a busy machine does not change its choices: with its own
generator and a fixed number of worlds it is deterministic for a seed unless a decision needs
more than DEADLINE of computing (on a slow machine), and always without a deadline.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from math import exp, log

from bluffhouse.game.bots.reading import Reading, TrueCall
from bluffhouse.game.bots.table_keep import keep_order, needs
from bluffhouse.game.bots.table_memory import TableMemory
from bluffhouse.game.bots.table_plans import calibrated
from bluffhouse.game.bots.table_reasoning import LieEstimate, lie_estimate
from bluffhouse.game.bots.table_rollout import Imagined
from bluffhouse.game.bots.table_turn import DecidedOnce
from bluffhouse.game.cards import Card, counts_as
from bluffhouse.game.rules import RankAfterChallenge
from bluffhouse.game.table_search import kind_index
from bluffhouse.game.table_view import CallRecord, LastCall, TableView
from bluffhouse.game.table_worlds import TruthModel, Worlds

WORLDS = 16  # worlds per decision (each candidate is played in every one)
DEADLINE = 0.035  # seconds of CPU: past this a search stops after the world it is playing
# The card arithmetic's chance of a lie is a little too sure in Bullets: over 14,000 calls of
# hard and medium players (and 8,600 in Kamu), the truth was best matched by this logistic
# correction of it (logit(p') = shift + slope * logit(p), fitted by maximum likelihood).
RECALIBRATION = {"bullets": (-0.5, 0.8), "kamu": (0.3, 1.0)}
SURE = 0.12  # below this chance of a caught lie nobody sensible challenges: no search
# The chance of a lie a sensible player wants before it challenges, by pile size (small,
# middle, big): dearer with bullets at stake. A seat seen challenging more often than PRIORS
# says (the reading's first guess) is imagined to doubt sooner, and the other way round.
DOUBT = {True: (0.6, 0.88, 0.96), False: (0.45, 0.7, 0.85)}
PRIORS = (0.3, 0.15, 0.06)
READING = True
PATIENCE = 6.0  # calls a game per card in play before it may let a call it doubts stand,
LENIENCE = 0.5  # with this more chance per card's worth of calls past it (see _lenient)


class ExpertTableBot(DecidedOnce):
    """Searches the worlds its view allows (see the module); learns each opponent's habits."""

    level = "expert"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        personality_name: str | None = None,
        worlds: int = WORLDS,
        deadline: float | None = DEADLINE,
    ) -> None:
        self.seat, self.rng = seat, rng
        self.worlds_per_decision, self.deadline = worlds, deadline
        self._worlds: Worlds | None = None
        self._memory: TableMemory | None = None
        self.reading: Reading | None = None

    # ------------------------------------------------------------------ the bot's interface

    def remember(self, view: TableView, calls: Sequence[TrueCall] = ()) -> None:
        """A game of the match is over: keep what it showed of each person (see Reading)."""
        self._read(view).remember(view, calls)

    def lie_chance(self, view: TableView) -> float | None:
        """The expert's read: the chance the open last call is a lie it would catch."""
        last = view.last_call
        if last is None or not view.window_open or last.seat == self.seat:
            return None
        _, caught = self._estimate(view, last)
        return caught

    # ------------------------------------------------------------------ what it knows

    def _read(self, view: TableView) -> Reading:
        if self.reading is None or self.reading.players != view.players:
            self.reading = Reading(self.seat, view.players)
        return self.reading.read(view)

    def _estimate(self, view: TableView, last: LastCall) -> tuple[LieEstimate, float]:
        """The hard player's card arithmetic on the open call, read through how this caller's
        calls have turned out against what that arithmetic said (its learnt correction), then
        through how such figures turn out at a table (RECALIBRATION)."""
        self._memory = memory = TableMemory.of(view, self._memory)
        estimate = lie_estimate(view, memory)
        memory.predict(len(view.history) - 1, estimate.caught)
        chance = calibrated(estimate.caught, memory.lie_odds_factor(last.seat))
        if 0.0 < chance < 1.0:
            shift, slope = RECALIBRATION.get(view.rules.game.value, (0.0, 1.0))
            chance = 1.0 / (1.0 + exp(-(shift + slope * log(chance / (1.0 - chance)))))
        return estimate, chance

    def _imagined(self, view: TableView) -> Imagined:
        reading = self._read(view)
        challenge: list[tuple[float, ...]] = []
        bluff: list[float] = []
        big: list[float] = []
        doubts = DOUBT[view.rules.uses_bullets]
        ready: list[tuple[float, ...]] = []
        for seat in range(view.players):
            habits = reading.habits(seat)
            if seat == self.seat:
                challenge.append(doubts)
                ready.append((1.0, 1.0, 1.0))
            else:
                rates = [habits.challenge_rate(pile) for pile in (2, 8, 20)]
                challenge.append(
                    tuple(
                        min(0.99, max(0.1, doubt - 0.8 * (rate - prior)))
                        for doubt, prior, rate in zip(doubts, PRIORS, rates, strict=True)
                    )
                )
                # Seen challenging less (or more) often than a sensible player would: its
                # imagined self challenges that much less (or more) often, proofs included.
                ready.append(
                    tuple(
                        min(1.5, max(0.3, rate / prior)) if READING else 1.0
                        for prior, rate in zip(PRIORS, rates, strict=True)
                    )
                )
            lies = habits.lie_rate()
            bluff.append(min(0.6, 0.45 * lies))
            big.append(habits.big_rate())
        cards = sum(view.hand_sizes) + view.pile_size + view.set_aside
        # Every imagined seat sheds the ranks it needs least at this table (table_keep).
        return Imagined(view.rules, view.players, challenge, bluff, big, cards, ready, needs(view))

    def _worlds_of(self, view: TableView) -> Worlds:
        self._worlds = Worlds.of(view, self._worlds)
        return self._worlds

    def _truth(self, view: TableView) -> TruthModel:
        reading = self._read(view)
        rates = [1.0 - reading.habits(s).lie_rate() for s in range(view.players)]
        return lambda seat, rank, count, opened: rates[seat]

    # ------------------------------------------------------------------ challenging

    def challenge_decision(self, view: TableView, last: LastCall) -> bool:
        """Worth it by the search over the worlds, unless the game has run so long that it lets
        a call stand this once (_lenient)."""
        return self._worth_challenging(view, last) and not self._lenient(view)

    def _lenient(self, view: TableView) -> bool:
        """Whether to let a call it would challenge stand this once: never in a game of
        ordinary length; past PATIENCE calls per card in play, with a chance that grows by
        LENIENCE for every further card's worth of calls (its own generator), up to always.

        Without it some tables never end. Two seats sharing the whole Kamu deck hide nothing
        from a seat that remembers, so every lie is caught; and with eight ranks and two seats
        a seat is always called the same parity of rank (after a true call the other seat calls
        the next rank, after a caught lie the challenger does: the turn alternates with the
        rank), so a seat can shed the other parity's cards only by a lie that stands, and a
        hand of the other parity can end only by a lie that stands. Against a perfect
        challenger nobody could ever win. A game that has gone on this long has no winning
        line for anyone: lies let stand, the hand-emptying one included, end it. Ordinary games
        never get there (the longest of 200 Bullets tables of four experts: 280 calls, 5.4 per
        card); a patience of 3 calls per card let lies stand in long games against three hard
        players, who never do, and the expert won 13 of 40 Bullets games instead of 20-21."""
        cards = sum(view.hand_sizes) + view.pile_size
        calls = sum(1 for record in view.history if isinstance(record, CallRecord))
        overtime = calls / max(1, cards) - PATIENCE
        return overtime > 0 and self.rng.random() < overtime * LENIENCE

    def _worth_challenging(self, view: TableView, last: LastCall) -> bool:
        estimate, caught = self._estimate(view, last)
        if last.emptied_hand:
            # The caller wins unless a challenge catches a lie; a lone Fakó wins only if challenged.
            return estimate.caught >= estimate.fako
        if estimate.impossible and estimate.fako < 0.05:
            # A sure catch: worth it for a pile beyond the caller's own cards, or for the lead
            # when this hand holds the rank it would lead (two liars catching each other at a
            # rank neither holds go round forever while the hands that hold it stay silent).
            return view.pile_size > last.count or holds_lead_rank(view, last)
        if caught < SURE:
            return False
        if (
            view.pile_size == last.count
            and not holds_lead_rank(view, last)
            and view.rules.rank_after_challenge == RankAfterChallenge.RESTART
        ):
            # The pile is the caller's own cards: catching them only hands this seat the lead at
            # a rank it does not hold, a forced lie for the next seat to catch. Seats without the
            # rank catching each other's forced lies keep the pile going round for ever.
            return False
        values = self._search(view, [True, False], caught)
        return values[0] > values[1]

    # ------------------------------------------------------------------ playing

    def pick_cards(self, view: TableView) -> list[Card]:
        """The cards to play now, chosen by search among a few sensible candidates."""
        hand = list(view.hand)
        if len(hand) <= 4 and all(counts_as(c, view.rank) for c in hand):
            return hand  # a true call that empties the hand wins
        candidates = candidate_plays(view)
        if len(candidates) == 1:
            return candidates[0]
        values = self._search(view, candidates, None)
        best = max(range(len(candidates)), key=lambda i: (values[i], -i))
        return candidates[best]

    # ------------------------------------------------------------------ the search

    def _search(
        self, view: TableView, options: list[list[Card]] | list[bool], caught: float | None
    ) -> list[float]:
        """Each option's average worth over the worlds: plays (card lists) or, for a challenge
        decision, [challenge, let pass] weighed by the chance `caught` the call is a lie."""
        worlds = self._worlds_of(view)
        imagined = self._imagined(view)
        truth = self._truth(view)
        rules, me = view.rules, self.seat
        start = time.thread_time()
        totals = [[0.0, 0.0] for _ in options]  # per option: worth if the call is a lie / true
        played = [0, 0]
        kinds = [
            tuple(kind_index(rules, c) for c in option) for option in options if isinstance(option, list)
        ]  # the plays' (none for a challenge decision)
        for number in range(self.worlds_per_decision):
            lie = caught is not None and number % 2 == 0
            world = worlds.sample(view, self.rng, truth, None if caught is None else not lie)
            if caught is not None:
                lie = not world.truthful()  # a verdict the world could not take is not dealt
            seed = self.rng.random()
            for i, option in enumerate(options):
                state = world.clone()
                if caught is None:
                    state.play(me, kinds[i])
                    worth = imagined.roll(state, me, random.Random(seed))
                elif option:
                    state.challenge(me)
                    worth = imagined.worth(state, me)
                else:
                    worth = imagined.settle(state, me, random.Random(seed))
                totals[i][lie] += worth
            played[lie] += 1
            if self.deadline is not None and time.thread_time() - start > self.deadline:
                break
        if caught is None:
            return [t[0] / max(1, played[0]) for t in totals]
        if not played[0] or not played[1]:  # no world holds one of the verdicts: it cannot be
            caught = 1.0 if played[1] else 0.0
        return [
            caught * (t[1] / max(1, played[1])) + (1 - caught) * (t[0] / max(1, played[0])) for t in totals
        ]


def holds_lead_rank(view: TableView, last: LastCall) -> bool:
    """Whether this hand holds a card of the rank it would lead after catching `last`, the open call."""
    if view.rules.rank_after_challenge == RankAfterChallenge.CONTINUE:
        rank = view.rank  # "the next call is the rank after the challenged one"
    else:
        rank = last.rank  # "restarts at the rank that was just challenged"
    return any(counts_as(card, rank) for card in view.hand)


def candidate_plays(view: TableView) -> list[list[Card]]:
    """A few sensible plays: the truth (all of it, or one less), the truth with false cards
    added, a lie of one or two least-needed cards (game.bots.table_keep: the ranks its next
    calls are least likely to reach at this table), the Fakó alone; distinct by ranks."""
    hand, rank = list(view.hand), view.rank
    plain = [c for c in hand if c.rank == rank and not c.is_joker]
    szines = [c for c in hand if c.is_szines]
    fakos = [c for c in hand if c.is_fako]
    fodder = keep_order(view, [c for c in hand if not c.is_joker and c.rank != rank])
    true = (plain + szines)[:4]
    options: list[list[Card]] = []
    if true:
        options.append(true)
        if len(true) >= 2:
            options.append(true[:-1])
        for extra in range(1, min(4 - len(true), len(fodder)) + 1):
            options.append(true + fodder[:extra])
    for size in (1, 2, 3):
        if len(fodder) >= size and (size == 1 or not true or len(hand) > size + 1):
            options.append(fodder[:size])
    if fakos:
        options.append(fakos[:1])
    if not options:
        options.append(hand[:1])
    seen, unique = set(), []
    for option in options:
        key = tuple(sorted(c.rank + ("*" if c.is_joker else "") + c.suit * c.is_joker for c in option))
        if key not in seen:
            seen.add(key)
            unique.append(option)
    return unique
