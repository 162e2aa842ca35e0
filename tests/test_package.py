"""The package: pyproject.toml ships every module and asset, pins what the code imports, and the
wheel installed in a fresh virtual environment gives a `bluffhouse` command that runs anywhere."""

import ast
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from sources import imports

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGES = ("bluffhouse", "game", "scenes", "assets")  # the top-level packages the wheel installs
SHIPPED = ("bluffhouse", "game", "scenes", "assets", "pyproject.toml", "README.md")  # what a build reads


def _name(requirement: str) -> str:
    return re.split(r"[=<>!~; \[]", requirement, maxsplit=1)[0].strip().lower()


def requirements_txt() -> dict[str, str]:
    lines = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return {_name(line): line.strip() for line in lines if line.strip() and not line.startswith("#")}


def third_party_imports() -> set[str]:
    """Top-level modules the shipped code imports (anywhere in a module) that are not ours or stdlib."""
    found: set[str] = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for statement in imports(path):  # tests/sources.py: kept between runs
                if statement.kind == "import":
                    found.update(name.split(".")[0] for name in statement.names)
                elif statement.module and statement.level == 0:
                    found.add(statement.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - set(PACKAGES)


def test_the_dependencies_are_the_runtime_pins_of_requirements_txt():
    pinned = requirements_txt()
    dependencies = PYPROJECT["project"]["dependencies"]
    assert dependencies, "pyproject.toml lists no dependencies"
    for requirement in dependencies:
        assert pinned.get(_name(requirement)) == requirement, f"requirements.txt pins {requirement} otherwise"
        assert "==" in requirement


def test_every_module_the_game_imports_comes_with_a_dependency():
    imported = third_party_imports()
    assert {"pygame", "aiohttp", "segno"} <= imported  # the scan sees the real imports
    providers = metadata.packages_distributions()
    declared = {_name(r) for r in PYPROJECT["project"]["dependencies"]}
    missing = {module: providers.get(module) for module in imported
               if not {d.lower() for d in providers.get(module, [])} & declared}  # fmt: skip
    assert missing == {}, "imported by the game but not a dependency in pyproject.toml"


def test_the_version_and_the_command_come_from_the_bluffhouse_package():
    from bluffhouse import __version__
    from bluffhouse.cli import main

    assert PYPROJECT["project"]["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "bluffhouse.__version__"}
    assert PYPROJECT["project"]["scripts"] == {"bluffhouse": "bluffhouse.cli:main"}
    assert callable(main) and re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_the_game_and_the_screens_take_only_the_version_from_the_bluffhouse_package():
    """bluffhouse/cli.py builds the App (the top of the layers); its __init__ is a constant any layer
    may read. A screen importing the command would be an arrow pointing up."""
    uses = []
    for package in ("game", "scenes"):
        for path in (ROOT / package).rglob("*.py"):
            for statement in imports(path):
                if statement.kind == "import":
                    uses += [(path.name, name) for name in statement.names if name.startswith("bluffhouse")]
                elif statement.module.split(".")[0] == "bluffhouse":
                    uses += [(path.name, f"{statement.module}.{name}") for name in statement.names]
    assert uses and {name for _, name in uses} == {"bluffhouse.__version__"}, uses
    version_module = ast.parse((ROOT / "bluffhouse" / "__init__.py").read_text(encoding="utf-8"))
    assert not any(isinstance(node, ast.Import | ast.ImportFrom) for node in ast.walk(version_module))


def test_every_folder_of_code_is_a_package_the_wheel_finds():
    """setuptools (namespaces off) skips a folder without __init__.py: its modules would be missing."""
    include = PYPROJECT["tool"]["setuptools"]["packages"]["find"]["include"]
    assert PYPROJECT["tool"]["setuptools"]["packages"]["find"]["namespaces"] is False
    for package in PACKAGES:
        for folder in [ROOT / package, *(p for p in (ROOT / package).rglob("*") if p.is_dir())]:
            if folder.name == "__pycache__" or not any(folder.glob("*.py")):
                continue
            assert (folder / "__init__.py").is_file(), f"{folder.relative_to(ROOT)} has no __init__.py"
            dotted = ".".join(folder.relative_to(ROOT).parts)
            assert any(fnmatch.fnmatchcase(dotted, pattern) for pattern in include), dotted
    for outside in ("tests", "tools"):
        assert not any(fnmatch.fnmatchcase(outside, pattern) for pattern in include)


def test_every_asset_file_is_package_data():
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["assets"]
    files = [p.relative_to(ROOT / "assets").as_posix() for p in (ROOT / "assets").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and p.name != "__init__.py"]  # fmt: skip
    assert len(files) > 60
    left_out = [f for f in files if not any(fnmatch.fnmatchcase(f, pattern) for pattern in patterns)]
    assert left_out == []


def test_the_join_screen_names_the_phone_check_of_the_copy_in_hand():
    from scenes.phones.check import command
    from scenes.ui.lang import Translator, available_languages

    assert command("/home/ana/bluffhouse/main.py") == "python main.py --phones-check"
    assert command("/home/ana/.local/bin/bluffhouse") == "bluffhouse --phones-check"
    assert command("C:\\Games\\Bluffhouse\\bluffhouse.exe") == "bluffhouse --phones-check"
    assert len(available_languages()) == 4
    for code in available_languages():
        line = Translator(code)("phone.join.help", port=8765, command=command("bluffhouse"))
        assert "bluffhouse --phones-check" in line and "8765" in line and "main.py" not in line, code


# -- the wheel, installed for real (heavy: a build and an install from the package index) -------


def _run(command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: int = 600):
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout,
                            check=False)  # fmt: skip
    assert result.returncode == 0, f"{command} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def source_copy(where: Path) -> Path:
    """What a build reads, copied: the build leaves nothing in the checkout."""
    copy = where / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in SHIPPED:
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, copy / part, ignore=ignore)
        else:
            shutil.copy2(ROOT / part, copy / part)
    return copy


