"""The composition root: plugs every screen and service into the shell, the one module that
knows them all (the top of the layer order; only bluffhouse/cli.py is above it).

Screens open one another by name with scenes.shell.registry.open_scene; the shell is handed
its services (the phone hub) and the checks of what screens remember in the settings file.
bluffhouse/cli.py (and the tests) call register_all() once before building the App.
Start-up imports only the menu, and what its first frame draws; every other screen's module
(and the computer players, the card and dice art, the phone hub) is imported after that frame by
the warm-up, a module at a time in the frames' spare time (ahead()), or when first opened if a
person is quicker than that.
"""

from __future__ import annotations

import importlib

from scenes.menu import MenuScene
from scenes.setup.remembered import CHECKS
from scenes.shell.registry import ahead_of_need, provide, register
from scenes.shell.settings_schema import add_checks
from scenes.shell.warmup import IMPORT, imports, later

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


# What the warm-up imports after the menu's first frame, most wanted first: the Quick game (Enter
# on the menu's first item), the screens of the menu's other items, then those they lead to.
FIRST = ("scenes.shell.session", "scenes.table.scene")
RECORDS = ("game.records.tape", "game.records.store")  # a game's tape as it starts, the store it goes to
REACHED = ("scenes.phones.hub", "scenes.setup.cards", "scenes.setup.duel", "scenes.options",
           "scenes.howto", "scenes.story.history", "scenes.pause")  # fmt: skip
# Not warmed: the attract mode, only ever opened by --demo (which imports it at start), and the
# phones' join screen, whose check imports asyncio (~20 ms, more than a frame): it comes with the
# phone server's own imports when a game with phones starts, as it always did.
UNREACHED = ("scenes.demo", "scenes.phones.join")


def _players() -> list[str]:
    """Every computer player's module, the card games' first (a Quick game's are wanted first)."""
    from game.bots import DUEL_LEVELS, TABLE_LEVELS

    return list(dict.fromkeys(module for module, _ in (*TABLE_LEVELS.values(), *DUEL_LEVELS.values())))


def ahead() -> list:
    """The warm-up's jobs after the first frame: every screen's modules, every computer player's
    and the records'."""
    rest = [module for module, _ in LAZY.values() if module not in (*FIRST, *REACHED, *UNREACHED)]
    return [*imports(FIRST), later(("players",), lambda: imports(_players()), ("game.bots",), IMPORT),
            *imports(RECORDS), *imports(REACHED), *imports(dict.fromkeys(rest))]  # fmt: skip


def _lazy(module: str, name: str):
    """A factory of module.name (a screen, a service), importing module at its first call."""

    def make(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return make


def _quick(app):
    session = importlib.import_module("scenes.shell.session")
    return _lazy("scenes.table.scene", "TableScene")(app, session.quick_setup(app))


def _card_setup(game: str):
    return lambda app: _lazy("scenes.setup.cards", "SetupScene")(app, game)


def register_all() -> None:
    """Register the menu's items, the demo, every screen that another one opens, the services
    the App starts with, and the set-ups' remembered settings."""
    provide("phones", _lazy("scenes.phones.hub", "PhoneHub"))
    ahead_of_need(ahead())
    add_checks(CHECKS)
    register("quick", _quick)
    register("bullets", _card_setup("bullets"))
    register("kamu", _card_setup("kamu"))
    register("menu", MenuScene)
    for key, (module, name) in LAZY.items():
        register(key, _lazy(module, name))
