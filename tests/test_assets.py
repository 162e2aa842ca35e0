"""Damaged assets (on temporary copies, never the real ones): one clear line and a fallback, no traceback."""

import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from bluffhouse.scenes.ui import lang as tables
from bluffhouse.scenes.ui import text

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fresh_fonts(monkeypatch):
    """Font and render caches emptied before and after, so the real font comes back."""

    def clear():
        text.font.cache_clear()
        text.render.cache_clear()
        text._font_trouble.clear()

    clear()
    pygame.font.init()
    yield monkeypatch
    clear()


def damaged_font_dir(tmp_path: Path, how: str) -> Path:
    folder = tmp_path / "fonts"
    folder.mkdir()
    for name in text.FONT_FILES.values():
        data = (text.FONT_DIR / name).read_bytes()
        if how == "truncated":
            (folder / name).write_bytes(data[:1000])
        elif how == "empty":
            (folder / name).write_bytes(b"")
        elif how == "folder":
            (folder / name).mkdir()
    return folder


@pytest.mark.parametrize("how", ["missing", "truncated", "empty", "folder"])
def test_a_damaged_font_falls_back_to_pygames_font_with_one_line_each(fresh_fonts, tmp_path, caplog, how):
    fresh_fonts.setattr(text, "FONT_DIR", damaged_font_dir(tmp_path, how))
    with caplog.at_level(logging.WARNING, logger="bluffhouse.scenes.ui.lang"):
        for size in (14, 20, 30):
            for bold in (False, True):
                face = text.font(size, bold)
                assert face.size("Ana ♠")[0] > 0
        image = text.render("Zoë ♠♥", 22, bold=True)
    assert image.get_width() > 10
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 2  # one per font file, not one per size
    for line, name in zip(sorted(lines), sorted(text.FONT_FILES.values()), strict=True):
        assert name in line and "git checkout -- " in line and "\n" not in line


def lang_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "lang"
    shutil.copytree(tables.LANG_DIR, folder)
    return folder


@pytest.mark.parametrize(
    ("damage", "bad_file"),
    [
        (lambda en: (en / "menu.json").write_text('{"menu.quit": "Quit",', encoding="utf-8"), "menu.json"),
        (lambda en: (en / "menu.json").write_bytes(b"\xff\xfe\xfa"), "menu.json"),
        (lambda en: (en / "menu.json").write_text("[1, 2, 3]", encoding="utf-8"), "menu.json"),
        (lambda en: (en / "menu.json").write_text("[" * 100_000, encoding="utf-8"), "menu.json"),
        (lambda en: (en / "extra.json").mkdir(), "extra.json"),
    ],
)
def test_a_damaged_language_file_is_skipped_with_one_line(tmp_path, monkeypatch, caplog, damage, bad_file):
    lang = lang_copy(tmp_path)
    damage(lang / "en")
    monkeypatch.setattr(tables, "LANG_DIR", lang)
    with caplog.at_level(logging.WARNING, logger="bluffhouse.scenes.ui.lang"):
        translator = tables.Translator("en")
    [line] = [r.getMessage() for r in caplog.records]
    assert bad_file in line and "git checkout" in line
    assert translator("app.title") == "Bluffhouse"  # the other files still count
    if bad_file == "menu.json":
        assert translator("menu.quit") == "menu.quit"  # the key itself, never a crash


def test_the_real_tables_load_without_a_word(caplog):
    with caplog.at_level(logging.WARNING, logger="bluffhouse.scenes.ui.lang"):
        table = tables.load_table("en")
    assert caplog.records == [] and len(table) > 100


def test_odd_values_in_a_table_are_ignored(tmp_path, monkeypatch):
    lang = lang_copy(tmp_path)
    (lang / "en" / "odd.json").write_text(json.dumps({"odd.number": 5, "odd.ok": "fine"}), encoding="utf-8")
    monkeypatch.setattr(tables, "LANG_DIR", lang)
    translator = tables.Translator("en")
    assert translator("odd.number") == "odd.number" and translator("odd.ok") == "fine"


# -- the whole game on a damaged copy of its assets ------------------------------------------


def game_copy(tmp_path: Path) -> Path:
    """A folder to start the game from with a copy of the whole package, its assets to damage, and
    main.py beside it: Python finds the copy first (the script's folder leads sys.path)."""
    copy = tmp_path / "game"
    shutil.copytree(
        ROOT / "bluffhouse", copy / "bluffhouse", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    shutil.copy2(ROOT / "main.py", copy / "main.py")
    return copy


DAMAGES = {
    "font missing": lambda root: (root / "bluffhouse/assets/fonts/DejaVuSans.ttf").unlink(),
    "font truncated": lambda root: (root / "bluffhouse/assets/fonts/DejaVuSans-Bold.ttf").write_bytes(
        (ROOT / "bluffhouse/assets/fonts/DejaVuSans-Bold.ttf").read_bytes()[:5000]
    ),
    "table corrupt": lambda root: (root / "bluffhouse/assets/lang/en/menu.json").write_text(
        "{nope", encoding="utf-8"
    ),
    "folder named json": lambda root: (root / "bluffhouse/assets/lang/en/broken.json").mkdir(),
    "language folder gone": lambda root: shutil.rmtree(root / "bluffhouse/assets/lang"),
    "icon damaged": lambda root: (root / "bluffhouse/assets/icons/bluffhouse-64.png").write_bytes(
        b"\x89PNG broken"
    ),
}


# Each case starts the whole game in a process of its own (0.4 s of CPU): two in the fast tier,
# a font and a table, the rest in the heavy tier. In-process tests above cover each fallback.
# Five frames: the menu, then the demo's table dealt and painted (30 frames painted the same
# table 25 more times, 0.2 s of CPU a start).
FAST_DAMAGES = ("font missing", "table corrupt")


@pytest.mark.parametrize(
    "damage", [pytest.param(d, marks=() if d in FAST_DAMAGES else pytest.mark.heavy) for d in sorted(DAMAGES)]
)
def test_the_game_starts_on_damaged_assets_without_a_traceback(tmp_path, damage):
    root = game_copy(tmp_path)
    DAMAGES[damage](root)
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYTHONPATH="",
        BLUFFHOUSE_SETTINGS=str(tmp_path / "settings.json"),
    )
    result = subprocess.run(
        [sys.executable, "main.py", "--frames", "5", "--demo"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert last.startswith("bluffhouse: frames=5") and last.endswith("scenes_visited=menu,table")
    assert "git checkout" in result.stderr  # one line says which file and what to do


# -- where the files are found -----------------------------------------------------------------


def test_the_assets_are_the_assets_package_found_through_importlib_resources():
    from importlib import resources

    from bluffhouse.scenes.ui.assets import ASSETS

    assert (
        ASSETS == resources.files("bluffhouse.assets") == ROOT / "bluffhouse" / "assets"
    )  # the checkout's, in the tests
    assert (ASSETS / "fonts" / "DejaVuSans.ttf").is_file() and (ASSETS / "lang" / "en").is_dir()


def test_assets_that_are_not_a_folder_on_disk_are_refused_with_a_message(tmp_path, monkeypatch):
    from bluffhouse.scenes.ui.assets import assets_folder

    (tmp_path / "loose_files").mkdir()  # no __init__.py: a namespace package, not one folder
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(RuntimeError, match="folder on disk"):
        assets_folder("loose_files")
