"""Source files parsed once per test run. Several tests walk every module of game/ and scenes/
(the layer order, the import cycles, the dependencies, the version's readers, the refusals'
reasons); parsing them all costs about half a second of CPU each time it is done, and walking
every node of them (ast.walk) once more each time another second."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path


def parsed(path: Path) -> ast.Module:
    """The syntax tree of the file at path, parsed again only if the file changed. The tree is
    shared by every test that asks: read it, never change it."""
    stat = path.stat()
    return _parse(str(path), stat.st_mtime_ns, stat.st_size)


@cache
def _parse(path: str, mtime_ns: int, size: int) -> ast.Module:
    return ast.parse(Path(path).read_text(encoding="utf-8"), filename=path)


def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file at path in ast.walk's order, walked once per run (and again only
    if the file changed). Shared like parsed(): read them, never change them."""
    stat = path.stat()
    return _walk(str(path), stat.st_mtime_ns, stat.st_size)


@cache
def _walk(path: str, mtime_ns: int, size: int) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_parse(path, mtime_ns, size)))
