"""The claim builder on screen: its chips in the action bar, the claim it builds in the middle."""

from __future__ import annotations

from functools import lru_cache

import pygame

from bluffhouse.game.dice import claim_met
from bluffhouse.scenes import art
from bluffhouse.scenes.duel import layout as L
from bluffhouse.scenes.duel.build_keys import KIND_ITEMS, face_item
from bluffhouse.scenes.duel.builder import FACES_HIGH_FIRST, KINDS, ClaimBuilder
from bluffhouse.scenes.duel.frame import DuelFrame
from bluffhouse.scenes.duel.words import claim_words
from bluffhouse.scenes.ui.anim import pulse
from bluffhouse.scenes.ui.keycaps import draw_hint_row, draw_keycap, hint_rows
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import (
    READ,
    SMALL,
    draw_fitted,
    draw_text,
    ellipsize,
    fit_line,
    fits,
    font,
    text_width,
    wrap,
)
from bluffhouse.scenes.ui.widgets import draw_panel

NOTICE_TIME = 2.5  # seconds a refusal is said
CHIP = (16, 60, 38)
CHIP_CHOSEN = Palette.GOLD
TOO_LOW = (150, 58, 52)  # the mark of what cannot beat the claim to beat
DIE_IN_CHIP = 30  # a size the warm-up makes ahead
PREVIEW_DIE = 40
CAP_SLOT = 28  # the column of a list line's key letter


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
    """The builder's panel: the kinds and the shortcuts in a list on the left; on the right,
    the moving keys (or why a key did nothing) over the parts' lines of faces."""
    builder: ClaimBuilder | None = frame.bar.builder
    box = L.BUILDER
    draw_panel(surface, box, (10, 40, 26, 190), (*Palette.GOLD, 140), 18, 2, shadow=False)
    if builder is None or builder.empty:
        draw_text(
            surface,
            t("duel.pick.must_head"),
            (box.centerx, box.y + 80),
            32,
            Palette.RED_LIGHT,
            True,
            "center",
        )
        draw_fitted(
            surface,
            t("duel.pick.must_body"),
            (box.centerx, box.y + 124),
            box.w - 80,
            22,
            Palette.CREAM,
            anchor="midtop",
            max_lines=3,
        )
        return
    for index, kind in enumerate(KINDS):
        item = KIND_ITEMS[index]
        _chip(
            surface,
            frame,
            item,
            L.kind_rect(index),
            t(f"duel.build.kind.{index}"),
            key_of(frame, item),
            chosen=builder.category is kind,
            low=not builder.kind_reaches(kind),
        )
    divider = (L.kind_rect(7).bottom + L.shortcut_rect(0).y) // 2
    left, right = L.LIST_X + 10, L.LIST_X + L.LIST_W - 10
    pygame.draw.line(surface, Palette.GOLD_DARK, (left, divider), (right, divider))
    first = frame.duel.claim is None
    for index, item in enumerate(("mine", "lowest")):
        words = "duel.build.mine" if item == "mine" else "duel.pick.lowest" if first else "duel.build.lowest"
        _chip(
            surface,
            frame,
            item,
            L.shortcut_rect(index),
            t(words),
            key_of(frame, item),
            chosen=False,
            low=False,
            off=item not in frame.bar.enabled,
            shortcut=True,
        )
    head = pygame.Rect(L.ROWS_X, L.HINT_TOP, L.ROWS_W, L.HINT_H)
    refusal = notice_now(frame, "builder")
    if refusal is not None:
        draw_fitted(
            surface,
            refusal,
            head.center,
            head.w,
            READ,
            Palette.RED_LIGHT,
            True,
            "center",
            max_lines=3,
            height=head.h,
        )
    else:
        _nav_hint(surface, head)
    _rows(surface, frame, builder)


