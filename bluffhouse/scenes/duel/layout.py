"""Where things sit on the duel screen: one place for drawing and for mouse hits."""

from __future__ import annotations

import pygame

W, H = 1280, 720
SEAT_X = (232, 1048)  # the centre of each seat's side of the table
ZONE_W = 404
ZONE_TOP, ZONE_BOTTOM = 84, 406
HEADER_Y = 118  # centre line of badge and name
BUBBLE_TOP = 156
DIE, DIE_GAP = 64, 10
DICE_Y = 306  # centre line of a seat's dice
CUP = 140  # a resting cup's width
CUP_REST_Y = 338  # a resting cup's bottom
CUP_LIFT_Y = 274  # a lifted cup's bottom
CENTER = pygame.Rect(452, 84, 376, 322)
CLAIM_H = 188  # the claim to beat, at the top of the middle column; the log or the claim being built under it
BAR = pygame.Rect(24, 418, 1232, 290)
# The big moments' ribbon: across the bar, where its narration would say the same words (it
# crossed the cups and the dice just rolled: "Both shake their cups…" over the dice it was about).
RIBBON = pygame.Rect(0, BAR.centery - 14 - 42, 1280, 84)

# The action bar while bidding: rerolls on the left (the button on top: its key cap may sit on
# its edge), the claim builder, the big buttons. Every
# word in it is drawn at 18 px or more (issue 18) and fits in every language (issue 23): the
# kinds of hand are a list, one to a line, wide enough for the longest language.
REROLL_BLOCK = pygame.Rect(36, 428, 226, 270)
REROLL_BUTTON = pygame.Rect(REROLL_BLOCK.x + 10, REROLL_BLOCK.y + 24, REROLL_BLOCK.w - 20, 60)
BUILDER = pygame.Rect(272, 426, 748, 274)
PROPOSE_BUTTON = pygame.Rect(1030, 434, 214, 62)
CHALLENGE_BUTTON = pygame.Rect(1030, 566, 214, 62)
UNDER_H = 64  # room for three lines under each of those buttons: why it cannot be used now
NEXT_BUTTON = pygame.Rect(902, 590, 330, 70)
# Inside the builder: the kinds of hand, lowest first, then the two shortcuts, in a list on the
# left; the parts' lines of faces on the right, under a line of key hints (or a refusal).
LIST_X, LIST_W, LIST_TOP = BUILDER.x + 12, 318, BUILDER.y + 8
KIND_H, KIND_GAP, SHORTCUT_GAP = 23, 2, 8
ROWS_X = LIST_X + LIST_W + 14
ROWS_W = BUILDER.right - 12 - ROWS_X
HINT_TOP, HINT_H = BUILDER.y + 6, 62  # three lines: the moving keys, or why a key did nothing
ROWS_TOP = HINT_TOP + HINT_H + 6
FACE, FACE_GAP, ROW_H = 32, 4, 46
ROW_LABEL_W = ROWS_W - 6 * FACE - 5 * FACE_GAP - 12
# the log, or on one's own turn the claim being built, under the claim to beat
PREVIEW = pygame.Rect(CENTER.x, CENTER.y + CLAIM_H + 8, CENTER.w, CENTER.h - CLAIM_H - 8)
MOOD_W, MOOD_GAP, MOOD_Y = 330, 24, 580


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
    """The line of kind `index` (0 one pair … 7 five of a kind) in the builder's list, lowest first."""
    y = LIST_TOP + index * (KIND_H + KIND_GAP)
    return pygame.Rect(LIST_X, y, LIST_W, KIND_H)


def shortcut_rect(index: int) -> pygame.Rect:
    """The lines under the kinds, a little apart: 0 "my dice", 1 the lowest claim that beats it."""
    return kind_rect(8 + index).move(0, SHORTCUT_GAP)


def row_rect(row: int) -> pygame.Rect:
    """The line of a part's faces (label and six face chips)."""
    return pygame.Rect(ROWS_X, ROWS_TOP + row * ROW_H, ROWS_W, ROW_H - 6)


def face_rect(row: int, column: int) -> pygame.Rect:
    """Face chip `column` (0 the ace, then 6 … 2) of a part's line."""
    line = row_rect(row)
    x = line.right - 6 - 6 * FACE - 5 * FACE_GAP + column * (FACE + FACE_GAP)
    return pygame.Rect(x, line.centery - FACE // 2, FACE, FACE)
