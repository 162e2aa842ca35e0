"""Everybody's keys are nobody's own (issue 18, playtest): the table's L opens the log for
everybody, so no set-up takes it as a person's peek or challenge key, and a key like that
remembered in the settings is dropped on load instead of trusted."""

import json

import kit
import pygame
import pytest
from kit import settings_file

from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.setup.duel import DuelSetupScene
from bluffhouse.scenes.shell.input import Input, Source
from bluffhouse.scenes.ui.keys import SHARED_KEYS, player_key_code
from bluffhouse.scenes.ui.lang import t

K = pygame
__all__ = ["settings_file"]  # the shared fixture (tests/kit.py)


def new_app():
    return kit.new_app(seed=3)  # at the settings file the test wrote (settings_file)


press, step = kit.SETUP.press, kit.SETUP.step


def key(code: int) -> Source:
    return Source("key", code)


def refused_l() -> str:
    return t("setup.key_shared.log", button="L")


def test_the_tables_log_key_is_everybodys_and_never_a_players_key(settings_file):
    new_app()  # (key names need pygame's display up)
    inp = Input()
    assert SHARED_KEYS[K.K_l] == "log"  # the table's key map: L opens the log
    assert not inp.bindable(key(K.K_l)) and not player_key_code(K.K_l)
    assert inp.bindable(key(K.K_k)) and player_key_code(K.K_k)
    out: list = []
    inp.translate(pygame.event.Event(pygame.KEYDOWN, key=K.K_l, mod=0), out)
    assert [i.kind for i in out] == ["log"]  # one intent for everybody, whoever pressed it


@pytest.mark.parametrize("game", ["bullets", "kamu"])
def test_the_card_setup_refuses_l_as_a_peek_key_and_says_why(settings_file, game):
    app = new_app()
    app.stack.push(SetupScene(app, game))
    app.stack.apply()
    step(app, 1)
    scene = app.stack.top
    press(app, K.K_k)  # somebody joins with K; the set-up waits for their peek key
    seat = scene.draft.seats[1]
    assert seat.challenge == key(K.K_k) and scene.capture == (1, "peek")
    press(app, K.K_l)  # the log's key: refused, said, and the wait goes on
    assert seat.peek is None and app.input.binding(key(K.K_l)) is None
    assert scene.capture == (1, "peek") and app.input.capturing
    assert app.toasts[-1].text == refused_l()
    press(app, K.K_p)
    assert seat.peek == key(K.K_p) and scene.capture is None


def test_a_newcomer_pressing_l_at_the_card_setup_joins_nobody(settings_file):
    app = new_app()
    app.stack.push(SetupScene(app, "kamu"))
    app.stack.apply()
    step(app, 1)
    scene = app.stack.top
    humans = [s.human for s in scene.draft.seats]
    press(app, K.K_l)
    assert [s.human for s in scene.draft.seats] == humans and scene.capture is None
    assert app.input.binding(key(K.K_l)) is None and app.toasts[-1].text == refused_l()


def duel_setup(app) -> DuelSetupScene:
    app.stack.top.choose("duel")
    step(app, 3)
    setup = app.stack.top
    assert isinstance(setup, DuelSetupScene)
    return setup


def test_the_duel_setup_refuses_l_as_a_peek_key_and_says_why(settings_file):
    settings_file.write_text(json.dumps({"duel.mode": "people"}), encoding="utf-8")
    app = new_app()
    setup = duel_setup(app)
    assert setup.mode == "people"
    press(app, K.K_o)  # Ben joins with O; his peek key next
    assert app.input.source_of(1, "challenge") == key(K.K_o) and app.input.capturing
    press(app, K.K_l)
    assert app.input.source_of(1, "peek") is None and app.input.binding(key(K.K_l)) is None
    assert app.toasts[-1].text == refused_l()
    press(app, K.K_p)
    assert app.input.source_of(1, "peek") == key(K.K_p)
    assert all(K.K_l not in roles.values() for roles in app.settings["duel.keys"].values())


def test_an_l_remembered_for_the_duel_is_dropped_on_load_and_asked_again(settings_file):
    settings_file.write_text(
        json.dumps(
            {
                "duel.mode": "people",
                "duel.keys": {
                    "0": {"challenge": K.K_q, "peek": K.K_l},
                    "1": {"challenge": K.K_l, "peek": K.K_p},
                },
            }
        ),
        encoding="utf-8",
    )
    app = new_app()
    assert app.settings["duel.keys"] == {"0": {"challenge": K.K_q}, "1": {"peek": K.K_p}}
    setup = duel_setup(app)
    assert app.input.binding(key(K.K_l)) is None
    assert app.input.source_of(0, "challenge") == key(K.K_q) and app.input.source_of(0, "peek") is None
    assert setup.waiting() is not None  # it waits for the keys it dropped
