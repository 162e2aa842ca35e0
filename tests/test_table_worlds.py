"""Worlds: every deal it samples is one the seat could be sitting at, and it reads only the view.

The checks of a deal are made independently of the sampler: from the view alone (its hand,
the counts, the cards it saw face up) and from TableMemory's "held for sure", which reads the
same history another way.
"""

import random

import pytest
from kit import assert_consistent

from bluffhouse.game.actions import Play
from bluffhouse.game.arena import rules_for
from bluffhouse.game.bots import TABLE_BOTS
from bluffhouse.game.bots.table_runner import next_bot_action
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.rules import Rules, WhoMayChallenge
from bluffhouse.game.table import Table
from bluffhouse.game.table_worlds import Worlds

CONFIGS = [
    rules_for("bullets", 4),
    rules_for("kamu", 4),
    Rules.bullets(3, who_may_challenge=WhoMayChallenge.NEXT),
    Rules.kamu(6, jokers=True),  # two decks: equal cards in two places
    Rules.bullets(4, hand_size=5),  # the hand-size house rule: most cards set aside unseen
    Rules.kamu(4, jokers=True, hand_size=7),
]


def sample_every_decision(rules: Rules, seed: int, limit: int = 10_000) -> int:
    table = Table.deal(rules, seed)
    kinds = ("random", "medium", "hard")
    bots = [TABLE_BOTS[kinds[(seed + s) % 3]](s, random.Random(seed * 7 + s)) for s in range(rules.players)]
    cache = [None] * rules.players
    rng = random.Random(seed)
    checked = 0
    while not table.is_over and limit > 0:
        limit -= 1
        for seat in range(rules.players):
            view = table.view(seat)
            cache[seat] = Worlds.of(view, cache[seat])
            assert_consistent(view, cache[seat].sample(view, rng, truth=lambda *_: 0.6))
            checked += 1
        table.apply(next_bot_action(table, bots))
    return checked


@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.game.value}{r.players}h{r.hand_size}")
def test_every_sampled_deal_is_consistent_with_the_view(rules):
    assert sample_every_decision(rules, 1, limit=45) > 100  # whole games in the heavy sibling


@pytest.mark.heavy
@pytest.mark.parametrize("rules", CONFIGS, ids=lambda r: f"{r.game.value}{r.players}h{r.hand_size}")
def test_every_sampled_deal_is_consistent_over_many_games(rules):
    assert sum(sample_every_decision(rules, seed) for seed in range(2, 20)) > 3000


def test_deals_depend_on_nothing_the_seat_cannot_see():
    """Two tables alike for seat 0 and different in every other hand: the same deals."""
    checked = 0
    for seed in range(4):
        rules = rules_for("kamu" if seed % 2 else "bullets", 4)
        table = Table.deal(rules, seed)
        bots = [TABLE_BOTS["hard"](s, random.Random(s)) for s in range(4)]
        for _ in range(25):
            if table.is_over:
                break
            twin = table.redealt_hidden(0, random.Random(seed))
            assert twin.view(0) == table.view(0)
            ours = Worlds.of(table.view(0)).sample(table.view(0), random.Random(9))
            theirs = Worlds.of(twin.view(0)).sample(twin.view(0), random.Random(9))
            assert (ours.hands, ours.pile, ours.aside, ours.last) == (
                theirs.hands,
                theirs.pile,
                theirs.aside,
                theirs.last,
            )
            checked += 1
            table.apply(next_bot_action(table, bots))
    assert checked > 60


def test_a_search_may_force_the_open_calls_verdict():
    table = Table.from_hands(Rules.bullets(3), ["AS 2S 3S", "AH 2H 9D 9C", "AD 4C 5C KD"], first=1, rank="2")
    table.apply(Play(1, parse_cards("2H 9D")))  # seat 1 calls two twos: one is a nine
    view = table.view(0)
    worlds = Worlds.of(view)
    for seed in range(20):
        assert worlds.sample(view, random.Random(seed), open_truth=True).truthful()
        assert not worlds.sample(view, random.Random(seed), open_truth=False).truthful()


def test_knowledge_read_record_by_record_equals_knowledge_read_at_once():
    rules = rules_for("bullets", 4)
    table = Table.deal(rules, 5)
    bots = [TABLE_BOTS["medium"](s, random.Random(s)) for s in range(4)]
    cached = None
    while not table.is_over:
        cached = Worlds.of(table.view(2), cached)
        table.apply(next_bot_action(table, bots))
    fresh = Worlds.of(table.view(2))
    cached = Worlds.of(table.view(2), cached)
    assert (cached.groups, cached.floor, cached.owner) == (fresh.groups, fresh.floor, fresh.owner)


def test_a_card_seen_going_into_a_hand_stays_there_until_that_hand_plays_face_down():
    table = Table.from_hands(Rules.bullets(3), ["AS 2S 3S 4S", "AH 2H 9D", "KD QD 5C 6C"], first=0)
    table.apply(Play(0, parse_cards("AS 3S")))  # "two aces": a lie with the three
    table.apply_challenges([1])  # caught: seat 0 takes its own AS 3S back, face up for all
    view = table.view(2)
    worlds = Worlds.of(view)
    three = rules_for("bullets", 3).ranks.index("3")
    for seed in range(10):
        world = worlds.sample(view, random.Random(seed))
        assert world.hands[0][0] >= 1 and world.hands[0][three] >= 1
