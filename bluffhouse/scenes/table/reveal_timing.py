"""How long a challenge's reveal takes on the card table, in seconds at normal pace (no pygame).

The animations (scenes.table.fx) lay the reveal out with these numbers and the flow
(scenes.table.flow) holds the table for as long, so nobody plays over a verdict: the
challenged cards are lifted, flipped one by one, stamped TRUE or LIE, and then stay in full
view long enough for everybody on the couch to read them before they fly to whoever picks up.
"""

from __future__ import annotations

CHALLENGE_BEAT = 0.25  # "Liar!" before the cards move
LIFT = 0.28  # the cards rise off the pile
FLIP_START, FLIP_STEP, FLIP = 0.3, 0.14, 0.26  # each card turns over after the one before
VERDICT_GAP, VERDICT = 0.32, 0.38  # the stamp thumps down after the last flip began
READ = 3.6  # the flipped cards in full view ("readable from the sofa": at least 3.5 s)
DEMO_READ = 1.2  # the attract mode: nobody at the table has to decide anything from them
CATCH_UP = 0.1  # the table holds a moment longer than the show, which may start a frame late
LEAVE = 0.6  # the cards slide to whoever picks up the pile


def flipped_at(cards: int) -> float:
    """Seconds from the reveal's start until its last card lies face up."""
    return FLIP_START + (max(1, cards) - 1) * FLIP_STEP + FLIP


def verdict_at(cards: int) -> float:
    """Seconds from the reveal's start until the verdict stamp starts to fall."""
    return FLIP_START + (max(1, cards) - 1) * FLIP_STEP + VERDICT_GAP


def reveal_hold(cards: int, read: float = READ) -> float:
    """Seconds the table holds after a challenge of `cards` cards: the whole reveal, read and gone."""
    return CHALLENGE_BEAT + flipped_at(cards) + read + LEAVE + CATCH_UP


def truth_time(cards: int) -> float:
    """Seconds from a challenge until its verdict stamp has landed: the moment of truth, not to spoil."""
    return CHALLENGE_BEAT + verdict_at(cards) + VERDICT
