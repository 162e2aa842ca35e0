"""The Options screen: language, volume and sound, full screen, game pace, the Quick game's
opponents, reduced motion, the four-colour deck — from the menu and the pause, by keys, mouse
and gamepad, remembered."""

import random

import kit
import pygame
import pytest

from bluffhouse.game.cards import Card
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.art.faces import Deck, card_face
from bluffhouse.scenes.duel.flow import BOT_THINK
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.menu import ITEMS, MenuScene
from bluffhouse.scenes.options import OptionsScene
from bluffhouse.scenes.pause import PauseScene
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.middle import draw_flyer
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.table.sprites import Flyer
from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.anim import Motion, Tween, pulse


@pytest.fixture
def app(tmp_path, monkeypatch):
    yield kit.new_app(tmp_path, monkeypatch, seed=2)
    pygame.event.clear()
    lang.set_language("en")
    Motion.reduced = Deck.four_colour = False


press = kit.Pace(dt=1 / 30).press


def open_options(app) -> OptionsScene:
    menu = app.stack.top
    menu.menu.focus = ITEMS.index("options")
    press(app, pygame.K_RETURN)
    options = app.stack.top
    assert isinstance(options, OptionsScene)
    return options


def focus(app, options, key):
    while options.keys[options.menu.focus] != key:
        press(app, pygame.K_DOWN)


def test_the_language_changes_every_screen_at_once_and_is_remembered(app, tmp_path):
    options = open_options(app)
    focus(app, options, "language")
    before = options.menu.widgets[0].label
    for _ in range(4):  # English -> the next language, whichever are installed
        press(app, pygame.K_RIGHT)
        if lang.language() != "en":
            break
    chosen = lang.language()
    if chosen == "en":
        pytest.skip("only English is installed")
    assert app.settings["language"] == chosen
    assert options.menu.widgets[0].label != before  # the options' own words changed at once
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert menu.buttons["quit"].label == lang.t("menu.quit") != "Quit"  # relabelled below too
    again = App(seed=3, home=MenuScene, mute=True)  # the next start speaks the same language
    assert lang.language() == chosen and again.settings["language"] == chosen


def test_volume_sound_and_full_screen_go_into_the_settings(app):
    options = open_options(app)
    focus(app, options, "volume")
    volume = app.settings["volume"]
    press(app, pygame.K_LEFT)
    assert app.settings["volume"] == pytest.approx(volume - 0.1)
    focus(app, options, "sound")
    muted = app.sound.muted
    press(app, pygame.K_RIGHT)
    assert app.sound.muted != muted and app.settings["muted"] == app.sound.muted
    focus(app, options, "fullscreen")
    press(app, pygame.K_RIGHT)  # the dummy driver refuses: it says so, nothing breaks
    refused = any(toast.text == lang.t("app.no_fullscreen") for toast in app.toasts)
    assert refused or app.settings["fullscreen"]


def test_pace_reduced_motion_and_the_four_colour_deck(app):
    options = open_options(app)
    focus(app, options, "pace")
    press(app, pygame.K_RIGHT)  # normal -> fast
    assert app.settings["pace"] == "fast" and app.pace > 1
    focus(app, options, "motion")
    press(app, pygame.K_LEFT)  # off -> on
    assert app.settings["reduced_motion"] is True and Motion.reduced
    assert pulse(0.1) == pulse(0.7)  # nothing breathes or flashes
    focus(app, options, "deck")
    press(app, pygame.K_LEFT)
    assert app.settings["four_colour"] is True and Deck.four_colour


def test_the_quick_games_opponents_are_chosen_here_and_remembered(app):
    from bluffhouse.game.bots.table_expert import ExpertTableBot
    from bluffhouse.scenes.shell.session import quick_setup

    assert {spec.bot for spec in quick_setup(app).seats[1:]} == {"medium"}  # as before
    options = open_options(app)
    focus(app, options, "quick")
    press(app, pygame.K_RIGHT, pygame.K_RIGHT)  # medium -> hard -> expert
    assert app.settings["quick.level"] == "expert"
    setup = quick_setup(app)
    assert [spec.bot for spec in setup.seats[1:]] == ["expert"] * 3
    table = TableScene(app, setup)
    assert all(isinstance(table.bots[s], ExpertTableBot) for s in (1, 2, 3))
    app.settings["quick.level"] = "random"  # a value the game does not offer there: refused
    assert app.settings.get("quick.level") == "expert"


