"""The art the dice duel draws: the cup, the dice at every size the screen shows, the badges."""

from __future__ import annotations

from collections.abc import Iterator

from bluffhouse.scenes.art.wanted import Wanted, dice_jobs
from bluffhouse.scenes.duel import layout as duel_layout

DUEL_BADGE = 46
DIE_SIZES = (duel_layout.DIE, 92, 48, 40, 30, 24)  # tray, first roll, claim, built claim, chips, small
CUP_WIDTH = duel_layout.CUP


def duel_jobs() -> Iterator[Wanted]:
    """The dice duel: the cup, then the dice at every size the screen shows."""
    return dice_jobs(CUP_WIDTH, DIE_SIZES)
