"""The story of a record, move by move: each call beside what was really played, lies, challenges.

A Moment is one move of a record told with the whole truth (the record is of an ended game, so
every hand may be told). The screens list them beside the replay; the stats count them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NotRequired, TypedDict

from bluffhouse.game.actions import Accept, Action, Challenge, Declare, Play, Propose, Reroll
from bluffhouse.game.cards import Card, counts_as
from bluffhouse.game.dice import claim_index, hand_value
from bluffhouse.game.duel import Duel
from bluffhouse.game.duel_events import DiceRevealed
from bluffhouse.game.events import CardsPlayed, CardsRevealed, FakoExposed, PileTaken
from bluffhouse.game.quick import quick_init
from bluffhouse.game.table import Table


class Verdict(StrEnum):
    """How a call (or a proposition) ended."""

    PASSED = "passed"  # nobody challenged it (a lie that passed "got away")
    CAUGHT = "caught"  # challenged, and it was a lie
    TRUE = "true"  # challenged, and it was true: the challenger was wrong
    BAIT_TAKEN = "bait_taken"  # a lone Fakó challenged: "the challenger picks up the pile"
    BAIT_EXPOSED = "bait_exposed"  # a lone Fakó nobody challenged: turned up, its player picks up
    OPEN = "open"  # the game was left while it could still be challenged


@quick_init
@dataclass(frozen=True, slots=True)
class Moment:
    """One move of a record and what it really was."""

    index: int  # the move's number in the whole record, from 0
    game: int  # which game (round) of the record
    step: int  # the cursor position this move leads to
    at: float  # seconds since its game began
    seat: int
    kind: str  # "play", "challenge", "accept", "declare", "reroll" or "propose"
    rank: str | None = None  # a call: the rank called
    cards: tuple[Card, ...] = ()  # a call: the cards really played
    claim: tuple[int, ...] | None = None  # a proposition: the dice announced
    held: tuple[int, ...] | None = None  # a proposition: the dice really under the cup
    lie: bool = False  # a call or proposition that was not true
    bait: bool = False  # a lone Fakó ("it is bait")
    verdict: Verdict | None = None  # how a call or proposition ended
    challenged_by: int | None = None  # a call or proposition: who challenged it
    caller: int | None = None  # a challenge: whose call it was
    truthful: bool | None = None  # a challenge: the engine's verdict (the call stood)
    picked_up: int | None = None  # a challenge or a Fakó turned up: who took the pile
    cards_taken: int = 0  # how many cards they took
    mood: str | None = None  # a declaration
    keep: tuple[int, ...] = ()  # a reroll: the dice kept
    rolled: tuple[int, ...] | None = None  # a reroll: the dice under the cup afterwards

    @property
    def is_call(self) -> bool:
        """A call of the card table or a proposition of the duel."""
        return self.kind in ("play", "propose")

    @property
    def is_challenge(self) -> bool:
        """A challenge."""
        return self.kind == "challenge"

    @property
    def got_away(self) -> bool:
        """A lie nobody challenged (a Fakó turned up did not get away)."""
        return self.lie and self.verdict is Verdict.PASSED

    @property
    def boldness(self) -> int:
        """How bold a lie was: the cards not of the called rank; the duel's claims above the dice."""
        if not self.lie:
            return 0
        if self.claim is not None and self.held is not None:  # a proposition
            held = hand_value(self.held)
            low = claim_index(held) if held.is_claim else -1
            return claim_index(self.claim) - low
        rank = self.rank
        return 0 if rank is None else sum(not counts_as(card, rank) for card in self.cards)


class Row(TypedDict):
    """A Moment being told: its fields by name, filled in as the moves that settle it come."""

    index: int
    game: int
    step: int
    at: float
    seat: int
    kind: str
    rank: NotRequired[str]
    cards: NotRequired[tuple[Card, ...]]
    claim: NotRequired[tuple[int, ...]]
    held: NotRequired[tuple[int, ...]]
    lie: NotRequired[bool]
    bait: NotRequired[bool]
    verdict: NotRequired[Verdict]
    challenged_by: NotRequired[int]
    caller: NotRequired[int]
    truthful: NotRequired[bool]
    picked_up: NotRequired[int]
    cards_taken: NotRequired[int]
    mood: NotRequired[str]
    keep: NotRequired[tuple[int, ...]]
    rolled: NotRequired[tuple[int, ...]]


