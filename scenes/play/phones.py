"""The phone adapter both games share: how a phone seat and the phone seat whose turn it is
look on the television, which seat a message is about, seating a game's phones, and telling a
phone's press from a key's. Each game keeps its own phone state (scenes/table/phones.py,
scenes/duel/phones.py)."""

from __future__ import annotations

from dataclasses import dataclass

from scenes.shell.input import Intent
from scenes.shell.messages import Message
from scenes.ui.lang import t


@dataclass(frozen=True, slots=True)
class PhoneSeatLook:
    """A phone seat as the television shows it: its name, and whether its phone is there."""

    seat: int
    status: str  # "waiting" | "connected" | "away"


@dataclass(frozen=True, slots=True)
class PhoneTurnLook:
    """Where a hand would be: the phone seat whose turn it is; its join code only while no phone
    has ever joined it (a joined seat's phone comes back by itself)."""

    seat: int
    name: str
    line: str
    away: bool
    url: str | None


def turn_look(hub, seat: int, name: str) -> PhoneTurnLook:
    """The phone seat whose turn it is, as the television shows it: playing, away (its phone comes
    back by itself: no code), or not joined yet (its code, to scan)."""
    status = hub.status(seat)
    key = {"connected": "phone.tv.playing", "away": "phone.tv.away"}.get(status, "phone.tv.scan")
    return PhoneTurnLook(seat, name, t(key, name=name), status != "connected", hub.code(seat))


def seat_of(message: Message, seats: tuple[int, ...], names: list[str]) -> int | None:
    """The phone seat a message of the table is about: the seat it answers, or else the one seat
    named in it (two seats with one name: neither is guessed)."""
    if message.about is not None:
        return message.about if message.about in seats else None
    name = message.fields.get("name")
    named = [seat for seat in seats if names[seat] == name]
    return named[0] if len(named) == 1 else None


def seat_game(hub, setup) -> None:
    """A game with phone seats has its phones seated (Play again, the next round, a new game from
    the set-up or the menu): the same people keep their phones; nothing to scan again."""
    names = {s: spec.name for s, spec in enumerate(setup.seats) if spec.human and spec.phone}
    if names and (hub.names != names or hub.server is None):
        hub.open(names)


@dataclass(frozen=True, slots=True)
class PhonesLook:
    """Everything phone play adds to a frame of the table (or the duel)."""

    seats: tuple[PhoneSeatLook, ...]
    turn: PhoneTurnLook | None


def is_phone(intent: Intent) -> bool:
    """Whether an intent came from a phone."""
    return intent.source is not None and intent.source.device == "phone"
