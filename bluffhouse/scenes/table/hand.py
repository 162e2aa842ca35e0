"""The fanned hand at the bottom of the table, card selection, and the one gate for card faces.

Privacy on a shared screen: a frame holds a hand's cards only as seen(cards, seat, views)
lets it — the fan (FanLook) and the peek strips alike. seen() asks the table's PrivateViews
(which records each face for the privacy audit) when the frame is built, and leaves None
wherever the model does not allow the face; hand_faces() paints a back for each None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from bluffhouse.game.cards import Card
from bluffhouse.game.errors import Reason
from bluffhouse.game.quick import quick_init
from bluffhouse.game.table_view import MOST_CARDS, play_refusal
from bluffhouse.scenes import art
from bluffhouse.scenes.play.frame import seen_faces
from bluffhouse.scenes.shell.privacy import PrivateViews
from bluffhouse.scenes.table.layout import HAND_CARD_WIDTH, HAND_RECT
from bluffhouse.scenes.ui.palette import Palette

LIFT = 30  # pixels a selected card rises
TURNED: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}  # (id, degrees) -> (image, turned)
OUTLINES: dict[tuple[int, int], pygame.Surface] = {}  # (width, height) -> the cursor frame


def seen(cards: Sequence[Card], seat: int, views: PrivateViews) -> tuple[Card | None, ...]:
    """`seat`'s cards as the people watching may see them now: each a Card, or None (a back).

    The privacy decision of a frame: every face it lets through is recorded by the audit.
    """
    faces = seen_faces(views, seat, cards, [str(card) for card in cards])
    return faces if faces is not None else (None,) * len(cards)


def hand_faces(faces: Sequence[Card | None], seat: int, width: int, style: str) -> list[pygame.Surface]:
    """The pictures of `seat`'s cards as a frame holds them (seen()): a back for each None."""
    return [art.card_face(card, width) if card is not None else art.card_back(width, style) for card in faces]


@quick_init
@dataclass(frozen=True, slots=True)
class FanLook:
    """The fan as a frame holds it: where each card lies, and each face only if it may be seen."""

    owner: int
    width: int
    height: int
    faces: tuple[Card | None, ...]  # None where the screen shows a back
    spots: tuple[tuple[float, float, float], ...]  # (x, y, degrees) of each card
    lifts: tuple[float, ...]
    selected: frozenset[int]
    focus: int
    keyboard: bool
    hover: int | None


def draw_fan(surface: pygame.Surface, fan: FanLook, style: str, glow_colour=Palette.GILT) -> None:
    """The fan, the picked cards lifted with a gold glow, the focus with a cream one."""
    faces = hand_faces(fan.faces, fan.owner, fan.width, style)
    shadow = art.card_shadow(fan.width)
    for index, ((x, y, angle), face) in enumerate(zip(fan.spots, faces, strict=True)):
        y -= fan.lifts[index]
        halo = None
        if index in fan.selected:
            halo = art.card_glow(fan.width, glow_colour)
        elif (fan.keyboard and index == fan.focus) or index == fan.hover:
            halo = art.card_glow(fan.width, (250, 246, 234))
        under = rotated(halo if halo is not None else shadow, angle)
        offset = (0, 0) if halo is not None else (3, 5)
        surface.blit(under, under.get_rect(center=(round(x + offset[0]), round(y + offset[1]))))
        card = rotated(face, angle)
        surface.blit(card, card.get_rect(center=(round(x), round(y))))
        if fan.keyboard and index == fan.focus:  # the cursor: a gold outline
            ring = rotated(_outline(fan.width, fan.height), angle)
            surface.blit(ring, ring.get_rect(center=(round(x), round(y))))


def rotated(image: pygame.Surface, angle: float) -> pygame.Surface:
    """image turned by a whole number of degrees, cached (faces and backs are cached too)."""
    degrees = round(angle)
    if degrees == 0:
        return image
    key = (id(image), degrees)
    entry = TURNED.get(key)
    # The entry keeps its image alive and is checked against it: the art cache is bounded, and
    # an image it let go of could leave its id to another card's face.
    if entry is None or entry[0] is not image:
        if len(TURNED) > 600:
            TURNED.clear()
        entry = TURNED[key] = (image, pygame.transform.rotozoom(image, degrees, 1.0))
    return entry[1]


def _outline(width: int, height: int) -> pygame.Surface:
    """A thick gold frame the size of a card (cached): the keyboard cursor."""
    key = (width, height)
    surface = OUTLINES.get(key)
    if surface is None:
        surface = OUTLINES[key] = pygame.Surface((width + 8, height + 8), pygame.SRCALPHA)
        pygame.draw.rect(surface, (*Palette.GILT, 255), surface.get_rect(), 4, border_radius=10)
        pygame.draw.rect(
            surface, (255, 236, 170, 255), surface.get_rect().inflate(-6, -6), 1, border_radius=8
        )
    return surface