@pytest.mark.heavy
def test_the_wheel_installs_into_a_fresh_venv_and_the_command_runs_from_another_folder(tmp_path):
    from bluffhouse import __version__

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    wheels = tmp_path / "wheels"
    _run([str(python), "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(wheels),
          str(source_copy(tmp_path))], cwd=tmp_path)  # fmt: skip
    [wheel] = wheels.glob("bluffhouse-*.whl")
    assert wheel.name == f"bluffhouse-{__version__}-py3-none-any.whl"
    _run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], cwd=tmp_path)

    elsewhere = tmp_path / "somewhere else"
    elsewhere.mkdir()
    command = shutil.which("bluffhouse", path=str(python.parent))
    assert command is not None, "no bluffhouse command in the venv"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BLUFFHOUSE_SETTINGS=str(tmp_path / "s.json"))
    assert _run([command, "--version"], cwd=elsewhere, env=env).stdout.strip() == f"bluffhouse {__version__}"
    frames = _run([command, "--frames", "120", "--seed", "1"], cwd=elsewhere, env=env)
    last = frames.stdout.strip().splitlines()[-1]
    assert last.startswith("bluffhouse: frames=120 games_finished=0 scenes_visited=") and "menu" in last
    demo = _run([command, "--demo", "--frames", "600", "--seed", "1"], cwd=elsewhere, env=env)
    assert "table" in demo.stdout.split("scenes_visited=")[1] and "Traceback" not in demo.stderr

    # the installed game reads its own files, not the checkout's
    ask = ("import sysconfig, bluffhouse; from scenes.ui.assets import ASSETS; "
           "print(sysconfig.get_paths()['purelib']); print(ASSETS); print(bluffhouse.__file__)")
    answer = _run([str(python), "-c", ask], cwd=elsewhere, env=env).stdout.splitlines()
    site, assets, package = map(Path, answer)
    assert assets.resolve() == (site / "assets").resolve()
    assert package.resolve() == (site / "bluffhouse" / "__init__.py").resolve()
    for asset in ("fonts/DejaVuSans.ttf", "lang/hu/menu.json", "phone/phone.js", "sounds/win.wav",
                  "icons/bluffhouse-64.png"):  # fmt: skip
        assert (site / "assets" / asset).is_file(), asset
    assert not (site / "tests").exists() and not (site / "tools").exists()
