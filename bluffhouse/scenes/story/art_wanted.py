"""The art a Replay draws, in the sizes its painters ask for: what the History wants made for the
game chosen (so that Enter opens a replay whose faces are made already: drawing its first
position's fifty faces cost the Replay's first frame ~50 ms), and what the Replay keeps making.

Whole decks, in deck order (scenes/shell/warmup.py): the dealt hands are not looked at."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from bluffhouse.game.rules import Rules
from bluffhouse.scenes import art
from bluffhouse.scenes.art.wanted import Wanted, badges, deck_of, dice_jobs, faces
from bluffhouse.scenes.story.duel_paint import CUP_BADGE, CUP_WIDTH, DIE
from bluffhouse.scenes.story.table_paint import (
    BULLET_HEIGHT,
    PLAYED_WIDTH,
    SEAT_BADGE,
    hand_width,
    seat_cells,
)
from bluffhouse.scenes.ui.names import badge_letters


def replay_jobs(game: str, names: Sequence[str]) -> Iterator[Wanted]:
    """A replay of a game (bullets, kamu or duel) between these seats: the seats' badges, then the
    cards (or dice) at the sizes its painters draw them, the hands' size first."""
    if game == "duel":
        yield from badges(names, CUP_BADGE, badge_letters)
        yield from dice_jobs(CUP_WIDTH, (DIE,))
        return
    if game not in ("bullets", "kamu") or not 2 <= len(names) <= 8:
        return  # a damaged row: its replay is refused anyway
    rules = (Rules.kamu if game == "kamu" else Rules.bullets)(len(names), jokers=True)  # either may have them
    yield from badges(names, SEAT_BADGE, badge_letters)
    if rules.uses_bullets:
        yield ("bullet", BULLET_HEIGHT, "full"), "bullet", lambda: art.bullet_icon(BULLET_HEIGHT, "full")
    cards = deck_of(rules)
    yield from faces(cards, hand_width(seat_cells(len(names))[0]))
    yield from faces(cards, PLAYED_WIDTH)
