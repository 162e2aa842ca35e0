"""The coach at the card table: the hard player's reasoning on one person's own view, with the
expert's read beside it (an expert reading that person's seat: it learns as the game goes).

Only for a person who asked for it in the set-up, only while their own hand is on screen
(so the line, which is drawn from their cards, never shows behind a curtain).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from bluffhouse.game.table_view import TableView
from bluffhouse.scenes.table.words import call_words, rank_word
from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.lang import percent, t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_text, fit_lines
from bluffhouse.scenes.ui.widgets import draw_panel

if TYPE_CHECKING:  # (the coach's reasoning is imported when a coached person sits down)
    from bluffhouse.game.bots.table_expert import ExpertTableBot
    from bluffhouse.game.coach import Advice, CallNumbers

COACH_RECT = pygame.Rect(16, 470, 300, 60)  # above the person's seat, left of the hand: its foot
LINE = 21  # from one of its lines to the next (READ-sized words)
MOST_LINES = 6


def coach_text(view: TableView, names: list[str], expert: ExpertTableBot | None = None) -> str | None:
    """What the coach says about the open last call, in the player's language; None if nothing."""
    from bluffhouse.game.coach import coach_advice

    return coach_words(coach_advice(view, names, expert=expert), view, names)


def coach_words(advice: Advice[CallNumbers] | None, view: TableView, names: list[str]) -> str | None:
    """The coach's advice about `view` put into words in the language of the moment."""
    if advice is None:
        return None
    n = advice.numbers
    caller = names[n["caller"]]
    called = call_words(view.rules, n["count"], n["rank"])
    share = percent(100 * advice.probability)
    if advice.kind == "impossible":
        text = t(
            "table.coach.impossible",
            caller=caller,
            called=called,
            known=n["accounted"],
            total=n["total"],
            rank=rank_word(view.rules, n["rank"], 2),
        )
    elif advice.kind == "fako_bait":
        text = t("table.coach.fako", caller=caller, percent=share)
    else:
        text = t("table.coach.lie", caller=caller, percent=share)
    if n["emptied"]:
        text = t("table.coach.last_cards", caller=caller) + "\n" + text  # two sentences, a line each
    if "expert" in n and advice.kind != "impossible":
        text += "\n" + t("table.coach.expert", percent=percent(100 * n["expert"]))
    return text


class Coach:
    """What the coach says now; worked out again only when the coached person's view (or the
    language) changes."""

    def __init__(self) -> None:
        self._view: TableView | None = None
        self._names: list[str] = []
        # worked out once per view: the expert learns as it reads
        self._advice: Advice[CallNumbers] | None = None
        self._said: tuple[int, str | None] | None = None  # (language version, text)
        self._experts: dict[int, ExpertTableBot] = {}  # seat -> the expert reading that coached person's seat

    def update(self, view: TableView | None, names: list[str]) -> None:
        """Speak about the open call to the coached person whose own view this is; None: quiet."""
        if view is None:
            self._view, self._advice, self._said = None, None, None
        elif view != self._view:
            # The coach's reasoning (the expert's, the dice's too) is imported for a table that has
            # a coached person (the warm-up imports it after the screens): a Quick game enters
            # without it (~7 ms less to a table opened before the warm-up got that far)
            from bluffhouse.game.coach import coach_advice, expert_reader

            expert = self._experts.setdefault(view.seat, expert_reader(view.seat))
            self._view, self._names, self._said = view, names, None
            self._advice = coach_advice(view, names, expert=expert)

    @property
    def text(self) -> str | None:
        """The coach's line in the current language, or None."""
        if self._view is None:
            return None
        if self._said is None or self._said[0] != lang.version:
            self._said = (lang.version, coach_words(self._advice, self._view, self._names))
        return self._said[1]


def draw_coach(surface: pygame.Surface, text: str) -> None:
    """A panel in the person's corner, growing upwards with what the coach says."""
    room = COACH_RECT.width - 24
    lines = [
        line
        for part in text.split("\n")  # each sentence on lines of its own
        for line in fit_lines(part, room, READ, READ, False, MOST_LINES)[1]
    ][:MOST_LINES]
    rect = COACH_RECT.copy()
    rect.height = 36 + LINE * len(lines)
    rect.bottom = COACH_RECT.bottom
    draw_panel(surface, rect, (10, 40, 60, 225), (*Palette.GOLD, 120), 12, 1)
    draw_text(surface, t("table.coach.label"), (rect.x + 12, rect.y + 6), READ, Palette.GOLD_LIGHT, True)
    for i, line in enumerate(lines):
        draw_text(surface, line, (rect.x + 12, rect.y + 30 + LINE * i), READ, Palette.CREAM)
