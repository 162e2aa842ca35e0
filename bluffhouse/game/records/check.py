"""A record played again on fresh engines: every move legal, the same result, and its story.

check(record) deals each game again from its start, applies every move in order and compares
what comes out with what the record says (each game's winner, the match's scores and
winners, finished or left). Anything that does not hold raises Refused with its reason; a
record that passes is exact, so the cursor and the stats can trust it.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass

from bluffhouse.game.contract import Engine
from bluffhouse.game.duel import Duel
from bluffhouse.game.errors import IllegalAction
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.records.codec import decode
from bluffhouse.game.records.record import MAX_FILE_BYTES, Record, Refused, Start, Status, Why
from bluffhouse.game.records.story import Moment, Teller
from bluffhouse.game.rules import GameKind, Rules
from bluffhouse.game.table import Table


def fresh_engine(rules: Rules, start: Start) -> Table | Duel:
    """A game's engine as it stood before its first move (Refused when it cannot be made)."""
    try:
        if rules.game is GameKind.DUEL:
            if start.seed is None:
                raise Refused(Why.NO_START, "a duel round needs its seed")
            if start.dice is not None:  # its opening dice known
                return Duel.new(start.seed, first=start.first, dice=start.dice, rules=rules)
            return Duel.start(rules, start.seed, first=start.first)
        if start.hands is not None:
            if start.first is None:
                raise Refused(Why.NO_START, "a known position needs its first seat")
            return Table.from_hands(
                rules, [list(h) for h in start.hands], start.first, set_aside=list(start.set_aside)
            )
        return Table.start(rules, start.seed, first=start.first)
    except IllegalAction as error:
        raise Refused(Why.NO_START, str(error)[:120]) from None


def is_over(engine: Engine) -> bool:
    """Whether a game (a table or a duel round) has ended."""
    return engine.is_over  # both engines keep the contract (game.contract.Engine)


@dataclass(frozen=True, slots=True)
class Story:
    """A checked record: the record, its moments, each game's winner and the match's points."""

    record: Record
    moments: tuple[Moment, ...]
    winners: tuple[int | None, ...]  # each game's winner (None: left unfinished)
    scores: tuple[tuple[int, ...], ...]  # the match's points after each game
    starts: tuple[int, ...]  # the cursor position of each game's deal
    keyframes: tuple[tuple[tuple[int, Engine], ...], ...] = ()  # per game: (moves applied, engine)

    @property
    def positions(self) -> int:
        """How many positions a cursor has: each game's deal and the state after each move."""
        return self.starts[-1] + len(self.record.games[-1].moves) + 1


def _new_match(rules: Rules) -> DuelMatch | CardMatch:
    return DuelMatch(rules, 0) if rules.game is GameKind.DUEL else CardMatch(rules, 0, first=0)


def _check_first(record: Record, number: int, start: Start, winners: list[int | None]) -> None:
    """Later games start where the match says: the duel's loser proposes; Kamu's first moves on."""
    if number == 0:
        return
    before, first = winners[-1], record.games[0].start.first
    if record.game is GameKind.DUEL and before is not None:
        wanted = 1 - before  # "the loser of the previous round proposes first"
    elif record.game is not GameKind.DUEL and first is not None:
        wanted = (first + number) % record.rules.players  # "the first seat moves one place"
    else:  # (never: only a finished game comes before another, and a card game has its first)
        raise Refused(Why.BAD_VALUE, f"game {number + 1} starts with the wrong seat")
    if start.first != wanted:
        raise Refused(Why.BAD_VALUE, f"game {number + 1} starts with the wrong seat")


def check(record: Record, keyframe_every: int = 0) -> Story:
    """Play the record again; its Story, or Refused saying what does not hold.

    keyframe_every > 0 keeps a copy of the engine every that many moves (for a cursor).
    """
    if type(record) is not Record:
        raise Refused(Why.NOT_A_REPLAY, "not a Record")
    rules = record.rules
    match = _new_match(rules)
    teller = Teller()
    winners: list[int | None] = []
    scores: list[tuple[int, ...]] = []
    starts: list[int] = []
    keyframes: list[tuple[tuple[int, Engine], ...]] = []
    position = 0
    last = len(record.games) - 1
    for number, game in enumerate(record.games):
        if match.is_over:
            raise Refused(Why.NOT_OVER, f"game {number + 1} comes after the end of the match")
        _check_first(record, number, game.start, winners)
        engine = fresh_engine(rules, game.start)
        starts.append(position)
        frames = [(0, engine.clone())] if keyframe_every else []
        for k, move in enumerate(game.moves):
            position += 1
            row = teller.before(engine, move.action, number, position, move.at)
            try:
                events = engine.apply(move.action)
            except IllegalAction as error:
                raise Refused(
                    Why.ILLEGAL_MOVE,
                    f"game {number + 1}, move {k + 1}: {error}"[:160],
                    game=number + 1,
                    n=k + 1,
                ) from None
            teller.after(engine, row, events)
            if keyframe_every and (k + 1) % keyframe_every == 0:
                frames.append((k + 1, engine.clone()))
        position += 1
        over = is_over(engine)
        teller.end_game(over)
        keyframes.append(tuple(frames))
        if not over and (number < last or record.status is Status.FINISHED):
            raise Refused(Why.NOT_OVER, f"game {number + 1} did not end")
        winner = engine.winner if over else None
        if game.winner != winner:
            raise Refused(Why.WRONG_RESULT, f"game {number + 1}: the winner is not {game.winner}")
        winners.append(winner)
        if over:
            match.record(engine)
        scores.append(tuple(match.scores))
    _check_result(record, match)
    return Story(
        record,
        teller.moments(),
        tuple(winners),
        tuple(scores),
        tuple(starts),
        tuple(keyframes) if keyframe_every else (),
    )


def _check_result(record: Record, match: DuelMatch | CardMatch) -> None:
    finished = match.is_over
    if finished != (record.status is Status.FINISHED):
        raise Refused(Why.WRONG_RESULT, "finished or left does not match the games")
    winners: tuple[int | None, ...] = ()
    if finished:
        winners = (match.winner,) if isinstance(match, DuelMatch) else tuple(match.winners())
    if tuple(record.winners) != winners:
        raise Refused(Why.WRONG_RESULT, "the match's winners are not what the games give")
    if tuple(record.scores) != tuple(match.scores):
        raise Refused(Why.WRONG_RESULT, "the match's points are not what the games give")


def load(data: object, keyframe_every: int = 0) -> Story:
    """A replay file's bytes read, checked and played again (Refused with its reason otherwise)."""
    return check(decode(data), keyframe_every)


def read_file(path: str | os.PathLike[str], keyframe_every: int = 0) -> Story:
    """A replay file from the disk (Refused: unreadable, too big, or whatever load refuses).

    Only a regular file is read, opened without blocking: a FIFO cannot hang the game and a
    link to /dev/zero cannot fill the memory.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError, TypeError) as error:
        raise Refused(Why.UNREADABLE, str(error)[:160]) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Refused(Why.NOT_A_REPLAY, "not a regular file")
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            chunk = os.read(fd, MAX_FILE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise Refused(Why.UNREADABLE, str(error)[:160]) from None
    finally:
        os.close(fd)
    return load(b"".join(chunks), keyframe_every)
