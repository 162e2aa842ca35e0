"""The game's icon: what tools/make_icon.py draws, at every size desktops ask for, on the window."""

import importlib.util
import struct
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent


def make_icon():
    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "tools" / "make_icon.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_icons_are_what_the_script_draws_now():
    # Run `tools/make_icon.py` after changing the drawing.
    assert make_icon().stale() == []


def test_every_size_is_square_with_a_see_through_outside_and_a_solid_middle():
    tool = make_icon()
    for size in tool.SIZES:
        image = pygame.image.load(ROOT / "bluffhouse" / "assets" / "icons" / f"bluffhouse-{size}.png")
        assert image.get_size() == (size, size)
        assert image.get_at((0, 0)).a == 0 and image.get_at((size - 1, size - 1)).a == 0  # round corners
        assert image.get_at((size // 2, size // 2)).a == 255


def test_the_ico_file_holds_every_size_as_png():
    tool = make_icon()
    data = (ROOT / "bluffhouse" / "assets" / "icons" / "bluffhouse.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(tool.SIZES))
    sizes = []
    for index in range(count):
        side, _, _, _, _, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * index)
        assert bits == 32 and data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(data)
        sizes.append(side or 256)
    assert sizes == list(tool.SIZES)


def test_the_window_gets_the_64_pixel_icon(monkeypatch, tmp_path):
    from bluffhouse.scenes.shell.app import App

    given = []
    monkeypatch.setattr(pygame.display, "set_icon", given.append)
    App(settings_file=tmp_path / "settings.json")
    [icon] = given
    assert icon.get_size() == (64, 64)
