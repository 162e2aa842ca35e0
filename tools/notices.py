"""The licences of everything in the one-folder build, gathered into its licenses/ folder.

    .venv-build/bin/python tools/notices.py WORK/bluffhouse/bundled.json dist/bluffhouse

tools/dist.py runs this with the build venv's Python after PyInstaller (it reads that venv's
installed distributions), from bundled.json, which packaging/bluffhouse.spec writes: every module,
library and data file PyInstaller took, with where it took it from. Each is traced to what it is a
part of, and that part's notices are copied into licenses/<part>/:

- ours (the checkout): LICENSE and the fonts' licence (pyproject.toml's license-files);
- a Python distribution of the build venv (pygame-ce, aiohttp, …): the licence files its dist-info
  holds, and packaging/licenses/<name>/ where it ships none (pygame-ce), whose libraries.json also
  names the notice of each library its wheel bundles (pygame_ce.libs/);
- Python itself (the standard library, libpython): its LICENSE.txt;
- a library of the system (Debian's libssl, libsqlite3, …): its package's copyright file and the
  common licence texts that file points to;
- PyInstaller's bootloader, the start of the program itself: PyInstaller's licence.

licenses/README.txt says which notices cover which file of the folder (read_index reads it back;
tests/test_dist.py checks that every file of a built folder is covered). Anything that cannot be
traced to a notice stops the build with its name: the folder never ships without one.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXTRA = ROOT / "packaging" / "licenses"  # notices of distributions that ship none
NOTICE_NAME = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)
VENDORED = re.compile(r"^(?P<name>.+)-[0-9a-f]{8}\.")  # auditwheel's libSDL2-2-50d19f93.0.so.0…
COMMON_LICENSES = re.compile(r"/usr/share/common-licenses/([A-Za-z0-9.+_-]+)")
PROGRAM = {"win32": "bluffhouse.exe"}.get(sys.platform, "bluffhouse")
INTERNAL = "_internal"  # PyInstaller 6's folder of everything but the program


class Untraced(Exception):
    """Some bundled files have no notice; the message names them."""


@dataclass
class Part:
    """Something bundled: its notices (source file -> name under licenses/<key>/) and what it covers."""

    key: str
    title: str
    notices: dict[Path, str] = field(default_factory=dict)
    files: dict[str, list[str]] = field(default_factory=dict)  # file in the folder -> its own notices
    modules: set[str] = field(default_factory=set)  # modules inside the program's archive


def _module(path: Path):
    """A module of packaging/ or tools/ (they are no packages), loaded from its file."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def contents(root: Path = ROOT):
    """packaging/contents.py: what of ours the build takes, as pyproject.toml names it."""
    return _module(root / "packaging" / "contents.py")


def _version(root: Path) -> str:
    """bluffhouse.__version__, as tools/dist.py reads it without importing the game."""
    return _module(root / "tools" / "dist.py").version()


def _ours(root: Path) -> Part:
    ours = contents(root)
    version = _version(root)
    part = Part(
        "bluffhouse",
        f"Bluffhouse {version} ({ours.pyproject(root)['project']['license']}): our "
        f"code and art, and the DejaVu fonts under their own licence",
    )
    part.notices = {path: path.name for path in ours.licence_files(root)}
    return part


def _distribution(dist: metadata.Distribution, extra: Path = EXTRA) -> Part:
    """A distribution's part: the licence files of its dist-info, and our notes where it has none."""
    name = dist.metadata["Name"]
    licence = dist.metadata.get("License-Expression") or dist.metadata.get("License") or "see its notices"
    part = Part(f"{name}-{dist.version}", f"{name} {dist.version} ({licence.splitlines()[0][:80]})")
    for file in dist.files or []:
        parts = Path(file).parts
        if not parts[0].endswith(".dist-info") or len(parts) < 2:
            continue
        inside = Path(*parts[2:]) if parts[1] == "licenses" and len(parts) > 2 else Path(*parts[1:])
        if parts[1] == "licenses" or NOTICE_NAME.match(parts[-1]):
            part.notices[Path(dist.locate_file(file))] = inside.as_posix()
    notes = _notes(name, extra)
    if notes is not None:
        named = {*notes["package"], *(n for bundled in notes["bundled"].values() for n in bundled)}
        part.notices.update({extra / name / n: n for n in named})
    if not part.notices:
        raise Untraced(f"{name} {dist.version} ships no licence file: add its notices to {extra / name}")
    return part


