"""Short messages for the screen as data: a translation key and its fields.

Flows say things as Messages; screens turn them into words with t(). An engine's refusal
becomes a Message through its Reason, with seats shown by their names.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.errors import SEAT_FIELDS, IllegalAction
from scenes.ui.lang import decimal, t


@dataclass(frozen=True, slots=True)
class Message:
    """A short on-screen message as a translation key and its fields (the screen calls t())."""

    key: str
    fmt: tuple[tuple[str, object], ...] = ()
    about: int | None = None  # the seat whose press it answers (two seats may share a name)

    @property
    def fields(self) -> dict[str, object]:
        """The format fields as a dict, for t(key, **fields)."""
        return dict(self.fmt)

    def text(self) -> str:
        """The message in the player's language (a fraction with the language's decimal mark)."""
        fields = {name: decimal(value) if type(value) is float else value for name, value in self.fmt}
        return t(self.key, **fields)


def refusal_key(error: IllegalAction) -> str:
    """The translation key of a refusal: "refusal.<reason>"."""
    return f"refusal.{error.reason.value}"


def refusal_message(error: IllegalAction, names: list[str], about: int | None = None) -> Message:
    """The refusal as a Message, seats shown by their names; about: the seat that was refused."""
    fields: list[tuple[str, object]] = []
    for name, value in error.fields.items():
        if name in SEAT_FIELDS and type(value) is int and 0 <= value < len(names):
            value = names[value]
        fields.append((name, value))
    return Message(refusal_key(error), tuple(fields), about)


def refusal_text(error: IllegalAction, names: list[str]) -> str:
    """The refusal as a sentence in the player's language, seats shown by their names."""
    return refusal_message(error, names).text()
