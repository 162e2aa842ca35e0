"""DuelFlow: one dice duel match on screen in time: bot turns, refusals, privacy, rounds.

No pygame here: the screen turns intents into calls on the flow, updates it with time (and
whether its show is still playing), and drains what happened — engine events to stage and short
messages to say. The engine decides what is legal; the flow decides when computer players act
and whose presses count. What both games share — the clock, presses into the engine, the tape,
computer players' plans, privacy — is the host's (scenes.play.flow.GameFlow); this is the
duel's own: rounds, the curtain between two people's turns, the beats it stages.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bluffhouse.game.actions import Action, Challenge, Declare, Propose, Reroll
from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.match import DuelMatch
from bluffhouse.scenes.duel.frame import DuelFacts
from bluffhouse.scenes.play.flow import GameFlow
from bluffhouse.scenes.play.moment import TAKEN, Pressed
from bluffhouse.scenes.shell.privacy import By, PrivacyAudit

if TYPE_CHECKING:
    from bluffhouse.game.bots.players import DuelPlayer  # (types only: game.bots loads late)
    from bluffhouse.game.records.tape import Tape

BOT_THINK = (0.6, 1.4)  # seconds a computer player takes, like a person would


@dataclass(frozen=True, slots=True)
class Staged:
    """What one applied action did, for the screen's show: events and the dice behind them."""

    events: tuple
    dice: dict[int, tuple[int, ...]]
    claim: tuple[int, ...] | None = None
    positions: dict[int, tuple[int, ...]] | None = None  # which dice of a reroll tumble
    match_over: bool = False
    new_round: bool = False  # the opening of a fresh round: the show starts over


@dataclass(frozen=True, slots=True)
class DuelNow:
    """The duel's own part of the moment (scenes.play.moment.Moment.game)."""

    facts: DuelFacts  # the round as the table may show it (nothing under the cups)
    round_number: int
    two_people: bool
    thinking: int | None  # the computer player thinking now
    uncovered: int | None  # whose curtain their own key lifted this turn (two people)
    closed_on: int | None  # whose cup a public beat closed in the middle of their turn
    match_over: bool


