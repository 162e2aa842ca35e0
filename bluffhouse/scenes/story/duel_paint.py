"""A dice duel replayed: both cups lifted, the dice under each, every proposition beside the truth.

duel_frame() builds the frame from a cursor's Step, asking the replay's views for each die (so
every face is audited as the frame is made); draw_duel() paints it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.records.cursor import Step
from bluffhouse.scenes import art
from bluffhouse.scenes.duel.words import claim_words, mood_words
from bluffhouse.scenes.story.moments import Told
from bluffhouse.scenes.story.table_paint import SEATS, draw_banner
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import badge_letters
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_fitted
from bluffhouse.scenes.ui.widgets import draw_panel

DIE = 76
CUP_WIDTH = 70
CUP_BADGE = 40


@dataclass(frozen=True, slots=True)
class CupShown:
    """One player's side of the duel."""

    seat: int
    name: str
    dice: tuple[int | None, ...]  # as the views let them be seen (None: under the cup)
    points: int
    mood: str  # what they said in the opening ("" before it)
    turn: bool
    moved: bool
    won: bool


@dataclass(frozen=True, slots=True)
class DuelFrame:
    """What the replay of a duel shows at one position."""

    cups: tuple[CupShown, ...]
    told: Told | None
    claim: str  # the proposition on the table ("" before the first)
    rerolls: str  # whose rerolls this turn, how many ("" outside the bidding)
    deal: str


def _seen(dice, seat: int, views) -> tuple[int | None, ...]:
    return tuple(
        face if views.face_up(seat, f"die {index}") else None
        for index, face in enumerate(sorted(dice, reverse=True))
    )


def duel_frame(step: Step, names: list[str], told: Told | None, views) -> DuelFrame:
    """The frame of a duel's replay at a cursor's step (views: the replay's, Replayed)."""
    duel = step.engine
    if not isinstance(duel, Duel):
        raise TypeError(f"a duel's step holds a {type(duel).__name__}")
    moment = step.moment
    over = duel.phase is Phase.OVER
    points = [step.scores[s] if s < len(step.scores) else 0 for s in (0, 1)]
    cups = tuple(
        CupShown(
            s,
            names[s],
            _seen(duel.dice(s), s, views),
            points[s],
            mood_words(mood) if (mood := duel.moods[s]) is not None else "",
            not over and duel.turn == s,
            moment is not None and moment.seat == s,
            over and duel.winner == s,
        )
        for s in (0, 1)
    )
    claim = t("story.duel.claim", claim=claim_words(duel.claim)) if duel.claim is not None else ""
    # Whose counter it is: the rerolls of the seat to play, this turn (they go back to 0 with
    # every proposition), only while propositions are made.
    bidding = duel.phase is Phase.BIDDING and duel.claim is not None
    turn = duel.turn  # (None once the duel is over)
    rerolls = ""
    if bidding and turn is not None:
        rerolls = t("story.duel.rerolls", name=names[turn], n=duel.rerolls_used)
    deal = t("story.duel.deal", name=names[duel.proposer]) if moment is None else ""
    return DuelFrame(cups, told, claim, rerolls, deal)


def draw_duel(surface: pygame.Surface, frame: DuelFrame) -> None:
    """The banner with the move, then both cups lifted: each player's dice face up."""
    draw_banner(surface, frame.told, frame.deal, (frame.rerolls,) if frame.rerolls else ())
    gap = 12
    width = (SEATS.w - gap) // 2
    for cup in frame.cups:
        cell = pygame.Rect(SEATS.x + cup.seat * (width + gap), SEATS.y, width, SEATS.h - 58)
        _cup(surface, cell, cup)
    if frame.claim:
        box = pygame.Rect(SEATS.x, SEATS.bottom - 48, SEATS.w, 48)
        draw_panel(surface, box, border=(*Palette.GOLD_LIGHT, 200))
        draw_fitted(
            surface, frame.claim, box.center, box.w - 32, 22, Palette.GOLD_LIGHT, True, "center", smallest=18
        )


def _cup(surface: pygame.Surface, cell: pygame.Rect, cup: CupShown) -> None:
    lit = cup.moved or cup.won
    draw_panel(
        surface,
        cell,
        border=(*Palette.GOLD_LIGHT, 255) if lit else (*Palette.GOLD, 110),
        width=3 if lit else 2,
    )
    badge = art.seat_badge(cup.seat, badge_letters(cup.name), CUP_BADGE, cup.turn or cup.won)
    surface.blit(badge, (cell.x + 14, cell.y + 12))
    label = (
        t("story.table.won", name=cup.name)
        if cup.won
        else t("story.table.to_play", name=cup.name)
        if cup.turn
        else cup.name
    )
    draw_fitted(
        surface,
        label,
        (cell.x + 64, cell.y + 32),
        cell.w - 84,
        22,
        Palette.GOLD_LIGHT if lit else Palette.CREAM,
        True,
        "midleft",
        smallest=18,
    )
    draw_fitted(
        surface,
        t("story.duel.points", n=cup.points),
        (cell.x + 64, cell.y + 64),
        cell.w - 84,
        19,
        Palette.CREAM_DIM,
        anchor="midleft",
        smallest=18,
    )
    cup_image = art.cup(CUP_WIDTH)
    surface.blit(cup_image, cup_image.get_rect(topright=(cell.right - 14, cell.y + 10)))
    step = (cell.w - 28 - DIE) / 4
    for index, face in enumerate(cup.dice):
        if face is not None:
            die = art.die_face(face, DIE)
            surface.blit(die, (round(cell.x + 14 + index * step), cell.y + 110))
    if cup.mood:
        draw_fitted(
            surface,
            cup.mood,
            (cell.centerx, cell.bottom - 26),
            cell.w - 28,
            20,
            Palette.CREAM,
            anchor="center",
            smallest=18,
        )
