"""The arrows point one way: nothing under game/ may import pygame or scenes."""

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_game_package_never_imports_pygame_or_scenes():
    files = sorted(GAME.rglob("*.py"))
    assert files, "game/ has no modules"
    offenders = {
        str(f.relative_to(GAME.parent)): sorted(_imported_modules(f) & {"pygame", "scenes"})
        for f in files
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}


def test_the_import_scan_sees_a_pygame_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    import pygame.mixer\n", encoding="utf-8")
    assert "pygame" in _imported_modules(sample)


# -- no import cycles -------------------------------------------------------------------------

ROOT = GAME.parent


def module_name(path: Path, root: Path = ROOT) -> str:
    """game/bots/table_plans.py -> game.bots.table_plans; a package's __init__ is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def import_graph(root: Path = ROOT, packages=("game", "scenes")) -> dict[str, set[str]]:
    """Module -> the project modules it imports, anywhere in it (inside functions too), except
    under `if TYPE_CHECKING:`. `from pkg import name` counts pkg.name when that is a module."""
    paths = {module_name(p, root): p for package in packages for p in sorted((root / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        deps: set[str] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]

        def visit(node: ast.AST) -> None:
            if isinstance(node, ast.If) and _type_checking(node):
                for child in node.orelse:
                    visit(child)
                return
            if isinstance(node, ast.Import):
                deps.update(alias.name for alias in node.names if alias.name in paths)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                for alias in node.names:
                    if f"{base}.{alias.name}" in paths:
                        deps.add(f"{base}.{alias.name}")
                    elif base in paths:
                        deps.add(base)
            for child in ast.iter_child_nodes(node):
                visit(child)

        visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        deps.discard(name)
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in graph[v]:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


def test_no_module_of_game_or_scenes_takes_part_in_an_import_cycle():
    graph = import_graph()
    assert len(graph) > 80
    assert cycles(graph) == []


def test_the_cycle_finder_sees_imports_inside_functions_but_not_type_checking(tmp_path):
    package = tmp_path / "scenes"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from scenes.b import g\n")
    (package / "b.py").write_text("from scenes import a\n")
    checking = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from scenes import a\n"
    (package / "c.py").write_text(checking)
    (package / "d.py").write_text("from scenes.c import x\n")
    graph = import_graph(tmp_path, ("scenes",))
    assert cycles(graph) == [["scenes.a", "scenes.b"]]
    assert graph["scenes.c"] == set() and graph["scenes.d"] == {"scenes.c"}
