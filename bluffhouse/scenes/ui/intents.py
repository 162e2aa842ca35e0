"""The input vocabulary: what a person meant (an Intent), the key or button it came from (a
Source), and what a phone pressed (a Press). No device is read here: scenes/shell/input.py reads
pygame's queue and the phone server parses phones; both speak these words."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Source:
    """A physical key or button: device "key" (code: pygame key), "pad" (code: button) or
    "phone" (code: the phone's seat)."""

    device: str
    code: int
    pad: int | None = None  # the pad's instance id


@dataclass(frozen=True, slots=True)
class Intent:
    """What a person meant, e.g. Intent("challenge", player=2, device="Q")."""

    kind: str
    player: int | None = None
    source: Source | None = None
    device: str = ""  # how to show the key or button: "Q", "Right Shift", "Pad 1 ✕/A"
    pos: tuple[int, int] | None = None  # logical 1280×720 position for mouse intents
    text: str = ""  # typed text for "text"
    value: int = 0  # digit for "digit", +1/-1 for "wheel" and "tab", mouse button
    args: tuple = ()  # what a phone's press carries: cards, kept dice, proposed dice


@dataclass(frozen=True, slots=True)
class Press:
    """A well-formed action a phone sent for its own seat: kind and what it carries."""

    seat: int
    kind: str
    args: tuple = ()  # cards (notation), kept dice indices, proposed dice
    text: str = ""  # the mood of a declare
    value: int = 0  # the number of a ping
