"""The truth recap: every call of the game with the cards really played, and what became of it."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from bluffhouse.game.cards import counts_as
from bluffhouse.scenes import art
from bluffhouse.scenes.table.words import call_words, rank_symbol
from bluffhouse.scenes.ui import lang
from bluffhouse.scenes.ui.lang import t, you_text
from bluffhouse.scenes.ui.names import badge_letters
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import READ, draw_text, fit_line, text_width

# Two lines a call, read from a couch: who and what they said with the verdict, then the cards
# really played as big index chips (rank and suit), each card that made it a lie edged in red.
ROW_H = 68
THIRD_H = 30  # a row's third line, for a verdict that fits on neither of the other two
CHIP_H, CHIP_GAP, CHIP_TEXT, SUIT_H = 30, 8, 19, 18
VERDICT_MIN = WORDS_MIN = READ  # the smallest a verdict and a call's words are drawn (issue 18)
NAME_GAP = 14  # from a name to the call's words: 10, and the name's shadow
NAME_LEAST, NAME_MOST = 100, 150  # a name's room: it gives way (cut) before the verdict does
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
    rank: str = ""  # the rank called
    labels: tuple[str, ...] = ()  # each card's index as printed: "K", "VII", "Alsó", "Színes"


def verdict_of(call) -> str:
    """What became of a call: caught, got away, a wrong doubt, true, or the Fakó's fate."""
    if call.fako_exposed:
        return "fako_exposed"
    if call.bait:
        return "fako_bait"  # "the challenger picks up the pile": the bait was taken
    if call.lie:
        return "caught" if call.challenged_by is not None else "got_away"
    return "wrong_doubt" if call.challenged_by is not None else "true"


def recap_rows(record) -> list[RecapRow]:
    """Every call of the record's truth, in order."""
    rules = record.setup.rules
    return [
        RecapRow(
            number,
            call.seat,
            call_words(rules, len(call.cards), call.rank),
            tuple(call.cards),
            verdict_of(call),
            call.challenged_by,
            call.rank,
            tuple(card_label(rules, card) for card in call.cards),
        )
        for number, call in enumerate(record.truth, start=1)
    ]


def card_label(rules, card) -> str:
    """A card's index in words big enough to read: "K", "VII", "Alsó", or a joker's name."""
    if card.is_joker:
        return t("results.card.szines") if card.is_szines else t("results.card.fako")
    return rank_symbol(rules, card.rank)


def chip_rects(row: RecapRow, left: int, mid: int) -> list[pygame.Rect]:
    """Where each card's chip sits on the row's second line."""
    rects, x = [], left
    for label, card in zip(row.labels, row.cards, strict=True):
        width = text_width(label, CHIP_TEXT, True) + 20 + (0 if card.is_joker else SUIT_H + 4)
        rect = pygame.Rect(x, 0, max(44, width), CHIP_H)
        rect.centery = mid
        rects.append(rect)
        x = rect.right + CHIP_GAP
    return rects


def recap_summary(rows: list[RecapRow]) -> str:
    """ "38 calls · 14 lies: 5 caught, 9 got away"."""
    lies = [r for r in rows if r.verdict in ("caught", "got_away", "fako_exposed", "fako_bait")]
    caught = sum(r.verdict == "caught" for r in rows)
    away = sum(r.verdict == "got_away" for r in rows)
    return t("results.recap.summary", calls=len(rows), lies=len(lies), caught=caught, away=away)


