"""Drawing the set-up screen from a SetupFrame (its logic is in scenes/setup.py).

frame_of(scene) copies what the screen shows once per update; the painter draws only the
frame. The screen's widgets (its buttons and the rule options) are passed as the objects
that draw themselves; the seats are copied.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from bluffhouse.scenes.setup.deal import proposes_short
from bluffhouse.scenes.setup.length import about_minutes
from bluffhouse.scenes.setup.model import MAX_SEATS, SeatDraft
from bluffhouse.scenes.setup.options import RULES_PANEL, OptionSteppers
from bluffhouse.scenes.setup.seats import SEAT_PANEL, SeatLook, add_row_y, draw_seat
from bluffhouse.scenes.ui.anim import pulse
from bluffhouse.scenes.ui.keycaps import draw_hints
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.lines import Color
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import (
    READ,
    draw_fitted,
    draw_text,
    fit_lines,
    fits,
    fits_lines,
    font,
    text_width,
)
from bluffhouse.scenes.ui.theme import draw_backdrop, title_image
from bluffhouse.scenes.ui.widgets import Button, draw_panel

STATUS_Y = 556


@dataclass(frozen=True, slots=True)
class SetupFrame:
    """Everything the set-up's painter draws in one frame."""

    time: float
    game: str
    focus: str
    count: str
    length: str  # "about 9 min" for this table
    seats: tuple[tuple[SeatDraft, SeatLook], ...]
    full: bool
    add_person: Button
    add_computer: Button
    options: OptionSteppers  # drawn with the focused option
    status: tuple[tuple[str, Color], ...]  # (line, its colour)
    back_button: Button
    start_button: Button
    hints: tuple[tuple[str, str], ...]


def frame_of(scene) -> SetupFrame:
    """The frame of a SetupScene now (read only)."""
    draft, time = scene.draft, scene.app.time
    full = len(draft.seats) >= MAX_SEATS
    count = t("setup.count_full" if full else "setup.count", n=len(draft.seats))
    seats = tuple((replace(seat), scene.seat_look(index)) for index, seat in enumerate(draft.seats))
    return SetupFrame(
        time,
        scene.game,
        scene.focus,
        count,
        length_words(draft, scene.app.pace),
        seats,
        full,
        scene.add_person,
        scene.add_computer,
        scene.options,
        status_of(scene, time),
        scene.back_button,
        scene.start_button,
        tuple(_hints(scene)),
    )


def length_words(draft, pace: float) -> str:
    """ "about 9 min" for the table being set up (at the Options' pace); "short game for 3
    people: about 3 min" while the set-up proposes the short game."""
    rules = draft.rules()
    minutes = about_minutes(rules, draft.people, pace)
    words = (
        t("setup.length.match", minutes=minutes, rounds=rules.rounds)
        if rules.rounds > 1
        else t("setup.length.game", minutes=minutes)
    )
    if draft.chosen_hand is None and rules.hand_size and proposes_short(draft.game, draft.people):
        return t("setup.length.short", people=draft.people, length=words)
    return words


def draw_setup(frame: SetupFrame, surface: pygame.Surface) -> None:
    """The whole screen, from the frame; changes nothing."""
    time = frame.time
    draw_backdrop(surface)
    title = title_image(t(f"menu.{frame.game}"), 48)
    surface.blit(title, title.get_rect(center=(640, 42)))
    _seat_panel(frame, surface, time)
    _rules_panel(frame, surface, time)
    _status_lines(surface, frame.status[:2])
    for name, button in (("back", frame.back_button), ("start", frame.start_button)):
        button.draw(surface, frame.focus == name, time)
    draw_hints(surface, list(frame.hints), 702)


STATUS_LINES = 4  # from STATUS_Y down to the buttons


def _status_lines(surface: pygame.Surface, status: tuple[tuple[str, Color], ...]) -> None:
    """What to press now (bold) and the privacy note, read from a sofa: each wrapped at spaces,
    three lines in all (the note takes what the prompt leaves)."""
    step = font(READ).get_linesize() - 2
    y, left = STATUS_Y, STATUS_LINES
    for row, (text, color) in enumerate(status):
        if left <= 0:
            break
        _, lines = fit_lines(text, 1230, READ, READ, row == 0, left)
        for line in lines:
            draw_text(surface, line, (640, y), READ, color, row == 0, "midtop")
            y += step
        left -= len(lines)


