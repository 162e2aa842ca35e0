"""What one frame of the duel shows: a frozen snapshot the painters draw from (no pygame).

The duel screen builds a DuelFrame once per update; the painters read only the frame, never
the screen or the engine. The stage (the show's beats) and the claim builder are passed as
the objects that hold their own animation and choice; everything else is copied.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.duel import Duel, Phase
from game.duel_events import Mood


@dataclass(frozen=True, slots=True)
class DuelFacts:
    """The round as the table may show it: phase, turn, the claim and what may be done."""

    phase: Phase
    turn: int | None
    proposer: int
    moods: tuple[Mood | None, Mood | None]
    replays: int
    claim: tuple[int, ...] | None
    claimant: int | None
    rerolls_used: int
    allowed_moods: tuple[Mood, ...]
    may_reroll: bool
    may_propose: bool
    may_challenge: bool
    must_challenge: bool
    claim_is_highest: bool

    @classmethod
    def of(cls, duel: Duel) -> DuelFacts:
        """The public facts of a round (nothing of what lies under the cups)."""
        return cls(duel.phase, duel.turn, duel.proposer, tuple(duel.moods), duel.replays, duel.claim,
                   duel.claimant, duel.rerolls_used, tuple(duel.allowed_moods), duel.may_reroll,
                   duel.may_propose, duel.may_challenge, duel.must_challenge,
                   duel.claim_is_highest)  # fmt: skip


@dataclass(frozen=True, slots=True)
class BarLook:
    """The action bar's own state: the focused control, kept dice, the builder, a notice."""

    focus: str
    keep: frozenset[int]
    builder: object | None  # scenes.duel.builder.ClaimBuilder
    notice: tuple[str, float, str] | None  # a refusal: words, since when, "reroll" or "builder"
    keys: tuple[tuple[str, str], ...]  # the builder's letters: (action, key cap)
    enabled: frozenset[str]  # the controls that may be used now


@dataclass(frozen=True, slots=True)
class DuelFrame:
    """Everything the duel's painters draw in one frame."""

    time: float
    names: tuple[str, ...]
    you: int | None  # the only person at the table, spoken to as "you"
    seats: tuple  # SeatSpec of each seat: challenge and peek keys, coach
    demo: bool
    two_people: bool
    humans: tuple[int, ...]
    duel: DuelFacts
    stage: object  # scenes.duel.stage.Stage: the beats and the picture they leave
    round_number: int
    points_to_win: int
    opening: str  # the opening rule's value
    scores: tuple[int, int]
    match_over: bool
    match_winner: int | None
    acting: int | None
    curtain_for: int | None
    thinking: int | None
    visible: tuple[bool, bool]  # whose dice may be drawn face up now
    views: object  # scenes.shell.privacy.PrivateViews: asked (and audited) before each face
    coach_text: tuple[str, ...] | None
    bar: BarLook
    phones: object | None = None  # scenes.phones.table_link.PhonesLook: phone seats and their links
    curtain_again: bool = False  # the curtain came down on a public beat of the same person's turn
