"""Menus through App.step with posted keys: main menu, how to play, pause, widgets."""

import re
from pathlib import Path

import kit
import pygame
import pytest
from kit import GameStandIn

import bluffhouse.scenes.shell.registry
from bluffhouse.scenes.howto import CHAPTERS, HowToScene
from bluffhouse.scenes.menu import ITEMS, MenuScene
from bluffhouse.scenes.pause import ConfirmScene, PauseScene
from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.ui.lang import has_text
from bluffhouse.scenes.ui.widgets import Button, Menu, Stepper, TextField

ROOT = Path(__file__).resolve().parent.parent


# a copy of the registry: what a test registers stays its own
app = kit.app_fixture(seed=3, mute=False, first_frame=1 / 60, registry="copy")
press, click = kit.MENU.press, kit.MENU.click


def test_how_to_play_opens_from_the_menu_and_esc_returns(app):
    menu = app.stack.top
    press(app, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN)
    assert ITEMS[menu.menu.focus] == "howto"
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, HowToScene)
    assert "howto" in app.scenes_visited
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_how_to_play_turns_pages_and_runs_on_into_the_next_game(app):
    app.stack.push(HowToScene(app))
    app.step(1 / 60)
    howto = app.stack.top
    for _ in range(len(CHAPTERS["bullets"])):
        press(app, pygame.K_RIGHT)
    assert (howto.game, howto.page) == ("kamu", 0)
    press(app, pygame.K_LEFT)
    assert (howto.game, howto.page) == ("bullets", len(CHAPTERS["bullets"]) - 1)
    press(app, pygame.K_TAB)
    assert (howto.game, howto.page) == ("kamu", 0)
    click(app, howto.tabs["duel"].center)
    assert howto.game == "duel"
    press(app, pygame.K_4)
    assert howto.game == "controls"


@pytest.mark.draws  # it paints each page: a text is asked for only when its page is drawn
def test_every_how_to_page_draws_with_all_its_text(app):
    app.stack.push(HowToScene(app))
    app.step(1 / 60)
    howto = app.stack.top
    for game, pages in CHAPTERS.items():
        for page in range(len(pages)):
            howto.show(game, page)
            howto.slide.finish()
            app.step(1 / 60)
    from bluffhouse.scenes.ui import lang

    assert lang._translator is not None and lang._translator.missing == set()


def test_the_mouse_picks_menu_items(app):
    menu = app.stack.top
    target = menu.buttons["howto"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(1, 1), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert ITEMS[menu.menu.focus] == "howto"
    click(app, target)
    assert isinstance(app.stack.top, HowToScene)


def test_a_gamepad_drives_the_menu(app):
    for event in (
        (pygame.JOYHATMOTION, {"value": (0, -1)}),
        (pygame.JOYHATMOTION, {"value": (0, 0)}),
        (pygame.JOYBUTTONDOWN, {"button": 0}),
    ):
        pygame.event.post(pygame.event.Event(event[0], instance_id=0, **event[1]))
    app.step(1 / 60)
    app.step(1 / 60)
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.game == "bullets"


def test_registered_scenes_open_from_the_menu(app):
    opened = []

    def factory(a):
        opened.append(a)
        return GameStandIn(a)

    bluffhouse.scenes.shell.registry.register("quick", factory)
    press(app, pygame.K_RETURN)
    assert opened == [app] and isinstance(app.stack.top, GameStandIn)


def test_esc_on_the_menu_goes_to_quit_and_quit_quits(app):
    menu = app.stack.top
    press(app, pygame.K_ESCAPE)
    assert ITEMS[menu.menu.focus] == "quit" and app.running
    press(app, pygame.K_RETURN)
    assert not app.running


@pytest.mark.draws
def test_pause_overlays_the_game_and_esc_resumes(app):
    game = GameStandIn(app)
    app.stack.push(game)
    app.step(1 / 60)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene) and app.stack.top.transparent
    assert [type(s) for s in app.stack.visible()] == [GameStandIn, PauseScene]
    assert 0 < app.surface.get_at((1, 1))[0] < 200  # the game shows, dimmed, under the pause
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is game and game.events == ["pause", "resume"]


def test_pause_resume_button_and_how_to_play(app):
    app.stack.push(GameStandIn(app))
    app.step(1 / 60)
    press(app, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_RETURN)
    assert isinstance(app.stack.top, HowToScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    press(app, pygame.K_UP, pygame.K_RETURN)
    assert isinstance(app.stack.top, GameStandIn)


def test_back_to_menu_asks_first(app):
    app.stack.push(GameStandIn(app))
    app.step(1 / 60)
    press(app, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN)
    assert isinstance(app.stack.top, ConfirmScene)
    press(app, pygame.K_RETURN)  # "No" has the focus
    assert isinstance(app.stack.top, PauseScene)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_UP, pygame.K_RETURN)  # "Yes, leave"
    assert len(app.stack) == 1 and isinstance(app.stack.top, MenuScene)


def test_quit_from_pause_asks_then_quits(app):
    app.stack.push(GameStandIn(app))
    app.step(1 / 60)
    press(app, pygame.K_ESCAPE, pygame.K_UP, pygame.K_RETURN)
    assert isinstance(app.stack.top, ConfirmScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene) and app.running
    press(app, pygame.K_RETURN, pygame.K_LEFT, pygame.K_RETURN)
    assert not app.running


# -- widgets -------------------------------------------------------------------------


