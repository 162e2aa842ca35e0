"""Drawing the middle of the card table: the pile, the call, speech, the reveal, banners."""

from __future__ import annotations

import math
import random

import pygame

from bluffhouse.scenes import art
from bluffhouse.scenes.table.fx import TableFx
from bluffhouse.scenes.table.hand import rotated
from bluffhouse.scenes.table.layout import CENTRE, PILE_CARD_WIDTH, REVEAL_CARD_WIDTH, SeatPlace
from bluffhouse.scenes.table.seats import seat_colour
from bluffhouse.scenes.table.sprites import Bullet, Flyer, Note, Reveal
from bluffhouse.scenes.ui.anim import Motion, lerp, out_back, pulse
from bluffhouse.scenes.ui.bubble import draw_bubble
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import (
    READ,
    cover,
    draw_fitted,
    draw_text,
    fit_size,
    font,
    note,
    render,
    render_line,
)
from bluffhouse.scenes.ui.widgets import draw_panel

STAMP_COLOURS = {
    "true": (70, 190, 110),
    "lie": (214, 52, 46),
    "bait": (226, 178, 52),
    "exposed": (226, 178, 52),
}
_CACHE: dict[tuple, pygame.Surface] = {}
# text that floats by a seat: colour, size
FLOATERS = {
    "pickup": (Palette.GOLD_LIGHT, 26),
    "bullet_back": (Palette.TRUE, READ),
    "bullet_lost": (Palette.RED_LIGHT, READ),
}


def draw_felt(surface: pygame.Surface) -> None:
    """The felt, with a faint gold ring round the middle where the pile goes."""
    size = surface.get_size()
    felt = _CACHE.get(("felt", size))  # the ring laid on once: one opaque blit a frame
    if felt is None:
        felt = _CACHE[("felt", size)] = art.felt(size).copy()
        ring = pygame.Surface((560, 300), pygame.SRCALPHA)
        pygame.draw.ellipse(ring, (0, 0, 0, 34), ring.get_rect().inflate(-4, -4))
        pygame.draw.ellipse(ring, (*Palette.GOLD, 70), ring.get_rect().inflate(-4, -4), 2)
        pygame.draw.ellipse(ring, (*Palette.GOLD, 34), ring.get_rect().inflate(-22, -22), 1)
        felt.blit(ring, ring.get_rect(center=(CENTRE[0], CENTRE[1] + 6)))
    surface.blit(felt, (0, 0))


SET_ASIDE_SPOT = (CENTRE[0] - 150, CENTRE[1] + 40)
CHIP_AT = (CENTRE[0] + 66, CENTRE[1] + 52)  # the pile's count
CAPTION_AT = (CENTRE[0], CENTRE[1] + 108)  # the challenged call in words, under the turned cards


def draw_pile(
    surface: pygame.Surface, count: int, style: str, set_aside: int, dim: bool, marks: bool = True
) -> None:
    """The face-down pile in the middle with a chip telling its size (marks=False: the chip and
    the set-aside count are drawn later, over a reveal's stamp: draw_pile_marks)."""
    image = art.pile(count, PILE_CARD_WIDTH, style)
    if dim:
        image = image.copy()
        image.set_alpha(110)
    surface.blit(image, image.get_rect(center=CENTRE))
    if set_aside:
        back = rotated(art.card_back(34, style), 90)
        spot = SET_ASIDE_SPOT
        for i in range(3):
            surface.blit(back, back.get_rect(center=(spot[0] + i, spot[1] - i * 2)))
    if marks:
        draw_pile_marks(surface, count, set_aside)


def draw_pile_marks(surface: pygame.Surface, count: int, set_aside: int) -> None:
    """The pile's count chip and the set-aside count: numbers nothing may cover."""
    chip = art.count_chip(count, 42)
    surface.blit(chip, chip.get_rect(center=CHIP_AT))
    if set_aside:
        draw_text(
            surface,
            t("table.set_aside", n=set_aside),
            (SET_ASIDE_SPOT[0], SET_ASIDE_SPOT[1] + 30),
            READ,
            Palette.CREAM_DIM,
            anchor="midtop",
        )


