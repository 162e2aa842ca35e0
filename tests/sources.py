"""Source files read by the tests that check the code's shape (the layer order, the import cycles,
the dependencies, the version's readers, the refusals' reasons, who calls the tape or reads the
pace). Parsing every module of game/ and scenes/ costs about 0.6 s of CPU and walking every node
of them another 0.3 s; the answers those tests want of a file change only when the file does.

- scan(path, scanner): scanner(path)'s answer (plain data: lists, strings, numbers, booleans),
  kept between runs in .pytest_cache keyed by the file's bytes and the bytes of the scanner's
  module and of this one: a file, a scanner or this module changed is scanned again, and a file
  outside the checkout (a test's own sample) is always scanned afresh. The first run after a
  change pays the parse; the others read one JSON file.
- imports(path): every import statement of the file (a scan), with whether it is type-only.
- parsed(path), nodes(path): the tree and its nodes, once per run, for the scanners (shared:
  read them, never change them).
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".pytest_cache" / "bluffhouse" / "scans.json"


def parsed(path: Path) -> ast.Module:
    """The syntax tree of the file at path, parsed again only if its bytes changed. The tree is
    shared by every test that asks: read it, never change it."""
    return _parse(str(path), Path(path).read_bytes())


@cache
def _parse(path: str, source: bytes) -> ast.Module:
    return ast.parse(source.decode("utf-8"), filename=path)


def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of the file at path in ast.walk's order, walked once per run (and again only
    if its bytes changed). Shared like parsed(): read them, never change them."""
    return _walk(str(path), Path(path).read_bytes())


@cache
def _walk(path: str, source: bytes) -> tuple[ast.AST, ...]:
    return tuple(ast.walk(_parse(path, source)))


# -- answers kept between runs -----------------------------------------------------------------

_kept: dict[str, list] | None = None  # "scanner|file" -> [digest, answer], as read from CACHE
_changed = False


def scan(path: Path, scanner: Callable[[Path], Any]) -> Any:
    """scanner(path), or its answer kept from an earlier run on the same bytes (see above). The
    answer is always returned as JSON gives it back (tuples become lists), kept or not."""
    global _kept, _changed
    path = Path(path).resolve()
    try:
        where = path.relative_to(ROOT).as_posix()
    except ValueError:
        return _plain(scanner(path))
    if _kept is None:
        _kept = _load()
    key = f"{scanner.__module__}.{scanner.__qualname__}|{where}"
    digest = hashlib.blake2b(path.read_bytes() + _code_digest(scanner.__module__), digest_size=16).hexdigest()
    entry = _kept.get(key)
    if entry is not None and entry[0] == digest:
        return entry[1]
    answer = _plain(scanner(path))
    _kept[key] = [digest, answer]
    _changed = True
    return answer


@cache
def _code_digest(module: str) -> bytes:
    """The bytes of the scanner's module and of this one, and Python's version (its syntax trees
    differ): a change to any of them scans again."""
    return (
        Path(sys.modules[module].__file__).read_bytes() + Path(__file__).read_bytes() + sys.version.encode()
    )


def _plain(answer: Any) -> Any:
    return json.loads(json.dumps(answer))


def _load() -> dict[str, list]:
    try:
        kept = json.loads(CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def save(to: Path | None = None) -> None:
    """Write the answers of this run to CACHE if any is new (conftest calls it as the run ends),
    in one replace; to: a copy elsewhere (a test's), which leaves CACHE's writing to the end."""
    global _changed
    if _kept is None or (to is None and not _changed):
        return
    target = CACHE if to is None else to
    for key in [key for key in _kept if not (ROOT / key.rpartition("|")[2]).is_file()]:
        del _kept[key]  # a file gone (a test's sample, a module removed): its answers too
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_name(f"{target.name}.{os.getpid()}")
        part.write_text(json.dumps(_kept, separators=(",", ":")), encoding="utf-8")
        os.replace(part, target)
    except OSError:
        return  # a read-only checkout: the next run parses again
    if to is None:
        _changed = False


# -- the imports of a file ---------------------------------------------------------------------


class Import(NamedTuple):
    """One import statement: `import a.b` (kind "import", names ["a.b"], module "", level 0) or
    `from .m import x, y` (kind "from", module "m", level 1, names ["x", "y"]); type_only when it
    sits under `if TYPE_CHECKING:` (its else branch is not type-only)."""

    kind: str
    module: str
    level: int
    names: list[str]
    type_only: bool


def imports(path: Path) -> list[Import]:
    """Every import statement of the file at path, anywhere in it (inside functions too)."""
    return [Import(*found) for found in scan(path, _imports)]


def _imports(path: Path) -> list[list]:
    found: list[list] = []

    def visit(node: ast.AST, type_only: bool) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, type_only)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names]
            if isinstance(node, ast.Import):
                found.append(["import", "", 0, names, type_only])
            else:
                found.append(["from", node.module or "", node.level, names, type_only])
        for child in ast.iter_child_nodes(node):
            visit(child, type_only)

    visit(parsed(path), False)
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )
