"""The attract mode: computer players only, Bullets and Kamu in turn, game after game."""

from __future__ import annotations

from scenes.session import GameSetup, demo_setup

FIRST_GAME = "bullets"


def demo_scene(app, game: str = FIRST_GAME):
    """A table of computer players; when its game ends, the next demo game is dealt."""
    from scenes.table import TableScene

    return TableScene(app, demo_setup(app, game))


def next_demo(app, previous: GameSetup):
    """The demo game after `previous`: the other card game, a fresh deal."""
    game = "kamu" if previous.rules.game.value == "bullets" else "bullets"
    return demo_scene(app, game)
