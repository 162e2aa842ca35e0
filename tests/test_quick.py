"""quick_init: the hot frozen dataclasses' cheaper __init__ makes the same frozen objects."""

import dataclasses
import importlib
import pkgutil

import pytest

import bluffhouse.game
import bluffhouse.scenes
from bluffhouse.game.actions import Play, Propose, Reroll
from bluffhouse.game.quick import quick_init


def quick_classes():
    """Every class of game/ and scenes/ whose __init__ quick_init wrote."""
    found = {}
    for package in (bluffhouse.game, bluffhouse.scenes):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                code = getattr(getattr(value, "__init__", None), "__code__", None)
                if isinstance(value, type) and code and code.co_filename.startswith("<quick_init"):
                    found[f"{value.__module__}.{value.__qualname__}"] = value
    return found


QUICK = quick_classes()


def test_the_hot_classes_have_it():
    names = {name.rsplit(".", 1)[1] for name in QUICK}
    assert {
        "TableView",
        "CallRecord",
        "LastCall",
        "Card",
        "Play",
        "CardsPlayed",
        "Refusal",
        "DuelView",
        "TableFrame",
        "FaceUp",
    } <= names


@pytest.mark.parametrize("name", sorted(QUICK))
def test_every_field_is_set_as_given_and_the_object_stays_frozen(name):
    cls = QUICK[name]
    fields = dataclasses.fields(cls)
    given = {f.name: object() for f in fields}
    converted = {"Play": "cards", "Reroll": "keep", "Propose": "dice"}.get(cls.__name__)
    if converted:
        given[converted] = [given[converted]]
    made = cls(*given.values())
    for f in fields:
        expected = tuple(given[f.name]) if f.name == converted else given[f.name]
        assert getattr(made, f.name) == expected
    assert cls(**given) == made  # by keyword alike
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, fields[0].name, 1)
    with pytest.raises(TypeError):
        cls(*given.values(), object())  # one too many, as the generated __init__ says
    required = [f for f in fields if f.default is dataclasses.MISSING]
    if required:
        with pytest.raises(TypeError):
            cls()
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    bare = cls(*[given[f.name] for f in required])
    assert all(getattr(bare, name) == value for name, value in defaults.items())


def test_converted_fields_and_defaults():
    assert Play(1, [1, 2]).cards == (1, 2) and Propose(0, iter([6, 6])).dice == (6, 6)
    assert Reroll(0).keep == () and Reroll(seat=1, keep=[0, 4]) == Reroll(1, (0, 4))
    assert hash(Play(1, [1, 2])) == hash(Play(1, (1, 2)))


def test_what_it_cannot_copy_is_refused():
    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclasses.dataclass(slots=True)
    class NotFrozen:
        a: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self):
            pass

    @dataclasses.dataclass(frozen=True, slots=True)
    class OwnInit:
        a: int

        def __init__(self, a):
            object.__setattr__(self, "a", a)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Factory:
        a: list = dataclasses.field(default_factory=list)

    for cls in (NoSlots, NotFrozen, Checked, OwnInit, Factory):
        with pytest.raises(TypeError):
            quick_init(cls)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Plain:
        a: int

    with pytest.raises(TypeError):
        quick_init(b=tuple)(Plain)  # no field b to convert
    assert quick_init(Plain)(3).a == 3
