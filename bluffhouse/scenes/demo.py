"""The attract mode: computer players only, Bullets, Kamu and the dice duel in turn.

Its pace travels in each game's set-up (GameSetup.speed): the same on every video driver. The
command line's `--demo --frames N` (headless runs in CI) asks for FULL_TILT, so that a few
thousand frames see whole games.
"""

from __future__ import annotations

from collections.abc import Iterator

from bluffhouse.game.rules import Rules
from bluffhouse.scenes.art.wanted import Wanted, entering_later
from bluffhouse.scenes.duel.art_wanted import duel_jobs
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.shell.session import GameSetup, bot_seat, demo_setup
from bluffhouse.scenes.table.art_wanted import table_jobs

ROTATION = ("bullets", "kamu", "duel")
DEMO_SPEED = 2.5  # the attract mode plays faster than people would
FULL_TILT = 10.0  # `--demo --frames N`: stepped as fast as the machine goes, nobody watching


def demo_scene(app, game: str = ROTATION[0], speed: float = DEMO_SPEED):
    """A table (or a duel) of computer players; when it ends, the next demo game comes."""
    if game == "duel":
        seats = [bot_seat(0, "hard"), bot_seat(1, "medium")]
        setup = GameSetup(
            Rules.duel(points_to_win=2), seats, seed=app.rng.randrange(2**32), demo=True, speed=speed
        )
        return open_scene("duel_game", app, setup)
    return open_scene("table", app, demo_setup(app, game, speed=speed))


def following(previous: GameSetup) -> str:
    """The demo game after `previous`, in the rotation Bullets, Kamu, dice duel."""
    game = previous.rules.game.value
    return ROTATION[(ROTATION.index(game) + 1) % len(ROTATION)] if game in ROTATION else ROTATION[0]


def next_demo(app, previous: GameSetup):
    """The demo game after `previous`, at its pace."""
    return demo_scene(app, following(previous), previous.speed)


def next_demo_art(previous: GameSetup) -> Iterator[Wanted]:
    """The attract mode's next game, warmed while the results of `previous` show."""
    if following(previous) == "duel":
        return entering_later(duel_jobs())
    rules = Rules.kamu(jokers=True) if following(previous) == "kamu" else Rules.bullets()
    return table_jobs(rules, False)
