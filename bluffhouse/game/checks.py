"""Checks of the values that enter an engine, one rule everywhere (see game.errors).

Numbers must be real ints (`type(x) is int`): not bool, not 0.0, not "0", not an int subclass
or any object whose __eq__ or __hash__ could lie. Only then are they compared with anything.
"""

from __future__ import annotations

import math
from typing import TypeGuard, TypeVar

from bluffhouse.game.errors import IllegalAction, Reason, WrongType, shown

T = TypeVar("T")
Seed = int | str | bytes | None  # what random.Random takes and a record can store


def seat(value: object, players: int) -> int:
    """`value` as a seat of a table of `players`: WrongType unless an int, else IllegalAction."""
    if type(value) is not int:
        raise WrongType(Reason.NO_SEAT, seat=shown(value))
    if not 0 <= value < players:
        raise IllegalAction(Reason.NO_SEAT, seat=value)
    return value


def pressed(value: object, own: int, players: int) -> int:
    """`value`, the seat that pressed, as a seat that may make a move of seat `own`: its own only."""
    value = seat(value, players)
    if value != own:
        raise IllegalAction(Reason.NOT_YOUR_SEAT, seat=value, owner=own)  # nothing acts for another
    return value


def is_seat(value: object, players: int) -> TypeGuard[int]:
    """True when `value` is a real int seat of a table of `players`."""
    return type(value) is int and 0 <= value < players


def whole(value: object, what: str, low: int, high: int) -> int:
    """An int option in low..high: WrongType unless an int, else IllegalAction."""
    if type(value) is not int:
        raise WrongType(Reason.WRONG_TYPE, what=what, expected="a whole number", value=shown(value))
    if not low <= value <= high:
        allowed = f"{low}-{high}" if low != high else str(low)
        raise IllegalAction(Reason.BAD_OPTION, what=what, allowed=allowed, value=value)
    return value


def seconds(value: object, what: str, high: float) -> float:
    """A finite number of seconds in 0..high (an int or a float, never a bool or NaN)."""
    if type(value) is not int and type(value) is not float:
        raise WrongType(Reason.WRONG_TYPE, what=what, expected="a number", value=shown(value))
    # (an int too big for a float is refused as out of range: math.isfinite(10**5000) raises)
    if not ((type(value) is int or math.isfinite(value)) and 0 <= value <= high):
        raise IllegalAction(Reason.BAD_OPTION, what=what, allowed=f"0-{high:g}", value=shown(value))
    return value


def flag(value: object, what: str) -> bool:
    """A real bool option."""
    if type(value) is not bool:
        raise WrongType(Reason.WRONG_TYPE, what=what, expected="True or False", value=shown(value))
    return value


def member(value: object, kind: type[T], what: str) -> T:
    """An option that must be a member of the enum `kind` (a plain string is not one)."""
    if type(value) is not kind:
        raise WrongType(Reason.WRONG_TYPE, what=what, expected=kind.__name__, value=shown(value))
    return value


def instance(value: object, kind: type[T], what: str) -> T:
    """A value that must be exactly of type `kind` (e.g. Rules)."""
    if type(value) is not kind:
        raise WrongType(Reason.WRONG_TYPE, what=what, expected=kind.__name__, value=shown(value))
    return value


def seed(value: object) -> Seed:
    """A random seed: None, an int, a str or bytes (immutable, and equal only to its like)."""
    if value is not None and type(value) is not int and type(value) is not str and type(value) is not bytes:
        raise WrongType(
            Reason.WRONG_TYPE, what="seed", expected="None, an int, str or bytes", value=shown(value)
        )
    return value


def faces(value: object, count: int = 5) -> tuple[int, ...]:
    """`count` die faces 1-6 as a tuple of real ints; WrongType or IllegalAction otherwise."""
    if type(value) is not tuple and type(value) is not list:
        raise WrongType(Reason.BAD_DICE, dice=shown(value))
    if any(type(f) is not int for f in value):
        raise WrongType(Reason.BAD_DICE, dice=shown(value))
    if len(value) != count or not all(1 <= f <= 6 for f in value):
        raise IllegalAction(Reason.BAD_DICE, dice=shown(value))
    return tuple(value)
