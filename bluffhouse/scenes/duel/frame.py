"""What one frame of the duel shows: a frozen player view the painters draw from (no pygame).

The duel screen builds a DuelFrame once per update; the painters read only the frame, never
the screen or the engine. A frame holds only what the people watching may see now: the stage
is copied as a StageLook whose cups hold their dice only when the privacy model allows them
(lifted in a challenge, or opened by their owner's own key) — that decision, and its audit
record, is made here, when the frame is built, so it is tested without painting. The claim
builder is passed as the object that holds the acting person's own choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.duel_events import Mood
from bluffhouse.game.quick import quick_init
from bluffhouse.scenes.duel.builder import ClaimBuilder
from bluffhouse.scenes.duel.stage import Stage
from bluffhouse.scenes.play.frame import seen_faces
from bluffhouse.scenes.play.phones import PhonesLook
from bluffhouse.scenes.shell.privacy import PrivateViews
from bluffhouse.scenes.shell.session import SeatSpec


@quick_init
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
    most_kept: int

    @classmethod
    def of(cls, duel: Duel) -> DuelFacts:
        """The public facts of a round (nothing of what lies under the cups)."""
        return cls(
            duel.phase,
            duel.turn,
            duel.proposer,
            duel.moods,
            duel.replays,
            duel.claim,
            duel.claimant,
            duel.rerolls_used,
            tuple(duel.allowed_moods),
            duel.may_reroll,
            duel.may_propose,
            duel.may_challenge,
            duel.must_challenge,
            duel.claim_is_highest,
            duel.most_kept,
        )


@quick_init
@dataclass(frozen=True, slots=True)
class BeatLook:
    """The beat playing now, as the painters need it (a landing's hidden dice left out)."""

    kind: str
    progress: float
    data: MappingProxyType


@quick_init
@dataclass(frozen=True, slots=True)
class CupLook:
    """One seat's side of the show: its words, its score, and its dice only if they may be seen."""

    bubble: str | None
    bubble_kind: str
    bubble_at: float
    status: str
    dice: (
        tuple[int | None, ...] | None
    )  # the faces under the cup: only when they may be seen now (None: a back)
    rolled: bool  # dice lie under the cup (seen or not)
    lifted: bool
    score: int


@quick_init
@dataclass(frozen=True, slots=True)
class ShowLook:
    """The picture the beats left behind, as the people watching may see it."""

    seats: tuple[CupLook, CupLook]
    claim: tuple[int, ...] | None
    claimant: int | None
    log: tuple[str, ...]
    first: tuple[int, int] | None
    verdict: MappingProxyType | None
    over: bool


@quick_init
@dataclass(frozen=True, slots=True)
class StageLook:
    """The show's clock, its beat and its picture: what the duel's painters read of the stage."""

    time: float
    busy: bool
    current: BeatLook | None
    show: ShowLook

    @classmethod
    def of(cls, stage: Stage, views: PrivateViews) -> StageLook:
        """The stage as the screen may show it now: the privacy decision (and its audit) is here."""
        show, beat = stage.show, stage.current
        cups = []
        for seat, seat_show in enumerate(show.seats):
            # lifted in the challenge; the attract mode shows both to the audience; one person
            # against the computer sees their own always; two people only what their own key opened
            # (not for these eyes now: the frame never holds them; each face shown is audited)
            dice: tuple[int | None, ...] | None = seat_show.dice
            if dice is not None:
                dice = seen_faces(views, seat, dice, [f"die{i}" for i in range(len(dice))], seat_show.lifted)
            cups.append(
                CupLook(
                    seat_show.bubble,
                    seat_show.bubble_kind,
                    seat_show.bubble_at,
                    seat_show.status,
                    dice,
                    seat_show.dice is not None,
                    seat_show.lifted,
                    seat_show.score,
                )
            )
        current = None
        if beat is not None:
            data = {k: v for k, v in beat.data.items() if not (beat.kind == "land" and k == "dice")}
            current = BeatLook(beat.kind, beat.progress, MappingProxyType(data))
        verdict = MappingProxyType(dict(show.verdict)) if show.verdict is not None else None
        look = ShowLook(
            (cups[0], cups[1]), show.claim, show.claimant, tuple(show.log), show.first, verdict, show.over
        )
        return cls(stage.time, stage.busy, current, look)


@quick_init
@dataclass(frozen=True, slots=True)
class BarLook:
    """The action bar's own state: the focused control, kept dice, the builder, a notice."""

    focus: str
    keep: frozenset[int]
    builder: ClaimBuilder | None
    notice: tuple[str, float, str] | None  # a refusal: words, since when, "reroll" or "builder"
    keys: tuple[tuple[str, str], ...]  # the builder's letters: (action, key cap)
    enabled: frozenset[str]  # the controls that may be used now


@quick_init
@dataclass(frozen=True, slots=True)
class DuelFrame:
    """Everything the duel's painters draw in one frame."""

    time: float
    names: tuple[str, ...]
    you: int | None  # the only person at the table, spoken to as "you"
    seats: tuple[SeatSpec, ...]  # each seat's: challenge and peek keys, coach
    demo: bool
    two_people: bool
    humans: tuple[int, ...]
    duel: DuelFacts
    stage: StageLook  # the beats and the picture they leave, cups as they may be seen
    round_number: int
    points_to_win: int
    opening: str  # the opening rule's value
    scores: tuple[int, ...]  # each seat's, in seat order
    match_over: bool
    match_winner: int | None
    acting: int | None
    curtain_for: int | None
    thinking: int | None
    coach_text: tuple[str, ...] | None
    bar: BarLook
    phones: PhonesLook | None = None  # phone seats and their links
    curtain_again: bool = False  # the curtain came down on a public beat of the same person's turn
