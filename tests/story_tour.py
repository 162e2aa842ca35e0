"""The story screens painted in every phase worth looking at, for the language tests and the
screen tour: the replay of a Bullets game at four seats, of a Kamu match and of a duel (a deal,
a lie, a challenge, the end), History (a page, filtered, a delete's question), Stats of a
person, the computer players, the Hall of Fame, and a bad file dropped on the window."""

from __future__ import annotations

import functools
import tempfile
from dataclasses import replace
from pathlib import Path

import pygame
from kit import Pace
from story_helpers import record_of

from bluffhouse.game.records.check import check
from bluffhouse.game.records.store import Store
from bluffhouse.scenes.story.history import HistoryScene
from bluffhouse.scenes.story.replay import open_replay
from bluffhouse.scenes.story.stats import StatsScene

DT = 1 / 20


@functools.cache
def tour_records():
    """A Bullets game at four seats, a Kamu match of two rounds, a duel match: stored once per run."""
    return tuple(
        replace(record_of(game, seed=2), uid=f"tour{game}", started=1_764_000_000 + n * 3600)
        for n, game in enumerate(("bullets", "kamu", "duel"))
    )


press = Pace(dt=DT).press


def story_tour(app) -> None:
    """Paint every story screen (the app paints each frame); leaves the menu on top."""
    app.records.path = Path(tempfile.mkdtemp(prefix="bluffhouse-tour-")) / "records.sqlite3"
    records = tour_records()
    with Store.open(app.records.path) as store:
        for record in records:
            store.save(record)
    for record in records:
        scene = open_replay(app, check(record, 16))
        app.stack.apply()
        app.step(DT)
        for key in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_END):
            press(app, key)
        press(app, pygame.K_HOME, pygame.K_TAB, pygame.K_SPACE)
        for _ in range(5):
            app.step(DT)
        assert scene.playback.playing and scene.playback.speed == 2
        press(app, pygame.K_ESCAPE)
    history = HistoryScene(app)
    app.stack.push(history)
    app.stack.apply()
    app.step(DT)
    press(app, pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT, pygame.K_TAB, pygame.K_TAB, pygame.K_TAB)
    press(app, pygame.K_BACKSPACE)  # the delete's question
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_s)  # shared: where the file went
    press(app, pygame.K_t)
    stats = app.stack.top
    assert isinstance(stats, StatsScene)
    for key in (pygame.K_TAB, pygame.K_TAB, pygame.K_LEFT, pygame.K_LEFT, pygame.K_TAB):
        press(app, key)
    press(app, pygame.K_ESCAPE, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(app.records.path)))  # not a replay
    app.step(DT)
    app.step(DT)
    app.back_to_menu()
    app.step(DT)
