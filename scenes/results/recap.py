"""The truth recap: every call of the game with the cards really played, and what became of it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes import art
from scenes.table.words import call_words
from scenes.ui.lang import t, you_text
from scenes.ui.palette import Palette
from scenes.ui.text import draw_text, ellipsize, font

ROW_H = 52
CARD_W = 30
AMBER = (236, 170, 60)
FAKO = (186, 150, 220)
# verdict -> (tag colour, tag text key)
VERDICTS = {
    "caught": (Palette.RED, "results.verdict.caught"),
    "got_away": (AMBER, "results.verdict.got_away"),
    "wrong_doubt": (Palette.TRUE, "results.verdict.wrong_doubt"),
    "true": (None, "results.verdict.true"),
    "fako_exposed": (FAKO, "results.verdict.fako_exposed"),
    "fako_bait": (FAKO, "results.verdict.fako_bait"),
}


@dataclass(frozen=True, slots=True)
class RecapRow:
    """One call as the recap shows it."""

    number: int
    seat: int
    words: str  # "three kings"
    cards: tuple
    verdict: str  # a key of VERDICTS
    challenger: int | None


def verdict_of(call) -> str:
    """What became of a call: caught, got away, a wrong doubt, true, or the Fakó's fate."""
    fako = len(call.cards) == 1 and call.cards[0].is_fako
    if fako and call.fako_exposed:
        return "fako_exposed"
    if fako and call.challenged_by is not None:
        return "fako_bait"  # "the challenger picks up the pile": the bait was taken
    if call.lie:
        return "caught" if call.challenged_by is not None else "got_away"
    return "wrong_doubt" if call.challenged_by is not None else "true"


def recap_rows(record) -> list[RecapRow]:
    """Every call of the record's truth, in order."""
    rules = record.setup.rules
    return [RecapRow(number, call.seat, call_words(rules, len(call.cards), call.rank),
                     tuple(call.cards), verdict_of(call), call.challenged_by)
            for number, call in enumerate(record.truth, start=1)]  # fmt: skip


def recap_summary(rows: list[RecapRow]) -> str:
    """"38 calls · 14 lies: 5 caught, 9 got away"."""
    lies = [r for r in rows if r.verdict in ("caught", "got_away", "fako_exposed", "fako_bait")]
    caught = sum(r.verdict == "caught" for r in rows)
    away = sum(r.verdict == "got_away" for r in rows)
    return t("results.recap.summary", calls=len(rows), lies=len(lies), caught=caught, away=away)


class RecapList:
    """A scrolling list of recap rows inside a rectangle."""

    def __init__(self, rect: pygame.Rect, rows: list[RecapRow], names: list[str],
                 you: int | None = None) -> None:  # fmt: skip
        """rect is the visible area; names are the seats' names; you: the only person, if any."""
        self.rect = rect
        self.rows = rows
        self.names = names
        self.you = you
        self.offset = 0.0  # pixels scrolled, eased towards target
        self.target = 0.0

    @property
    def visible_rows(self) -> int:
        """How many rows fit."""
        return max(1, self.rect.h // ROW_H)

    @property
    def max_offset(self) -> float:
        """How far the list can scroll."""
        return max(0.0, len(self.rows) * ROW_H - self.rect.h)

    def scroll(self, rows: float) -> None:
        """Scroll by a number of rows (negative: up)."""
        self.target = min(max(self.target + rows * ROW_H, 0.0), self.max_offset)

    def scroll_to(self, end: bool) -> None:
        """Jump to the first (False) or last (True) call."""
        self.target = self.max_offset if end else 0.0

    def update(self, dt: float) -> None:
        """Ease the scroll position towards its target."""
        self.offset += (self.target - self.offset) * min(1.0, dt * 14)
        if abs(self.target - self.offset) < 0.5:
            self.offset = self.target

    def shown(self) -> list[int]:
        """Indices of the rows at least partly inside the area now."""
        first = int(self.offset // ROW_H)
        last = int((self.offset + self.rect.h - 1) // ROW_H)
        return [i for i in range(first, last + 1) if 0 <= i < len(self.rows)]

    def draw(self, surface: pygame.Surface) -> None:
        """The visible rows, clipped to the area, and a scroll bar when it is long."""
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for index in self.shown():
            y = self.rect.y + index * ROW_H - round(self.offset)
            box = pygame.Rect(self.rect.x, y, self.rect.w - 14, ROW_H)
            self._row(surface, self.rows[index], box)
        surface.set_clip(clip)
        if self.max_offset > 0:
            track = pygame.Rect(self.rect.right - 6, self.rect.y, 5, self.rect.h)
            pygame.draw.rect(surface, (40, 70, 52), track, border_radius=3)
            size = max(30, round(track.h * self.rect.h / (len(self.rows) * ROW_H)))
            top = track.y + round((track.h - size) * self.offset / self.max_offset)
            pygame.draw.rect(surface, Palette.GOLD, (track.x, top, track.w, size), border_radius=3)

    def _row(self, surface: pygame.Surface, row: RecapRow, box: pygame.Rect) -> None:
        if row.number % 2 == 0:
            band = pygame.Surface((box.w, box.h - 4), pygame.SRCALPHA)
            band.fill((255, 255, 255, 12))
            surface.blit(band, (box.x, box.y + 2))
        mid = box.centery
        draw_text(surface, str(row.number), (box.x + 30, mid), 15, Palette.CREAM_DIM,
                  anchor="midright")  # fmt: skip
        badge = art.seat_badge(row.seat, self.names[row.seat][:1], 26, False)
        surface.blit(badge, badge.get_rect(center=(box.x + 52, mid)))
        draw_text(surface, ellipsize(self.names[row.seat], 170, 16, True), (box.x + 72, mid - 10), 16,
                  Palette.CREAM, True, "midleft")  # fmt: skip
        draw_text(surface, row.words, (box.x + 72, mid + 11), 15, Palette.GOLD_LIGHT, False,
                  "midleft")  # fmt: skip
        x = box.x + 250
        for card in row.cards:
            face = art.card_face(card, CARD_W)
            surface.blit(face, face.get_rect(midleft=(x, mid)))
            x += CARD_W + 4
        colour, key = VERDICTS[row.verdict]
        name = self.names[row.challenger] if row.challenger is not None else ""
        text = you_text(key, row.challenger is not None and row.challenger == self.you, name=name)
        right = box.right - 6
        if colour is None:
            draw_text(surface, text, (right - 10, mid), 15, Palette.CREAM_DIM, anchor="midright")
            return
        pill = pygame.Rect(0, 0, font(15, True).size(text)[0] + 20, 26)
        pill.midright = (right, mid)
        pygame.draw.rect(surface, colour, pill, border_radius=13)
        draw_text(surface, text, pill.center, 15, Palette.INK, True, "center", None)
