"""Plugs every screen into the registry the menu and main.py open screens from."""

from __future__ import annotations

from scenes import register


def _quick(app):
    from scenes.session import quick_setup
    from scenes.table import TableScene

    return TableScene(app, quick_setup(app))


def _card_setup(game: str):
    def factory(app):
        from scenes.setup import SetupScene

        return SetupScene(app, game)

    return factory


def _duel(app):
    from scenes.duel_setup import DuelSetupScene

    return DuelSetupScene(app)


def _demo(app):
    from scenes.demo import demo_scene

    return demo_scene(app)


def register_all() -> None:
    """Register the screens behind the menu items and the demo."""
    register("quick", _quick)
    register("bullets", _card_setup("bullets"))
    register("kamu", _card_setup("kamu"))
    register("duel", _duel)
    register("demo", _demo)