def _seat_panel(frame: SetupFrame, surface: pygame.Surface, time: float) -> None:
    draw_panel(surface, SEAT_PANEL)
    x, y = SEAT_PANEL.x + 24, SEAT_PANEL.y + 14
    head = draw_text(surface, t("setup.players"), (x, y), 24, Palette.GOLD_LIGHT, True)
    right = SEAT_PANEL.right - 24  # the length first: the count gives way to it
    room = right - head.right - 12
    count_room = min(text_width(frame.count, READ), room // 3)
    gold = Palette.GOLD_LIGHT
    length = draw_fitted(
        surface,
        frame.length,
        (right, y + 14),
        room - count_room - 16,
        READ,
        gold,
        True,
        anchor="midright",
        max_lines=2,
        height=40,
        gap=-4,
    )
    count_room = length.left - head.right - 28
    if fits(frame.count, count_room, READ):  # "5 at the table": the rows show it too, it gives way
        draw_text(surface, frame.count, (head.right + 12, y + 5), READ, Palette.CREAM_DIM)
    frame.options.deal.draw(surface, frame.focus == "opt:hand_size", time)
    for index, (seat, look) in enumerate(frame.seats):
        draw_seat(surface, index, len(frame.seats), seat, look, time)
    if not frame.full:
        frame.add_person.draw(surface, frame.focus == "add:person", time)
        frame.add_computer.draw(surface, frame.focus == "add:computer", time)
    tip = _tip(frame.focus)
    below = add_row_y(len(frame.seats)) + (44 if not frame.full else 0) + 4
    room = SEAT_PANEL.bottom - 8 - below
    lines = min(3, room // (font(READ).get_linesize() - 2))
    if tip and lines and fits_lines(tip, SEAT_PANEL.w - 32, READ, False, lines):  # what Enter does here,
        # where the seats leave room for it
        draw_fitted(
            surface,
            tip,
            (SEAT_PANEL.centerx, SEAT_PANEL.bottom - 8 - room // 2),
            SEAT_PANEL.w - 32,
            READ,
            Palette.CREAM_DIM,
            anchor="center",
            max_lines=lines,
            height=room,
        )


def _tip(focus: str) -> str | None:
    """What Enter does on the focused cell of the seat panel."""
    if focus.startswith("seat:"):
        return t(f"setup.tip.{focus.rsplit(':', 1)[1]}")
    if focus.startswith("add:"):
        return t(f"setup.tip.add_{focus[4:]}")
    if focus == "opt:hand_size":
        return t("setup.tip.deal")
    return None


def _rules_panel(frame: SetupFrame, surface: pygame.Surface, time: float) -> None:
    draw_panel(surface, RULES_PANEL)
    x, y = RULES_PANEL.x + 24, RULES_PANEL.y + 14
    room = RULES_PANEL.w - 48
    draw_fitted(surface, t("setup.rules"), (x, y), room, 24, Palette.GOLD_LIGHT, True)
    draw_fitted(
        surface, t("setup.rules_note"), (x, y + 34), room, READ, Palette.CREAM_DIM, max_lines=2, gap=-3
    )
    focused = frame.focus[4:] if frame.focus.startswith("opt:") else None
    frame.options.draw(surface, focused, time, t("setup.kamu_lead") if frame.game == "kamu" else None)


def status_of(scene, time: float) -> tuple[tuple[str, Color], ...]:
    """The line under the panels: what to press now, and the privacy note."""
    draft = scene.draft
    lines: list[tuple[str, Color]] = []
    if scene.capture is not None:
        index, role = scene.capture
        glow = Palette.GOLD_LIGHT if pulse(time, 1.0) > 0.3 else Palette.CREAM
        lines.append((t(f"setup.prompt.{role}", name=draft.display_name(index)), glow))
    elif scene.editing is not None:
        lines.append((t("setup.prompt.typing"), Palette.CREAM))
    else:
        lines.append((t("setup.prompt.join"), Palette.GOLD_LIGHT))
    if scene.capture is not None:
        return tuple(lines)  # while a key is awaited the prompt has the room: the note comes back after
    if draft.people >= 2 and draft.on_phones == draft.people:
        lines.append((t("setup.privacy.all_phones"), Palette.CREAM))
    elif draft.people >= 2 and draft.on_phones:
        lines.append((t("setup.privacy.phones"), Palette.CREAM))
    elif draft.people >= 2:
        lines.append((t("setup.privacy", n=draft.people), Palette.CREAM))
    return tuple(lines)


def _hints(scene) -> list[tuple[str, str]]:
    if scene.editing is not None:
        return [("Enter", t("setup.hint.done")), ("⌫", t("setup.hint.erase"))]
    if scene.capture is not None:
        return [("Esc", t("setup.hint.cancel"))]
    return [
        ("↑↓←→", t("hint.choose")),
        ("Enter", t("setup.hint.change")),
        ("Tab", t("setup.hint.jump")),
        ("Esc", t("setup.hint.menu")),
    ]
