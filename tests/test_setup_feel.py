"""Issue 13's playtest list in the set-ups: Down from Start, and a Start button that says whom
a remembered table still waits for."""

import json

import pygame
from kit import DUEL, SETUP, app_fixture, focus_row, open_duel_setup, open_setup

from bluffhouse.scenes.setup.cards import settings_key

app = app_fixture(seed=3, mute=False, menu=False)  # as tests/test_setup.py's
press, step = SETUP.press, SETUP.step


def remembered(tmp_path, monkeypatch, seats):
    path = tmp_path / "remembered.json"
    stored = {settings_key("bullets"): {"seats": seats, "options": {}}}
    path.write_text(json.dumps(stored), encoding="utf-8")
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(path))


def test_down_from_start_goes_to_the_first_seat_never_to_a_remove_cross(app):
    setup = open_setup(app)
    assert setup.focus == "start"
    press(app, pygame.K_DOWN)
    assert setup.focus == "seat:0:name"
    press(app, pygame.K_UP)
    assert setup.focus == "opt:hand_size"  # the deal sits above the seats
    press(app, pygame.K_UP)
    assert setup.focus == "start"
    for _ in range(12):  # up and down the whole screen: only a column of crosses leads to a cross
        press(app, pygame.K_UP)
        assert not setup.focus.endswith(":remove")
    setup.focus = "seat:1:remove"
    press(app, pygame.K_DOWN)
    assert setup.focus == "seat:2:remove"


def test_a_remembered_table_says_on_start_whom_it_waits_for(tmp_path, monkeypatch):
    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.setup.cards import SetupScene
    from bluffhouse.scenes.shell.app import App

    people = [{"name": n, "kind": "person", "custom": True} for n in ("Ana", "Ben", "Cleo")]
    remembered(tmp_path, monkeypatch, [*people, {"name": "Dani", "kind": "medium", "custom": False}])
    app = App(seed=3, home=MenuScene)
    app.stack.push(MenuScene(app))
    app.stack.push(SetupScene(app, "bullets"))
    app.stack.apply()
    step(app, 2)
    setup = app.stack.top
    # Ana keeps the house keys (C, E); Ben and Cleo were remembered, their keys were not
    assert setup.start_button.label == "Waiting for Ben and Cleo to press their keys"
    assert setup.start_button.rect.w > 400  # wide enough to say it at a size a couch can read
    press(app, pygame.K_j)  # somebody presses a free key: Ben joins with it
    press(app, pygame.K_ESCAPE)  # no peek key yet: later
    assert setup.start_button.label == "Waiting for Cleo to press a key"
    press(app, pygame.K_k, pygame.K_ESCAPE)  # Cleo joins too
    assert setup.start_button.label == "Waiting for Ben and Cleo to press their peek keys"
    setup.start()  # pressing it anyway says the same and listens for the missing key
    assert setup.capture is not None and app.stack.top is setup
    pygame.event.clear()


def test_the_duel_set_up_says_whom_it_waits_for(app):
    from bluffhouse.scenes.menu import MenuScene

    app.stack.push(MenuScene(app))
    app.stack.apply()
    step(app, 2)
    setup = open_duel_setup(app)
    assert setup.rows["start"].label == "Start the duel"  # one person: C is theirs already
    focus_row(app, setup, "mode")
    DUEL.press(app, pygame.K_RIGHT)  # two people: nobody has pressed a key for Ben yet
    step(app, 2)
    assert setup.rows["start"].label.startswith("Waiting for Ben")


def test_a_toast_in_the_set_up_never_covers_the_prompt_or_start(app):
    from bluffhouse.scenes.setup.paint import STATUS_Y

    setup = open_setup(app)
    press(app, pygame.K_q)  # somebody new joins with Q; the set-up waits for their peek key
    assert setup.capture == (1, "peek")
    press(app, pygame.K_c, pygame.K_SPACE)  # a taken key, then a key kept for the menus
    step(app, 6)
    boxes = app.toast_rects()
    # "Player 2 takes Ben's seat", "C is taken…", "Space is kept for the menus…": the newest is
    # shown, and the older ones wait rather than stack over the seats (issue 35)
    assert boxes and not [box for box in boxes for cell in setup.clickable if box.colliderect(cell)]
    assert all(box.bottom <= STATUS_Y - 6 for box in boxes)  # the prompt lines and Start stay readable


def test_the_foot_of_the_rules_panel_explains_the_focused_option_at_its_value():
    from bluffhouse.scenes.setup.options import explanation

    assert explanation("jokers", True) == "Színes always tells the truth; Fakó is bait, played alone."
    assert explanation("jokers", False) == "No jokers: only the plain Hungarian cards."
    assert explanation("rounds", 1) == "One game decides it."
    assert explanation("rounds", 3).startswith("3 games; ")
    assert explanation("bullets_per_player", 0).startswith("No bullets")
    assert explanation("bullets_per_player", 2).startswith("2 each")
    assert explanation("challenge_window", 2.0) == "The next player waits 2 s, so anyone can challenge first."
    assert explanation("who_may_challenge", "next") == "Only the player whose turn is next may challenge."
