"""The arrows point one way: the layer order of DESIGN.md, enforced on every import.

From the ground up (a module imports only from its own layer or below; type-only imports and
imports inside functions count too; the two games never import each other):

All of it lives in the one package bluffhouse/ (bluffhouse.game, bluffhouse.scenes, ...):

  0. the version (bluffhouse/__init__.py), scenes/__init__.py and assets/: they import nothing
  1. game/: engines, rules, cards, dice, match (never pygame, never scenes)
  2. game/bots, game/coach.py, game/records, sim, arena, tournament: players over views
  3. scenes/ui: palette, fonts, text, translations, widgets, the input vocabulary
  4. scenes/art: drawn art, knows no screen
  5. scenes/shell: app, stack, input reader, settings, privacy, the warm-up queue
  6. scenes/phones: the phone transport and hub, a service the shell is handed
  7. scenes/play: the game host, what both games share
  8. the two games: scenes/table, scenes/duel (never each other)
  9. the other screens: setup, results, menu, pause, options, howto, demo, seat_move, seat_away
 10. the composition root: scenes/screens.py, bluffhouse/cli.py (and the program's front door)
"""

from functools import cache
from pathlib import Path

from sources import imports

ROOT = Path(__file__).resolve().parent.parent  # the checkout
GAME = ROOT / "bluffhouse" / "game"


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for found in imports(path):  # tests/sources.py: every import statement, kept between runs
        if found.kind == "import":
            names.update(name.split(".")[0] for name in found.names)
        elif found.module and found.level == 0:
            names.add(found.module.split(".")[0])
    return names


def _scenes_or_pygame(path: Path) -> set[str]:
    """pygame or the screens, when a module of the engines imports them."""
    found = set()
    for statement in imports(path):
        names = statement.names if statement.kind == "import" else [statement.module or ""]
        for name in names:
            if name.split(".")[0] == "pygame" or name.startswith("bluffhouse.scenes"):
                found.add(name)
    return found


def test_game_package_never_imports_pygame_or_scenes():
    files = sorted(GAME.rglob("*.py"))
    assert files, "game/ has no modules"
    offenders = {str(f.relative_to(ROOT)): sorted(_scenes_or_pygame(f)) for f in files}
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}


def test_the_import_scan_sees_a_pygame_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    import pygame.mixer\n", encoding="utf-8")
    assert "pygame" in _imported_modules(sample)


# -- no import cycles -------------------------------------------------------------------------


def module_name(path: Path, root: Path = ROOT) -> str:
    """bluffhouse/game/bots/table_plans.py -> bluffhouse.game.bots.table_plans; a package's __init__
    is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path = ROOT, packages=("bluffhouse/game", "bluffhouse/scenes")) -> dict[str, set[str]]:
    """Module -> the project modules it imports, anywhere in it (inside functions too), except
    under `if TYPE_CHECKING:`. `from pkg import name` counts pkg.name when that is a module."""
    paths = {module_name(p, root): p for package in packages for p in sorted((root / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        deps: set[str] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for found in imports(path):
            if found.type_only:
                continue
            if found.kind == "import":
                deps.update(imported for imported in found.names if imported in paths)
            else:
                deps.update(_from_import(found, package, paths))
        deps.discard(name)
        graph[name] = deps
    return graph


def _from_import(found, package: str, paths) -> set[str]:
    """The project modules `from base import names` imports: base.name where that is a module,
    else base itself; a relative base is resolved from the importing module's package."""
    base = found.module
    if found.level:
        anchor = package.split(".")[: len(package.split(".")) - found.level + 1]
        base = ".".join(anchor + ([found.module] if found.module else []))
    deps = set()
    for alias in found.names:
        if f"{base}.{alias}" in paths:
            deps.add(f"{base}.{alias}")
        elif base in paths:
            deps.add(base)
    return deps


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
    package = tmp_path / "bluffhouse" / "scenes"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from bluffhouse.scenes.b import g\n")
    (package / "b.py").write_text("from bluffhouse.scenes import a\n")
    checking = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bluffhouse.scenes import a\n"
    (package / "c.py").write_text(checking)
    (package / "d.py").write_text("from bluffhouse.scenes.c import x\n")
    graph = import_graph(tmp_path, ("bluffhouse/scenes",))
    assert cycles(graph) == [["bluffhouse.scenes.a", "bluffhouse.scenes.b"]]
    assert graph["bluffhouse.scenes.c"] == set() and graph["bluffhouse.scenes.d"] == {"bluffhouse.scenes.c"}


