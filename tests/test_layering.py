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
