"""The phone protocol: what a phone may send, checked where it enters; what it is sent back.

No pygame and no network here: the server calls `parse(raw, seat)` on every text frame a
phone sends and either gets a `Press` (a well-formed action for the phone's own seat) or a
`Bad` with an error code to reply with. A Press is only well formed: whether the rules allow
it now is the engine's business, through the same flows a key press goes through.

A socket's first message says which device it is (see devices.py), and nothing else:

    {"t": "join", "device": "<its secret>"}  a device that joined before ("" for a new one)

Messages from a phone (JSON objects, at most MAX_BYTES of UTF-8, nested at most MAX_DEPTH):

    {"t": "play", "cards": ["7H", "KS"]}      1-4 cards of the hand, in the game's notation
    {"t": "challenge"}                        call the last call (or proposition) a lie
    {"t": "accept"}                           let a hand-emptying call stand
    {"t": "declare", "mood": "satisfied"}     the duel's opening: satisfied / not_satisfied /
                                              indifferent
    {"t": "reroll", "keep": [0, 3]}           the duel: reroll every die not kept (0-4 kept)
    {"t": "propose", "dice": [1,1,6,6,5]}     the duel: a full five-dice proposition
    {"t": "next"}                             the duel: the next round, once one is over
    {"t": "again"}                            the results: their first button (Play again, or
                                              the next round of a match that goes on)
    {"t": "ping", "n": 7}                     answered at once with {"t": "pong", "n": 7}

Each may carry "id" (a whole number the error reply echoes) and "seat" (which must be the
phone's own seat: a phone never acts for anybody else). Any other key is refused.

What a phone is sent: {"t": "welcome", "device": ...} (its secret, on its first join), "hello"
(the game, names, words), "state" (all its seat may know; {"lobby": true} with no game on its
screen, {"results": true, "again": ..., "can_again": ...} at the results), "notice", "error",
"pong", "taken" (another phone plays this seat: the TV is asked); and before a close: "moved"
(4001), "bye" (4002), "refused" (4003), "again" (4004).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeAlias, TypeGuard

from bluffhouse.scenes.ui.intents import Press

#: A JSON object as it goes to a phone: its fields are the messages' own (see the list above).
Message: TypeAlias = Mapping[str, object]
VERSION = 1
MAX_BYTES = 1024  # the largest real message (a play of four cards) is under 80 bytes
MAX_DEPTH = 3  # {"cards": [...]} is depth 2
MAX_ID = 2**31 - 1
CARD = re.compile(r"(?:[2-9]|10|[AJQKUO])[SHDCPTZM]|\*[SF]")  # "7H", "10P", "UZ", "*F"
MOODS = ("satisfied", "not_satisfied", "indifferent")

# action -> {key: checker name} of what it carries besides "t", "id" and "seat"
SHAPES: dict[str, dict[str, str]] = {
    "play": {"cards": "cards"},
    "challenge": {},
    "accept": {},
    "declare": {"mood": "mood"},
    "reroll": {"keep": "keep"},
    "propose": {"dice": "dice"},
    "next": {},
    "again": {},
    "ping": {"n": "whole"},
}
COMMON = ("t", "id", "seat")


class Code:
    """The error codes a phone may be answered with (the page shows a sentence for each)."""

    BINARY = "binary"  # a binary frame: the protocol is JSON text
    TOO_BIG = "too_big"
    NOT_JSON = "not_json"
    TOO_DEEP = "too_deep"
    NOT_OBJECT = "not_object"
    UNKNOWN = "unknown_action"
    BAD_SHAPE = "bad_shape"  # a missing, extra or ill-typed field
    NOT_YOUR_SEAT = "not_your_seat"
    RATE = "rate_limited"
    NOT_PLAYING = "not_playing"  # a phone not seated in the game now (between games, or knocking)


@dataclass(frozen=True, slots=True)
class Bad:
    """A message refused where it entered: the code to reply with, and the id it carried."""

    code: str
    id: int | None = None


def _no_constants(name: str) -> float:
    raise ValueError(f"{name} is not JSON")  # NaN and Infinity are Python's, not JSON's


def _unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a key appears twice")
    return dict(pairs)


def depth(value: object, limit: int = MAX_DEPTH + 1) -> int:
    """How deeply containers nest in value (a scalar is 0), counted up to limit."""
    if limit <= 0 or not isinstance(value, (dict, list)):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((depth(item, limit - 1) for item in items), default=0)


def _whole(value: object, low: int, high: int) -> TypeGuard[int]:
    return type(value) is int and low <= value <= high  # True and 1.0 are no whole numbers


def _cards(value: object) -> tuple[str, ...] | None:
    """1-4 cards in the game's notation, or None."""
    if type(value) is not list or not 1 <= len(value) <= 4:
        return None
    cards = tuple(card for card in value if type(card) is str and CARD.fullmatch(card))
    return cards if len(cards) == len(value) else None  # two decks may hold two of a card: the engine checks