# -- the layer order ---------------------------------------------------------------------------

#: From the ground up; a module belongs to the entry that is the longest prefix of its name.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # the version, the Python it needs (checked before the game is imported), scenes/__init__'s map of
    # folders, and the assets (a package of data)
    (
        "imports nothing",
        ("bluffhouse", "bluffhouse.python_version", "bluffhouse.scenes", "bluffhouse.assets"),
    ),
    ("engines", ("bluffhouse.game",)),
    (
        "players over views",
        tuple(
            f"bluffhouse.game.{name}" for name in ("bots", "coach", "records", "arena", "sim", "tournament")
        ),
    ),
    ("ui", ("bluffhouse.scenes.ui",)),
    ("art", ("bluffhouse.scenes.art",)),
    ("shell", ("bluffhouse.scenes.shell",)),
    ("services", ("bluffhouse.scenes.phones",)),
    ("host", ("bluffhouse.scenes.play",)),
    ("games", ("bluffhouse.scenes.table", "bluffhouse.scenes.duel")),
    (
        "screens",
        tuple(
            f"bluffhouse.scenes.{name}"
            for name in (
                "setup",
                "results",
                "menu",
                "pause",
                "options",
                "howto",
                "demo",
                "seat_move",
                "seat_away",
                "story",
            )
        ),
    ),  # issue 21's Replay, History and Stats screens (wt-story)
    (
        "composition root",
        ("bluffhouse.scenes.screens", "bluffhouse.cli", "bluffhouse.desktop", "bluffhouse.__main__"),
    ),
)
#: Entries that are one module (a package's __init__), not the package under it.
ALONE = frozenset({"bluffhouse", "bluffhouse.scenes"})
#: Entries of one layer that may not import each other.
APART = (frozenset({"bluffhouse.scenes.table", "bluffhouse.scenes.duel"}),)
PACKAGES = ("bluffhouse",)


