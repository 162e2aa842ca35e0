"""The baseline bots of the card table: legal, and sensible where they should be."""

import random

from bluffhouse.game.actions import Accept, Challenge, Play
from bluffhouse.game.bots import TABLE_BOTS, TableRandomBot, TableSensibleBot, run_table
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table


def sensible(seat=0, seed=0):
    return TableSensibleBot(seat, random.Random(seed))


def test_registry_names_both_baseline_bots():
    assert TABLE_BOTS["random"] is TableRandomBot
    assert TABLE_BOTS["sensible"] is TableSensibleBot


def test_sensible_plays_every_card_of_the_called_rank_up_to_four_szines_counting():
    t = Table.from_hands(Rules.kamu(2, jokers=True), ["7P 7T 9Z *S 7M", "8P"])
    action = sensible().choose(t.view(0))
    assert action == Play(0, parse_cards("7P 7T 7M *S"))


def test_sensible_lies_with_one_card_it_needs_least():
    # Bullets, 2 players: seat 0 calls A, 3, 5 ... so the 2 is needed 7 turns from now.
    t = Table.from_hands(Rules.bullets(2), ["2S 3S 3H", "4S"])
    action = sensible().choose(t.view(0))
    assert action == Play(0, parse_cards("2S"))


def test_sensible_bluffs_first_with_ranks_it_is_never_asked_for():
    # Two-player Kamu: seat 0 only ever calls 7, 9, U, K; the 8 can only leave as a bluff,
    # so it is bluffed away and the seven is kept for a winning last call.
    t = Table.from_hands(Rules.kamu(2), ["7P 8T", "9P"])
    assert sensible().choose(t.view(0)) == Play(0, parse_cards("8T"))


def test_sensible_plays_the_fako_only_alone():
    t = Table.from_hands(Rules.kamu(2, jokers=True), ["*F", "9P"])
    assert sensible().choose(t.view(0)) == Play(0, parse_cards("*F"))
    for seed in range(30):
        t = Table.from_hands(Rules.kamu(2, jokers=True), ["*F 8T 9Z", "9P"])
        cards = sensible(seed=seed).choose(t.view(0)).cards
        assert len(cards) == 1


def twos_called(seat0):
    """Seat 1 calls one ace with 3C, then seat 2 calls "two twos" with KS 5C."""
    t = Table.from_hands(Rules.bullets(3), [seat0, "2S 3C", "KS 5C 9D"], first=1)
    t.apply(Play(1, parse_cards("3C")))
    t.apply(Play(2, parse_cards("KS 5C")))
    return t.view(0)


def test_sensible_challenges_a_call_its_own_hand_proves_impossible():
    view = twos_called("2D 2C 2H 4C")  # seat 0 holds three of the four twos
    hits = sum(sensible(seed=s).wants_challenge(view) for s in range(100))
    assert 75 <= hits <= 100  # catch_chance 0.9


def test_sensible_does_not_challenge_a_call_that_may_be_true():
    view = twos_called("2D 2C 4C")  # two held + two called = four twos: possible
    assert not any(sensible(seed=s).wants_challenge(view) for s in range(50))


def test_sensible_lets_an_impossible_call_pass_when_the_pile_is_only_the_callers():
    t = Table.from_hands(Rules.bullets(3), ["AS AH AD 4C", "2S 3C", "KS 5C 9D"], first=2)
    t.apply(Play(2, parse_cards("KS 5C")))  # "two aces" on an empty pile
    assert not any(sensible(seed=s).wants_challenge(t.view(0)) for s in range(50))


def test_with_szines_in_the_game_unseen_jokers_keep_a_call_possible():
    rules = Rules.kamu(3, jokers=True)
    t = Table.from_hands(rules, ["7P 7T 7Z 9P", "8P 9T", "UM OT AP"], first=1)
    t.apply(Play(1, parse_cards("9T")))
    t.apply(Play(2, parse_cards("UM OT")))  # "two eights": 4 eights + 1 Színes - 0 held
    assert not sensible().wants_challenge(t.view(0))


def test_sensible_always_challenges_a_hand_emptying_call_and_accepts_when_it_cannot():
    t = Table.from_hands(Rules.bullets(3), ["AS", "2S 3D", "KS KH"])
    t.apply(Play(0, parse_cards("AS")))
    assert sensible(2).wants_challenge(t.view(2))
    assert sensible(1).choose(t.view(1)) == Challenge(1)
    t = Table.from_hands(Rules.bullets(3), ["AS", "2S 3D", "KS KH"], bullets=[3, 0, 3])
    t.apply(Play(0, parse_cards("AS")))
    assert sensible(1).choose(t.view(1)) == Accept(1)


def test_random_bot_only_makes_legal_moves():
    for seed in range(40):
        rules = Rules.kamu(4, jokers=True) if seed % 2 else Rules.bullets(5)
        t = Table.deal(rules, seed)
        bots = [TableRandomBot(s, random.Random(seed + s)) for s in range(rules.players)]
        run_table(t, bots)  # apply() would raise on an illegal move
        assert t.is_over


def test_bots_see_only_views():
    t = Table.deal(Rules.bullets(3), 1)
    for bot in (TableRandomBot(0, random.Random(1)), sensible()):
        action = bot.choose(t.view(0))
        assert isinstance(action, Play) and action.seat == 0
