"""Render a contact sheet of all the art made in code, to look at it.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/art_preview.py [--out DIR]

writes DIR/art_sheet.png (cards 90 px wide) and DIR/art_small.png (60 px); DIR is /tmp.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from bluffhouse.game.cards import french_deck, hungarian_deck, parse_cards
from bluffhouse.scenes import art
from bluffhouse.scenes.art.base import text

GAP = 8


def _label(surf: pygame.Surface, s: str, pos: tuple[int, int]) -> int:
    t = text(s, 15, (236, 230, 210))
    surf.blit(t, pos)
    return t.get_height() + 4


def _fan(surf: pygame.Surface, cards, width: int, centre: tuple[int, int], spread: float = 0.55):
    """A hand fanned along a shallow arc, as the table scene might draw it."""
    n = len(cards)
    step = width * spread
    for i, card in enumerate(cards):
        t = i - (n - 1) / 2
        angle = -t * 2.2
        face = pygame.transform.rotozoom(art.card_face(card, width), angle, 1.0)
        shadow = pygame.transform.rotozoom(art.card_shadow(width), angle, 1.0)
        x, y = centre[0] + t * step, centre[1] + abs(t) ** 2 * 0.9
        surf.blit(shadow, shadow.get_rect(center=(x + 3, y + 5)))
        surf.blit(face, face.get_rect(center=(x, y)))


def build_sheet(width: int) -> pygame.Surface:
    """Everything, on the felt, with cards `width` px wide."""
    cw, ch = art.card_size(width)
    cols = 13
    sheet_w = GAP + cols * (cw + GAP) + 40
    fan_h = 2 * (ch + 50)
    sheet_h = GAP * 3 + 8 * (ch + GAP) + 60 + fan_h + width * 2 + 240
    sheet = art.felt((sheet_w, sheet_h)).copy()
    y = GAP
    y += _label(sheet, f"French 52 — {width} px", (GAP, y))
    for i, card in enumerate(french_deck()):
        r, c = divmod(i, cols)
        sheet.blit(art.card_face(card, width), (GAP + c * (cw + GAP), y + r * (ch + GAP)))
    y += 4 * (ch + GAP) + 4
    y += _label(sheet, "Hungarian 32, jokers, backs", (GAP, y))
    for i, card in enumerate(hungarian_deck()):
        r, c = divmod(i, 8)
        sheet.blit(art.card_face(card, width), (GAP + c * (cw + GAP), y + r * (ch + GAP)))
    x0 = GAP + 8 * (cw + GAP) + 20
    extras = [
        art.card_face("*S", width),
        art.card_face("*F", width),
        art.card_back(width, "french"),
        art.card_back(width, "hungarian"),
    ]
    for i, surf in enumerate(extras):
        r, c = divmod(i, 2)
        sheet.blit(surf, (x0 + c * (cw + GAP), y + r * (ch + GAP)))
    # piles under the jokers
    py = y + 2 * (ch + GAP)
    for i, (n, style) in enumerate(((12, "french"), (3, "hungarian"), (0, "french"))):
        p = art.pile(n, width, style)
        scale = 0.9
        p = pygame.transform.smoothscale_by(p, scale)
        sheet.blit(p, (x0 + i * round(art.pile_size(width)[0] * 0.62) - 20, py - 10))
        chip = art.count_chip(n, max(20, width // 3))
        sheet.blit(
            chip,
            (
                x0 + i * round(art.pile_size(width)[0] * 0.62) + p.get_width() // 2 - 30,
                py + p.get_height() - 40,
            ),
        )
    y += 4 * (ch + GAP) + 8
    y += _label(sheet, "Hands, fanned as at the table", (GAP, y))
    hand = parse_cards("AS 3H 4D 7C 7S 9H 10D 10C JS QH KD KC 2S")
    _fan(sheet, hand, width, (sheet_w // 2, y + ch // 2 + 10))
    kamu = parse_cards("7P 8T 9Z 10M UP OT KZ AM *S *F UZ AT")
    _fan(sheet, kamu, width, (sheet_w // 2, y + ch + 50 + ch // 2 + 10))
    y += fan_h
    y += _label(sheet, "Bullets, dice (normal / held), cup, seats, suits", (GAP, y))
    x = GAP
    for hgt in (round(width * 0.8), max(16, width // 4)):
        for state in ("full", "spent", "empty"):
            b = art.bullet_icon(hgt, state)
            sheet.blit(b, (x, y + 10))
            x += b.get_width() + 6
        x += 14
    d = max(28, round(width * 0.6))
    for held in (False, True):
        for face in range(1, 7):
            sheet.blit(art.die_face(face, d, held), (x, y + (0 if not held else d + 8)))
            x += d + 6
        x -= 6 * (d + 6)
    x += 6 * (d + 6) + 12
    c = art.cup(width)
    sheet.blit(c, (x, y))
    x += c.get_width() + 16
    s = max(32, round(width * 0.5))
    for seat, name in enumerate(("Ana", "Bo", "Csaba", "Dóra", "Eszter", "Feri", "Gabi", "Hugo")):
        sheet.blit(
            art.seat_badge(seat, name[:2], s, active=seat == 1),
            (x + (seat % 4) * (s + 6), y + (seat // 4) * (s + 6)),
        )
    x += 4 * (s + 6) + 12
    ih = max(16, width // 4)
    for i, suit in enumerate("SHDCPTZM"):
        icon = art.suit_icon(suit, ih)
        sheet.blit(icon, (x + (i % 4) * (ih + 10), y + (i // 4) * (ih + 10)))
    bottom = y + 2 * d + 30
    return sheet.subsurface((0, 0, sheet_w, min(sheet_h, bottom))).copy()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="/tmp", help="directory for the PNGs")
    args = parser.parse_args(argv)
    pygame.font.init()
    art.clear_cache()
    start = time.perf_counter()
    for width in (90, 60):
        for card in french_deck() + hungarian_deck(jokers=True):
            art.card_face(card, width)
    faces_s = time.perf_counter() - start
    out = Path(args.out)
    for width, name in ((90, "art_sheet.png"), (60, "art_small.png")):
        pygame.image.save(build_sheet(width), str(out / name))
    total_s = time.perf_counter() - start
    print(
        f"86 faces at 90 and 60 px: {faces_s * 1000:.0f} ms; both sheets: {total_s * 1000:.0f} ms; "
        f"{art.cache_size()} cached surfaces -> {out / 'art_sheet.png'}, {out / 'art_small.png'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
