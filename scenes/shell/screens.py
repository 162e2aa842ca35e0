"""Plugs every screen into the registry: the one module that knows them all.

Screens never import each other; they open one another by name with scenes.open_scene.
main.py (and the tests) call register_all() once before building the App's first screen.
"""

from __future__ import annotations

from scenes.demo import demo_scene, next_demo
from scenes.duel.scene import DuelScene
from scenes.howto import HowToScene
from scenes.menu import MenuScene
from scenes.options import OptionsScene
from scenes.pause import ConfirmScene, PauseScene
from scenes.phones.join import PhoneJoinScene
from scenes.results.cards import ResultsScene
from scenes.results.duel import DuelResultsScene
from scenes.setup.cards import SetupScene
from scenes.setup.duel import DuelSetupScene
from scenes.shell.registry import register
from scenes.shell.session import quick_setup
from scenes.table.scene import TableScene


def _quick(app):
    return TableScene(app, quick_setup(app))


def _card_setup(game: str):
    return lambda app: SetupScene(app, game)


def register_all() -> None:
    """Register the menu's items, the demo, and every screen that another one opens."""
    register("quick", _quick)
    register("bullets", _card_setup("bullets"))
    register("kamu", _card_setup("kamu"))
    register("duel", DuelSetupScene)
    register("demo", demo_scene)
    register("menu", MenuScene)
    register("card_setup", SetupScene)
    register("table", TableScene)
    register("card_results", ResultsScene)
    register("duel_game", DuelScene)
    register("duel_results", DuelResultsScene)
    register("pause", PauseScene)
    register("confirm", ConfirmScene)
    register("howto", HowToScene)
    register("options", OptionsScene)
    register("next_demo", next_demo)
    register("phone_join", PhoneJoinScene)
