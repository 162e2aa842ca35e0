"""Which engine plays each game: the one table that says so, written against the contract.

Both engines keep game.contract.Engine; assigning them here is where the type checker proves it
(mypy compares each class with the Protocol, its constructors and classmethods included).
"""

from __future__ import annotations

from game.contract import Engine
from game.duel import Duel
from game.rules import GameKind
from game.table import Table

ENGINES: dict[GameKind, type[Engine]] = {
    GameKind.BULLETS: Table,
    GameKind.KAMU: Table,
    GameKind.DUEL: Duel,
}
