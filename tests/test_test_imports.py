"""No test module imports another test module: what tests share lives in a helper module
(tests/kit.py, the toolkit; tests/phones.py, couch.py, screen_tour.py … for their own subjects).

A test module that borrows another's helpers, fixtures or constants runs that module's import
(and its fixtures' names land in the borrower); a change to one test file then breaks another, and
the helpers grow a second time beside the first. The rule is exact: no `import test_x`, no
`from test_x import …` at any depth of the file, no import_module("test_x"), and no "test_x.name"
handed to monkeypatch.setattr (which imports test_x) anywhere under tests/.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent

# Text without any of these holds no import of a test module and is not parsed: an import
# statement of a name test_…, or a string that starts with one.
MAYBE = re.compile(r"\b(?:import|from)\s+test_|\bimport\s+[\w.]+\s*,\s*test_|['\"]test_\w+")


def _test_module(name: str) -> bool:
    return name.split(".")[0].startswith("test_")


def imports_of_test_modules(source: str, filename: str = "<test>") -> list[str]:
    """Every import of a test module in source, as "line: what"."""
    if not MAYBE.search(source):
        return []
    found = []
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if _test_module(a.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and _test_module(node.module):
                found.append(f"{node.lineno}: from {node.module} import …")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in ("setattr", "import_module", "__import__", "delattr"):
                continue
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and type(first.value) is str and _test_module(first.value):
                if name in ("import_module", "__import__") or "." in first.value:
                    found.append(f"{node.lineno}: {name}({first.value!r})")
    return sorted(found, key=lambda use: int(use.split(":")[0]))


def test_no_test_module_imports_another():
    files = sorted(TESTS.rglob("*.py"))
    assert len(files) > 100, "the scan found no tests"
    offenders = {}
    for path in files:
        found = imports_of_test_modules(path.read_text(encoding="utf-8"), str(path))
        if found:
            offenders[str(path.relative_to(TESTS))] = found
    assert offenders == {}, "a test module imports another; move what they share to tests/kit.py"


def test_the_scan_finds_every_way_in():
    sample = """
import test_table_scene
import os, test_menu as menu
from test_duel_scene import press
def helper(monkeypatch):
    from test_main import main_here
    importlib.import_module("test_results")
    monkeypatch.setattr("test_verdict_spoiler.looks", None)
"""
    assert [use.split(":")[0] for use in imports_of_test_modules(sample)] == ["2", "3", "4", "6", "7", "8"]


def test_helpers_and_names_that_only_look_alike_pass():
    sample = """
import kit
from kit import press
from phones import app
import logging
logger = logging.getLogger("test_folders.rolling")
def test_x(monkeypatch):
    monkeypatch.setattr("kit.tables.looks", None)
    monkeypatch.setenv("test_value", "1")
"""
    assert imports_of_test_modules(sample) == []
