"""One SQLite database of every game remembered: records, people and each seat's figures.

- Opened in WAL mode with a busy timeout, foreign keys on, every commit synced: two windows of
  the game may write to it at once, and a game killed in the middle of a save loses at most
  that save (SQLite's transactions are atomic).
- A file that is not a database, or a damaged one, is moved aside (records.sqlite3.damaged-
  <when>, its -wal and -shm with it) and a new database is started; a folder or a device where
  the file should be is never touched. What cannot be done raises StoreProblem, whose trouble
  the screen says in one line; the game plays on without it.
- A record is stored only once check() has played it again (it is exact), under its uid: saving
  a Kamu match after each round replaces the previous save of that match.

The questions the screens ask (history, stats, the Hall of Fame) are in queries.py.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Concatenate, ParamSpec, TypeVar

from bluffhouse.game.records import queries
from bluffhouse.game.records.check import Story, load
from bluffhouse.game.records.codec import encode
from bluffhouse.game.records.figures import figures
from bluffhouse.game.records.record import Record, Refused, Why, person_key
from bluffhouse.game.records.schema import BUSY_MS, SCHEMA_VERSION, StoreProblem, Trouble, migrate, trouble_of

P = ParamSpec("P")
R = TypeVar("R")

DB_NAME = "records.sqlite3"
TABLES = frozenset({"games", "replays", "people", "seats", "ranks"})


def move_aside(path: Path) -> str:
    """Rename a damaged database (and its -wal, -shm) to <name>.damaged-<when>; the new name."""
    base = f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
    for n in range(1, 1000):
        backup = path.with_name(base if n == 1 else f"{base}-{n}")
        if os.path.lexists(backup):
            continue
        try:
            os.rename(path, backup)
        except FileNotFoundError:
            break  # gone already (another window moved it): only its companions may be left
        except OSError as error:
            raise StoreProblem(Trouble.UNWRITABLE, f"cannot move it aside: {error.strerror}") from None
        for suffix in ("-wal", "-shm"):
            try:
                os.rename(f"{path}{suffix}", f"{backup}{suffix}")
            except OSError:
                pass  # none, or already gone
        return str(backup)
    for suffix in ("-wal", "-shm"):
        try:
            os.unlink(f"{path}{suffix}")
        except OSError:
            pass
    return ""


def _row_id(value: object) -> bool:
    """A row id SQLite can hold (a bigger int would raise OverflowError, not an sqlite error)."""
    return type(value) is int and 0 < value < 2**63


class Store:
    """The records database of one thread (sqlite connections stay in the thread that opened them)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self.connection = connection
        self.path = path
        self.moved_to: str | None = None  # where a damaged database was moved when this one was made
        self.damage = ""  # what was wrong with it (sqlite's words, for the log)

    # -- opening ----------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str, busy_ms: int = BUSY_MS, verify: bool = False) -> Store:
        """The database at `path`, made (with its folder) if needed; a damaged one is moved aside
        first. verify: also read every page (PRAGMA quick_check). StoreProblem otherwise."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            info = os.stat(path)
        except FileNotFoundError:
            info = None
        except OSError as error:
            raise StoreProblem(Trouble.UNWRITABLE, f"{path.parent}: {error.strerror}") from None
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise StoreProblem(Trouble.UNWRITABLE, f"{path} is not a regular file")  # never touched
        try:
            return cls._connect(path, busy_ms, verify)
        except StoreProblem as problem:
            if problem.trouble is not Trouble.DAMAGED:
                raise
            damage, moved = problem.detail, move_aside(path)
        store = cls._connect(path, busy_ms, False)
        store.moved_to, store.damage = moved, damage
        return store

    @classmethod
    def _connect(cls, path: Path, busy_ms: int, verify: bool) -> Store:
        try:
            connection = sqlite3.connect(str(path), timeout=busy_ms / 1000, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreProblem(trouble_of(error), str(error)) from None
        try:
            connection.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
            connection.execute("PRAGMA foreign_keys = ON")
            found = connection.execute("PRAGMA user_version").fetchone()[0]  # a non-database fails here
            if found > SCHEMA_VERSION:  # before anything is written to it, WAL mode included
                raise StoreProblem(Trouble.NEWER, f"schema {found}, this game knows {SCHEMA_VERSION}")
            connection.execute("PRAGMA journal_mode = WAL")
            connection.execute("PRAGMA synchronous = FULL")
            connection.execute("PRAGMA cache_size = -8000")  # 8 MB: the stats of 10,000 games in memory
            if verify and connection.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise StoreProblem(Trouble.DAMAGED, "quick_check failed")
            migrate(connection)
            found = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
            tables = {row[0] for row in found}
            if not TABLES <= tables:
                raise StoreProblem(Trouble.DAMAGED, "tables are missing")
        except sqlite3.Error as error:
            connection.close()
            raise StoreProblem(trouble_of(error), str(error)) from None
        except BaseException:
            connection.close()
            raise
        return cls(connection, path)

    def close(self) -> None:
        """Close the connection (the WAL is folded back when the last window closes it)."""
        try:
            self.connection.close()
        except sqlite3.Error:
            pass

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------------------

    def save(self, record: Record) -> int:
        """Store a record, once it has been written and read back as a file (every value checked)
        and played again (exact); Refused with the reason otherwise, and nothing is written."""
        if type(record) is not Record:
            raise Refused(Why.NOT_A_REPLAY, "not a Record")
        try:
            data = encode(record)
        except (TypeError, ValueError, AttributeError, KeyError) as error:
            raise Refused(Why.BAD_VALUE, f"cannot be written: {error}"[:160]) from None
        return self.save_story(load(data), data)

    def save_story(self, story: Story, data: bytes) -> int:
        """Store a checked record and its file's bytes, replacing an earlier save of the same uid."""
        record = story.record
        rows = figures(story)
        connection = self.connection
        try:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.execute("DELETE FROM games WHERE uid = ?", (record.uid,))
                game_id = connection.execute(
                    "INSERT INTO games (uid, game, started, saved, seconds, status, players, rounds, "
                    "moves, winners) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        record.uid,
                        record.game.value,
                        record.started,
                        int(time.time()),
                        record.seconds,
                        record.status.value,
                        record.rules.players,
                        len(record.games),
                        record.moves,
                        json.dumps(list(record.winners)),
                    ),
                ).lastrowid
                if game_id is None:  # (never: an INSERT gives its row's id)
                    raise sqlite3.DatabaseError("the new game has no row id")
                connection.execute(
                    "INSERT INTO replays (game_id, data) VALUES (?, ?)", (game_id, sqlite3.Binary(data))
                )
                for seat, row in zip(record.seats, rows, strict=True):
                    person = self._person(seat.name) if seat.person else None
                    seat_id = connection.execute(
                        "INSERT INTO seats (game_id, seat, name, kind, level, person, game, played, won, "
                        "calls, lies, lies_passed, caught, challenges, challenges_won, wrongly_accused, "
                        "bold, bold_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            game_id,
                            row.seat,
                            seat.name,
                            seat.kind.value,
                            seat.level,
                            person,
                            record.game.value,
                            int(row.played),
                            int(row.won),
                            row.calls,
                            row.lies,
                            row.lies_passed,
                            row.caught,
                            row.challenges,
                            row.challenges_won,
                            row.wrongly_accused,
                            row.bold,
                            row.bold_text,
                        ),
                    ).lastrowid
                    connection.executemany(
                        "INSERT INTO ranks (seat_id, rank, n) VALUES (?, ?, ?)",
                        [(seat_id, rank, n) for rank, n in sorted(row.ranks.items())],
                    )
                connection.execute("COMMIT")
            except BaseException:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                raise
        except sqlite3.Error as error:
            raise StoreProblem(trouble_of(error), str(error)) from None
        return game_id

    def _person(self, name: str) -> int:
        """The person of a name (trimmed, case-insensitive); the latest spelling is shown."""
        key, shown = person_key(name), name.strip()
        self.connection.execute(
            "INSERT INTO people (key, name) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET name = excluded.name",
            (key, shown),
        )
        person: int = self.connection.execute("SELECT id FROM people WHERE key = ?", (key,)).fetchone()[0]
        return person

    def delete(self, game_id: int) -> bool:
        """Forget one stored game (its seats and figures go with it); True when there was one."""
        if not _row_id(game_id):
            return False
        try:
            return self.connection.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount > 0
        except sqlite3.Error as error:
            raise StoreProblem(trouble_of(error), str(error)) from None

    # -- reading ----------------------------------------------------------------------------

    def replay_bytes(self, game_id: int) -> bytes:
        """A stored game's replay file, to share (Refused when there is none or it is no bytes)."""
        row = None
        if _row_id(game_id):
            row = self._fetch("SELECT data FROM replays WHERE game_id = ?", (game_id,))
        if row is None:
            raise Refused(Why.UNREADABLE, f"no stored game {game_id!r}")
        if type(row[0]) is not bytes:
            raise Refused(Why.DAMAGED, "the stored replay is not bytes")
        return row[0]

    def export(self, game_id: int, folder: Path | str) -> Path:
        """Write a stored game's replay file into `folder` to share it: <game>-<date>-<id>.bhreplay,
        written whole or not at all. Refused when the stored game is damaged; OSError as the disk
        says."""
        data = self.replay_bytes(game_id)
        record = load(data).record  # a damaged row is never handed on
        when = time.strftime("%Y%m%d-%H%M", time.gmtime(record.started))
        path = Path(folder) / f"{record.game.value}-{when}-{record.uid}.bhreplay"
        temporary = path.with_name(path.name + ".tmp")
        try:
            temporary.write_bytes(data)
            os.replace(temporary, path)
        finally:
            if temporary.exists():
                temporary.unlink()
        return path

    def open_replay(self, game_id: int, keyframe_every: int = 16) -> Story:
        """A stored game read, checked and played again (Refused with its reason when damaged)."""
        return load(self.replay_bytes(game_id), keyframe_every)

    def _fetch(self, sql: str, args: tuple[object, ...]) -> tuple[object, ...] | None:
        try:
            row: tuple[object, ...] | None = self.connection.execute(sql, args).fetchone()
            return row
        except sqlite3.Error as error:
            raise StoreProblem(trouble_of(error), str(error)) from None

    # -- the screens' questions (queries.py) ---------------------------------------------------

    def history(
        self, game: str | None = None, name: str | None = None, limit: int = 50, offset: int = 0
    ) -> list[queries.HistoryRow]:
        """Stored games, newest first, of one game and/or with one person."""
        return self._ask(queries.history, game, name, limit, offset)

    def count(self, game: str | None = None, name: str | None = None) -> int:
        """How many stored games the same filters find."""
        return self._ask(queries.count, game, name)

    def last_game(self, name: str | None = None) -> str | None:
        """The game (bullets, kamu, duel) played last, by anyone or by one person (None: none)."""
        return self._ask(queries.last_game, name)

    def stats(self, name: str, game: str) -> queries.Stats | None:
        """One person's figures in one game (None: no such person there)."""
        return self._ask(queries.person_stats, name, game)

    def people(self, game: str | None = None) -> list[str]:
        """The people who played (one game's or all), most games first."""
        return self._ask(queries.people, game)

    def levels(self, game: str) -> list[queries.Stats]:
        """The computer players' figures in one game, level by level."""
        return self._ask(queries.level_stats, game)

    def hall_of_fame(self, game: str | None = None) -> list[queries.Fame]:
        """The all-time titles: best liar, sharpest eye, most wrongly accused..."""
        return self._ask(queries.hall_of_fame, game)

    def _ask(
        self, question: Callable[Concatenate[sqlite3.Connection, P], R], *args: P.args, **kwargs: P.kwargs
    ) -> R:
        try:
            return question(self.connection, *args, **kwargs)
        except sqlite3.Error as error:
            raise StoreProblem(trouble_of(error), str(error)) from None
