"""The game's log: every warning and error, with its reason, in a rotating file as well as the terminal.

A game started from the desktop's menu has no terminal, so a warning (a damaged settings file, a
records database moved aside, a phone server that could not start) would otherwise be lost. The
composition root calls keep_log() once: from then on each warning or error of any logger goes to
the terminal as before (Python's own last-resort handler did that) and to the log file
(scenes.shell.folders.log_file(): the user's log folder, or $BLUFFHOUSE_DATA), which rolls over at
MAX_BYTES and keeps BACKUPS old ones.

Cheap at start-up: keep_log() only hangs two small handlers on the root logger. The file's folder
is found, logging.handlers imported and the file opened at the first warning, so the menu's first
frame never waits for any of it. A file that cannot be written is said once on the terminal, and the
game goes on without it.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bluffhouse.scenes.shell.folders import log_file

MAX_BYTES = 512 * 1024  # a long evening's warnings fit many times over
BACKUPS = 2  # bluffhouse.log.1 and .2 kept beside it
FILE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class Terminal(logging.StreamHandler[TextIO]):
    """Warnings on whatever sys.stderr is at the time, as Python's last-resort handler prints them."""

    def __init__(self) -> None:
        super().__init__()
        self.setLevel(logging.WARNING)

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _value: TextIO) -> None:
        pass  # always the current sys.stderr (a test's capture, a redirected run)


class LogFile(logging.Handler):
    """Warnings and errors into a rotating file, opened at the first record, not before."""

    def __init__(
        self, path: Callable[[], Path] = log_file, max_bytes: int = MAX_BYTES, backups: int = BACKUPS
    ) -> None:
        super().__init__(logging.WARNING)
        self.setFormatter(logging.Formatter(FILE_FORMAT))
        self.where = path
        self.max_bytes = max_bytes
        self.backups = backups
        self.path: Path | None = None  # once opened
        self.failed: str | None = None  # why the file could not be written (then nothing more is tried)
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self.failed is not None:
            return
        if self._file is None:
            self._file = self._open()
            if self._file is None:
                return
        self._file.handle(record)

    def _open(self) -> logging.Handler | None:
        import logging.handlers

        owner = self

        class Rotating(logging.handlers.RotatingFileHandler):
            def handleError(self, record: logging.LogRecord) -> None:  # a full disk, a folder gone
                owner._give_up(sys.exc_info()[1])

        path = self.where()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = Rotating(path, maxBytes=self.max_bytes, backupCount=self.backups, encoding="utf-8")
        except OSError as error:
            self.path = path
            self._give_up(error)
            return None
        handler.setFormatter(self.formatter)
        self.path = path
        return handler

    def _give_up(self, error: BaseException | None) -> None:
        """Say once, on the terminal, that the log file cannot be written; write no more."""
        if self.failed is not None:
            return
        self.failed = getattr(error, "strerror", None) or str(error) or type(error).__name__
        print(
            f"bluffhouse: cannot write the log file {self.path} ({self.failed}); warnings go to "
            f"the terminal only",
            file=sys.stderr,
            flush=True,
        )
        if self._file is not None:
            self._file.close()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


def keep_log() -> LogFile:
    """Send warnings and errors to the terminal and the log file from now on (once per process:
    a second call replaces the first one's handlers, so each run's folders are the current ones)."""
    root = logging.getLogger()
    stop_log()
    log = LogFile()
    root.addHandler(Terminal())
    root.addHandler(log)
    return log


def stop_log() -> None:
    """Take keep_log()'s handlers off again (closing the file)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, Terminal | LogFile):
            root.removeHandler(handler)
            handler.close()
