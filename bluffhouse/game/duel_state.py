"""The state of a dice-duel round: construction, equality, clone and every query (no moves)."""

from __future__ import annotations

import random
from typing import Self, cast

from bluffhouse.game import checks
from bluffhouse.game.actions import DuelAction
from bluffhouse.game.checks import Seed
from bluffhouse.game.contract import snapshot_shape
from bluffhouse.game.dice import DICE
from bluffhouse.game.duel_events import DiceRolled, DuelEvent, FirstDieRolled, Mood, Phase, ProposerChosen
from bluffhouse.game.duel_view import DuelView, Legality, turn_actions
from bluffhouse.game.errors import IllegalAction, Reason, WrongType, shown
from bluffhouse.game.rules import GameKind, Rules

RandomState = tuple[object, ...]  # what random.Random.getstate() gives


# The whole truth as snapshot() gives it, and from_snapshot() takes it back.
DuelSnapshot = tuple[
    Rules,
    Seed,
    RandomState,
    tuple[tuple[int, ...], ...],
    Phase,
    int | None,
    int,
    tuple[Mood | None, ...],
    int,
    tuple[int, ...] | None,
    int | None,
    int,
    int | None,
    tuple[DuelEvent, ...],
    tuple[DuelEvent, ...],
]


def roll(rng: random.Random, count: int) -> tuple[int, ...]:
    """`count` dice rolled with the round's own generator."""
    return tuple(rng.randint(1, 6) for _ in range(count))


