"""The records database: its schema, its migrations, and what an sqlite error means for the player.

The schema version is SQLite's user_version. Each migration is a list of statements that
takes the database from version N-1 to N; they run in one IMMEDIATE transaction, so two
windows of the game opening an old database at once migrate it once. A database of a higher
version (a newer game wrote it) is never written.
"""

from __future__ import annotations

import sqlite3
from enum import StrEnum

SCHEMA_VERSION = 1
BUSY_MS = 4000  # another window writing: wait this long for it before giving up on this save

_FIGURES = "played, won, calls, lies, lies_passed, caught, challenges, challenges_won, wrongly_accused, bold"
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            started INTEGER NOT NULL,
            saved INTEGER NOT NULL,
            seconds REAL NOT NULL,
            status TEXT NOT NULL,
            players INTEGER NOT NULL,
            rounds INTEGER NOT NULL,
            moves INTEGER NOT NULL,
            winners TEXT NOT NULL)""",
        # The replay files apart: the games' rows stay small, so lists and counts read few pages.
        """CREATE TABLE replays (
            game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            data BLOB NOT NULL)""",
        "CREATE INDEX games_by_date ON games (started DESC, id DESC)",
        "CREATE INDEX games_by_kind ON games (game, started DESC, id DESC)",
        "CREATE TABLE people (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name TEXT NOT NULL)",
        """CREATE TABLE seats (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            kind TEXT NOT NULL,
            level TEXT,
            person INTEGER REFERENCES people (id),
            game TEXT NOT NULL,
            played INTEGER NOT NULL,
            won INTEGER NOT NULL,
            calls INTEGER NOT NULL,
            lies INTEGER NOT NULL,
            lies_passed INTEGER NOT NULL,
            caught INTEGER NOT NULL,
            challenges INTEGER NOT NULL,
            challenges_won INTEGER NOT NULL,
            wrongly_accused INTEGER NOT NULL,
            bold INTEGER NOT NULL,
            bold_text TEXT NOT NULL,
            UNIQUE (game_id, seat))""",
        # Covering indexes: a person's figures (and their games, for the History's name filter),
        # and the computer players' by level, are summed from the index alone.
        f"CREATE INDEX seats_by_person ON seats (person, game, {_FIGURES}, game_id)",
        f"CREATE INDEX seats_by_level ON seats (kind, game, level, {_FIGURES})",
        """CREATE TABLE ranks (
            seat_id INTEGER NOT NULL REFERENCES seats (id) ON DELETE CASCADE,
            rank TEXT NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (seat_id, rank)) WITHOUT ROWID""",
    ),
}


class Trouble(StrEnum):
    """What is wrong with the database, for the one line the screen shows."""

    DAMAGED = "damaged"  # not a database, or a damaged one: moved aside, a new one started
    LOCKED = "locked"  # another window held it too long: this save was skipped
    UNWRITABLE = "unwritable"  # the folder or the file cannot be written: games are not saved
    NEWER = "newer"  # a newer Bluffhouse made it: it is left alone


class StoreProblem(Exception):
    """The database cannot be used now: `trouble` says how, `detail` says what (for the log)."""

    def __init__(self, trouble: Trouble, detail: str = "", moved_to: str | None = None) -> None:
        self.trouble = trouble
        self.detail = detail
        self.moved_to = moved_to
        super().__init__(f"{trouble.value}: {detail}")


# sqlite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xff)
_CORRUPT, _NOTADB = 11, 26
_BUSY, _LOCKED = 5, 6
_PERM, _READONLY, _IOERR, _CANTOPEN, _FULL, _AUTH = 3, 8, 10, 14, 13, 23


def trouble_of(error: sqlite3.Error) -> Trouble:
    """What an sqlite error means here: damage, a lock held by another window, or no writing."""
    code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
    if code in (_CORRUPT, _NOTADB):
        return Trouble.DAMAGED
    if code in (_BUSY, _LOCKED):
        return Trouble.LOCKED
    if code in (_PERM, _READONLY, _IOERR, _CANTOPEN, _FULL, _AUTH):
        return Trouble.UNWRITABLE
    text = str(error).lower()
    if "malformed" in text or "not a database" in text:
        return Trouble.DAMAGED
    if "locked" in text or "busy" in text:
        return Trouble.LOCKED
    return Trouble.UNWRITABLE


def migrate(
    connection: sqlite3.Connection,
    migrations: dict[int, tuple[str, ...]] | None = None,
    version: int = SCHEMA_VERSION,
) -> int:
    """Bring the database up to `version`; the version it had. StoreProblem(NEWER) above it."""
    migrations = MIGRATIONS if migrations is None else migrations
    found: int = connection.execute("PRAGMA user_version").fetchone()[0]
    if found > version:
        raise StoreProblem(Trouble.NEWER, f"schema {found}, this game knows {version}")
    if found == version:
        return found
    connection.execute("BEGIN IMMEDIATE")
    try:
        found = connection.execute("PRAGMA user_version").fetchone()[0]  # another window may have
        if found > version:
            raise StoreProblem(Trouble.NEWER, f"schema {found}, this game knows {version}")
        for step in range(found + 1, version + 1):
            for statement in migrations[step]:
                connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {int(version)}")
        connection.execute("COMMIT")
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    return found
