"""The attract mode: computer players only, Bullets, Kamu and the dice duel in turn."""

from __future__ import annotations

import pygame

from game.rules import Rules
from scenes.shell.registry import open_scene
from scenes.shell.session import GameSetup, bot_seat, demo_setup

ROTATION = ("bullets", "kamu", "duel")
DEMO_SPEED = 2.5  # the attract mode plays faster than people would
# Under the dummy video driver nobody can watch (`main.py --demo --frames N` in CI): the demo
# then plays at full tilt, so that a few thousand frames see whole games.
DEMO_SPEED_UNSEEN = 10.0


def demo_speed() -> float:
    """How much faster than real time the attract mode plays (the card table and the duel)."""
    try:
        unseen = pygame.display.get_driver() == "dummy"
    except pygame.error:
        unseen = True
    return DEMO_SPEED_UNSEEN if unseen else DEMO_SPEED


def demo_scene(app, game: str = ROTATION[0]):
    """A table (or a duel) of computer players; when it ends, the next demo game comes."""
    if game == "duel":
        seats = [bot_seat(0, "hard"), bot_seat(1, "medium")]
        setup = GameSetup(Rules.duel(points_to_win=2), seats, seed=app.rng.randrange(2**32), demo=True)
        return open_scene("duel_game", app, setup)
    return open_scene("table", app, demo_setup(app, game))


def next_demo(app, previous: GameSetup):
    """The demo game after `previous`, in the rotation Bullets, Kamu, dice duel."""
    game = previous.rules.game.value
    following = ROTATION[(ROTATION.index(game) + 1) % len(ROTATION)] if game in ROTATION else ROTATION[0]
    return demo_scene(app, following)
