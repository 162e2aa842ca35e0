"""The settings file on disk: found, read within limits, parsed strictly, written atomically.

- Only a regular file of at most MAX_BYTES, nested at most MAX_DEPTH deep, is read; a FIFO
  cannot hang the start and a link to /dev/zero cannot eat the memory.
- A folder or a device where the file should be is never moved and never written over.
- Writes go to a temporary file in the same folder: flush, fsync, rename, fsync the folder.
  Temporary files a killed game left behind are removed at the next start.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any

from bluffhouse.scenes.shell.folders import settings_file

MAX_BYTES = 1 << 20  # a real settings file is a few kilobytes
MAX_DEPTH = 32  # the deepest real setting is four levels down
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")

log = logging.getLogger(__name__)


def settings_path() -> Path:
    """$BLUFFHOUSE_SETTINGS, else settings.json in the user's config folder (scenes.shell.folders)."""
    return settings_file()


class Damaged(Exception):
    """The settings file cannot be used; the message says why (for the log)."""


class NotAFile(Exception):
    """A folder or a device sits where the settings file should be: never touch it."""


def shown_path(path: Path) -> str:
    """A path as a person reads it: the home folder as ~."""
    try:
        return "~" + os.sep + str(path.relative_to(Path.home()))
    except (ValueError, RuntimeError, OSError):
        return str(path)


def read_settings_bytes(path: Path) -> bytes | None:
    """The file's bytes, None when there is none; raises Damaged or NotAFile."""
    try:
        info = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None  # the first run (or a link to a file not made yet)
    except OSError as error:  # a loop of links, a folder we may not look into
        raise Damaged(f"cannot be looked at: {error.strerror}") from None
    if stat.S_ISDIR(info.st_mode) or stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode):
        if os.path.islink(path):
            raise Damaged("is a link to a folder or a device")  # the link itself may move aside
        raise NotAFile("is a folder or a device")
    if not stat.S_ISREG(info.st_mode):
        raise Damaged("is not a regular file")  # a FIFO or a socket: moved aside, never opened
    if info.st_size > MAX_BYTES:
        raise Damaged(f"is larger than {MAX_BYTES} bytes")
    try:
        fd = os.open(path, _OPEN_FLAGS)  # non-blocking: a FIFO swapped in now cannot hang us
    except OSError as error:
        raise Damaged(f"cannot be opened: {error.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Damaged("is not a regular file")
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise Damaged(f"cannot be read: {error.strerror}") from None
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        raise Damaged(f"is larger than {MAX_BYTES} bytes")
    return b"".join(chunks)


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON text nests arrays and objects more than limit deep (strings are skipped)."""
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for match in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text[:20]} is too large a number")
    return number


def parse_settings(data: bytes) -> dict[str, Any]:
    """The JSON object in data; raises Damaged when it is not one (or nests too deep)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Damaged("is not UTF-8 text") from None
    if too_deep(text):
        raise Damaged(f"nests deeper than {MAX_DEPTH} levels")
    try:
        loaded = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as error:
        raise Damaged(f"is not JSON ({str(error)[:80]})") from None
    if not isinstance(loaded, dict):
        raise Damaged("is not a JSON object")
    return loaded


def write_atomically(path: Path, data: bytes) -> None:
    """Replace path by data: temp file in the same folder, flush, fsync, rename, fsync folder."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # the rename itself is durable only once the folder is (not possible on Windows)
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def remove_leftovers(path: Path) -> None:
    """Remove the temporary files of writes that never finished (the game was killed)."""
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return
    for entry in entries:
        name = entry.name
        if name == path.name + ".tmp" or (name.startswith(path.name + ".") and name.endswith(".tmp")):
            try:
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
            except OSError:
                pass