class DuelFlow(GameFlow[Duel, DuelNow, "DuelPlayer"]):
    """Drives a duel match for people and computer players; `seats` are SeatSpec-like."""

    waiting_words = ("duel.toast.let_go", "duel.toast.cup_open")

    def __init__(
        self,
        match: DuelMatch,
        seats,
        bots: dict,
        rng: random.Random,
        audit: PrivacyAudit | None = None,
        demo: bool = False,
        tape: Tape | None = None,
    ) -> None:
        """bots: seat -> a bot with choose(view); rng: the think times' own generator; tape: the
        record being written of this match (game.records.tape), or None."""
        super().__init__(seats, bots, rng, audit, tape, audience=demo)
        self.match = match
        self.demo = demo
        self.closed_on: int | None = None  # whose cup a public beat closed in the middle of their turn
        self.finished = False  # the match is won
        self._staged: list[Staged] = []
        self.duel: Duel
        self.start_round()

    # -- questions ---------------------------------------------------------------------

    @property
    def round_number(self) -> int:
        """The round being played, from 1."""
        return len(self.match.results) + (0 if self.duel.phase is Phase.OVER else 1)

    @property
    def two_people(self) -> bool:
        """Two people share the screen: a curtain between turns."""
        return len(self.humans) == 2

    @property
    def thinking(self) -> int | None:
        """The computer player thinking now, or None."""
        return self.duel.turn if self.planned() is not None else None

    @property
    def bot_wait(self) -> float | None:
        """Seconds the computer player thinking now still thinks (None: nobody thinks)."""
        plan = self.planned()
        return plan.due - self.clock if plan is not None else None

    @property
    def uncovered(self) -> int | None:
        """With two people: whose curtain their own key has lifted this turn, if anybody's."""
        grant = self.views.open
        return grant.owner if grant is not None and not grant.held else None

    def curtain_for(self, busy: bool) -> int | None:
        """The person the curtain waits for ("pass to Ben"), or None; busy: the show plays."""
        return self.curtain_waits(busy)

    def acting(self, busy: bool) -> int | None:
        """The person who may use the action bar now, or None."""
        duel = self.duel
        if busy or duel.phase is Phase.OVER or duel.turn not in self.humans or duel.turn in self.phones:
            return None
        return None if self.curtain_for(busy) is not None else duel.turn

    # -- people ------------------------------------------------------------------------

    def peek(self, player: int | None, held: bool, busy: bool) -> bool:
        """A person's own peek key (the host's own_peek): lift their curtain (True), put it back
        once lifted, or glance while it is held. A cup open for the other person is never
        swapped away: the press waits for them to let go, and says so."""
        if player not in self.humans:
            return False
        return self.own_peek(player, held, busy)

    def declare(self, seat: int, mood, by: By = By.SHARED) -> Pressed:
        """Say satisfied / not satisfied / all the same."""
        return self._act(Declare(seat, mood), by)

    def reroll(self, seat: int, keep, by: By = By.SHARED) -> Pressed:
        """Reroll every die not kept."""
        return self._act(Reroll(seat, tuple(sorted(keep))), by)

    def propose(self, seat: int, dice, by: By = By.SHARED) -> Pressed:
        """Announce a value for one's dice."""
        return self._act(Propose(seat, dice), by)

    def challenge(self, seat: int, by: By = By.SHARED) -> Pressed:
        """Call the last proposition a lie."""
        return self._act(Challenge(seat), by)

    def next_round(self) -> str | None:
        """After a round: "round" (the next one started), "results" (the match is won), or None."""
        if self.duel.phase is not Phase.OVER:
            return None
        if self.match.is_over:
            return "results"
        self.start_round()
        return "round"

    def start_round(self) -> None:
        """Roll for the next round; its opening is staged as a fresh show."""
        self.duel = self.match.new_round()
        self.clock = 0.0  # seconds since the round began (the record's moments)
        self.begin(self.duel)
        self.views.conceal_all()
        self.closed_on = None
        self.drop_plans()
        self._staged.append(Staged(tuple(self.duel.opening_events), self._dice(), new_round=True))

    # -- time --------------------------------------------------------------------------

    def update(self, dt: float, busy: bool = False) -> None:
        """Advance time; computer players think (while the show plays, as a person watching it
        would) and act once it has caught up."""
        self.advance(dt, busy)

    def step(self, dt: float, busy: bool, presses) -> None:
        """A computer player whose turn it is thinks, and moves once the show has caught up."""
        duel = self.duel
        seat = duel.turn
        if duel.phase is Phase.OVER or seat is None or seat not in self.bots:  # (None: over)
            self.drop_plans()
            return
        if self.planned() is None:
            # Its think time is drawn as its turn is first seen, counted from the frame before.
            self.plan(seat, "turn", self.think(BOT_THINK) - dt)
        for plan in self.due(busy):  # never before the show has shown what it answers
            self.bot_moves(plan.seat)

    def live(self, busy: bool) -> int | None:
        """The person who may use the action bar (none while the show plays a beat)."""
        return self.acting(busy or bool(self._staged))

    def drain_staged(self) -> list[Staged]:
        """What happened since the last call, for the screen to show."""
        staged, self._staged = self._staged, []
        return staged

    # -- inside --------------------------------------------------------------------------

    def _dice(self) -> dict[int, tuple[int, ...]]:
        return {0: self.duel.dice(0), 1: self.duel.dice(1)}

    def bot_choice(self, seat: int) -> Action:
        """The seat's computer player's move, from its own view."""
        return self.bots[seat].choose(self.duel.view(seat))

    def new_bot(self, seat: int, level: str, rng: random.Random) -> DuelPlayer:
        """A duel's computer player of `level` (else the sensible one), for a stand-in."""
        from bluffhouse.game.bots import make_bot  # the level registry, loaded only when wanted

        return make_bot("duel", level, seat, rng)

    def bot_action(self, action):
        """A computer player's reroll keeps its dice in order, as a person's does."""
        return Reroll(action.seat, tuple(sorted(action.keep))) if isinstance(action, Reroll) else action

    def _act(self, action: Action, by: By) -> Pressed:
        """A press for a seat (a computer player's seat takes its move as it is): taken, or
        refused with the reason for whoever pressed to say."""
        if action.seat in self.bots:
            refused = self.act(action, say=False)
            return TAKEN if refused is None else Pressed(False, refused)
        return self.press(action, by)

    def own_moment(self, busy: bool) -> DuelNow:
        """The duel's own part of the moment."""
        return DuelNow(
            DuelFacts.of(self.duel),
            self.round_number,
            self.two_people,
            self.thinking,
            self.uncovered,
            self.closed_on,
            self.match.is_over,
        )

    def actor_now(self, busy: bool) -> int | None:
        """The person who may use the action bar now."""
        return self.acting(busy)

    def applied(self, action: Action, events: Sequence[object], turn_before: int | None) -> None:
        """Stage what the action did, with the dice behind it; a round's end is the match's."""
        seat = action.seat
        match_over = False
        if self.duel.phase is Phase.OVER:
            self.match.record(self.duel)
            match_over = self.finished = self.match.is_over
            for bot_seat, bot in self.bots.items():  # a player that reads people keeps the round
                if hasattr(bot, "remember"):
                    bot.remember(self.duel.view(bot_seat))
        where = None
        if isinstance(action, Reroll):  # which dice tumble
            where = {seat: tuple(i for i in range(5) if i not in action.keep)}
        self._staged.append(Staged(tuple(events), self._dice(), self.duel.claim, where, match_over))
        if self.duel.turn != turn_before or self.two_people:
            # The cup comes down as the turn passes, and for every public beat ("Ben rerolled
            # 3 dice"): both people watch the cup shaken, and only its owner's key opens it again.
            self.closed_on = seat if self.duel.turn == turn_before else None
            self.views.conceal_all()
