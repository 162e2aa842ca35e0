"""A game pad reaches everything of the History screen (issue 23): the keyboard had S (share),
Backspace (delete) and T (stats), the mouse their chips, a pad nothing. Now □/X shares, LT
deletes (after the question, answered on the pad too), RT opens the stats, and the key help
names the pad's buttons while a pad is connected. Only pad events are posted here."""

import pygame
import pytest
from story_helpers import new_app, record_of, store_games

from bluffhouse.game.records.store import Store
from bluffhouse.scenes.menu import ITEMS
from bluffhouse.scenes.pause import ConfirmScene
from bluffhouse.scenes.story.history import HistoryScene
from bluffhouse.scenes.story.replay import ReplayScene
from bluffhouse.scenes.story.stats import StatsScene
from bluffhouse.scenes.ui.lang import set_language

PAD = 7  # the pad's instance id
A, B, X, Y, LB, RB, UP, DOWN, LEFT, RIGHT = 0, 1, 2, 3, 9, 10, 11, 12, 13, 14  # SDL's buttons
LT, RT = 4, 5  # SDL's trigger axes


@pytest.fixture
def app(tmp_path, monkeypatch):
    from dataclasses import replace

    set_language("en")
    app = new_app(tmp_path, monkeypatch)
    records = [
        replace(
            record_of(("bullets", "kamu", "duel")[n % 3], seed=n, people=3),
            uid=f"p{n}",
            started=1_764_000_000 + n * 3600,
        )
        for n in range(4)
    ]
    store_games(app, records)
    yield app
    pygame.event.clear()


def pad(app, *buttons) -> None:
    for button in buttons:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=button))
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=button))
        app.step(1 / 60)


def trigger(app, axis) -> None:
    for value in (32767, 0):
        pygame.event.post(
            pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=value)
        )
        app.step(1 / 60)


def open_history(app) -> HistoryScene:
    pad(app, *[DOWN] * ITEMS.index("history"), A)
    scene = app.stack.top
    assert isinstance(scene, HistoryScene)
    return scene


def test_the_pad_shares_deletes_and_opens_the_stats(app, tmp_path):
    scene = open_history(app)
    pad(app, DOWN)
    chosen = scene.chosen
    pad(app, X)  # share
    files = list((tmp_path / "data" / "replays").glob("*.bhreplay"))
    assert len(files) == 1 and files[0].name.endswith("-p2.bhreplay")  # the second newest
    trigger(app, RT)  # the stats
    assert isinstance(app.stack.top, StatsScene)
    pad(app, B)
    assert app.stack.top is scene
    trigger(app, LT)  # delete: asks first
    assert isinstance(app.stack.top, ConfirmScene)
    pad(app, B)  # no
    assert app.stack.top is scene and scene.total == 4
    trigger(app, LT)
    pad(app, LEFT, A)  # yes
    assert app.stack.top is scene and scene.total == 3
    with Store.open(app.records.path) as store:
        assert chosen.id not in [row.id for row in store.history(limit=50)]


def test_the_pad_opens_filters_and_leaves(app):
    scene = open_history(app)
    pad(app, Y)
    assert scene.game is not None  # △/Y: the next game
    pad(app, Y, Y, Y)
    assert scene.game is None
    pad(app, A)
    assert isinstance(app.stack.top, ReplayScene)
    pad(app, B, B)
    assert not isinstance(app.stack.top, HistoryScene)


def test_the_key_help_names_the_pads_buttons_once_a_pad_is_there(app):
    scene = open_history(app)  # (opened by the pad: it is connected now)
    keys = [key for key, _ in scene.hints()]
    assert keys == ["✕/A", "△/Y", "←→", "LB RB", "□/X", "LT", "RT", "○/B"]
    app.input.pads.clear()
    assert [key for key, _ in scene.hints()][:2] == ["Enter", "Tab"]
