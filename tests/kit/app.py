"""The app as the tests build it, and the keys, clicks and frames they give it (see tests/kit)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pytest

import bluffhouse.scenes.shell.registry as scene_registry
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.screens import register_all
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.scene import Scene

DT = 1 / 60
K = pygame


# -- the app -------------------------------------------------------------------------------------


def new_app(
    tmp_path=None,
    monkeypatch=None,
    *,
    seed: int,
    mute: bool = True,
    menu: bool = True,
    first_frame: float | None = None,
    data: bool = False,
) -> App:
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


def own_registry(monkeypatch, fresh: bool = False) -> None:
    """The screen registry the test's own while it runs: a copy of it (what the test registers
    stays its own), or (fresh) an empty one filled with every screen again."""
    if fresh:
        monkeypatch.setattr(scene_registry, "SCENES", {})
        register_all()
    else:
        monkeypatch.setattr(scene_registry, "SCENES", dict(scene_registry.SCENES))


def app_fixture(*, registry: str | None = None, **options):
    """A fixture `app`: new_app(tmp_path, monkeypatch, **options), the event queue emptied after;
    registry "copy" or "fresh": the test's own screen registry first (own_registry)."""

    @pytest.fixture
    def app(tmp_path, monkeypatch):
        if registry is not None:
            own_registry(monkeypatch, fresh=registry == "fresh")
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


# -- keys, clicks and frames ---------------------------------------------------------------------


def key(code: int, down: bool = True) -> None:
    """A key pressed (or let go) at the keyboard, as the event queue gets it."""
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))


def mouse_click(pos: tuple[int, int], button: int = 1, up: bool = True) -> None:
    """A click (down and, unless up is False, up) at a logical position of the 1280×720 picture,
    as the queue gets it."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    if up:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


@dataclass(frozen=True)
class Pace:
    """How a test's people press: frames of dt seconds, `frames` of them after each key, the key
    let go in the same frame (release False: only pressed), and (guard) the shared keys' rest
    after a hand-over waited out first, as a person takes that long anyway; `then` frames more
    after all the keys; draw as App.step takes it (None: the app's own choice, no painting in
    the tests). Its methods are what the test modules call press, step, click."""

    dt: float = DT
    frames: int = 1
    release: bool = True
    guard: bool = False
    then: int = 0
    draw: bool | None = None
    split: bool = False  # the key let go in a frame of its own (after this pace's frames)

    def step(self, app: App, frames: int = 1, draw: bool | None = None) -> None:
        """frames frames of dt seconds."""
        draw = self.draw if draw is None else draw
        for _ in range(frames):
            app.step(self.dt, draw=draw)

    def press(self, app: App, *codes: int, frames: int | None = None, draw: bool | None = None) -> None:
        """Each key pressed (and let go), then this pace's frames (or frames) stepped."""
        frames = self.frames if frames is None else frames
        for code in codes:
            if self.split:
                self.down(app, code, frames, draw)
                self.up(app, code, frames, draw)
                continue
            if self.guard:
                self.wait_guard(app)
            key(code)
            if self.release:
                key(code, down=False)
            self.step(app, frames, draw)
        self.step(app, self.then, draw)

    def down(self, app: App, code: int, frames: int | None = None, draw: bool | None = None) -> None:
        """The key pressed and held (after the guard, if this pace waits for it), then frames."""
        if self.guard:
            self.wait_guard(app)
        key(code)
        self.step(app, self.frames if frames is None else frames, draw)

    def up(self, app: App, code: int, frames: int | None = None, draw: bool | None = None) -> None:
        """The key let go (after the guard, if this pace waits for it), then frames."""
        if self.guard:
            self.wait_guard(app)
        key(code, down=False)
        self.step(app, self.frames if frames is None else frames, draw)

    def press_intent(self, app: App, seat: int, role: str) -> None:
        """The key bound to seat's role ("challenge", "peek") pressed, as that person presses it."""
        source = app.input.source_of(seat, role)
        assert source is not None and source.device == "key", f"seat {seat} has no {role} key"
        self.press(app, source.code)

    def click(self, app: App, pos: tuple[int, int], frames: int | None = None) -> None:
        """A left click at pos (let go unless this pace only presses), then this pace's frames (or
        frames)."""
        mouse_click(pos, up=self.release)
        self.step(app, self.frames if frames is None else frames)

    def type_text(self, app: App, text: str) -> None:
        """A frame (text entry is on from the frame after a field takes the focus), the text typed,
        a frame."""
        self.step(app)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.step(app)

    def run_until(self, app: App, condition: Callable[[], object], seconds: float = 30.0) -> None:
        """Frames until condition() holds; fails after seconds of game time."""
        waited = 0.0
        while not condition():
            app.step(self.dt, draw=self.draw)
            waited += self.dt
            assert waited < seconds, "timed out"

    def wait_guard(self, app: App, limit: int = 40) -> None:
        """Frames while the shared keys rest after a hand-over (at most limit)."""
        views = getattr(app.stack.top, "views", None)
        for _ in range(limit):
            if views is None or not views.guarded():
                return
            self.step(app)


PLAIN = Pace()  # a key a frame of 1/60 s, let go at once: what a test means by "press" without a pace
press, steps = PLAIN.press, PLAIN.step


def press_intent(app: App, seat: int, role: str, pace: Pace = PLAIN) -> None:
    """The key bound to seat's role pressed at the given pace."""
    pace.press_intent(app, seat, role)


def painted(app: App, dt: float = DT) -> pygame.Surface:
    """One frame stepped and painted; the window as the person sees it (a copy)."""
    app.step(dt, draw=True)
    return app.window.copy()


def toasts(app: App) -> list[str]:
    """The words of every toast shown now."""
    return [toast.text for toast in app.toasts]


def last_toast(app: App) -> str:
    """The newest toast's words ("" when none is shown)."""
    return app.toasts[-1].text if app.toasts else ""


def top_words(scene: Scene, monkeypatch, modules) -> list[str]:
    """Every string the given painter modules draw when scene paints one picture."""
    said: list[str] = []
    for module in modules:
        for name in ("draw_text", "draw_wrapped", "draw_fitted"):
            real = getattr(module, name, None)
            if real is None:
                continue

            def spy(surface, text, *args, _real=real, **kwargs):
                said.append(text)
                return _real(surface, text, *args, **kwargs)

            monkeypatch.setattr(module, name, spy)
    scene.draw(pygame.Surface((1280, 720), pygame.SRCALPHA))
    monkeypatch.undo()
    return said
