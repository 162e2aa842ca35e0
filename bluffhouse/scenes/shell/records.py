"""The app's records: every game taped as it is played and stored off the frame.

- The database lives in the user's data folder (data_folder(); $BLUFFHOUSE_DATA overrides it,
  as $BLUFFHOUSE_SETTINGS does the settings file).
- Writes never stall a frame: a record is handed to a writer thread, which checks it (plays it
  again), opens the database, stores it and stops once nothing is left to write.
- A damaged database is moved aside and a new one started; a locked, unwritable or newer one is
  skipped. Each trouble is said once per run, in one line on screen; the game plays on.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from bluffhouse.scenes.shell.folders import data_folder
from bluffhouse.scenes.shell.messages import Message, message
from bluffhouse.scenes.shell.settings import shown_path

if TYPE_CHECKING:
    from bluffhouse.game.match import CardMatch, DuelMatch
    from bluffhouse.game.records.record import Record, Seat
    from bluffhouse.game.records.schema import StoreProblem, Trouble
    from bluffhouse.game.records.store import Store
    from bluffhouse.game.records.tape import Tape
    from bluffhouse.scenes.shell.session import GameSetup, SeatSpec

# The records' modules (the engines, dice tables and sqlite3 behind them) are imported when the
# first game is taped or stored, not at start-up: the menu opens without them.
log = logging.getLogger(__name__)
IDLE = 0.5  # seconds the writer waits for another record before it stops
DB_NAME = "records.sqlite3"  # game.records.store.DB_NAME, without importing it at start-up
BUSY_MS = 4000  # game.records.schema.BUSY_MS


def records_path() -> Path:
    """Where the records database is."""
    return data_folder() / DB_NAME


def seat_of(spec: SeatSpec, seat: int) -> Seat:
    """A set-up's seat (scenes.shell.session.SeatSpec) as a record's seat."""
    from bluffhouse.game.records.record import MAX_NAME, Seat, SeatKind, clean_text

    name = clean_text(getattr(spec, "name", None), MAX_NAME) or str(seat + 1)
    if not spec.human:
        return Seat(name, SeatKind.COMPUTER, clean_text(str(spec.bot), 24) or "medium")
    return Seat(name, SeatKind.PHONE if getattr(spec, "phone", False) else SeatKind.PERSON)


class Records:
    """Tapes for the games being played, a writer thread for the records, lines for the screen."""

    def __init__(self, path: Path | None = None, busy_ms: int = BUSY_MS) -> None:
        """path: the database (records_path() when None); busy_ms: how long a write waits for
        another window that is writing before this record is skipped."""
        self.path = path or records_path()
        self.busy_ms = busy_ms
        self.saved = 0  # records stored this run
        self.kept: list[Record] = []  # (tests that do not write the database keep them here)
        self.skipped = 0  # records that could not be stored
        self._queue: queue.Queue[Record] = queue.Queue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._troubles: list[tuple[Trouble, str | None]] = []  # (Trouble, moved to): said once each
        self._told: set[Trouble] = set()
        self._verified = False  # the first open of a run reads every page of the database
        self._tapes: weakref.WeakKeyDictionary[CardMatch | DuelMatch, Tape] = weakref.WeakKeyDictionary()

    # -- the games' hook ----------------------------------------------------------------------

    def tape_for(self, setup: GameSetup, match: CardMatch | DuelMatch) -> Tape | None:
        """The tape of a match (the same one for every round of a Kamu match); None for the demo."""
        if setup.demo:
            return None
        tape = self._tapes.get(match)
        if tape is None:
            from bluffhouse.game.records.tape import Tape

            seats = [seat_of(spec, s) for s, spec in enumerate(setup.seats)]
            tape = self._tapes[match] = Tape(match.rules, seats, self.save)
        return tape

    def playing(self) -> set[str]:
        """The uids of records whose game is still being played (a Kamu match between rounds is
        stored as left until it goes on): the screens list them, but replay only what has ended."""
        return {tape.uid for tape in list(self._tapes.values()) if not tape.finished}

    def finished_record(self, match: CardMatch | DuelMatch | None) -> Record | None:
        """The record of a match that has been played to its end (its results screen's replay);
        None while it is still being played, for the demo, or when it was not taped."""
        tape = self._tapes.get(match) if match is not None else None
        return tape.record() if tape is not None and tape.finished and not tape.broken else None

    def keep_playing(self) -> None:
        """Every game being played is saved as far as it went (off the frame): a window killed,
        a lost display or a power cut then loses at most the last few moves, in every game alike
        (a Kamu match or a duel was already kept round by round; Bullets has only one round)."""
        for tape in list(self._tapes.values()):
            tape.keep()

    def leave_all(self) -> None:
        """Back to the menu, or the game is closing: every game still being played is kept as left
        and no longer counts as being played."""
        for tape in list(self._tapes.values()):
            tape.leave()
        self._tapes.clear()

    def save(self, record: Record) -> None:
        """Store a record off the frame (the writer thread starts when it is not running)."""
        self._queue.put(record)
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._write, name="bluffhouse-records", daemon=True)
                self._thread.start()

    @property
    def pending(self) -> int:
        """Records handed over and not yet written."""
        return self._queue.unfinished_tasks

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait (at most timeout seconds) until every record handed over is written; True if so."""
        deadline = time.monotonic() + timeout
        while self.pending:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True

    def drain_messages(self) -> list[Message]:
        """The lines to show for the database's troubles (each said once per run), told when drawn."""
        lines = []
        while self._troubles:
            trouble, moved_to = self._troubles.pop(0)
            where = shown_path(Path(moved_to)) if moved_to else shown_path(self.path)
            lines.append(message(f"records.db.{trouble.value}", path=where))
        return lines

    def open_store(self) -> Store | None:
        """The database for the screens' questions (on this thread), or None (said on screen)."""
        from bluffhouse.game.records.schema import StoreProblem, Trouble
        from bluffhouse.game.records.store import Store

        try:
            store = Store.open(self.path)
        except StoreProblem as problem:
            self._trouble(problem)
            return None
        if store.moved_to:
            self._trouble(StoreProblem(Trouble.DAMAGED, moved_to=store.moved_to))
        return store

    # -- the writer thread --------------------------------------------------------------------

    def _write(self) -> None:
        store = None
        try:
            while True:
                try:
                    record = self._queue.get(timeout=IDLE)
                except queue.Empty:
                    with self._lock:
                        if self._queue.empty():
                            self._thread = None
                            return
                    continue
                try:
                    store = self._store_one(store, record)
                finally:
                    self._queue.task_done()
        finally:
            if store is not None:
                store.close()

    def _store_one(self, store: Store | None, record: Record) -> Store | None:
        """Write one record; the open store to keep for the next one (None after a trouble)."""
        from bluffhouse.game.records.record import Refused
        from bluffhouse.game.records.schema import StoreProblem, Trouble
        from bluffhouse.game.records.store import Store

        for attempt in (1, 2):
            try:
                if store is None:
                    store = Store.open(self.path, self.busy_ms, verify=not self._verified)
                    self._verified = True
                    if store.moved_to:
                        why = f"{store.damage or 'unreadable'}; moved aside to {store.moved_to}"
                        self._trouble(StoreProblem(Trouble.DAMAGED, why, moved_to=store.moved_to))
                store.save(record)
                self.saved += 1
                return store
            except Refused as refused:  # a tape wrote something the engines do not replay: a bug
                log.error("bluffhouse: a record was not stored: %s", refused)
                self.skipped += 1
                return store
            except StoreProblem as problem:
                if store is not None:
                    store.close()
                    store = None
                if problem.trouble is Trouble.DAMAGED and attempt == 1:
                    self._verified = False  # found damaged while writing: open it again, checked
                    continue
                self._trouble(problem)
                self.skipped += 1
                return None
            except Exception:  # never let the writer die with records waiting behind it
                log.exception("bluffhouse: a record was not stored")
                self.skipped += 1
                return store
        return store

    def _trouble(self, problem: StoreProblem) -> None:
        log.warning("bluffhouse: records database %s: %s", self.path, problem)
        if problem.trouble not in self._told or problem.moved_to:
            self._told.add(problem.trouble)
            self._troubles.append((problem.trouble, problem.moved_to))
