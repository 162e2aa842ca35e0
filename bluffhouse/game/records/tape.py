"""A record being written while a game is played: the screens' (and the tournament's) hook.

    tape = Tape(rules, seats, save=store_it)  # once per game, Kamu match or duel match
    tape.begin(engine)                        # each game (round) as it is dealt, before any move
    tape.note(action, at)                     # after every action the engine accepted
    tape.leave()                              # the game was left: what was played is kept

The tape hands a Record to `save` each time a game ends (a Kamu match is saved after every
round, so a match stopped half-way keeps its rounds) and when the game is left with moves not
yet saved. A game whose start cannot be made again exactly is not taped at all: a record is
exact or it is not written.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable, Sequence
from typing import TypeGuard

from bluffhouse.game.actions import Action, Play
from bluffhouse.game.contract import Engine
from bluffhouse.game.duel import Duel
from bluffhouse.game.duel_events import FirstDieRolled
from bluffhouse.game.errors import IllegalAction
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.records.check import fresh_engine, is_over
from bluffhouse.game.records.record import (
    MAX_SECONDS,
    MAX_SEED,
    MAX_SEED_TEXT,
    GameTape,
    Move,
    Record,
    Refused,
    Seat,
    Start,
    Status,
)
from bluffhouse.game.rules import GameKind, Rules
from bluffhouse.game.table import Table
from bluffhouse.game.table_setup import as_card


def _seed_fits(seed: object) -> TypeGuard[int | str]:
    if type(seed) is int:
        return -MAX_SEED <= seed <= MAX_SEED
    return type(seed) is str and len(seed) <= MAX_SEED_TEXT


def _candidates(rules: Rules, engine: Engine) -> list[Start]:
    """Ways to make this fresh engine again: by its seed first, else from its position (none
    for an engine the records do not know)."""
    seed = engine.seed
    if type(engine) is Duel:
        if not _seed_fits(seed):
            return []
        rolled = any(type(e) is FirstDieRolled for e in engine.opening_events)
        first = None if rolled else engine.proposer
        dice = (engine.dice(0), engine.dice(1))
        return [Start(first, seed), Start(first, seed, dice=dice)]
    if not isinstance(engine, Table):
        return []
    found: list[Start] = []
    if _seed_fits(seed):
        found.append(Start(engine.first, seed))
    hands = tuple(tuple(engine.hand(s)) for s in range(engine.players))
    found.append(Start(engine.first, hands=hands, set_aside=tuple(engine.set_aside_cards())))
    return found


def start_of(rules: Rules, engine: Engine) -> Start | None:
    """How to deal this engine again exactly (checked by comparing snapshots), or None."""
    wanted = engine.snapshot()
    for start in _candidates(rules, engine):
        try:
            if fresh_engine(rules, start).snapshot() == wanted:
                return start
        except (Refused, IllegalAction):
            continue
    return None


class Tape:
    """Writes one record while its games are played."""

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[Seat],
        save: Callable[[Record], object] | None = None,
        *,
        started: int | None = None,
        uid: str | None = None,
    ) -> None:
        self.rules = rules
        self.seats = tuple(seats)
        self.save = save
        self.uid = uid or secrets.token_hex(8)
        self.started = int(time.time()) if started is None else started
        self.match = DuelMatch(rules, 0) if rules.game is GameKind.DUEL else CardMatch(rules, 0, first=0)
        self.games: list[GameTape] = []  # the games ended or begun, the current one last
        self.moves: list[Move] = []  # the current game's moves
        self.engine: Engine | None = None  # the current game's engine (the screen's own, never changed here)
        self.broken = False  # a start that could not be made again: nothing more is taped
        self._saved = (0, 0)  # (games, moves of the current one) in the last record saved

    @property
    def finished(self) -> bool:
        """The whole game or match has been played."""
        return self.match.is_over

    def begin(self, engine: Engine) -> bool:
        """A new game (round) as it is dealt, before its first move; False if it is not taped."""
        if self.broken or self.finished:
            return False
        if self.engine is not None and not is_over(self.engine):
            self.broken = True  # a game left unfinished inside a match: the match is not exact
            return False
        start = start_of(self.rules, engine)
        if start is None:
            self.broken = True
            return False
        if self.engine is not None:  # the game before is over: its moves are written for good
            ended = self.games[-1]
            self.games[-1] = GameTape(ended.start, tuple(self.moves), self.engine.winner)
        self.engine = engine
        self.moves = []
        self.games.append(GameTape(start, ()))
        return True

    def note(self, action: Action, at: float) -> None:
        """An action the engine has just accepted, at `at` seconds since its game began."""
        if self.broken or self.engine is None:
            return
        if isinstance(action, Play):
            action = Play(action.seat, tuple(as_card(c) for c in action.cards))
        before = self.moves[-1].at if self.moves else 0.0
        at = float(at)
        at = min(max(before, round(at, 2)), MAX_SECONDS) if math.isfinite(at) else before
        self.moves.append(Move(at, action))  # a moment never goes back in time
        if is_over(self.engine):
            self.match.record(self.engine)
            self._store()

    def keep(self) -> None:
        """What was played and not yet saved is saved now (a game still being played is saved as
        left: it stays so if the program never gets to say goodbye)."""
        if not self.broken and self._saved != (len(self.games), len(self.moves)):
            self._store()

    def leave(self) -> None:
        """The game is left (or its screen closes): what was played and not yet saved is kept."""
        self.keep()

    def record(self) -> Record | None:
        """The record so far (None when nothing was played)."""
        games = list(self.games)
        if games:
            current = games[-1]
            engine = self.engine
            winner = engine.winner if engine is not None and is_over(engine) else None
            games[-1] = GameTape(current.start, tuple(self.moves), winner)
            if not self.moves:
                games.pop()  # a deal nobody played: nothing to keep of it
        if not games:
            return None
        finished = self.match.is_over
        winners: tuple[int, ...] = ()
        if finished and isinstance(self.match, DuelMatch):
            winner = self.match.winner
            winners = () if winner is None else (winner,)
        elif finished and isinstance(self.match, CardMatch):
            winners = tuple(self.match.winners())
        status = Status.FINISHED if finished else Status.LEFT
        return Record(
            self.uid,
            self.rules,
            self.seats,
            self.started,
            status,
            tuple(games),
            tuple(self.match.scores),
            winners,
        )

    def _store(self) -> None:
        record = self.record()
        self._saved = (len(self.games), len(self.moves))
        if record is not None and self.save is not None:
            self.save(record)
