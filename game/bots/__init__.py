"""Computer players: they see only what their seat may see (a view), never the table."""

from game.bots.duel_expert import ExpertDuelBot
from game.bots.duel_levels import EasyDuelBot, HardDuelBot, MediumDuelBot
from game.bots.duel_random import DuelRandomBot
from game.bots.duel_sensible import DuelSensibleBot
from game.bots.table_expert import ExpertTableBot
from game.bots.table_levels import EasyTableBot, HardTableBot, MediumTableBot
from game.bots.table_random import TableRandomBot
from game.bots.table_runner import run_table
from game.bots.table_sensible import TableSensibleBot

# The baselines, then the levels Easy, Medium, Hard (a level name alone gives its default personality).
TABLE_BOTS = {
    "random": TableRandomBot, "sensible": TableSensibleBot,
    "easy": EasyTableBot, "medium": MediumTableBot, "hard": HardTableBot,
    "expert": ExpertTableBot,
}  # fmt: skip
DUEL_BOTS = {
    "random": DuelRandomBot, "sensible": DuelSensibleBot,
    "easy": EasyDuelBot, "medium": MediumDuelBot, "hard": HardDuelBot,
    "expert": ExpertDuelBot,
}  # fmt: skip


def make_bot(game: str, level: str, seat: int, rng):
    """A computer player of `level` for `game` ("duel", or a card game), else the sensible one.

    rng is the player's own generator: no other stream of chance may share it.
    """
    registry = DUEL_BOTS if game == "duel" else TABLE_BOTS
    return (registry.get(level) or registry["sensible"])(seat, rng)


__all__ = [
    "DUEL_BOTS", "TABLE_BOTS", "make_bot", "DuelRandomBot", "DuelSensibleBot", "TableRandomBot",
    "TableSensibleBot", "run_table",
]  # fmt: skip
