"""Short messages never stack over a control (issue 35): two "takes … seat" toasts stood over
"+ Computer" in the Bullets set-up, and a toast at the foot of the menu covered Quit. On every
screen with buttons, three toasts in a row go where no button or row is (or wait), and the
newest is always shown somewhere."""

from __future__ import annotations

import pygame
import pytest
from kit import new_app
from story_helpers import finished_duel_match, record_of, store_games

from bluffhouse.scenes.shell.messages import Message
from bluffhouse.scenes.shell.registry import open_scene
from bluffhouse.scenes.ui.lang import set_language
from bluffhouse.scenes.ui.widgets import Menu


@pytest.fixture
def app(tmp_path, monkeypatch):
    set_language("en")
    made = new_app(tmp_path, monkeypatch, seed=7, data=True)
    yield made
    pygame.event.clear()


def toasts(app, count: int = 3) -> list[pygame.Rect]:
    """Where `count` toasts said one after another are drawn, once they have risen into place."""
    for n in range(count):
        app.toast(Message("setup.takes_seat", (("name", f"Player {n + 2}"), ("old", "Csilla"))))
        app.step(0.3)
    return app.toast_rects()


def on_top(app, scene):
    app.stack.push(scene)
    app.stack.apply()
    app.step(1 / 60)
    return scene


def assert_clear(boxes: list[pygame.Rect], controls) -> None:
    assert boxes, "the newest toast is shown somewhere"
    covered = [(box, rect) for box in boxes for rect in controls if box.colliderect(rect)]
    assert not covered


def test_the_bullets_set_up_keeps_its_buttons_clear(app):
    scene = on_top(app, open_scene("bullets", app))
    for _ in range(2):  # six seats: the add buttons sit low, near where toasts rise from
        scene.add("medium")
    app.step(1 / 60)
    known = [scene.add_person.rect, scene.add_computer.rect, scene.start_button.rect, scene.back_button.rect]
    assert_clear(toasts(app), known + list(scene.clickable))


def test_menus_keep_their_buttons_clear(app):
    menu = app.stack.top
    assert_clear(toasts(app), [widget.rect for widget in menu.menu.widgets])  # (Quit, at the foot)
    for name in ("duel", "options"):
        scene = on_top(app, open_scene(name, app))
        assert isinstance(scene.menu, Menu)
        assert_clear(toasts(app), [widget.rect for widget in scene.menu.widgets])
        app.toasts.clear()


def test_the_results_and_the_story_screens_keep_their_buttons_clear(app):
    setup, match = finished_duel_match(app)
    results = on_top(app, open_scene("duel_results", app, setup, match))
    assert_clear(toasts(app), [widget.rect for widget in results.menu.widgets])
    store_games(app, [record_of("bullets", seed=2)])
    history = on_top(app, open_scene("history", app))
    assert_clear(toasts(app), list(history.clickable))
    replay = open_scene("replay", app, record_of("bullets", seed=2))
    app.stack.apply()
    assert replay is app.stack.top
    assert_clear(toasts(app), list(replay.clickable))
