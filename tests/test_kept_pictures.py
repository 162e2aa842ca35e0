"""Pictures kept as files between runs (scenes.ui.kept_pictures): the same pixels read back as were
drawn, only when drawn by the same recipe for this display, never half a file, nothing kept
where nobody said where."""

import logging

import pygame
import pytest

from bluffhouse.scenes.ui import kept_pictures, theme
from bluffhouse.scenes.ui.kept_pictures import kept_picture, recipe

SIZE = (96, 54)


@pytest.fixture
def folder(tmp_path):
    pygame.display.init()
    pygame.display.set_mode((320, 180))
    kept_pictures.keep_in(tmp_path)
    yield tmp_path
    kept_pictures.finish_writing()
    kept_pictures.keep_in(None)


def _draw(size=SIZE, seed=3):
    drawn.append(size)
    picture = pygame.Surface(size)
    for x in range(size[0]):
        picture.fill(((x * 7 + seed) % 256, (x * 3) % 256, seed), (x, 0, 1, size[1]))
    return picture


drawn: list = []


def _pixels(picture):
    return pygame.image.tobytes(picture, "RGB")


def _kept(folder):
    kept_pictures.finish_writing()
    return sorted(path.name for path in folder.glob("*.pixels"))


def test_a_picture_drawn_once_is_read_back_the_same_at_the_next_ask(folder):
    del drawn[:]
    first = kept_picture("test-stripes", SIZE, recipe(_draw), _draw)
    assert drawn == [SIZE] and len(_kept(folder)) == 1
    reads = kept_pictures.reads
    again = kept_picture("test-stripes", SIZE, recipe(_draw), _draw)
    assert drawn == [SIZE] and kept_pictures.reads == reads + 1  # read, not drawn
    assert again is not first and _pixels(again) == _pixels(first)
    assert again.get_masks() == pygame.display.get_surface().get_masks()  # the display's own format


def test_another_recipe_draws_again_and_its_file_replaces_the_old_one(folder):
    del drawn[:]
    kept_picture("test-stripes", SIZE, recipe(_draw, 3), _draw)
    old = _kept(folder)
    other = kept_picture("test-stripes", SIZE, recipe(_draw, 4), lambda: _draw(seed=4))
    assert len(drawn) == 2 and _pixels(other) == _pixels(_draw(seed=4))
    assert len(_kept(folder)) == 1 and _kept(folder) != old  # the old recipe's file went
    kept_picture("test-stripes", (SIZE[0], 20), recipe(_draw, 4), lambda: _draw((SIZE[0], 20), 4))
    assert len(_kept(folder)) == 2  # another size is another picture


@pytest.mark.parametrize("damage", ["cut", "longer", "header", "empty"])
def test_a_damaged_file_is_not_used_and_is_written_again(folder, damage):
    del drawn[:]
    made_by = recipe(_draw)
    kept_picture("test-stripes", SIZE, made_by, _draw)
    kept_pictures.finish_writing()
    (path,) = folder.glob("*.pixels")
    data = path.read_bytes()
    damaged = {"cut": data[:-5], "longer": data + b"\0", "header": b"X" + data[1:], "empty": b""}
    path.write_bytes(damaged[damage])
    reads = kept_pictures.reads
    picture = kept_picture("test-stripes", SIZE, made_by, _draw)
    assert len(drawn) == 2 and kept_pictures.reads == reads and _pixels(picture) == _pixels(_draw())
    kept_pictures.finish_writing()
    assert path.read_bytes() == data  # written whole again


def test_nothing_is_kept_where_nobody_said_where(folder):
    kept_pictures.keep_in(None)
    del drawn[:]
    kept_picture("test-stripes", SIZE, recipe(_draw), _draw)
    kept_picture("test-stripes", SIZE, recipe(_draw), _draw)
    assert len(drawn) == 2 and _kept(folder) == []


def test_a_folder_that_cannot_be_written_is_said_in_the_log_and_the_picture_still_drawn(folder, caplog):
    blocker = folder / "not-a-folder"
    blocker.write_text("a file where the folder would be")
    kept_pictures.keep_in(blocker / "cache")
    with caplog.at_level(logging.INFO, logger="bluffhouse.scenes.ui.kept_pictures"):
        picture = kept_picture("test-stripes", SIZE, recipe(_draw), _draw)
        kept_pictures.finish_writing()
    assert _pixels(picture) == _pixels(_draw())
    assert "not kept" in caplog.text and list(folder.glob(".*")) == []  # no temporary file left


def _one():
    return 1


def _two():
    return 2


