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

from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.setup.remembered import CHECKS
from bluffhouse.scenes.shell.registry import ahead_of_need, provide, register
from bluffhouse.scenes.shell.settings_schema import add_checks
from bluffhouse.scenes.shell.warmup import IMPORT, imports, later

# name -> (module, attribute): imported on first use
LAZY = {
    "duel": ("bluffhouse.scenes.setup.duel", "DuelSetupScene"),
    "demo": ("bluffhouse.scenes.demo", "demo_scene"),
    "card_setup": ("bluffhouse.scenes.setup.cards", "SetupScene"),
    "table": ("bluffhouse.scenes.table.scene", "TableScene"),
    "card_results": ("bluffhouse.scenes.results.cards", "ResultsScene"),
    "duel_game": ("bluffhouse.scenes.duel.scene", "DuelScene"),
    "duel_results": ("bluffhouse.scenes.results.duel", "DuelResultsScene"),
    "pause": ("bluffhouse.scenes.pause", "PauseScene"),
    "confirm": ("bluffhouse.scenes.pause", "ConfirmScene"),
    "howto": ("bluffhouse.scenes.howto", "HowToScene"),
    "options": ("bluffhouse.scenes.options", "OptionsScene"),
    "next_demo": ("bluffhouse.scenes.demo", "next_demo"),
    "phone_join": ("bluffhouse.scenes.phones.join", "PhoneJoinScene"),
    "move_seat": ("bluffhouse.scenes.seat_move", "MoveSeatScene"),
    "renew_seat": ("bluffhouse.scenes.seat_move", "RenewSeatScene"),
    "away_offer": ("bluffhouse.scenes.seat_away", "AwayOfferScene"),
    "replay": ("bluffhouse.scenes.story.replay", "open_record"),  # pushes itself, or says why not
    "replay_file": ("bluffhouse.scenes.story.replay", "open_file"),
    "history": ("bluffhouse.scenes.story.history", "HistoryScene"),
    "stats": ("bluffhouse.scenes.story.stats", "StatsScene"),
}


# What the warm-up imports after the menu's first frame, most wanted first: the Quick game (Enter
# on the menu's first item: its table, its players, the tape it starts as it is built and the
# phone hub it asks for), the screens of the menu's other items, then those they lead to.
FIRST = (
    "bluffhouse.scenes.shell.session",
    "bluffhouse.scenes.table.scene",
    "bluffhouse.game.bots.table_levels",
    "bluffhouse.game.records.tape",
    "bluffhouse.scenes.phones.hub",
)
# a game's tape as it starts, the store it goes to
RECORDS = ("bluffhouse.game.records.tape", "bluffhouse.game.records.store")
REACHED = (
    "bluffhouse.scenes.phones.hub",
    "bluffhouse.scenes.setup.cards",
    "bluffhouse.scenes.setup.duel",
    "bluffhouse.scenes.options",
    "bluffhouse.scenes.howto",
    "bluffhouse.scenes.story.history",
    "bluffhouse.scenes.pause",
    "bluffhouse.game.coach",
)
# The modules the screen of each menu item needs: the menu has the warm-up take those of the
# item chosen first, and opens its screen once they are in (a person quicker than the warm-up);
# a set-up has the warm-up take those of the game it starts first, the History those of the Stats
NEEDS = {
    "quick": FIRST,
    "bullets": ("bluffhouse.scenes.setup.cards",),
    "kamu": ("bluffhouse.scenes.setup.cards",),
    "duel": ("bluffhouse.scenes.setup.duel",),
    "howto": ("bluffhouse.scenes.howto",),
    "history": ("bluffhouse.scenes.story.history",),
    "options": ("bluffhouse.scenes.options",),
    "table": FIRST,
    "stats": ("bluffhouse.scenes.story.stats",),
    "duel_game": (
        "bluffhouse.scenes.duel.scene",
        "bluffhouse.game.bots.duel_levels",
        "bluffhouse.game.records.tape",
        "bluffhouse.scenes.phones.hub",
    ),
}
# Not warmed: the attract mode, only ever opened by --demo (which imports it at start), and the
# phones' join screen, whose check imports asyncio (~20 ms, more than a frame): it comes with the
# phone server's own imports when a game with phones starts, as it always did.
UNREACHED = ("bluffhouse.scenes.demo", "bluffhouse.scenes.phones.join")


def _players() -> list[str]:
    """Every computer player's module, the card games' first (a Quick game's are wanted first)."""
    from bluffhouse.game.bots import DUEL_LEVELS, TABLE_LEVELS

    return list(dict.fromkeys(module for module, _ in (*TABLE_LEVELS.values(), *DUEL_LEVELS.values())))


def ahead() -> list:
    """The warm-up's jobs after the first frame: every screen's modules, every computer player's
    and the records'."""
    rest = [module for module, _ in LAZY.values() if module not in (*FIRST, *REACHED, *UNREACHED)]
    return [
        *imports(FIRST),
        later(("players",), lambda: imports(_players()), ("bluffhouse.game.bots",), IMPORT),
        *imports(RECORDS),
        *imports(REACHED),
        *imports(dict.fromkeys(rest)),
    ]


def _lazy(module: str, name: str):
    """A factory of module.name (a screen, a service), importing module at its first call."""

    def make(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return make


def _quick(app):
    session = importlib.import_module("bluffhouse.scenes.shell.session")
    return _lazy("bluffhouse.scenes.table.scene", "TableScene")(app, session.quick_setup(app))


def _card_setup(game: str):
    return lambda app: _lazy("bluffhouse.scenes.setup.cards", "SetupScene")(app, game)


def register_all() -> None:
    """Register the menu's items, the demo, every screen that another one opens, the services
    the App starts with, and the set-ups' remembered settings."""
    provide("phones", _lazy("bluffhouse.scenes.phones.hub", "PhoneHub"))
    ahead_of_need(ahead(), NEEDS)
    add_checks(CHECKS)
    register("quick", _quick)
    register("bullets", _card_setup("bullets"))
    register("kamu", _card_setup("kamu"))
    register("menu", MenuScene)
    for key, (module, name) in LAZY.items():
        register(key, _lazy(module, name))
