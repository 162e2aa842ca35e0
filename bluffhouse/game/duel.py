"""Duel: the engine of one round of the Liar's Dice duel (RULES.md section 3)."""

from __future__ import annotations

from bluffhouse.game import checks
from bluffhouse.game.actions import Action, Challenge, Declare, Propose, Reroll
from bluffhouse.game.contract import Refusal
from bluffhouse.game.dice import DICE, claim_met, claim_refusal
from bluffhouse.game.duel_events import (
    BiddingStarted,
    Challenged,
    Declared,
    DiceRevealed,
    DiceRolled,
    DuelEvent,
    Mood,
    OpeningReplayed,
    Phase,
    Proposed,
    Rerolled,
    RoundWon,
)
from bluffhouse.game.duel_state import DuelState, roll
from bluffhouse.game.duel_view import MAX_REROLLS, MOST_KEPT, DuelView
from bluffhouse.game.errors import IllegalAction, Reason, WrongType, shown
from bluffhouse.game.rules import Opening

__all__ = ["Duel", "DuelView", "IllegalAction", "Mood", "Phase", "MAX_REROLLS"]

_MOODS = frozenset(m.value for m in Mood)


class Duel(DuelState):
    """One round of the dice duel: holds the whole truth, changes only through apply().

    Start one with Duel.start(rules, seed, first) (the engine contract's way), or Duel.new(...,
    dice=...) for a known position.
    """

    __slots__ = ()

    # ---- actions -------------------------------------------------------------------------

    def apply(self, action: Action) -> list[DuelEvent]:
        """Play one action; IllegalAction (changing nothing) if the rules forbid it."""
        seat, value = self._checked(action)
        if isinstance(value, Mood):  # a Declare's
            events = self._declare(seat, value)
        elif value is None:  # a Challenge has no value
            events = self._challenge(seat)
        elif isinstance(action, Reroll):  # the dice it keeps
            events = self._reroll(seat, value)
        else:  # the dice a Propose announces
            events = self._propose(seat, value)
        self._history.extend(events)
        return events

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why `seat` may not make `action` now (exactly what apply would raise), or None."""
        try:
            own, _ = self._checked(action)
            checks.pressed(seat, own, 2)
        except IllegalAction as error:
            return Refusal.of(error)
        return None

    def _checked(self, action: Action) -> tuple[int, Mood | tuple[int, ...] | None]:
        """(seat, the action's value made exact: a mood, the dice kept or announced, None for a
        challenge) of a legal action; IllegalAction otherwise."""
        if self._phase is Phase.OVER:
            raise IllegalAction(Reason.ROUND_OVER)
        if type(action) not in (Declare, Reroll, Propose, Challenge):
            raise WrongType(Reason.NOT_A_MOVE, action=shown(action), engine="dice duel")
        seat = checks.seat(action.seat, 2)  # a real int first: 0.0 or True is no seat
        if seat != self._turn:
            raise IllegalAction(Reason.NOT_YOUR_TURN, seat=seat, turn=self._turn)
        if isinstance(action, Declare):
            return seat, self._mood_checked(action.mood)
        if isinstance(action, Reroll):
            return seat, self._keep_checked(action.keep)
        if isinstance(action, Propose):
            return seat, self._claim_checked(action.dice)
        if self._phase is not Phase.BIDDING or self._claim is None:
            raise IllegalAction(Reason.NO_CLAIM)
        if self._rerolls_used:
            raise IllegalAction(Reason.REROLLED)  # a reroll commits the turn to proposing
        return seat, None

    def _mood_checked(self, mood: object) -> Mood:
        if self._phase is not Phase.OPENING:
            raise IllegalAction(Reason.OPENING_OVER)
        if type(mood) is not str and type(mood) is not Mood:
            raise WrongType(Reason.BAD_MOOD, mood=shown(mood))
        if mood not in _MOODS:
            raise IllegalAction(Reason.BAD_MOOD, mood=shown(mood))
        said = Mood(mood)
        if said not in self.allowed_moods:
            raise IllegalAction(Reason.PROPOSER_ONLY)
        return said

    def _keep_checked(self, keep: object) -> tuple[int, ...]:
        if self._phase is not Phase.BIDDING:
            raise IllegalAction(Reason.OPENING_FIRST)
        if self._claim is None:
            raise IllegalAction(Reason.REROLL_BEFORE_CLAIM)  # the first proposer proposes on its roll
        if self.claim_is_highest:
            raise IllegalAction(Reason.MUST_CHALLENGE)  # "the other player must challenge"
        if self._rerolls_used >= MAX_REROLLS:
            raise IllegalAction(Reason.NO_REROLLS_LEFT, most=MAX_REROLLS)  # "once or twice"
        if (type(keep) is not tuple and type(keep) is not list) or any(type(i) is not int for i in keep):
            raise WrongType(Reason.BAD_KEEP, keep=shown(keep))
        kept: tuple[int, ...] = tuple(keep)
        if not all(0 <= i < DICE for i in kept) or len(set(kept)) != len(kept):
            raise IllegalAction(Reason.BAD_KEEP, keep=shown(keep))
        if len(kept) > MOST_KEPT:
            raise IllegalAction(Reason.KEEP_ALL)
        return kept

    def _claim_checked(self, dice: object) -> tuple[int, ...]:
        if self._phase is not Phase.BIDDING:
            raise IllegalAction(Reason.OPENING_FIRST)
        if self.claim_is_highest:
            raise IllegalAction(Reason.MUST_CHALLENGE)  # "no higher proposition exists"
        faces = checks.faces(dice)  # "announces a value for all five of their dice, in full"
        refused = claim_refusal(faces, self._claim)  # "nothing cannot be proposed"; "higher"
        if refused is not None:
            raise refused.error()
        return faces

    def _declare(self, seat: int, mood: Mood) -> list[DuelEvent]:
        self._moods[seat] = mood
        events: list[DuelEvent] = [Declared(seat, mood)]
        opponent = 1 - self._proposer
        said = self._moods[self._proposer]
        if seat == self._proposer:
            if self.rules.opening is Opening.PROPOSER_DECIDES and mood is not Mood.INDIFFERENT:
                # Option "the proposer decides": satisfied plays, not satisfied rerolls.
                return events + self._settle(replay=mood is Mood.NOT_SATISFIED)
            self._turn = opponent  # "the opponent then says satisfied or not satisfied"
            return events
        if self.rules.opening is Opening.PROPOSER_DECIDES:
            # "'all the same' leaves the choice to the opponent"
            return events + self._settle(replay=mood is Mood.NOT_SATISFIED)
        # "If both are not satisfied, or the proposer said all the same and the opponent
        # is not satisfied, both reroll all five dice and the opening starts again."
        replay = mood is Mood.NOT_SATISFIED and said in (Mood.NOT_SATISFIED, Mood.INDIFFERENT)
        return events + self._settle(replay)

    def _settle(self, replay: bool) -> list[DuelEvent]:
        self._turn = self._proposer
        if replay:
            self._replays += 1
            self._dice = [roll(self._rng, DICE), roll(self._rng, DICE)]
            self._moods = [None, None]
            return [OpeningReplayed(self._replays), DiceRolled(self._replays)]
        # "In every other case the round is played with these dice."
        self._phase = Phase.BIDDING
        return [BiddingStarted(self._proposer)]

    def _reroll(self, seat: int, kept: tuple[int, ...]) -> list[DuelEvent]:
        old = self._dice[seat]
        fresh = iter(roll(self._rng, DICE - len(kept)))
        # "kept dice stay; the rerolled ones are hidden again"
        self._dice[seat] = tuple(old[i] if i in kept else next(fresh) for i in range(DICE))
        self._rerolls_used += 1
        return [Rerolled(seat, DICE - len(kept), self._rerolls_used)]

    def _propose(self, seat: int, dice: tuple[int, ...]) -> list[DuelEvent]:
        self._claim, self._claimant = dice, seat
        self._turn, self._rerolls_used = 1 - seat, 0
        return [Proposed(seat, self._claim)]

    def _challenge(self, seat: int) -> list[DuelEvent]:
        claimant, claim = self._claimant, self._claim
        assert claimant is not None and claim is not None  # _checked: a challenge needs a claim
        shown = self._dice[claimant]
        # "If their dice are worth less than what they proposed, the challenger wins the
        # round; if they are worth as much or more, the challenger loses."
        met = claim_met(shown, claim)
        winner = self._winner = claimant if met else seat
        self._phase, self._turn = Phase.OVER, None
        return [
            Challenged(seat, claimant, met),
            DiceRevealed(claimant, shown, met),
            RoundWon(winner, 1 - winner),
        ]
