"""Names from outside (typed, in the settings file, for the duel): one rule, and no screen crashes on one."""

import json

import kit
import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit import settings_file

from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.setup.duel import DuelSetupScene
from bluffhouse.scenes.setup.model import DUEL_DEFAULT_NAMES as DEFAULT_NAMES
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import NAME_MAX, clean_name, typed
from bluffhouse.scenes.ui.text import render
from bluffhouse.scenes.ui.widgets import TextField

INVISIBLE = [
    "\u034f",
    "\ufe0f",
    "\u200b",
    "\u202e",
    "\u2066",
    "\u00ad",
    "\ufeff",
    "\u3164",
    "\u2800",
    "\ufffc",
    "\u115f",
    "\U000e0041",
    "\u034f\ufe0f\u200d",
]
__all__ = ["settings_file"]  # the shared fixture (tests/kit.py)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Zoë", "Zoë"),
        ("  Ana   Maria  ", "Ana Maria"),
        ("Ana\tMaria\n", "Ana Maria"),
        ("Zoe\u0308", "Zoë"),  # composed: one letter, not two
        ("A\x00B", "AB"),
        ("\u202eevil", "evil"),
        ("Bo\u200b\u200dB", "BoB"),
        ("\ud800Li", "Li"),
        ("x" * 50, "x" * NAME_MAX),
        ("é" + "\u0301" * 500, "é\u0301\u0301"),  # no towers of marks
        ("\u0301\u0301Al", "Al"),
        ("😀 Joy", "😀 Joy"),
        ("שלום", "שלום"),
        ("١٢٣", "١٢٣"),
        (" " * 10_000 + "Al", "Al"),
        ("\u202e" * 20_000 + "Al", "Al"),
        *((raw, None) for raw in INVISIBLE),
        ("", None),
        ("   ", None),
        (5, None),
        (None, None),
        ({"a": 1}, None),
        (["Al"], None),
        ("\x00", None),
        ("\ud800", None),
    ],
)
def test_one_rule_for_every_name(raw, clean):
    assert clean_name(raw) == clean


def test_typing_keeps_what_may_be_typed_and_stays_short():
    assert typed("Ana ") == "Ana " and typed(" Ana") == "Ana"  # a space between words comes later
    assert typed("x" * 40) == "x" * NAME_MAX
    assert typed("\u202e\u200b") == "" and typed("Bo\x07b") == "Bob"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.characters(codec=None, exclude_categories=()), max_size=30))
def test_the_font_draws_something_for_every_name_the_rule_accepts(raw):
    """The rule uses Unicode categories; the bundled font agrees that such a name shows ink."""
    pygame.font.init()
    name = clean_name(raw)
    if name is None:
        return
    image = render(name, 20, (255, 255, 255), False, None)
    assert image.get_width() > 1 and image.get_bounding_rect(min_alpha=1).w > 0, repr(name)


def test_the_text_renderer_never_raises_on_what_draws_nothing():
    pygame.font.init()
    for text in ["\u034f", "\u200b", "\ufffc", "", "a\x00b", "\ud800", "\u202e" * 3]:
        image = render(text, 18)
        assert image.get_height() > 0


# -- the screens that showed a crash -------------------------------------------------------


def new_app():
    return kit.new_app(seed=2)  # at the settings file the test wrote (settings_file)


press = kit.SETUP.press


