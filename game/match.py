"""Several games in a row: who starts each one, the scores, and who wins the match."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules import GameKind, Rules

# "1st place 4 points, 2nd 3, 3rd 2 [settled: 4th 1, further places 0]"
PLACE_POINTS: tuple[int, ...] = (4, 3, 2, 1)


def points_for_place(place: int) -> int:
    """Kamu's round score for a place (1-based); equal places share the better score."""
    return PLACE_POINTS[place - 1] if 1 <= place <= len(PLACE_POINTS) else 0


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
        if rules.game is GameKind.DUEL:
            raise ValueError("a card match needs Bullets or Kamu rules")
        self.rules = rules
        self._rng = random.Random(seed)
        # "The first player is chosen at random for the first game of a session"
        self.first = self._rng.randrange(rules.players) if first is None else first % rules.players
        self.results: list[GameResult] = []
        self.scores = [0] * rules.players

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

    def new_game(self):
        """Deal the next game of the match (a Table)."""
        from game.table import Table

        if self.is_over:
            raise ValueError("the match is over")
        return Table.deal(self.rules, seed=self._rng.randrange(2**32), first=self.next_first)

    def record(self, table) -> GameResult:
        """Score a finished table and add it to the match."""
        if not table.is_over:
            raise ValueError("that game is not finished")
        if self.is_over:
            raise ValueError("the match is over")
        ranking = tuple(tuple(row) for row in table.ranking())
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


class DuelMatch:
    """A dice duel match: first to rules.points_to_win; the loser of a round proposes next."""

    def __init__(self, rules: Rules | None = None, seed: int | None = None) -> None:
        self.rules = rules or Rules.duel()
        if self.rules.game is not GameKind.DUEL:
            raise ValueError("a duel match needs Rules.duel()")
        self._rng = random.Random(seed)
        self.scores = [0, 0]
        self.results: list[RoundResult] = []
        self._next_first: int | None = None  # None: "each player rolls one die"

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

    def new_round(self):
        """Start the next round (a Duel); the first proposer is rolled for in round one only."""
        from game.duel import Duel

        if self.is_over:
            raise ValueError("the match is over")
        return Duel.new(self._rng.randrange(2**32), first=self._next_first, rules=self.rules)

    def record(self, duel) -> RoundResult:
        """Score a finished round: one point to its winner."""
        if duel.phase != "over":
            raise ValueError("that round is not finished")
        if self.is_over:
            raise ValueError("the match is over")
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
        )
        self.results.append(result)
        return result
