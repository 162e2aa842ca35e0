"""Plugs every screen into the registry: the one module that knows them all.

Screens never import each other; they open one another by name with scenes.open_scene.
main.py (and the tests) call register_all() once before building the App's first screen.
A screen's module is imported when it is first opened: start-up imports only the menu, and
the first time a screen opens its frame also imports it (0.1–0.2 s, once, as the screen
changes) rather than a stutter in the idle menu.
"""

from __future__ import annotations

import importlib

from scenes.menu import MenuScene
from scenes.shell.registry import register

# name -> (module, attribute): imported on first use
LAZY = {
    "duel": ("scenes.setup.duel", "DuelSetupScene"),
    "demo": ("scenes.demo", "demo_scene"),
    "card_setup": ("scenes.setup.cards", "SetupScene"),
    "table": ("scenes.table.scene", "TableScene"),
    "card_results": ("scenes.results.cards", "ResultsScene"),
    "duel_game": ("scenes.duel.scene", "DuelScene"),
    "duel_results": ("scenes.results.duel", "DuelResultsScene"),
    "pause": ("scenes.pause", "PauseScene"),
    "confirm": ("scenes.pause", "ConfirmScene"),
    "howto": ("scenes.howto", "HowToScene"),
    "options": ("scenes.options", "OptionsScene"),
    "next_demo": ("scenes.demo", "next_demo"),
    "phone_join": ("scenes.phones.join", "PhoneJoinScene"),
    "move_seat": ("scenes.phones.move", "MoveSeatScene"),
    "renew_seat": ("scenes.phones.move", "RenewSeatScene"),
}


def _lazy(module: str, name: str):
    def make(app, *args, **kwargs):
        return getattr(importlib.import_module(module), name)(app, *args, **kwargs)

    return make


def _quick(app):
    session = importlib.import_module("scenes.shell.session")
    return _lazy("scenes.table.scene", "TableScene")(app, session.quick_setup(app))


def _card_setup(game: str):
    return lambda app: _lazy("scenes.setup.cards", "SetupScene")(app, game)


def register_all() -> None:
    """Register the menu's items, the demo, and every screen that another one opens."""
    register("quick", _quick)
    register("bullets", _card_setup("bullets"))
    register("kamu", _card_setup("kamu"))
    register("menu", MenuScene)
    for key, (module, name) in LAZY.items():
        register(key, _lazy(module, name))
