"""Where things sit on the duel screen: one place for drawing and for mouse hits."""

from __future__ import annotations

import pygame

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

# The action bar while bidding: rerolls on the left, the claim builder, the big buttons.
REROLL_BLOCK = pygame.Rect(40, 486, 250, 208)
REROLL_BUTTON = pygame.Rect(REROLL_BLOCK.x + 12, 556, REROLL_BLOCK.w - 24, 56)
BUILDER = pygame.Rect(302, 484, 684, 212)
PROPOSE_BUTTON = pygame.Rect(998, 494, 238, 72)
CHALLENGE_BUTTON = pygame.Rect(998, 596, 238, 72)
NEXT_BUTTON = pygame.Rect(902, 580, 330, 70)
# Inside the builder: the kinds of hand (two columns) and the two shortcuts on the left, the
# rows of faces on the right; the claim being built is shown big in the middle of the table.
KIND_W, KIND_H, KIND_GAP = 169, 30, 6
KINDS_TOP = BUILDER.y + 36
ROWS_X = BUILDER.x + 14 + 2 * KIND_W + KIND_GAP + 16
ROW_LABEL_W = 76
FACE, FACE_GAP, ROW_H = 32, 4, 44
PREVIEW = pygame.Rect(452, 316, 376, 146)  # the claim being built, under the claim to beat
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


def kind_rect(index: int) -> pygame.Rect:
    """The chip of kind `index` (0 one pair … 7 five of a kind), two to a line, lowest first."""
    x = BUILDER.x + 14 + (index % 2) * (KIND_W + KIND_GAP)
    return pygame.Rect(x, KINDS_TOP + (index // 2) * (KIND_H + KIND_GAP), KIND_W, KIND_H)


def shortcut_rect(index: int) -> pygame.Rect:
    """The chips under the kinds: 0 "my dice", 1 the lowest claim that beats it."""
    return kind_rect(8 + index)


def row_rect(row: int) -> pygame.Rect:
    """The line of a part's faces (label and six face chips)."""
    width = ROW_LABEL_W + 6 * FACE + 5 * FACE_GAP + 8
    return pygame.Rect(ROWS_X, KINDS_TOP - 4 + row * ROW_H, width, ROW_H - 4)


def face_rect(row: int, column: int) -> pygame.Rect:
    """Face chip `column` (0 the ace, then 6 … 2) of a part's line."""
    line = row_rect(row)
    x = line.x + ROW_LABEL_W + column * (FACE + FACE_GAP)
    return pygame.Rect(x, line.centery - FACE // 2, FACE, FACE)
