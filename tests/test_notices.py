"""tools/notices.py, the one-folder build's licenses/ (fast: traced on this test venv's own files; the
heavy build in tests/test_dist.py checks a whole folder)."""

from __future__ import annotations

import json
import shutil
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

import pytest
from builds import ROOT, load

notices = load(ROOT / "tools" / "notices.py", "notices")
PYGAME = metadata.distribution("pygame-ce")
LIBS = sorted(Path(PYGAME.locate_file("pygame_ce.libs")).glob("*.so*"))


def test_a_distribution_brings_the_licence_files_of_its_dist_info():
    tracer = notices.Tracer()
    part = tracer.part_of(Path(metadata.distribution("aiohttp").locate_file("aiohttp/__init__.py")))
    assert part.key == "aiohttp-3.14.5"
    assert sorted(part.notices.values()) == ["LICENSE.txt", "vendor/llhttp/LICENSE"]
    assert all(source.is_file() for source in part.notices)


def test_pygame_ce_which_ships_none_brings_our_notes_and_each_bundled_library_its_own():
    tracer = notices.Tracer()
    part = tracer.part_of(Path(PYGAME.locate_file("pygame/__init__.py")))
    assert "LGPL.txt" in part.notices.values() and all(source.is_file() for source in part.notices)
    assert LIBS, "the installed pygame-ce wheel bundles its libraries in pygame_ce.libs"
    for library in LIBS:  # every library this pygame-ce bundles has a notice in libraries.json
        tracer.add(f"pygame_ce.libs/{library.name}", str(library), "BINARY")
        own = part.files[f"_internal/pygame_ce.libs/{library.name}"]
        assert own and all(n.removeprefix(f"{part.key}/") in part.notices.values() for n in own), library.name
    assert tracer.untraced == []


def test_a_library_bundled_without_a_notice_stops_the_build(tmp_path):
    extra = tmp_path / "licenses"
    shutil.copytree(notices.EXTRA, extra)
    notes = json.loads((extra / "pygame-ce" / "libraries.json").read_text(encoding="utf-8"))
    del notes["bundled"]["libSDL2-2"]
    (extra / "pygame-ce" / "libraries.json").write_text(json.dumps(notes), encoding="utf-8")
    sdl = next(library for library in LIBS if library.name.startswith("libSDL2-2-"))
    bundled = [[f"pygame_ce.libs/{sdl.name}", str(sdl), "BINARY"]]
    with pytest.raises(notices.Untraced, match=f"pygame_ce.libs/{sdl.name}: a library pygame-ce's wheel"):
        notices.gather(bundled, tmp_path / "folder", extra=extra, bootloader=None)
    assert not (tmp_path / "folder" / "licenses").exists()  # nothing half-written


def test_ours_the_standard_library_and_strangers():
    tracer = notices.Tracer()
    ours = tracer.part_of(ROOT / "bluffhouse" / "assets" / "fonts" / "DejaVuSans.ttf")
    assert ours.key == "bluffhouse" and sorted(ours.notices.values()) == ["LICENSE", "LICENSE-DejaVu.txt"]
    python = tracer.part_of(Path(sysconfig.get_path("stdlib")) / "json" / "__init__.py")
    assert python.key == f"python-{sys.version.split()[0]}" and python.notices
    stranger = ROOT / ".pytest_cache" / "nobody.so"
    assert tracer.part_of(stranger) is None  # a file of the checkout outside every package is not ours
    assert tracer.part_of(Path("/opt/nowhere/libnobody.so.1")) is None


@pytest.mark.skipif(shutil.which("dpkg-query") is None, reason="Debian's package database")
def test_a_system_library_brings_its_debian_copyright_file():
    found = [
        Path(p)
        for p in ("/usr/lib/x86_64-linux-gnu/libz.so.1", "/lib/x86_64-linux-gnu/libz.so.1")
        if Path(p).exists()
    ]
    if not found:
        pytest.skip("no zlib in the usual place")
    part = notices.Tracer().part_of(found[-1])
    assert part.key == "debian-zlib1g" and "copyright" in part.notices.values()


def test_the_index_says_which_notices_cover_each_file(tmp_path):
    stdlib = Path(sysconfig.get_path("stdlib"))
    sdl = next(library for library in LIBS if library.name.startswith("libSDL2-2-"))
    bundled = [
        ["json", str(stdlib / "json" / "__init__.py"), "PYMODULE"],
        ["base_library.zip", str(tmp_path / "base_library.zip"), "DATA"],
        ["pygame/__init__.py", str(PYGAME.locate_file("pygame/__init__.py")), "DATA"],
        [f"pygame_ce.libs/{sdl.name}", str(sdl), "BINARY"],
        [
            "assets/fonts/DejaVuSans.ttf",
            str(ROOT / "bluffhouse" / "assets" / "fonts" / "DejaVuSans.ttf"),
            "DATA",
        ],
    ]
    (tmp_path / "base_library.zip").write_bytes(b"")
    parts = notices.gather(bundled, tmp_path, bootloader=None)
    assert parts[0].key == "bluffhouse"  # ours first, then by name
    covered = notices.read_index(tmp_path)
    font = "_internal/assets/fonts/DejaVuSans.ttf"
    assert set(covered) == {
        "_internal/base_library.zip",
        "_internal/pygame/__init__.py",
        f"_internal/pygame_ce.libs/{sdl.name}",
        font,
    }
    assert "pygame-ce-2.5.8/LICENSE.sdl2.txt" in covered[f"_internal/pygame_ce.libs/{sdl.name}"]
    assert "pygame-ce-2.5.8/LGPL.txt" in covered["_internal/pygame/__init__.py"]
    assert covered[font] == ["bluffhouse/LICENSE", "bluffhouse/LICENSE-DejaVu.txt"]
    for notices_of_file in covered.values():
        assert all((tmp_path / "licenses" / n).is_file() for n in notices_of_file)
    text = (tmp_path / "licenses" / "README.txt").read_text(encoding="utf-8")
    assert "modules:\n  json\n" in text  # a module inside the program's archive: the standard library's