_KINDS = {
    Play: "play",
    Challenge: "challenge",
    Accept: "accept",
    Declare: "declare",
    Reroll: "reroll",
    Propose: "propose",
}


class Teller:
    """Writes the moments of one record as its games are played again, move by move."""

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self._open: Row | None = None  # the last call of the game being told
        self._game = -1

    def before(self, engine: Table | Duel, action: Action, game: int, step: int, at: float) -> Row:
        """A move about to be applied: what the engine knows before it (the rank, the dice)."""
        if game != self._game:
            self._close()
            self._game = game
        row = Row(
            index=len(self.rows), game=game, step=step, at=at, seat=action.seat, kind=_KINDS[type(action)]
        )
        if isinstance(action, Play) and isinstance(engine, Table):
            rank = engine.rank
            cards = tuple(action.cards)
            row["rank"], row["cards"] = rank, cards
            row["lie"] = not all(counts_as(c, rank) for c in cards)
            row["bait"] = len(cards) == 1 and cards[0].is_fako
        elif isinstance(action, Propose) and isinstance(engine, Duel):
            held = engine.dice(action.seat)
            claim = tuple(action.dice)
            try:
                lie = hand_value(held) < hand_value(claim)
            except ValueError:  # no dice at all: the engine refuses the move next
                lie = False
            row["claim"], row["held"], row["lie"] = claim, held, lie
        elif isinstance(action, Declare):
            row["mood"] = str(action.mood)
        elif isinstance(action, Reroll):
            row["keep"] = tuple(action.keep)
        return row

    def after(self, engine: Table | Duel, row: Row, events: Sequence[object]) -> None:
        """The move was applied: its events settle the open call and the challenge's verdict."""
        kind = row["kind"]
        opened = self._open
        exposed = None  # the call whose lone Fakó was turned up by this move
        played = False
        for event in events:
            if isinstance(event, CardsPlayed):
                played = True
            elif isinstance(event, FakoExposed):
                # Before this move's own cards: the open call's Fakó; after them: its own (nobody
                # was left to challenge it).
                exposed = row if played or opened is None else opened
                exposed["verdict"], exposed["picked_up"] = Verdict.BAIT_EXPOSED, event.seat
            elif isinstance(event, PileTaken):
                taker = row if kind == "challenge" or exposed is None else exposed
                taker["picked_up"], taker["cards_taken"] = event.seat, event.count
            elif isinstance(event, CardsRevealed):
                row["truthful"] = event.truthful
            elif isinstance(event, DiceRevealed):
                row["truthful"] = event.value_met
        if kind == "challenge" and opened is not None:
            row["caller"] = opened["seat"]
            opened["challenged_by"] = row["seat"]
            if opened.get("bait"):
                opened["verdict"] = Verdict.BAIT_TAKEN
            else:
                opened["verdict"] = Verdict.CAUGHT if opened["lie"] else Verdict.TRUE
            self._open = None
        elif kind == "reroll" and isinstance(engine, Duel):
            row["rolled"] = engine.dice(row["seat"])
        if kind in ("play", "propose"):
            if opened is not None and "verdict" not in opened:
                opened["verdict"] = Verdict.PASSED  # the next call went over it
            self._open = row
        elif kind == "accept" and opened is not None and "verdict" not in opened:
            opened["verdict"] = Verdict.PASSED  # "lets it stand": it won
        self.rows.append(row)

    def _close(self) -> None:
        if self._open is not None and "verdict" not in self._open:
            # Still open when its game ended: a winning call nobody could challenge passed; one
            # of a game that was left stays open.
            self._open["verdict"] = Verdict.OPEN
        self._open = None

    def end_game(self, over: bool) -> None:
        """The game being told has no more moves; `over` when it ended with a winner."""
        opened = self._open
        if opened is not None and "verdict" not in opened and over:
            opened["verdict"] = Verdict.PASSED
        self._close()

    def moments(self) -> tuple[Moment, ...]:
        """Every move told, in order."""
        self._close()
        return tuple(Moment(**row) for row in self.rows)
