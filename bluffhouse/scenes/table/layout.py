"""Where things sit on the 1280×720 card table: seats on an oval, the pile, the hand, buttons."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

SCREEN = pygame.Rect(0, 0, 1280, 720)
CENTRE = (640, 292)  # the pile
OVAL = (640, 318, 528, 240)  # centre x, centre y, radius x, radius y of the seats' oval
ARC = (162.0, 378.0)  # degrees (screen: 90 = down) the other seats spread over, left to right
SEAT_SIZE = (212, 94)
ANCHOR_RECT = pygame.Rect(18, 612, 226, 94)  # the person at the bottom: their own corner
HAND_RECT = pygame.Rect(262, 536, 752, 184)  # the fanned hand (or the curtain)
# a phone seat's turn: where its hand would be
PHONE_TURN_RECT = pygame.Rect(HAND_RECT.x + 70, HAND_RECT.y + 6, HAND_RECT.w - 140, HAND_RECT.h - 12)
PLAY_RECT = pygame.Rect(1030, 586, 232, 52)
CHALLENGE_RECT = pygame.Rect(1030, 648, 232, 52)
LOG_BUTTON = pygame.Rect(1116, 16, 148, 34)
# the audience's sign and the room's vote: left, between the seats and the bottom corner's panel
AUDIENCE_RECT = pygame.Rect(16, 398, 236, 110)
LOG_PANEL = pygame.Rect(330, 70, 620, 420)  # floats over the dimmed table while open
PILE_CARD_WIDTH = 74
REVEAL_CARD_WIDTH = 104
HAND_CARD_WIDTH = 92
MARGIN = 16


@dataclass(frozen=True, slots=True)
class SeatPlace:
    """One seat's place: its panel and the direction towards the middle of the table."""

    seat: int
    rect: pygame.Rect
    towards: tuple[float, float]  # unit vector from the seat to the pile
    bottom: bool = False  # the anchor seat in the bottom-left corner

    @property
    def centre(self) -> tuple[int, int]:
        """The middle of the seat's panel."""
        return self.rect.center

    def beside(self, size: tuple[int, int], gap: int = 14) -> pygame.Rect:
        """A box of `size` just off the panel towards the middle (speech, peeks)."""
        dx, dy = self.towards
        w, h = size
        rect = pygame.Rect(0, 0, w, h)
        if self.bottom:  # above the hand's band: a curtain or a fan there never covers it
            rect.bottomleft = (self.rect.x + 6, min(self.rect.top, HAND_RECT.top) - gap)
        elif abs(dy) >= abs(dx) * 0.9:
            reach = (self.rect.h / 2 + h / 2 + gap) / max(abs(dy), 1e-6)
            rect.center = (
                round(self.rect.centerx + dx * reach * 0.35),
                round(self.rect.centery + dy * reach),
            )
        else:
            reach = (self.rect.w / 2 + w / 2 + gap) / max(abs(dx), 1e-6)
            rect.center = (
                round(self.rect.centerx + dx * reach),
                round(self.rect.centery + dy * reach * 0.35),
            )
        return rect.clamp(SCREEN.inflate(-2 * MARGIN, -2 * MARGIN))


def anchor_seat(humans: list[int], players: int) -> int:
    """Who sits at the bottom: the only person, else the first person, else seat 0."""
    return humans[0] if humans else 0


def seat_places(players: int, anchor: int) -> list[SeatPlace]:
    """Every seat's place: the anchor in the bottom corner, the rest clockwise over the top."""
    cx, cy, rx, ry = OVAL
    others = players - 1
    places: dict[int, SeatPlace] = {}
    for k in range(1, players):
        seat = (anchor + k) % players
        angle = math.radians(ARC[0] + (k - 0.5) * (ARC[1] - ARC[0]) / others)
        x, y = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        rect = pygame.Rect(0, 0, *SEAT_SIZE)
        rect.center = (round(x), round(y))
        rect.clamp_ip(SCREEN.inflate(-2 * MARGIN, -2 * MARGIN))
        places[seat] = SeatPlace(seat, rect, _unit(CENTRE[0] - x, CENTRE[1] - y))
    bottom = ANCHOR_RECT.copy()
    places[anchor] = SeatPlace(
        anchor, bottom, _unit(CENTRE[0] - bottom.centerx, CENTRE[1] - bottom.centery), bottom=True
    )
    return [places[s] for s in range(players)]


def _unit(dx: float, dy: float) -> tuple[float, float]:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length