def test_a_fast_pace_makes_the_computer_think_faster_but_keeps_the_house_rules_window(app):
    app.settings["pace"] = "fast"
    seats = [SeatSpec("Ana", True), bot_seat(1)]
    duel = DuelScene(app, GameSetup(Rules.duel(), seats, seed=1))
    app.stack.push(duel)
    app.stack.apply()
    for _ in range(400):
        app.step(1 / 20)
        if duel.flow.bot_wait is not None:
            break
    assert duel.flow.bot_wait is not None and duel.flow.bot_wait <= BOT_THINK[1] / 1.4 + 1e-9
    seats = [SeatSpec("Ana", True)] + [bot_seat(s) for s in (1, 2)]
    table = TableScene(app, GameSetup(Rules.bullets(3), seats, seed=2))
    app.stack.push(table)
    app.stack.apply()
    app.step(1 / 20)
    assert table.flow.pace == app.pace and table.flow.min_window == 2.0


def test_reduced_motion_draws_no_flying_card():
    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    flyer = Flyer((100, 100), (600, 300), Tween(0.0, 1.0, 1.0), (74, 74), spin=30)
    flyer.motion.update(0.5)
    draw_flyer(surface, flyer, "french")
    assert surface.get_bounding_rect().w > 0  # normally the card is in the air
    surface.fill((0, 0, 0, 0))
    Motion.reduced = True
    try:
        draw_flyer(surface, flyer, "french")
    finally:
        Motion.reduced = False
    assert surface.get_bounding_rect().w == 0


def test_the_four_colour_deck_paints_diamonds_blue_and_clubs_green():
    def colours(card):
        face = card_face(Card(card[:-1], card[-1]), 80)
        counts = {"red": 0, "blue": 0, "green": 0}
        for x in range(0, face.get_width(), 2):
            for y in range(0, face.get_height(), 2):
                r, g, b, a = face.get_at((x, y))
                if a < 200:
                    continue
                counts["red"] += r > 150 and g < 80 and b < 90
                counts["blue"] += b > 140 and r < 80
                counts["green"] += g > 100 and r < 60 and b < 100
        return counts

    two = colours("9D"), colours("9C")
    Deck.four_colour = True
    try:
        four = colours("9D"), colours("9C")
    finally:
        Deck.four_colour = False
    assert two[0]["red"] > 50 and two[0]["blue"] == 0 and four[0]["blue"] > 50 and four[0]["red"] < 10
    assert two[1]["green"] == 0 and four[1]["green"] > 50


def test_options_open_from_the_pause_and_a_gamepad_drives_them(app):
    from kit import GameStandIn

    app.stack.push(GameStandIn(app))
    app.step(1 / 30)
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.menu.focus = 2
    press(app, pygame.K_RETURN)
    options = app.stack.top
    assert isinstance(options, OptionsScene)
    rng = random.Random(1)
    for _ in range(60):  # the pad: d-pad and ✕/A; never a crash, always a visible focus
        direction = rng.choice([(0, 1), (0, -1), (1, 0), (-1, 0)])
        pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=0, value=direction))
        pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=0, value=(0, 0)))
        app.step(1 / 30)
    lang.set_language("en")
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=0, button=1))  # ○/B: back
    app.step(1 / 30)
    app.step(1 / 30)
    assert isinstance(app.stack.top, PauseScene)


def test_a_click_changes_an_option(app):
    options = open_options(app)
    row = options.menu.widgets[options.keys.index("motion")]
    x = row.rect.right - 40
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=(x, row.rect.centery), button=1))
    app.step(1 / 30)
    assert app.settings["reduced_motion"] is True
