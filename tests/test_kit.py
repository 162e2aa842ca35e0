"""The tests' toolkit (tests/kit.py) does what its names say: a pace's press is a press of that
key for the app's input (let go or held, after the hand-over guard when asked), a seat's intent
presses the key bound to it, a painted frame is the window as it is shown."""

import kit
import pygame
import pytest
from kit import (
    DUEL,
    MENU,
    PLAIN,
    Pace,
    ScriptedMatch,
    app_fixture,
    duel_people,
    press_intent,
    settle_duel,
    start_duel,
)

from bluffhouse.game.rules import Rules
from bluffhouse.scenes.menu import ITEMS
from bluffhouse.scenes.shell.input import Source

app = app_fixture(seed=3)


def test_a_plain_press_moves_the_menu_and_lets_go(app):
    menu = app.stack.top
    before = app.frames
    PLAIN.press(app, pygame.K_DOWN, pygame.K_DOWN)
    assert ITEMS[menu.menu.focus] == ITEMS[2] and app.frames == before + 2  # a frame a key
    app.input.bind(Source("key", pygame.K_c), 0, "challenge")
    PLAIN.press(app, pygame.K_c)
    assert not app.input.is_held(0, "challenge")


def test_a_press_that_does_not_let_go_leaves_the_key_held(app):
    app.input.bind(Source("key", pygame.K_c), 0, "challenge")
    before = app.frames
    MENU.press(app, pygame.K_c)
    assert app.input.is_held(0, "challenge") and app.frames == before + MENU.frames
    Pace(then=3).press(app)
    assert app.frames == before + MENU.frames + 3  # `then`: frames after the keys, even with none


def test_an_intent_presses_the_key_bound_to_that_seat_and_no_other(app):
    app.input.bind(Source("key", pygame.K_q), 0, "peek")
    app.input.bind(Source("key", pygame.K_p), 1, "peek")
    held = Pace(release=False)
    press_intent(app, 1, "peek", held)
    assert app.input.is_held(1, "peek") and not app.input.is_held(0, "peek")
    with pytest.raises(AssertionError, match="no challenge key"):
        press_intent(app, 1, "challenge")


def test_the_duel_pace_waits_out_the_hand_over_guard_before_each_key(app):
    setup = duel_people(app)
    rounds = [(0, ((4, 4, 2, 3, 6), (5, 5, 1, 2, 3)), 21)]
    scene = start_duel(app, setup, ScriptedMatch(Rules.duel(points_to_win=2), 0, rounds))
    settle_duel(app)
    assert scene.frame.curtain_for == 0
    DUEL.press(app, pygame.K_w)  # Ana lifts her curtain: the shared keys rest a moment
    assert scene.views.guarded()
    DUEL.press(app, pygame.K_1)  # waited out first, so the press is heard: Ana is satisfied
    assert not scene.views.guarded() and scene.frame.duel.moods[0] is not None


@pytest.mark.draws
def test_a_painted_frame_is_the_window_as_shown(app):
    picture = kit.painted(app)
    assert picture.get_size() == app.window.get_size()
    assert picture is not app.window and len({picture.get_at((x, 360))[:3] for x in range(0, 1280, 40)}) > 1