def test_stepper_changes_with_left_right_and_clicks():
    changes = []
    stepper = Stepper("Bullets", [(1, "1"), (2, "2"), (3, "3")], 2, changes.append)
    menu = Menu([Button("Play", lambda: None), stepper])
    menu.handle(Intent("down"))
    menu.handle(Intent("right"))
    menu.handle(Intent("left"))
    menu.handle(Intent("left"))
    assert changes == [1, 3, 2] and stepper.value == 2
    menu.handle(Intent("click", pos=(stepper.rect.right - 5, stepper.rect.centery)))
    assert stepper.value == 3


def test_text_field_types_and_turns_typing_on(app):
    names = []
    field = TextField("Name", "An", on_change=names.append)

    class Setup(Scene):
        def __init__(self, a):
            super().__init__(a)
            self.menu = Menu([Button("Go", lambda: None), field])

        @property
        def wants_text(self):
            return self.menu.wants_text

        def handle(self, intent):
            return self.menu.handle(intent)

    app.stack.push(Setup(app))
    app.step(1 / 60)
    assert not app.input.text_entry
    press(app, pygame.K_DOWN)
    assert app.input.text_entry
    for ch in "na":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch), mod=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    press(app, pygame.K_m)  # M types, it does not mute
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="m"))
    press(app, pygame.K_BACKSPACE)
    assert field.text == "Anna" and not app.sound.muted
    assert names[-1] == "Anna"


def test_disabled_buttons_are_skipped():
    hits = []
    menu = Menu(
        [
            Button("A", lambda: hits.append("a")),
            Button("B", lambda: hits.append("b"), enabled=False),
            Button("C", lambda: hits.append("c")),
        ]
    )
    menu.handle(Intent("down"))
    menu.handle(Intent("confirm"))
    assert hits == ["c"]


def test_every_text_key_used_by_the_shell_exists():
    pattern = re.compile(r"""\bt\(\s*["']([a-z0-9_.]+)["']""")
    files = ["shell/app.py", "shell/input.py", "menu.py", "pause.py", "howto.py", "ui/widgets.py"]
    keys = {
        k for f in files for k in pattern.findall((ROOT / "bluffhouse" / "scenes" / f).read_text("utf-8"))
    }
    keys |= {f"menu.{item}" for item in ITEMS} | {f"menu.{item}.about" for item in ITEMS}
    for game, pages in CHAPTERS.items():
        keys.add(f"howto.tab.{game}")
        keys |= {f"howto.{game}.{page}.{part}" for page, _ in pages for part in ("title", "body")}
    missing = sorted(k for k in keys if not has_text(k))
    assert missing == []


def test_a_monkey_on_every_shell_screen_breaks_nothing(app):
    import random

    rng = random.Random(20240)
    keys = [
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_LEFT,
        pygame.K_RIGHT,
        pygame.K_RETURN,
        pygame.K_SPACE,
        pygame.K_ESCAPE,
        pygame.K_TAB,
        pygame.K_BACKSPACE,
        pygame.K_m,
        pygame.K_F11,
        pygame.K_q,
        pygame.K_1,
        pygame.K_4,
        pygame.K_9,
        pygame.K_PAGEUP,
        pygame.K_PAGEDOWN,
    ]
    app.stack.push(GameStandIn(app))  # so that Esc can reach the pause overlay too
    seen = set()
    for frame in range(1500):
        roll = rng.random()
        if roll < 0.6:
            k = rng.choice(keys)
            if k == pygame.K_RETURN and rng.random() < 0.5:
                continue  # fewer Quits, more wandering
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0))
        elif roll < 0.75:
            pos = (rng.randrange(1280), rng.randrange(720))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
            button = rng.choice((1, 3))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        elif roll < 0.85:
            pygame.event.post(
                pygame.event.Event(
                    pygame.JOYBUTTONDOWN, instance_id=rng.randrange(3), button=rng.randrange(12)
                )
            )
            hat = rng.choice(((0, 1), (0, -1), (1, 0), (0, 0)))
            pygame.event.post(pygame.event.Event(pygame.JOYHATMOTION, instance_id=0, hat=0, value=hat))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1))))
        app.step(rng.choice((1 / 60, 1 / 30, 0.2)))
        seen.add(type(app.stack.top).__name__)
        if not app.running or not app.stack.scenes or frame % 200 == 0:
            app.running = True
            app.stack.reset(MenuScene(app))  # half the time from the menu, half from a game
        elif frame % 200 == 100:
            app.stack.push(GameStandIn(app))
    assert {"MenuScene", "HowToScene", "PauseScene", "ConfirmScene"} <= seen


def test_the_menus_corner_shows_the_version_in_every_language(app, monkeypatch):
    import bluffhouse.scenes.menu
    from bluffhouse import __version__
    from bluffhouse.scenes.ui.lang import set_language

    drawn = []
    real = bluffhouse.scenes.menu.draw_text
    monkeypatch.setattr(
        bluffhouse.scenes.menu,
        "draw_text",
        lambda surface, text, at, *a, **k: drawn.append((text, real(surface, text, at, *a, **k))),
    )
    try:
        for code in ("en", "es", "fr", "hu"):
            set_language(code)
            drawn.clear()
            app.stack.top.draw(app.surface)
            [(text, rect)] = [(text, rect) for text, rect in drawn if __version__ in text]
            assert text != __version__ and len(text) <= 24  # a word with it, in this language
            assert rect.top >= 4 and rect.right <= 1276 and rect.height >= 14  # in the corner, whole
            assert not any(rect.colliderect(other) for word, other in drawn if word != text)
    finally:
        set_language("en")