def _notes(name: str, extra: Path = EXTRA) -> dict | None:
    found = extra / name / "libraries.json"
    return json.loads(found.read_text(encoding="utf-8")) if found.is_file() else None


def _python() -> Part:
    version = sys.version.split()[0]
    part = Part(f"python-{version}", f"Python {version} (PSF-2.0, with the notices of the code it bundles)")
    licence = Path(sysconfig.get_path("stdlib")) / "LICENSE.txt"
    if licence.is_file():
        part.notices[licence] = "LICENSE.txt"
    else:  # a distribution's Python (Debian's drops the file): its package's copyright
        package = debian_package(Path(sysconfig.get_path("stdlib")) / "os.py")
        if package is None:
            raise Untraced(f"no licence of Python {version}: neither {licence} nor a package that owns it")
        part.notices.update(_debian_notices(package))
    return part


def debian_package(path: Path) -> str | None:
    """The Debian package that installed path (as given, /usr-merged or resolved), None elsewhere."""
    if shutil.which("dpkg-query") is None:
        return None
    real = os.path.realpath(path)
    for candidate in dict.fromkeys([str(path), "/usr" + str(path), real, "/usr" + real]):
        found = subprocess.run(["dpkg-query", "-S", candidate], capture_output=True, text=True, check=False)
        if found.returncode == 0:
            return found.stdout.split(":", 1)[0].split(",")[0].strip()
    return None


def _debian_notices(package: str) -> dict[Path, str]:
    copyright_file = Path("/usr/share/doc") / package / "copyright"
    if not copyright_file.is_file():
        raise Untraced(f"the Debian package {package} has no {copyright_file} here")
    notices = {copyright_file.resolve(): "copyright"}
    text = copyright_file.read_text(encoding="utf-8", errors="replace")
    for common in sorted(set(COMMON_LICENSES.findall(text))):
        shared = Path("/usr/share/common-licenses") / common
        if shared.is_file():
            notices[shared] = f"common-licenses/{common}"
    return notices


class Tracer:
    """Finds the part each bundled source file belongs to."""

    def __init__(self, root: Path = ROOT, extra: Path = EXTRA) -> None:
        self.root, self.extra = root.resolve(), extra
        self.parts: dict[str, Part] = {}
        self.owners: dict[Path, metadata.Distribution] = {}
        for dist in metadata.distributions():
            for file in dist.files or []:
                self.owners[Path(dist.locate_file(file)).resolve()] = dist
        places = (sys.base_prefix, sys.base_exec_prefix, sysconfig.get_path("stdlib"))
        self.python_places = sorted({Path(place).resolve() for place in places})
        self.venv = Path(sys.prefix).resolve()
        packages = contents(root).packages(root)
        self.ours = [self.root / "main.py", *(self.root / package for package in packages)]
        self.untraced: list[str] = []

    def part_of(self, source: Path) -> Part | None:
        """The part source belongs to (made on first use), or None when nothing owns it."""
        resolved = source.resolve()
        # ours first: an unpacked sdist's egg-info (a distribution too) lists our files as its own
        if any(resolved.is_relative_to(mine) for mine in self.ours):
            return self._part("ours", lambda: _ours(self.root))
        dist = self.owners.get(resolved)
        if dist is not None:
            return self.of_distribution(dist)
        if resolved.is_relative_to(self.venv):
            return None  # in the build venv but no distribution's: nobody to credit
        if any(resolved.is_relative_to(place) for place in self.python_places):
            return self._part("python", _python)
        package = debian_package(source)
        if package is not None:
            title = f"{package} (Debian's package of a system library)"
            make = lambda: Part(f"debian-{package}", title, _debian_notices(package))  # noqa: E731
            return self._part(f"debian:{package}", make)
        return None

    def of_distribution(self, dist: metadata.Distribution) -> Part:
        """The part of an installed distribution."""
        return self._part(f"dist:{dist.metadata['Name']}", lambda: _distribution(dist, self.extra))

    def _part(self, key: str, make) -> Part:
        if key not in self.parts:
            self.parts[key] = make()
        return self.parts[key]

    def add(self, dest: str, source: str | None, kind: str) -> None:
        """One entry of bundled.json: a module goes into the program's archive, anything else is a file."""
        if not source or source == "-" or kind in ("BUILTIN", "EXTENSION_BUILTIN", "SYMLINK"):
            return  # built into Python, or a link to a file of the folder listed on its own
        if dest == "base_library.zip":  # the standard library's core, zipped by PyInstaller at build time
            part = self._part("python", _python)
        else:
            part = self.part_of(Path(source))
        if part is None:
            self.untraced.append(f"{dest} (from {source})")
        elif kind == "PYMODULE":
            part.modules.add(dest.split(".")[0])
        else:
            where = f"{INTERNAL}/{Path(dest).as_posix()}"
            part.files[where] = self._vendored(part, where)

    def _vendored(self, part: Part, where: str) -> list[str]:
        """A library a wheel bundles (pygame_ce.libs/…): the notices of that library, by our notes."""
        folder = Path(where).parent.name
        if not folder.endswith(".libs"):
            return []
        name = part.title.split()[0]
        notes = _notes(name, self.extra)
        match = VENDORED.match(Path(where).name)
        wanted = (notes or {}).get("bundled", {}).get(match.group("name") if match else "")
        if wanted is None:
            self.untraced.append(
                f"{where}: a library {name}'s wheel bundles, with no notice in "
                f"{self.extra / name / 'libraries.json'}"
            )
            return []
        return [f"{part.key}/{notice}" for notice in wanted]


