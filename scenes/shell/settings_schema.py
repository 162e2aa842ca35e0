"""What each setting may hold: one check per key, used when the file is read and on every change.

A check takes a value from outside (a hand-edited file, an older version) and returns it in
its normal form, or raises Invalid saying what was expected. A key the game does not know is
kept as it is, so a file written by a newer version loses nothing; no screen reads such keys.
Screens that remember something add their key here (grep for `settings[`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from game.rules import HAND_SIZES
from scenes.setup.model import (
    DUEL_COACH_CHOICES,
    DUEL_LEVELS,
    DUEL_MODES,
    DUEL_OPENINGS,
    DUEL_PHONE_CHOICES,
    KINDS,
    LEVELS,
    MAX_SEATS,
    MIN_SEATS,
    OPTIONS,
    options_for,
)
from scenes.shell.keys import valid_key_code
from scenes.shell.names import clean_name

PACES = {"relaxed": 0.75, "normal": 1.0, "fast": 1.4}  # how fast animations and computer players go
DEFAULT_SETTINGS: dict[str, Any] = {
    "muted": False,
    "volume": 0.8,
    "fullscreen": False,
    "language": "",
    "pace": "normal",
    "reduced_motion": False,
    "four_colour": False,
}
LANGUAGE = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?")
DUEL_SEATS, DUEL_ROLES = ("0", "1"), ("challenge", "peek")


class Invalid(ValueError):
    """A setting's value is not of its type or range; the message says what was expected."""


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise Invalid("expected true or false")
    return value


def _fraction(value: Any) -> float:
    if type(value) not in (int, float) or not math.isfinite(value) or not 0 <= value <= 1:
        raise Invalid("expected a number from 0 to 1")
    return float(value)


def _language(value: Any) -> str:
    if not isinstance(value, str) or not (value == "" or LANGUAGE.fullmatch(value)):
        raise Invalid('expected "" (the system\'s language) or a code such as "en" or "hu"')
    return value


def _name(value: Any) -> str:
    clean = clean_name(value)
    if clean is None:
        raise Invalid("expected a name with at least one visible character")
    return clean


def _one_of(choices: Callable[[], tuple[Any, ...]]) -> Callable[[Any], Any]:
    """A check for a value from a closed set (asked for late: the set lives with its screen)."""

    def check(value: Any) -> Any:
        allowed = choices()
        if type(value) not in {type(a) for a in allowed} or value not in allowed:
            raise Invalid(f"expected one of {', '.join(map(repr, allowed))}")
        return value

    return check


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
            valid = {role: roles[role] for role in DUEL_ROLES if valid_key_code(roles.get(role))}
            if valid:
                keys[seat] = valid
    return keys


def _setup_memory(game: str) -> Callable[[Any], dict[str, Any]]:
    """The set-up screen's memory of game: its seats (all or nothing) and its valid options."""

    def check(value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise Invalid('expected {"seats": [...], "options": {...}}')
        stored = value.get("seats")
        if not isinstance(stored, list) or not MIN_SEATS <= len(stored) <= MAX_SEATS:
            raise Invalid(f"expected {MIN_SEATS} to {MAX_SEATS} seats")
        seats = []
        for entry in stored:
            if not isinstance(entry, dict):
                raise Invalid("expected each seat as {name, kind, custom}")
            name, kind, custom = entry.get("name"), entry.get("kind"), entry.get("custom", False)
            if kind not in KINDS or type(custom) is not bool:
                raise Invalid(f"expected a seat's kind among {', '.join(KINDS)}")
            seats.append({"name": _name(name), "kind": kind, "custom": custom})
        options = value.get("options")
        kept: dict[str, Any] = {}
        for option in options_for(game) if isinstance(options, dict) else ():
            if option in options:
                choice = options[option]
                if option == "challenge_window" and type(choice) is int:
                    choice = float(choice)  # JSON may write 2.0 as 2
                try:
                    kept[option] = _one_of(lambda o=option: OPTIONS[o][0])(choice)
                except Invalid:
                    continue  # the option falls back to its default
        hand = value.get("hand")  # a hand size somebody picked (scenes.setup.deal)
        picked = {"hand": hand} if type(hand) is int and hand in HAND_SIZES else {}
        return {"seats": seats, "options": kept, **picked}

    return check


SCHEMA: dict[str, Callable[[Any], Any]] = {
    "muted": _bool,
    "volume": _fraction,
    "fullscreen": _bool,
    "language": _language,
    "pace": _one_of(lambda: tuple(PACES)),
    "reduced_motion": _bool,
    "four_colour": _bool,
    "name": _name,  # the Quick game's name for you (typed into the file by hand)
    "quick.level": _one_of(lambda: LEVELS),  # the Quick game's computer players (Options)
    "setup.bullets": _setup_memory("bullets"),
    "setup.kamu": _setup_memory("kamu"),
    "duel.mode": _one_of(lambda: DUEL_MODES),
    "duel.level": _one_of(lambda: DUEL_LEVELS),
    "duel.points": _duel_points,
    "duel.opening": _one_of(lambda: DUEL_OPENINGS),
    "duel.coach": _one_of(lambda: DUEL_COACH_CHOICES),
    "duel.phones": _one_of(lambda: DUEL_PHONE_CHOICES),
    "duel.names": _duel_names,
    "duel.keys": _duel_keys,
}


def check(key: str, value: Any) -> Any:
    """value in its normal form for key; raises Invalid. Keys the game does not know pass as they are."""
    rule = SCHEMA.get(key)
    if rule is None:
        return value
    try:
        return rule(value)
    except Invalid:
        raise
    except Exception as error:  # a check must never stop the game: a surprise is a bad value
        raise Invalid(f"could not be checked ({type(error).__name__})") from None
