"""The set-up screen through App.step with posted events: joining, names, options, start."""

import json

import pygame
import pytest
from kit import SETUP, app_fixture, last_toast, open_setup

from bluffhouse.game.rules import GameKind, RankAfterChallenge, WhoMayChallenge
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.setup.cards import settings_key
from bluffhouse.scenes.setup.model import SetupDraft, default_options
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.keys import PAD_A, PAD_X

app = app_fixture(seed=3, mute=False, menu=False)
press, step, click, type_text = SETUP.press, SETUP.step, SETUP.click, SETUP.type_text


def test_defaults_you_with_c_and_e_plus_three_computer_players(app):
    scene = open_setup(app)
    seats = scene.draft.seats
    assert [s.kind for s in seats] == ["person", "medium", "medium", "medium"]
    assert seats[0].name == "Player 1"  # never "You": the others speak of them too
    assert app.input.binding(Source("key", pygame.K_c)) == (0, "challenge")
    assert app.input.binding(Source("key", pygame.K_e)) == (0, "peek")
    assert scene.draft.options == default_options("bullets")


def test_two_people_join_type_a_name_change_options_and_start(app):
    scene = open_setup(app)
    press(app, pygame.K_q, pygame.K_w)  # joins: the first computer player's seat is theirs
    assert last_toast(app) == "Player 2 takes Ben's seat"
    press(app, pygame.K_p, pygame.K_o)
    seats = scene.draft.seats
    assert [s.human for s in seats] == [True, True, True, False]  # still four seats, one deck
    assert [s.name for s in seats] == ["Player 1", "Player 2", "Player 3", "Dani"]
    assert app.input.binding(Source("key", pygame.K_q)) == (1, "challenge")
    assert app.input.binding(Source("key", pygame.K_w)) == (1, "peek")
    assert app.input.binding(Source("key", pygame.K_o)) == (2, "peek")
    # Down from Start wraps to the first seat's nearest cell; down again, then left to the name.
    press(app, pygame.K_DOWN, pygame.K_DOWN)
    for _ in range(6):
        if scene.focus.startswith("seat:1:"):
            break
        press(app, pygame.K_DOWN)
    while scene.focus != "seat:1:name":
        press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    assert scene.wants_text
    type_text(app, "Zoë")
    press(app, pygame.K_RETURN)
    assert not scene.wants_text and seats[1].name == "Zoë"
    press(app, pygame.K_TAB)  # seats -> rules
    assert scene.focus == "opt:bullets_per_player"
    press(app, pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT)
    press(app, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_RIGHT)
    press(app, pygame.K_TAB, pygame.K_RETURN)
    step(app, 2)
    table = app.stack.top
    assert isinstance(table, TableScene)
    rules = table.setup.rules
    assert rules.game is GameKind.BULLETS and rules.players == 4
    assert rules.bullets_per_player == 2 and rules.rounds == 2 and rules.challenge_window == 3.0
    assert rules.who_may_challenge is WhoMayChallenge.NEXT
    assert rules.rank_after_challenge is RankAfterChallenge.CONTINUE
    specs = table.setup.seats
    assert [(s.name, s.human, s.challenge_key, s.peek_key) for s in specs[1:3]] == [
        ("Zoë", True, "Q", "W"),
        ("Player 3", True, "P", "O"),
    ]
    assert (specs[0].name, specs[0].challenge_key, specs[0].peek_key) == ("Player 1", "C", "E")
    assert not specs[3].human and specs[3].bot == "medium"
    assert app.input.binding(Source("key", pygame.K_p)) == (2, "challenge")
    assert table.setup.seed is not None
    remembered = app.settings[settings_key("bullets")]
    assert remembered["seats"][1]["name"] == "Zoë" and remembered["options"]["rounds"] == 2


def test_a_key_already_taken_is_refused_with_a_message(app):
    scene = open_setup(app)
    press(app, pygame.K_q)  # Player 2 joins with Q; now their peek key is awaited
    press(app, pygame.K_c)  # C is Player 1's challenge key
    assert "taken" in last_toast(app) and "Player 1" in last_toast(app)
    assert scene.draft.seats[1].peek is None and scene.capture == (1, "peek")
    press(app, pygame.K_q)  # their own challenge key cannot be their peek key too
    assert "already your" in last_toast(app)
    press(app, pygame.K_SPACE)  # reserved for the menus
    assert "kept for the menus" in last_toast(app)
    press(app, pygame.K_w)
    assert scene.draft.seats[1].peek == Source("key", pygame.K_w) and scene.capture is None


