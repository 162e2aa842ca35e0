"""The Replay opens on art made ahead (issue 34): the History wants what the Replay of the game
chosen will draw (its deck's faces, or the dice, at the Replay's sizes), so that once the warm-up
has run out the Replay's first frame makes nothing; a replay opened from a file makes its own."""

import time
from dataclasses import replace

import pygame
import pytest
from story_helpers import new_app, record_of, store_games

from bluffhouse.game.cards import french_deck, hungarian_deck
from bluffhouse.scenes.art import cache
from bluffhouse.scenes.story.duel_paint import DIE
from bluffhouse.scenes.story.history import HistoryScene
from bluffhouse.scenes.story.replay import ReplayScene
from bluffhouse.scenes.story.table_paint import PLAYED_WIDTH, hand_width, seat_cells
from bluffhouse.scenes.ui.lang import set_language


@pytest.fixture
def app(tmp_path, monkeypatch):
    set_language("en")
    app = new_app(tmp_path, monkeypatch)
    records = [record_of(game, seed=n) for n, game in enumerate(("kamu", "duel", "bullets"))]
    store_games(app, [replace(r, uid=f"w{n}", started=1_764_000_000 + n * 60) for n, r in enumerate(records)])
    yield app
    pygame.event.clear()


def _history(app) -> HistoryScene:
    app.stack.push(HistoryScene(app))
    app.stack.apply()
    return app.stack.top


def _queued(app) -> set:
    return {key for key, *_ in app.warmup.queue}


def _warm(app) -> None:
    while app.warmup.queue:
        app.warmup.run(time.perf_counter(), budget=1.0)


def test_the_history_wants_the_chosen_games_faces_at_the_replays_sizes_and_follows_the_choice(app):
    history = _history(app)
    assert history.chosen.game == "bullets"  # the newest
    width = hand_width(seat_cells(4)[0])
    wanted = _queued(app)
    assert {("face", str(card), width) for card in french_deck()} <= wanted
    assert {("face", str(card), PLAYED_WIDTH) for card in french_deck()} <= wanted
    assert not any(key[0] == "die" for key in wanted)
    history.focus = 1  # the duel
    history.update(1 / 60)
    assert {("die", face, DIE, False) for face in range(1, 7)} <= _queued(app)
    history.focus = 2  # the Kamu match
    history.update(1 / 60)
    assert {("face", str(card), width) for card in hungarian_deck(True)} <= _queued(app)
    before = len(app.warmup.queue)
    history.update(1 / 60)  # the same game still chosen: nothing wanted again
    assert len(app.warmup.queue) == before


@pytest.mark.parametrize("row", [0, 1, 2])
def test_once_warm_the_replays_first_frame_makes_no_art(app, row):
    history = _history(app)
    history.focus = row
    history.update(1 / 60)
    _warm(app)
    app.step(1 / 60, draw=True)  # the History itself drawn once (its own words and chips)
    _warm(app)
    history.open_chosen()
    app.stack.apply()
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    made = cache.cache_size()
    replay.draw(app.surface)
    assert cache.cache_size() == made  # every card, die, badge and bullet was made ahead


def test_without_the_history_the_replays_first_frame_makes_its_faces(app):
    # the same check can fail: a replay nobody warmed makes its art as it is drawn
    history = _history(app)
    app.warmup.queue.clear()
    app.warmup.queued.clear()
    cache.clear_cache()
    history.open_chosen()
    app.stack.apply()
    made = cache.cache_size()
    app.stack.top.draw(app.surface)
    assert cache.cache_size() > made + 20
