"""The one-folder build: Bluffhouse for people without Python, made by PyInstaller.

    python3 tools/dist.py            # build dist/bluffhouse/ and its archive (make dist)
    python3 tools/dist.py --check    # build, then run it as a player would and measure (make dist-check)

Only the standard library runs here: the build's tools live in a venv of their own
(.venv-build: requirements-build.txt and the game's runtime pins from requirements.txt),
made on first use and made again when those lists change. The folder holds the program
(`bluffhouse`, `bluffhouse.exe` on Windows), its `_internal/` (Python, pygame-ce, the game and
its fonts, sounds, translations, icons and phone page), and beside them the README, the rules,
the icon and `licenses/`: the notices of everything inside (tools/notices.py). The check runs the
built program headless for 120 frames, the demo for 600, and --phones-check on 127.0.0.1, then
prints the folder's size and start-up time beside the source's.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_VENV = ROOT / ".venv-build"
BIN = "Scripts" if os.name == "nt" else "bin"
EXE = ".exe" if os.name == "nt" else ""
# beside the program: source in the repository -> name in the folder
BESIDE = {
    "README.md": "README.md",
    "docs/RULES.md": "RULES.md",
    "bluffhouse/assets/icons/bluffhouse-256.png": "bluffhouse.png",
}
RUNS = (
    ["--version"],
    ["--frames", "120", "--seed", "1"],
    ["--demo", "--frames", "600", "--seed", "1"],
    ["--phones-check"],
)


def version() -> str:
    """bluffhouse.__version__, read without importing the game."""
    for line in (ROOT / "bluffhouse" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise SystemExit("dist: no __version__ in bluffhouse/__init__.py")


def requirements() -> list[str]:
    """What the build venv holds: the game's runtime pins (requirements.txt) and the build's tools."""
    lines = [
        *(ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines(),
        *(ROOT / "requirements-build.txt").read_text(encoding="utf-8").splitlines(),
    ]
    return [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def build_python(venv_dir: Path = BUILD_VENV) -> Path:
    """The build venv's Python, with everything in requirements() installed."""
    python = venv_dir / BIN / f"python{EXE}"
    stamp = venv_dir / ".installed"
    wanted = "\n".join(requirements()) + "\n"
    if not (python.is_file() and stamp.is_file() and stamp.read_text(encoding="utf-8") == wanted):
        print(f"dist: making {venv_dir.name} (PyInstaller and the game's dependencies)", flush=True)
        venv.EnvBuilder(clear=True, with_pip=True).create(venv_dir)
        _run([str(python), "-m", "pip", "install", "--quiet", "--quiet", *requirements()])
        stamp.write_text(wanted, encoding="utf-8")
    return python


def _run(argv: list[str], **kwargs) -> subprocess.CompletedProcess:
    result = subprocess.run(argv, cwd=kwargs.pop("cwd", ROOT), check=False, **kwargs)
    if result.returncode:
        raise SystemExit(f"dist: {' '.join(argv[:4])} … failed with exit code {result.returncode}")
    return result


def build(out: Path, work: Path) -> Path:
    """Run PyInstaller; put the README, the rules and the icon beside the program; make the archive."""
    python = build_python()
    _run(
        [
            str(python),
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(out),
            "--workpath",
            str(work),
            str(ROOT / "packaging" / "bluffhouse.spec"),
        ],
        env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"),
    )
    folder = out / "bluffhouse"
    for source, name in BESIDE.items():
        shutil.copyfile(ROOT / source, folder / name)
    # licenses/: the notices of everything PyInstaller took (tools/notices.py, in the build venv)
    bundled = work / "bluffhouse" / "bundled.json"  # written by the recipe
    _run([str(python), str(ROOT / "tools" / "notices.py"), str(bundled), str(folder)])
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    archive_name = out / f"bluffhouse-{version()}-{system}-{platform.machine().lower()}"
    archive = shutil.make_archive(str(archive_name), "zip" if os.name == "nt" else "gztar", out, "bluffhouse")
    print(f"dist: built {folder} and {Path(archive).name}", flush=True)
    return folder


