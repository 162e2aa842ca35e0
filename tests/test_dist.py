"""The one-folder build (tools/dist.py, packaging/bluffhouse.spec): what goes in, and (heavy) the built
program running the game, the demo and --phones-check as the source does."""

import ast
import importlib.util
import shutil
from collections.abc import Iterable
from pathlib import Path

import pytest
from builds import PACKAGES, ROOT, load, requirement_lines

SPEC = ROOT / "packaging" / "bluffhouse.spec"


def dist_tool():
    spec = importlib.util.spec_from_file_location("dist", ROOT / "tools" / "dist.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_takes_our_packages_and_their_data_from_pyproject_toml_alone():
    contents = load(ROOT / "packaging" / "contents.py", "contents")
    assert contents.packages() == list(PACKAGES)
    data = {Path(source).relative_to(ROOT).as_posix(): folder for source, folder in contents.data_files()}
    from bluffhouse.scenes.ui.assets import ASSETS

    on_disk = {
        p.relative_to(ROOT).as_posix()
        for p in ASSETS.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".py"
    }
    assert len(on_disk) > 60 and set(data) == on_disk  # every asset, as the wheel has them
    assert all(folder == Path(name).parent.as_posix() for name, folder in data.items())
    # the recipe names no package and no asset folder: the move into one package changes pyproject.toml
    strings = {
        node.value
        for node in ast.walk(ast.parse(SPEC.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert PACKAGES == ("bluffhouse",)  # one top-level package: nothing generic beside it
    assert not strings & {"game", "scenes", "assets", "fonts", "lang", "phone", "sounds", "icons"}, strings


def test_the_build_venv_holds_the_games_exact_pins_and_pinned_tools():
    wanted = dist_tool().requirements()
    runtime = requirement_lines("requirements.txt")
    assert wanted[: len(runtime)] == runtime and all("==" in line for line in wanted)
    assert any(t.startswith("pyinstaller==") for t in wanted[len(runtime) :])


def test_the_files_beside_the_program_exist_and_the_version_is_the_packages():
    from bluffhouse import __version__

    tool = dist_tool()
    assert tool.version() == __version__
    for source in tool.BESIDE:
        assert (ROOT / source).is_file(), source


@pytest.mark.heavy
def test_the_built_folder_runs_the_game_the_demo_and_the_phone_check(tmp_path):
    tool = dist_tool()
    folder = tool.build(tmp_path / "dist", tmp_path / "work")
    assert tool.program(folder).is_file()
    for name in tool.BESIDE.values():
        assert (folder / name).is_file(), name
    archives = list((tmp_path / "dist").glob("bluffhouse-*"))
    assert [a for a in archives if a.is_file()], "no archive beside the folder"
    scratch = tmp_path / "somewhere else"
    scratch.mkdir()
    version, frames, demo, phones = tool.check(folder, scratch)
    assert version.endswith(f"bluffhouse {tool.version()}")
    assert "bluffhouse: frames=120 games_finished=0 scenes_visited=menu" in frames
    assert "table" in demo.split("scenes_visited=")[1]
    assert "phones: ok url=http://127.0.0.1:" in phones
    # the game's files inside the folder, read through importlib.resources
    internal = next(p for p in folder.rglob("DejaVuSans.ttf"))
    assert internal.parent.parent.name == "assets" and (internal.parent.parent / "lang" / "hu").is_dir()
    shutil.rmtree(tmp_path / "work", ignore_errors=True)
    assert_every_file_has_its_notices(folder, tool.BESIDE.values())


def assert_every_file_has_its_notices(folder: Path, ours: Iterable[str]) -> None:
    """licenses/ beside the program names a notice for every file of the folder, and holds it."""
    covered = load(ROOT / "tools" / "notices.py", "notices").read_index(folder)
    licences = folder / "licenses"
    for path in folder.rglob("*"):
        where = path.relative_to(folder)
        if where.parts[0] == "licenses" or path.is_dir() or where.as_posix() in ours:
            continue
        if path.is_symlink():  # PyInstaller's links to a wheel's bundled libraries
            where = path.resolve().relative_to(folder.resolve())
        assert covered.get(where.as_posix()), f"{where} has no licence notice in licenses/README.txt"
    for notices in covered.values():
        for notice in notices:
            assert (licences / notice).stat().st_size > 100, notice
    assert (licences / "bluffhouse" / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    parts = {p.name.rsplit("-", 1)[0] for p in licences.iterdir() if p.is_dir()}
    assert {"bluffhouse", "python", "pygame-ce", "pyinstaller", "aiohttp", "segno", "platformdirs"} <= parts
    sdl = [n for where, n in covered.items() if "/libSDL2-2" in where]
    assert sdl and all(any(x.endswith("LICENSE.sdl2.txt") for x in notices) for notices in sdl)
