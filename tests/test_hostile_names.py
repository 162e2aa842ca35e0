"""Names the fonts cannot draw, names that read right to left, names nobody can see, the same
name twice (issue 23): each is drawn readably or refused with a reason, from the set-up to the
results.

A table of hostile names is typed into a card set-up's seats; each one either settles (and
every line painted with it holds only characters the game's fonts draw) or goes back to the
seat's default with the message that says why. The fast tests run the set-up and the table
of names; the heavy one plays the game to its results and reads every painted line.
"""

from __future__ import annotations

import kit
import pygame
import pytest

from bluffhouse.game.records.record import person_key as records_person_key
from bluffhouse.game.rules import GameKind
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.setup.model import SetupDraft
from bluffhouse.scenes.setup.naming import settle_name
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.messages import Message
from bluffhouse.scenes.shell.toasts import toast_lines
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui import text
from bluffhouse.scenes.ui.bidi import visual_runs
from bluffhouse.scenes.ui.glyphs import can_draw, cmap_characters
from bluffhouse.scenes.ui.lang import set_language, t
from bluffhouse.scenes.ui.names import clean_name, distinct_names, has_hidden, person_key, unique_name

DT = 1 / 20

# name typed -> (what the seat is called after, the message key the screen says, or None)
HOSTILE = [
    ("李雷", None, "app.letters_hidden"),  # CJK: the fonts have none of it, said as it is typed
    ("Ana 李", "Ana", "app.letters_hidden"),  # what cannot be drawn is left out, and said so
    ("🫠", None, "app.letters_hidden"),  # an emoji the font lacks
    ("Joy 😀", "Joy 😀", None),  # one it has
    ("שרה", "שרה", None),  # Hebrew, right to left
    ("سارة", "سارة", None),  # Arabic, joined and right to left
    ("\u200b\u200d\u2063", None, None),  # nothing visible: it never even gets typed in
    ("\u2800\u2800", None, "app.name_rejected"),  # blank letters get typed, then refused
    ("\u202eAnna", "Anna", None),  # a bidi override is a format character: gone
    ("Z\u0335\u0321\u031bo", "Z\u0335\u0321o", None),  # no towers of marks
    ("W" * 40, "W" * 16, None),  # sixteen characters at most
]


@pytest.fixture
def app(tmp_path, monkeypatch):
    set_language("en")
    yield kit.new_app(tmp_path, monkeypatch, seed=4)
    set_language("en")


press = kit.Pace(dt=DT).press


def type_name(app: App, scene: SetupScene, seat: int, raw: str) -> None:
    """Enter on the seat's name, erase it, type raw, Enter."""
    scene.focus = f"seat:{seat}:name"
    press(app, pygame.K_RETURN)
    assert scene.editing == seat
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=raw))
    app.step(DT)
    press(app, pygame.K_RETURN)
    assert scene.editing is None


def said_keys(app: App) -> list[str]:
    return [toast.words.key for toast in app.toasts if isinstance(toast.words, Message)]


@pytest.mark.parametrize(("raw", "settles", "reason"), HOSTILE)
def test_each_hostile_name_is_drawn_or_refused_with_a_reason(app, raw, settles, reason):
    scene = SetupScene(app, "bullets")
    app.stack.push(scene)
    app.step(DT)
    app.toasts.clear()
    type_name(app, scene, 1, raw)
    seat = scene.draft.seats[1]
    assert seat.name == (settles if settles is not None else scene.draft.default_name(1))
    assert said_keys(app) == ([reason] if reason else [])
    assert all(can_draw(ch) for ch in scene.draft.display_name(1))  # no box ever drawn for it


def test_two_seats_never_carry_the_same_name(app):
    scene = SetupScene(app, "bullets")
    app.stack.push(scene)
    app.step(DT)
    names = [seat.name for seat in scene.draft.seats]
    assert names[1] == "Ben" and not scene.draft.seats[1].custom_name  # a computer player
    type_name(app, scene, 0, "Ben")  # a person takes the computer's name: the computer gives way
    assert scene.draft.seats[0].name == "Ben" and scene.draft.seats[1].name not in ("Ben", *names[2:])
    app.toasts.clear()
    type_name(app, scene, 2, "ben ")  # the same person for the records: the later seat is numbered
    assert scene.draft.seats[2].name == "ben 2"
    assert said_keys(app) == ["setup.name_taken"]
    assert app.toasts[-1].text == t("setup.name_taken", taken="Ben", name="ben 2")
    specs = scene.draft.seat_specs(app.input.name)
    assert len({spec.name.casefold() for spec in specs}) == len(specs)


@pytest.mark.parametrize("name", ["Ana", " ana ", "ANA", "A\u0301na", "Straße", "İris", "李雷", ""])
def test_the_screens_tell_people_apart_by_the_records_rule(name):
    assert person_key(name) == records_person_key(name)