def program(folder: Path) -> Path:
    """The built program inside folder."""
    return folder / f"bluffhouse{EXE}"


def headless_env(scratch: Path) -> dict[str, str]:
    """No screen, no sound card, settings in a scratch folder, phones on this machine only."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update(BLUFFHOUSE_PHONES_HOST="127.0.0.1", BLUFFHOUSE_SETTINGS=str(scratch / "settings.json"))
    for name in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):  # nothing of a Python outside may leak in
        env.pop(name, None)
    return env


def check(folder: Path, scratch: Path) -> list[str]:
    """Run the built program as the source runs: each line what it printed; SystemExit on a failure."""
    command, env = str(program(folder)), headless_env(scratch)
    lines = []
    for args in RUNS:
        result = subprocess.run(
            [command, *args], cwd=scratch, env=env, capture_output=True, text=True, timeout=300, check=False
        )
        if result.returncode or "Traceback" in result.stderr:
            said = f"({result.returncode}):\n{result.stderr}"
            raise SystemExit(f"dist: `bluffhouse {' '.join(args)}` failed {said}")
        lines.append(f"bluffhouse {' '.join(args)}: {result.stdout.strip().splitlines()[-1]}")
    return lines


def folder_size(path: Path) -> int:
    """Bytes in every file under path (compiled bytecode of a checkout left out)."""
    return sum(
        p.stat().st_size
        for p in path.rglob("*")
        if p.is_file() and not p.is_symlink() and "__pycache__" not in p.parts
    )


def measure(folder: Path, runs: int) -> str:
    """The built program's start-up beside the source's (main.py on the build venv's Python, the same
    packages), alternating, medians of CPU and wall time; and the sizes."""
    sys.path.insert(0, str(ROOT / "tools"))
    import startup_bench

    env = startup_bench._env()
    env["BLUFFHOUSE_PHONES_HOST"] = "127.0.0.1"
    built_argv = [str(program(folder)), "--frames", "1"]
    source_argv = [str(build_python()), "main.py", "--frames", "1"]
    for argv in (built_argv, source_argv):
        startup_bench.run_once(argv, env)  # warm the disk cache (and the source's bytecode)
    built, source = [], []
    for _ in range(runs):
        source.append(startup_bench.run_once(source_argv, env))
        built.append(startup_bench.run_once(built_argv, env))
    b, s = startup_bench._median(built), startup_bench._median(source)
    sys.path.insert(0, str(ROOT / "packaging"))
    from contents import packages

    shipped = sum(folder_size(ROOT / package) for package in packages())
    archives = sorted(folder.parent.glob(f"bluffhouse-{version()}-*"), key=lambda a: a.stat().st_mtime)
    return (
        f"start-up, `--frames 1` (median of {runs}, whole process, dummy drivers)\n"
        f"  built program     cpu {b.cpu:5.2f} s  wall {b.wall:5.2f} s  peak {b.peak_mb:4.0f} MB\n"
        f"  source (main.py)  cpu {s.cpu:5.2f} s  wall {s.wall:5.2f} s  peak {s.peak_mb:4.0f} MB\n"
        f"size: the folder {folder_size(folder) / 2**20:.1f} MiB, its archive "
        f"{archives[-1].stat().st_size / 2**20:.1f} MiB; the source's own files "
        f"{shipped / 2**20:.1f} MiB, plus a Python 3.11 with requirements.txt's runtime"
    )


def main(argv: list[str] | None = None) -> int:
    """Build, and with --check run and measure the result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="after building, run it headless and measure it")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="the folder's place (default dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's scratch (build/)")
    parser.add_argument("--runs", type=int, default=5, help="start-up runs of each kind (default 5)")
    args = parser.parse_args(argv)
    folder = build(args.out.resolve(), args.work.resolve())
    if args.check:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="bluffhouse-dist-") as scratch:
            for line in check(folder, Path(scratch)):
                print(line, flush=True)
        print(measure(folder, args.runs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
