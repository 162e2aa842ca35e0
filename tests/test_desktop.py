"""`bluffhouse --install-desktop`: a valid menu entry that starts this copy of the game, and its icons."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bluffhouse import desktop
from bluffhouse.cli import WINDOW_CLASS_HINTS

ROOT = Path(__file__).resolve().parent.parent
ESCAPES = {"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}
ARGUMENT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1)


def parse_exec(value: str) -> list[str]:
    """A desktop entry's Exec value back into arguments, as a launcher reads it (the spec's rules)."""
    text, i = [], 0
    while i < len(value):  # the string type's escapes first
        if value[i] == "\\" and i + 1 < len(value):
            text.append(ESCAPES.get(value[i + 1], value[i + 1]))
            i += 2
        else:
            text.append(value[i])
            i += 1
    line, args, word, quoted, started, i = "".join(text), [], [], False, False, 0
    while i < len(line):
        char = line[i]
        if quoted and char == "\\" and line[i + 1] in '"`$\\':
            word.append(line[i + 1])
            i += 2
            continue
        if char == '"':
            quoted, started = not quoted, True
        elif char == " " and not quoted:
            if started:
                args.append("".join(word))
            word, started = [], False
        else:
            word.append(char)
            started = True
        i += 1
    assert not quoted, "an unclosed quote"
    if started:
        args.append("".join(word))
    return [arg.replace("%%", "%") for arg in args]


def fields(text: str) -> dict[str, str]:
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:])


def test_plain_paths_stay_plain_and_odd_ones_are_quoted():
    assert desktop.exec_line(["/usr/bin/bluffhouse"]) == "/usr/bin/bluffhouse"
    assert desktop.exec_line(["/home/zoë/My Games/bluffhouse"]) == '"/home/zoë/My Games/bluffhouse"'
    assert desktop.exec_line(["/opt/50%/x"]) == "/opt/50%%/x"
    assert desktop.exec_line(['/a "b" $c\\d']) == '"/a \\\\"b\\\\" \\\\$c\\\\\\\\d"'


@given(st.lists(ARGUMENT, min_size=1, max_size=4))
def test_any_arguments_come_back_as_they_were(argv):
    assert parse_exec(desktop.exec_line(argv)) == argv


def test_the_entry_names_the_game_its_icon_and_window_class_with_a_comment_in_every_language():
    entry = fields(desktop.entry(["/opt/bluffhouse/bluffhouse"], desktop.taglines()))
    assert entry["Name"] == "Bluffhouse" and entry["Type"] == "Application" and entry["Terminal"] == "false"
    assert entry["Icon"] == entry["StartupWMClass"] == desktop.APP_ID
    assert entry["Exec"] == "/opt/bluffhouse/bluffhouse" and "Game;" in entry["Categories"]
    assert entry["Comment"].startswith("Three bluffing games")
    assert {key[8:-1] for key in entry if key.startswith("Comment[")} == {"es", "fr", "hu"}
    assert entry["Comment[hu]"].startswith("Három blöffjáték")


def test_the_window_class_the_entry_looks_for_is_the_one_the_game_asks_sdl_for(tmp_path, monkeypatch, capsys):
    # main() in this process (a start costs 0.3 s): SDL reads the hints when the window opens, so
    # they are looked at as the App opens it, not after the run
    from kit import main_here

    import bluffhouse.scenes.shell.app

    seen = []
    opening = bluffhouse.scenes.shell.app.App.__init__

    def open_window(app, *args, **kwargs):
        seen.append([os.environ.get(hint) for hint in WINDOW_CLASS_HINTS])
        opening(app, *args, **kwargs)

    monkeypatch.setattr(bluffhouse.scenes.shell.app.App, "__init__", open_window)
    ran = main_here("--frames", "1", tmp_path=tmp_path, monkeypatch=monkeypatch, capsys=capsys)
    assert ran.code == 0, ran.err
    assert "SDL_VIDEO_X11_WMCLASS" in WINDOW_CLASS_HINTS and "SDL_VIDEO_WAYLAND_WMCLASS" in WINDOW_CLASS_HINTS
    assert seen == [[desktop.APP_ID] * len(WINDOW_CLASS_HINTS)]


def test_install_writes_the_entry_and_every_icon_size(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "argv", [str(ROOT / "main.py")])
    code, line = desktop.install(tmp_path)
    assert code == 0 and "\n" not in line and str(tmp_path) in line
    written = tmp_path / "applications" / "bluffhouse.desktop"
    entry = fields(written.read_text(encoding="utf-8"))
    assert parse_exec(entry["Exec"]) == [str(Path(sys.executable).absolute()), str(ROOT / "main.py")]
    sizes = sorted(desktop.icons())
    assert sizes == [16, 24, 32, 48, 64, 128, 256]
    for size in sizes:
        icon = tmp_path / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "bluffhouse.png"
        assert icon.read_bytes() == desktop.icons()[size].read_bytes()
    validator = shutil.which("desktop-file-validate")  # Debian's desktop-file-utils, where installed
    if validator:
        result = subprocess.run([validator, str(written)], capture_output=True, text=True, check=False)
        assert result.returncode == 0 and result.stdout == "", result.stdout


@pytest.mark.parametrize(
    ("argv0", "frozen", "expected"),
    [
        ("/home/ana/.local/bin/bluffhouse", False, ["/home/ana/.local/bin/bluffhouse"]),
        ("/x/site-packages/bluffhouse/__main__.py", False, ["{python}", "-m", "bluffhouse"]),
        ("/src/bluffhouse/main.py", False, ["{python}", "/src/bluffhouse/main.py"]),
        ("whatever", True, ["/games/Bluffhouse/bluffhouse"]),
    ],
)
def test_the_entry_starts_this_very_copy_of_the_game(monkeypatch, argv0, frozen, expected):
    monkeypatch.setattr(sys, "argv", [argv0])
    if frozen:
        monkeypatch.setattr(sys, "frozen", True, raising=False)
        monkeypatch.setattr(sys, "executable", "/games/Bluffhouse/bluffhouse")
    python = str(Path(sys.executable).absolute())
    assert desktop.start_command() == [word.replace("{python}", python) for word in expected]


def test_a_folder_that_cannot_be_written_is_one_line_and_exit_code_1(tmp_path):
    (tmp_path / "applications").write_text("a file where the folder should be")
    code, line = desktop.install(tmp_path)
    assert code == 1 and line.startswith("bluffhouse: could not write") and "\n" not in line


def test_the_command_line_option_writes_into_xdg_data_home(tmp_path):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "share"))
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--install-desktop"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("bluffhouse: wrote ") and len(result.stdout.splitlines()) == 1
    assert (tmp_path / "share" / "applications" / "bluffhouse.desktop").is_file()
