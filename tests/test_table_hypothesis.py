"""Hypothesis throws random actions, legal and illegal, at the card table engine."""

from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bluffhouse.game.actions import Accept, Challenge, Play
from bluffhouse.game.cards import FAKO_CARD, SZINES_CARD, french_deck, hungarian_deck
from bluffhouse.game.rules import Rules, WhoMayChallenge
from bluffhouse.game.table import IllegalAction, Table
from bluffhouse.game.table_setup import build_deck

EVERY_CARD = french_deck() + hungarian_deck() + [SZINES_CARD, FAKO_CARD]

rules_strategy = st.builds(
    lambda game, players, jokers, bullets, who: (
        Rules.bullets(players, bullets_per_player=bullets, who_may_challenge=who)
        if game == "bullets"
        else Rules.kamu(players, jokers=jokers, bullets_per_player=bullets, who_may_challenge=who)
    ),
    st.sampled_from(["bullets", "kamu"]),
    st.integers(2, 8),
    st.booleans(),
    st.sampled_from([0, 1, 3]),
    st.sampled_from(list(WhoMayChallenge)),
)


def action_strategy(data, t):
    """One action: often a plausible one, sometimes nonsense."""
    n = t.players
    seat = data.draw(st.one_of(st.just(t.turn), st.integers(-1, n)), label="seat")
    kind = data.draw(st.sampled_from(["play", "play", "challenge", "accept", "several"]))
    if kind == "challenge":
        return Challenge(seat)
    if kind == "accept":
        return Accept(seat)
    if kind == "several":
        return data.draw(st.lists(st.integers(-1, n), max_size=4), label="same instant")
    held = t.hand(seat) if 0 <= seat < n else []
    pool = st.sampled_from(held) if held and data.draw(st.booleans()) else st.sampled_from(EVERY_CARD)
    cards = data.draw(st.lists(pool, min_size=0, max_size=5), label="cards")
    if data.draw(st.booleans()):
        cards = [str(c) for c in cards]  # notation is accepted too
    return Play(seat, cards)


def check_invariants(t, rules):
    everywhere = [c for s in range(t.players) for c in t.hand(s)] + t.pile_cards() + list(t.set_aside_cards())
    assert Counter(everywhere) == Counter(build_deck(rules))
    assert all(0 <= t.bullets(s) <= rules.bullets_per_player for s in range(t.players))
    if t.is_over:
        assert t.hand_size(t.winner) == 0 and t.ranking()[0] == (1, t.winner, 0)
    else:
        assert t.hand_size(t.turn) > 0


def random_actions_never_corrupt_the_table(rules, seed, data):
    """Random, often illegal actions on a dealt table: refusals change nothing, plays keep the invariants."""
    t = Table.deal(rules, seed)
    steps = data.draw(st.integers(1, 60), label="steps")
    for _ in range(steps):
        action = action_strategy(data, t)
        before = t.clone()
        views = [t.view(s) for s in range(t.players)]
        try:
            if isinstance(action, list):
                t.apply_challenges(action)
            else:
                t.apply(action)
        except IllegalAction as refusal:
            event("refused")
            assert str(refusal)  # a message a player can read
            assert t == before
            assert [t.view(s) for s in range(t.players)] == views
        else:
            event(f"applied {type(action).__name__}")
            assert t != before
            check_invariants(t, rules)
        if t.is_over:
            break


FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HEAVY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(rules=rules_strategy, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_a_few_random_actions_never_corrupt_the_table(rules, seed, data):
    random_actions_never_corrupt_the_table(rules, seed, data)


@pytest.mark.heavy
@HEAVY
@given(rules=rules_strategy, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_actions_never_corrupt_the_table(rules, seed, data):
    random_actions_never_corrupt_the_table(rules, seed, data)