def _mood(value: object) -> str | None:
    return value if type(value) is str and value in MOODS else None


def _dice(value: object, low: int, high: int, sizes: range) -> tuple[int, ...] | None:
    """A list of whole numbers low..high, of one of these sizes, as a tuple; or None."""
    if type(value) is not list or len(value) not in sizes:
        return None
    numbers = tuple(i for i in value if _whole(i, low, high))
    return numbers if len(numbers) == len(value) else None


def _keep(value: object) -> tuple[int, ...] | None:
    kept = _dice(value, 0, 4, range(5))
    return tuple(sorted(kept)) if kept is not None and len(set(kept)) == len(kept) else None


def _number(value: object) -> int | None:
    return value if _whole(value, 0, MAX_ID) else None


def _press(kind: str, message: dict[str, object], seat: int) -> Press | None:
    """The Press a well-shaped message of this kind makes, or None when a field is ill-typed."""
    if kind == "play":
        cards = _cards(message["cards"])
        return None if cards is None else Press(seat, kind, cards)
    if kind == "declare":
        mood = _mood(message["mood"])
        return None if mood is None else Press(seat, kind, text=mood)
    if kind in ("reroll", "propose"):
        dice = _keep(message["keep"]) if kind == "reroll" else _dice(message["dice"], 1, 6, range(5, 6))
        return None if dice is None else Press(seat, kind, dice)
    if kind == "ping":
        n = _number(message["n"])
        return None if n is None else Press(seat, kind, value=n)
    return Press(seat, kind)


