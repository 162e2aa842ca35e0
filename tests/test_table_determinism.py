"""Determinism and replay: same seed and actions give equal tables and events; clone()."""

import random

import pytest

from bluffhouse.game.bots import TABLE_BOTS, run_table
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Challenge, Play, Table


def record(rules, seed):
    """Play a bot game; return the table, its actions and its events."""
    t = Table.deal(rules, seed)
    bots = [
        TABLE_BOTS["sensible" if s % 2 else "random"](s, random.Random(seed * 10 + s))
        for s in range(rules.players)
    ]
    actions, events = [], [list(t.opening_events)]

    def keep(table, action, happened):
        actions.append(action)
        events.append(happened)

    run_table(t, bots, after=keep)
    return t, actions, events


@pytest.mark.parametrize(
    "rules", [Rules.bullets(4), Rules.bullets(7), Rules.kamu(3, jokers=True), Rules.kamu(6)]
)
def test_same_seed_and_actions_give_equal_states_and_equal_events(rules):
    for seed in range(5):
        first, actions, events = record(rules, seed)
        again, again_actions, again_events = record(rules, seed)
        assert actions == again_actions and events == again_events and first == again
        replay = Table.deal(rules, seed)
        replayed = [list(replay.opening_events)] + [replay.apply(a) for a in actions]
        assert replayed == events
        assert replay == first
        assert replay.ranking() == first.ranking()


def test_different_seeds_give_different_deals():
    deals = {tuple(map(str, Table.deal(Rules.bullets(4), s, first=0).hand(0))) for s in range(20)}
    assert len(deals) == 20


def test_clone_is_equal_and_independent():
    t = Table.deal(Rules.kamu(4, jokers=True), seed=3, first=0)
    t.apply(Play(0, t.hand(0)[:2]))
    copy = t.clone()
    assert copy == t
    snapshot = t.clone()
    copy.apply(Challenge(2))
    assert t == snapshot and copy != t
    assert t.view(1) == snapshot.view(1)
    t.apply(Play(1, t.hand(1)[:1]))
    assert copy.pile_size == 0 and t.pile_size == 3


def test_clone_of_a_finished_game_keeps_the_result():
    t = Table.from_hands(Rules.bullets(2), ["AS", "2S 2H"])
    t.apply(Play(0, parse_cards("AS")))
    t.apply(Challenge(1))
    copy = t.clone()
    assert copy.is_over and copy.winner == 0 and copy == t


def test_table_equality_sees_every_part_of_the_state():
    a = Table.from_hands(Rules.bullets(3), ["AS 2C", "2S 3C", "3S 4C"])
    b = Table.from_hands(Rules.bullets(3), ["AS 2C", "2S 3C", "3S 4C"], bullets=[3, 2, 3])
    c = Table.from_hands(Rules.bullets(3), ["AS 2C", "2S 3C", "3S 4C"], first=1)
    d = Table.from_hands(Rules.bullets(3), ["AS 2C", "2S 3C", "3S 5C"])
    assert a == Table.from_hands(Rules.bullets(3), ["AS 2C", "2S 3C", "3S 4C"])
    assert a != b and a != c and a != d and a != "table"
