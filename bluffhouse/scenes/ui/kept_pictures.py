"""Big pictures drawn in code, kept as files between runs: the felts the first frames show.

The menu's felt costs ~8 ms to draw at 1280×720 and the table's ~20 ms, more than the rest of
their first frames together; read back as the display's own pixels, either costs ~2 ms. So the
first time a picture is drawn its pixels are written (by a thread of their own, off the frame)
to a file in the game's cache folder, and every later start reads them instead of drawing.

A kept picture is used only when it was drawn by the very same recipe: the file's name carries
a checksum of the drawing code (the functions' compiled code, not their line numbers) and of the
values it was drawn from, and its header the size and the pixel format of this display. Anything
else (another version's drawing, another display format, a damaged or cut file) is not used: the
picture is drawn as it always was and kept again. Like Python's own bytecode cache, the pixels
themselves are trusted once the header matches: the file is written whole or not at all
(a temporary file renamed over it).

Nothing is kept until the shell says where (`keep_in`): a window nobody configured (most tests)
draws every time, as before.
"""

from __future__ import annotations

import logging
import os
import re
import struct
import threading
import types
import zlib
from collections.abc import Callable
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

MAGIC = b"BHPIXEL1"
HEADER = struct.Struct("<8s8I")  # magic, width, height, pitch, bytes a pixel, the four masks
SUFFIX = ".pixels"
_folder: Path | None = None
_writers: list[threading.Thread] = []
reads = 0  # pictures read from their files (the tests count them)


def keep_in(folder: Path | None) -> None:
    """Keep pictures in folder from now on (None: draw every time, keep nothing)."""
    global _folder
    _folder = folder


def recipe(*parts: object) -> str:
    """A checksum of what a picture is drawn from: functions (their compiled code, names and
    constants, nested code too; not their line numbers or file), and plain values (by repr)."""
    return f"{zlib.crc32(repr(tuple(_plain(part) for part in parts)).encode()):08x}"


def modules_recipe(*modules: types.ModuleType) -> tuple:
    """What a picture drawn by these modules is drawn from, for recipe(): the code of every
    function and class they define (a cached function's own) and their constants (NAMES in
    capitals: numbers, words, colours), by name; never what they keep while the game runs."""
    parts: list[object] = []
    for module in modules:
        for name, value in sorted(vars(module).items()):
            value = getattr(value, "__wrapped__", value)
            if isinstance(value, (types.FunctionType, type)):
                if value.__module__ == module.__name__:  # (one imported from elsewhere is not its code)
                    parts.append((name, _code_of(value)))
            elif re.fullmatch(_CONSTANT, name) and _kept_value(value):
                parts.append((name, value))
    return tuple(parts)


_CONSTANT = r"_?[A-Z][A-Z0-9_]*"  # (compiled when first used: not at every start)


def _code_of(value: types.FunctionType | type) -> object:
    """A function's code, or a class's: its methods' and its constants."""
    if isinstance(value, types.FunctionType):
        return value.__code__
    found = []
    for name, item in sorted(vars(value).items()):
        item = getattr(item, "__func__", getattr(item, "__wrapped__", item))  # class and static methods
        if isinstance(item, types.FunctionType):
            found.append((name, item.__code__))
        elif re.fullmatch(_CONSTANT, name) and _kept_value(item):
            found.append((name, item))
    return tuple(found)


def _kept_value(value: object) -> bool:
    value = getattr(value, "__wrapped__", value)
    if isinstance(value, (types.FunctionType, int, float, str, bytes)) or value is None:
        return True
    if isinstance(value, (tuple, list, frozenset)):
        return all(_kept_value(item) for item in value)
    if isinstance(value, dict):
        return all(_kept_value(key) and _kept_value(item) for key, item in value.items())
    return False


