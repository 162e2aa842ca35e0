"""The one-folder build (tools/dist.py, packaging/bluffhouse.spec): what goes in, and (heavy) the built
program running the game, the demo and --phones-check as the source does."""

import ast
import importlib.util
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "bluffhouse.spec"


def dist_tool():
    spec = importlib.util.spec_from_file_location("dist", ROOT / "tools" / "dist.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def spec_constant(name: str):
    for node in ast.parse(SPEC.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and [t.id for t in node.targets if isinstance(t, ast.Name)] == [name]:
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} is not in {SPEC.name}")


def test_every_folder_of_assets_goes_into_the_build():
    folders = {p.name for p in (ROOT / "assets").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert {"fonts", "lang", "phone", "sounds", "icons"} <= folders
    assert set(spec_constant("ASSET_FOLDERS")) == folders


def test_the_build_venv_holds_the_games_dependencies_and_pinned_tools():
    from test_package import PYPROJECT

    wanted = dist_tool().requirements()
    assert wanted[: len(PYPROJECT["project"]["dependencies"])] == PYPROJECT["project"]["dependencies"]
    tools = wanted[len(PYPROJECT["project"]["dependencies"]):]
    assert any(t.startswith("pyinstaller==") for t in tools) and all("==" in t for t in tools)


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
