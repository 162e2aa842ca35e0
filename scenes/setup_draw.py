"""Drawing the set-up screen (kept apart from its logic, which is in scenes/setup.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from scenes.anim import pulse
from scenes.setup_model import MAX_SEATS
from scenes.setup_options import RULES_PANEL
from scenes.setup_seats import SEAT_PANEL, draw_seat
from scenes.text import draw_text, t
from scenes.theme import Palette, draw_backdrop, title_image
from scenes.widgets import draw_hints, draw_panel

if TYPE_CHECKING:
    from scenes.setup import SetupScene

STATUS_Y = 590


def draw_setup(scene: SetupScene, surface: pygame.Surface) -> None:
    """The whole screen, from the scene's state; changes nothing."""
    time = scene.app.time
    draw_backdrop(surface)
    title = title_image(t(f"menu.{scene.game}"), 48)
    surface.blit(title, title.get_rect(center=(640, 42)))
    _seat_panel(scene, surface, time)
    _rules_panel(scene, surface, time)
    _status(scene, surface, time)
    for name, button in (("back", scene.back_button), ("start", scene.start_button)):
        button.draw(surface, scene.focus == name, time)
    draw_hints(surface, _hints(scene), 702)


def _seat_panel(scene: SetupScene, surface: pygame.Surface, time: float) -> None:
    draft = scene.draft
    draw_panel(surface, SEAT_PANEL)
    x, y = SEAT_PANEL.x + 24, SEAT_PANEL.y + 14
    head = draw_text(surface, t("setup.players"), (x, y), 24, Palette.GOLD_LIGHT, True)
    full = len(draft.seats) >= MAX_SEATS
    count = t("setup.count_full" if full else "setup.count", n=len(draft.seats))
    draw_text(surface, count, (head.right + 12, y + 5), 18, Palette.CREAM_DIM)
    facts = draft.deck_facts()
    key = f"setup.deck.{draft.game}" + ("_two" if facts["decks"] == 2 else "")
    low, high = facts["low"], facts["high"]
    each = str(low) if low == high else f"{low}–{high}"
    line = t(key, cards=facts["cards"], each=each)
    if facts["aside"]:
        line += t("setup.deck.aside", n=facts["aside"])
    color = Palette.GOLD_LIGHT if facts["decks"] == 2 else Palette.CREAM
    draw_text(surface, line, (x, y + 34), 17, color, facts["decks"] == 2)
    for index, seat in enumerate(draft.seats):
        draw_seat(surface, index, len(draft.seats), seat, scene.seat_look(index), time)
    if not full:
        scene.add_person.draw(surface, scene.focus == "add:person", time)
        scene.add_computer.draw(surface, scene.focus == "add:computer", time)
    tip = _tip(scene.focus)
    if tip and len(draft.seats) <= 6:
        draw_text(surface, tip, (SEAT_PANEL.centerx, SEAT_PANEL.bottom - 24), 16, Palette.CREAM_DIM,
                  anchor="center")  # fmt: skip


def _tip(focus: str) -> str | None:
    """What Enter does on the focused cell of the seat panel."""
    if focus.startswith("seat:"):
        return t(f"setup.tip.{focus.rsplit(':', 1)[1]}")
    if focus.startswith("add:"):
        return t(f"setup.tip.add_{focus[4:]}")
    return None


def _rules_panel(scene: SetupScene, surface: pygame.Surface, time: float) -> None:
    draw_panel(surface, RULES_PANEL)
    x, y = RULES_PANEL.x + 24, RULES_PANEL.y + 14
    draw_text(surface, t("setup.rules"), (x, y), 24, Palette.GOLD_LIGHT, True)
    draw_text(surface, t("setup.rules_note"), (x, y + 34), 17, Palette.CREAM_DIM)
    focused = scene.focus[4:] if scene.focus.startswith("opt:") else None
    scene.options.draw(surface, focused, time)
    if scene.game == "kamu":
        draw_text(surface, t("setup.kamu_lead"), (RULES_PANEL.centerx, RULES_PANEL.bottom - 22),
                  15, Palette.CREAM_DIM, anchor="center")  # fmt: skip


def _status(scene: SetupScene, surface: pygame.Surface, time: float) -> None:
    """The line under the panels: what to press now, and the privacy note."""
    draft = scene.draft
    lines: list[tuple[str, tuple]] = []
    if scene.capture is not None:
        index, role = scene.capture
        glow = Palette.GOLD_LIGHT if pulse(time, 1.0) > 0.3 else Palette.CREAM
        lines.append((t(f"setup.prompt.{role}", name=draft.display_name(index)), glow))
    elif scene.editing is not None:
        lines.append((t("setup.prompt.typing"), Palette.CREAM))
    else:
        lines.append((t("setup.prompt.join"), Palette.GOLD_LIGHT))
    if draft.people >= 2:
        lines.append((t("setup.privacy", n=draft.people), Palette.CREAM))
    for row, (text, color) in enumerate(lines[:2]):
        draw_text(surface, text, (640, STATUS_Y + row * 22), 17, color, row == 0, "midtop")


def _hints(scene: SetupScene) -> list[tuple[str, str]]:
    if scene.editing is not None:
        return [("Enter", t("setup.hint.done")), ("⌫", t("setup.hint.erase"))]
    if scene.capture is not None:
        return [("Esc", t("setup.hint.cancel"))]
    return [("↑↓←→", t("hint.choose")), ("Enter", t("setup.hint.change")),
            ("Tab", t("setup.hint.jump")), ("Esc", t("setup.hint.menu"))]  # fmt: skip