def type_text(app, text):
    """Typed, then two frames painted: the name field is drawn as it is being typed into."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    kit.steps(app, 2, draw=True)


@pytest.mark.parametrize("invisible", ["\u034f", "\ufe0f", "\u034f\ufe0f", "\u2800", "\u3164 \u2800"])
def test_an_invisible_name_typed_in_the_setup_goes_back_to_the_default_with_a_message(
    settings_file, invisible
):
    app = new_app()
    scene = SetupScene(app, "bullets")
    app.stack.push(scene)
    kit.steps(app, 3)
    scene.focus = "seat:1:name"
    press(app, pygame.K_RETURN)
    assert scene.editing == 1
    type_text(app, invisible)  # drawn while typing: "Text has zero width" crashed here
    press(app, pygame.K_RETURN)
    assert scene.editing is None
    assert scene.draft.seats[1].name == "Ben" and not scene.draft.seats[1].custom_name
    if typed(invisible):  # a blank letter got in: the player is told why it went
        assert app.toasts[-1].text == t("app.name_rejected", name="Ben")
    else:  # marks and format characters never get in: nothing to tell
        assert not app.toasts
    kit.steps(app, 3)


def test_a_long_name_typed_in_the_setup_is_cut_to_the_limit(settings_file):
    app = new_app()
    scene = SetupScene(app, "kamu")
    app.stack.push(scene)
    kit.steps(app, 3)
    scene.focus = "seat:0:name"
    press(app, pygame.K_RETURN)
    type_text(app, "Bartholomew\u202e the Magnificent" * 500)
    press(app, pygame.K_RETURN)
    assert scene.draft.seats[0].name == "Bartholomew the "[:NAME_MAX].strip()


@pytest.mark.parametrize(
    "stored",
    [
        "5",
        '{"a": 1}',
        '"A\\u0000B"',
        '"\\u202e"',
        '"\\ud800"',
        '"Al\\ud800"',
        '"' + "W" * 20_000 + '"',
        '"\\u034f"',
        '["Al"]',
        "null",
    ],
)
def test_the_quick_game_starts_whatever_name_the_settings_file_holds(settings_file, stored):
    settings_file.write_text('{"name": ' + stored + "}", encoding="utf-8")
    app = new_app()
    app.stack.top.choose("quick")
    kit.steps(app, 5)
    table = app.stack.top
    assert isinstance(table, TableScene)
    name = table.setup.seats[0].name
    assert name == clean_name(json.loads(stored)) or (
        name == t("setup.player_n", n=1) and clean_name(json.loads(stored)) is None
    )
    assert 0 < len(name) <= NAME_MAX


@pytest.mark.parametrize("names", [["A\x00", "B\x00"], ["\u202e", "\ud800"], ["W" * 5000, ""], [5, None]])
def test_the_duel_setup_opens_whatever_names_the_settings_file_holds(settings_file, names):
    settings_file.write_text(json.dumps({"duel.names": names, "duel.mode": "people"}), encoding="utf-8")
    app = new_app()
    app.stack.top.choose("duel")
    kit.steps(app, 3)
    scene = app.stack.top
    assert isinstance(scene, DuelSetupScene)
    for seat in (0, 1):
        assert 0 < len(scene.name_of(seat)) <= NAME_MAX


def test_a_huge_duel_key_code_in_the_settings_does_not_crash_the_duel_setup(settings_file):
    settings_file.write_text(
        json.dumps(
            {
                "duel.keys": {
                    "0": {"challenge": 2**40, "peek": 2**31},
                    "1": {"challenge": -1, "peek": 0x110000},
                },
                "duel.mode": "people",
            }
        ),
        encoding="utf-8",
    )
    app = new_app()
    app.stack.top.choose("duel")
    kit.steps(app, 3)
    scene = app.stack.top
    assert isinstance(scene, DuelSetupScene)
    assert app.input.source_of(0, "challenge").code == pygame.K_c  # the default keys instead
    assert app.input.source_of(0, "peek").code == pygame.K_e and app.input.source_of(1, "challenge") is None


def test_an_invisible_name_typed_in_the_duel_setup_goes_back_to_the_default(settings_file):
    app = new_app()
    app.stack.top.choose("duel")
    kit.steps(app, 2)
    scene = app.stack.top
    field = scene.rows["name0"]
    scene.menu.focus_on(field)
    kit.steps(app, 2)
    press(app, pygame.K_BACKSPACE, pygame.K_BACKSPACE, pygame.K_BACKSPACE)
    type_text(app, "\u034f\ufe0f\u202e")
    assert isinstance(field, TextField) and field.text == ""  # marks alone and format characters
    type_text(app, "\u2800")  # a blank letter gets in while typing...
    assert field.text == "\u2800"
    press(app, pygame.K_DOWN)  # ...and leaving the field ends the typing  # leaving the field ends the typing
    assert scene.names[0] == DEFAULT_NAMES[0] and field.text == DEFAULT_NAMES[0]
    assert app.toasts[-1].text == t("app.name_rejected", name=DEFAULT_NAMES[0])
    assert app.settings["duel.names"][0] == DEFAULT_NAMES[0]