PLAQUE_MOST = 660  # the call plaque's widest: clear of the key hints on the right


def draw_call_plaque(
    surface: pygame.Surface,
    who: str,
    colour,
    rank_words: str,
    symbol: str,
    time: float,
    words_below: str | None = None,
    label_text: str = "",
) -> None:
    """Below the pile: whose turn it is and, big, the rank they must call (or what they answer)."""
    y = CENTRE[1] + 118
    label_words = label_text or t("table.call_label")
    label = render(label_words, READ, Palette.GOLD, True)
    # the big word as big as the middle allows: the key hints' column is on its right
    size = fit_size(rank_words.upper(), PLAQUE_MOST - label.get_width() - 90, 40, 20, True)
    word = render(rank_words.upper(), size, Palette.GOLD_LIGHT, True, (0, 0, 0, 170))
    width = max(word.get_width() + label.get_width() + 90, 300)
    box = pygame.Rect(0, 0, width, 62)
    box.midtop = (CENTRE[0], y)
    draw_panel(surface, box, (6, 26, 17, 215), (*Palette.GOLD, 170), radius=31)
    x = box.x + 24
    at = label.get_rect(midleft=(x, box.centery))
    surface.blit(label, at)
    note(surface, label_words, at, READ, image=label)
    x += label.get_width() + 12
    at = word.get_rect(midleft=(x, box.centery - 1))
    surface.blit(word, at)
    note(surface, rank_words.upper(), at, size, image=word)
    line = f"● {who}" if not words_below else words_below
    shown = draw_fitted(
        surface,
        line,
        (CENTRE[0], box.bottom + 8),
        PLAQUE_MOST,
        19,
        Palette.CREAM,
        True,
        "midtop",
        max_lines=2,
    )
    if not words_below:
        pygame.draw.circle(surface, colour, (shown.x + 8, shown.centery), 7)
    del symbol, time


