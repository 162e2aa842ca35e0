"""The questions the History and Stats screens ask when they open, as one call each (no pygame).

The screens and tools/records_bench.py ask through these same functions, so the bench's
"history_screen" and "stats_screen" figures are the screens' own cost with 10,000 stored games.
"""

from __future__ import annotations

from dataclasses import dataclass

from bluffhouse.game.records.queries import HistoryRow, Stats

PAGE = 8  # games on one page of the History


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of the History: who played (for the person filter), how many match, the page."""

    people: tuple[str, ...]
    total: int
    rows: tuple[HistoryRow, ...]


def history_page(store, game: str | None = None, person: str | None = None, page: int = 0) -> HistoryPage:
    """The History as it opens (or turns a page): never more than one page of games is read."""
    people = tuple(store.people())
    total = store.count(game, person)
    return HistoryPage(people, total, tuple(store.history(game, person, PAGE, max(0, page) * PAGE)))


def person_page(store, name: str | None, game: str | None) -> tuple[tuple[str, ...], str, Stats | None]:
    """The Stats screen as it opens on a person: the people to go through, the game shown (None:
    the one that person played last), their figures in it."""
    people = tuple(store.people())
    shown = name if name is not None else (people[0] if people else None)
    if game is None:
        game = store.last_game(shown) or store.last_game() or "bullets"
    return people, game, store.stats(shown, game) if shown is not None else None
