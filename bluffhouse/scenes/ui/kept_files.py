"""Files and folders of the assets read once while they stay as they are on disk.

Every new window reads the same dozen translation tables and lists the same folders (a test run
builds about a thousand windows). What was read is kept by the file's signature — its inode,
size, modification and change times — and read again the moment any of them differs, so a
table changed, added or removed while the program runs is seen as before.

A file's times are only as fine as the system's clock tick, so a file written within the same
tick as it was read could change again without its signature changing. Only what had already
settled when it was read — changed more than SETTLED_NS before — is kept (git's "racily clean"
rule); anything fresher is read from disk every time, as it always was.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

SETTLED_NS = 2_000_000_000  # changed longer ago than this: a later change shows in its signature
_NOT_THERE = (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP)  # as Path.is_file() says no

Signature = tuple[int, int, int, int, int]

_bytes: dict[str, tuple[Signature, bytes]] = {}
_names: dict[str, tuple[Signature, tuple[str, ...]]] = {}
_made: dict[tuple[str, Callable], tuple[Signature, object]] = {}
T = TypeVar("T")
reads = 0  # files read from disk by file_bytes (what the keeping saves is what this does not count)


def signature(status: os.stat_result) -> Signature:
    """What changes whenever a file or folder is written, replaced or its entries change."""
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def _settled(status: os.stat_result) -> bool:
    newest = max(status.st_mtime_ns, status.st_ctime_ns)
    return newest < time.time_ns() - SETTLED_NS


def status_of(path: str | Path) -> os.stat_result | None:
    """The path's stat, or None where Path.is_file()/is_dir() would say it is not there."""
    try:
        return os.stat(path)
    except OSError as error:
        if error.errno in _NOT_THERE:
            return None
        raise


def file_bytes(path: str | Path, limit: int) -> bytes:
    """The first limit + 1 bytes of a regular file (callers refuse more than limit); raises
    ValueError when it is not a file and OSError when it cannot be read."""
    status = status_of(path)
    if status is None or not stat.S_ISREG(status.st_mode):
        raise ValueError("it is not a file")
    key, mark = os.fspath(path), signature(status)
    kept = _bytes.get(key)
    if kept is not None and kept[0] == mark:
        return kept[1]
    global reads
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    reads += 1
    if len(data) <= limit and _settled(status):
        _bytes[key] = (mark, data)
    else:
        _bytes.pop(key, None)
    return data


def names_in(folder: str | Path, status: os.stat_result | None = None) -> tuple[str, ...]:
    """The names of a folder's entries, sorted (raises OSError as os.listdir does); status is
    the folder's own stat when the caller has it already."""
    if status is None:
        status = os.stat(folder)
    key, mark = os.fspath(folder), signature(status)
    kept = _names.get(key)
    if kept is not None and kept[0] == mark:
        return kept[1]
    names = tuple(sorted(os.listdir(folder)))
    if _settled(status):
        _names[key] = (mark, names)
    else:
        _names.pop(key, None)
    return names


def made_from(path: str | Path, make: Callable[[str | Path], T]) -> T:
    """make(path) (an image loaded, say), kept while the file stays as it is; make's errors
    pass as they are, and nothing is kept of a file that is not there or not settled."""
    status = status_of(path)
    key = (os.fspath(path), make)
    mark = None if status is None else signature(status)
    kept = _made.get(key)
    if kept is not None and mark is not None and kept[0] == mark:
        return kept[1]  # type: ignore[return-value]  # kept under make's own key: what make returned, a T
    value = make(path)
    if status is not None and mark is not None and _settled(status):
        _made[key] = (mark, value)
    else:
        _made.pop(key, None)
    return value


def kept(path: str | Path) -> bytes | None:
    """The bytes kept of a file, or None when it is read from disk at every ask."""
    entry = _bytes.get(os.fspath(path))
    return None if entry is None else entry[1]


def forget() -> None:
    """Drop everything kept (for tests that count what is read)."""
    _bytes.clear()
    _names.clear()
    _made.clear()