def draw_speech(
    surface: pygame.Surface,
    place: SeatPlace,
    text: str,
    kind: str,
    alpha: float,
    progress: float | None = None,
    bar_on: bool = False,
    caption: str | None = None,
) -> None:
    """What a seat says: the house bubble beside it (a draining bar under a call, then the
    caption saying how long it may still be challenged), or words floating by the seat (a
    pick-up, a bullet back or lost)."""
    if alpha <= 0:
        return
    size = {"call": 22, "doubt": 26, "accept": 20, "last": READ, "pickup": 24}.get(kind, 20)
    bold = kind in ("call", "doubt", "pickup", "last")
    tw, th = font(size, bold).size(text)
    w, h = tw + 34, th + (24 if bar_on else 16)
    if kind in FLOATERS:
        colour, size = FLOATERS[kind]
        image = render(text, size, colour, True, (0, 0, 0, 170))
        box = image.get_rect()
        if kind == "pickup":
            box = place.beside(box.size, gap=4)  # by the panel, never over its own count
            box.move_ip(0, -round((1 - alpha) * 8))
        else:  # a pill just outside the panel, by its bullets
            box = box.inflate(20, 8)
            dx, dy = place.towards
            if place.bottom:  # above the panel's right end: the hand covers its right side
                box.bottomright = (place.rect.right - 4, place.rect.top - 10)
            elif dy > 0 and abs(dy) >= abs(dx) * 0.9:  # a seat at the top: beside it (a pick-up goes under)
                box.midleft = (place.rect.right + 8, place.rect.centery + 14)  # under a two-line ticker
            else:
                box.midtop = (place.rect.right - 60, place.rect.bottom + 6)
            pill = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(pill, (6, 20, 14, 225), pill.get_rect(), border_radius=box.h // 2)
            pygame.draw.rect(pill, colour, pill.get_rect(), 2, border_radius=box.h // 2)
            pill.blit(image, image.get_rect(center=(box.w // 2, box.h // 2)))
            image = pill
        image = image.copy()
        image.set_alpha(round(255 * alpha))
        surface.blit(image, box)
        note(surface, text, box, size)
        return
    if kind == "last":  # a red tag on the seat: their last cards went down
        at = (
            (place.rect.centerx - 20, place.rect.top + 2)
            if not place.bottom
            else (place.rect.right + w // 2 + 4, place.rect.centery + h // 2)
        )
        draw_bubble(
            surface,
            text,
            at,
            None,
            anchor="midbottom",
            size=size,
            ink=(255, 240, 230),
            fill=(196, 48, 44),
            edge=(255, 200, 190),
            edge_width=3,
            alpha=alpha,
        )
        return
    box = place.beside((w, h), gap=18)
    if kind == "doubt":
        fill, ink, edge = (206, 50, 44), (255, 248, 240), (255, 214, 200)
    else:
        fill, ink, edge = Palette.CARD, Palette.INK, seat_colour(place.seat)
    drawn = draw_bubble(
        surface,
        text,
        box.center,
        place.rect.center,
        size=size,
        bold=bold,
        ink=ink,
        fill=fill,
        edge=edge,
        edge_width=3,
        alpha=alpha,
        bar=(progress or 0.0) if bar_on else None,
    )
    if caption:
        _caption(surface, caption, drawn, alpha)


def _caption(surface: pygame.Surface, text: str, bubble: pygame.Rect, alpha: float) -> None:
    """A dark pill just under a call's bubble: "open until Ben plays"."""
    image = render(text, 18, Palette.GOLD_LIGHT, True)
    box = image.get_rect().inflate(24, 8)
    box.midtop = (bubble.centerx, bubble.bottom + 4)
    if box.bottom > surface.get_height() - 8:  # no room under it (a bubble by the bottom seat): above
        box.midbottom = (bubble.centerx, bubble.top - 4)
    box.clamp_ip(surface.get_rect().inflate(-16, -16))
    pill = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(pill, (6, 20, 14, 215), pill.get_rect(), border_radius=box.h // 2)
    pill.blit(image, image.get_rect(center=(box.w // 2, box.h // 2)))
    if alpha < 1:
        pill.set_alpha(round(255 * max(0.0, alpha)))
    surface.blit(pill, box)


def draw_flyer(surface: pygame.Surface, flyer: Flyer, style: str) -> None:
    """A card in the air (none with reduced motion: cards simply arrive)."""
    k = flyer.motion.value
    if flyer.motion.elapsed < flyer.motion.delay or Motion.reduced:
        return
    x, y = lerp(flyer.start, flyer.end, k)
    width = lerp(flyer.width[0], flyer.width[1], k)
    back = art.card_back(PILE_CARD_WIDTH, style)  # one size, scaled: no new art per frame
    image = pygame.transform.rotozoom(back, flyer.spin * (1 - k), max(0.1, width / PILE_CARD_WIDTH))
    surface.blit(image, image.get_rect(center=(round(x), round(y))))


def reveal_spots(n: int) -> list[tuple[int, int]]:
    """Where the challenged cards sit face up, in a row over the pile."""
    gap = REVEAL_CARD_WIDTH + 14
    return [(round(CENTRE[0] + (i - (n - 1) / 2) * gap), CENTRE[1] - 6) for i in range(n)]


def draw_reveal(surface: pygame.Surface, reveal: Reveal, style: str, call_words: str) -> None:
    """Lift, flip one by one, stamp TRUE / LIE; then slide off to whoever picks up."""
    n = len(reveal.cards)
    leave = reveal.leave.value if reveal.leave is not None else 0.0
    lift = reveal.lift.value
    scale = 1 - 0.75 * leave
    alpha = 1 - max(0.0, leave - 0.5) * 2
    zoom = (0.7 + 0.3 * lift) * scale
    width = REVEAL_CARD_WIDTH
    for i, (card, spot) in enumerate(zip(reveal.cards, reveal_spots(n), strict=True)):
        at = lerp(CENTRE, spot, lift)
        at = lerp(at, reveal.to, leave)
        flip = reveal.flips[i].value
        face_up = flip >= 0.5
        if Motion.reduced:  # no turning over: each card is shown face up when its turn comes
            flip = 1.0 if face_up else 0.0
            zoom, at = scale, lerp(lerp(CENTRE, spot, 1.0), reveal.to, leave)
        squash = abs(math.cos(math.pi * flip))
        # one size of art, scaled here: a flip must not render new card faces every frame
        image = art.card_face(card, width) if face_up else art.card_back(width, style)
        w = max(1, round(image.get_width() * squash * zoom))
        h = max(1, round(image.get_height() * zoom))
        lifted = -18 * math.sin(math.pi * flip)
        if (w, h) != image.get_size():
            image = pygame.transform.smoothscale(image, (w, h))
        else:
            image = image.copy()
        if alpha < 1:
            image.set_alpha(round(255 * alpha))
        shadow = art.card_shadow(width)
        if alpha >= 1 and zoom > 0.99:
            surface.blit(shadow, shadow.get_rect(center=(round(at[0]) + 4, round(at[1]) + 7)))
        surface.blit(image, image.get_rect(center=(round(at[0]), round(at[1] + lifted))))
    k = reveal.verdict.value
    if reveal.verdict.elapsed > reveal.verdict.delay and alpha > 0:
        _stamp(surface, reveal.stamp, k, alpha, n)
        if reveal.stamp in ("true", "lie") and call_words and leave == 0:
            # under the cards: above them a seat's "Liar!" from the top of the table would hide it
            draw_text(surface, call_words, CAPTION_AT, 20, Palette.CREAM, True, "center")


STAMP_MOST = 230  # the stamp's word at its widest (a long language's LIE shrinks): clear of the set-aside


def stamp_centre(n: int) -> tuple[int, int]:
    """Where the stamp lands for n cards: over them, above the pile's count chip."""
    return CENTRE[0] + (70 if n > 1 else 84), CENTRE[1] + 12


def stamp_image(kind: str) -> pygame.Surface:
    """The verdict stamp at rest, in the language of the moment (cached)."""
    text = t(f"table.verdict.{kind}")
    colour = STAMP_COLOURS[kind]
    key = ("stamp", kind, text)
    image = _CACHE.get(key)
    if image is None:
        word = render_line(font(fit_size(text, STAMP_MOST, 64, 40, True), True), text, colour)
        pad = 26
        image = pygame.Surface((word.get_width() + 2 * pad, word.get_height() + pad), pygame.SRCALPHA)
        box = image.get_rect().inflate(-8, -8)
        pygame.draw.rect(image, (250, 246, 234, 215), box, border_radius=16)
        pygame.draw.rect(image, colour, box, 6, border_radius=16)
        pygame.draw.rect(image, colour, box.inflate(-16, -16), 2, border_radius=10)
        image.blit(word, word.get_rect(center=image.get_rect().center))
        image = _CACHE[key] = pygame.transform.rotozoom(image, 12 if kind == "lie" else -10, 1.0)
    return image


def _stamp(surface: pygame.Surface, kind: str, k: float, alpha: float, n: int) -> None:
    """The verdict stamp, thumped down at an angle."""
    image = stamp_image(kind)
    size = max(0.05, 2.2 - 1.2 * min(1.0, k)) if k < 1 and not Motion.reduced else 1.0
    shown = pygame.transform.rotozoom(image, 0, size) if size != 1.0 else image.copy()
    shown.set_alpha(round(255 * alpha * min(1.0, k * 2)))
    at = shown.get_rect(center=stamp_centre(n))
    surface.blit(shown, at)
    if size == 1.0:  # landed (not its thump): the screen tour sees it as decoration over any words
        note(surface, t(f"table.verdict.{kind}"), at, 64, "decor", shown)


def draw_bullet(surface: pygame.Surface, bullet: Bullet) -> None:
    """A bullet out of its slot."""
    x, y = lerp(bullet.start, bullet.end, bullet.motion.value)
    image = art.bullet_icon(34, bullet.state)
    if bullet.fade is not None and bullet.fade.value > 0:
        image = image.copy()
        image.set_alpha(round(255 * (1 - bullet.fade.value)))
    if bullet.state == "full" and bullet.fade is None:
        ring = pygame.Surface((54, 54), pygame.SRCALPHA)
        pygame.draw.circle(ring, (*Palette.GOLD_LIGHT, 70), (27, 27), 24)
        surface.blit(ring, ring.get_rect(center=(round(x), round(y))))
    surface.blit(image, image.get_rect(center=(round(x), round(y))))


def draw_banner(surface: pygame.Surface, note_words: Note) -> None:
    """A ribbon across the middle: "Ben leads — sevens again"."""
    a = note_words.alpha
    if a <= 0:
        return
    text = render(note_words.text, 30, Palette.CREAM, True, (0, 0, 0, 160))
    band = pygame.Surface((text.get_width() + 140, 62), pygame.SRCALPHA)
    band.fill((8, 30, 20, 225))
    pygame.draw.line(band, Palette.GOLD, (0, 3), (band.get_width(), 3), 2)
    pygame.draw.line(band, Palette.GOLD, (0, 58), (band.get_width(), 58), 2)
    band.blit(text, text.get_rect(center=(band.get_width() // 2, 31)))
    band.set_alpha(round(255 * a))
    slide = 0 if Motion.reduced else round((1 - min(1.0, a * 1.5)) * 30)
    at = band.get_rect(center=(CENTRE[0] + slide, CENTRE[1] - 10))
    surface.blit(band, at)
    cover(surface, at)
    note(surface, note_words.text, text.get_rect(center=at.center), 30, image=text)


def draw_celebration(surface: pygame.Surface, fx: TableFx, text: str, winner_place: SeatPlace) -> None:
    """Confetti from the winner's seat and a big gold line."""
    k = fx.celebration
    rng = random.Random(fx.winner or 0)
    ox, oy = winner_place.centre
    for i in range(0 if Motion.reduced else 90):  # no confetti with reduced motion
        angle = rng.uniform(0, 2 * math.pi)
        speed = rng.uniform(160, 520)
        x = ox + math.cos(angle) * speed * k
        y = oy + math.sin(angle) * speed * k + 260 * k * k
        colour = Palette.SEAT_COLOURS[i % len(Palette.SEAT_COLOURS)] if i % 3 else Palette.GOLD_LIGHT
        spin = k * rng.uniform(4, 12)
        w, h = 10, max(2, round(6 * abs(math.cos(spin))))
        pygame.draw.rect(surface, colour, (round(x), round(y), w, h))
    pop = 1.0 if Motion.reduced else out_back(min(1.0, k / 0.45))
    title = render(text, 58, Palette.GOLD_LIGHT, True, (0, 0, 0, 190))
    if pop < 1:
        title = pygame.transform.rotozoom(title, 0, max(0.05, pop))
    band = pygame.Surface((1280, 110), pygame.SRCALPHA)
    band.fill((6, 24, 16, round(200 * min(1.0, k * 3))))
    surface.blit(band, (0, CENTRE[1] - 55))
    glow = pulse(k, 0.9)
    draw_text(
        surface,
        "♠  ♥  ♦  ♣",
        (CENTRE[0], CENTRE[1] - 72 - round(4 * glow)),
        24,
        Palette.GOLD,
        anchor="center",
        role="decor",
    )
    surface.blit(title, title.get_rect(center=CENTRE))
