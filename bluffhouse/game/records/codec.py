"""The replay file: a record as gzip'd compact JSON, version 1, and its strict reading.

    {"format": "bluffhouse-replay", "version": 1, "id": "…", "started": 1712345678,
     "status": "finished", "rules": {"game": "kamu", "players": 4, …every field of Rules…},
     "seats": [["Ana", "person"], ["Ben", "computer", "hard"]],
     "games": [{"seed": 123, "first": 2, "moves": [[140, 2, "p", "7P UZ"], [310, 0, "c"]],
                "winner": 1}], "scores": [7, 9, 4, 6], "winners": [1]}

A move is [moment in hundredths of a second, seat, what, detail]: "p" plays cards (their
notation), "c" challenges, "a" accepts; the duel's "d" declares a mood, "r" rerolls keeping the
dice numbered in its detail ("024"), "o" proposes dice ("66611"). Rules are written field by
field, so a field added to Rules later is read back from older files as its default.

Reading checks types, sizes and the version before anything is built, and raises Refused with
a reason, never anything else (check.py then plays the record again to check every move).
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import math
import zlib
from enum import Enum
from typing import NoReturn

from bluffhouse.game.actions import Accept, Challenge, Declare, Play, Propose, Reroll
from bluffhouse.game.cards import Card, parse_card
from bluffhouse.game.errors import IllegalAction
from bluffhouse.game.records.record import (
    FORMAT,
    MAX_ALL_MOVES,
    MAX_FILE_BYTES,
    MAX_GAMES,
    MAX_LEVEL,
    MAX_MOVES,
    MAX_NAME,
    MAX_SECONDS,
    MAX_SEED,
    MAX_SEED_TEXT,
    MAX_STARTED,
    MAX_TEXT_BYTES,
    VERSION,
    GameTape,
    Move,
    Record,
    Refused,
    Seat,
    SeatKind,
    Start,
    Status,
    Why,
    clean_text,
)
from bluffhouse.game.rules import GameKind, Rules

FACES = "123456"
Json = dict[str, object]  # a JSON object as json reads and writes it
_MOODS = {"s": "satisfied", "n": "not_satisfied", "i": "indifferent"}
_MOOD_CODES = {value: code for code, value in _MOODS.items()}
_RULE_FIELDS = {f.name: f for f in dataclasses.fields(Rules)}
_TABLE_CODES = {"p": True, "c": False, "a": False}  # what -> whether it has a detail
_DUEL_CODES = {"d": True, "r": True, "o": True, "c": False}

# ---------------------------------------------------------------------------------- writing


def _rules_json(rules: Rules) -> Json:
    """Every field of the rules, enums as their values: new fields are written without a change."""
    out: Json = {}
    for name in _RULE_FIELDS:
        value = getattr(rules, name)
        out[name] = value.value if isinstance(value, Enum) else value
    return out


def _move_json(move: Move) -> list[object]:
    action = move.action
    at = round(move.at * 100)
    if isinstance(action, Play):
        return [at, action.seat, "p", " ".join(map(str, action.cards))]
    if isinstance(action, Challenge):
        return [at, action.seat, "c"]
    if isinstance(action, Accept):
        return [at, action.seat, "a"]
    if isinstance(action, Declare):
        return [at, action.seat, "d", _MOOD_CODES[str(action.mood)]]
    if isinstance(action, Reroll):
        return [at, action.seat, "r", "".join(map(str, action.keep))]
    if isinstance(action, Propose):
        return [at, action.seat, "o", "".join(map(str, action.dice))]
    raise TypeError(f"not a move of any engine: {action!r}")


def _start_json(start: Start) -> Json:
    out: Json = {"first": start.first}
    if start.seed is not None:
        out["seed"] = start.seed
    if start.hands is not None:
        out["hands"] = [" ".join(map(str, hand)) for hand in start.hands]
        out["set_aside"] = " ".join(map(str, start.set_aside))
    if start.dice is not None:
        out["dice"] = ["".join(map(str, faces)) for faces in start.dice]
    return out


def to_json(record: Record) -> Json:
    """The record as the JSON object of the file."""
    games: list[Json] = []
    for game in record.games:
        entry = _start_json(game.start)
        entry["moves"] = [_move_json(m) for m in game.moves]
        if game.winner is not None:
            entry["winner"] = game.winner
        games.append(entry)
    seats = [[s.name, s.kind.value] + ([s.level] if s.level is not None else []) for s in record.seats]
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": record.uid,
        "started": record.started,
        "status": record.status.value,
        "rules": _rules_json(record.rules),
        "seats": seats,
        "games": games,
        "scores": list(record.scores),
        "winners": list(record.winners),
    }


def encode(record: Record) -> bytes:
    """The replay file's bytes: compact JSON, gzip'd (mtime 0: the same record, the same bytes)."""
    text = json.dumps(to_json(record), separators=(",", ":"), ensure_ascii=False)
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


# ---------------------------------------------------------------------------------- reading


def _bad(detail: str) -> Refused:
    return Refused(Why.BAD_VALUE, detail)


def unpack(data: object) -> bytes:
    """The JSON text of a replay file (gzip'd or plain), within the size limits."""
    if type(data) is not bytes:
        raise Refused(Why.NOT_A_REPLAY, "not bytes")
    if len(data) > MAX_FILE_BYTES:
        raise Refused(Why.TOO_BIG, f"{len(data)} bytes")
    if data[:2] != b"\x1f\x8b":
        if data.lstrip()[:1] != b"{":
            raise Refused(Why.NOT_A_REPLAY, "neither gzip nor a JSON object")
        return data
    # Unpacked with a ceiling: a small file that unpacks to gigabytes stops at the limit.
    out = []
    size = 0
    try:
        while data:
            inflater = zlib.decompressobj(wbits=31)  # one gzip member after another
            while data:
                chunk = inflater.decompress(data, MAX_TEXT_BYTES + 1 - size)
                out.append(chunk)
                size += len(chunk)
                if size > MAX_TEXT_BYTES:
                    raise Refused(Why.TOO_BIG, "unpacks to more than the limit")
                data = inflater.unconsumed_tail
                if inflater.eof:
                    break
            if not inflater.eof:
                raise Refused(Why.DAMAGED, "the gzip stream is cut short")
            data = inflater.unused_data
    except zlib.error as error:
        raise Refused(Why.DAMAGED, f"gzip: {error}") from None
    return b"".join(out)


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number of a replay")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise ValueError("a number too large")
    return number


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > 20:
        raise ValueError("an integer too long")
    return int(text)


def parse(text: bytes) -> Json:
    """The JSON object of a replay's text."""
    try:
        loaded = json.loads(
            text.decode("utf-8"), parse_constant=_no_constant, parse_float=_finite, parse_int=_small_int
        )
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise Refused(Why.DAMAGED, f"not JSON: {str(error)[:80]}") from None
    if type(loaded) is not dict:
        raise Refused(Why.NOT_A_REPLAY, "not a JSON object")
    return loaded


def _int(value: object, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(f"{what} must be a whole number {low}..{high}")
    return value


def _str(value: object, most: int, what: str) -> str:
    if type(value) is not str or len(value) > most:
        raise _bad(f"{what} must be text of at most {most} characters")
    return value


def _list(value: object, most: int, what: str) -> list[object]:
    if type(value) is not list:
        raise _bad(f"{what} must be a list")
    if len(value) > most:
        raise Refused(Why.TOO_BIG, f"{what} holds more than {most}")
    return value


def _rules(value: object) -> Rules:
    """Rules from their fields; a missing field is its default, an unknown one is refused."""
    if type(value) is not dict:
        raise _bad("rules must be an object")
    fields: dict[str, object] = {}
    for name, raw in value.items():
        field = _RULE_FIELDS.get(name)
        if field is None:
            raise Refused(Why.BAD_RULES, f"unknown rule {str(name)[:30]!r}")
        kind = type(field.default)
        if issubclass(kind, Enum):
            if type(raw) is not str:
                raise Refused(Why.BAD_RULES, f"{name} must be text")
            try:
                raw = kind(raw)
            except ValueError:
                raise Refused(Why.BAD_RULES, f"{name}: {raw[:30]!r} is no choice") from None
        elif kind is float and type(raw) is int:
            raw = float(raw)  # a whole number of seconds was written as 2.0, read as a float
        elif raw is not None and type(raw) not in (bool, int, float, str):
            raise Refused(Why.BAD_RULES, f"{name} must be a single value")
        fields[name] = raw
    try:
        # The file's values as they came: Rules checks every option's type and range itself.
        return Rules(**fields)  # type: ignore[arg-type]
    except (IllegalAction, TypeError, ValueError) as error:
        raise Refused(Why.BAD_RULES, str(error)[:120]) from None


def _seat(value: object) -> Seat:
    if type(value) is not list or not 2 <= len(value) <= 3:
        raise _bad("a seat must be [name, kind] or [name, kind, level]")
    name = clean_text(value[0], MAX_NAME)
    if name is None:
        raise _bad("a seat's name must be 1-40 visible characters")
    try:
        kind = SeatKind(_str(value[1], 10, "a seat's kind"))
    except ValueError:
        raise _bad("a seat's kind must be person, phone or computer") from None
    level = None
    if len(value) == 3:
        level = clean_text(value[2], MAX_LEVEL)
        if level is None or not level.isascii():
            raise _bad("a level must be a short name")
    return Seat(name, kind, level)


def _cards(text: object, most: int, what: str) -> tuple[Card, ...]:
    text = _str(text, most * 4, what)
    tokens = text.split(" ") if text else []
    if len(tokens) > most:
        raise _bad(f"{what} holds too many cards")
    try:
        return tuple(parse_card(token) for token in tokens)
    except IllegalAction:
        raise _bad(f"{what} holds something that is not a card") from None


def _digits(text: object, length: range, what: str, allowed: str) -> tuple[int, ...]:
    """A few digits, each one of `allowed` ("123456" for faces, "01234" for dice numbers)."""
    text = _str(text, 8, what)
    if len(text) not in length or any(c not in allowed for c in text):
        raise _bad(f"{what} must be digits of {allowed}")
    return tuple(int(c) for c in text)


def _start(entry: Json, duel: bool, players: int) -> Start:
    first = entry.get("first")
    if first is not None or not duel:
        first = _int(first, 0, players - 1, "first")
    seed = entry.get("seed")
    if seed is not None and type(seed) is not str:
        seed = _int(seed, -MAX_SEED, MAX_SEED, "seed")
    elif seed is not None:
        seed = _str(seed, MAX_SEED_TEXT, "seed")
    hands = dice = None
    set_aside: tuple[Card, ...] = ()
    if "hands" in entry:
        raw = _list(entry["hands"], players, "hands")
        if duel or len(raw) != players:
            raise _bad("hands must be one per seat")
        hands = tuple(_cards(h, 128, "a hand") for h in raw)
        set_aside = _cards(entry.get("set_aside", ""), 128, "the set-aside cards")
    if "dice" in entry:
        raw = _list(entry["dice"], 2, "dice")
        if not duel or len(raw) != 2:
            raise _bad("dice must be two cups of five")
        dice = tuple(_digits(d, range(5, 6), "dice", FACES) for d in raw)
    if (seed is None) == (hands is None) and not duel:
        raise Refused(Why.NO_START, "a game needs a seed or its hands")
    return Start(first, seed, hands, set_aside, dice)


def _move(value: object, duel: bool, players: int, before: float) -> Move:
    if type(value) is not list or not 3 <= len(value) <= 4:
        raise _bad("a move must be [moment, seat, what] or [moment, seat, what, detail]")
    at = _int(value[0], 0, round(MAX_SECONDS * 100), "a moment") / 100
    if at < before:
        raise _bad("moments must not go back in time")
    seat = _int(value[1], 0, players - 1, "a move's seat")
    code = value[2]
    detail = value[3] if len(value) == 4 else None
    codes = _DUEL_CODES if duel else _TABLE_CODES
    if type(code) is not str or code not in codes:
        raise _bad(f"unknown move {str(code)[:8]!r}")
    if (detail is not None) != codes[code]:
        raise _bad(f"move {code!r} has {'no' if codes[code] else 'a'} detail")
    if code == "p":
        return Move(at, Play(seat, _cards(detail, 4, "a play")))
    if code == "c":
        return Move(at, Challenge(seat))
    if code == "a":
        return Move(at, Accept(seat))
    if code == "d":
        mood = _MOODS.get(detail) if type(detail) is str else None
        if mood is None:
            raise _bad("a mood must be s, n or i")
        return Move(at, Declare(seat, mood))
    if code == "r":
        return Move(at, Reroll(seat, _digits(detail, range(0, 6), "a reroll", "01234")))
    return Move(at, Propose(seat, _digits(detail, range(5, 6), "a proposition", FACES)))


def _seat_list(value: object, players: int, what: str, most: int) -> tuple[int, ...]:
    raw = _list(value, players, what)
    return tuple(_int(v, 0, most, what) for v in raw)


def from_json(data: Json) -> Record:
    """The record in a replay's JSON object; Refused when any part of it is not what it must be."""
    if data.get("format") != FORMAT:
        raise Refused(Why.NOT_A_REPLAY, "no bluffhouse-replay format mark")
    version = data.get("version")
    if type(version) is not int:
        raise _bad("version must be a whole number")
    if version > VERSION:
        raise Refused(Why.NEWER, f"version {version}", version=version)
    if version < 1:
        raise _bad("version must be 1 or more")
    uid = _str(data.get("id"), 32, "id")
    if not uid or not uid.isascii() or not uid.isalnum():
        raise _bad("id must be letters and digits")
    started = _int(data.get("started"), 0, MAX_STARTED, "started")
    try:
        status = Status(_str(data.get("status"), 10, "status"))
    except ValueError:
        raise _bad("status must be finished or left") from None
    rules = _rules(data.get("rules"))
    players, duel = rules.players, rules.game is GameKind.DUEL
    seats = tuple(_seat(s) for s in _list(data.get("seats"), 8, "seats"))
    if len(seats) != players:
        raise _bad("one seat per player")
    games: list[GameTape] = []
    total = 0
    for entry in _list(data.get("games"), MAX_GAMES, "games"):
        if type(entry) is not dict:
            raise _bad("a game must be an object")
        start = _start(entry, duel, players)
        raw_moves = _list(entry.get("moves"), MAX_MOVES, "moves")
        total += len(raw_moves)
        if total > MAX_ALL_MOVES:
            raise Refused(Why.TOO_BIG, "too many moves")
        moves: list[Move] = []
        before = 0.0
        for raw in raw_moves:
            move = _move(raw, duel, players, before)
            before = move.at
            moves.append(move)
        winner = entry.get("winner")
        winner = None if winner is None else _int(winner, 0, players - 1, "winner")
        games.append(GameTape(start, tuple(moves), winner))
    if not games:
        raise _bad("a record holds at least one game")
    scores = tuple(_int(v, 0, 1000, "scores") for v in _list(data.get("scores", []), players, "scores"))
    winners = _seat_list(data.get("winners", []), players, "winners", players - 1)
    return Record(uid, rules, seats, started, status, tuple(games), scores, winners)


def decode(data: object) -> Record:
    """A record from a replay file's bytes (not yet played again: see check.load)."""
    return from_json(parse(unpack(data)))
