"""The record of one game, Kamu match or duel match, as plain values, and why one is refused.

A record holds what makes the game again on fresh engines (the rules, each game's start: the
seed of its deal and dice and its first seat, or a known position) and every move in order
with its moment, plus who sat where and how it ended. Everything else (hands at any step,
lies, challenges, scores, the figures of the stats) is worked out by playing it again.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from bluffhouse.game.actions import Action
from bluffhouse.game.cards import Card
from bluffhouse.game.quick import quick_init
from bluffhouse.game.rules import GameKind, Rules

FORMAT = "bluffhouse-replay"
VERSION = 1  # the format written; a file of a higher version is refused ("newer_version")

# Limits of what a record may hold: the largest real games are far below them.
MAX_FILE_BYTES = 256 * 1024  # a stored game is ~1-2 KB; a long 8-seat match ~20 KB
MAX_TEXT_BYTES = 4 * 1024 * 1024  # the JSON once unpacked (a zip bomb stops here)
MAX_GAMES = 20  # Kamu: at most 10 rounds; a duel to 9 points: at most 17 rounds
MAX_MOVES = 5000  # in one game (a whole 8-seat Bullets game is ~600)
MAX_ALL_MOVES = 20_000
MAX_NAME = 40  # characters; the set-up allows 16
MAX_LEVEL = 24
MAX_SEED_TEXT = 64
MAX_SEED = 2**64
MAX_SECONDS = 7 * 24 * 3600.0  # a moment in a game (a paused game may stay open for days)
MAX_STARTED = 2**40  # seconds since 1970: far past any real date


class Why(StrEnum):
    """Why a record was refused: the key of its line is "records.refused.<value>"."""

    UNREADABLE = "unreadable"  # the file could not be read at all
    NOT_A_REPLAY = "not_a_replay"  # some other file (not ours, or not a record of ours)
    DAMAGED = "damaged"  # truncated, not gzip, not JSON
    TOO_BIG = "too_big"
    NEWER = "newer_version"  # written by a newer Bluffhouse
    BAD_VALUE = "bad_value"  # a value of the wrong type or out of range
    BAD_RULES = "bad_rules"  # house rules no game can have
    NO_START = "no_start"  # a game's deal cannot be made again
    ILLEGAL_MOVE = "illegal_move"  # a move the rules forbid at its moment
    NOT_OVER = "not_over"  # a finished record whose games did not end, or moves after an end
    WRONG_RESULT = "wrong_result"  # the stored result is not what the moves give


class Refused(ValueError):
    """A record that cannot be used: `why` says the reason, `detail` says where (English, logs)."""

    def __init__(self, why: Why, detail: str = "", **fields: object) -> None:
        self.why = why
        self.detail = detail
        self.fields = dict(fields)
        super().__init__(f"{why.value}: {detail}" if detail else why.value)


class SeatKind(StrEnum):
    """Who played a seat."""

    PERSON = "person"  # at the keyboard, a pad or the mouse
    PHONE = "phone"  # a person on their own phone
    COMPUTER = "computer"


class Status(StrEnum):
    """How a record ended."""

    FINISHED = "finished"  # the game or match was played to its end
    LEFT = "left"  # left before the end (from the pause); the moves so far


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: its name, who played it and, for a computer player, its level."""

    name: str
    kind: SeatKind
    level: str | None = None

    @property
    def person(self) -> bool:
        """A person played it (at the table or on a phone)."""
        return self.kind is not SeatKind.COMPUTER


@dataclass(frozen=True, slots=True)
class Start:
    """How a game's engine is made: a seed and a first seat, or a known position.

    Card table: Table.start(rules, seed, first), or Table.from_hands(rules, hands, first,
    set_aside=...) when the game began from a known position. Duel round: Duel.start(rules,
    seed, first) (first None: rolled for), or Duel.new(seed, first, dice=dice) when its opening
    dice are known.
    """

    first: int | None
    seed: int | str | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    set_aside: tuple[Card, ...] = ()
    dice: tuple[tuple[int, ...], ...] | None = None


@quick_init
@dataclass(frozen=True, slots=True)
class Move:
    """One action as the engine took it, with its moment: seconds since the game began."""

    at: float
    action: Action


@dataclass(frozen=True, slots=True)
class GameTape:
    """One game of the record (a Kamu round, a duel round): its start, its moves, its winner."""

    start: Start
    moves: tuple[Move, ...]
    winner: int | None = None  # None while unfinished (the last game of a left record)


@dataclass(frozen=True, slots=True)
class Record:
    """A whole record: a game of Bullets, a Kamu match or a duel match."""

    uid: str
    rules: Rules
    seats: tuple[Seat, ...]
    started: int  # when it began, seconds since 1970 (UTC)
    status: Status
    games: tuple[GameTape, ...]
    scores: tuple[int, ...] = ()  # the match's points by seat once played (Kamu, the duel)
    winners: tuple[int, ...] = ()  # the seats that won the match (ties share; none when left)

    @property
    def game(self) -> GameKind:
        """Bullets, Kamu or the duel."""
        return self.rules.game

    @property
    def moves(self) -> int:
        """How many moves the whole record holds."""
        return sum(len(g.moves) for g in self.games)

    @property
    def seconds(self) -> float:
        """How long it was played: the sum of each game's last moment."""
        return round(sum(g.moves[-1].at for g in self.games if g.moves), 2)


def person_key(name: str) -> str:
    """Who a name is: "Names that differ only by case or surrounding spaces are one person"."""
    return unicodedata.normalize("NFC", name).strip().casefold()


def clean_text(value: object, most: int) -> str | None:
    """A name as a record may hold it: text of 1..most characters, something visible, no control
    characters (a line break or a bidi override is no part of a name); else None."""
    if type(value) is not str or not 0 < len(value) <= most:
        return None
    text = unicodedata.normalize("NFC", value)
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") for c in text):
        return None
    return text if text.strip() else None
