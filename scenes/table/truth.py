"""What really happened at the card table: every call with its cards, and each seat's figures.

The flow writes these as the game goes; the results screen tells them afterwards (the truth
recap, the awards, the per-player figures).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.cards import counts_as


@dataclass(slots=True)
class CallTruth:
    """One call with the cards really played: the raw material of the truth recap."""

    seat: int
    rank: str
    cards: tuple
    lie: bool
    challenged_by: int | None = None
    fako_exposed: bool = False

    @property
    def bait(self) -> bool:
        """A lone Fakó: a lie that wins when challenged ("it is bait")."""
        return len(self.cards) == 1 and self.cards[0].is_fako

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


def is_lie(cards, rank: str) -> bool:
    """True when any card is neither the called rank nor a Színes (a lone Fakó is a lie)."""
    return not all(counts_as(c, rank) for c in cards)
