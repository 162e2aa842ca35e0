"""Computer players: they see only what their seat may see (a view), never the table."""

import random
from collections.abc import Callable
from typing import Literal, overload

from game.bots.duel_expert import ExpertDuelBot
from game.bots.duel_levels import EasyDuelBot, HardDuelBot, MediumDuelBot
from game.bots.duel_random import DuelRandomBot
from game.bots.duel_sensible import DuelSensibleBot
from game.bots.players import DuelPlayer, TablePlayer
from game.bots.table_expert import ExpertTableBot
from game.bots.table_levels import EasyTableBot, HardTableBot, MediumTableBot
from game.bots.table_random import TableRandomBot
from game.bots.table_runner import run_table
from game.bots.table_sensible import TableSensibleBot

# The baselines, then the levels Easy, Medium, Hard (a level name alone gives its default personality).
TABLE_BOTS: dict[str, Callable[[int, random.Random], TablePlayer]] = {
    "random": TableRandomBot, "sensible": TableSensibleBot,
    "easy": EasyTableBot, "medium": MediumTableBot, "hard": HardTableBot,
    "expert": ExpertTableBot,
}  # fmt: skip
DUEL_BOTS: dict[str, Callable[[int, random.Random], DuelPlayer]] = {
    "random": DuelRandomBot, "sensible": DuelSensibleBot,
    "easy": EasyDuelBot, "medium": MediumDuelBot, "hard": HardDuelBot,
    "expert": ExpertDuelBot,
}  # fmt: skip


@overload
def make_bot(game: Literal["duel"], level: str, seat: int, rng: random.Random) -> DuelPlayer: ...


@overload
def make_bot(game: str, level: str, seat: int, rng: random.Random) -> TablePlayer | DuelPlayer: ...


def make_bot(game: str, level: str, seat: int, rng: random.Random) -> TablePlayer | DuelPlayer:
    """A computer player of `level` for `game` ("duel", or a card game), else the sensible one.

    rng is the player's own generator: no other stream of chance may share it.
    """
    if game == "duel":
        return (DUEL_BOTS.get(level) or DUEL_BOTS["sensible"])(seat, rng)
    return (TABLE_BOTS.get(level) or TABLE_BOTS["sensible"])(seat, rng)


__all__ = [
    "DUEL_BOTS", "TABLE_BOTS", "make_bot", "DuelRandomBot", "DuelSensibleBot", "TableRandomBot",
    "TableSensibleBot", "run_table",
]  # fmt: skip
