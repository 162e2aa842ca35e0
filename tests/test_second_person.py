"""The only person at the table is spoken to, not about: "You win!", never "Zed wins!".

A solo game is played through every screen it reaches (the quick game and its results, a
duel against the computer and its results) with the person named Zed; every string painted
is recorded. Zed's name may stand alone (a seat label, a row of the places table), but no
sentence may speak of Zed in the third person.
"""

import random

import pygame
import pytest
from kit import new_app

from bluffhouse.game.duel import Phase
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.results.duel import DuelResultsScene
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui import text
from bluffhouse.scenes.ui.keys import key_label

pytestmark = pytest.mark.draws  # what is painted is what is checked
NAME = "Zed"
DT = 0.05


@pytest.fixture
def app(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch, seed=4)
    app.input.bind(Source("key", pygame.K_c), 0, "challenge")
    yield app
    pygame.event.clear()


@pytest.fixture
def painted(monkeypatch):
    """Every string the screens render."""
    seen: list[str] = []
    real = text.render

    def record(line, *args, **kwargs):
        seen.append(line)
        return real(line, *args, **kwargs)

    record.cache_clear = real.cache_clear  # the warm-up and asset tests clear it
    monkeypatch.setattr(text, "render", record)
    return seen


def tap(app, code):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=""))


def third_person(lines):
    """The painted lines that speak of Zed (the name inside a longer sentence)."""
    return sorted({line for line in lines if NAME in line and line.strip() != NAME})


@pytest.mark.heavy
def test_a_solo_card_game_speaks_to_the_person_in_the_second_person(app, painted):
    seats = [SeatSpec(NAME, True, challenge_key=key_label(pygame.K_c))] + [bot_seat(s) for s in (1, 2, 3)]
    scene = TableScene(app, GameSetup(Rules.bullets(4), seats, seed=12))
    app.stack.push(scene)
    app.stack.apply()
    rng = random.Random(5)
    for _ in range(int(900 / DT)):
        top = app.stack.top
        if isinstance(top, ResultsScene):
            for _ in range(40):
                app.step(DT)
            break
        table = scene.table
        if not table.is_over and table.turn == 0 and scene.moment.game.wait_left == 0 and rng.random() < 0.3:
            tap(app, pygame.K_SPACE)
            tap(app, pygame.K_RETURN)
        elif table.window_open and rng.random() < 0.02:
            tap(app, pygame.K_c)
        app.step(DT)
    assert isinstance(app.stack.top, ResultsScene), "the game did not end"
    assert any("You" in line for line in painted)
    assert third_person(painted) == []


@pytest.mark.parametrize("points", [1, pytest.param(2, marks=pytest.mark.heavy)])  # a round; a match
def test_a_duel_against_the_computer_speaks_to_the_person_in_the_second_person(app, painted, points):
    seats = [SeatSpec(NAME, True, challenge_key=key_label(pygame.K_c)), bot_seat(1, "medium")]
    scene = DuelScene(app, GameSetup(Rules.duel(points_to_win=points), seats, seed=8))
    app.stack.push(scene)
    app.stack.apply()
    for frame in range(int(600 / DT)):
        if isinstance(app.stack.top, DuelResultsScene):
            for _ in range(40):
                app.step(DT)
            break
        duel = scene.duel
        if scene.frame.acting == 0 and not scene.views.guarded() and frame % 8 == 0:
            if duel.phase is Phase.OPENING:
                tap(app, pygame.K_1)
            elif duel.may_challenge and duel.claim is not None and frame % 16 == 0:
                tap(app, pygame.K_c)
            else:
                tap(app, pygame.K_n)
                tap(app, pygame.K_RETURN)
        elif duel.phase is Phase.OVER and not scene.frame.stage.busy and frame % 20 == 0:
            tap(app, pygame.K_RETURN)
        app.step(DT)
    assert isinstance(app.stack.top, DuelResultsScene), "the match did not end"
    assert third_person(painted) == []