class HandFan:
    """One person's cards fanned out: focus with ←/→ or the mouse, pick with Space or a click."""

    def __init__(self, width: int = HAND_CARD_WIDTH) -> None:
        """An empty fan; sync() gives it a hand."""
        self.width = width
        self.height = art.card_size(width)[1]
        self.owner: int | None = None
        self.cards: tuple[Card, ...] = ()
        self.selected: list[int] = []  # indices into cards, in the order they were picked
        self.focus = 0
        self.keyboard = False  # the focus marker shows after a key, not while the mouse roams
        self.hover: int | None = None  # the card under the mouse
        self.lifts: list[float] = []
        # (owner, cards, selected, focus) of a covered hand
        self._kept: tuple[int | None, tuple[Card, ...], list[int], int] = (None, (), [], 0)

    # ------------------------------------------------------------------ state

    def sync(self, owner: int | None, cards: Iterable[Card]) -> None:
        """Show `owner`'s cards (sorted); a new owner or a changed hand clears the selection.

        A hand covered for a moment (its owner put the curtain back, or a pause) gets its
        picked cards back when the same cards come back to the same owner.
        """
        cards = tuple(cards)
        if owner == self.owner and cards == self.cards:
            return
        kept = self._kept if self._kept[:2] == (owner, cards) else None
        if self.owner is not None and owner is None:
            self._kept = (self.owner, self.cards, list(self.selected), self.focus)
        if owner != self.owner:
            self.focus = 0  # the cursor starts on the first card: Space picks it
            self.keyboard = True
        self.owner, self.cards = owner, cards
        self.selected = []
        self.hover = None
        if kept is not None:
            self.selected, self.focus = kept[2], kept[3]
        self.focus = min(self.focus, max(0, len(cards) - 1))
        self.lifts = [0.0] * len(cards)

    @property
    def chosen(self) -> list[Card]:
        """The selected cards, in hand order."""
        return [self.cards[i] for i in sorted(self.selected)]

    def clear(self) -> None:
        """Unselect everything."""
        self.selected = []

    def toggle(self, index: int | None = None) -> str | None:
        """Pick or put back a card (the focused one by default); a message key when refused."""
        index = self.focus if index is None else index
        if not 0 <= index < len(self.cards):
            return None
        if index in self.selected:
            self.selected.remove(index)
            return None
        refusal = play_refusal([*self.chosen, self.cards[index]])  # the table's own rule
        if refusal is not None and refusal.reason is Reason.TOO_MANY_CARDS:
            return "table.msg.four"  # a fifth card is refused
        self.selected.append(index)
        return None

    def pick_count(self, count: int, truthful: Callable[[Card], bool]) -> None:
        """Pick exactly `count` cards (1-4) at once: every card for which truthful(card) holds
        first, in hand order, then the cards from the cursor on; the Fakó only alone."""
        n = len(self.cards)
        count = min(count, n, MOST_CARDS)
        # A card fits a play of `count` as the table says (the Fakó only alone): play_refusal.
        fits = [play_refusal((card,) * count) is None for card in self.cards]
        true = [i for i in range(n) if truthful(self.cards[i])]
        onward = [(self.focus + k) % n for k in range(n)]
        rest = [i for i in onward if i not in true and fits[i]]
        self.selected = (true + rest)[:count]

    def move(self, delta: int) -> None:
        """Move the focus left (-1) or right (+1), stopping at the ends."""
        if self.cards:
            self.focus = max(0, min(len(self.cards) - 1, self.focus + delta))
        self.keyboard = True
        self.hover = None

    def jump(self, end: bool) -> None:
        """Focus the first or the last card."""
        self.focus = len(self.cards) - 1 if end else 0
        self.keyboard = True

    def update(self, dt: float) -> None:
        """Ease the lifted cards towards their height."""
        k = min(1.0, dt * 16)
        for i in range(len(self.lifts)):
            pointed = (self.keyboard and i == self.focus) or i == self.hover
            target = LIFT if i in self.selected else (18 if pointed else 0)
            self.lifts[i] += (target - self.lifts[i]) * k

    # ------------------------------------------------------------------ geometry

    def spots(self) -> list[tuple[float, float, float]]:
        """(centre x, centre y, angle) of every card, before lifting."""
        n = len(self.cards)
        if not n:
            return []
        span = HAND_RECT.w - 30
        step = min(self.width * 0.64, (span - self.width) / max(1, n - 1))
        tilt = min(2.6, 26 / n)
        mid = (n - 1) / 2
        base_y = HAND_RECT.top + 32 + self.height / 2
        drop = 16 / max(1.0, mid) ** 2
        out = []
        for i in range(n):
            d = i - mid
            out.append((HAND_RECT.centerx + d * step, base_y + drop * d * d, -d * tilt))
        return out

    def card_rect(self, index: int) -> pygame.Rect:
        """The (unturned) rectangle of card `index` where it is drawn now."""
        x, y, _ = self.spots()[index]
        rect = pygame.Rect(0, 0, self.width, self.height)
        rect.center = (round(x), round(y - self.lifts[index]))
        return rect

    def hit(self, pos: tuple[int, int]) -> int | None:
        """The card under the mouse (the top one where they overlap), or None."""
        for index in reversed(range(len(self.cards))):
            if self.card_rect(index).collidepoint(pos):
                return index
        return None

    # ------------------------------------------------------------------ drawing

    def look(self, views: PrivateViews) -> FanLook | None:
        """The fan as the frame holds it, its faces as the privacy model lets them be seen."""
        if self.owner is None or not self.cards:
            return None
        return FanLook(
            self.owner,
            self.width,
            self.height,
            seen(self.cards, self.owner, views),
            tuple(self.spots()),
            tuple(self.lifts),
            frozenset(self.selected),
            self.focus,
            self.keyboard,
            self.hover,
        )
