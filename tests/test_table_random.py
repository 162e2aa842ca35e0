"""Random play: seeded bot games at every game and player count, invariants after every action.

2 games per game and player count in the fast tier (`make test`), 50 in the heavy tier
(`make test-heavy`, other seeds: 1,050 games), 500 in `make soak` (BLUFFHOUSE_SOAK=1).
"""

import os
import random

import pytest

from bluffhouse.game.bots import TableRandomBot, TableSensibleBot, run_table
from bluffhouse.game.events import Won
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Accept, Challenge, IllegalAction, Play, Table
from bluffhouse.game.table_setup import build_deck, canonical

FAST_GAMES = 2
HEAVY_GAMES = 500 if os.environ.get("BLUFFHOUSE_SOAK") == "1" else 50
MAX_ACTIONS = 5_000  # every game must end well within this


def rules_for(game, players):
    if game == "bullets":
        return Rules.bullets(players)
    return Rules.kamu(players, jokers=game == "kamu+jokers")


def fingerprint(t):
    """A cheap summary of the state, for checking that refused actions change nothing."""
    return (
        t.turn,
        t.rank,
        t.pile_size,
        t.window_open,
        t.winner,
        tuple(t.hand_size(s) for s in range(t.players)),
        tuple(t.bullets(s) for s in range(t.players)),
        t.history_size,
    )


class Checker:
    """Invariants of the card table, checked after every action of a game."""

    def __init__(self, rules):
        self.rules = rules
        self.expected = sorted(id(canonical(c)) for c in build_deck(rules))
        self.actions = 0
        self.wins = 0

    def __call__(self, t, action, events):
        self.actions += 1
        n = t.players
        # Every card is somewhere exactly once (a multiset with two decks).
        everywhere = [c for s in range(n) for c in t.hand(s)] + t.pile_cards() + list(t.set_aside_cards())
        assert sorted(map(id, everywhere)) == self.expected
        # Bullets stay within 0..bullets_per_player.
        assert all(0 <= t.bullets(s) <= self.rules.bullets_per_player for s in range(n))
        assert sum(isinstance(e, Won) for e in events) == (1 if t.is_over else 0)
        if t.is_over:
            self.wins += 1
            assert events[-1] == Won(t.winner, tuple(t.ranking()))
            assert t.hand_size(t.winner) == 0
            assert all(t.hand_size(s) > 0 for s in range(n) if s != t.winner)
            assert not any(t.can_challenge(s) for s in range(n))
            assert t.turn is None  # nobody is to act once the game is over (the engine contract)
            self.refuse(t, *(Play(s, t.hand(s)[:1]) for s in range(n) if s != t.winner))
            return
        assert t.hand_size(t.turn) > 0
        # Only the acting seats can act.
        other = (t.turn + 1) % n
        self.refuse(
            t,
            Play(other, t.hand(other)[:1]),
            Accept(other),
            Challenge(t.last_call.seat) if t.window_open else Challenge(other),
        )
        if self.actions % 25 == 0:  # now and then, the full comparison
            before = t.clone()
            self.refuse(t, Play(t.turn, []))
            assert t == before

    @staticmethod
    def refuse(t, *actions):
        before = fingerprint(t)
        for action in actions:
            try:
                t.apply(action)
            except IllegalAction:
                continue
            raise AssertionError(f"{action} was accepted")
        assert fingerprint(t) == before


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