class RecapList:
    """A scrolling list of recap rows inside a rectangle."""

    def __init__(
        self, rect: pygame.Rect, rows: list[RecapRow], names: list[str], you: int | None = None
    ) -> None:
        """rect is the visible area; names are the seats' names; you: the only person, if any."""
        self.rect = rect
        self.rows = rows
        self.names = names
        self.you = you
        self.offset = 0.0  # pixels scrolled, eased towards target
        self.target = 0.0
        self._tops: tuple | None = None  # (what they were worked out for, each row's top)

    @property
    def visible_rows(self) -> int:
        """How many rows fit."""
        return max(1, self.rect.h // ROW_H)

    def tops(self) -> list[int]:
        """Where each row starts in the list, and (last) where the list ends: a row is ROW_H
        tall, or taller where its verdict needs a line of its own (a long language)."""
        key = (lang.version, self.rect.w, len(self.rows))
        if self._tops is None or self._tops[0] != key:
            tops, y = [], 0
            for row in self.rows:
                tops.append(y)
                y += ROW_H + (THIRD_H if self._layout(row, self.rect.w - 14)[1] == "third" else 0)
            self._tops = (key, [*tops, y])
        return self._tops[1]

    @property
    def max_offset(self) -> float:
        """How far the list can scroll."""
        return max(0.0, self.tops()[-1] - self.rect.h)

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
        tops = self.tops()
        top, bottom = self.offset, self.offset + self.rect.h
        return [i for i in range(len(self.rows)) if tops[i + 1] > top and tops[i] < bottom]

    def draw(self, surface: pygame.Surface) -> None:
        """The visible rows, clipped to the area, and a scroll bar when it is long."""
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        tops = self.tops()
        for index in self.shown():
            y = self.rect.y + tops[index] - round(self.offset)
            box = pygame.Rect(self.rect.x, y, self.rect.w - 14, tops[index + 1] - tops[index])
            self._row(surface, self.rows[index], box)
        surface.set_clip(clip)
        if self.max_offset > 0:
            track = pygame.Rect(self.rect.right - 6, self.rect.y, 5, self.rect.h)
            pygame.draw.rect(surface, (40, 70, 52), track, border_radius=3)
            size = max(30, round(track.h * self.rect.h / tops[-1]))
            top = track.y + round((track.h - size) * self.offset / self.max_offset)
            pygame.draw.rect(surface, Palette.GOLD, (track.x, top, track.w, size), border_radius=3)

    def _layout(self, row: RecapRow, width: int) -> tuple[str, str, bool]:
        """Where a row's verdict goes: (its words, "top" | "low" | "third", the caller's name shown).

        At the right of the first line when the call's words leave it room, else beside the
        chips on the second, at a size a couch can read; a long challenger's name in it gives
        way to their first name, then their initial, before anything shrinks. The caller's name
        gives way first (cut), then leaves the line to its badge; where nothing fits, the
        verdict takes a third line of its own."""
        x, top_end = 72, width - 6
        whole = self.names[row.seat]
        smallest = min(NAME_LEAST, text_width(whole, READ, True))
        words_w = text_width(row.words, WORDS_MIN) + 12
        chips = chip_rects(row, x, 0)
        low_free = top_end - ((chips[-1].right if chips else x) + 12)
        texts = self.verdict_texts(row)
        for name_room in (smallest + NAME_GAP, 0):  # with the caller's name, else with the badge alone
            top_free = top_end - x - name_room - words_w
            for each in texts:
                need = self._pill_w(row, each, VERDICT_MIN)
                if need <= top_free:
                    return each, "top", name_room > 0
                if need <= low_free:
                    return each, "low", name_room > 0
        return texts[0], "third", True

    def _row(self, surface: pygame.Surface, row: RecapRow, box: pygame.Rect) -> None:
        if row.number % 2 == 0:
            band = pygame.Surface((box.w, box.h - 4), pygame.SRCALPHA)
            band.fill((255, 255, 255, 12))
            surface.blit(band, (box.x, box.y + 2))
        top, low = box.y + 19, box.y + 48  # the lines' middles
        draw_text(surface, str(row.number), (box.x + 30, top), READ, Palette.CREAM_DIM, anchor="midright")
        badge = art.seat_badge(row.seat, badge_letters(self.names[row.seat]), 26, False)
        surface.blit(badge, badge.get_rect(center=(box.x + 52, top)))
        x = box.x + 72
        chips = chip_rects(row, x, low)
        text, line, named = self._layout(row, box.w)
        top_end = box.right - 6
        middle = {"top": top, "low": low, "third": low + THIRD_H}[line]
        room = top_end - (x if line == "third" else (chips[-1].right + 12 if line == "low" and chips else x))
        start = self._verdict(surface, row, text, top_end, middle, room)
        line_end = (start if line == "top" else top_end) - 12
        # the call's words keep a readable size; the name (its badge beside it) gives way first
        words_x = x
        if named:
            whole = self.names[row.seat]
            smallest = min(NAME_LEAST, text_width(whole, READ, True))
            room = max(smallest, min(NAME_MOST, line_end - x - NAME_GAP - text_width(row.words, WORDS_MIN)))
            size, name = fit_line(whole, room, READ, READ, True)
            words_x = draw_text(surface, name, (x, top), size, Palette.CREAM, True, "midleft").right + 10
        size, words = fit_line(row.words, line_end - words_x, READ, WORDS_MIN)
        draw_text(surface, words, (words_x, top), size, Palette.GOLD_LIGHT, False, "midleft")
        for card, label, rect in zip(row.cards, row.labels, chips, strict=True):
            lie = not counts_as(card, row.rank) if row.rank else False
            pygame.draw.rect(surface, Palette.CARD, rect, border_radius=6)
            edge = Palette.RED if lie else Palette.PAPER_EDGE
            pygame.draw.rect(surface, edge, rect, 3 if lie else 1, border_radius=6)
            ink = art.suit_colour(card.suit) if not card.is_joker else Palette.INK
            at = (rect.x + 10, rect.centery)
            drawn = draw_text(surface, label, at, CHIP_TEXT, ink, True, "midleft", None)
            if not card.is_joker:
                icon = art.suit_icon(card.suit, SUIT_H)
                surface.blit(icon, icon.get_rect(midleft=(drawn.right + 4, rect.centery)))

    def verdict_texts(self, row: RecapRow) -> list[str]:
        """What a row's verdict may say, the first that fits drawn: the challenger's name whole,
        then their first name, then their initial."""
        if row.challenger is None:
            return [self._verdict_text(row)]
        whole = self.names[row.challenger]
        forms = [whole, whole.split()[0] if whole.split() else whole, whole[:1] + "."]
        texts = [self._verdict_text(row, form) for form in forms]
        return [text for index, text in enumerate(texts) if text not in texts[:index]]

    def _verdict_text(self, row: RecapRow, name: str | None = None) -> str:
        key = VERDICTS[row.verdict][1]
        if name is None:
            name = self.names[row.challenger] if row.challenger is not None else ""
        return you_text(key, row.challenger is not None and row.challenger == self.you, name=name)

    @staticmethod
    def _pill_w(row: RecapRow, text: str, size: int) -> int:
        """The room a verdict takes at a size: a pill, or the plain words of a true call."""
        return text_width(text, size, True) + (20 if VERDICTS[row.verdict][0] is not None else 10)

    def _verdict(
        self, surface: pygame.Surface, row: RecapRow, text: str, right: int, mid: int, room: int
    ) -> int:
        """The verdict ending at `right` on the line through `mid`, within `room` pixels;
        returns where it starts."""
        colour = VERDICTS[row.verdict][0]
        pad = 20 if colour is not None else 10
        size, text = fit_line(text, room - pad, READ, VERDICT_MIN, True)
        if colour is None:
            return draw_text(surface, text, (right - 10, mid), size, Palette.CREAM_DIM, anchor="midright").x
        pill = pygame.Rect(0, 0, text_width(text, size, True) + 20, 28)
        pill.midright = (right, mid)
        pygame.draw.rect(surface, colour, pill, border_radius=14)
        draw_text(surface, text, pill.center, size, Palette.INK, True, "center", None)
        return pill.x
