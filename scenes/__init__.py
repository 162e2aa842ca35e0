"""Everything pygame: the app, the scenes, input, drawing and sound.

SCENES is the registry the main menu looks in. Plug a screen in without touching
menu.py::

    from scenes import register
    register("bullets", lambda app: SetupScene(app, game="bullets"))

Keys the menu uses: "quick", "bullets", "kamu", "duel"; main.py uses "demo".
A factory takes the App and returns a Scene to push.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.scene import Scene

SceneFactory = Callable[["App"], "Scene"]

SCENES: dict[str, SceneFactory] = {}


def register(key: str, factory: SceneFactory) -> None:
    """Make factory the screen the menu (or main.py) opens for key."""
    SCENES[key] = factory


def open_scene(key: str, app: App, *args, **kwargs) -> Scene:
    """Build the screen registered as key: screens open each other by name, never by import."""
    factory = SCENES.get(key)
    if factory is None:
        raise LookupError(f"no screen is registered as {key!r} (scenes.screens.register_all())")
    return factory(app, *args, **kwargs)
