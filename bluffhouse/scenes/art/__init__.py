"""Art made in code: cards, backs, felt, bullets, dice, cups, badges — one import for scenes.

Every drawing function renders once per set of arguments and returns the cached Surface
(per-pixel alpha, except the opaque felt); treat the result as read-only (copy() it before
drawing on it). Nothing here sets a display mode; surfaces are convert_alpha()ed only
when the game already has a window.

`from scenes import art` costs nothing: each name is taken from its module the first time it
is used (PEP 562), so the menu's first frame, which draws no card, loads no card art; the
warm-up imports it after that frame.
"""

from __future__ import annotations

import importlib
from typing import Any

# name -> the module under scenes.art that makes it
WHERE = {
    **dict.fromkeys(("BACK_STYLES", "card_back", "card_glow", "card_shadow", "pile", "pile_size"), "backs"),
    **dict.fromkeys(("cache_size", "clear_cache"), "cache"),
    **dict.fromkeys(("CARD_RATIO", "card_radius", "card_size"), "cards"),
    **dict.fromkeys(("cup", "cup_size", "die_face"), "dice"),
    "card_face": "faces",
    **dict.fromkeys(("bullet_icon", "bullet_size", "count_chip", "felt", "seat_badge"), "furniture"),
    **dict.fromkeys(("HUNGARIAN_INDEX", "HUNGARIAN_NAMES"), "hungarian"),
    **dict.fromkeys(("RED_SUITS", "suit_colour", "suit_icon"), "suits"),
}


def __getattr__(name: str) -> Any:
    """A drawing function or constant, from its module (imported on first use, then kept here)."""
    module = WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later lookups are plain ones (and a test's monkeypatch sticks)
    return value


__all__ = sorted(WHERE)  # noqa: PLE0605 - a lazy package: its names are WHERE's keys
