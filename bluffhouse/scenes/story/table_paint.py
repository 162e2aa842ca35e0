"""A card game replayed: every hand face up around the table, the move beside what was played.

The frame is built from a cursor's Step (the engine as it stood, the whole truth) by
table_frame(), which lets each face through the table's own gate (scenes.table.hand.seen, asked
of the replay's views, so each face is audited as a frame is made); draw_table() paints it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from bluffhouse.game.cards import Card
from bluffhouse.game.records.cursor import Step
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes import art
from bluffhouse.scenes.story.chrome import MARK_COLOURS, STAGE
from bluffhouse.scenes.story.moments import LIE, Told
from bluffhouse.scenes.table.hand import hand_faces, seen
from bluffhouse.scenes.table.words import cards_word, rank_word
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.names import badge_letters
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_fitted, draw_text
from bluffhouse.scenes.ui.widgets import draw_panel

BANNER = pygame.Rect(STAGE.x, STAGE.y, STAGE.w, 164)
SEATS = pygame.Rect(STAGE.x, BANNER.bottom + 12, STAGE.w, STAGE.bottom - BANNER.bottom - 12)
PLAYED_WIDTH = 54  # the cards a move really put down, in the banner
SEAT_BADGE = 34
BULLET_HEIGHT = 24


@dataclass(frozen=True, slots=True)
class SeatShown:
    """One seat of the replayed table."""

    seat: int
    name: str
    hand: tuple[Card | None, ...]  # as the views let it be seen (None: a back)
    bullets: int | None  # None: the game has no bullets
    turn: bool  # it was this seat's turn
    moved: bool  # this seat made the move shown
    won: bool


@dataclass(frozen=True, slots=True)
class TableFrame:
    """What the replay of a card game shows at one position."""

    style: str  # the card backs: french or hungarian
    seats: tuple[SeatShown, ...]
    told: Told | None  # the move that led here (None: the deal)
    played: tuple[Card | None, ...]  # the cards that move really put down (as the views let them)
    mover: int  # whose move it was
    call: str  # "The call: queens" ("" before the first call)
    pile: str  # "Pile: 7 cards"
    deal: str  # the deal's line, when told is None


def table_frame(step: Step, rules: Rules, names: list[str], told: Told | None, views) -> TableFrame:
    """The frame of a card game's replay at a cursor's step (views: the replay's, Replayed)."""
    table = step.engine
    if not isinstance(table, Table):
        raise TypeError(f"a card game's step holds a {type(table).__name__}")
    moment = step.moment
    over = table.is_over
    bullets = rules.uses_bullets
    seats = tuple(
        SeatShown(
            s,
            names[s],
            seen(table.hand(s), s, views),
            table.bullets(s) if bullets else None,
            not over and table.turn == s,
            moment is not None and moment.seat == s,
            over and table.winner == s,
        )
        for s in range(table.players)
    )
    mover = moment.seat if moment is not None else table.first
    played = seen(moment.cards, mover, views) if moment is not None and moment.kind == "play" else ()
    rank = table.rank
    call = t("story.table.call", rank=rank_word(rules, rank)) if rank else ""
    deal = t("story.table.deal", name=names[table.first]) if moment is None else ""
    pile = t("story.table.pile", cards=cards_word(table.pile_size, words=False))
    style = "hungarian" if rules.deck.value == "hungarian" else "french"
    return TableFrame(style, seats, told, played, mover, call, pile, deal)


def draw_banner(
    surface: pygame.Surface,
    told: Told | None,
    deal: str,
    aside: tuple[str, ...],
    cards: pygame.Surface | None = None,
) -> None:
    """The move shown, big: what was said, what was really played (and its cards), how it ended."""
    draw_panel(surface, BANNER)
    right = BANNER.right - 250
    for row, line in enumerate(aside):
        draw_fitted(
            surface,
            line,
            (BANNER.right - 16, BANNER.y + 12 + row * 66),
            232,
            20,
            Palette.CREAM,
            anchor="topright",
            smallest=18,
            max_lines=2,
            height=56,
        )
    x = BANNER.x + 20
    if cards is not None:
        surface.blit(cards, cards.get_rect(midleft=(x, BANNER.centery)))
        x += cards.get_width() + 18
    width = right - x - 10
    if told is None:
        draw_fitted(
            surface,
            deal,
            (x, BANNER.centery),
            width,
            26,
            Palette.GOLD_LIGHT,
            True,
            "midleft",
            smallest=18,
            max_lines=2,
        )
        return
    colour = MARK_COLOURS.get(told.mark, Palette.CREAM)
    y = (
        draw_fitted(
            surface,
            told.said,
            (x, BANNER.y + 10),
            width,
            25,
            Palette.WHITE,
            True,
            smallest=18,
            max_lines=2,
            height=46,
        ).bottom
        + 4
    )
    if told.truth:
        y = (
            draw_fitted(
                surface,
                told.truth,
                (x, y),
                width,
                22,
                colour,
                told.mark == LIE,
                smallest=18,
                max_lines=2,
                height=BANNER.bottom - 30 - y,
            ).bottom
            + 4
        )
    if told.outcome:
        draw_fitted(
            surface,
            told.outcome,
            (x, y),
            width,
            21,
            Palette.GOLD_LIGHT,
            smallest=18,
            max_lines=2,
            height=BANNER.bottom - 6 - y,
        )


def _played_cards(frame: TableFrame) -> pygame.Surface | None:
    """The cards the move really put down, face up, side by side."""
    if not frame.played:
        return None
    width = PLAYED_WIDTH
    faces = hand_faces(frame.played, frame.mover, width, frame.style)
    step = width + 6
    strip = pygame.Surface((step * (len(faces) - 1) + width, faces[0].get_height()), pygame.SRCALPHA)
    for index, face in enumerate(faces):
        strip.blit(face, (index * step, 0))
    return strip


def hand_width(cell: pygame.Rect) -> int:
    """The width of the cards of a seat's hand in its cell (as tall as the cell's room allows)."""
    return max(24, min(84, round((cell.h - 56) / 1.4)))


def seat_cells(count: int) -> list[pygame.Rect]:
    """Where each seat goes: two columns, as many rows as it takes."""
    rows = (count + 1) // 2
    gap = 10
    width = (SEATS.w - gap) // 2
    height = (SEATS.h - gap * (rows - 1)) // rows
    return [
        pygame.Rect(SEATS.x + (s % 2) * (width + gap), SEATS.y + (s // 2) * (height + gap), width, height)
        for s in range(count)
    ]


def draw_table(surface: pygame.Surface, frame: TableFrame) -> None:
    """The banner with the move, then every seat with its whole hand face up."""
    draw_banner(
        surface, frame.told, frame.deal, tuple(filter(None, (frame.call, frame.pile))), _played_cards(frame)
    )
    for cell, seat in zip(seat_cells(len(frame.seats)), frame.seats, strict=True):
        _seat(surface, cell, seat, frame.style)


def _seat(surface: pygame.Surface, cell: pygame.Rect, seat: SeatShown, style: str) -> None:
    lit = seat.moved or seat.won
    draw_panel(
        surface,
        cell,
        border=(*Palette.GOLD_LIGHT, 255) if lit else (*Palette.GOLD, 110),
        width=3 if lit else 2,
    )
    badge = art.seat_badge(seat.seat, badge_letters(seat.name), SEAT_BADGE, seat.turn or seat.won)
    surface.blit(badge, (cell.x + 10, cell.y + 8))
    tail = 0
    if seat.bullets is not None:
        icon = art.bullet_icon(BULLET_HEIGHT, "full")
        for k in range(seat.bullets):
            surface.blit(icon, icon.get_rect(topright=(cell.right - 12 - k * 16, cell.y + 12)))
        tail = 16 * max(seat.bullets, 0) + 10
    label = seat.name
    if seat.won:
        label = t("story.table.won", name=seat.name)
    elif seat.turn:
        label = t("story.table.to_play", name=seat.name)
    draw_fitted(
        surface,
        label,
        (cell.x + 52, cell.y + 25),
        cell.w - 70 - tail,
        20,
        Palette.GOLD_LIGHT if lit else Palette.CREAM,
        True,
        "midleft",
        smallest=18,
    )
    room = pygame.Rect(cell.x + 10, cell.y + 48, cell.w - 20, cell.h - 56)
    if not seat.hand:
        draw_text(surface, t("story.table.no_cards"), room.center, 18, Palette.CREAM_DIM, anchor="center")
        return
    width = hand_width(cell)
    faces = hand_faces(seat.hand, seat.seat, width, style)
    step = width + 4 if len(faces) * (width + 4) <= room.w else (room.w - width) / max(1, len(faces) - 1)
    for index, face in enumerate(faces):
        surface.blit(face, (round(room.x + index * step), room.y))
