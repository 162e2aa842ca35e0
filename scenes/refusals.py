"""An engine's refusal on screen: its Reason and fields through the text table, names for seats."""

from __future__ import annotations

from game.errors import SEAT_FIELDS, IllegalAction
from scenes.text import t


def refusal_key(error: IllegalAction) -> str:
    """The translation key of a refusal: "refusal.<reason>"."""
    return f"refusal.{error.reason.value}"


def refusal_text(error: IllegalAction, names: list[str]) -> str:
    """The refusal as a sentence in the player's language, seats shown by their names."""
    fields: dict[str, object] = {}
    for name, value in error.fields.items():
        if name in SEAT_FIELDS and type(value) is int and 0 <= value < len(names):
            value = names[value]
        fields[name] = value
    return t(refusal_key(error), **fields)