@cache
def full_graph(root: Path = ROOT, packages=PACKAGES) -> dict[str, set[str]]:
    """Module -> the project modules it imports anywhere in it, `if TYPE_CHECKING:` included."""
    paths = {module_name(p, root): p for package in packages for p in sorted((root / package).rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        deps: set[str] = set()
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for found in imports(path):
            if found.kind == "import":
                for imported in found.names:  # `import a.b.c` imports a, a.b and a.b.c
                    parts = imported.split(".")
                    prefixes = (".".join(parts[:i]) for i in range(1, len(parts) + 1))
                    deps.update(m for m in prefixes if m in paths)
            else:
                deps.update(_from_import(found, package, paths))
        deps.discard(name)
        graph[name] = deps
    return graph


def entry_of(module: str, layers=LAYERS) -> tuple[int, str] | None:
    """(layer number, entry) of a module: the longest entry that is the module or its package."""
    found = [
        (len(entry), number, entry)
        for number, (_, entries) in enumerate(layers)
        for entry in entries
        if module == entry or (module.startswith(entry + ".") and entry not in ALONE)
    ]
    if not found:
        return None
    _, number, entry = max(found)
    return number, entry


def layer_offences(graph: dict[str, set[str]], layers=LAYERS, apart=APART) -> list[str]:
    """Every import that runs up the order or between entries kept apart, and every module in no
    layer, as readable lines."""
    offences = []
    for module in sorted(graph):
        place = entry_of(module, layers)
        if place is None:
            offences.append(f"{module} is in no layer: give its package a place in LAYERS")
            continue
        for imported in sorted(graph[module]):
            there = entry_of(imported, layers)
            if there is None:
                continue  # said once, for the module itself
            if there[0] > place[0]:
                offences.append(
                    f"{module} ({layers[place[0]][0]}) imports {imported} "
                    f"({layers[there[0]][0]}): up the order"
                )
            elif place[1] != there[1] and any({place[1], there[1]} <= pair for pair in apart):
                offences.append(f"{module} imports {imported}: sideways between the two games")
    return offences


def package_graph(graph: dict[str, set[str]], layers=LAYERS) -> dict[str, set[str]]:
    """Entry -> the entries its modules import (the picture in the layer order's words)."""
    packages: dict[str, set[str]] = {}
    for module, imported in graph.items():
        place = entry_of(module, layers)
        if place is None:
            continue
        mine = packages.setdefault(place[1], set())
        for other in imported:
            there = entry_of(other, layers)
            if there is not None and there[1] != place[1]:
                mine.add(there[1])
    return packages


def test_every_import_runs_down_the_layer_order_and_the_games_never_import_each_other():
    graph = full_graph()
    assert len(graph) > 150
    assert layer_offences(graph) == []


def test_the_package_graph_has_no_circle_even_with_type_only_imports():
    packages = package_graph(full_graph())
    assert set(packages) >= {
        "bluffhouse.game",
        "bluffhouse.game.bots",
        "bluffhouse.scenes.shell",
        "bluffhouse.scenes.play",
        "bluffhouse.scenes.table",
        "bluffhouse.scenes.duel",
    }
    assert cycles(packages) == []


def test_the_layer_check_sees_up_imports_type_only_ones_inside_functions_and_the_games_apart(tmp_path):
    scenes = tmp_path / "bluffhouse" / "scenes"
    for package in ("shell", "ui", "table", "duel"):
        (scenes / package).mkdir(parents=True)
        (scenes / package / "__init__.py").write_text("")
    (scenes / "__init__.py").write_text("")
    (scenes / "ui" / "widgets.py").write_text("from bluffhouse.scenes.shell.input import Intent\n")
    (scenes / "ui" / "text.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bluffhouse.scenes.shell import app\n"
    )
    (scenes / "ui" / "sound.py").write_text("def f():\n    import bluffhouse.scenes.table.flow\n")
    (scenes / "shell" / "input.py").write_text("from ..ui import widgets\n")  # down: fine
    (scenes / "shell" / "app.py").write_text("")
    (scenes / "table" / "flow.py").write_text("from bluffhouse.scenes.duel import words\n")
    (scenes / "duel" / "words.py").write_text("from bluffhouse.scenes.shell import input\n")
    (scenes / "extra.py").write_text("")
    graph = full_graph(tmp_path, ("bluffhouse/scenes",))
    b = "bluffhouse."
    assert layer_offences(graph) == [
        f"{b}scenes.extra is in no layer: give its package a place in LAYERS",
        f"{b}scenes.table.flow imports {b}scenes.duel.words: sideways between the two games",
        f"{b}scenes.ui.sound (ui) imports {b}scenes.table (games): up the order",
        f"{b}scenes.ui.sound (ui) imports {b}scenes.table.flow (games): up the order",
        f"{b}scenes.ui.text (ui) imports {b}scenes.shell.app (shell): up the order",
        f"{b}scenes.ui.widgets (ui) imports {b}scenes.shell.input (shell): up the order",
    ]


def test_the_readme_writes_the_layer_order_from_the_ground_up():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## Layout") :]
    order = layout[layout.index("From the ground up") :]
    spots = [
        order.find(f"`{folder}`")
        for folder in (
            "game/",
            "game/bots",
            "scenes/ui",
            "scenes/art",
            "scenes/shell",
            "scenes/phones",
            "scenes/play",
            "scenes/table",
            "scenes/setup",
            "scenes/screens.py",
        )
    ]
    assert -1 not in spots and spots == sorted(spots)