class DuelState(Legality):
    """The whole truth of one round of the dice duel and every question about it; Duel adds
    apply()."""

    __slots__ = (
        "rules",
        "seed",
        "_rng",
        "_dice",
        "_phase",
        "_turn",
        "_proposer",
        "_moods",
        "_replays",
        "_claim",
        "_claimant",
        "_rerolls_used",
        "_winner",
        "_history",
        "opening_events",
    )

    def __init__(
        self,
        rules: Rules,
        seed: Seed,
        rng: random.Random,
        dice: list[tuple[int, ...]],
        phase: Phase,
        turn: int | None,
        proposer: int,
        moods: list[Mood | None],
        replays: int,
        claim: tuple[int, ...] | None,
        claimant: int | None,
        rerolls_used: int,
        winner: int | None,
        history: list[DuelEvent],
        opening_events: tuple[DuelEvent, ...],
    ) -> None:
        """A round from its parts as they are, unchecked: Duel.start, Duel.new, from_snapshot and
        clone make them."""
        self.rules = rules
        self.seed = seed
        self._rng = rng
        self._dice = dice
        self._phase = phase
        self._turn = turn
        self._proposer = proposer
        self._moods = moods
        self._replays = replays
        self._claim = claim
        self._claimant = claimant
        self._rerolls_used = rerolls_used
        self._winner = winner
        self._history = history
        self.opening_events = opening_events

    @classmethod
    def new(
        cls,
        seed: object = None,
        first: int | None = None,
        dice: object = None,
        rules: Rules | None = None,
    ) -> Self:
        """Roll for the proposer (unless `first`) and the opening dice (unless `dice`)."""
        rules = Rules.duel() if rules is None else checks.instance(rules, Rules, "rules")
        if rules.game is not GameKind.DUEL:
            raise IllegalAction(Reason.WRONG_GAME, wanted="duel", game=rules.game.value)
        # Every argument is checked before anything is rolled.
        seed = checks.seed(seed)
        if first is not None:
            first = checks.seat(first, 2)
        known: list[tuple[int, ...]] | None = None
        if dice is not None:
            if type(dice) is not tuple and type(dice) is not list:
                raise WrongType(Reason.BAD_DICE, dice=shown(dice))
            if len(dice) != 2:  # (five faces for seat 0, five for seat 1)
                raise IllegalAction(Reason.BAD_DICE, dice=shown(dice))
            known = [checks.faces(faces) for faces in dice]
        rng = random.Random(seed)
        events: list[DuelEvent] = []
        if first is None:
            # "Each player rolls one die; the higher proposes first (ties roll again)." A sum
            # of pips (RULES.md section 3): here a six is highest and an ace lowest.
            while True:
                faces = roll(rng, 1)[0], roll(rng, 1)[0]
                events += [FirstDieRolled(0, faces[0]), FirstDieRolled(1, faces[1])]
                if faces[0] != faces[1]:
                    break
            first = 0 if faces[0] > faces[1] else 1
        events.append(ProposerChosen(first))
        rolled = [roll(rng, DICE), roll(rng, DICE)] if known is None else known
        events.append(DiceRolled(0))
        return cls(
            rules,
            seed,
            rng,
            rolled,
            Phase.OPENING,
            first,
            first,
            [None, None],
            0,
            None,
            None,
            0,
            None,
            list(events),
            tuple(events),
        )

    @classmethod
    def start(cls, rules: Rules, seed: Seed, first: int | None = None) -> Self:
        """The contract's constructor: Duel.new(seed, first, rules=rules)."""
        return cls.new(seed, first=first, rules=checks.instance(rules, Rules, "rules"))

    @classmethod
    def from_snapshot(cls, snapshot: tuple[object, ...]) -> Self:
        """The round a snapshot() of this process was taken from, random generator included."""
        parts = snapshot_shape(snapshot, 15, "a Duel's snapshot()")
        # A snapshot() of this process (its shape checked): its parts are a round's own.
        (
            rules,
            seed,
            state,
            dice,
            phase,
            turn,
            proposer,
            moods,
            replays,
            claim,
            claimant,
            rerolls_used,
            winner,
            history,
            opening,
        ) = cast(DuelSnapshot, parts)
        rng = random.Random()
        rng.setstate(state)
        return cls(
            rules,
            seed,
            rng,
            list(dice),
            phase,
            turn,
            proposer,
            list(moods),
            replays,
            claim,
            claimant,
            rerolls_used,
            winner,
            list(history),
            opening,
        )

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
        """ "opening", "bidding" or "over"."""
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
        return self._moods[0], self._moods[1]

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

    def returns(self) -> tuple[int, ...]:
        """What each seat takes into its match: one point to the round's winner, none before."""
        winner = self._winner
        return (0, 0) if winner is None else (int(winner == 0), int(winner == 1))

    @property
    def history(self) -> tuple[DuelEvent, ...]:
        """Every event so far, opening included."""
        return tuple(self._history)

    def dice(self, seat: int) -> tuple[int, ...]:
        """The five faces under `seat`'s cup."""
        return self._dice[checks.seat(seat, 2)]

    def revealed(self) -> tuple[int, ...] | None:
        """The dice lifted in the challenge, or None."""
        if self._phase is not Phase.OVER or self._claimant is None:
            return None
        return self._dice[self._claimant]

    def legal_actions(self, seat: int) -> list[DuelAction]:
        """Every legal action of `seat` (none unless it is to act), propositions as canonical dice."""
        if checks.seat(seat, 2) != self._turn:
            return []
        return turn_actions(self)

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
            moods=(self._moods[0], self._moods[1]),
            replays=self._replays,
            dice=self._dice[seat],
            claim=self._claim,
            claimant=self._claimant,
            rerolls_used=self._rerolls_used,
            opponent_dice=self._dice[1 - seat] if lifted else None,
            winner=self._winner,
            history=tuple(self._history),
        )

    def clone(self) -> Self:
        """An independent copy, random generator included."""
        # The generator made bare and given this one's state: Random() would first seed itself
        # from the system's entropy (a system call and 2.5 kB), only to be overwritten.
        rng = random.Random.__new__(random.Random)
        rng.setstate(self._rng.getstate())
        return type(self)(
            self.rules,
            self.seed,
            rng,
            list(self._dice),
            self._phase,
            self._turn,
            self._proposer,
            list(self._moods),
            self._replays,
            self._claim,
            self._claimant,
            self._rerolls_used,
            self._winner,
            list(self._history),
            self.opening_events,
        )

    def snapshot(self) -> DuelSnapshot:
        """The whole state as nested tuples, opening events included: equal iff nothing changed."""
        return (
            self.rules,
            self.seed,
            self._rng.getstate(),
            tuple(self._dice),
            self._phase,
            self._turn,
            self._proposer,
            tuple(self._moods),
            self._replays,
            self._claim,
            self._claimant,
            self._rerolls_used,
            self._winner,
            tuple(self._history),
            self.opening_events,
        )

    def _state(self) -> tuple[object, ...]:
        return self.snapshot()[:-1]  # all but the opening events, which the history holds

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DuelState):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable: no hash (object's would be by identity)

    def __repr__(self) -> str:
        return f"Duel({self._phase.value}, turn={self._turn}, claim={self._claim}, {self._dice})"
