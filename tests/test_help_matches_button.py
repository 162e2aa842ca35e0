"""The key help and the action button say the same thing at every moment (issue 23): after the
LIE/TRUE stamp lands the button still said "Wait for the verdict" while the help already offered
"Enter play". Both now come from one answer to "what does Enter do now"; once the verdict is told
the button says the cards are still on show (no longer "wait for the verdict")."""

import pygame
import pytest
from test_table_scene import ScriptBot

from game.rules import Rules
from game.table import Table
from scenes.menu import MenuScene
from scenes.screens import register_all
from scenes.shell.app import App
from scenes.shell.input import Source
from scenes.shell.session import GameSetup, SeatSpec
from scenes.table.frame import frame_of
from scenes.table.scene import TableScene
from scenes.ui.lang import t

DT = 1 / 30


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "data"))
    register_all()
    app = App(seed=1, home=MenuScene, mute=True)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    pygame.event.clear()
    yield app
    pygame.event.clear()


def press(key) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))


@pytest.mark.parametrize("ben_plays", ["KH 9S", "KH KD"])  # caught lying, then telling the truth
def test_after_a_challenge_the_help_never_offers_what_the_button_refuses(app, ben_plays):
    rules = Rules.bullets(3)
    table = Table.from_hands(rules, ["AS AH 2S 5S", "KH KD 3S 9S", "3H 4S 4H 7C"], first=1, rank="K")
    app.input.bind(Source("key", pygame.K_q), 0, "challenge")
    seats = [SeatSpec("Ana", True, challenge_key="Q"), SeatSpec("Ben", False), SeatSpec("Cleo", False)]
    bots = {1: ScriptBot(1, [ben_plays, "3S"]), 2: ScriptBot(2, ["3H"])}  # (a held call: Ben leads again)
    scene = TableScene(app, GameSetup(rules, seats, seed=5), table=table, bots=bots)
    app.stack.push(scene)
    app.stack.apply()
    for _ in range(3000):
        app.step(DT)
        if table.last_call is not None and table.last_call.seat == 1 and not scene.fx.busy:
            break
    press(pygame.K_q)
    waited = offered = 0
    told = False
    for n in range(3000):
        app.step(DT)
        frame = frame_of(scene)
        button = frame.play_button
        waits = (t("table.msg.wait_verdict"), t("table.button.wait_reveal"))
        says_wait = button is not None and button.label in waits
        helps_play = any(key == "Enter" for key, _ in frame.legend)
        assert not (says_wait and helps_play), f"frame {n}: the button waits, the help says {frame.legend}"
        waited += says_wait
        told = told or (button is not None and button.label == t("table.button.wait_reveal"))
        offered += helps_play and not says_wait
        if offered and not scene.fx.busy and not scene.flow.holding:
            break
    assert table.turn == 0 and waited > 0 and offered > 0  # Ana leads next; both moments were seen
    if ben_plays == "KH 9S":  # Ana won: she leads, her button waits while the caught cards show
        assert told  # ...no longer "for the verdict", which is already told
