"""TableFlow: one card game on screen in time: the challenge window, bots' delays, privacy.

No pygame here: the table scene turns intents into calls on the flow and draws what the
flow says. The engine decides what is legal; the flow decides *when* things happen
("time is not the engine's business"), so all of this is tested headless. What both games
share — the clock, holds, presses into the engine, the tape, computer players' plans — is the
host's (scenes.play.flow.GameFlow); this is the card table's own: the challenge window, the
same-frame challenges, a play held for the end of the minimum window, the truth recap.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bluffhouse.game.actions import Accept, Action, Challenge, Play
from bluffhouse.game.contract import Phase
from bluffhouse.game.events import CardsRevealed, FakoExposed
from bluffhouse.game.table import Table
from bluffhouse.game.table_setup import as_card
from bluffhouse.game.table_view import LastCall
from bluffhouse.scenes.play.flow import GameFlow
from bluffhouse.scenes.play.moment import SWALLOWED, Pressed
from bluffhouse.scenes.shell.messages import Message
from bluffhouse.scenes.shell.privacy import By, PrivacyAudit
from bluffhouse.scenes.shell.session import SeatSpec
from bluffhouse.scenes.table.curtain import CurtainRules
from bluffhouse.scenes.table.reveal_timing import READ, reveal_hold, truth_time
from bluffhouse.scenes.table.truth import CallTruth, HeldPlay, SeatStats, note_truth

if TYPE_CHECKING:
    from bluffhouse.game.bots.players import TablePlayer  # (types only: game.bots loads late)
    from bluffhouse.game.records.tape import Tape

# Human-like delays of computer players, in seconds of game time.
BOT_CHALLENGE_DELAY = (0.55, 1.6)  # "never doubt in the same frame as the call"
BOT_TURN_DELAY = (0.7, 1.9)
# A lead (the first call of a game, or the call after a verdict) has no window to wait for: the
# table has just watched the deal or the verdict, so a computer player leads after a short beat
# instead of a whole turn's delay (that wait was a third of a short game: tools/length_bench.py).
BOT_LEAD_DELAY = (0.35, 0.8)
FAKO_HOLD = 1.8  # a Fakó turned up stays on screen this long (a challenge: reveal_hold)


@dataclass(frozen=True, slots=True)
class TableNow:
    """The card table's own part of the moment (scenes.play.moment.Moment.game)."""

    window_open: bool  # the last call may be challenged
    window_wait: float  # seconds of the minimum challenge window still to run (0: none)
    window_progress: float | None  # how much of it is still to run, 1 -> 0 (None: closed)
    wait_left: float  # seconds before the next player may play: the window, or a verdict on screen
    must_answer: bool  # the turn may only let a hand-emptying call stand or challenge it
    truth_pending: bool  # from a challenge until its verdict is shown
    held: HeldPlay | None  # a play chosen during the minimum window, made when it ends
    shown_hand: int | None  # whose hand is fanned at the bottom of the screen
    peeking: int | None  # whose peek key shows their cards by their seat
    curtains: bool  # hands hide behind curtains at this table
    solo: int | None  # the one person at the table (their hand simply shown), else None
    rank: str  # the rank the turn must call
    last_call: LastCall | None  # the public facts of the last call made


