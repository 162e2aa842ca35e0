"""Random play: seeded bot games at every game and player count, invariants after every action.

2 games per game and player count in the fast tier (`make test`), 50 in the heavy tier
(`make test-heavy`, other seeds: 1,050 games), 500 in `make soak` (BLUFFHOUSE_SOAK=1).
"""

import os
import random

import pytest
from kit import Checker

from bluffhouse.game.bots import TableRandomBot, TableSensibleBot, run_table
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table

FAST_GAMES = 2
HEAVY_GAMES = 500 if os.environ.get("BLUFFHOUSE_SOAK") == "1" else 50
MAX_ACTIONS = 5_000  # every game must end well within this


def rules_for(game, players):
    if game == "bullets":
        return Rules.bullets(players)
    return Rules.kamu(players, jokers=game == "kamu+jokers")


def play_random_games(game, players, seeds):
    """Seeded games of random and sensible bots, every invariant checked after every action."""
    rules = rules_for(game, players)
    checker = Checker(rules)
    for seed in seeds:
        rng = random.Random(seed)
        t = Table.deal(rules, seed)
        kinds = [rng.choice((TableRandomBot, TableSensibleBot)) for _ in range(players)]
        bots = [kind(s, random.Random(seed * 100 + s)) for s, kind in enumerate(kinds)]
        actions = run_table(t, bots, after=checker, max_actions=MAX_ACTIONS)
        assert t.is_over and actions <= MAX_ACTIONS
    assert checker.wins == len(seeds)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("game", ["bullets", "kamu", "kamu+jokers"])
def test_random_games_keep_every_invariant_and_end(game, players):
    play_random_games(game, players, range(FAST_GAMES))


@pytest.mark.heavy
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("game", ["bullets", "kamu", "kamu+jokers"])
def test_many_random_games_keep_every_invariant_and_end(game, players):
    play_random_games(game, players, range(FAST_GAMES, FAST_GAMES + HEAVY_GAMES))