def _nav_hint(surface: pygame.Surface, head: pygame.Rect) -> None:
    """The moving keys at the head of the faces: arrows and Enter, Page Up/Down (two lines
    where the words are long)."""
    hints = [
        ("↑↓←→", t("duel.build.hint.move")),
        ("Enter", t("duel.build.hint.use")),
        ("PgUp PgDn", t("duel.build.hint.kind")),
    ]
    rows = hint_rows(hints, head.w - 6, gap=18, flat=True)
    step = head.h // 3 + 4
    y = head.centery - (len(rows) - 1) * step // 2
    for row in rows:
        draw_hint_row(surface, row, head.x + 6, y, gap=18, flat=True)
        y += step


def _chip(
    surface: pygame.Surface,
    frame: DuelFrame,
    item: str,
    rect: pygame.Rect,
    label: str,
    key: str | None,
    *,
    chosen: bool,
    low: bool,
    off: bool = False,
    shortcut: bool = False,
) -> None:
    """A kind of hand or a shortcut: a line of the list with its letter; the chosen one is
    gold, one that cannot beat the claim to beat is struck through in red."""
    focused = frame.bar.focus == item
    fill = CHIP_CHOSEN if chosen else ((8, 34, 22) if shortcut else CHIP)
    edge = Palette.CREAM if chosen else (*Palette.GOLD, 120)
    ink = Palette.INK if chosen else (Palette.CREAM_DIM if low or off else Palette.CREAM)
    if off:
        fill, edge = (12, 34, 24), (*Palette.GOLD, 60)
    draw_panel(
        surface, rect, (*fill, 245), edge if len(edge) == 4 else (*edge, 255), rect.h // 2, 1, shadow=False
    )
    if focused:
        grow = 6 + round(2 * pulse(frame.time, 1.2))
        ring = rect.inflate(grow, grow)
        pygame.draw.rect(surface, Palette.INK, ring.inflate(4, 4), 2, border_radius=ring.h // 2 + 2)
        pygame.draw.rect(surface, Palette.WHITE, ring, 3, border_radius=ring.h // 2)
    if key:  # the letters in a column of their own, the words lined up after them
        slot = (rect.x + 6 + CAP_SLOT // 2, rect.centery + 1)
        draw_keycap(surface, key, slot, SMALL, "center", lit=focused, dim=off, flat=True)
    x = rect.x + 6 + CAP_SLOT + 8
    size, words = fit_line(label, rect.right - 10 - x, READ, READ, True)
    shadow = None if chosen else (0, 0, 0, 140)
    drawn = draw_text(surface, words, (x, rect.centery), size, ink, True, "midleft", shadow)
    if low:
        y = drawn.centery
        pygame.draw.line(
            surface, TOO_LOW if not chosen else Palette.RED, (drawn.x - 2, y), (drawn.right + 2, y), 2
        )


def _rows(surface: pygame.Surface, frame: DuelFrame, builder: ClaimBuilder) -> None:
    """Each part of the kind chosen: its name and six face chips; the lit one takes the face keys."""
    rows = builder.rows
    if not rows:
        top = L.row_rect(0)
        draw_fitted(
            surface,
            t("duel.build.straight"),
            (top.centerx, top.y + 10),
            top.w - 20,
            20,
            Palette.CREAM_DIM,
            anchor="midtop",
            max_lines=4,
        )
        return
    for index, row in enumerate(rows):
        line = L.row_rect(index)
        lit = index == builder.active
        if lit:
            draw_panel(surface, line, (40, 84, 56, 200), (*Palette.GOLD_LIGHT, 200), 12, 2, shadow=False)
        colour = Palette.GOLD_LIGHT if lit else Palette.CREAM
        label = t(f"duel.build.row.{row.name}")
        draw_fitted(surface, label, (line.x + 10, line.centery), L.ROW_LABEL_W, READ, colour, True, "midleft")
        free = builder.free(index)
        part = builder.parts[index]
        for column, face in enumerate(FACES_HIGH_FIRST):
            _face_chip(
                surface, frame, builder, index, face, L.face_rect(index, column), face in free, part.has(face)
            )
    # the face keys under the columns of faces: the lit row takes them
    y = L.row_rect(len(rows) - 1).bottom + 20
    draw_fitted(
        surface,
        t("duel.build.keys_row"),
        (L.ROWS_X + 10, y),
        L.ROW_LABEL_W,
        READ,
        Palette.CREAM_DIM,
        anchor="midleft",
    )
    for column, face in enumerate(FACES_HIGH_FIRST):
        key = key_of(frame, f"face.{face}")
        if key:
            draw_keycap(surface, key, (L.face_rect(0, column).centerx, y), SMALL)


def _face_chip(
    surface: pygame.Surface,
    frame: DuelFrame,
    builder: ClaimBuilder,
    index: int,
    face: int,
    rect: pygame.Rect,
    free: bool,
    held: bool,
) -> None:
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
    room = box.w - 28
    if not legal:  # only ever below somebody's claim: the words say why, the dice are struck
        tag = t("duel.build.too_low", name=frame.names[frame.duel.claimant or 0])
        plate = pygame.Rect(box.x + 10, box.y + 10, box.w - 20, 54)
        pygame.draw.rect(surface, (176, 40, 38), plate, border_radius=14)
        draw_fitted(
            surface,
            tag,
            plate.center,
            plate.w - 20,
            READ,
            Palette.CREAM,
            True,
            "center",
            max_lines=2,
            shadow=None,
            height=plate.h,
        )
        words_bottom = plate.bottom
    else:
        if builder.own is not None and claim_met(builder.own, dice):
            tag, colour = t("duel.pick.true").upper(), (44, 150, 80)
        else:
            tag, colour = t("duel.pick.bluff").upper(), (176, 40, 38)
        chip = _tag(surface, tag, colour, (box.right - 12, box.y + 18), room)
        head = t("duel.pick.head_first") if frame.duel.claim is None else t("duel.pick.head")
        head_room = chip.x - 10 - (box.x + 14)
        head = head.upper()
        if fits(head, head_room, READ, True):  # the head where the language leaves it room
            draw_text(surface, head, (box.x + 14, box.y + 18), READ, Palette.GOLD_LIGHT, True, "midleft")
        size, lines = fit_words(claim_words(dice), room, (22, 20, READ), most=3)
        step = font(size, True).get_linesize() - 2
        top = chip.bottom + 2
        for i, line in enumerate(lines):
            words_bottom = draw_text(
                surface, line, (box.centerx, top + i * step), size, Palette.CREAM, True, "midtop"
            ).bottom
    die = min(PREVIEW_DIE, box.bottom - 6 - (words_bottom + 2))
    if die < 16:  # no room left for the dice under the words: the words say it
        return
    places = L.row_rects((box.centerx, box.bottom - 6 - die // 2), die)
    for face, rect in zip(dice, places, strict=True):
        surface.blit(art.die_face(face, rect.w), rect)
        if not legal:
            surface.blit(_veil(rect.w, 110), rect)
    if not legal:  # struck through: it cannot be proposed
        y = places[0].centery
        pygame.draw.line(surface, Palette.RED_LIGHT, (places[0].x - 6, y), (places[-1].right + 6, y), 3)


def _tag(surface: pygame.Surface, label: str, colour, right_mid: tuple[int, int], room: int) -> pygame.Rect:
    """A coloured pill at the right of the preview's head: covered or a bluff; returns it."""
    size, label = fit_line(label, room - 16, READ, READ, True)
    chip = pygame.Rect(0, 0, text_width(label, size, True) + 18, 26)
    chip.midright = right_mid
    pygame.draw.rect(surface, colour, chip, border_radius=chip.h // 2)
    draw_text(surface, label, chip.center, size, Palette.CREAM, True, "center", None)
    return chip


def fit_words(
    text: str, width: int, sizes: tuple[int, ...] = (26, 24, 22, 20), most: int = 2
) -> tuple[int, list[str]]:
    """The biggest size at which text fits one line, else two balanced lines (else, up to most
    lines at the smallest size)."""
    for size in sizes:
        if fits(text, width, size, True):
            return size, [text]
    words = text.split(" ")
    for size in sizes[1:]:
        lines = _balanced_halves(words, size)
        if lines is not None and all(fits(line, width, size, True) for line in lines):
            return size, lines
    small = sizes[-1]
    lines = wrap(text, width, small, True, most)
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :]).replace("\n", " ")]
    return small, [ellipsize(line, width, small, True) for line in lines]


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
