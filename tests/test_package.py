"""The package: pyproject.toml ships every module and asset, depends on what the code imports within
tested ranges, says what it is honestly, and (heavy) the wheel python -m build makes holds only our
packages and their licences, installs in a fresh virtual environment and gives a `bluffhouse`
command that runs anywhere."""

import ast
import fnmatch
import re
import shutil
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from builds import (
    PACKAGES,
    PYPROJECT,
    ROOT,
    built,
    clean_env,
    fresh_venv,
    name_of,
    requirement_lines,
    run,
)
from sources import imports

__all__ = ["built"]  # the session's sdist and wheel (tests/builds.py), a fixture of the heavy tests


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


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def test_each_dependency_ranges_from_the_exact_pin_of_requirements_txt_to_an_upper_bound():
    pinned = {name_of(line): line for line in requirement_lines("requirements.txt")}
    dependencies = PYPROJECT["project"]["dependencies"]
    assert {name_of(d) for d in dependencies} == set(pinned), "requirements.txt: the game's runtime, no more"
    for requirement in dependencies:
        match = re.fullmatch(r"([a-z0-9-]+)>=([0-9.]+),<([0-9.]+)", requirement)
        assert match, f"{requirement}: expected name>=tested,<bound"
        name, low, high = match.groups()
        assert pinned[name] == f"{name}=={low}", f"requirements.txt pins {pinned[name]}, not {low}"
        assert _version(low) < _version(high), requirement


def test_the_development_tools_are_a_set_of_their_own_on_top_of_the_runtime():
    dev = requirement_lines("requirements-dev.txt")
    assert dev[0] == "-r requirements.txt"
    runtime = {name_of(line) for line in requirement_lines("requirements.txt")}
    tools = {name_of(line): line for line in dev[1:]}
    assert {"pytest", "hypothesis", "selenium", "coverage", "build"} <= set(tools)
    assert not set(tools) & runtime and all("==" in line for line in tools.values())


def test_every_module_the_game_imports_comes_with_a_dependency():
    imported = third_party_imports()
    assert {"pygame", "aiohttp", "segno", "platformdirs"} <= imported  # the scan sees the real imports
    providers = metadata.packages_distributions()
    declared = {name_of(r) for r in PYPROJECT["project"]["dependencies"]}
    missing = {
        module: providers.get(module)
        for module in imported
        if not {d.lower() for d in providers.get(module, [])} & declared
    }
    assert missing == {}, "imported by the game but not a dependency in pyproject.toml"


def test_the_version_and_the_command_come_from_the_bluffhouse_package():
    from bluffhouse import __version__
    from bluffhouse.cli import main

    assert PYPROJECT["project"]["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "bluffhouse.__version__"}
    assert PYPROJECT["project"]["scripts"] == {"bluffhouse": "bluffhouse.cli:main"}
    assert callable(main) and re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def front_door(module: str) -> bool:
    """bluffhouse itself or its program modules (cli, desktop, python_version), not the game's parts."""
    parts = module.split(".")
    return parts[0] == "bluffhouse" and (len(parts) == 1 or parts[1] not in ("game", "scenes", "assets"))


def test_the_game_and_the_screens_take_only_the_version_from_the_bluffhouse_package():
    """bluffhouse/cli.py builds the App (the top of the layers); its __init__ is a constant any layer
    may read. A screen importing the command would be an arrow pointing up."""
    uses = []
    for package in ("game", "scenes"):
        for path in (ROOT / "bluffhouse" / package).rglob("*.py"):
            for statement in imports(path):
                if statement.kind == "import":
                    uses += [(path.name, name) for name in statement.names if front_door(name)]
                elif front_door(statement.module):
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
    from bluffhouse.scenes.ui.assets import ASSETS

    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["*"]  # relative to the data package
    assert PYPROJECT["tool"]["setuptools"]["include-package-data"] is False  # these patterns, nothing else
    files = [
        p.relative_to(ASSETS).as_posix()
        for p in ASSETS.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.name != "__init__.py"
    ]
    assert len(files) > 60
    left_out = [f for f in files if not any(fnmatch.fnmatchcase(f, pattern) for pattern in patterns)]
    assert left_out == []


def test_the_metadata_is_honest():
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert all((ROOT / name).is_file() for name in project["license-files"])
    assert project["authors"] and project["requires-python"] == ">=3.11"
    classifiers = project["classifiers"]
    assert "Development Status :: 4 - Beta" in classifiers  # until a build was tried on another system
    systems = [c for c in classifiers if c.startswith(("Operating System", "Environment"))]
    assert systems == ["Environment :: X11 Applications", "Operating System :: POSIX :: Linux"]  # tried there
    assert not [c for c in classifiers if c.startswith("License ::")]  # the SPDX expression says it
    assert [c for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)] == [
        "Programming Language :: Python :: 3.11"
    ]  # the one version every test ran on


