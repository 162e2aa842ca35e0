"""The claim builder on screen: its chips in the action bar, the claim it builds in the middle."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.dice import claim_met
from scenes import art
from scenes.duel import layout as L
from scenes.duel.build_keys import KIND_ITEMS, face_item
from scenes.duel.builder import FACES_HIGH_FIRST, KINDS, ClaimBuilder
from scenes.duel.frame import DuelFrame
from scenes.duel.words import claim_words
from scenes.ui.anim import pulse
from scenes.ui.lang import t
from scenes.ui.palette import Palette
from scenes.ui.text import draw_text, draw_wrapped, ellipsize, fit_line, fits, text_width, wrap
from scenes.ui.widgets import draw_keycap, draw_panel

NOTICE_TIME = 2.5  # seconds a refusal is said
CHIP = (16, 60, 38)
CHIP_CHOSEN = Palette.GOLD
TOO_LOW = (150, 58, 52)  # the mark of what cannot beat the claim to beat
DIE_IN_CHIP = 30  # a size the warm-up makes ahead
PREVIEW_DIE = 40


@lru_cache(maxsize=8)
def _veil(size: int, alpha: int) -> pygame.Surface:
    """A translucent felt-coloured square with round corners, laid over a die to dim it."""
    veil = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(veil, (*Palette.FELT_DARK, alpha), veil.get_rect(), border_radius=size // 5)
    return veil


def key_of(frame: DuelFrame, action: str) -> str | None:
    """The key cap of one of the builder's letters (None when no letter was free for it)."""
    return dict(frame.bar.keys).get(action)


def notice_now(frame: DuelFrame, where: str) -> str | None:
    """The refusal to say in this place now, if any."""
    notice = frame.bar.notice
    if notice is None or notice[2] != where or frame.time - notice[1] >= NOTICE_TIME:
        return None
    return notice[0]


# -- the chips in the action bar ---------------------------------------------------------


def draw_builder(surface: pygame.Surface, frame: DuelFrame) -> None:
    """The builder's panel: kinds and shortcuts on the left, the parts' faces on the right."""
    builder: ClaimBuilder | None = frame.bar.builder
    box = L.BUILDER
    draw_panel(surface, box, (10, 40, 26, 190), (*Palette.GOLD, 140), 18, 2, shadow=False)
    if builder is None or builder.empty:
        draw_text(surface, t("duel.pick.must_head"), (box.centerx, box.y + 70), 30, Palette.RED_LIGHT, True,
                  "center")  # fmt: skip
        rect = pygame.Rect(box.x + 40, box.y + 106, box.w - 80, 90)
        draw_wrapped(surface, t("duel.pick.must_body"), rect, 21, Palette.CREAM, align="center")
        return
    title = draw_text(surface, t("duel.build.head").upper(), (box.x + 16, box.y + 18), 14, Palette.GOLD_LIGHT,
                      True, "midleft")  # fmt: skip
    refusal = notice_now(frame, "builder")
    if refusal is not None:
        size, words = fit_line(refusal, box.right - 16 - title.right - 20, 16, 12, True)
        draw_text(surface, words, (box.right - 16, box.y + 18), size, Palette.RED_LIGHT, True, "midright")
    else:
        _nav_hint(surface, frame, box.right - 16, box.y + 18)
    for index, kind in enumerate(KINDS):
        item = KIND_ITEMS[index]
        label = t(f"duel.build.kind.{index}")
        _chip(surface, frame, item, L.kind_rect(index), label, key_of(frame, item),
              chosen=builder.category is kind, low=not builder.kind_reaches(kind))  # fmt: skip
    first = frame.duel.claim is None
    for index, item in enumerate(("mine", "lowest")):
        words = "duel.build.mine" if item == "mine" else "duel.pick.lowest" if first else "duel.build.lowest"
        label = t(words)
        _chip(surface, frame, item, L.shortcut_rect(index), label, key_of(frame, item), chosen=False,
              low=False, off=item not in frame.bar.enabled, shortcut=True)  # fmt: skip
    _rows(surface, frame, builder)


def _nav_hint(surface: pygame.Surface, frame: DuelFrame, right: int, y: int) -> None:
    """The moving keys, right-aligned on the header line: arrows and Enter, Page Up/Down."""
    parts = (("↑↓←→", t("duel.build.hint.move")), ("Enter", t("duel.build.hint.use")),
             ("PgUp PgDn", t("duel.build.hint.kind")))  # fmt: skip
    x = right
    for cap, words in reversed(parts):
        rect = draw_text(surface, words, (x, y), 13, Palette.CREAM_DIM, anchor="midright")
        cap_rect = draw_keycap(surface, cap, (rect.x - 5, y), 11, "midright")
        x = cap_rect.x - 12


