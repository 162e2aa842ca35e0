"""Several games in a row: who starts each one, the scores, and who wins the match."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TypeVar

from bluffhouse.game import checks
from bluffhouse.game.duel import Duel
from bluffhouse.game.duel_events import Challenged
from bluffhouse.game.errors import IllegalAction, Reason, WrongType, shown
from bluffhouse.game.rules import GameKind, Rules
from bluffhouse.game.table import Table

E = TypeVar("E", Table, Duel)


def _finished(game: object, kind: type[E], rules: Rules) -> E:
    """`game` as a finished game of this match's rules; WrongType unless a `kind` (Table, Duel)."""
    # type(), not isinstance: __class__ can lie (isinstance only tells the checker what it is)
    if not issubclass(type(game), kind) or not isinstance(game, kind):
        what = "a round" if kind is Duel else "a game"
        raise WrongType(Reason.WRONG_TYPE, what=what, expected=f"a {kind.__name__}", value=shown(game))
    if not game.is_over:
        raise IllegalAction(Reason.NOT_FINISHED)
    if game.rules != rules:
        raise IllegalAction(Reason.NOT_THIS_MATCH)  # another game, size or house rules
    return game


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match: its first seat, ranking and the points it gave."""

    number: int
    first: int
    winner: int
    ranking: tuple[tuple[int, int, int], ...]
    points: tuple[int, ...]


class CardMatch:
    """A match of Bullets or Kamu: rules.rounds games, the first seat moving one place each game."""

    def __init__(self, rules: Rules, seed: int | None = None, first: int | None = None) -> None:
        checks.instance(rules, Rules, "rules")
        if rules.game is GameKind.DUEL:
            raise IllegalAction(Reason.WRONG_GAME, wanted="bullets or kamu", game=rules.game.value)
        if first is not None:
            first = checks.seat(first, rules.players)
        self.rules = rules
        self._rng = random.Random(checks.seed(seed))
        # "The first player is chosen at random for the first game of a session"
        self.first = self._rng.randrange(rules.players) if first is None else first
        self.results: list[GameResult] = []
        self.scores = [0] * rules.players
        self._recorded: list[Table] = []  # the games scored, by identity: none is scored twice

    @property
    def games_played(self) -> int:
        """How many games of the match are finished."""
        return len(self.results)

    @property
    def next_first(self) -> int:
        """The seat that starts the next game: "in later games the first seat moves one place"."""
        return (self.first + self.games_played) % self.rules.players

    @property
    def is_over(self) -> bool:
        """True once every game of the match has been played."""
        return self.games_played >= self.rules.rounds

    def new_game(self) -> Table:
        """Deal the next game of the match (a Table)."""
        if self.is_over:
            raise IllegalAction(Reason.MATCH_OVER)
        return Table.start(self.rules, self._rng.randrange(2**32), first=self.next_first)

    def snapshot(self) -> tuple[object, ...]:
        """The whole state of the match as nested tuples: equal iff nothing changed."""
        return (
            self.rules,
            self._rng.getstate(),
            self.first,
            tuple(self.results),
            tuple(self.scores),
            tuple(map(id, self._recorded)),
        )

    def record(self, game: object) -> GameResult:
        """Score a finished table of this match (the points its returns() give each seat);
        refuses one of other rules or already scored."""
        table = _finished(game, Table, self.rules)
        if self.is_over:
            raise IllegalAction(Reason.MATCH_OVER)
        if any(scored is table for scored in self._recorded):
            raise IllegalAction(Reason.ALREADY_RECORDED)  # its points are in the scores already
        winner = table.winner
        assert winner is not None  # a finished table has its winner
        self._recorded.append(table)
        points = table.returns()
        for seat, gained in enumerate(points):
            self.scores[seat] += gained
        ranking = tuple(table.ranking())
        result = GameResult(self.games_played + 1, self.next_first, winner, ranking, points)
        self.results.append(result)
        return result

    def winners(self) -> list[int]:
        """The seats with the highest total ("highest total wins, ties share the win")."""
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, seat, total points), best first; equal totals share a place."""
        order = sorted(range(self.rules.players), key=lambda s: -self.scores[s])
        rows: list[tuple[int, int, int]] = []
        for index, seat in enumerate(order):
            tied = rows and self.scores[seat] == rows[-1][2]
            rows.append((rows[-1][0] if tied else index + 1, seat, self.scores[seat]))
        return rows


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One finished round of a dice duel."""

    number: int
    proposer: int
    winner: int
    claim: tuple[int, ...] | None
    claimant: int | None
    revealed: tuple[int, ...] | None
    held: bool  # the challenged proposition held (the dice were worth it): the round's verdict


class DuelMatch:
    """A dice duel match: first to rules.points_to_win; the loser of a round proposes next."""

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        self.rules = Rules.duel() if rules is None else checks.instance(rules, Rules, "rules")
        if self.rules.game is not GameKind.DUEL:
            raise IllegalAction(Reason.WRONG_GAME, wanted="duel", game=self.rules.game.value)
        self._rng = random.Random(checks.seed(seed))
        self.scores = [0, 0]
        self.results: list[RoundResult] = []
        self._next_first: int | None = None  # None: "each player rolls one die"
        self._recorded: list[Duel] = []  # the rounds scored, by identity: none is scored twice

    @property
    def is_over(self) -> bool:
        """True once a player reached the points to win."""
        return max(self.scores) >= self.rules.points_to_win

    @property
    def winner(self) -> int | None:
        """The match winner, once there is one."""
        if not self.is_over:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    @property
    def next_first(self) -> int | None:
        """The seat that proposes first next round; None while it is still to be rolled for."""
        return self._next_first

    def new_round(self) -> Duel:
        """Start the next round (a Duel); the first proposer is rolled for in round one only."""
        if self.is_over:
            raise IllegalAction(Reason.MATCH_OVER)
        return Duel.start(self.rules, self._rng.randrange(2**32), first=self._next_first)

    def snapshot(self) -> tuple[object, ...]:
        """The whole state of the match as nested tuples: equal iff nothing changed."""
        return (
            self.rules,
            self._rng.getstate(),
            tuple(self.scores),
            tuple(self.results),
            self._next_first,
            tuple(map(id, self._recorded)),
        )

    def record(self, game: object) -> RoundResult:
        """Score a finished round of this match: its returns() (one point to its winner); never
        the same twice."""
        duel = _finished(game, Duel, self.rules)
        if self.is_over:
            raise IllegalAction(Reason.MATCH_OVER)
        if any(scored is duel for scored in self._recorded):
            raise IllegalAction(Reason.ALREADY_RECORDED)  # its point is in the scores already
        winner = duel.winner
        assert winner is not None  # a finished round has its winner
        self._recorded.append(duel)
        for seat, gained in enumerate(duel.returns()):
            self.scores[seat] += gained
        # "In later rounds of a match the loser of the previous round proposes first."
        self._next_first = 1 - winner
        claimant = duel.claimant
        result = RoundResult(
            len(self.results) + 1,
            duel.proposer,
            winner,
            duel.claim,
            claimant,
            duel.dice(claimant) if claimant is not None else None,
            next(e.held for e in duel.history if type(e) is Challenged),  # the event's verdict
        )
        self.results.append(result)
        return result