def test_the_notes_of_our_art_point_at_the_real_licence():
    from bluffhouse.scenes.ui.assets import ASSETS

    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    for folder in ("icons", "sounds"):  # ours, made by code in tools/ (the fonts keep their own)
        note = (ASSETS / folder / "LICENSE.txt").read_text(encoding="utf-8")
        assert "MIT License" in note and "LICENSE" in note and "same terms" not in note, folder


def test_the_join_screen_names_the_phone_check_of_the_copy_in_hand():
    from bluffhouse.scenes.phones.check import command
    from bluffhouse.scenes.ui.lang import Translator, available_languages

    assert command("/home/ana/bluffhouse/main.py") == "python main.py --phones-check"
    assert command("/home/ana/.local/bin/bluffhouse") == "bluffhouse --phones-check"
    assert command("C:\\Games\\Bluffhouse\\bluffhouse.exe") == "bluffhouse --phones-check"
    assert len(available_languages()) == 4
    for code in available_languages():
        line = Translator(code)("phone.join.help", port=8765, command=command("bluffhouse"))
        assert "bluffhouse --phones-check" in line and "8765" in line and "main.py" not in line, code


# -- the wheel, built as a packager builds it and installed for real (heavy: the package index) -----


@pytest.mark.heavy
def test_the_wheel_installs_only_our_packages_and_their_licences(built):
    from bluffhouse import __version__

    _, wheel = built
    assert wheel.name == f"bluffhouse-{__version__}-py3-none-any.whl"
    names = zipfile.ZipFile(wheel).namelist()
    info = f"bluffhouse-{__version__}.dist-info"
    assert {name.split("/")[0] for name in names} == {*PACKAGES, info}  # after the move: bluffhouse only
    licences = sorted(name.removeprefix(f"{info}/licenses/") for name in names if "/licenses/" in name)
    assert licences == sorted(PYPROJECT["project"]["license-files"])
    meta = zipfile.ZipFile(wheel).read(f"{info}/METADATA").decode("utf-8")
    assert "License-Expression: MIT" in meta and "Classifier: Development Status :: 4 - Beta" in meta
    assert "Requires-Dist: pygame-ce<2.6,>=2.5.8" in meta
    fonts = [n for n in names if n.endswith("/fonts/LICENSE-DejaVu.txt")]  # beside the fonts as well
    assert len(fonts) == 2 and any(
        n.endswith(".ttf") and n.rsplit("/", 1)[0] == fonts[0].rsplit("/", 1)[0]
        for n in names
        if not n.startswith(info)
    )


