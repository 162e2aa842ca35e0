"""Where the game keeps things (scenes/shell/folders.py) on each platform, the overrides, and the log
file (scenes/shell/log_file.py): warnings with their reason, rotated, never in the way."""

from __future__ import annotations

import logging
import sys
from pathlib import Path, PureWindowsPath

import pytest
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

from bluffhouse.scenes.shell import folders
from bluffhouse.scenes.shell.folders import APP, data_folder, log_file, settings_file
from bluffhouse.scenes.shell.log_file import LogFile, keep_log, stop_log
from bluffhouse.scenes.shell.records import records_path
from bluffhouse.scenes.shell.settings import settings_path

XDG = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME")


@pytest.fixture
def home(monkeypatch, tmp_path) -> Path:
    """A home of its own, no XDG variables, no overrides."""
    for name in (*XDG, "BLUFFHOUSE_SETTINGS", "BLUFFHOUSE_DATA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "ana"))
    return tmp_path / "ana"


def places(dirs) -> tuple[Path, Path, Path]:
    return settings_file(dirs), data_folder(dirs), log_file(dirs)


def test_linux_keeps_settings_records_and_the_log_in_the_xdg_folders(home):
    dirs = Unix(APP, appauthor=False)
    assert places(dirs) == (
        home / ".config/bluffhouse/settings.json",
        home / ".local/share/bluffhouse",
        home / ".local/state/bluffhouse/log/bluffhouse.log",
    )


def test_linux_follows_absolute_xdg_variables_and_ignores_relative_ones(home, monkeypatch, tmp_path):
    for name in XDG:
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    dirs = Unix(APP, appauthor=False)
    assert places(dirs) == (
        tmp_path / "xdg_config_home/bluffhouse/settings.json",
        tmp_path / "xdg_data_home/bluffhouse",
        tmp_path / "xdg_state_home/bluffhouse/log/bluffhouse.log",
    )
    for name in XDG:  # "All paths set in these environment variables must be absolute" (XDG spec)
        monkeypatch.setenv(name, "relative/folder")
    assert (
        places(dirs)
        == places(Unix(APP, appauthor=False))
        == (
            home / ".config/bluffhouse/settings.json",
            home / ".local/share/bluffhouse",
            home / ".local/state/bluffhouse/log/bluffhouse.log",
        )
    )


def test_windows_keeps_all_three_under_local_appdata(home, monkeypatch):
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", r"C:\Users\ana\AppData\Local")  # platformdirs' own
    monkeypatch.setenv("WIN_PD_OVERRIDE_APPDATA", r"C:\Users\ana\AppData\Roaming")
    settings, data, log = map(lambda p: PureWindowsPath(str(p)), places(Windows(APP, appauthor=False)))
    assert settings == PureWindowsPath(r"C:\Users\ana\AppData\Local\bluffhouse\settings.json")
    assert data == PureWindowsPath(r"C:\Users\ana\AppData\Local\bluffhouse")  # the same folder: one place
    assert log == PureWindowsPath(r"C:\Users\ana\AppData\Local\bluffhouse\Logs\bluffhouse.log")


def test_macos_keeps_them_in_application_support_and_the_log_in_library_logs(home):
    support = home / "Library/Application Support/bluffhouse"
    log = home / "Library/Logs/bluffhouse/bluffhouse.log"
    assert places(MacOS(APP, appauthor=False)) == (support / "settings.json", support, log)


def test_the_pictures_kept_between_runs_go_to_the_cache_folder_or_under_the_data_override(home, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert folders.cache_folder(Unix(APP, appauthor=False)) == home / ".cache/bluffhouse"
    assert folders.cache_folder(MacOS(APP, appauthor=False)) == home / "Library/Caches/bluffhouse"
    assert folders.cache_folder() == folders.cache_folder(folders.platform_dirs())
    monkeypatch.setenv("BLUFFHOUSE_DATA", str(home / "elsewhere"))  # (a test run: nothing in the player's)
    assert folders.cache_folder() == home / "elsewhere" / "cache"


def test_this_platforms_folders_are_the_ones_the_game_uses(home):
    dirs = folders.platform_dirs()
    assert settings_path() == settings_file(dirs) and records_path() == data_folder(dirs) / "records.sqlite3"
    assert log_file() == log_file(dirs) and str(home) in str(log_file())


@pytest.mark.skipif(sys.platform != "linux", reason="the XDG variables are Linux's")
def test_a_relative_xdg_config_home_is_not_used_as_it_is(home, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", "config")  # would have put settings.json under the working folder
    monkeypatch.setenv("XDG_DATA_HOME", "data")
    assert settings_path() == home / ".config/bluffhouse/settings.json"
    assert records_path() == home / ".local/share/bluffhouse/records.sqlite3"


def test_the_overrides_come_first_and_the_log_follows_the_data_folder(home, monkeypatch, tmp_path):
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "mine.json"))
    monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "data"))
    assert places(Unix(APP, appauthor=False)) == (
        tmp_path / "mine.json",
        tmp_path / "data",
        tmp_path / "data" / "bluffhouse.log",
    )
    assert settings_path() == tmp_path / "mine.json" and records_path() == tmp_path / "data/records.sqlite3"


