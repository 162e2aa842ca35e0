"""How the tests are held together, counted: the figures of issue 33's "tests grew sideways".

    .venv/bin/python tools/test_shape.py [TESTS_DIR] [--top N]

Reads every .py file under TESTS_DIR (default: tests/ of this checkout) and prints:

- test modules importing another test module (`import test_x`, `from test_x import …`, at any
  depth), and how many such imports;
- press helpers: functions named `press` defined in the tests (at any depth), and where;
- reads of a scene's insides: attribute reads on a scene object — a name `scene` or ending in
  `scene` (`table_scene`, `kscene`), `top`, or `….stack.top` — of a name that is neither the
  Scene base class's interface (app, name, handle, update, draw, …) nor what a screen shows
  (`frame`, `moment`). `scene.flow.table.turn` counts once (the read of `flow`); a method of
  the base class called (`scene.handle(i)`) does not count. A syntactic count: a scene held
  under another name is not seen, so the figure is a floor; its use is before/after.

Nothing is imported from the game: the base interface is read from the source of
bluffhouse/scenes/shell/scene.py.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHOWN = {"frame", "moment"}  # what the screen shows: the frame it paints, the moment it is built from


def base_interface(root: Path = ROOT) -> set[str]:
    """The names the Scene base class defines (methods, properties, class attributes)."""
    tree = ast.parse((root / "bluffhouse" / "scenes" / "shell" / "scene.py").read_text(encoding="utf-8"))
    names: set[str] = {"app"}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "Scene":
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    names.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    names.update(t.id for t in item.targets if isinstance(t, ast.Name))
    return names


def is_scene(node: ast.expr) -> bool:
    """A scene object, as the tests spell one."""
    if isinstance(node, ast.Name):
        return node.id == "top" or node.id.endswith("scene")
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "top"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "stack"
    )


def is_test_module(name: str | None) -> bool:
    return bool(name) and name.split(".")[0].startswith("test_")


class Shape:
    """The counts over one tests directory."""

    def __init__(self, interface: set[str]) -> None:
        self.interface = interface
        self.importers: dict[str, int] = {}
        self.presses: list[str] = []
        self.reads: Counter[str] = Counter()
        self.reads_by_file: Counter[str] = Counter()
        self.shown = 0

    def add(self, path: Path, name: str) -> None:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        imports = 0
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imports += sum(is_test_module(a.name) for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                imports += is_test_module(node.module)
            elif isinstance(node, ast.FunctionDef) and node.name == "press":
                self.presses.append(f"{name}:{node.lineno}")
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and is_scene(node.value):
                if node.attr in SHOWN:
                    self.shown += 1
                elif node.attr not in self.interface:
                    self.reads[node.attr] += 1
                    self.reads_by_file[name] += 1
        if imports and Path(name).name.startswith("test_"):
            self.importers[name] = imports


def measure(tests: Path, root: Path = ROOT) -> Shape:
    shape = Shape(base_interface(root))
    for path in sorted(tests.rglob("*.py")):
        shape.add(path, str(path.relative_to(tests)))
    return shape


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tests", nargs="?", default=str(ROOT / "tests"), help="the tests directory")
    parser.add_argument("--top", type=int, default=12, help="how many attributes and files to list")
    args = parser.parse_args(argv)
    tests = Path(args.tests)
    if not tests.is_dir():
        parser.error(f"{tests} is not a directory")
    if args.top < 0:
        parser.error("--top takes a number of 0 or more")
    shape = measure(tests)
    imports = sum(shape.importers.values())
    print(f"test modules importing a test module: {len(shape.importers)} ({imports} imports)")
    for name, count in sorted(shape.importers.items()):
        print(f"  {name}: {count}")
    print(f"press helpers defined: {len(shape.presses)}")
    for where in shape.presses:
        print(f"  {where}")
    reads, names = sum(shape.reads.values()), len(shape.reads)
    print(f"reads of a scene's insides: {reads} ({names} names; frame/moment reads: {shape.shown})")
    for attr, count in shape.reads.most_common(args.top):
        print(f"  .{attr}: {count}")
    print("  by file:")
    for name, count in shape.reads_by_file.most_common(args.top):
        print(f"  {name}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
