"""The settings file under attack: damaged, huge, deep, not a file; kept aside, never lost, written safely."""

import json
import logging
import os
import threading
from pathlib import Path

import pygame
import pytest

from bluffhouse.scenes.shell.app import App, Settings
from bluffhouse.scenes.shell.settings import MAX_BYTES, MAX_DEPTH, too_deep
from bluffhouse.scenes.shell.settings_schema import DEFAULT_SETTINGS, SCHEMA, check
from bluffhouse.scenes.ui.lang import t


def said_all(messages):
    """Messages kept as words, in the current language."""
    return [m.text() for m in messages]


def backups(folder: Path) -> list[Path]:
    return sorted(folder.glob("settings.json.damaged-*"))


def load(path: Path, timeout: float = 10.0) -> Settings:
    """Settings(path) in a thread, so a start-up that hangs fails the test instead of hanging it."""
    out: list = []
    worker = threading.Thread(target=lambda: out.append(Settings(path)), daemon=True)
    worker.start()
    worker.join(timeout)
    assert out, "loading the settings hung"
    return out[0]


def assert_valid(settings: Settings) -> None:
    """Every setting the game knows holds a value of its type and range."""
    for key, value in settings.data.items():
        if key in SCHEMA:
            assert check(key, value) == value, key
    for key, default in DEFAULT_SETTINGS.items():
        assert type(settings[key]) is type(default), key


# -- damaged files are moved aside, the player is told once ----------------------------


