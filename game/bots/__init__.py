"""Computer players: they see only what their seat may see (a view), never the table."""

from game.bots.duel_random import DuelRandomBot
from game.bots.duel_sensible import DuelSensibleBot
from game.bots.table_random import TableRandomBot
from game.bots.table_runner import run_table
from game.bots.table_sensible import TableSensibleBot

TABLE_BOTS = {"random": TableRandomBot, "sensible": TableSensibleBot}
DUEL_BOTS = {"random": DuelRandomBot, "sensible": DuelSensibleBot}

# The levels of issue 5 (the level name alone gives its default personality).
from game.bots.duel_levels import EasyDuelBot, HardDuelBot, MediumDuelBot
from game.bots.table_levels import EasyTableBot, HardTableBot, MediumTableBot

TABLE_BOTS.update(easy=EasyTableBot, medium=MediumTableBot, hard=HardTableBot)
DUEL_BOTS.update(easy=EasyDuelBot, medium=MediumDuelBot, hard=HardDuelBot)

__all__ = ["DUEL_BOTS", "TABLE_BOTS", "DuelRandomBot", "DuelSensibleBot", "TableRandomBot", "TableSensibleBot", "run_table"]
