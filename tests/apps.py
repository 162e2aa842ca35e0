"""The app as the tests build it, and the keys and frames they give it: one place for what about
twenty test files each wrote out (settings and data env, the App, its menu, press and step).

    app = new_app(tmp_path, monkeypatch, seed=3)   # its own settings file, the menu on top
    press(app, pygame.K_RETURN, frames=2)          # pressed and let go, then two frames
    steps(app, 30)

Each test file keeps the seed it always had (the seed decides the game it plays) and says so
where it builds its app; `app_fixture(seed=…)` makes the usual fixture of one.
"""

from __future__ import annotations

import pygame
import pytest

from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.shell.app import App

DT = 1 / 60


def new_app(tmp_path=None, monkeypatch=None, *, seed: int, mute: bool = True, menu: bool = True,
            first_frame: float | None = None, data: bool = False) -> App:  # fmt: skip
    """An App with its own settings file under tmp_path (and its own records folder when data),
    the main menu pushed (entered with one frame of first_frame seconds, when given), and no
    event left in the queue. Without tmp_path it keeps the settings file the test chose."""
    if tmp_path is not None:
        monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
        if data:
            monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "data"))
    app = App(seed=seed, home=MenuScene, mute=mute)
    pygame.event.clear()
    if menu:
        app.stack.push(MenuScene(app))
        if first_frame is None:
            app.stack.apply()
        else:
            app.step(first_frame)
    pygame.event.clear()
    return app


def app_fixture(**options):
    """A fixture `app`: new_app(tmp_path, monkeypatch, **options), the event queue emptied after."""

    @pytest.fixture
    def app(tmp_path, monkeypatch):
        made = new_app(tmp_path, monkeypatch, **options)
        yield made
        pygame.event.clear()

    return app


@pytest.fixture
def settings_file(tmp_path, monkeypatch):
    """The test's own settings file, not written yet: a test writes it, then builds its app."""
    path = tmp_path / "settings.json"
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(path))
    return path


def key(code: int, down: bool = True) -> None:
    """A key pressed (or let go) at the keyboard, as the event queue gets it."""
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))


def steps(app: App, frames: int = 1, dt: float = DT, draw: bool | None = None) -> None:
    """frames frames of dt seconds (draw: as App.step takes it)."""
    for _ in range(frames):
        app.step(dt, draw=draw)


def press(app: App, *codes: int, frames: int = 1, dt: float = DT, release: bool = True,
          draw: bool | None = None) -> None:  # fmt: skip
    """Each key pressed and let go (release False: only pressed), then frames frames of dt."""
    for code in codes:
        key(code)
        if release:
            key(code, down=False)
        steps(app, frames, dt, draw)
