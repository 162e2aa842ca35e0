"""The screen registry: screens open each other by name, never by import.

scenes/screens.py (the composition root) registers every screen and provides the services at
start (bluffhouse/cli.py and the tests call register_all());
the menu's items are keys here: "quick", "bullets", "kamu", "duel", and "demo" for main.py.
A factory takes the App (and whatever the screen needs) and returns a Scene.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bluffhouse.scenes.art.kinds import Wanted
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.scene import Scene

SceneFactory = Callable[..., "Scene"]  # (app, whatever the screen needs) -> the screen

SCENES: dict[str, SceneFactory] = {}


def register(key: str, factory: SceneFactory) -> None:
    """Make factory the screen the menu (or main.py) opens for key."""
    SCENES[key] = factory


SERVICES: dict[str, Callable[[], object]] = {}


def provide(name: str, factory: Callable[[], object]) -> None:
    """Hand the shell a service by name (the phone hub: "phones"); the App builds one at start."""
    SERVICES[name] = factory


def service(name: str) -> object:
    """A new instance of the service provided as name."""
    factory = SERVICES.get(name)
    if factory is None:
        raise LookupError(f"no service is provided as {name!r} (scenes.screens.register_all())")
    return factory()


def open_scene(key: str, app: App, *args: object, **kwargs: object) -> Scene:
    """Build the screen registered as key: screens open each other by name, never by import."""
    factory = SCENES.get(key)
    if factory is None:
        raise LookupError(f"no screen is registered as {key!r} (scenes.screens.register_all())")
    return factory(app, *args, **kwargs)


AHEAD: list[Wanted] = []
NEEDS: dict[str, tuple[str, ...]] = {}  # a screen's key (a menu item's) -> the modules it needs


def ahead_of_need(jobs: Iterable[Wanted], needs: dict[str, tuple[str, ...]] | None = None) -> None:
    """What the warm-up makes after the window's first frame whatever the screen, most wanted
    first: the composition root names every screen's modules and the computer players' (the
    home screen wants them: every screen is reached from it); needs: the modules the screen of
    each of the menu's items needs, which the menu has the warm-up take first for the item
    chosen (the screen opens once they are in), and those of the screens a set-up starts."""
    AHEAD[:] = jobs
    NEEDS.clear()
    NEEDS.update(needs or {})
