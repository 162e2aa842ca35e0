"""Several games in a row: who starts each one, the scores, and who wins the match."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game import checks
from game.duel import Duel, Phase
from game.duel_events import Challenged
from game.errors import IllegalAction, Reason, WrongType, shown
from game.rules import GameKind, Rules
from game.table import Table

# "1st place 4 points, 2nd 3, 3rd 2 [settled: 4th 1, further places 0]"
PLACE_POINTS: tuple[int, ...] = (4, 3, 2, 1)


def points_for_place(place: int) -> int:
    """Kamu's round score for a place (1-based); equal places share the better score."""
    return PLACE_POINTS[place - 1] if 1 <= place <= len(PLACE_POINTS) else 0


def _finished_ranking(table, rules: Rules) -> tuple[tuple[int, int, int], ...]:
    """The checked ranking of a finished game of `rules` (a Table, or a look-alike with its API)."""
    over, ranking = getattr(table, "is_over", None), getattr(table, "ranking", None)
    if type(over) is not bool or not callable(ranking):
        raise WrongType(Reason.WRONG_TYPE, what="a game", expected="a Table", value=shown(table))
    if not over:
        raise IllegalAction(Reason.NOT_FINISHED)
    own = getattr(table, "rules", None)
    if own is not None and (type(own) is not Rules or own != rules):
        raise IllegalAction(Reason.NOT_THIS_MATCH)  # another game, size or house rules
    try:
        rows = tuple(tuple(row) for row in ranking())
    except TypeError:
        raise WrongType(Reason.WRONG_TYPE, what="a ranking", expected="rows of three ints",
                        value=shown(table)) from None
    n = rules.players
    if any(len(row) != 3 or any(type(x) is not int for x in row) for row in rows):
        raise WrongType(Reason.WRONG_TYPE, what="a ranking", expected="rows of three ints",
                        value=shown(rows))
    winner = getattr(table, "winner", None)
    if sorted(seat for _, seat, _ in rows) != list(range(n)) or not checks.is_seat(winner, n):
        raise IllegalAction(Reason.NOT_THIS_MATCH)  # a ranking of another table size
    return rows


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
        self._recorded: list = []  # the games scored, by identity: none is scored twice

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
        return Table.deal(self.rules, seed=self._rng.randrange(2**32), first=self.next_first)

    def snapshot(self) -> tuple:
        """The whole state of the match as nested tuples: equal iff nothing changed."""
        return (self.rules, self._rng.getstate(), self.first, tuple(self.results),
                tuple(self.scores), tuple(map(id, self._recorded)))

    def record(self, table) -> GameResult:
        """Score a finished table of this match; refuses one of other rules or already scored."""
        ranking = _finished_ranking(table, self.rules)
        if self.is_over:
            raise IllegalAction(Reason.MATCH_OVER)
        if any(game is table for game in self._recorded):
            raise IllegalAction(Reason.ALREADY_RECORDED)  # its points are in the scores already
        self._recorded.append(table)
        points = [0] * self.rules.players
        for place, seat, _cards in ranking:
            points[seat] = points_for_place(place)
        for seat, gained in enumerate(points):
            self.scores[seat] += gained
        result = GameResult(self.games_played + 1, self.next_first, table.winner, ranking, tuple(points))
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
        return Duel.new(self._rng.randrange(2**32), first=self._next_first, rules=self.rules)

    def snapshot(self) -> tuple:
        """The whole state of the match as nested tuples: equal iff nothing changed."""
        return (self.rules, self._rng.getstate(), tuple(self.scores), tuple(self.results),
                self._next_first, tuple(map(id, self._recorded)))

    def record(self, duel) -> RoundResult:
        """Score a finished round of this match: one point to its winner; never the same twice."""
        if not issubclass(type(duel), Duel):  # type(), not isinstance: __class__ can lie
            raise WrongType(Reason.WRONG_TYPE, what="a round", expected="a Duel", value=shown(duel))
        if duel.phase is not Phase.OVER:
            raise IllegalAction(Reason.NOT_FINISHED)
        if self.is_over:
            raise IllegalAction(Reason.MATCH_OVER)
        if duel.rules != self.rules:
            raise IllegalAction(Reason.NOT_THIS_MATCH)
        if any(game is duel for game in self._recorded):
            raise IllegalAction(Reason.ALREADY_RECORDED)  # its point is in the scores already
        self._recorded.append(duel)
        winner = duel.winner
        self.scores[winner] += 1
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