def test_the_recipe_follows_the_drawing_code_and_values_not_where_they_sit():
    assert recipe(_one) == recipe(_one) and recipe(_one) != recipe(_two)
    assert recipe(_one, (1, 2, 3)) != recipe(_one, (1, 2, 4))
    moved = compile("\n\n\ndef _one():\n    return 1\n", "elsewhere.py", "exec")
    scope: dict = {}
    exec(moved, scope)
    assert recipe(scope["_one"]) == recipe(_one)  # other lines, another file: the same drawing
    nested = compile("def f():\n    return lambda: 5\n", "x.py", "exec")
    nested_other = compile("def f():\n    return lambda: 6\n", "x.py", "exec")
    a, b = {}, {}
    exec(nested, a)
    exec(nested_other, b)
    assert recipe(a["f"]) != recipe(b["f"])  # code inside the code counts too


def test_the_menus_felt_read_from_its_file_is_the_felt_drawn(folder):
    theme.backdrop.cache_clear()
    reads = kept_pictures.reads
    drawn_felt = theme.backdrop((320, 180))
    kept_pictures.finish_writing()
    theme.backdrop.cache_clear()
    read_felt = theme.backdrop((320, 180))
    theme.backdrop.cache_clear()
    assert kept_pictures.reads == reads + 1 and read_felt is not drawn_felt
    assert _pixels(read_felt) == _pixels(drawn_felt) == _pixels(theme.paint_backdrop((320, 180)))


def test_the_tables_felt_read_from_its_file_is_the_felt_drawn_and_the_warm_ups_steps_read_it(folder):
    from bluffhouse.scenes import art
    from bluffhouse.scenes.art import cache, furniture

    cache.clear_cache()
    drawn_felt = _pixels(art.felt((160, 90)))
    kept_pictures.finish_writing()
    cache.clear_cache()
    reads = kept_pictures.reads
    assert _pixels(art.felt((160, 90))) == drawn_felt and kept_pictures.reads == reads + 1
    cache.clear_cache()
    steps = furniture.felt_steps((160, 90))
    steps[0]()  # the first step reads the kept felt...
    assert kept_pictures.reads == reads + 2
    for step in steps[1:]:
        step()  # ... and the others draw nothing: the last hands it to the art cache
    assert kept_pictures.reads == reads + 2 and _pixels(art.felt((160, 90))) == drawn_felt
    cache.clear_cache()


def test_the_piles_back_read_from_its_file_is_the_back_drawn(folder):
    from bluffhouse.scenes.art import backs, cache

    cache.clear_cache()
    drawn_back = pygame.image.tobytes(backs.pile_back(40), "RGBA")
    kept_pictures.finish_writing()
    cache.clear_cache()
    reads = kept_pictures.reads
    read_back = backs.pile_back(40)
    assert kept_pictures.reads == reads + 1 and read_back.get_flags() & pygame.SRCALPHA
    assert pygame.image.tobytes(read_back, "RGBA") == drawn_back
    cache.clear_cache()


RECIPE_PROBE = """
import sys
from bluffhouse.scenes.ui.kept_pictures import modules_recipe, recipe
from bluffhouse.scenes.art import backs, base, cards, suits
from bluffhouse.scenes.ui import palette
print(recipe(modules_recipe(backs, base, cards, suits, palette)))
"""


def test_a_modules_recipe_is_the_same_in_every_process_and_whatever_they_hold(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(kept_pictures.__file__).resolve().parents[3]  # the checkout
    seen = {
        subprocess.run(
            [sys.executable, "-c", RECIPE_PROBE],
            cwd=root,
            capture_output=True,
            text=True,
            env={
                "PYTHONHASHSEED": seed,
                "SDL_VIDEODRIVER": "dummy",
                "PATH": "",
                "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            },
            check=True,
        ).stdout.strip()
        for seed in ("1", "2")
    }
    from bluffhouse.scenes.art import backs, base, cards, suits
    from bluffhouse.scenes.ui import palette

    modules = (backs, base, cards, suits, palette)
    before = recipe(kept_pictures.modules_recipe(*modules))
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    backs.pile(3, 30)  # the pile's canvases, the art cache: what the modules hold changes
    assert seen == {before} == {recipe(kept_pictures.modules_recipe(*modules))}


def test_a_modules_recipe_follows_its_code_and_its_constants(tmp_path, monkeypatch):
    import importlib

    monkeypatch.syspath_prepend(str(tmp_path))
    made = []
    texts = (
        "SIZE = 3\ndef draw():\n    return SIZE\n",
        "SIZE = 4\ndef draw():\n    return SIZE\n",
        "SIZE = 4\ndef draw():\n    return SIZE + 1\n",
        "SIZE = 4\ndef draw():\n    return SIZE + 1\nkept = []\n",
    )
    for n, text in enumerate(texts):
        (tmp_path / f"drawing{n}.py").write_text(text, encoding="utf-8")
        made.append(recipe(kept_pictures.modules_recipe(importlib.import_module(f"drawing{n}"))))
    assert len(set(made[:3])) == 3 and made[3] == made[2]  # what it keeps is not what it draws