@pytest.mark.heavy
def test_the_wheel_installs_into_a_fresh_venv_and_the_command_runs_from_another_folder(built, tmp_path):
    from bluffhouse import __version__

    python = fresh_venv(tmp_path / "venv")
    run([str(python), "-m", "pip", "install", "--quiet", str(built[1])], cwd=tmp_path)
    elsewhere = tmp_path / "somewhere else"
    elsewhere.mkdir()
    command = shutil.which("bluffhouse", path=str(python.parent))
    assert command is not None, "no bluffhouse command in the venv"
    env = clean_env(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        BLUFFHOUSE_SETTINGS=str(tmp_path / "s.json"),
        BLUFFHOUSE_DATA=str(tmp_path / "data"),
    )
    assert run([command, "--version"], cwd=elsewhere, env=env).stdout.strip() == f"bluffhouse {__version__}"
    frames = run([command, "--frames", "120", "--seed", "1"], cwd=elsewhere, env=env)
    last = frames.stdout.strip().splitlines()[-1]
    assert last.startswith("bluffhouse: frames=120 games_finished=0 scenes_visited=") and "menu" in last
    demo = run([command, "--demo", "--frames", "600", "--seed", "1"], cwd=elsewhere, env=env)
    assert "table" in demo.stdout.split("scenes_visited=")[1] and "Traceback" not in demo.stderr

    # the installed game reads its own files, not the checkout's
    ask = (
        "import sysconfig, bluffhouse; from bluffhouse.scenes.ui.assets import ASSETS; "
        "print(sysconfig.get_paths()['purelib']); print(ASSETS); print(bluffhouse.__file__)"
    )
    answer = run([str(python), "-c", ask], cwd=elsewhere, env=env).stdout.splitlines()
    site, assets, package = map(Path, answer)
    assert assets.resolve().parent == (site / "bluffhouse").resolve()
    assert package.resolve() == (site / "bluffhouse" / "__init__.py").resolve()
    for asset in (
        "fonts/DejaVuSans.ttf",
        "lang/hu/menu.json",
        "phone/phone.js",
        "sounds/win.wav",
        "icons/bluffhouse-64.png",
    ):
        assert (assets / asset).is_file(), asset
    assert not (site / "tests").exists() and not (site / "tools").exists()


def clashing_wheel(where: Path) -> Path:
    """A three-file wheel of somebody else's with the generic top-level names game/ and assets/, its
    game/table.py ending any program that imports it with exit code 3 (issue 32's clash)."""
    files = {
        "game/__init__.py": "",
        "game/table.py": "raise SystemExit(3)\n",
        "assets/__init__.py": "",
        "clasher-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: clasher\nVersion: 1.0\n",
        "clasher-1.0.dist-info/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        ),
    }
    record = "".join(f"{name},,\n" for name in files) + "clasher-1.0.dist-info/RECORD,,\n"
    wheel = where / "clasher-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
        archive.writestr("clasher-1.0.dist-info/RECORD", record)
    return wheel


@pytest.mark.heavy
def test_another_package_with_game_and_assets_beside_ours_changes_nothing(built, tmp_path):
    python = fresh_venv(tmp_path / "venv")
    run([str(python), "-m", "pip", "install", "--quiet", str(built[1])], cwd=tmp_path)
    run([str(python), "-m", "pip", "install", "--quiet", str(clashing_wheel(tmp_path))], cwd=tmp_path)
    site = Path(
        run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=tmp_path
        ).stdout.strip()
    )
    assert (site / "game" / "table.py").is_file() and (site / "assets").is_dir()  # the clash is there
    command = shutil.which("bluffhouse", path=str(python.parent))
    assert command is not None
    env = clean_env(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        BLUFFHOUSE_SETTINGS=str(tmp_path / "s.json"),
        BLUFFHOUSE_DATA=str(tmp_path / "data"),
    )
    for _ in ("beside the other package", "after it is uninstalled"):
        demo = run([command, "--demo", "--frames", "300", "--seed", "1"], cwd=tmp_path, env=env)
        assert "table" in demo.stdout.split("scenes_visited=")[1] and "Traceback" not in demo.stderr
        run([str(python), "-m", "pip", "uninstall", "--quiet", "--yes", "clasher"], cwd=tmp_path) if (
            site / "game"
        ).exists() else None
    assert not (site / "game").exists() and (site / "bluffhouse" / "game" / "table.py").is_file()
