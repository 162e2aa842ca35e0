"""Table: the engine of Bullets and Kamu (RULES.md sections 1 and 2): actions in, events out."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Self, cast

from bluffhouse.game import checks
from bluffhouse.game.actions import Accept, Action, Challenge, Play
from bluffhouse.game.cards import Card, counts_as
from bluffhouse.game.checks import Seed
from bluffhouse.game.contract import Refusal, snapshot_shape
from bluffhouse.game.errors import IllegalAction, Reason, WrongType, shown
from bluffhouse.game.events import (
    BulletLost,
    BulletRefunded,
    BulletSpent,
    CallAccepted,
    CardsPlayed,
    CardsRevealed,
    Challenged,
    FakoExposed,
    PileTaken,
    TableEvent,
    TurnStarted,
    Won,
)
from bluffhouse.game.rules import LeadAfterChallenge, RankAfterChallenge, Rules
from bluffhouse.game.table_setup import Call, TableSnapshot, as_card
from bluffhouse.game.table_state import TableState
from bluffhouse.game.table_view import CallRecord, LastCall, PickupRecord, TablePhase, TableView, play_refusal

__all__ = ["Accept", "Challenge", "IllegalAction", "Play", "Table", "TablePhase", "TableView"]


class Table(TableState):
    """The whole truth of one game of Bullets or Kamu; changes only through apply().

    Start one with Table.start(rules, seed, first=None) (the engine contract's way: it deals), or
    build a known position with Table.from_hands(rules, hands, first=0).
    """

    __slots__ = ()

    # ------------------------------------------------------------------ actions

    @classmethod
    def start(cls, rules: Rules, seed: Seed, first: int | None = None) -> Self:
        """The contract's constructor: Table.deal(rules, seed, first)."""
        return cls.deal(rules, seed, first)

    @classmethod
    def from_snapshot(cls, snapshot: tuple[object, ...]) -> Self:
        """The table a snapshot() of this process was taken from (its seed is not part of it)."""
        parts = snapshot_shape(snapshot, 13, "a Table's snapshot()")
        # A snapshot() of this process (its shape checked): its parts are a table's own.
        (
            rules,
            hands,
            pile,
            set_aside,
            bullets,
            first,
            turn,
            rank_i,
            last,
            window,
            winner,
            history,
            opening,
        ) = cast(TableSnapshot, parts)
        table = cls(rules, [list(h) for h in hands], first, set_aside, pile, list(bullets))
        table._turn, table._rank_i, table._last = turn, rank_i, last
        table._window, table._winner = window, winner
        table._history = [list(h) for h in history]
        table.opening_events = list(opening)
        return table

    def apply(self, action: Action) -> list[TableEvent]:
        """Apply one action and return its events; IllegalAction (changing nothing) if forbidden."""
        seat, play = self._checked(action)
        if play is not None:
            events = self._play(seat, *play)
        elif type(action) is Challenge:
            events = self._challenge(seat)
        else:
            events = self._accept(seat)
        self._views.clear()  # only reached when the state changed
        return events

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why `seat` may not make `action` now (exactly what apply would raise), or None."""
        try:
            own, _ = self._checked(action)
            checks.pressed(seat, own, self._n)
        except IllegalAction as error:
            return Refusal.of(error)
        return None

    def apply_challenges(self, seats: Iterable[int]) -> list[TableEvent]:
        """Resolve same-instant challenges: the one closest after the caller challenges."""
        seat = self.first_challenger(seats)
        if seat is None:
            raise IllegalAction(Reason.NO_CHALLENGER)
        return self.apply(Challenge(seat))

    def _checked(self, action: Action) -> tuple[int, tuple[tuple[Card, ...], list[Card]] | None]:
        """(seat, (cards, hand after) of a Play or None) of a legal action; IllegalAction otherwise."""
        kind = type(action)
        if kind is not Play and kind is not Challenge and kind is not Accept:
            raise WrongType(Reason.NOT_A_MOVE, action=shown(action), engine="card table")
        seat = checks.seat(action.seat, self._n)
        if self._winner is not None:
            raise IllegalAction(Reason.GAME_OVER)
        if isinstance(action, Play):
            return seat, self._play_checked(seat, action.cards)
        if kind is Challenge:
            refusal = self._challenge_refusal(seat)
            if refusal is not None:
                raise refusal.error()
        elif seat != self._turn:
            raise IllegalAction(Reason.NOT_YOUR_TURN, seat=seat, turn=self._turn)
        elif not (self._window and self._last is not None and self._last.emptied):
            raise IllegalAction(Reason.NOTHING_TO_ACCEPT, seat=seat)
        return seat, None

    def _play_checked(self, seat: int, cards: Sequence[object]) -> tuple[tuple[Card, ...], list[Card]]:
        if seat != self._turn:
            raise IllegalAction(Reason.NOT_YOUR_TURN, seat=seat, turn=self._turn)
        last = self._last
        if self._window and last is not None and last.emptied:
            # "When the previous caller's hand is empty, the next player cannot play."
            raise IllegalAction(Reason.MUST_ANSWER, seat=seat, caller=last.seat)
        count = len(cards)
        shape = play_refusal(cards, seat)  # 1-4 cards first, before any card is looked at
        if shape is not None and shape.reason is not Reason.FAKO_NOT_ALONE:
            raise shape.error()
        played = tuple(map(as_card, cards))
        if count > len(self._hands[seat]):
            # "Playing more cards than one holds is impossible"
            raise IllegalAction(Reason.HAND_TOO_SMALL, seat=seat, held=len(self._hands[seat]))
        hand = self._hands[seat].copy()  # the hand after this play: cards are shared instances
        for card in played:
            for i, held in enumerate(hand):
                if held is card:
                    del hand[i]
                    break
            else:
                raise IllegalAction(Reason.NOT_IN_HAND, seat=seat, card=str(card))
        shape = play_refusal(played, seat)  # "the Fakó is played alone"
        if shape is not None:
            raise shape.error()
        return played, hand

    def _play(self, seat: int, cards: tuple[Card, ...], hand: list[Card]) -> list[TableEvent]:
        last = self._last
        count = len(cards)
        events: list[TableEvent] = []
        if self._window and last is not None:
            self._window = False
            if last.lone_fako:
                # "if nobody challenges before the next player plays, the Fakó is turned up and
                # the player who played it picks up the pile as it stood before the next cards"
                self._expose_fako(last, events)
                events.append(TurnStarted(seat, self._ranks[self._rank_i]))
        self._hands[seat] = hand
        self._sorted[seat] = None
        self._pile.extend(cards)
        rank_i = self._rank_i
        rank = self._ranks[rank_i]
        emptied = not hand
        call = Call(seat, cards, rank_i, emptied, LastCall(seat, count, rank, emptied))
        self._last = call
        self._window = True
        # "the next player must call the next rank"
        self._turn = (seat + 1) % self._n
        self._rank_i = (rank_i + 1) % len(self._ranks)
        public = CallRecord(seat, rank, count, emptied_hand=emptied)
        own = CallRecord(seat, rank, count, cards, emptied_hand=emptied)
        for s, records in enumerate(self._history):
            records.append(own if s == seat else public)
        events.append(CardsPlayed(seat, count, rank, len(hand)))
        if emptied and not any(self.can_challenge(s) for s in range(self._n)):
            # "If no other player can challenge, a call that empties the caller's hand wins at
            # once" -- but "a hand emptied with the Fakó wins only if it is challenged".
            self._window = False
            if call.lone_fako:
                self._expose_fako(call, events)
                events.append(TurnStarted(self._turn, self._ranks[self._rank_i]))
            else:
                self._win(seat, events)
        return events

    def _challenge(self, seat: int) -> list[TableEvent]:
        call = self._open_call()
        caller, cards = call.seat, call.cards
        rank = self._ranks[call.rank_index]
        # "Színes always counts as the called rank"; a challenged lone Fakó is bait: "the
        # challenger picks up the pile and play goes on as after a true call".
        bait = call.lone_fako
        truthful = bait or all(counts_as(c, rank) for c in cards)
        events: list[TableEvent] = [Challenged(seat, caller, truthful, bait)]
        self._window = False  # "exactly one challenge is ever resolved per call"
        bullets = self.rules.bullets_per_player > 0
        if bullets:
            self._bullets[seat] -= 1  # "Challenging costs one bullet."
            events.append(BulletSpent(seat, self._bullets[seat]))
        self._replace_last_call(
            CallRecord(caller, rank, len(cards), cards, seat, truthful, emptied_hand=call.emptied, bait=bait)
        )
        events.append(CardsRevealed(caller, cards, rank, truthful, bait))
        if bullets:
            if truthful:
                events.append(BulletLost(seat, self._bullets[seat]))  # "lost for good"
            else:
                self._bullets[seat] += 1  # "A correct challenge gives the bullet back"
                events.append(BulletRefunded(seat, self._bullets[seat]))
        # "false: the caller picks up the whole pile; true: the challenger picks up"
        self._take_pile(seat if truthful else caller, events)
        if truthful and call.emptied:
            self._win(caller, events)  # "challenged and was true, they win"
            return events
        if self.rules.lead_after_challenge == LeadAfterChallenge.WINNER:
            # "The winner of the challenge leads the next turn"
            lead = caller if truthful else seat
        else:
            # Kamu: "they lied: the challenger plays next"; truth: "the player after the one
            # who was challenged plays next"
            lead = (caller + 1) % self._n if truthful else seat
        if self.rules.rank_after_challenge == RankAfterChallenge.RESTART:
            self._rank_i = call.rank_index  # "restarts at the rank that was just challenged"
        else:
            self._rank_i = (call.rank_index + 1) % len(self._ranks)  # "simply goes on"
        self._turn = lead
        events.append(TurnStarted(lead, self._ranks[self._rank_i]))
        return events

    def _accept(self, seat: int) -> list[TableEvent]:
        call = self._open_call()
        events: list[TableEvent] = [CallAccepted(seat, call.seat)]
        self._window = False  # "accepting closes the window"
        if call.lone_fako:
            # "if nobody challenges before the next player plays (or accepts), the Fakó is
            # turned up and the player who played it picks up the pile"
            self._expose_fako(call, events)
            events.append(TurnStarted(seat, self._ranks[self._rank_i]))
        else:
            self._win(call.seat, events)  # "lets it stand without anyone challenging, they win"
        return events

    # ------------------------------------------------------------------ helpers

    def _open_call(self) -> Call:
        """The last call, still open to a challenge or an answer (_checked made sure of it)."""
        call = self._last
        if call is None or not self._window:
            raise IllegalAction(Reason.NO_CALL)
        return call

    def _expose_fako(self, call: Call, events: list[TableEvent]) -> None:
        rank = self._ranks[call.rank_index]
        self._replace_last_call(
            CallRecord(call.seat, rank, 1, call.cards, fako_exposed=True, emptied_hand=call.emptied)
        )
        events.append(FakoExposed(call.seat))
        self._take_pile(call.seat, events)

    def _replace_last_call(self, record: CallRecord) -> None:
        # The call being resolved is always the newest history record of every seat.
        for records in self._history:
            records[-1] = record

    def _take_pile(self, seat: int, events: list[TableEvent]) -> None:
        pile = self._pile
        hand = self._hands[seat]
        hand.extend(pile)
        self._sorted[seat] = None
        self._pile = []
        public = PickupRecord(seat, len(pile))
        own = PickupRecord(seat, len(pile), tuple(pile))
        for s, records in enumerate(self._history):
            records.append(own if s == seat else public)
        events.append(PileTaken(seat, len(pile), len(hand)))

    def _win(self, seat: int, events: list[TableEvent]) -> None:
        self._winner = seat  # "The game stops the moment a player wins."
        self._window = False
        events.append(Won(seat, tuple(self.ranking())))
