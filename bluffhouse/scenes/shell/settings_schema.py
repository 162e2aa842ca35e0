"""What each setting may hold: one check per key, used when the file is read and on every change.

A check takes a value from outside (a hand-edited file, an older version) and returns it in
its normal form, or raises Invalid saying what was expected. A key the game does not know is
kept as it is, so a file written by a newer version loses nothing; no screen reads such keys.
Screens that remember something bring their keys' checks (`add_checks`, grep for `settings[`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

from bluffhouse.scenes.ui.names import clean_name

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


def name_check(value: Any) -> str:
    clean = clean_name(value)
    if clean is None:
        raise Invalid("expected a name with at least one visible character")
    return clean


def one_of(choices: Callable[[], tuple[Any, ...]]) -> Callable[[Any], Any]:
    """A check for a value from a closed set (asked for late: the set lives with its screen)."""

    def check(value: Any) -> Any:
        allowed = choices()
        if type(value) not in {type(a) for a in allowed} or value not in allowed:
            raise Invalid(f"expected one of {', '.join(map(repr, allowed))}")
        return value

    return check


SCHEMA: dict[str, Callable[[Any], Any]] = {
    "muted": _bool,
    "volume": _fraction,
    "fullscreen": _bool,
    "language": _language,
    "pace": one_of(lambda: tuple(PACES)),
    "reduced_motion": _bool,
    "four_colour": _bool,
    "name": name_check,  # the Quick game's name for you (typed into the file by hand)
}


def add_checks(checks: dict[str, Callable[[Any], Any]]) -> None:
    """Screens that remember something bring their keys' checks (the composition root adds them
    before the settings file is read: scenes/screens.py)."""
    SCHEMA.update(checks)


def check(key: str, value: Any) -> Any:
    """value in its normal form for key; raises Invalid. Keys the game does not know pass as they are."""
    rule = SCHEMA.get(key)
    if rule is None:
        return value
    try:
        return rule(value)
    except Invalid:
        raise
    except Exception as error:  # noqa: BLE001 - a check must never stop the game: a surprise is a bad value
        raise Invalid(f"could not be checked ({type(error).__name__})") from None
