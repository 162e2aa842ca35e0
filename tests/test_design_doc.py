"""docs/DESIGN.md walks a challenge key and a phone's Play through the code: every room it names
exists, so the walk cannot drift from the code unnoticed."""

import importlib
import re
from pathlib import Path

DESIGN = Path(__file__).resolve().parent.parent / "docs" / "DESIGN.md"
# (module, dotted name) of every room the two routes enter, as the document names them
ROOMS = [
    ("bluffhouse.scenes.shell.app", "App.step"),
    ("bluffhouse.scenes.shell.input", "Input.poll"),
    ("bluffhouse.scenes.table.scene", "TableScene.handle"),
    ("bluffhouse.scenes.table.scene", "TableScene.update"),
    ("bluffhouse.scenes.table.flow", "TableFlow.update"),
    ("bluffhouse.scenes.table.flow", "TableFlow.step"),
    ("bluffhouse.scenes.table.flow", "TableFlow.play"),
    ("bluffhouse.scenes.play.flow", "GameFlow.advance"),
    ("bluffhouse.scenes.play.flow", "GameFlow.press"),
    ("bluffhouse.scenes.play.flow", "GameFlow.act"),
    ("bluffhouse.scenes.play.flow", "GameFlow.tell"),
    ("bluffhouse.scenes.play.flow", "GameFlow.moment"),
    ("bluffhouse.scenes.play.flow", "GameFlow.refusal_of"),
    ("bluffhouse.scenes.play.phones", "PhoneLink.answer"),
    ("bluffhouse.scenes.table.phones", "TablePhones.handle"),
    ("bluffhouse.scenes.table.phones", "TablePhones.update"),
    ("bluffhouse.scenes.table.frame", "frame_of"),
    ("bluffhouse.scenes.phones.server", "PhoneServer._read"),
    ("bluffhouse.scenes.phones.protocol", "parse"),
    ("bluffhouse.scenes.phones.hub", "post_press"),
    ("bluffhouse.game.table", "Table.first_challenger"),
]


def test_every_room_of_the_walk_exists_and_is_named_in_the_document():
    text = DESIGN.read_text(encoding="utf-8")
    for module, name in ROOMS:
        found: object = importlib.import_module(module)
        for part in name.split("."):
            found = getattr(found, part)
        assert callable(found), name
        assert re.search(rf"\b{re.escape(name)}\b", text), f"{name} is not in docs/DESIGN.md"


def test_the_walk_says_the_engine_is_asked_once_on_both_routes():
    text = DESIGN.read_text(encoding="utf-8")
    assert text.count("asked once") >= 4  # the key's route, the phone's route and their summaries
