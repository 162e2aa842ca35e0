"""The questions the History, Stats and Hall of Fame screens ask of the records database.

Every value read back is checked in Python before it is used: a row somebody changed by hand
(text where a number belongs, a negative count) is shown as damaged or counted as nothing,
never a crash. Games and wins count finished records; what was played in a game that was left
(calls, lies, challenges) counts too.
"""

from __future__ import annotations

import json
import math
import sqlite3
from dataclasses import dataclass

from bluffhouse.game.records.record import MAX_NAME, person_key

GAMES = ("bullets", "kamu", "duel")
MIN_LIES = 10  # the best liar's share counts from this many lies on
MIN_CHALLENGES = 5  # the sharpest eye's from this many challenges on
MAX_PAGE = 500
LONG_PAUSE = 20 * 60  # seconds: a game's clock time longer than its game time by more spans a break
_FIGURES = ("calls", "lies", "lies_passed", "caught", "challenges", "challenges_won", "wrongly_accused")
_SUMS = ", ".join(f"SUM({name})" for name in ("played", "won", *_FIGURES)) + ", COUNT(*), MAX(bold)"


def _count(value: object) -> int:
    """A count read back: a whole number from 0 up, anything else is nothing."""
    if type(value) is float and math.isfinite(value):
        value = int(value)
    return value if type(value) is int and 0 <= value < 2**53 else 0


def _text(value: object, most: int = MAX_NAME) -> str | None:
    return value if type(value) is str and 0 < len(value) <= most else None


def _share(part: int, whole: int) -> float:
    return min(1.0, part / whole) if whole > 0 else 0.0


