"""Which engine plays each game: the one table that says so, written against the contract.

Both engines keep game.contract.Engine; assigning them here is where the type checker proves it
(mypy compares each class with the Protocol, its constructors and classmethods included).
"""

from __future__ import annotations

from bluffhouse.game.contract import Engine
from bluffhouse.game.duel import Duel
from bluffhouse.game.rules import GameKind
from bluffhouse.game.table import Table

ENGINES: dict[GameKind, type[Engine]] = {
    GameKind.BULLETS: Table,
    GameKind.KAMU: Table,
    GameKind.DUEL: Duel,
}
