"""Replays out of the game and into it: a small versioned file in the data folder, a file opened.

- export(record) writes `<game>-<date>-<uid>.bhreplay` into the data folder's "replays" folder
  (the same small file the database keeps and `python main.py --replay FILE` reads).
- read(path) reads, checks and plays a file again; every reason it is refused has one line on
  screen (records.refused.*), never a traceback.

The lines are Messages (scenes.shell.messages): a toast of them is told in the language of the
moment it is drawn.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from bluffhouse.game.records.check import Story, read_file
from bluffhouse.game.records.codec import encode
from bluffhouse.game.records.record import Record, Refused
from bluffhouse.scenes.shell.folders import data_folder
from bluffhouse.scenes.shell.messages import Message, message
from bluffhouse.scenes.shell.settings import shown_path

KEYFRAMES = 16  # game.records.cursor.KEYFRAME_EVERY: the jumps the bench times


def replays_folder() -> Path:
    """Where shared replays are written: the "replays" folder in the user's data folder."""
    return data_folder() / "replays"


def file_name(record: Record) -> str:
    """<game>-<date>-<uid>.bhreplay, as the store's own export names it."""
    when = time.strftime("%Y%m%d-%H%M", time.gmtime(record.started))
    return f"{record.game.value}-{when}-{record.uid}.bhreplay"


def export(record: Record, folder: Path | None = None) -> Path:
    """Write a record's file to share, whole or not at all; OSError as the disk says."""
    folder = folder or replays_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(record)
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_bytes(encode(record))
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()
    return path


def export_line(record: Record, folder: Path | None = None) -> Message:
    """Export and say where it went, or why it could not be written, in one line."""
    try:
        path = export(record, folder)
    except OSError as error:
        return failed_line(folder or replays_folder(), error)
    return message("story.share.done", path=shown_path(path))


def failed_line(folder: Path, error: OSError) -> Message:
    """The line that says a replay could not be written into folder, and why."""
    return message("story.share.failed", path=shown_path(folder), why=error.strerror or type(error).__name__)


def refused_line(refused: Refused) -> Message:
    """The one line that says why a replay cannot be shown."""
    return message(
        f"records.refused.{refused.why.value}",
        n=refused.fields.get("n", "?"),
        game=refused.fields.get("game", "?"),
    )


def read(path: str | Path) -> Story | Message:
    """A replay file read, checked and keyframed; or the line that says why not."""
    try:
        return read_file(path, KEYFRAMES)
    except Refused as refused:
        return refused_line(refused)
    except (OSError, ValueError, TypeError, RecursionError, MemoryError):  # never a traceback
        return message("records.refused.damaged")
