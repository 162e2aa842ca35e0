"""A seat's badge tells seats apart at a glance in every language (issue 23): the Hungarian
default name "1. játékos" gave "1J", English "Player 1" gave "P" on the results (every seat the
same). One rule now, scenes.ui.names.badge_letters, for every screen that draws a badge."""

import pygame
import pytest
from kit import ScriptBot

from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes import art
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.screens import register_all
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.names import badge_letters

LANGUAGES = ("en", "es", "fr", "hu")


@pytest.fixture
def language():
    yield lang.set_language
    lang.set_language("en")


@pytest.mark.parametrize("code", LANGUAGES)
def test_default_names_show_their_seat_number_in_every_language(language, code):
    language(code)
    for n in range(1, 9):
        assert badge_letters(lang.t("setup.player_n", n=n)) == str(n)
        assert badge_letters(lang.t("duel.setup.name", n=n)) == str(n)


def test_peoples_names_show_their_initials(language):
    language("hu")
    assert badge_letters("Anna") == "An"
    assert badge_letters("Kis Pista") == "KP"
    assert badge_letters("Ana 2") == "A2"  # a second Ana, numbered by unique_name
    assert badge_letters("Jean-Luc") == "JL"
    assert badge_letters("Player 3") == "P3"  # another language's default is a name like any
    assert badge_letters("3. játékos") == "3"
    assert badge_letters("  ") == "?"
    assert badge_letters("Ana ²") == "A²"  # a digit that is no number (hypothesis found it)


@pytest.mark.draws
def test_the_tables_badges_in_hungarian_are_the_seat_numbers(language, tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "data"))
    language("hu")
    register_all()
    app = App(seed=1, home=MenuScene, mute=True)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    shown = []
    badge = art.seat_badge
    monkeypatch.setattr(
        art,
        "seat_badge",
        lambda seat, letters="", *a: shown.append((seat, letters)) or badge(seat, letters, *a),
    )
    rules = Rules.kamu(3, jokers=False)
    table = Table.from_hands(rules, ["7P 8P", "9Z UM", "7M 8M"], first=0)
    seats = [SeatSpec(lang.t("setup.player_n", n=n + 1), n == 0) for n in range(3)]
    bots = {1: ScriptBot(1, []), 2: ScriptBot(2, [])}
    scene = TableScene(app, GameSetup(rules, seats, seed=3), table=table, bots=bots)
    app.stack.push(scene)
    app.stack.apply()
    app.step(1 / 30)
    scene.draw(pygame.Surface((1280, 720)))
    assert set(shown) == {(0, "1"), (1, "2"), (2, "3")}
