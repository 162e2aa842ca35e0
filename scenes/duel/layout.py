"""Where things sit on the duel screen: one place for drawing and for mouse hits."""

from __future__ import annotations

import pygame

from scenes.ui.text import font

W, H = 1280, 720
SEAT_X = (232, 1048)  # the centre of each seat's side of the table
ZONE_W = 404
ZONE_TOP, ZONE_BOTTOM = 84, 462
HEADER_Y = 118  # centre line of badge and name
BUBBLE_TOP = 160
DIE, DIE_GAP = 64, 10
DICE_Y = 372  # centre line of a seat's dice
CUP = 150  # a resting cup's width
CUP_REST_Y = 404  # a resting cup's bottom
CUP_LIFT_Y = 334  # a lifted cup's bottom
CENTER = pygame.Rect(452, 84, 376, 378)
BAR = pygame.Rect(24, 474, 1232, 232)

# The action bar while bidding: rerolls on the left, the picker, the big buttons.
REROLL_BLOCK = pygame.Rect(44, 488, 350, 204)
REROLL_BUTTON = pygame.Rect(REROLL_BLOCK.x + 22, 560, 306, 58)
PICKER = pygame.Rect(410, 486, 480, 208)
PICK_UP = pygame.Rect(PICKER.right - 54, PICKER.y + 40, 40, 34)
PICK_DOWN = pygame.Rect(PICKER.right - 54, PICKER.y + 116, 40, 34)
PROPOSE_BUTTON = pygame.Rect(912, 500, 320, 74)
CHALLENGE_BUTTON = pygame.Rect(912, 592, 320, 74)
NEXT_BUTTON = pygame.Rect(902, 580, 330, 70)
MOOD_W, MOOD_GAP, MOOD_Y = 330, 24, 590


def zone(seat: int) -> pygame.Rect:
    """A seat's side of the table."""
    rect = pygame.Rect(0, ZONE_TOP, ZONE_W, ZONE_BOTTOM - ZONE_TOP)
    rect.centerx = SEAT_X[seat]
    return rect


def die_rect(seat: int, index: int, size: int = DIE) -> pygame.Rect:
    """The place of die `index` (0-4) in front of a seat's cup."""
    gap = DIE_GAP if size == DIE else round(size * 0.16)
    width = 5 * size + 4 * gap
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (SEAT_X[seat] - width // 2 + size // 2 + index * (size + gap), DICE_Y)
    return rect


def row_rects(center: tuple[int, int], size: int, count: int = 5) -> list[pygame.Rect]:
    """Dice in a row centred on `center` (the claim panel, the picker)."""
    gap = round(size * 0.16)
    width = count * size + (count - 1) * gap
    rects = []
    for i in range(count):
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (center[0] - width // 2 + size // 2 + i * (size + gap), center[1])
        rects.append(rect)
    return rects


def mood_rects(count: int) -> list[pygame.Rect]:
    """The opening's answer buttons, side by side."""
    width = count * MOOD_W + (count - 1) * MOOD_GAP
    left = W // 2 - width // 2
    return [pygame.Rect(left + i * (MOOD_W + MOOD_GAP), MOOD_Y, MOOD_W, 66) for i in range(count)]


def shortcut_rects(labels: list[tuple[str, str]]) -> list[pygame.Rect]:
    """The picker's shortcut chips along its bottom edge (hit boxes; drawn the same)."""
    widths = [max(font(15, True).size(key)[0] + 15, 24) + 6 + font(15).size(text)[0] + 14
              for key, text in labels]  # fmt: skip
    gap = 8
    x = PICKER.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
    rects = []
    for width in widths:
        rects.append(pygame.Rect(x, PICKER.bottom - 40, width, 30))
        x += width + gap
    return rects