def test_start_is_refused_until_every_person_has_joined(app):
    scene = open_setup(app)
    kind = scene.rect_of("seat:2:kind").center
    click(app, kind)  # medium -> hard
    click(app, kind)  # hard -> expert
    assert scene.draft.seats[2].kind == "expert" and not scene.draft.seats[2].human
    click(app, kind)  # expert -> person, waiting for a key
    assert scene.draft.seats[2].human and scene.capture == (2, "challenge")
    press(app, pygame.K_ESCAPE)  # not now
    assert scene.capture is None and not scene.draft.seats[2].joined
    click(app, scene.start_button.rect.center)
    step(app, 2)
    assert app.stack.top is scene
    assert "has not joined" in last_toast(app)
    assert scene.focus == "seat:2:keys"
    press(app, pygame.K_RETURN, pygame.K_j, pygame.K_k)  # Enter on the keys cell, then two keys
    assert scene.draft.seats[2].joined
    click(app, scene.start_button.rect.center)
    step(app, 2)
    assert isinstance(app.stack.top, TableScene)


def test_gamepad_buttons_join_and_any_pad_button_can_be_a_key(app):
    scene = open_setup(app)
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=PAD_X))
    step(app, 2)
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=PAD_A))
    step(app, 2)
    seat = scene.draft.seats[1]
    assert seat.challenge == Source("pad", PAD_X, 5) and seat.peek == Source("pad", PAD_A, 5)
    assert app.input.binding(Source("pad", PAD_X, 5)) == (1, "challenge")


def test_seats_can_be_added_removed_and_kinds_changed(app):
    scene = open_setup(app)
    for _ in range(4):
        click(app, scene.add_computer.rect.center)
    assert len(scene.draft.seats) == 8
    first = scene.draft.seats[1].name
    press(app, pygame.K_k)  # a newcomer takes the first computer seat, and says so
    assert scene.draft.seats[1].human and not scene.draft.seats[7].human
    assert len(scene.draft.seats) == 8
    assert last_toast(app) == f"Player 2 takes {first}'s seat"
    press(app, pygame.K_ESCAPE)  # no peek key for now
    for index in range(2, 8):
        scene.draft.set_kind(index, "person")
        scene.draft.seats[index].challenge = Source("key", pygame.K_a + index)
    press(app, pygame.K_z)
    assert "full" in last_toast(app)
    for _ in range(6):
        click(app, scene.rect_of("seat:0:remove").center)
    assert len(scene.draft.seats) == 2
    click(app, scene.rect_of("seat:0:remove").center)
    assert len(scene.draft.seats) == 2 and "at least two" in last_toast(app)
    assert scene.draft.seats[0].name == "Player 1"  # default names follow the seats


def test_kamu_shows_two_decks_from_five_players_and_builds_kamu_rules(app):
    scene = open_setup(app, "kamu")
    assert scene.draft.options["bullets_per_player"] == 0 and scene.draft.options["rounds"] == 3
    assert scene.draft.deck_facts()["decks"] == 1
    click(app, scene.add_computer.rect.center)
    assert scene.draft.deck_facts() == {"cards": 64, "decks": 2, "low": 3, "high": 3, "aside": 49}
    scene.draft.chosen_hand = 0  # the seed's even deal
    assert scene.draft.deck_facts() == {"cards": 64, "decks": 2, "low": 12, "high": 12, "aside": 4}
    scene.options.steppers["jokers"].step(1)
    rules = scene.draft.rules()
    assert rules.game is GameKind.KAMU and rules.decks == 2 and rules.jokers
    assert scene.draft.deck_facts()["cards"] == 68
    step(app, 2)  # draws with the two-deck line


def test_esc_goes_back_to_the_menu_and_the_setup_is_remembered(app):
    scene = open_setup(app, "kamu")
    scene.options.steppers["rounds"].step(1)
    press(app, pygame.K_ESCAPE)
    step(app, 2)
    assert isinstance(app.stack.top, MenuScene)
    again = open_setup(app, "kamu")
    assert again.draft.options["rounds"] == 4
    assert [s.kind for s in again.draft.seats] == ["person", "medium", "medium", "medium"]


