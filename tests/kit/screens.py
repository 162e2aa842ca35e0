"""The menus and set-up screens, a stand-in game screen, and main() run here or afresh (see tests/kit)."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import NamedTuple

from sources import ROOT

from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.pause import PauseScene
from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.setup.duel import DuelSetupScene
from bluffhouse.scenes.shell.scene import Scene
from kit.app import K, Pace
from kit.duels import DUEL

# -- the set-up screens --------------------------------------------------------------------------


MENU = Pace(frames=2, release=False)  # the menus: pressed (never let go), two 1/60 s frames
SETUP = Pace(frames=2)  # the set-up screens: two 1/60 s frames a key or a click


def open_setup(app, game: str = "bullets", previous=None):
    """The menu and the card set-up of game pushed, one frame: the set-up scene."""
    app.stack.push(MenuScene(app))
    app.stack.push(SetupScene(app, game, previous))
    app.stack.apply()
    app.step(1 / 60)
    return app.stack.top


def open_duel_setup(app):
    """The duel's set-up, opened from the menu by keys."""
    DUEL.press(app, K.K_DOWN, K.K_DOWN, K.K_DOWN, K.K_RETURN)
    setup = app.stack.top
    assert isinstance(setup, DuelSetupScene)
    return setup


def focus_row(app, setup, name: str, pace: Pace = DUEL) -> None:
    """Up presses until the set-up's row `name` has the focus."""
    while setup.menu.focused is not setup.rows[name]:
        pace.press(app, K.K_UP)


class GameStandIn(Scene):
    """Stands in for a game screen: Esc pauses it, as the real ones do; it notes pause and resume."""

    def __init__(self, app):
        super().__init__(app)
        self.events = []

    def handle(self, intent):
        if intent.kind == "back":
            self.app.stack.push(PauseScene(self.app))
            return True
        return False

    def pause(self):
        self.events.append("pause")

    def resume(self):
        self.events.append("resume")

    def draw(self, surface):
        surface.fill((200, 120, 60))


# -- main() -------------------------------------------------------------------------------------


class Ran(NamedTuple):
    code: int
    out: str
    err: str
    app: object  # the App the run built (None when it built none)


def run_main(*args, tmp_path):
    """`python main.py ARGS` in a fresh process, headless, with its own settings file."""

    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        BLUFFHOUSE_SETTINGS=str(tmp_path / "settings.json"),
    )
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


def main_here(*args, tmp_path, monkeypatch, capsys) -> Ran:
    """main.py's main() called in this process, as `python main.py ARGS` calls it: its exit code,
    what it printed, and the App it ran. A start of the program costs 0.3-0.9 s of CPU, so the
    tests that need no fresh process (no start-up, no signal, no real exit) run the same entry
    function here. The window is left open (pygame.quit() here would close the fonts other tests
    hold); the settings file is the test's own, and the window class hints main() sets in the
    environment (as a fresh process has none) are taken away again after the test."""
    import bluffhouse.cli

    for hint in bluffhouse.cli.WINDOW_CLASS_HINTS:
        monkeypatch.setenv(hint, "")  # remembered as it was, then gone as in a fresh process
        monkeypatch.delenv(hint)
    made = []
    summary = bluffhouse.cli.summary
    monkeypatch.setattr(bluffhouse.cli, "summary", lambda app: made.append(app) or summary(app))
    monkeypatch.setattr(bluffhouse.cli, "pygame_quit", lambda: None)
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    capsys.readouterr()
    code = bluffhouse.cli.main(list(args))
    out, err = capsys.readouterr()
    return Ran(code, out, err, made[0] if made else None)