@pytest.mark.parametrize(
    "content",
    [
        b"{ this is not json",
        b"",
        b"\xff\xfe\x00garbage",
        b"[1, 2]",
        b'"muted"',
        b"null",
        b'{"volume": NaN}',
        b'{"a": 1e999999}' + b" " * 10,
        b"{" * 5 + b"}" * 5,
    ],
)
def test_a_damaged_file_is_moved_to_a_dated_backup_and_the_defaults_are_used(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings = load(path)
    assert settings.data == DEFAULT_SETTINGS
    [backup] = backups(tmp_path)
    assert backup.read_bytes() == content  # the original bytes are kept, every one
    assert backup.name.startswith("settings.json.damaged-20") and len(backup.name) == 37
    assert said_all(settings.messages) == [t("app.settings_damaged", path=str(backup))]
    assert not path.exists()
    settings["muted"] = True  # the first change writes a fresh file; the backup stays
    settings.flush()
    assert json.loads(path.read_text())["muted"] is True and backup.read_bytes() == content


def test_the_player_sees_where_the_damaged_file_went_once(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text("{oops", encoding="utf-8")
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(path))
    app = App(seed=1)
    [backup] = backups(tmp_path)
    assert [toast.text for toast in app.toasts] == [t("app.settings_damaged", path=str(backup))]
    assert app.toasts[0].time >= 5  # long enough to read a path
    for _ in range(3):
        app.step(1 / 60)
    assert len(app.toasts) == 1
    again = App(seed=1)  # the next start finds no damage and says nothing
    assert again.toasts == [] and len(backups(tmp_path)) == 1
    pygame.event.clear()


def test_two_damaged_files_in_the_same_second_get_two_backups(tmp_path, monkeypatch):
    monkeypatch.setattr("bluffhouse.scenes.shell.settings.time.strftime", lambda fmt: "20240101-120000")
    path = tmp_path / "settings.json"
    for content in (b"one{", b"two{"):
        path.write_bytes(content)
        load(path)
    assert [b.read_bytes() for b in backups(tmp_path)] == [b"one{", b"two{"]


def test_deep_nesting_does_not_stop_the_game_from_starting(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    settings = load(path)
    assert settings.data == DEFAULT_SETTINGS and len(backups(tmp_path)) == 1
    assert too_deep("[" * (MAX_DEPTH + 1)) and not too_deep("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert not too_deep('{"a": "' + "[" * 1000 + '"}')  # brackets inside strings do not count


def test_a_file_over_the_size_cap_is_not_read(tmp_path):
    path = tmp_path / "settings.json"
    blob = json.dumps({"muted": True, "padding": "x" * MAX_BYTES}).encode()
    path.write_bytes(blob)
    settings = load(path)
    assert settings["muted"] is False  # not one byte of it was used
    [backup] = backups(tmp_path)
    assert backup.read_bytes() == blob


def test_a_fifo_in_place_of_the_file_does_not_hang_the_start(tmp_path):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    settings = load(path, timeout=5)
    assert settings.data == DEFAULT_SETTINGS
    [backup] = backups(tmp_path)
    assert backup.is_fifo()  # moved aside as it is, never opened
    settings["volume"] = 0.5
    settings.flush()
    assert path.is_file() and json.loads(path.read_text())["volume"] == 0.5


def test_a_link_to_dev_zero_is_not_read(tmp_path):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    path = tmp_path / "settings.json"
    path.symlink_to("/dev/zero")
    settings = load(path, timeout=5)
    assert settings.data == DEFAULT_SETTINGS
    [backup] = backups(tmp_path)
    assert backup.is_symlink() and os.readlink(backup) == "/dev/zero"  # the link moved, not /dev/zero
    settings["muted"] = True
    settings.flush()
    assert path.is_file() and not path.is_symlink()


def test_a_folder_in_place_of_the_file_is_never_moved_or_written(tmp_path):
    path = tmp_path / "settings.json"
    path.mkdir()
    (path / "keep.txt").write_text("mine")
    settings = load(path)
    assert settings.data == DEFAULT_SETTINGS and not settings.writable
    assert said_all(settings.messages) == [t("app.settings_not_a_file", path=str(path))]
    settings["muted"] = True  # kept for this run only
    settings.flush()
    assert settings["muted"] is True
    assert path.is_dir() and (path / "keep.txt").read_text() == "mine" and backups(tmp_path) == []


def test_a_link_to_a_good_file_is_followed_and_kept(tmp_path):
    real = tmp_path / "dotfiles" / "bluffhouse.json"
    real.parent.mkdir()
    real.write_text(json.dumps({"volume": 0.25}))
    path = tmp_path / "settings.json"
    path.symlink_to(real)
    settings = load(path)
    assert settings["volume"] == 0.25
    settings["muted"] = True
    settings.flush()
    assert path.is_symlink() and json.loads(real.read_text())["muted"] is True


def test_a_file_that_cannot_be_moved_aside_is_never_written_over(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_bytes(b"{broken")

    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("bluffhouse.scenes.shell.settings.os.rename", refuse)
    settings = load(path)
    assert not settings.writable and said_all(settings.messages) == [t("app.settings_stuck", path=str(path))]
    settings["muted"] = True
    settings.flush()
    assert path.read_bytes() == b"{broken"


# -- values of the wrong type or range ---------------------------------------------------


GOOD = {
    "muted": True,
    "volume": 0.3,
    "fullscreen": True,
    "language": "hu",
    "name": "Zoë",
    "duel.mode": "people",
    "duel.level": "hard",
    "duel.points": 5,
    "duel.opening": "proposer_decides",
    "duel.coach": "both",
    "duel.names": ["Ana", ""],
    "duel.keys": {"0": {"challenge": pygame.K_q, "peek": pygame.K_w}, "1": {"challenge": pygame.K_o}},
    "setup.bullets": {
        "seats": [
            {"name": "You", "kind": "person", "custom": False},
            {"name": "Ben", "kind": "hard", "custom": True},
        ],
        "options": {"rounds": 2, "challenge_window": 3.0},
    },
}
BAD = [
    ("muted", "yes"),
    ("muted", 1),
    ("volume", "loud"),
    ("volume", 2),
    ("volume", -0.1),
    ("volume", True),
    ("volume", None),
    ("fullscreen", [True]),
    ("language", 5),
    ("language", "../../etc"),
    ("language", "x" * 100),
    ("name", 5),
    ("name", {"a": 1}),
    ("name", "\u202e"),
    ("name", "\u034f\ufe0f"),
    ("name", ""),
    ("name", None),
    ("duel.mode", "aliens"),
    ("duel.level", 3),
    ("duel.points", 0),
    ("duel.points", 10),
    ("duel.points", 2.5),
    ("duel.points", True),
    ("duel.opening", None),
    ("duel.coach", 1),
    ("duel.names", "Ana"),
    ("duel.names", ["Ana"]),
    ("duel.names", ["Ana", 5]),
    ("duel.keys", [1, 2]),
    ("duel.keys", "q"),
    ("setup.bullets", "garbage"),
    ("setup.kamu", {"seats": [None, None]}),
    ("setup.kamu", {"seats": [{"name": "A", "kind": "wizard"}, {"name": "B", "kind": "easy"}]}),
    ("setup.bullets", {"seats": [{"name": "\u200b", "kind": "easy"}, {"name": "B", "kind": "easy"}]}),
    ("setup.bullets", {"seats": [{"name": "A", "kind": "easy"}] * 9}),
]


def test_every_good_value_is_kept_as_it_is(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(GOOD))
    settings = load(path)
    assert settings.messages == [] and backups(tmp_path) == []
    for key, value in GOOD.items():
        assert settings[key] == value, key
    assert set(GOOD) <= set(SCHEMA)


@pytest.mark.parametrize(("key", "value"), BAD)
def test_a_value_of_the_wrong_type_or_range_is_dropped_with_a_log_line_and_a_message(
    tmp_path, caplog, key, value
):
    path = tmp_path / "settings.json"
    good = "muted" if key == "fullscreen" else "fullscreen"  # a good neighbour stays
    original = json.dumps({key: value, good: True, "from_a_newer_version": [1, {"x": 2}]})
    path.write_text(original)
    with caplog.at_level(logging.WARNING, logger="bluffhouse.scenes.shell.settings"):
        settings = load(path)
    assert key not in settings.data or settings[key] == DEFAULT_SETTINGS.get(key)
    assert settings[good] is True and settings["from_a_newer_version"] == [1, {"x": 2}]
    assert any(key in record.getMessage() for record in caplog.records)
    [backup] = backups(tmp_path)
    assert backup.read_text() == original
    assert said_all(settings.messages) == [t("app.settings_reset", keys=key, path=str(backup))]
    assert json.loads(path.read_text()) == settings.data  # the cleaned settings are saved at once
    assert_valid(settings)


@pytest.mark.parametrize(
    ("value", "kept"),
    [
        ({"0": {"challenge": 2**40, "peek": pygame.K_w}}, {"0": {"peek": pygame.K_w}}),
        ({"0": {"challenge": -3}, "1": {"peek": 0x110000}}, {}),
        ({"0": {"challenge": True}, "1": {"challenge": 1.5, "peek": "q"}}, {}),
        ({"5": {"challenge": pygame.K_q}, "0": {"dance": pygame.K_q}}, {}),
    ],
)
def test_duel_key_codes_are_checked_against_what_pygame_accepts(tmp_path, value, kept):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"duel.keys": value}))
    assert load(path)["duel.keys"] == kept


def test_a_name_with_control_characters_is_cleaned_and_the_old_file_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"name": "Zo\u0000ë\u202e  \u200bBo"}))
    settings = load(path)
    assert settings["name"] == "Zoë Bo" and len(backups(tmp_path)) == 1


