"""Computer players: they see only what their seat may see (a view), never the table.

The levels are a registry that knows their names without importing them: a level's module
(the expert's is the weight of all the others together) is imported the first time its class
is asked for, so a game of medium players never loads the expert, and the window's first frame
loads no player at all. `make_bot(game, level, seat, rng)` builds a player of a level by name.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Literal, TypeVar, overload

if TYPE_CHECKING:
    from bluffhouse.game.bots.players import DuelPlayer, TablePlayer

P = TypeVar("P", covariant=True)  # the kind of player a registry makes (TablePlayer, DuelPlayer)
Maker = Callable[[int, random.Random], P]  # a player class: (seat, its own generator) -> player

# level -> (module, class), the baselines, then Easy, Medium, Hard and the expert (a level name
# alone gives its default personality)
TABLE_LEVELS: dict[str, tuple[str, str]] = {
    "random": ("bluffhouse.game.bots.table_random", "TableRandomBot"),
    "sensible": ("bluffhouse.game.bots.table_sensible", "TableSensibleBot"),
    "easy": ("bluffhouse.game.bots.table_levels", "EasyTableBot"),
    "medium": ("bluffhouse.game.bots.table_levels", "MediumTableBot"),
    "hard": ("bluffhouse.game.bots.table_levels", "HardTableBot"),
    "expert": ("bluffhouse.game.bots.table_expert", "ExpertTableBot"),
}
DUEL_LEVELS: dict[str, tuple[str, str]] = {
    "random": ("bluffhouse.game.bots.duel_random", "DuelRandomBot"),
    "sensible": ("bluffhouse.game.bots.duel_sensible", "DuelSensibleBot"),
    "easy": ("bluffhouse.game.bots.duel_levels", "EasyDuelBot"),
    "medium": ("bluffhouse.game.bots.duel_levels", "MediumDuelBot"),
    "hard": ("bluffhouse.game.bots.duel_levels", "HardDuelBot"),
    "expert": ("bluffhouse.game.bots.duel_expert", "ExpertDuelBot"),
}
# Names the package gives besides the levels: imported on first use too (PEP 562)
ELSEWHERE: dict[str, str] = {
    "run_table": "bluffhouse.game.bots.table_runner",
    **{cls: module for module, cls in (*TABLE_LEVELS.values(), *DUEL_LEVELS.values())},
}


class Levels(Mapping[str, Maker[P]]):
    """Level name -> player class, each class imported the first time it is looked up."""

    def __init__(self, where: dict[str, tuple[str, str]]) -> None:
        """where: level -> (module, class name)."""
        self.where = where

    def __getitem__(self, level: str) -> Maker[P]:
        """The class of a level (its module imported now if it was not yet); KeyError if none."""
        module, name = self.where[level]
        player: Maker[P] = getattr(importlib.import_module(module), name)  # the class the table names
        return player

    def __iter__(self) -> Iterator[str]:
        """The level names, baselines first."""
        return iter(self.where)

    def __len__(self) -> int:
        """How many levels there are."""
        return len(self.where)

    def __contains__(self, level: object) -> bool:
        """Whether level is a name of this registry (imports nothing)."""
        return level in self.where


TABLE_BOTS: Levels[TablePlayer] = Levels(TABLE_LEVELS)
DUEL_BOTS: Levels[DuelPlayer] = Levels(DUEL_LEVELS)


@overload
def make_bot(game: Literal["duel"], level: str, seat: int, rng: random.Random) -> DuelPlayer: ...


@overload
def make_bot(game: str, level: str, seat: int, rng: random.Random) -> TablePlayer | DuelPlayer: ...


def make_bot(game: str, level: str, seat: int, rng: random.Random) -> TablePlayer | DuelPlayer:
    """A computer player of `level` for `game` ("duel", or a card game), else the sensible one;
    only that level's module is imported (now, the first time).

    rng is the player's own generator: no other stream of chance may share it.
    """
    if game == "duel":
        return DUEL_BOTS[level if level in DUEL_BOTS else "sensible"](seat, rng)
    return TABLE_BOTS[level if level in TABLE_BOTS else "sensible"](seat, rng)


def __getattr__(name: str) -> object:
    """A player class or run_table, from its module (imported on first use)."""
    module = ELSEWHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "DUEL_BOTS",
    "DUEL_LEVELS",
    "TABLE_BOTS",
    "TABLE_LEVELS",
    "Levels",
    "make_bot",
    "DuelRandomBot",
    "DuelSensibleBot",
    "TableRandomBot",
    "TableSensibleBot",
    "run_table",
]
