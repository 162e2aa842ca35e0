"""The duel's coach: its lines for the person acting, in a panel on their own side of the table
(where their speech bubble was: it is in the log), each line whole at the reading size."""

from __future__ import annotations

import pygame

from bluffhouse.scenes.duel import layout as L
from bluffhouse.scenes.duel.frame import DuelFrame
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_fitted, draw_text, fit_lines, font
from bluffhouse.scenes.ui.widgets import draw_panel


def coach_rect(frame: DuelFrame) -> pygame.Rect | None:
    """Where the coach's lines go: on the acting person's own side, under their name, where
    their speech bubble was (it is in the log); never over a cup or a die."""
    if not frame.coach_text or frame.acting is None:
        return None
    zone = L.zone(frame.acting)
    bottom = L.DICE_Y - L.DIE // 2 - 4
    return pygame.Rect(zone.x + 12, L.BUBBLE_TOP - 6, zone.w - 24, bottom - L.BUBBLE_TOP + 6)


def draw_coach(surface: pygame.Surface, frame: DuelFrame) -> None:
    """The coach's lines for the acting person (only the coached person acting)."""
    box, acting = coach_rect(frame), frame.acting
    if box is None or acting is None:  # (a box only for somebody acting)
        return
    lines = frame.coach_text or ()
    name = frame.names[acting]
    room = box.w - 24
    step = font(READ).get_linesize() - 2
    laid = [fit_lines(line, room, READ, READ, False, 2)[1] for line in lines]  # each of its lines whole
    box = pygame.Rect(box.x, box.y, box.w, min(box.h, 38 + step * sum(len(each) for each in laid)))
    draw_panel(surface, box, (10, 40, 60, 235), (*Palette.GOLD, 140), 12, 1)
    label = draw_text(
        surface, t("duel.coach.label"), (box.x + 12, box.y + 16), READ, Palette.GOLD_LIGHT, True, "midleft"
    )
    whose = (label.right + 8, box.y + 16)
    draw_fitted(
        surface, "· " + name, whose, box.right - 12 - whose[0], READ, Palette.GOLD_LIGHT, anchor="midleft"
    )
    y = box.y + 30
    for parts in laid:
        for part in parts:
            if y + step > box.bottom - 4:
                return
            draw_text(surface, part, (box.x + 12, y), READ, Palette.CREAM)
            y += step
