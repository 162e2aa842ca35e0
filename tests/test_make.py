"""The Makefile's first step and the checkout's entry points on an unsuitable Python: one clear message
before any venv or pip says anything; make play installs the runtime, make test the tools too."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NEEDS = "Bluffhouse needs Python 3.11 or newer"


def checkout(tmp_path: Path) -> Path:
    """The Makefile and the requirement files alone: nothing can be installed from here by mistake."""
    copy = tmp_path / "checkout"
    copy.mkdir()
    for name in ("Makefile", "requirements.txt", "requirements-dev.txt"):
        shutil.copy2(ROOT / name, copy / name)
    return copy


def fake_python(tmp_path: Path, body: str) -> Path:
    """A `python` that answers as body says (a shell case on its arguments)."""
    script = tmp_path / "python"
    script.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    script.chmod(0o755)
    return script


def make(copy: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )


def older_pythons() -> list[str]:
    """Real Pythons older than 3.11 on this machine (pyenv's, the system's), to try for real."""
    found = [shutil.which(f"python3.{minor}") for minor in range(6, 11)]
    found += glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[0]*/bin/python3.10"))
    working = []
    for python in dict.fromkeys(p for p in found if p):
        ran = subprocess.run([python, "--version"], capture_output=True, text=True, check=False)
        if ran.returncode == 0:
            working.append(python)
    return working


def refused(tmp_path: Path, target: str, python_answers: str) -> str:
    """What `make TARGET` says with a stand-in Python answering as the shell case says; it must fail
    and make nothing."""
    copy = checkout(tmp_path)
    python = fake_python(tmp_path, python_answers)
    ran = make(copy, target, f"PYTHON={python}")
    assert ran.returncode != 0 and not (copy / ".venv").exists(), ran.stdout + ran.stderr
    return (ran.stdout + ran.stderr).replace(str(python), "PYTHON")


@pytest.mark.skipif(shutil.which("make") is None, reason="make")
def test_make_play_on_an_old_python_says_what_to_install_and_makes_nothing(tmp_path):
    said = refused(tmp_path, "play", 'case "$1" in --version) echo "Python 3.10.12";; *) exit 1;; esac')
    assert f"{NEEDS}; PYTHON is Python 3.10.12." in said, said
    assert "make play PYTHON=python3.11" in said and "pip" not in said and "venv -m" not in said


@pytest.mark.skipif(shutil.which("make") is None, reason="make")
def test_make_test_on_a_python_without_venv_says_to_install_python3_venv(tmp_path):
    said = refused(tmp_path, "test", 'case "$2" in *ensurepip*) exit 1;; *) exit 0;; esac')
    assert "apt install python3-venv" in said and "then make test again" in said, said


@pytest.mark.skipif(shutil.which("make") is None or not older_pythons(), reason="a Python older than 3.11")
def test_a_real_older_python_gets_the_same_lines_from_make_and_main_py(tmp_path):
    python = older_pythons()[0]
    ran = make(checkout(tmp_path), "play", f"PYTHON={python}")
    assert ran.returncode != 0 and NEEDS in ran.stdout, ran.stdout + ran.stderr
    for command in ([python, "main.py", "--version"], [python, "-m", "bluffhouse", "--version"]):
        ran = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        assert ran.returncode == 1 and ran.stderr.startswith(f"{NEEDS}; this is Python 3."), ran.stderr
        assert "Traceback" not in ran.stderr


def test_main_py_checks_the_python_before_importing_the_game():
    pretend = (
        "import runpy, sys; sys.version_info = (3, 10, 12, 'final', 0); "
        "runpy.run_path('main.py', run_name='__main__')"
    )
    ran = subprocess.run(
        [sys.executable, "-c", pretend, "--version"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert ran.returncode == 1 and ran.stdout == ""
    assert ran.stderr.startswith(f"{NEEDS}; this is Python 3.10.12 ({sys.executable}).\n"), ran.stderr


@pytest.mark.skipif(shutil.which("make") is None, reason="make")
def test_make_play_installs_the_runtime_only_and_make_test_the_development_tools_too(tmp_path):
    copy = checkout(tmp_path)
    play = make(copy, "-n", "play", f"PYTHON={sys.executable}").stdout
    assert "pip install --quiet -r requirements.txt" in play and "requirements-dev.txt" not in play
    test = make(copy, "-n", "test", f"PYTHON={sys.executable}").stdout
    assert "pip install --quiet -r requirements.txt" in test
    assert "pip install --quiet -r requirements-dev.txt" in test