@dataclass(frozen=True, slots=True)
class SeatLine:
    """Who sat in a stored game."""

    name: str
    kind: str  # person, phone, computer
    level: str | None


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One stored game as the History lists it."""

    id: int
    game: str  # bullets, kamu, duel ("" when damaged)
    started: int  # seconds since 1970
    seconds: float  # how long it was played
    status: str  # finished, left
    rounds: int  # games (rounds) in it
    moves: int
    seats: tuple[SeatLine, ...]
    winners: tuple[str, ...]  # names
    damaged: bool = False  # a row somebody changed: it can still be deleted
    saved: int = 0  # when it was last written, seconds since 1970 (a finished game: its end)

    @property
    def length(self) -> float:
        """How long it took, as the people at the table lived it: the clock from the deal to its
        last move, the shows between rounds and after each deal included (the game time of the
        moves leaves them out: a 3-minute duel match was "2 minutes"); the game time alone when
        the clock spans a long break, a machine asleep or a clock set again."""
        clock = self.saved - self.started
        return float(clock) if self.seconds <= clock <= self.seconds + LONG_PAUSE else self.seconds


def _person_filter(name: str | None) -> tuple[str, tuple[object, ...]]:
    if name is None:
        return "", ()
    return (
        " AND id IN (SELECT game_id FROM seats WHERE person = (SELECT id FROM people WHERE key = ?))",
        (person_key(str(name))[: MAX_NAME * 2],),
    )


def _where(game: str | None, name: str | None) -> tuple[str, tuple[object, ...]]:
    sql = "WHERE 1"
    args: tuple[object, ...] = ()
    if game is not None:
        sql, args = "WHERE game = ?", (str(game),)
    extra, more = _person_filter(name)
    return sql + extra, args + more


def count(connection: sqlite3.Connection, game: str | None = None, name: str | None = None) -> int:
    """How many stored games match."""
    where, args = _where(game, name)
    return _count(connection.execute(f"SELECT COUNT(*) FROM games {where}", args).fetchone()[0])


def last_game(connection: sqlite3.Connection, name: str | None = None) -> str | None:
    """The game (bullets, kamu, duel) of the newest stored game, or of the newest one name played."""
    where, args = _where(None, name)
    row = connection.execute(
        f"SELECT game FROM games {where} ORDER BY started DESC, id DESC LIMIT 1", args
    ).fetchone()
    return row[0] if row and row[0] in GAMES else None


def history(
    connection: sqlite3.Connection,
    game: str | None = None,
    name: str | None = None,
    limit: int = 50,
    offset: int = 0,
) -> list[HistoryRow]:
    """A page of stored games, newest first."""
    where, args = _where(game, name)
    limit = max(0, min(MAX_PAGE, _count(limit)))
    rows = connection.execute(
        "SELECT id, game, started, seconds, status, rounds, moves, winners, saved FROM games "
        f"{where} ORDER BY started DESC, id DESC LIMIT ? OFFSET ?",
        (*args, limit, _count(offset)),
    ).fetchall()
    ids = [row[0] for row in rows if type(row[0]) is int]
    seats: dict[int, list[SeatLine]] = {i: [] for i in ids}
    bad_seats: set[int] = set()
    if ids:
        marks = ",".join("?" * len(ids))
        for game_id, seat, name_, kind, level in connection.execute(
            f"SELECT game_id, seat, name, kind, level FROM seats WHERE game_id IN ({marks}) "
            "ORDER BY game_id, seat",
            ids,
        ):
            shown = _text(name_)
            if game_id not in seats or type(seat) is not int or shown is None or _text(kind, 10) is None:
                bad_seats.add(game_id)
                continue
            seats[game_id].append(SeatLine(shown, kind, _text(level, 24)))
    return [_history_row(row, seats.get(row[0], []), row[0] in bad_seats) for row in rows]


def _history_row(row: tuple[object, ...], seats: list[SeatLine], bad_seats: bool) -> HistoryRow:
    game_id, game, started, seconds, status, rounds, moves, winners, saved = row
    damaged = (
        bad_seats
        or game not in GAMES
        or status not in ("finished", "left")
        or type(started) is not int
        or type(seconds) not in (int, float)
    )
    names: list[str] = []
    try:
        seat_numbers = json.loads(winners) if type(winners) is str and len(winners) < 200 else None
    except ValueError:
        seat_numbers = None
    if type(seat_numbers) is not list:
        damaged, seat_numbers = True, []
    for number in seat_numbers:
        if type(number) is int and 0 <= number < len(seats):
            names.append(seats[number].name)
        else:
            damaged = True
    time = (
        float(seconds) if (type(seconds) is int or type(seconds) is float) and math.isfinite(seconds) else 0.0
    )
    return HistoryRow(
        game_id if type(game_id) is int else -1,
        game if game in GAMES else "",
        _count(started),
        max(0.0, time),
        status if status in ("finished", "left") else "",
        _count(rounds),
        _count(moves),
        tuple(seats),
        tuple(names),
        damaged,
        _count(saved),
    )


@dataclass(frozen=True, slots=True)
class Stats:
    """The figures of one person (or one level of computer player) in one game."""

    name: str
    game: str
    games: int  # finished games (matches) played
    wins: int
    seats: int  # every stored game, left ones too
    calls: int
    lies: int
    lies_passed: int
    caught: int
    challenges: int
    challenges_won: int
    wrongly_accused: int
    boldest: dict[str, str] | None  # the boldest lie that passed: {"rank", "cards"} or {"claim", "held"}
    favourite: str | None  # the rank played most (the duel: the kind of hand proposed most)

    @property
    def win_share(self) -> float:
        """Wins per finished game."""
        return _share(self.wins, self.games)

    @property
    def lie_share(self) -> float:
        """Lies per call."""
        return _share(self.lies, self.calls)

    @property
    def passed_share(self) -> float:
        """Lies that passed per lie told."""
        return _share(self.lies_passed, self.lies)

    @property
    def eye(self) -> float:
        """Challenges won per challenge made."""
        return _share(self.challenges_won, self.challenges)


def _stats(name: str, game: str, sums: tuple[object, ...], boldest: object, favourite: object) -> Stats:
    played, won, calls, lies, passed, caught, challenges, won_challenges, accused = (
        _count(v) for v in sums[:9]
    )
    return Stats(
        name,
        game,
        played,
        won,
        _count(sums[9]),
        calls,
        lies,
        passed,
        caught,
        challenges,
        won_challenges,
        accused,
        _detail(boldest),
        _text(favourite, 20),
    )


def _detail(boldest: object) -> dict[str, str] | None:
    """The boldest lie's data as stored (None unless a small object of texts)."""
    detail = None
    if type(boldest) is str and len(boldest) < 400:
        try:
            detail = json.loads(boldest)
        except ValueError:
            detail = None
    if type(detail) is not dict or not all(type(k) is str and type(v) is str for k, v in detail.items()):
        return None
    return detail


def _favourite(connection: sqlite3.Connection, where: str, args: tuple[object, ...]) -> object:
    row = connection.execute(
        f"SELECT rank, SUM(n) AS total FROM ranks JOIN seats ON seats.id = ranks.seat_id WHERE {where} "
        "GROUP BY rank ORDER BY total DESC, rank LIMIT 1",
        args,
    ).fetchone()
    return row[0] if row else None


def person_stats(connection: sqlite3.Connection, name: str, game: str) -> Stats | None:
    """One person's figures in one game (None when they never played it)."""
    found = connection.execute(
        "SELECT id, name FROM people WHERE key = ?", (person_key(str(name))[: MAX_NAME * 2],)
    ).fetchone()
    if found is None:
        return None
    person, shown = found
    args = (person, str(game))
    sums = connection.execute(f"SELECT {_SUMS} FROM seats WHERE person = ? AND game = ?", args).fetchone()
    if not _count(sums[9]):
        return None
    bold = connection.execute(
        "SELECT bold_text FROM seats WHERE person = ? AND game = ? AND bold > 0 "
        "ORDER BY bold DESC, id LIMIT 1",
        args,
    ).fetchone()
    favourite = _favourite(connection, "seats.person = ? AND seats.game = ?", args)
    return _stats(_text(shown) or str(name), str(game), sums, bold[0] if bold else None, favourite)


