"""The host keeps both games up with the room once (issue 20): the Options' game pace, and a peek
key let go while another screen had the keys, were handled by each game's screen; now by the
host's PlayScene.keep_up (scenes/play/), the same for the card table and the duel. Driven by real
key events through App.step."""

import ast
from pathlib import Path

import pygame
import pytest
from kit import app_fixture
from sources import nodes, scan

from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec
from bluffhouse.scenes.shell.settings_schema import PACES
from bluffhouse.scenes.table.scene import TableScene

DT = 1 / 30
KEYS = ((pygame.K_q, pygame.K_w), (pygame.K_o, pygame.K_p))  # Ana's and Ben's challenge and peek


app = app_fixture(seed=3, data=True)


def two_people(app, rules, demo=False) -> GameSetup:
    for seat, (challenge, peek) in enumerate(KEYS):
        app.input.bind(Source("key", challenge), seat, "challenge")
        app.input.bind(Source("key", peek), seat, "peek")
    seats = [
        SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
        SeatSpec("Ben", True, challenge_key="O", peek_key="P"),
    ]
    return GameSetup(rules, seats, seed=7, demo=demo)


def card_table(app, demo=False):
    rules = Rules.bullets(2)
    table = Table.from_hands(rules, ["AS AH 2S 5S", "KH KD 3S 9S"], first=0, rank="A")
    return TableScene(app, two_people(app, rules, demo), table=table)


def dice_duel(app, demo=False):
    setup = two_people(app, Rules.duel(points_to_win=2), demo)
    return DuelScene(app, setup, DuelMatch(setup.rules, 7))


GAMES = {"table": card_table, "duel": dice_duel}


def started(app, game, demo=False):
    scene = GAMES[game](app, demo)
    app.stack.push(scene)
    for _ in range(200):  # the deal or the first roll
        app.step(DT)
    return scene


def key(event_type, code) -> None:
    pygame.event.post(pygame.event.Event(event_type, key=code, mod=0, unicode=""))


@pytest.mark.parametrize("game", GAMES)
def test_the_options_pace_reaches_both_games_and_the_attract_mode_keeps_its_own(app, game):
    scene = started(app, game)
    app.settings["pace"] = "fast"  # (as the Options screen sets it)
    app.step(DT)
    assert scene.flow.pace == PACES["fast"]
    app.stack.pop()
    app.stack.apply()
    demo = started(app, game, demo=True)
    before = demo.flow.pace
    app.settings["pace"] = "relaxed"
    app.step(DT)
    assert demo.flow.pace == before != PACES["relaxed"]


@pytest.mark.parametrize("game", GAMES)
def test_a_glance_let_go_while_another_screen_had_the_keys_closes(app, game):
    scene = started(app, game)
    other = 1 - scene.flow.turn
    peek = Source("key", KEYS[other][1])
    key(pygame.KEYDOWN, peek.code)
    app.step(DT)
    assert scene.flow.views.open is not None and scene.flow.views.open.owner == other
    app.input.held.discard(peek)  # its key-up went elsewhere
    app.step(DT)
    assert scene.flow.views.open is None


def _reads_the_pace_or_a_peek_key(path: Path) -> bool:
    """Whether the file reads `….app.pace` or asks `….is_held(…, "peek")`."""
    for node in nodes(path):
        pace = (
            isinstance(node, ast.Attribute)
            and node.attr == "pace"
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "app"
        )
        called = node.func if isinstance(node, ast.Call) else None
        held = (
            isinstance(called, ast.Attribute)
            and called.attr == "is_held"
            and any(getattr(arg, "value", None) == "peek" for arg in node.args)
        )
        if pace or held:
            return True
    return False


def test_the_pace_and_the_let_go_are_the_hosts_alone():
    """No game package reads the Options' pace or a peek key's state: scenes/play/ does, once."""
    scenes = Path(__file__).resolve().parent.parent / "bluffhouse" / "scenes"
    readers = {
        path.relative_to(scenes).as_posix()
        for path in scenes.rglob("*.py")
        if scan(path, _reads_the_pace_or_a_peek_key)
    }  # kept between runs (tests/sources.py)
    games = {reader for reader in readers if reader.startswith(("table/", "duel/", "play/"))}
    assert games == {"play/scene.py"}
