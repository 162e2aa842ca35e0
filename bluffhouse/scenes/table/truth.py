"""What really happened at the card table: every call with its cards, and each seat's figures.

The flow writes these as the game goes; the results screen tells them afterwards (the truth
recap, the awards, the per-player figures).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bluffhouse.game.cards import Card, counts_as
from bluffhouse.game.events import CardsPlayed, CardsRevealed, Challenged, FakoExposed


@dataclass(slots=True)
class CallTruth:
    """One call with the cards really played: the raw material of the truth recap."""

    seat: int
    rank: str
    cards: tuple[Card, ...]
    lie: bool
    challenged_by: int | None = None
    fako_exposed: bool = False
    bait: bool = False  # a lone Fakó challenged: a lie that held ("it is bait"), as the event says

    @property
    def caught(self) -> bool:
        """A lie somebody challenged and exposed (a challenged Fakó bait is not caught)."""
        return self.lie and self.challenged_by is not None and not self.bait

    @property
    def got_away(self) -> bool:
        """A lie nobody challenged (a Fakó let pass is turned up, so it did not get away)."""
        return self.lie and self.challenged_by is None and not self.fako_exposed


@dataclass(slots=True)
class SeatStats:
    """Per-player figures for the results screen."""

    calls: int = 0
    lies: int = 0
    lies_caught: int = 0
    challenges_right: int = 0
    challenges_wrong: int = 0


def is_lie(cards: Iterable[Card], rank: str) -> bool:
    """True when any card is neither the called rank nor a Színes (a lone Fakó is a lie)."""
    return not all(counts_as(c, rank) for c in cards)


@dataclass(frozen=True, slots=True)
class HeldPlay:
    """A play chosen during the minimum challenge window, made for its chooser when it ends."""

    seat: int
    cards: tuple[Card, ...] | None  # None: let a hand-emptying call stand
    serial: int  # the state of the table it was chosen in: any change calls it off


def note_truth(truth: list[CallTruth], stats: list[SeatStats], events, cards) -> None:
    """Write what the engine's events say really happened: calls with their cards, figures."""
    for event in events:
        if isinstance(event, CardsPlayed):
            lie = is_lie(cards, event.rank)
            truth.append(CallTruth(event.seat, event.rank, cards, lie))
            stats[event.seat].calls += 1
            stats[event.seat].lies += lie
        elif isinstance(event, Challenged):
            truth[-1].challenged_by = event.challenger
            truth[-1].bait = event.bait
        elif isinstance(event, CardsRevealed):
            call = truth[-1]
            if call.challenged_by is None:  # (never: the cards turn over after a challenge)
                continue
            seat_stats = stats[call.challenged_by]
            if event.truthful:
                seat_stats.challenges_wrong += 1
            else:
                seat_stats.challenges_right += 1
                stats[call.seat].lies_caught += 1
        elif isinstance(event, FakoExposed):
            truth[-1].fako_exposed = True  # the call the next move left unchallenged: the last one
