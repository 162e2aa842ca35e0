"""What the package tests share: pyproject.toml read once, the top-level packages it names (the one
place they are named), the requirement files, a copy of the checkout, fresh virtual environments,
load() for a module of packaging/ or tools/ by its file,
and (heavy) the sdist and the wheel that `python -m build` makes from that copy, built once a run."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
FIND = PYPROJECT["tool"]["setuptools"]["packages"]["find"]
PACKAGES = tuple(pattern.rstrip("*") for pattern in FIND["include"])  # the top-level packages shipped
BIN = "Scripts" if os.name == "nt" else "bin"
# a checkout's own clutter, never part of what a build reads
CLUTTER = shutil.ignore_patterns(
    ".git",
    ".venv*",
    "__pycache__",
    "*.pyc",
    ".pytest_cache",
    ".hypothesis",
    ".mypy_cache",
    ".ruff_cache",
    "build",
    "dist",
    "*.egg-info",
    ".coverage*",
)


def name_of(requirement: str) -> str:
    """The distribution's name in a requirement line, lower case."""
    return re.split(r"[=<>!~; \[]", requirement, maxsplit=1)[0].strip().lower()


def requirement_lines(file: str) -> list[str]:
    """The requirement lines of a requirements file (comments and blank lines left out)."""
    lines = (ROOT / file).read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: int = 900):
    """Run a command; its result, or a failed assertion with the end of what it printed."""
    result = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert result.returncode == 0, f"{command} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def clean_env(**extra: str) -> dict[str, str]:
    """This environment without anything of the test run's Python (a venv, a path) leaking in."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(extra)
    return env


def fresh_venv(where: Path) -> Path:
    """A new virtual environment; its Python."""
    run([sys.executable, "-m", "venv", str(where)], cwd=where.parent)
    return where / BIN / "python"


def source_copy(where: Path) -> Path:
    """The checkout without its clutter (venvs, caches, builds), as a clone would have it, plus any file
    not yet committed: the build leaves nothing in the real one."""
    copy = where / "source"
    shutil.copytree(ROOT, copy, ignore=CLUTTER, symlinks=True)
    return copy


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """The sdist and the wheel, as a packager makes them: `python -m build` (an isolated environment
    with pyproject.toml's build requirements from the package index; the wheel built from the sdist)."""
    where = tmp_path_factory.mktemp("built")
    out = where / "dist"
    said = run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source_copy(where))],
        cwd=where,
        env=clean_env(),
    )
    for warning in ("Package would be ignored", "absent from the `packages` configuration"):
        assert warning not in said.stdout + said.stderr  # setuptools' warning on every build, before
    [sdist] = out.glob("bluffhouse-*.tar.gz")
    [wheel] = out.glob("bluffhouse-*.whl")
    return sdist, wheel


def load(path: Path, name: str):
    """A module of packaging/ or tools/ (they are no packages), by its file."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module
