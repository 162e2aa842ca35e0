"""Duel: the engine of one round of the Liar's Dice duel (RULES.md section 3)."""

from __future__ import annotations

import random

from game import checks
from game.actions import Challenge, Declare, Propose, Reroll
from game.contract import Refusal
from game.dice import DICE, claim_met, claim_refusal
from game.duel_events import (
    BiddingStarted,
    Challenged,
    Declared,
    DiceRevealed,
    DiceRolled,
    DuelEvent,
    FirstDieRolled,
    Mood,
    OpeningReplayed,
    Phase,
    Proposed,
    ProposerChosen,
    Rerolled,
    RoundWon,
)
from game.duel_view import MAX_REROLLS, MOST_KEPT, DuelView, _Legality
from game.errors import IllegalAction, Reason, WrongType, shown
from game.rules import GameKind, Opening, Rules

__all__ = ["Duel", "DuelView", "IllegalAction", "Mood", "Phase", "MAX_REROLLS"]

_MOODS = frozenset(m.value for m in Mood)


class Duel(_Legality):
    """One round of the dice duel: holds the whole truth, changes only through apply()."""

    __slots__ = (
        "rules", "seed", "_rng", "_dice", "_phase", "_turn", "_proposer", "_moods", "_replays",
        "_claim", "_claimant", "_rerolls_used", "_winner", "_history", "opening_events",
    )  # fmt: skip

    @classmethod
    def new(cls, seed=None, first: int | None = None, dice=None, rules: Rules | None = None):
        """Roll for the proposer (unless `first`) and the opening dice (unless `dice`)."""
        rules = Rules.duel() if rules is None else checks.instance(rules, Rules, "rules")
        if rules.game is not GameKind.DUEL:
            raise IllegalAction(Reason.WRONG_GAME, wanted="duel", game=rules.game.value)
        # Every argument is checked before anything is rolled.
        seed = checks.seed(seed)
        if first is not None:
            first = checks.seat(first, 2)
        if dice is not None:
            if type(dice) not in (tuple, list):
                raise WrongType(Reason.BAD_DICE, dice=shown(dice))
            if len(dice) != 2:  # (five faces for seat 0, five for seat 1)
                raise IllegalAction(Reason.BAD_DICE, dice=shown(dice))
            dice = [checks.faces(faces) for faces in dice]
        duel = cls.__new__(cls)
        duel.rules, duel.seed, duel._rng = rules, seed, random.Random(seed)
        events: list[DuelEvent] = []
        if first is None:
            # "Each player rolls one die; the higher proposes first (ties roll again)." A sum
            # of pips (RULES.md section 3): here a six is highest and an ace lowest.
            while True:
                faces = duel._roll(1)[0], duel._roll(1)[0]
                events += [FirstDieRolled(0, faces[0]), FirstDieRolled(1, faces[1])]
                if faces[0] != faces[1]:
                    break
            first = 0 if faces[0] > faces[1] else 1
        events.append(ProposerChosen(first))
        duel._dice = [duel._roll(DICE), duel._roll(DICE)] if dice is None else dice
        duel._phase, duel._turn, duel._proposer = Phase.OPENING, first, first
        duel._moods, duel._replays = [None, None], 0
        duel._claim = duel._claimant = duel._winner = None
        duel._rerolls_used = 0
        events.append(DiceRolled(0))
        duel._history = list(events)
        duel.opening_events = tuple(events)
        return duel

    @classmethod
    def start(cls, rules: Rules, seed, first: int | None = None) -> Duel:
        """The contract's constructor: Duel.new(seed, first, rules=rules)."""
        return cls.new(seed, first=first, rules=checks.instance(rules, Rules, "rules"))

    @classmethod
    def from_snapshot(cls, snapshot: tuple) -> Duel:
        """The round a snapshot() of this process was taken from, random generator included."""
        if type(snapshot) is not tuple or len(snapshot) != 15 or type(snapshot[0]) is not Rules:
            raise WrongType(Reason.WRONG_TYPE, what="snapshot", expected="a Duel's snapshot()",
                            value=shown(snapshot))
        duel = cls.__new__(cls)
        (duel.rules, duel.seed, state, dice, duel._phase, duel._turn, duel._proposer, moods,
         duel._replays, duel._claim, duel._claimant, duel._rerolls_used, duel._winner, history,
         duel.opening_events) = snapshot  # fmt: skip
        duel._rng = random.Random()
        duel._rng.setstate(state)
        duel._dice, duel._moods, duel._history = list(dice), list(moods), list(history)
        return duel

    # ---- queries -----------------------------------------------------------------------

    @property
    def players(self) -> int:
        """A duel is two seats."""
        return 2

    @property
    def is_over(self) -> bool:
        """True once the round has a winner."""
        return self._phase is Phase.OVER

    @property
    def phase(self) -> Phase:
        """"opening", "bidding" or "over"."""
        return self._phase

    @property
    def turn(self) -> int | None:
        """The seat that must act (None once over)."""
        return self._turn

    @property
    def proposer(self) -> int:
        """The seat that proposes first this round."""
        return self._proposer

    @property
    def moods(self) -> tuple[Mood | None, Mood | None]:
        """This opening's declarations, by seat."""
        return tuple(self._moods)

    @property
    def replays(self) -> int:
        """How many times the opening was replayed."""
        return self._replays

    @property
    def claim(self) -> tuple[int, ...] | None:
        """The last proposition, as the dice announced, or None."""
        return self._claim

    @property
    def claimant(self) -> int | None:
        """The seat that made the last proposition."""
        return self._claimant

    @property
    def rerolls_used(self) -> int:
        """Rerolls the seat to act has made this turn."""
        return self._rerolls_used

    @property
    def winner(self) -> int | None:
        """The round's winner once over."""
        return self._winner

    @property
    def loser(self) -> int | None:
        """The round's loser once over."""
        return None if self._winner is None else 1 - self._winner

    @property
    def history(self) -> tuple[DuelEvent, ...]:
        """Every event so far, opening included."""
        return tuple(self._history)

    def dice(self, seat: int) -> tuple[int, ...]:
        """The five faces under `seat`'s cup."""
        return self._dice[checks.seat(seat, 2)]

    def revealed(self) -> tuple[int, ...] | None:
        """The dice lifted in the challenge, or None."""
        if self._phase is not Phase.OVER:
            return None
        return self._dice[self._claimant]

    def legal_actions(self, seat: int | None = None) -> list:
        """Every legal action of `seat` (None: the seat to act), propositions as canonical dice."""
        if seat is not None and checks.seat(seat, 2) != self._turn:
            return []
        return _Legality.legal_actions(self)

    def view(self, seat: int) -> DuelView:
        """What `seat` may know: its own dice, the public history, revealed dice."""
        seat = checks.seat(seat, 2)
        lifted = self._phase is Phase.OVER and self._claimant == 1 - seat
        return DuelView(
            seat=seat,
            rules=self.rules,
            phase=self._phase,
            turn=self._turn,
            proposer=self._proposer,
            moods=tuple(self._moods),
            replays=self._replays,
            dice=self._dice[seat],
            claim=self._claim,
            claimant=self._claimant,
            rerolls_used=self._rerolls_used,
            opponent_dice=self._dice[1 - seat] if lifted else None,
            winner=self._winner,
            history=tuple(self._history),
        )

    def clone(self) -> Duel:
        """An independent copy, random generator included."""
        twin = Duel.__new__(Duel)
        for name in Duel.__slots__:
            setattr(twin, name, getattr(self, name))
        # The generator made bare and given this one's state: Random() would first seed itself
        # from the system's entropy (a system call and 2.5 kB), only to be overwritten.
        twin._rng = random.Random.__new__(random.Random)
        twin._rng.setstate(self._rng.getstate())
        twin._dice, twin._moods = list(self._dice), list(self._moods)
        twin._history = list(self._history)
        return twin

    def snapshot(self) -> tuple:
        """The whole state as nested tuples, opening events included: equal iff nothing changed."""
        return (*self._state(), self.opening_events)

    def _state(self) -> tuple:
        return (
            self.rules, self.seed, self._rng.getstate(), tuple(self._dice), self._phase,
            self._turn, self._proposer, tuple(self._moods), self._replays, self._claim,
            self._claimant, self._rerolls_used, self._winner, tuple(self._history),
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Duel):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Duel({self._phase.value}, turn={self._turn}, claim={self._claim}, {self._dice})"

    # ---- actions -------------------------------------------------------------------------

    def apply(self, action) -> list[DuelEvent]:
        """Play one action; IllegalAction (changing nothing) if the rules forbid it."""
        seat, value = self._checked(action)
        if isinstance(action, Declare):
            events = self._declare(seat, value)
        elif isinstance(action, Reroll):
            events = self._reroll(seat, value)
        elif isinstance(action, Propose):
            events = self._propose(seat, value)
        else:
            events = self._challenge(seat)
        self._history.extend(events)
        return events

    def refusal(self, seat: int, action) -> Refusal | None:
        """Why `seat` may not make `action` now (exactly what apply would raise), or None."""
        try:
            own, _ = self._checked(action)
            checks.pressed(seat, own, 2)
        except IllegalAction as error:
            return Refusal.of(error)
        return None

    def _checked(self, action) -> tuple[int, object]:
        """(seat, the action's value made exact) of a legal action; IllegalAction otherwise."""
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

    def _mood_checked(self, mood) -> Mood:
        if self._phase is not Phase.OPENING:
            raise IllegalAction(Reason.OPENING_OVER)
        if type(mood) not in (str, Mood):
            raise WrongType(Reason.BAD_MOOD, mood=shown(mood))
        if mood not in _MOODS:
            raise IllegalAction(Reason.BAD_MOOD, mood=shown(mood))
        mood = Mood(mood)
        if mood not in self.allowed_moods:
            raise IllegalAction(Reason.PROPOSER_ONLY)
        return mood

    def _keep_checked(self, keep) -> tuple[int, ...]:
        if self._phase is not Phase.BIDDING:
            raise IllegalAction(Reason.OPENING_FIRST)
        if self._claim is None:
            raise IllegalAction(Reason.REROLL_BEFORE_CLAIM)  # the first proposer proposes on its roll
        if self.claim_is_highest:
            raise IllegalAction(Reason.MUST_CHALLENGE)  # "the other player must challenge"
        if self._rerolls_used >= MAX_REROLLS:
            raise IllegalAction(Reason.NO_REROLLS_LEFT, most=MAX_REROLLS)  # "once or twice"
        if type(keep) not in (tuple, list) or any(type(i) is not int for i in keep):
            raise WrongType(Reason.BAD_KEEP, keep=shown(keep))
        kept = tuple(keep)
        if not all(0 <= i < DICE for i in kept) or len(set(kept)) != len(kept):
            raise IllegalAction(Reason.BAD_KEEP, keep=shown(keep))
        if len(kept) > MOST_KEPT:
            raise IllegalAction(Reason.KEEP_ALL)
        return kept

    def _claim_checked(self, dice) -> tuple[int, ...]:
        if self._phase is not Phase.BIDDING:
            raise IllegalAction(Reason.OPENING_FIRST)
        if self.claim_is_highest:
            raise IllegalAction(Reason.MUST_CHALLENGE)  # "no higher proposition exists"
        dice = checks.faces(dice)  # "announces a value for all five of their dice, in full"
        refused = claim_refusal(dice, self._claim)  # "nothing cannot be proposed"; "higher"
        if refused is not None:
            raise refused.error()
        return dice

    def _roll(self, count: int) -> tuple[int, ...]:
        rng = self._rng
        return tuple(rng.randint(1, 6) for _ in range(count))

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
            self._dice = [self._roll(DICE), self._roll(DICE)]
            self._moods = [None, None]
            return [OpeningReplayed(self._replays), DiceRolled(self._replays)]
        # "In every other case the round is played with these dice."
        self._phase = Phase.BIDDING
        return [BiddingStarted(self._proposer)]

    def _reroll(self, seat: int, kept: tuple[int, ...]) -> list[DuelEvent]:
        old = self._dice[seat]
        fresh = iter(self._roll(DICE - len(kept)))
        # "kept dice stay; the rerolled ones are hidden again"
        self._dice[seat] = tuple(old[i] if i in kept else next(fresh) for i in range(DICE))
        self._rerolls_used += 1
        return [Rerolled(seat, DICE - len(kept), self._rerolls_used)]

    def _propose(self, seat: int, dice: tuple[int, ...]) -> list[DuelEvent]:
        self._claim, self._claimant = dice, seat
        self._turn, self._rerolls_used = 1 - seat, 0
        return [Proposed(seat, self._claim)]

    def _challenge(self, seat: int) -> list[DuelEvent]:
        claimant = self._claimant
        shown = self._dice[claimant]
        # "If their dice are worth less than what they proposed, the challenger wins the
        # round; if they are worth as much or more, the challenger loses."
        met = claim_met(shown, self._claim)
        self._winner = claimant if met else seat
        self._phase, self._turn = Phase.OVER, None
        return [
            Challenged(seat, claimant, met),
            DiceRevealed(claimant, shown, met),
            RoundWon(self._winner, 1 - self._winner),
        ]
