"""Settings that outlive the game: checked on the way in, never lost, written atomically, off the frame.

- The file is read within limits and parsed strictly (scenes.shell.settings_file).
- A file that cannot be read or parsed is moved aside to settings.json.damaged-<when> and the
  player is told once, on screen, where it went; the defaults are used.
- A value of the wrong type or range is dropped (a log line each, one message on screen) and
  the file as it was is kept the same way before the cleaned settings are written; so is a
  file that could only be written again shorter (settings of a newer version, too big to keep).
- A folder or a device where the file should be is never moved and never written over.
- A change is written once it settles: SETTLE seconds after the last one, by a thread of its
  own, so pressing M or stepping the volume never waits for the disk on the game's frame;
  flush() writes at once (the Options closing, the game quitting). Every write is atomic
  (temporary file, fsync, rename), so a crash loses at most the last fraction of a second.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

from bluffhouse.scenes.shell.messages import Message, message
from bluffhouse.scenes.shell.settings_file import (
    MAX_BYTES,
    MAX_DEPTH,
    Damaged,
    NotAFile,
    parse_settings,
    read_settings_bytes,
    remove_leftovers,
    settings_path,
    shown_path,
    too_deep,
    write_atomically,
)
from bluffhouse.scenes.shell.settings_schema import DEFAULT_SETTINGS, SCHEMA, Invalid, check

log = logging.getLogger(__name__)
_MISSING = object()
SETTLE = 0.6  # seconds without a change before the file is written (Options presses, M)
IDLE = 5.0  # seconds the writer thread waits for more work before it ends

__all__ = [
    "DEFAULT_SETTINGS",
    "MAX_BYTES",
    "MAX_DEPTH",
    "Damaged",
    "NotAFile",
    "Settings",
    "parse_settings",
    "read_settings_bytes",
    "settings_path",
    "shown_path",
    "too_deep",
    "write_atomically",
]


class Settings(MutableMapping[str, Any]):
    """Settings that outlive the game: a dict saved as JSON once a change settles."""

    def __init__(self, path: Path | None = None) -> None:
        """Load from path; whatever is wrong with the file is told in messages, never raised."""
        self.path = path or settings_path()
        self.data: dict[str, Any] = dict(DEFAULT_SETTINGS)
        self.messages: list[Message] = []  # for the screen, once (the app shows them as toasts)
        self.backup: Path | None = None  # where a damaged file was moved
        self.writable = True  # False: saving could destroy something we could not move aside
        self.writes = 0  # files written (for the tests: presses that settle make one)
        self._save_failed = False
        self._lock = threading.Lock()  # the values, the due time, the messages
        self._wake = threading.Condition(self._lock)
        self._writing = threading.Lock()  # one write at a time, in the order of their snapshots
        self._due: float | None = None  # when the pending change is written (None: nothing pending)
        self._thread: threading.Thread | None = None
        self.load()

    # -- reading -----------------------------------------------------------------------

    def load(self) -> None:
        """Read the file: defaults when there is none, and every value checked."""
        remove_leftovers(self._target())
        try:
            data = read_settings_bytes(self.path)
            if data is None:
                return
            loaded = parse_settings(data)
        except NotAFile as why:
            log.warning("bluffhouse: the settings file %s %s; settings will not be saved", self.path, why)
            self.writable = False
            self.messages.append(message("app.settings_not_a_file", path=shown_path(self.path)))
            return
        except Damaged as why:
            log.warning("bluffhouse: the settings file %s %s", self.path, why)
            if (backup := self._move_aside()) is not None:
                self.messages.append(message("app.settings_damaged", path=shown_path(backup)))
            return
        dropped = self._take(loaded)
        if dropped:
            if (backup := self._move_aside()) is not None:
                self.messages.append(
                    message("app.settings_reset", keys=", ".join(dropped), path=shown_path(backup))
                )
                self.save()

    def _take(self, loaded: dict[str, Any]) -> list[str]:
        """Keep the valid values of loaded; the keys that were dropped or changed."""
        dropped = []
        for key, value in loaded.items():
            try:
                clean = check(key, value)
            except Invalid as why:
                log.warning("bluffhouse: setting %r dropped: %s (it was %.60r)", key, why, value)
                dropped.append(key)
                continue
            if clean != value:
                log.warning("bluffhouse: setting %r cleaned: %.60r became %.60r", key, value, clean)
                dropped.append(key)
            self.data[key] = clean
        return dropped

    def _move_aside(self) -> Path | None:
        """Rename the file to settings.json.damaged-<when>, kept as self.backup and returned; None
        (and nothing saved) if impossible."""
        base = f"{self.path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
        problem = "too many backups with that name"
        for n in range(1, 1000):
            backup = self.path.with_name(base if n == 1 else f"{base}-{n}")
            if os.path.lexists(backup):
                continue
            try:
                os.rename(self.path, backup)  # a link moves as a link: its target is untouched
            except OSError as error:
                problem = error.strerror or str(error)
                break
            self.backup = backup
            log.warning("bluffhouse: the old settings file is kept as %s", backup)
            return backup
        log.warning(
            "bluffhouse: cannot move %s aside (%s): settings will not be saved this time", self.path, problem
        )
        self.writable = False
        self.messages.append(message("app.settings_stuck", path=shown_path(self.path)))
        return None

    # -- writing -----------------------------------------------------------------------

    def _target(self) -> Path:
        """The file to write: through a link to where it points, so dotfile links survive."""
        return Path(os.path.realpath(self.path))

    def save(self) -> None:
        """Write the file now, atomically and durably (on this thread); a failure is reported
        once, never raised."""
        with self._lock:
            self._due = time.monotonic()
        self.flush()

    def save_soon(self) -> None:
        """Write the file once changes settle (SETTLE seconds without one), on the writer thread."""
        with self._wake:
            self._due = time.monotonic() + SETTLE
            self._wake.notify()
            if self._thread is None:
                self._thread = threading.Thread(target=self._writer, name="bluffhouse-settings", daemon=True)
                self._thread.start()

    def flush(self) -> None:
        """Write a pending change now (a screen closes, the game quits); nothing when none is."""
        with self._writing:
            with self._lock:
                if self._due is None:
                    return
                self._due = None
                text = self._snapshot()
            self._write(text)

    @property
    def pending(self) -> bool:
        """Whether a change waits to be written (or is being written)."""
        return self._due is not None or self._writing.locked()

    def drain_messages(self) -> list[Message]:
        """What the screen should say (each once), taken off the list."""
        with self._lock:
            messages, self.messages = self.messages, []
        return messages

    def _writer(self) -> None:
        """The writer thread: waits for a change to settle, writes it, ends once idle."""
        while True:
            with self._wake:
                if self._due is None:
                    self._wake.wait(IDLE)
                    if self._due is None:
                        self._thread = None
                        return
                wait = self._due - time.monotonic()
                if wait > 0:
                    self._wake.wait(wait)
                    continue
            self.flush()

    def _snapshot(self) -> str | None:
        """The file's text for the values now (under the lock); None when it may not be written."""
        if not self.writable:
            return None
        text = json.dumps(self.data, indent=2, sort_keys=True)
        if len(text) > MAX_BYTES:  # keys of a newer version, too big to keep: ours stay
            log.warning("bluffhouse: settings of other versions dropped: the file would be too big")
            # the file as it was is kept before a shorter one replaces it
            if (backup := self._move_aside()) is not None:
                self.messages.append(message("app.settings_trimmed", path=shown_path(backup)))
            self.data = {k: v for k, v in self.data.items() if k in SCHEMA}
            text = json.dumps(self.data, indent=2, sort_keys=True)
        return text if self.writable else None

    def _write(self, text: str | None) -> None:
        if text is None:
            return
        try:
            write_atomically(self._target(), text.encode("utf-8"))
            self.writes += 1
        except OSError as error:
            log.warning("bluffhouse: settings not saved to %s: %s", self.path, error)
            with self._lock:
                if not self._save_failed:
                    self._save_failed = True
                    self.messages.append(message("app.settings_unsaved"))

    # -- the mapping -------------------------------------------------------------------

    def __getitem__(self, key: str) -> Any:
        """The value of a setting."""
        return self.data[key]

    def __setitem__(self, key: str, value: Any) -> None:
        """Change a setting (saved once it settles); a value out of type or range is refused (logged)."""
        if not isinstance(key, str):
            raise TypeError(f"a setting's name is a string, not {key!r}")
        try:
            value = check(key, value)
        except Invalid as why:
            log.warning("bluffhouse: setting %r refused: %s (it was %.60r)", key, why, value)
            return
        with self._lock:
            if self.data.get(key, _MISSING) == value:
                return
            self.data[key] = value
        self.save_soon()

    def __delitem__(self, key: str) -> None:
        """Forget a setting (saved once it settles)."""
        with self._lock:
            del self.data[key]
        self.save_soon()

    def __iter__(self) -> Iterator[str]:
        """The names of the settings."""
        return iter(self.data)

    def __len__(self) -> int:
        """How many settings there are."""
        return len(self.data)