def _chip(surface: pygame.Surface, frame: DuelFrame, item: str, rect: pygame.Rect, label: str,
          key: str | None, *, chosen: bool, low: bool, off: bool = False,
          shortcut: bool = False) -> None:  # fmt: skip
    """A kind of hand or a shortcut: a rounded chip with its letter; the chosen one is gold,
    one that cannot beat the claim to beat is struck through in red."""
    focused = frame.bar.focus == item
    fill = CHIP_CHOSEN if chosen else ((8, 34, 22) if shortcut else CHIP)
    edge = Palette.CREAM if chosen else (*Palette.GOLD, 120)
    ink = Palette.INK if chosen else (Palette.CREAM_DIM if low or off else Palette.CREAM)
    if off:
        fill, edge = (12, 34, 24), (*Palette.GOLD, 60)
    draw_panel(surface, rect, (*fill, 245), edge if len(edge) == 4 else (*edge, 255), rect.h // 2, 1,
               shadow=False)  # fmt: skip
    if focused:
        grow = 8 + round(2 * pulse(frame.time, 1.2))
        ring = rect.inflate(grow, grow)
        pygame.draw.rect(surface, Palette.INK, ring.inflate(4, 4), 2, border_radius=ring.h // 2 + 2)
        pygame.draw.rect(surface, Palette.WHITE, ring, 4, border_radius=ring.h // 2)
    x = rect.x + 8
    if key:
        cap = draw_keycap(surface, key, (x, rect.centery), 11, "midleft", lit=focused, dim=off)
        x = cap.right + 6
    size, words = fit_line(label, rect.right - 10 - x, 16, 11, True)
    shadow = None if chosen else (0, 0, 0, 140)
    drawn = draw_text(surface, words, (x, rect.centery), size, ink, True, "midleft", shadow)
    if low:
        y = drawn.centery
        pygame.draw.line(surface, TOO_LOW if not chosen else Palette.RED, (drawn.x - 2, y),
                         (drawn.right + 2, y), 2)  # fmt: skip


def _rows(surface: pygame.Surface, frame: DuelFrame, builder: ClaimBuilder) -> None:
    """Each part of the kind chosen: its name and six face chips; the lit one takes the face keys."""
    rows = builder.rows
    if not rows:
        rect = pygame.Rect(L.ROWS_X, L.KINDS_TOP + 8, L.row_rect(0).w, 80)
        draw_wrapped(surface, t("duel.build.straight"), rect, 17, Palette.CREAM_DIM, align="center")
        return
    for index, row in enumerate(rows):
        line = L.row_rect(index)
        lit = index == builder.active
        if lit:
            draw_panel(surface, line, (40, 84, 56, 200), (*Palette.GOLD_LIGHT, 200), 12, 2, shadow=False)
        size, label = fit_line(t(f"duel.build.row.{row.name}"), L.ROW_LABEL_W - 12, 16, 11, True)
        colour = Palette.GOLD_LIGHT if lit else Palette.CREAM
        draw_text(surface, label, (line.x + 8, line.centery), size, colour, True, "midleft")
        free = builder.free(index)
        part = builder.parts[index]
        for column, face in enumerate(FACES_HIGH_FIRST):
            _face_chip(surface, frame, builder, index, face, L.face_rect(index, column), face in free,
                       part.has(face))  # fmt: skip
    # the face keys under the columns of faces: the lit row takes them
    y = L.row_rect(len(rows) - 1).bottom + 14
    label = t("duel.build.keys_row")
    size, label = fit_line(label, L.ROW_LABEL_W - 12, 13, 10)
    draw_text(surface, label, (L.ROWS_X + 8, y), size, Palette.CREAM_DIM, anchor="midleft")
    for column, face in enumerate(FACES_HIGH_FIRST):
        key = key_of(frame, f"face.{face}")
        if key:
            draw_keycap(surface, key, (L.face_rect(0, column).centerx, y), 11)


def _face_chip(surface: pygame.Surface, frame: DuelFrame, builder: ClaimBuilder, index: int, face: int,
               rect: pygame.Rect, free: bool, held: bool) -> None:  # fmt: skip
    """One face of a part: lit when the part holds it, an empty socket when another part does."""
    focused = frame.bar.focus == face_item(index, face)
    if not free:
        pygame.draw.rect(surface, (*Palette.GOLD_DARK,), rect.inflate(-6, -6), 1, border_radius=7)
        return
    if held:  # a gold plate behind and a bar under: this part holds this face
        pygame.draw.rect(surface, Palette.GOLD, rect.inflate(6, 6), border_radius=10)
        pygame.draw.rect(surface, Palette.GOLD_LIGHT, (rect.x + 4, rect.bottom + 3, rect.w - 8, 3))
    die = art.die_face(face, DIE_IN_CHIP)
    spot = die.get_rect(center=rect.center)
    surface.blit(die, spot)
    if not held:
        surface.blit(_veil(DIE_IN_CHIP, 80), spot)
    reaches = builder.kind_reaches(builder.category)  # a kind too low is struck out as a whole
    if reaches and builder.rows[index].size == 1 and not builder.face_reaches(index, face):
        pygame.draw.line(surface, Palette.RED_LIGHT, rect.bottomleft, rect.topright, 3)  # cannot beat it
    if focused:  # the arrows' and the pad's cursor: a white ring, unlike the gold of a chosen face
        grow = 10 + round(2 * pulse(frame.time, 1.2))
        pygame.draw.rect(surface, Palette.INK, rect.inflate(grow + 4, grow + 4), 2, border_radius=13)
        pygame.draw.rect(surface, Palette.WHITE, rect.inflate(grow, grow), 4, border_radius=12)


# -- the claim being built, in the middle of the table ----------------------------------------


def draw_preview(surface: pygame.Surface, frame: DuelFrame, box: pygame.Rect) -> None:
    """The claim built so far, big, right under the claim to beat: its words, its dice, and
    whether it is covered by one's own dice, a bluff, or not higher (then it cannot be proposed)."""
    builder: ClaimBuilder | None = frame.bar.builder
    draw_panel(surface, box, (10, 40, 26, 215), (*Palette.GOLD, 150), 16, 2)
    if builder is None or builder.empty:
        return
    dice, legal = builder.dice, builder.legal
    head = t("duel.pick.head_first") if frame.duel.claim is None else t("duel.pick.head")
    left = box.x + 6  # a claim too low gives the whole line to saying why
    if legal:
        left = draw_text(surface, head.upper(), (box.x + 16, box.y + 14), 13, Palette.GOLD_LIGHT, True,
                         "midleft").right  # fmt: skip
    if not legal:  # only ever below somebody's claim
        tag, colour = t("duel.build.too_low", name=frame.names[frame.duel.claimant or 0]), (176, 40, 38)
    elif builder.own is not None and claim_met(builder.own, dice):
        tag, colour = t("duel.pick.true").upper(), (44, 150, 80)
    else:
        tag, colour = t("duel.pick.bluff").upper(), (176, 40, 38)
    _tag(surface, tag, colour, (box.right - 14, box.y + 14), box.right - 14 - left - 10)
    compact = box.h < 110  # the coach's lines take the foot of the column
    words = claim_words(dice)
    if compact:
        size, line = fit_line(words, box.w - 28, 17, 12, True)
        drawn = draw_text(surface, line, (box.centerx, box.y + 34), size, Palette.CREAM, True, "center")
        die = max(12, min(24, box.bottom - 4 - (drawn.bottom + 2)))  # the dice under the words, never on them
        places = L.row_rects((box.centerx, box.bottom - 4 - die // 2), die)
    else:
        size, lines = fit_words(words, box.w - 28, (22, 20, 18))
        for i, line in enumerate(lines):
            y = box.y + (38 if len(lines) == 1 else 28) + i * round(size * 1.2)
            draw_text(surface, line, (box.centerx, y), size, Palette.CREAM, True, "midtop")
        places = L.row_rects((box.centerx, box.bottom - 8 - PREVIEW_DIE // 2), PREVIEW_DIE)
    for face, rect in zip(dice, places, strict=True):
        surface.blit(art.die_face(face, rect.w), rect)
        if not legal:
            surface.blit(_veil(rect.w, 110), rect)
    if not legal:  # struck through: it cannot be proposed
        y = places[0].centery
        pygame.draw.line(surface, Palette.RED_LIGHT, (places[0].x - 6, y), (places[-1].right + 6, y), 3)


def _tag(surface: pygame.Surface, label: str, colour, right_mid: tuple[int, int], room: int) -> None:
    """A coloured pill at the right of the preview's head: covered, bluff, or why not."""
    size, label = fit_line(label, room - 16, 13, 10, True)
    chip = pygame.Rect(0, 0, text_width(label, size, True) + 16, 22)
    chip.midright = right_mid
    pygame.draw.rect(surface, colour, chip, border_radius=chip.h // 2)
    draw_text(surface, label, chip.center, size, Palette.CREAM, True, "center", None)


def fit_words(text: str, width: int, sizes: tuple[int, ...] = (26, 24, 22, 20)) -> tuple[int, list[str]]:
    """The biggest size at which text fits one line, else two balanced lines."""
    for size in sizes:
        if fits(text, width, size, True):
            return size, [text]
    words = text.split(" ")
    for size in sizes[1:]:
        lines = _balanced_halves(words, size)
        if lines is not None and all(fits(line, width, size, True) for line in lines):
            return size, lines
    small = sizes[-1]
    return small, [ellipsize(line, width, small, True) for line in wrap(text, width, small, True)[:2]]


def _balanced_halves(words: list[str], size: int) -> list[str] | None:
    """The split into two lines whose wider line is narrowest: the first line grows with the cut
    and the second shrinks, so the best cut is where they cross, found by halving."""
    if len(words) < 2:
        return None

    def halves(cut: int) -> tuple[str, str]:
        return " ".join(words[:cut]), " ".join(words[cut:])

    def widths(cut: int) -> tuple[int, int]:
        a, b = halves(cut)
        return text_width(a, size, True), text_width(b, size, True)

    low, high = 1, len(words) - 1  # the first cut at which line one is at least line two
    while low < high:
        mid = (low + high) // 2
        wa, wb = widths(mid)
        if wa >= wb:
            high = mid
        else:
            low = mid + 1
    best = min({max(1, low - 1), low}, key=lambda cut: max(widths(cut)))
    return list(halves(best))