def test_a_change_to_a_bad_value_is_refused_and_not_saved(tmp_path, caplog):
    settings = load(tmp_path / "settings.json")
    with caplog.at_level(logging.WARNING, logger="bluffhouse.scenes.shell.settings"):
        settings["volume"] = float("nan")
        settings.flush()
        settings["duel.points"] = 99
        settings.flush()
    assert settings["volume"] == 0.8 and "duel.points" not in settings
    assert len(caplog.records) == 2 and not (tmp_path / "settings.json").exists()


# -- writing -----------------------------------------------------------------------------


def test_writes_go_through_a_synced_temp_file_in_the_same_folder(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(
        "bluffhouse.scenes.shell.settings.os.fsync", lambda fd: calls.append("fsync") or real_fsync(fd)
    )
    monkeypatch.setattr(
        "bluffhouse.scenes.shell.settings.os.replace",
        lambda a, b: calls.append(("replace", Path(a).parent, Path(b))) or real_replace(a, b),
    )
    settings = load(path)
    settings["muted"] = True
    settings.flush()
    assert calls == ["fsync", ("replace", tmp_path, path), "fsync"]  # file, rename, folder
    assert json.loads(path.read_text())["muted"] is True
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_temp_files_left_by_a_killed_game_are_removed_at_start(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"muted": True}))
    for name in ("settings.json.tmp", "settings.json.abc123.tmp", "other.tmp"):
        (tmp_path / name).write_text("{half")
    settings = load(path)
    assert settings["muted"] is True
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.tmp", "settings.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"muted": True}))
    settings = load(path)

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("bluffhouse.scenes.shell.settings.os.fsync", full_disk)
    settings["volume"] = 0.1
    settings.flush()
    assert json.loads(path.read_text()) == {"muted": True}
    assert said_all(settings.messages) == [t("app.settings_unsaved")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]
