"""The sdist tests itself: it holds the tests with their helpers and configuration, the docs, the
Makefile, the requirements, main.py and the tools (MANIFEST.in), and (heavy) unpacked in a fresh
virtual environment with the development requirements, its own fast tier passes there."""

from __future__ import annotations

import fnmatch
import tarfile
from pathlib import Path

import pytest
from builds import ROOT, built, clean_env, fresh_venv, run

__all__ = ["built"]  # the session's sdist and wheel (tests/builds.py), a fixture of the heavy test
NEEDED = (
    "LICENSE",
    "CHANGELOG.md",
    "CONTRIBUTING.md",
    "README.md",
    "main.py",
    "Makefile",
    "pytest.ini",
    "requirements.txt",
    "requirements-dev.txt",
    "docs/RULES.md",
    "tests/conftest.py",
    "tools/dist.py",
    "packaging/bluffhouse.spec",
)
FOLDERS = ("tests", "tools", "docs", "packaging")  # every file in these goes into the sdist


def manifest_takes(path: str) -> bool:
    """Whether MANIFEST.in's include and recursive-include lines (the only kinds it uses) take path."""
    for line in (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if words[0] == "include" and any(fnmatch.fnmatchcase(path, pattern) for pattern in words[1:]):
            return True
        if words[0] == "recursive-include":
            folder, patterns = words[1], words[2:]
            name = Path(path).name
            if path.startswith(folder + "/") and any(fnmatch.fnmatchcase(name, p) for p in patterns):
                return True
        assert words[0] in ("include", "recursive-include"), f"MANIFEST.in: {words[0]} is not read here"
    return False


def test_the_manifest_takes_every_file_the_sdists_tests_and_tools_need():
    files = [
        p.relative_to(ROOT).as_posix()
        for folder in FOLDERS
        for p in (ROOT / folder).rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    ]
    assert len(files) > 150 and "tests/conftest.py" in files and "tests/couch.py" in files
    left_out = [f for f in [*files, *NEEDED] if not manifest_takes(f)]
    assert left_out == []
    assert all((ROOT / name).is_file() for name in NEEDED)
    assert not manifest_takes("tests/__pycache__/conftest.cpython-311.pyc")


@pytest.mark.heavy
def test_the_sdist_unpacked_in_a_fresh_venv_passes_its_own_fast_tier(built, tmp_path):
    sdist, _ = built
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
        archive.extractall(tmp_path, filter="data")
    [top] = {name.split("/")[0] for name in names}
    inside = {name.split("/", 1)[1] for name in names if "/" in name}
    assert set(NEEDED) <= inside and not [n for n in inside if "__pycache__" in n or n.endswith(".pyc")]
    source = tmp_path / top
    python = fresh_venv(tmp_path / "venv")
    pip = [str(python), "-m", "pip", "install", "--quiet", "-r", "requirements-dev.txt"]
    run(pip, cwd=source, timeout=1200)
    env = clean_env(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    ran = run([str(python), "-m", "pytest", "-m", "not heavy"], cwd=source, env=env, timeout=3600)
    summary = ran.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary and "error" not in summary, summary
