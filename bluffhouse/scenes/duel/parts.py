"""Small pieces of the duel screen: the speech bubbles' tones and the tumbling faces."""

from __future__ import annotations

from bluffhouse.scenes.ui.palette import Palette

BUBBLE_MAX = 372
TONES = {"good": (34, 120, 62), "bad": (178, 36, 34), "say": Palette.INK, "claim": Palette.INK}


def bubble_look(tone: str) -> dict:
    """The house bubble's colours and size for a tone of the duel ("good", "bad", "say", "claim")."""
    ink = TONES.get(tone, Palette.INK)
    edge = ink if tone in ("good", "bad") else Palette.GOLD_DARK
    fill = (255, 248, 222) if tone == "claim" else Palette.CARD
    return {"ink": ink, "edge": edge, "fill": fill, "size": 20 if tone == "claim" else 22}


def tumble_face(time: float, seat: int, index: int) -> int:
    """The face a spinning die shows at this moment (changes about 14 times a second)."""
    return 1 + (int(time * 14) + index * 3 + seat * 7 + index * index) % 6