def people(connection: sqlite3.Connection, game: str | None = None) -> list[str]:
    """The people who played, most stored games first."""
    sql = "SELECT people.name, COUNT(*) AS n FROM seats JOIN people ON people.id = seats.person"
    args: tuple[object, ...] = ()
    if game is not None:
        sql, args = sql + " WHERE seats.game = ?", (str(game),)
    rows = connection.execute(sql + " GROUP BY seats.person ORDER BY n DESC, people.name", args).fetchall()
    return [name for name, _ in rows if _text(name)]


def level_stats(connection: sqlite3.Connection, game: str) -> list[Stats]:
    """The computer players' figures in one game, one row per level, most seats first."""
    rows = connection.execute(
        f"SELECT level, {_SUMS} FROM seats WHERE kind = 'computer' AND game = ? "
        "GROUP BY level ORDER BY COUNT(*) DESC, level",
        (str(game),),
    ).fetchall()
    out = []
    for level, *sums in rows:
        shown = _text(level, 24)
        if shown is None:
            continue
        args = (shown, str(game))
        bold = connection.execute(
            "SELECT bold_text FROM seats WHERE kind = 'computer' AND level = ? "
            "AND game = ? AND bold > 0 ORDER BY bold DESC, id LIMIT 1",
            args,
        ).fetchone()
        favourite = _favourite(
            connection, "seats.kind = 'computer' AND seats.level = ? AND seats.game = ?", args
        )
        out.append(_stats(shown, str(game), tuple(sums), bold[0] if bold else None, favourite))
    return out


@dataclass(frozen=True, slots=True)
class Fame:
    """One title of the Hall of Fame: who holds it and by how much."""

    title: str  # best_liar, sharpest_eye, most_wrongly_accused, most_caught, most_wins, boldest_lie
    name: str
    value: int  # the count behind it (lies passed, challenges won, times...)
    out_of: int = 0  # what the share is of (lies told, challenges made), 0 for plain counts
    detail: dict[str, str] | None = None  # the boldest lie itself

    @property
    def share(self) -> float:
        """value / out_of (0 for plain counts)."""
        return _share(self.value, self.out_of)


def hall_of_fame(connection: sqlite3.Connection, game: str | None = None) -> list[Fame]:
    """The all-time titles among people (one game's, or all games'), each with its holder."""
    where = "WHERE seats.person IS NOT NULL"
    args: tuple[object, ...] = ()
    if game is not None:
        where, args = where + " AND seats.game = ?", (str(game),)
    rows = connection.execute(
        f"SELECT people.name, {_SUMS} FROM seats JOIN people ON people.id = "
        f"seats.person {where} GROUP BY seats.person",
        args,
    ).fetchall()
    people_stats = [(name, [_count(v) for v in sums]) for name, *sums in rows if _text(name)]
    titles: list[Fame] = []

    def best(title: str, part: int, whole: int | None, least: int) -> None:
        # (share or count, count, name): the highest wins; the name settles a tie, A before Z
        ranked = [
            (_share(f[part], f[whole]) if whole is not None else f[part], f[part], name)
            for name, f in people_stats
            if f[part] > 0 and (whole is None or f[whole] >= least)
        ]
        if ranked:
            top = max(ranked, key=lambda r: (r[0], r[1], [-ord(c) for c in r[2]]))
            _, value, name = top
            out_of = dict(people_stats)[name][whole] if whole is not None else 0
            titles.append(Fame(title, name, value, out_of))

    # sums: played, won, calls, lies, lies_passed, caught, challenges, challenges_won, wrongly_accused
    best("best_liar", 4, 3, MIN_LIES)
    best("sharpest_eye", 7, 6, MIN_CHALLENGES)
    best("most_wrongly_accused", 8, None, 1)
    best("most_caught", 5, None, 1)
    best("most_wins", 1, None, 1)
    if game is not None:
        row = connection.execute(
            "SELECT people.name, seats.bold, seats.bold_text FROM seats JOIN people ON people.id = "
            f"seats.person {where} AND seats.bold > 0 ORDER BY seats.bold DESC, seats.id LIMIT 1",
            args,
        ).fetchone()
        if row and _text(row[0]):
            found = _stats(row[0], game, (0,) * 10, row[2], None).boldest
            titles.append(Fame("boldest_lie", row[0], _count(row[1]), 0, found))
    return titles