def parse(raw: str | bytes, seat: int) -> Press | Bad:
    """Check one message a phone sent for `seat`: a Press to deliver, or a Bad to reply with."""
    if isinstance(raw, (bytes, bytearray, memoryview)):
        return Bad(Code.BINARY)
    if not isinstance(raw, str):
        return Bad(Code.NOT_JSON)
    if len(raw) > MAX_BYTES or len(raw.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        return Bad(Code.TOO_BIG)
    try:
        message = json.loads(raw, parse_constant=_no_constants, object_pairs_hook=_unique)
    except (ValueError, RecursionError, UnicodeError):
        return Bad(Code.NOT_JSON)
    if depth(message) > MAX_DEPTH:
        return Bad(Code.TOO_DEEP)
    if type(message) is not dict:
        return Bad(Code.NOT_OBJECT)
    ident = message.get("id")
    ident = ident if _whole(ident, 0, MAX_ID) else None
    if "id" in message and ident is None:
        return Bad(Code.BAD_SHAPE)
    kind = message.get("t")
    if type(kind) is not str or kind not in SHAPES:
        return Bad(Code.UNKNOWN, ident)
    if ("seat" in message and message["seat"] != seat) or type(message.get("seat", seat)) is not int:
        return Bad(Code.NOT_YOUR_SEAT, ident)
    shape = SHAPES[kind]
    if set(message) - set(COMMON) != set(shape):
        return Bad(Code.BAD_SHAPE, ident)
    press = _press(kind, message, seat)
    return press if press is not None else Bad(Code.BAD_SHAPE, ident)


JOIN_KEYS = {"t", "device"}
SECRET = re.compile(r"[A-Za-z0-9_-]{22,64}")


def parse_join(raw: str | bytes) -> str | Bad:
    """A socket's first message: the device secret it says ("" for a new device), or Bad."""
    if not isinstance(raw, str) or len(raw) > MAX_BYTES:
        return Bad(Code.NOT_JSON)
    try:
        message = json.loads(raw, parse_constant=_no_constants, object_pairs_hook=_unique)
    except (ValueError, RecursionError, UnicodeError):
        return Bad(Code.NOT_JSON)
    if type(message) is not dict or set(message) != JOIN_KEYS or message["t"] != "join":
        return Bad(Code.BAD_SHAPE)
    device = message["device"]
    if type(device) is not str or (device and not SECRET.fullmatch(device)):
        return Bad(Code.BAD_SHAPE)
    return device


def error(code: str, ident: int | None = None) -> dict[str, object]:
    """The reply to a refused message."""
    reply: dict[str, object] = {"t": "error", "code": code}
    if ident is not None:
        reply["id"] = ident
    return reply


def encode(message: Message) -> str:
    """A message to a phone as compact JSON text."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# -- the audience (scenes/phones/crowd.py): a watching phone's own few messages ----------------

SAYS = ("lie", "truth")  # a vote on the last call: a lie, or the truth ("the claim holds")
MAX_SEAT = 7  # a table has at most eight seats
WATCH_SHAPES: dict[str, set[str]] = {"vote": {"q", "say"}, "name": {"name"}, "sit": {"to"}, "ping": {"n"}}


@dataclass(frozen=True, slots=True)
class Watch:
    """A well-formed message of an audience phone: vote (q: the question, say: "lie"/"truth"),
    name (text: a name as typed, cleaned by the game), sit (value: the seat asked for), ping."""

    kind: str
    value: int = 0
    text: str = ""


def parse_watch(raw: str | bytes) -> Watch | Bad:
    """Check one message an audience phone sent: a Watch to hand to the game, or a Bad."""
    if not isinstance(raw, str):
        return Bad(Code.BINARY)
    if len(raw) > MAX_BYTES or len(raw.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        return Bad(Code.TOO_BIG)
    try:
        message = json.loads(raw, parse_constant=_no_constants, object_pairs_hook=_unique)
    except (ValueError, RecursionError, UnicodeError):
        return Bad(Code.NOT_JSON)
    if type(message) is not dict:
        return Bad(Code.NOT_OBJECT)
    if depth(message) > 1:  # every field of a watcher's message is a plain value
        return Bad(Code.TOO_DEEP)
    kind = message.get("t")
    if type(kind) is not str or kind not in WATCH_SHAPES:
        return Bad(Code.UNKNOWN)
    if set(message) - {"t"} != WATCH_SHAPES[kind]:
        return Bad(Code.BAD_SHAPE)
    if kind == "vote":
        if not _whole(message["q"], 0, MAX_ID) or message["say"] not in SAYS:
            return Bad(Code.BAD_SHAPE)
        return Watch(kind, message["q"], message["say"])
    if kind == "name":
        name = message["name"]
        return Watch(kind, text=name) if type(name) is str and len(name) <= 64 else Bad(Code.BAD_SHAPE)
    if kind == "sit":
        return Watch(kind, message["to"]) if _whole(message["to"], 0, MAX_SEAT) else Bad(Code.BAD_SHAPE)
    return Watch(kind, message["n"]) if _whole(message["n"], 0, MAX_ID) else Bad(Code.BAD_SHAPE)