def _plain(part: object) -> object:
    if isinstance(part, types.FunctionType):
        part = part.__code__
    if isinstance(part, dict):
        return tuple(sorted((repr(key), _plain(item)) for key, item in part.items()))
    if isinstance(part, frozenset):
        return tuple(sorted(map(repr, part)))
    if isinstance(part, types.CodeType):
        return (part.co_code, part.co_names, tuple(_plain(const) for const in part.co_consts))
    if isinstance(part, (tuple, list)):
        return tuple(_plain(item) for item in part)
    return part


def kept_picture(
    name: str, size: tuple[int, int], made_by: str, draw: Callable[[], pygame.Surface], alpha: bool = False
) -> pygame.Surface:
    """The picture draw() makes (of this size, in the display's format, or with per-pixel alpha),
    read from its kept file when one drawn by the same recipe (made_by, see recipe()) is there;
    else drawn now and its file written after, off the frame."""
    picture = read(name, size, made_by, alpha)
    if picture is None:
        picture = draw()
        keep(name, picture, made_by)
    return picture


def read(name: str, size: tuple[int, int], made_by: str, alpha: bool = False) -> pygame.Surface | None:
    """The picture kept of name at this size by this recipe, or None (none kept, or not usable)."""
    path = _path(name, size, made_by)
    return None if path is None else _read(path, size, alpha)


def keep(name: str, picture: pygame.Surface, made_by: str) -> None:
    """Keep a picture drawn by this recipe (written by a thread of its own), if pictures are kept."""
    path = _path(name, picture.get_size(), made_by)
    if path is not None:
        _write_later(path, name, picture)


def _path(name: str, size: tuple[int, int], made_by: str) -> Path | None:
    if _folder is None:
        return None
    return _folder / f"{name}-{size[0]}x{size[1]}-{made_by}-{pygame.version.ver}{SUFFIX}"


def _header(picture: pygame.Surface) -> bytes:
    w, h = picture.get_size()
    return HEADER.pack(MAGIC, w, h, picture.get_pitch(), picture.get_bytesize(), *picture.get_masks())


def _read(path: Path, size: tuple[int, int], alpha: bool) -> pygame.Surface | None:
    """The picture kept in path, or None when there is none this display can use as it is."""
    global reads
    picture = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)  # the format draw() makes
    header = _header(picture)
    try:
        with open(path, "rb") as kept:
            if kept.read(len(header)) != header:
                return None  # another size or display format, another program's file, cut short
            pixels = picture.get_buffer()
            try:
                # pygame's stub gives BufferProxy its __buffer__ only from Python 3.12: it is one on 3.11 too
                whole = kept.readinto(pixels) == pixels.length and not kept.read(1)  # type: ignore[arg-type]
            finally:
                del pixels  # the surface is locked while its buffer is held
    except OSError:  # not kept yet (the usual first time), or unreadable: drawn as always
        return None
    if not whole:
        return None
    reads += 1
    return picture


def _write_later(path: Path, name: str, picture: pygame.Surface) -> None:
    """Write the picture's file by a thread of its own (its pixels copied now); the same
    picture's files at this size by other recipes go."""
    data = _header(picture) + picture.get_buffer().raw
    w, h = picture.get_size()
    writer = threading.Thread(target=_write, args=(path, data, f"{name}-{w}x{h}-"), name="kept-picture")
    _writers.append(writer)
    writer.start()


def _write(path: Path, data: bytes, kind: str) -> None:
    """The file written whole under a temporary name, then renamed over path: a reader sees the
    old file, the new one or none, never half of one; the files of the same picture by other
    recipes (an older version's felt) are removed. A folder that cannot be written to is said in
    the log; the game draws the picture again next time."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(temporary, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
        for old in path.parent.glob(f"{kind}*{SUFFIX}"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError as error:
        log.info("bluffhouse: the picture %s is not kept (%s); it is drawn at every start", path.name, error)
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass


def finish_writing(timeout: float | None = None) -> None:
    """Wait for the pictures being written (the tests; a closing window need not wait)."""
    for writer in list(_writers):
        writer.join(timeout)
    _writers[:] = [writer for writer in _writers if writer.is_alive()]
