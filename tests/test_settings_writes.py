"""Settings writes off the frame (issue 23): a press never waits for the disk on the game thread.

Options presses and M change the settings at once, but the file is written once the value
settles, by a thread of its own (or at once when the Options close or the game quits), still
atomically. A file that could only be written again shorter is kept as a .damaged- copy first.
"""

from __future__ import annotations

import json
import os
import threading
import time

import kit
import pygame
import pytest

from bluffhouse.scenes.options import OptionsScene
from bluffhouse.scenes.shell.settings import MAX_BYTES, SETTLE, Settings
from bluffhouse.scenes.shell.settings_schema import SCHEMA
from bluffhouse.scenes.ui.lang import set_language, t

DT = 1 / 60


@pytest.fixture
def fsyncs(monkeypatch):
    """The thread of every fsync."""
    calls: list[str] = []
    real = os.fsync

    def fsync(fd):
        calls.append(threading.current_thread().name)
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return calls


@pytest.fixture
def app(tmp_path, monkeypatch):
    set_language("en")
    return kit.new_app(tmp_path, monkeypatch, seed=1)


press = kit.Pace(dt=DT).press


def settled(settings: Settings, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while settings.pending and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not settings.pending, "the change never settled"


def test_presses_in_the_options_and_m_never_fsync_on_the_game_thread(app, fsyncs, tmp_path):
    options = OptionsScene(app)
    app.stack.push(options)
    app.stack.apply()
    options.menu.focus = options.keys.index("volume")
    writes = app.settings.writes
    for _ in range(6):
        press(app, pygame.K_LEFT)  # the volume, a step a frame
    for _ in range(5):
        press(app, pygame.K_m)  # and M, five times
    main = threading.main_thread().name
    assert main not in fsyncs  # no press waited for the disk
    assert app.settings.pending
    settled(app.settings)
    assert app.settings.writes - writes == 1  # eleven presses, one file written once they settled
    assert fsyncs and all(name == "bluffhouse-settings" for name in fsyncs)
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["volume"] == app.settings["volume"] and saved["muted"] is app.sound.muted


def test_closing_the_options_writes_at_once(app, tmp_path):
    options = OptionsScene(app)
    app.stack.push(options)
    app.stack.apply()
    options.menu.focus = options.keys.index("volume")
    press(app, pygame.K_LEFT)
    assert app.settings.pending
    press(app, pygame.K_ESCAPE)  # the screen closes: no waiting for the change to settle
    assert not app.settings.pending
    assert json.loads((tmp_path / "settings.json").read_text())["volume"] == app.settings["volume"]


def test_many_changes_while_writing_end_with_the_last_values_on_disk(tmp_path):
    settings = Settings(tmp_path / "settings.json")
    for step in range(200):
        settings["volume"] = round(0.1 * (step % 11), 1)
        settings["muted"] = step % 2 == 0
        if step % 40 == 0:
            time.sleep(SETTLE * 1.2)  # let the writer thread start a write now and then
    settled(settings)
    assert json.loads((tmp_path / "settings.json").read_text()) == settings.data
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary file left


def test_a_file_that_would_be_written_shorter_is_kept_as_a_damaged_copy_first(tmp_path):
    path = tmp_path / "settings.json"
    newer = {"muted": False, "future.blob": "x" * (MAX_BYTES - 200)}  # a newer version's big key
    original = json.dumps(newer).encode("utf-8")
    path.write_bytes(original)
    settings = Settings(path)
    assert settings["future.blob"] and settings.messages == []  # kept while it fits
    settings["duel.names"] = ["W" * 16, "V" * 16]
    settings["name"] = "N" * 16
    settings.flush()
    backups = sorted(tmp_path.glob("settings.json.damaged-*"))
    assert len(backups) == 1 and backups[0].read_bytes() == original  # every byte kept
    assert set(json.loads(path.read_text())) <= set(SCHEMA)
    [said] = settings.drain_messages()
    assert said.text() == t("app.settings_trimmed", path=str(backups[0]))
