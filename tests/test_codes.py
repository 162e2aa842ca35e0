"""The tests' QR reader (tests/codes.py) reads each drawn code once, and nothing else as a code.

Its flake: the reader took every square of pure white for a code. Inside a code, light
modules ringed by dark ones make white squares too, and now and then one of them had a
QR code's size and a dark corner where a finder pattern goes: with this address at 7 px a
module it read as a second, "unknown" code. Which addresses do that depends on the join
link's random token, so test_phone_evening failed about once in a hundred runs, waiting
10 s for a frame showing exactly the codes it knew.
"""

import pygame
from codes import codes_in

from bluffhouse.scenes.phones.qr import qr_surface

# An address whose code holds a white square of 49 px (a version 6 code's side at 1 px a
# module) with a dark corner: read alone, it passed for a code.
RINGED = "http://127.0.0.1:41495/p/6CiXPAI1Zrko0kWl0VJBAg"
OTHER = "http://127.0.0.1:41495/p/Ben0000000000000000000"


def frame_with(*codes: tuple[str, int, tuple[int, int]]) -> pygame.Surface:
    frame = pygame.Surface((1280, 720))
    frame.fill((4, 22, 14))  # the join card's dark green
    for url, size, spot in codes:
        frame.blit(qr_surface(url, size), spot)
    return frame


def test_a_code_with_white_squares_inside_is_read_once():
    assert codes_in(frame_with((RINGED, 287, (100, 100))), [RINGED]) == [RINGED]


def test_two_codes_side_by_side_are_both_read_and_a_stranger_is_unknown():
    frame = frame_with((RINGED, 287, (100, 100)), (OTHER, 250, (700, 100)))
    assert sorted(codes_in(frame, [RINGED, OTHER])) == sorted([RINGED, OTHER])
    assert codes_in(frame, [RINGED]) == [RINGED, "unknown"]


def test_a_code_whose_quiet_zone_is_covered_is_not_read():
    frame = frame_with((RINGED, 287, (100, 100)))
    frame.fill((200, 190, 160), (100, 100, 287, 10))  # something drawn over the top of its white border
    assert codes_in(frame, [RINGED]) == []
