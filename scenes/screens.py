"""The composition root: plugs every screen and service into the shell, the one module that
knows them all (the top of the layer order; only bluffhouse/cli.py is above it).

Screens open one another by name with scenes.shell.registry.open_scene; the shell is handed
its services (the phone hub) and the checks of what screens remember in the settings file.
bluffhouse/cli.py (and the tests) call register_all() once before building the App.
A screen's module is imported when it is first opened: start-up imports only the menu, and
the first time a screen opens its frame also imports it (0.1–0.2 s, once, as the screen
changes) rather than a stutter in the idle menu.
"""

from __future__ import annotations

import importlib

from scenes.menu import MenuScene
from scenes.phones.hub import PhoneHub
from scenes.setup.remembered import CHECKS
from scenes.shell.registry import provide, register
from scenes.shell.settings_schema import add_checks

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
    "move_seat": ("scenes.seat_move", "MoveSeatScene"),
    "renew_seat": ("scenes.seat_move", "RenewSeatScene"),
    "away_offer": ("scenes.seat_away", "AwayOfferScene"),
    "replay": ("scenes.story.replay", "open_record"),  # pushes itself, or says why not
    "replay_file": ("scenes.story.replay", "open_file"),
    "history": ("scenes.story.history", "HistoryScene"),
    "stats": ("scenes.story.stats", "StatsScene"),
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
    """Register the menu's items, the demo, every screen that another one opens, the services
    the App starts with, and the set-ups' remembered settings."""
    provide("phones", PhoneHub)
    add_checks(CHECKS)
    register("quick", _quick)
    register("bullets", _card_setup("bullets"))
    register("kamu", _card_setup("kamu"))
    register("menu", MenuScene)
    for key, (module, name) in LAZY.items():
        register(key, _lazy(module, name))