def test_a_user_without_a_home_keeps_things_in_the_temporary_folder(home):
    class Homeless:
        @property
        def user_config_dir(self) -> str:
            raise RuntimeError("could not determine the home directory for '~/.config'")

    assert settings_file(Homeless()).parent.name == APP  # type: ignore[arg-type]


# -- the log --------------------------------------------------------------------------------------


@pytest.fixture
def kept(monkeypatch, tmp_path):
    monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "data"))
    handler = keep_log()
    yield handler
    stop_log()


def test_a_warning_goes_to_the_log_file_with_its_reason_and_to_the_terminal(kept, tmp_path, capsys):
    path = tmp_path / "data" / "bluffhouse.log"
    assert not path.parent.exists()  # nothing made, imported or opened before the first warning
    logging.getLogger("bluffhouse.scenes.shell.settings").warning(
        "bluffhouse: the settings file %s %s", "x", "is bad"
    )
    logging.getLogger("bluffhouse.scenes.ui.sound").info(
        "sound is off: no device"
    )  # below a warning: not kept
    text = path.read_text(encoding="utf-8")
    assert text.count("\n") == 1
    assert " WARNING bluffhouse.scenes.shell.settings: bluffhouse: the settings file x is bad\n" in text
    assert capsys.readouterr().err == "bluffhouse: the settings file x is bad\n"
    assert kept.path == path and kept.failed is None


def test_keep_log_twice_keeps_one_pair_of_handlers(kept):
    keep_log()
    ours = [
        h for h in logging.getLogger().handlers if type(h).__module__ == "bluffhouse.scenes.shell.log_file"
    ]
    assert len(ours) == 2


def test_the_log_rolls_over_and_keeps_two_old_files(tmp_path):
    handler = LogFile(lambda: tmp_path / "logs" / "game.log", max_bytes=400)
    logger = logging.getLogger("test_folders.rolling")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        for n in range(60):
            logger.error("error number %d with a reason long enough to fill the file", n)
    finally:
        logger.removeHandler(handler)
        handler.close()
    names = sorted(p.name for p in (tmp_path / "logs").iterdir())
    assert names == ["game.log", "game.log.1", "game.log.2"]
    assert "error number 59 " in (tmp_path / "logs" / "game.log").read_text(encoding="utf-8")
    assert all(p.stat().st_size <= 400 for p in (tmp_path / "logs").iterdir())


def test_a_log_file_that_cannot_be_written_is_said_once_and_the_game_goes_on(tmp_path, capsys):
    (tmp_path / "a-file").write_text("not a folder")
    handler = LogFile(lambda: tmp_path / "a-file" / "bluffhouse.log")
    logger = logging.getLogger("test_folders.blocked")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("first")
        logger.error("second")
    finally:
        logger.removeHandler(handler)
        handler.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"bluffhouse: cannot write the log file {tmp_path / 'a-file' / 'bluffhouse.log'} (")
    assert handler.failed


def test_a_damaged_settings_file_is_in_the_log_of_the_run_that_found_it(monkeypatch, tmp_path, capsys):
    from kit import main_here

    settings = tmp_path / "settings.json"  # main_here's settings file
    settings.write_text("{ not json", encoding="utf-8")
    monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "data"))
    try:
        ran = main_here(
            "--frames",
            "1",
            "--seed",
            "1",
            "--mute",
            tmp_path=tmp_path,
            monkeypatch=monkeypatch,
            capsys=capsys,
        )
    finally:
        stop_log()
    assert ran.code == 0
    logged = (tmp_path / "data" / "bluffhouse.log").read_text(encoding="utf-8")
    why = "is not JSON (Expecting property name"
    assert (
        f"WARNING bluffhouse.scenes.shell.settings: bluffhouse: the settings file {settings} {why}" in logged
    )
    assert "settings.json.damaged-" in logged  # where it went
