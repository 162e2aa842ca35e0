"""What the set-up screens (and the Options' Quick game level) remember in the settings file,
and the check of each key (the shell's settings schema is handed them by the composition root:
scenes/screens.py)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any

from bluffhouse.scenes.shell.settings_schema import Invalid, name_check, one_of
from bluffhouse.scenes.ui.keys import player_key_code
from bluffhouse.scenes.ui.names import clean_name

DUEL_SEATS, DUEL_ROLES = ("0", "1"), ("challenge", "peek")


def _model() -> ModuleType:
    """The set-up's model (its choices), imported when a remembered value is first checked: a
    settings file that remembers no set-up never loads it, and the menu's first frame needs none."""
    from bluffhouse.scenes.setup import model

    return model


def _values(model: ModuleType, option: str) -> tuple[Any, ...]:
    """The values a card set-up's option may take (model: scenes.setup.model)."""
    values: tuple[Any, ...] = model.OPTIONS[option][0]
    return values


def _duel_points(value: Any) -> int:
    if type(value) is not int or not 1 <= value <= 9:
        raise Invalid("expected a whole number from 1 to 9")
    return value


def _duel_names(value: Any) -> list[str]:
    """Two names as typed; "" stands for the seat's default name."""
    if not isinstance(value, list) or len(value) != 2 or not all(isinstance(n, str) for n in value):
        raise Invalid("expected a list of two names")
    return [clean_name(n) or "" for n in value]


def _duel_keys(value: Any) -> dict[str, dict[str, int]]:
    """Each duel seat's remembered keys: {"0": {"challenge": code, "peek": code}, "1": ...}."""
    if not isinstance(value, dict):
        raise Invalid('expected {"0": {"challenge": key, "peek": key}, "1": {...}}')
    keys: dict[str, dict[str, int]] = {}
    for seat in DUEL_SEATS:
        roles = value.get(seat)
        if isinstance(roles, dict):
            # a key everybody uses (L for the log, digits, Enter...) is dropped: that role asks again
            valid = {role: roles[role] for role in DUEL_ROLES if player_key_code(roles.get(role))}
            if valid:
                keys[seat] = valid
    return keys


def _setup_memory(game: str) -> Callable[[Any], dict[str, Any]]:
    """The set-up screen's memory of game: its seats (all or nothing) and its valid options."""

    def check(value: Any) -> dict[str, Any]:
        model = _model()
        if not isinstance(value, dict):
            raise Invalid('expected {"seats": [...], "options": {...}}')
        stored = value.get("seats")
        if not isinstance(stored, list) or not model.MIN_SEATS <= len(stored) <= model.MAX_SEATS:
            raise Invalid(f"expected {model.MIN_SEATS} to {model.MAX_SEATS} seats")
        seats = []
        for entry in stored:
            if not isinstance(entry, dict):
                raise Invalid("expected each seat as {name, kind, custom}")
            name, kind, custom = entry.get("name"), entry.get("kind"), entry.get("custom", False)
            if kind not in model.KINDS or type(custom) is not bool:
                raise Invalid(f"expected a seat's kind among {', '.join(model.KINDS)}")
            seats.append({"name": name_check(name), "kind": kind, "custom": custom})
        options = value.get("options")
        options = options if isinstance(options, dict) else {}
        kept: dict[str, Any] = {}
        for option in model.options_for(game):
            if option in options:
                choice = options[option]
                if option == "challenge_window" and type(choice) is int:
                    choice = float(choice)  # JSON may write 2.0 as 2
                try:
                    kept[option] = one_of(partial(_values, model, option))(choice)
                except Invalid:
                    continue  # the option falls back to its default
        hand = value.get("hand")  # a hand size somebody picked (scenes.setup.deal)
        picked = {"hand": hand} if type(hand) is int and hand in model.HAND_SIZES else {}
        return {"seats": seats, "options": kept, **picked}

    return check


CHECKS: dict[str, Callable[[Any], Any]] = {
    "quick.level": one_of(lambda: _model().LEVELS),  # the Quick game's computer players (Options)
    "setup.bullets": _setup_memory("bullets"),
    "setup.kamu": _setup_memory("kamu"),
    "duel.mode": one_of(lambda: _model().DUEL_MODES),
    "duel.level": one_of(lambda: _model().DUEL_LEVELS),
    "duel.points": _duel_points,
    "duel.opening": one_of(lambda: _model().DUEL_OPENINGS),
    "duel.coach": one_of(lambda: _model().DUEL_COACH_CHOICES),
    "duel.phones": one_of(lambda: _model().DUEL_PHONE_CHOICES),
    "duel.names": _duel_names,
    "duel.keys": _duel_keys,
}