@pytest.mark.parametrize(
    "stored",
    [
        "garbage",
        [1, 2],
        {"seats": "x", "options": 3},
        {"seats": [{"name": 5, "kind": "person"}], "options": {"rounds": "many", "jokers": 7}},
        {"seats": [{"name": "A", "kind": "wizard"}, {"name": "B", "kind": "easy"}]},
        {"seats": [{"name": "A", "kind": "easy"}] * 9, "options": {"challenge_window": 99}},
    ],
)
def test_a_corrupt_remembered_setup_gives_the_defaults(app, stored):
    app.settings[settings_key("kamu")] = stored
    scene = open_setup(app, "kamu")
    assert len(scene.draft.seats) == 4 and scene.draft.options == default_options("kamu")
    step(app, 2)


def test_a_corrupt_settings_file_on_disk_does_not_crash_the_setup(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"setup.bullets": {"seats": [None, None], "options": None}}))
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(path))
    app = App(seed=1, home=MenuScene)
    scene = open_setup(app)
    assert len(scene.draft.seats) == 4


def test_a_good_remembered_setup_comes_back_without_keys(app):
    draft = SetupDraft.default("bullets")
    draft.seats[2].kind, draft.seats[2].name, draft.seats[2].custom_name = "person", "Ivo", True
    draft.options["bullets_per_player"] = 5
    app.settings[settings_key("bullets")] = draft.to_settings()
    scene = open_setup(app)
    assert scene.draft.seats[2].name == "Ivo" and not scene.draft.seats[2].joined
    assert scene.draft.seats[0].challenge == Source("key", pygame.K_c)  # the first person: C / E
    assert scene.draft.options["bullets_per_player"] == 5


def test_setup_from_the_previous_game_keeps_people_and_their_keys(app):
    app.input.bind(Source("key", pygame.K_q), 0, "challenge")
    app.input.bind(Source("key", pygame.K_w), 0, "peek")
    from bluffhouse.game.rules import Rules

    seats = [
        SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
        bot_seat(1, "hard"),
        SeatSpec("Bo", True, challenge_key="X"),
    ]
    previous = GameSetup(Rules.kamu(players=3, jokers=True, rounds=5), seats, seed=9)
    scene = open_setup(app, "kamu", previous)
    ana, bot, bo = scene.draft.seats
    assert ana.challenge == Source("key", pygame.K_q) and ana.peek == Source("key", pygame.K_w)
    assert bot.kind == "hard" and not bo.joined  # X is no longer bound to Bo
    assert scene.draft.options["jokers"] is True and scene.draft.options["rounds"] == 5


@pytest.mark.draws
def test_two_people_show_the_privacy_hint(app, monkeypatch):
    import bluffhouse.scenes.setup.paint as setup_draw
    from bluffhouse.scenes.ui.lang import t

    open_setup(app)
    drawn = []
    original = setup_draw.draw_text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return original(surface, text, *args, **kwargs)

    monkeypatch.setattr(setup_draw, "draw_text", spy)
    step(app, 2)
    assert drawn and t("setup.privacy", n=2) not in drawn
    press(app, pygame.K_q, pygame.K_w)
    drawn.clear()
    step(app, 2)
    assert t("setup.privacy", n=2) in drawn


def test_removing_a_seat_keeps_the_other_computer_players_names(app):
    scene = open_setup(app)
    click(app, scene.rect_of("seat:1:remove").center)  # Ben leaves
    assert [s.name for s in scene.draft.seats] == ["Player 1", "Csilla", "Dani"]
    click(app, scene.add_computer.rect.center)
    names = [s.name for s in scene.draft.seats]
    assert len(set(names)) == 4 and names[3] not in ("Csilla", "Dani")


def test_after_a_quick_game_the_first_person_keeps_c_and_gets_e_to_peek(app):
    from bluffhouse.scenes.shell.session import quick_setup

    quick_setup(app)  # binds C to player 0, nothing to peek
    scene = open_setup(app)
    you = scene.draft.seats[0]
    assert you.challenge == Source("key", pygame.K_c) and you.peek == Source("key", pygame.K_e)


def test_a_person_can_take_the_coach_and_the_table_gets_it(tmp_path, monkeypatch):
    from bluffhouse.scenes.setup.model import COACHED, SetupDraft

    draft = SetupDraft.default("bullets")
    assert draft.seats[0].human
    kind = draft.cycle_kind(0)
    assert kind == COACHED and draft.seats[0].human
    specs = draft.seat_specs(lambda source: "C")
    assert specs[0].coach and specs[0].human
    assert not any(spec.coach for spec in specs[1:])
    assert draft.cycle_kind(0) == "phone" and draft.seat_specs(lambda s: "C")[0].phone  # issue 14
    assert draft.cycle_kind(0) == "easy" and not draft.seat_specs(lambda s: "C")[0].coach