def test_a_settings_file_with_the_same_name_twice_still_seats_two_names():
    draft = SetupDraft.from_settings(
        "bullets",
        {
            "seats": [
                {"name": "Ana", "kind": "medium", "custom": True},
                {"name": "ANA", "kind": "hard", "custom": True},
                {"name": "Ana ", "kind": "easy", "custom": True},
            ]
        },
    )
    assert [spec.name for spec in draft.seat_specs(str)] == ["Ana", "ANA 2", "Ana 3"]
    assert distinct_names(["Ana", "Ben", "Ana"]) == ["Ana", "Ben", "Ana 2"]
    assert unique_name("W" * 16, ["w" * 16]) == "W" * 14 + " 2"  # still sixteen at most


def test_a_name_of_undrawable_letters_settles_to_the_default_in_the_draft():
    draft = SetupDraft.default("kamu")
    draft.rename(0, "漢字")
    said = settle_name(draft, 0)
    assert [m.key for m in said] == ["app.name_rejected"] and draft.seats[0].name == t("setup.player_n", n=1)
    assert clean_name("漢字") is None and has_hidden("漢字") and not has_hidden("Zoë")


def test_right_to_left_names_are_drawn_in_reading_order():
    pygame.font.init()
    assert visual_runs("Ana: שרה 2") == [("Ana: ", False), ("2", False), ("שרה ", True)]
    assert visual_runs("Ben (שרה)") == [("Ben (", False), ("שרה", True), (")", False)]
    face = text.font(40)

    def columns(words):
        image = text.render_line(face, words, (255, 255, 255))
        return [
            sum(image.get_at((x, y))[3] > 128 for y in range(image.get_height()))
            for x in range(image.get_width())
        ]

    alef, bet, both = columns("א"), columns("ב"), columns("אב")
    assert both[: len(bet)] == bet and both[-len(alef) :] == alef  # read right to left: bet is on the left
    arabic = text.render_line(face, "سارة", (255, 255, 255)).get_width()
    assert arabic < face.size("سارة")[0]  # the letters join (shaped), not four loose forms


def test_a_toast_is_bounded_whatever_it_holds():
    pygame.font.init()
    path = "/home/" + "very-long-folder/" * 200 + "settings.json.damaged-20250101"
    lines = toast_lines(t("app.settings_damaged", path=path))
    assert len(lines) <= 3 and all(text.text_width(line, 22) <= 1280 - 120 for line in lines)
    assert lines[-1].endswith("…")
    single = toast_lines("x" * 100_000)
    assert len(single) == 1 and single[0].endswith("…")
    words = toast_lines(" ".join(["word"] * 5000))
    assert len(words) == 3 and sum(len(line) for line in words) <= 301
    assert toast_lines("Sound off (M)") == ["Sound off (M)"]


def test_the_character_map_reader_refuses_what_is_not_a_font():
    for junk in (b"", b"\x00" * 12, b"OTTO" + b"\xff" * 40):
        with pytest.raises(ValueError):
            cmap_characters(junk)


@pytest.mark.heavy
@pytest.mark.draws
def test_hostile_names_play_a_game_to_the_results_and_every_line_is_drawable(app, monkeypatch):
    painted: list[str] = []
    real = text.render_line

    def line(face, words, colour):
        painted.append(words)
        return real(face, words, colour)

    monkeypatch.setattr(text, "render_line", line)
    text.render.cache_clear()
    scene = SetupScene(app, "bullets")
    app.stack.push(scene)
    app.step(DT)
    for _ in range(2):
        scene.add("medium")
    typed = ["Ana 李", "שרה", "سارة", "Joy 😀", "李雷", "ana"]
    for seat, raw in enumerate(typed):
        scene.draft.set_kind(seat, "hard")
        type_name(app, scene, seat, raw)
    names = [spec.name for spec in scene.draft.seat_specs(app.input.name)]
    assert names[:4] == ["Ana", "שרה", "سارة", "Joy 😀"] and names[5] == "ana 2"
    assert len({name.casefold() for name in names}) == len(names)
    scene.start()
    app.step(DT)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.rules.game is GameKind.BULLETS
    for frame in range(30_000):
        if isinstance(app.stack.top, ResultsScene):
            break
        app.step(DT, draw=frame % 25 == 0)
    assert isinstance(app.stack.top, ResultsScene)
    for _ in range(5):
        app.step(DT, draw=True)
    drawn_names = [line for line in painted if any(name in line for name in names)]
    assert drawn_names, "the names were painted"
    boxes = sorted({line for line in painted if not all(can_draw(ch) or ch.isspace() for ch in line)})
    assert boxes == [], f"painted with characters the fonts cannot draw: {boxes[:5]}"