def gather(
    bundled: list[list],
    folder: Path,
    root: Path = ROOT,
    extra: Path = EXTRA,
    bootloader: str | None = "pyinstaller",
) -> list[Part]:
    """Copy every bundled thing's notices into folder/licenses and write its README.txt; the parts.
    bootloader: the distribution whose bootloader starts the program."""
    tracer = Tracer(root, extra)
    if bootloader is not None:
        tracer.of_distribution(metadata.distribution(bootloader)).files[PROGRAM] = []
    for dest, source, kind in bundled:
        tracer.add(dest, source, kind)
    if tracer.untraced:
        raise Untraced("no licence notice found for:\n  " + "\n  ".join(tracer.untraced))
    out = folder / "licenses"
    shutil.rmtree(out, ignore_errors=True)
    parts = sorted(tracer.parts.values(), key=lambda p: (p.key != "bluffhouse", p.key.lower()))
    for part in parts:
        for source, name in part.notices.items():
            target = out / part.key / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    (out / "README.txt").write_text(index(parts, _version(root)), encoding="utf-8")
    return parts


def index(parts: list[Part], version: str) -> str:
    """licenses/README.txt: each part, its notices here, and the files of the folder it covers."""
    lines = [
        f"Bluffhouse {version}, the one-folder build: the licences of everything in this folder.",
        "Each part below: its name, its notices (in this licenses/ folder), the files of the folder",
        "that are it (a library a wheel bundles: with that library's own notice), and the modules",
        "of it inside the program's archive. README.md, RULES.md and bluffhouse.png beside the",
        "program are Bluffhouse's own.",
        "",
    ]
    for part in parts:
        lines += [f"== {part.title}", "notices:"]
        lines += [f"  {part.key}/{name}" for name in sorted(set(part.notices.values()))]
        if part.files:
            lines.append("files:")
            for where, own in sorted(part.files.items()):
                lines.append(f"  {where}" + (f"  [{', '.join(own)}]" if own else ""))
        if part.modules:
            lines += [
                "modules:",
                *textwrap.wrap(
                    " ".join(sorted(part.modules)),
                    100,
                    initial_indent="  ",
                    subsequent_indent="  ",
                    break_on_hyphens=False,
                ),
            ]
        lines.append("")
    return "\n".join(lines)


def read_index(folder: Path) -> dict[str, list[str]]:
    """licenses/README.txt read back: each file of the folder it covers -> the notices that cover it."""
    covered: dict[str, list[str]] = {}
    notices: list[str] = []
    section = ""
    for line in (folder / "licenses" / "README.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("== "):
            notices, section = [], ""
        elif line in ("notices:", "files:", "modules:"):
            section = line[:-1]
        elif line.startswith("  ") and section == "notices":
            notices.append(line.strip())
        elif line.startswith("  ") and section == "files":
            where, _, own = line.strip().partition("  [")
            covered[where] = [*notices, *(own.rstrip("]").split(", ") if own else [])]
    return covered


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundled", type=Path, help="bundled.json, written by packaging/bluffhouse.spec")
    parser.add_argument("folder", type=Path, help="the built folder (dist/bluffhouse)")
    args = parser.parse_args(argv)
    try:
        parts = gather(json.loads(args.bundled.read_text(encoding="utf-8")), args.folder)
    except Untraced as why:
        print(f"notices: {why}", file=sys.stderr, flush=True)
        return 1
    count = sum(len(set(part.notices.values())) for part in parts)
    print(f"notices: {count} notices of {len(parts)} parts in {args.folder / 'licenses'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
