"""What of ours goes into the one-folder build, read from pyproject.toml: the top-level packages (its
one list of them) and their package data, the same files the wheel holds. The recipe
(bluffhouse.spec), tools/dist.py and tests/test_dist.py read them here; standard library only."""

from __future__ import annotations

import glob
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pyproject(root: Path = ROOT) -> dict:
    """pyproject.toml, parsed."""
    return tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))


def packages(root: Path = ROOT) -> list[str]:
    """The top-level packages the wheel installs (the find patterns without their wildcard)."""
    find = pyproject(root)["tool"]["setuptools"]["packages"]["find"]
    return [pattern.rstrip("*") for pattern in find["include"]]


def data_files(root: Path = ROOT) -> list[tuple[str, str]]:
    """(file, folder in the build) for every package data file, by the wheel's own patterns."""
    patterns = pyproject(root)["tool"]["setuptools"]["package-data"]["*"]
    found = set()
    for package in packages(root):
        for folder in [root / package, *(p for p in (root / package).rglob("*") if p.is_dir())]:
            if not (folder / "__init__.py").is_file():
                continue
            for pattern in patterns:
                for name in glob.glob(pattern, root_dir=folder):
                    if (folder / name).is_file():
                        found.add((folder / name).relative_to(root))
    return sorted((str(root / path), path.parent.as_posix()) for path in found)


def licence_files(root: Path = ROOT) -> list[Path]:
    """The licence files of our own code, art and bundled fonts (pyproject.toml's license-files)."""
    return [root / name for name in pyproject(root)["project"]["license-files"]]