class TableFlow(CurtainRules, GameFlow[Table, TableNow, "TablePlayer"]):
    """Drives one game of Bullets or Kamu in game time, for people and computer players."""

    waiting_words = ("table.msg.let_go", "table.msg.hand_open")

    def __init__(
        self,
        table: Table,
        seats: list[SeatSpec],
        bots: dict,
        rng: random.Random,
        min_window: float | None = None,
        audit: PrivacyAudit | None = None,
        tape: Tape | None = None,
        read: float = READ,
    ) -> None:
        """tape: the record being written of this game (game.records.tape), or None; read: the
        seconds a challenge's flipped cards stay in full view (scenes.table.reveal_timing)."""
        super().__init__(seats, bots, rng, audit, tape)  # bots: seat -> choose(view) / wants_challenge(view)
        self.table = table
        self.begin(table)
        self.read = read
        self.min_window = table.rules.challenge_window if min_window is None else min_window
        self.window_opened_at: float | None = None
        self.truth_until = 0.0  # a challenge's verdict is not shown yet: nothing tells who plays next
        self.held: HeldPlay | None = None  # a play chosen during the minimum window, made when it ends
        self.truth: list[CallTruth] = []
        self.stats = [SeatStats() for _ in seats]
        self._events: list = list(table.opening_events)
        self._schedule_turn()

    # ------------------------------------------------------------------ queries

    @property
    def truth_pending(self) -> bool:
        """True from a challenge until its cards have flipped and the verdict has been shown."""
        return self.clock < self.truth_until

    def window_progress(self) -> float | None:
        """How much of the minimum challenge window is still to run, 1 -> 0; None when closed."""
        if not self.table.window_open or self.window_opened_at is None:
            return None
        if self.min_window <= 0:
            return 0.0
        return min(1.0, max(0.0, 1.0 - (self.clock - self.window_opened_at) / self.min_window))

    def window_wait(self) -> float:
        """Seconds of the minimum challenge window still to run (0 when closed)."""
        if not self.table.window_open or self.window_opened_at is None:
            return 0.0
        return max(0.0, self.window_opened_at + self.min_window - self.clock)

    def wait_left(self) -> float:
        """Seconds before the next player may play: the window, or a verdict on screen."""
        return max(self.window_wait(), self.hold_until - self.clock, 0.0)

    # ------------------------------------------------------------------ people

    def must_answer(self) -> bool:
        """True when the turn may only let a hand-emptying call stand or challenge it."""
        return self.table.phase is Phase.ANSWER  # the engine says so

    def play(self, seat: int, cards, by: By = By.SHARED) -> Pressed:
        """A person plays cards: taken, or refused with the reason for whoever pressed to say.

        by: whose press it was; a shared key plays only for the person whose own view is open.
        """
        return self.press(Play(seat, cards), by)

    def accept(self, seat: int, by: By = By.SHARED) -> Pressed:
        """A person lets a hand-emptying call stand."""
        return self.press(Accept(seat), by)

    def play_or_hold(self, seat: int, cards, by: By = By.SHARED) -> Pressed:
        """The main button at the screen (Enter): play the cards (None: let the call stand), or
        during the minimum window hold them, to be made as soon as it allows. The engine is
        asked once: its reason comes first either way (a play held for the window is a lawful
        one)."""
        action = Accept(seat) if cards is None else Play(seat, cards)
        if not self.views.may_act(seat, by):
            return SWALLOWED
        if self.window_wait() > 0 and not self.holding:
            refusal = self.table.refusal(seat, action)
            if refusal is not None:
                return Pressed(False, self.refusal_of(refusal, seat))
            return Pressed(self.hold(seat, cards, by))
        return self.press(action, by)

    def hold(self, seat: int, cards, by: By = By.SHARED) -> bool:
        """A person chose their play (cards, or None to let a call stand) while the minimum
        window still runs: it is made for them as soon as the window allows (False: not now).

        It stays theirs: called off if their view closes, the turn or the table changes."""
        table = self.table
        if (
            not self.views.may_act(seat, by)
            or table.is_over
            or table.turn != seat
            or self.holding
            or self.window_wait() <= 0
        ):
            return False
        self.held = HeldPlay(seat, tuple(cards) if cards is not None else None, self._serial)
        return True

    def cancel_hold(self) -> None:
        """The person changed their mind (picked other cards): nothing is held for them."""
        self.held = None

    def _keep_hold(self) -> None:
        held = self.held
        if held is None:
            return
        theirs = self.views.why(held.seat) is not None  # their own view open (or alone at the table)
        if self.table.is_over or self.table.turn != held.seat or held.serial != self._serial or not theirs:
            self.held = None

    def _make_hold(self) -> None:
        held = self.held
        if held is None or self.holding or self.window_wait() > 0:
            return
        self.held = None
        self.act(Accept(held.seat) if held.cards is None else Play(held.seat, held.cards))

    def held_back(self, action: Action) -> Message | None:
        """A verdict on screen holds every press; the minimum window holds a play or an accept
        (Enter at the screen holds it for the window instead: play_or_hold)."""
        if self.holding:
            return Message("table.msg.wait_verdict")
        wait = self.window_wait()
        if wait > 0 and not isinstance(action, Challenge):
            return Message("table.msg.window_open", (("wait", round(wait, 1)),))
        return None

    def own_moment(self, busy: bool) -> TableNow:
        """The card table's own part of the moment."""
        return TableNow(
            self.table.window_open,
            self.window_wait(),
            self.window_progress(),
            self.wait_left(),
            self.must_answer(),
            self.truth_pending,
            self.held,
            self.shown_hand(),
            self.peeking,
            self.curtains,
            self.views.solo,
            self.table.rank,
            self.table.last_call,
        )

    def actor_now(self, busy: bool) -> int | None:
        """The person whose hand and buttons the shared keys and the mouse work now."""
        return self.actor()

    def curtain_now(self, busy: bool) -> int | None:
        """The person the curtain waits for (the table's curtain does not wait for a show)."""
        return self.curtain_for()

    # ------------------------------------------------------------------ time

    def update(self, dt: float, presses=(), busy: bool = False) -> None:
        """Advance game time by dt; `presses` are the people's challenge presses of this frame.

        busy: the screen is still showing something (the deal, a verdict): nobody's controls are
        live yet, and no computer player plays over it.
        """
        self.advance(dt, busy, presses)

    def live(self, busy: bool) -> int | None:
        """The person whose turn it is, with their hand in front of them and nothing on hold."""
        turn = self.table.turn  # (None once the game is over)
        if busy or turn is None or self.holding or not self.seats[turn].human:
            return None
        return turn if self.shown_hand() == turn else None

    def step(self, dt: float, busy: bool, presses) -> None:
        """The people's challenge presses of this frame, the computer players' plans, a held play.

        A challenge press is said to the screen when refused (a phone's too: the television
        tells the table who may not challenge). One press alone in its frame goes to the engine
        once, by apply; presses of one frame are asked once each (refusal), and the engine's
        tie-break picks the one challenge applied."""
        self._keep_hold()
        people = list(dict.fromkeys(presses))  # a person's two presses in one frame are one
        if self.holding:
            for seat in people:  # the engine's reason, else "wait for the verdict"
                self.tell(self.press(Challenge(seat), By.OWN))
            return
        # A computer player's turn waits while a verdict is still on screen: a lead after a short
        # beat (BOT_LEAD_DELAY) never cuts the reveal short, however long the screen shows it.
        due = self.due(busy)
        pressing = {p.seat for p in due if p.kind == "challenge" and self.table.can_challenge(p.seat)}
        if len(people) == 1 and not pressing:
            if self.tell(self.press(Challenge(people[0]), By.OWN)):
                return
        else:
            for seat in people:
                refusal = self.table.refusal(seat, Challenge(seat))
                if refusal is None:
                    pressing.add(seat)
                else:
                    self.post(self.refusal_of(refusal, seat))
        if pressing:
            # Same-frame presses: "the one sitting closest after the caller wins" (one of them:
            # each pressing seat may challenge).
            challenger = self.table.first_challenger(pressing)
            if challenger is not None:
                self.act(Challenge(challenger))
            return
        for plan in due:
            if plan.kind == "turn":
                self._bot_turn(plan.seat)
                return
        self._make_hold()

    def drain_events(self) -> list:
        """Engine events since the last call, for the scene to animate and log."""
        events, self._events = self._events, []
        return events

    # ------------------------------------------------------------------ inner workings

    def _bot_turn(self, seat: int) -> None:
        if self.table.is_over or self.table.turn != seat or seat not in self.bots:
            return
        wait = self.window_wait()
        if wait > 0:  # bots wait at least as long as the minimum window
            self.plan(seat, "turn", wait + 0.05)
            return
        self.bot_moves(seat)

    def applied(self, action: Action, events: Sequence[object], turn_before: int | None) -> None:
        """The table's show of an applied action: its events, the truth recap, the reveal's hold,
        the curtains, the window and the computer players' next plans."""
        table = self.table
        self._events.extend(events)
        # the truth recap keeps Card objects, not notation (the engine took these cards)
        cards = tuple(as_card(card) for card in action.cards) if isinstance(action, Play) else None
        note_truth(self.truth, self.stats, events, cards)
        revealed = next((e for e in events if isinstance(e, CardsRevealed)), None)
        if revealed is not None:  # the whole reveal, read by everybody, before anything moves on
            shown = len(revealed.cards)
            self.hold_for(reveal_hold(shown, self.read))
            self.truth_until = self.clock + truth_time(shown) / self.pace
        elif any(isinstance(e, FakoExposed) for e in events):
            self.hold_for(FAKO_HOLD)
        if turn_before != table.turn or table.is_over or self.holding:
            # The curtain comes down when the turn passes, and for a public moment (a reveal):
            # everybody watches the middle, and only a person's own key lifts theirs again.
            self.views.conceal_all()
        if table.is_over:
            return
        if table.window_open:
            # A verdict (a Fakó turned up) on screen delays the window: nobody could press yet.
            self.window_opened_at = max(self.clock, self.hold_until)
            self._schedule_challenges()
        else:
            self.window_opened_at = None
        self._schedule_turn()

    def stood_in(self, seat: int) -> None:
        """A computer player holds an away phone seat: if its turn is waiting, it is planned."""
        if self.table.turn == seat and self.planned() is None:
            self._schedule_turn()

    def bot_choice(self, seat: int) -> Action:
        """The seat's computer player's move, from its own view."""
        return self.bots[seat].choose(self.table.view(seat))

    def new_bot(self, seat: int, level: str, rng: random.Random) -> TablePlayer:
        """A card table's computer player of `level` (else the sensible one), for a stand-in."""
        from bluffhouse.game.bots import TABLE_BOTS  # the level registry, loaded only when wanted

        return TABLE_BOTS[level if level in TABLE_BOTS else "sensible"](seat, rng)

    def _schedule_challenges(self) -> None:
        table = self.table
        for seat, bot in self.bots.items():
            if seat in self.stand_ins:
                continue  # a stand-in only plays the seat's turns: no bullet spent in its name
            if table.can_challenge(seat) and bot.wants_challenge(table.view(seat)):
                self.plan(seat, "challenge", self.think(BOT_CHALLENGE_DELAY))

    def _schedule_turn(self) -> None:
        table, turn = self.table, self.table.turn
        if turn is None or turn not in self.bots:  # (None: the game is over)
            return
        if table.window_open:
            delay = max(self.think(BOT_TURN_DELAY), self.window_wait() + 0.05)
        else:
            delay = self.think(BOT_LEAD_DELAY)
        self.plan(turn, "turn", delay)
