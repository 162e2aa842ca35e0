"""Headless games between computer players, for the simulator and the tournament."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from bluffhouse.game.actions import Action, Challenge, DuelAction, Play, Propose, TableAction
from bluffhouse.game.bots import DUEL_BOTS, TABLE_BOTS
from bluffhouse.game.bots.players import DuelPlayer, TablePlayer
from bluffhouse.game.bots.table_runner import next_bot_action
from bluffhouse.game.cards import counts_as
from bluffhouse.game.dice import hand_value
from bluffhouse.game.duel import Duel
from bluffhouse.game.duel_view import DuelView
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.game.table_view import TableView

if TYPE_CHECKING:
    from bluffhouse.game.records.tape import Tape

V = TypeVar("V")
R = TypeVar("R")

GAMES = ("bullets", "kamu", "duel")
HEADLESS_STEP = 1.0  # bots play without a clock: their replays put a nominal second between moves
REPLAY_SUFFIX = ".bhreplay"


def rules_for(game: str, players: int, hand: int = 0) -> Rules:
    """The seed rules of a game for a player count; `hand` cards each (0: the seed's deal)."""
    if game == "bullets":
        return Rules.bullets(players=players, hand_size=hand)
    if game == "kamu":
        return Rules.kamu(players=players, jokers=True, rounds=1, hand_size=hand)
    if game == "duel":
        # a series plays single rounds: each a match to one point
        return Rules.duel(points_to_win=1, hand_size=hand)
    raise ValueError(f"unknown game {game!r}: choose from {', '.join(GAMES)}")


def table_bot_kinds() -> Mapping[str, Callable[[int, random.Random], TablePlayer]]:
    """Bot kinds of the card games, by name."""
    return TABLE_BOTS


def duel_bot_kinds() -> Mapping[str, Callable[[int, random.Random], DuelPlayer]]:
    """Bot kinds of the dice duel, by name."""
    return DUEL_BOTS


@dataclass(slots=True)
class Timer:
    """Decision times of one bot kind, in seconds: wall time, and this thread's CPU time (on a
    shared machine the wall time also counts the neighbours' work)."""

    samples: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def percentile(self, q: float, cpu: bool = False) -> float:
        """The q-th percentile (0-100) of the samples, 0 when there are none."""
        samples = self.cpu if cpu else self.samples
        if not samples:
            return 0.0
        ordered = sorted(samples)
        return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def _timed(timer: Timer | None, method: Callable[[V], R], view: V) -> R:
    """method(view), its time added to the timer's samples (if there is a timer)."""
    if timer is None:
        return method(view)
    start, cpu = time.perf_counter(), time.thread_time()
    answer = method(view)
    timer.samples.append(time.perf_counter() - start)
    timer.cpu.append(time.thread_time() - cpu)
    return answer


class _TimedTable:
    """Wraps a card-table bot to time each of its decisions."""

    def __init__(self, bot: TablePlayer, timer: Timer | None) -> None:
        self.bot, self.timer = bot, timer

    def choose(self, view: TableView) -> TableAction:
        return _timed(self.timer, self.bot.choose, view)

    def wants_challenge(self, view: TableView) -> bool:
        return _timed(self.timer, self.bot.wants_challenge, view)


class _TimedDuel:
    """Wraps a duel bot to time each of its decisions."""

    def __init__(self, bot: DuelPlayer, timer: Timer | None) -> None:
        self.bot, self.timer = bot, timer

    def choose(self, view: DuelView) -> DuelAction:
        return _timed(self.timer, self.bot.choose, view)


class Referee:
    """One game's calls, lies and challenges by seat, read from the actions as the game applies them.

    The referee sees the whole truth (it stands beside the engine, not at a seat); the bots never
    see it. A call is a lie when any of its cards does not make it true (a lone Fakó is always one);
    a proposition of the duel is a lie when the proposer's dice are worth less.
    """

    def __init__(self, players: int) -> None:
        self.calls = [0] * players
        self.lies = [0] * players
        self.lies_challenged = [0] * players  # its lies that somebody challenged
        self.challenges = [0] * players
        self.caught = [0] * players  # its challenges that won (a challenged Fakó wins nothing)
        self.actions = 0  # every action applied (plays, challenges, accepts, the duel's moves)
        self._open: tuple[int, bool, bool] | None = None  # (caller, lie, bait) of the last call

    def call(self, seat: int, lie: bool, bait: bool = False) -> None:
        """`seat` made a call (or proposition), false when `lie`; `bait` for a lone Fakó."""
        self.calls[seat] += 1
        self.lies[seat] += lie
        self._open = (seat, lie, bait)

    def challenge(self, seat: int) -> None:
        """`seat` challenged the last call."""
        if self._open is None:
            raise ValueError("no call to challenge")  # never: the engine refuses such a challenge
        caller, lie, bait = self._open
        self.challenges[seat] += 1
        self.lies_challenged[caller] += lie
        self.caught[seat] += lie and not bait

    def card_action(self, table: Table, action: Action) -> None:
        """Note a card-table action before it is applied."""
        self.actions += 1
        if isinstance(action, Play):
            rank, cards = table.rank, action.cards
            lie = not all(counts_as(c, rank) for c in cards)
            self.call(action.seat, lie, len(cards) == 1 and cards[0].is_fako)
        elif isinstance(action, Challenge):
            self.challenge(action.seat)

    def duel_action(self, duel: Duel, action: Action) -> None:
        """Note a duel action before it is applied."""
        self.actions += 1
        if isinstance(action, Propose):
            held = hand_value(duel.dice(action.seat))
            self.call(action.seat, held < hand_value(action.dice))
        elif isinstance(action, Challenge):
            self.challenge(action.seat)


def play_card_game(
    rules: Rules,
    kinds: list[str],
    seed: int,
    timers: dict[str, Timer] | None = None,
    max_actions: int = 5000,
    referee: Referee | None = None,
    tape: Tape | None = None,
) -> int | None:
    """One game of Bullets or Kamu between bots of `kinds` (one per seat); the winner or None.

    tape: a game.records.tape.Tape to write the game's record on (moves a nominal second apart).
    """
    registry = table_bot_kinds()
    rng = random.Random(seed)
    table = Table.start(rules, rng.randrange(2**32))
    bots = [
        _TimedTable(
            registry[k](s, random.Random(rng.randrange(2**32))),
            None if timers is None else timers.setdefault(k, Timer()),
        )
        for s, k in enumerate(kinds)
    ]
    if tape is not None:
        tape.begin(table)
    for number in range(max_actions):
        if table.is_over:
            return table.winner
        action = next_bot_action(table, bots)
        if referee is not None:
            referee.card_action(table, action)
        table.apply(action)
        if tape is not None:
            tape.note(action, (number + 1) * HEADLESS_STEP)
    if tape is not None:
        tape.leave()
    return None  # a stalemate of bots: counted as no winner


def play_duel_round(
    rules: Rules,
    kinds: list[str],
    seed: int,
    timers: dict[str, Timer] | None = None,
    referee: Referee | None = None,
    tape: Tape | None = None,
) -> int:
    """One round of the dice duel between two bots; the winning seat (tape: as play_card_game's)."""
    registry = duel_bot_kinds()
    rng = random.Random(seed)
    duel = Duel.start(rules, rng.randrange(2**32))
    bots = [
        _TimedDuel(
            registry[k](s, random.Random(rng.randrange(2**32))),
            None if timers is None else timers.setdefault(k, Timer()),
        )
        for s, k in enumerate(kinds)
    ]
    if tape is not None:
        tape.begin(duel)
    while (seat := duel.turn) is not None:  # (None once the round is over)
        action = bots[seat].choose(duel.view(seat))
        if referee is not None:
            referee.duel_action(duel, action)
        duel.apply(action)
        if tape is not None:
            tape.note(action, len(tape.moves) * HEADLESS_STEP + HEADLESS_STEP)
    if duel.winner is None:
        raise RuntimeError("a duel round ended without a winner")  # never: a challenge decides it
    return duel.winner


@dataclass(slots=True)
class Conduct:
    """How the seats of one kind played over a series: calls, lies and challenges."""

    calls: int = 0
    lies: int = 0
    lies_challenged: int = 0  # its lies that somebody challenged
    challenges: int = 0
    caught: int = 0  # its challenges that won
    others_lies: int = 0  # lies told while another seat of this kind sat at the table
    per_game: list[int] = field(default_factory=list)  # its calls in each game

    def add(self, referee: Referee, seats: list[int]) -> None:
        """Add one game's figures of the seats `seats`."""
        calls = sum(referee.calls[s] for s in seats)
        self.calls += calls
        self.per_game.append(calls)
        self.lies += sum(referee.lies[s] for s in seats)
        self.lies_challenged += sum(referee.lies_challenged[s] for s in seats)
        self.challenges += sum(referee.challenges[s] for s in seats)
        self.caught += sum(referee.caught[s] for s in seats)
        # A lie counts when some seat of this kind other than the liar could have challenged it.
        self.others_lies += sum(
            lies for s, lies in enumerate(referee.lies) if any(other != s for other in seats)
        )


@dataclass(slots=True)
class Series:
    """The outcome of many seat-rotated games."""

    game: str
    kinds: list[str]
    games: int = 0
    unfinished: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # of this process: the machine is shared, wall time is noisy
    actions: int = 0
    wins: dict[str, int] = field(default_factory=dict)  # kind -> games won by a seat of that kind
    timers: dict[str, Timer] = field(default_factory=dict)
    calls: list[int] = field(default_factory=list)  # every seat's calls, game by game
    conduct: dict[str, Conduct] = field(default_factory=dict)  # kind -> Conduct

    @property
    def games_per_second(self) -> float:
        """Complete games per second of wall time."""
        return self.games / self.seconds if self.seconds else 0.0

    def share(self, kind: str) -> float:
        """The share of games won by seats of `kind`."""
        return self.wins.get(kind, 0) / self.games if self.games else 0.0

    def interval(self, kind: str) -> tuple[float, float]:
        """A 95% Wilson interval for share(kind)."""
        n, p, z = self.games, self.share(kind), 1.96
        if n == 0:
            return (0.0, 1.0)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


def run_series(
    game: str,
    kinds: list[str],
    games: int,
    seed: int = 1,
    timed: bool = False,
    hand: int = 0,
    replays: Path | None = None,
    progress: Callable[[Series], object] | None = None,
) -> Series:
    """Play `games` games, rotating the seats so that no kind keeps the same seat; `hand` cards each.

    replays: a folder to write each game's replay file in (<game>-<number>.bhreplay).
    progress: called with the series so far after every game (a long series can be read
    before it ends; its figures but the times are final).
    """
    rules = rules_for(game, len(kinds), hand)
    series = Series(game, list(kinds))
    timers: dict[str, Timer] | None = {} if timed else None
    master = random.Random(seed)
    start, cpu = time.perf_counter(), time.process_time()
    n = len(kinds)
    for number in range(games):
        shift = number % n
        seated = kinds[shift:] + kinds[:shift]
        game_seed = master.randrange(2**32)
        referee = Referee(n)
        tape = None if replays is None else replay_tape(rules, seated, replays, game, seed, number)
        winner: int | None
        if game == "duel":
            winner = play_duel_round(rules, seated, game_seed, timers, referee, tape)
        else:
            winner = play_card_game(rules, seated, game_seed, timers, referee=referee, tape=tape)
        series.games += 1
        series.actions += referee.actions
        series.calls.append(sum(referee.calls))
        for kind in set(seated):
            seats = [s for s, k in enumerate(seated) if k == kind]
            series.conduct.setdefault(kind, Conduct()).add(referee, seats)
        if winner is None:
            series.unfinished += 1
        else:
            series.wins[seated[winner]] = series.wins.get(seated[winner], 0) + 1
        if progress is not None:
            series.seconds = time.perf_counter() - start
            series.timers = timers or {}
            progress(series)
    series.seconds = time.perf_counter() - start
    series.cpu_seconds = time.process_time() - cpu
    series.timers = timers or {}
    return series


def replay_tape(rules: Rules, kinds: list[str], folder: Path, game: str, seed: int, number: int) -> Tape:
    """A tape writing game `number` of a series to <folder>/<game>-<number>.bhreplay."""
    from bluffhouse.game.records.codec import encode
    from bluffhouse.game.records.record import Seat, SeatKind
    from bluffhouse.game.records.tape import Tape

    seats = [Seat(f"{kind.capitalize()} {s + 1}", SeatKind.COMPUTER, kind) for s, kind in enumerate(kinds)]
    path = folder / f"{game}-{number + 1:05d}{REPLAY_SUFFIX}"
    return Tape(
        rules, seats, lambda record: path.write_bytes(encode(record)), uid=f"s{abs(seed)}n{number + 1}"
    )  # the same series, the same files
