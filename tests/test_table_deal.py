"""Deals of both card games (RULES.md sections 1 and 2) at every player count."""

import random
from collections import Counter

import pytest

from bluffhouse.game.cards import FAKO_CARD, SZINES_CARD, french_deck, hungarian_deck, parse_cards
from bluffhouse.game.events import Dealt
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Play, Table


def every_card(table):
    return Counter(c for s in range(table.players) for c in table.hand(s)) + Counter(table.set_aside_cards())


# -- Bullets -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, sizes",
    [
        (2, [26, 26]),
        (3, [18, 17, 17]),
        (4, [13, 13, 13, 13]),
        (5, [11, 11, 10, 10, 10]),
        (6, [9, 9, 9, 9, 8, 8]),
        (7, [8, 8, 8, 7, 7, 7, 7]),
        (8, [7, 7, 7, 7, 6, 6, 6, 6]),
    ],
)
def test_bullets_all_52_cards_are_dealt_one_at_a_time_starting_with_the_first_player(players, sizes):
    for first in range(players):
        t = Table.deal(Rules.bullets(players), seed=11, first=first)
        got = [t.hand_size((first + i) % players) for i in range(players)]
        assert got == sizes  # "some players get one card more than others": the first ones
        assert t.set_aside_size == 0 and t.pile_size == 0
        assert every_card(t) == Counter(french_deck())
        assert (t.turn, t.rank, t.first) == (first, "A", first)


def test_the_deal_gives_card_1_to_the_first_player_card_2_to_the_next():
    deck = french_deck()
    random.Random(5).shuffle(deck)
    t = Table.deal(Rules.bullets(8), seed=5, first=6)
    for i, card in enumerate(deck):
        seat = (6 + i) % 8
        assert t.hand(seat)[i // 8] == card


def test_each_player_also_gets_3_bullets_and_no_draw_pile():
    t = Table.deal(Rules.bullets(6), seed=3)
    assert [t.bullets(s) for s in range(6)] == [3] * 6
    assert t.set_aside_size == 0


def test_random_first_player_comes_from_the_games_own_seed():
    firsts = {Table.deal(Rules.bullets(4), seed=s).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert Table.deal(Rules.bullets(4), seed=9).first == Table.deal(Rules.bullets(4), seed=9).first
    assert Table.deal(Rules.bullets(4), seed=9) == Table.deal(Rules.bullets(4), seed=9)


def test_the_deal_event_is_available_for_the_screen():
    t = Table.deal(Rules.kamu(3), seed=2, first=1)
    assert t.opening_events == [Dealt(hand_sizes=(10, 10, 10), set_aside=2, first=1, rank="7")]


# -- Kamu --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, each, aside",
    [(2, 16, 0), (3, 10, 2), (4, 8, 0), (5, 12, 4), (6, 10, 4), (7, 9, 1), (8, 8, 0)],
)
def test_kamu_deck_is_dealt_evenly_and_the_rest_set_aside(players, each, aside):
    rules = Rules.kamu(players)
    t = Table.deal(rules, seed=players, first=players - 1)
    assert [t.hand_size(s) for s in range(players)] == [each] * players
    assert t.set_aside_size == aside
    decks = 2 if players >= 5 else 1
    assert rules.decks == decks
    assert every_card(t) == Counter(hungarian_deck() * decks)  # 32 cards, or 64 for 5-8
    assert (t.turn, t.rank) == (players - 1, "7")  # "must call sevens"
    assert [t.bullets(s) for s in range(players)] == [0] * players  # no bullets in Kamu


@pytest.mark.parametrize(
    "players, each, aside",
    [(2, 17, 0), (3, 11, 1), (4, 8, 2), (5, 13, 3), (6, 11, 2), (7, 9, 5), (8, 8, 4)],
)
def test_kamu_jokers_add_one_szines_and_one_fako_per_deck(players, each, aside):
    rules = Rules.kamu(players, jokers=True)
    t = Table.deal(rules, seed=players)
    assert [t.hand_size(s) for s in range(players)] == [each] * players
    assert t.set_aside_size == aside
    full = every_card(t)
    assert full[SZINES_CARD] == full[FAKO_CARD] == rules.decks
    assert full == Counter(hungarian_deck(jokers=True) * rules.decks)


def test_kamu_set_aside_cards_are_unseen_only_their_count_is_public():
    t = Table.deal(Rules.kamu(3), seed=4)
    v = t.view(0)
    assert v.set_aside == 2
    assert not set(t.set_aside_cards()) & set(v.hand)


def test_kamu_rank_sequence_sevens_to_aces_then_sevens_again():
    t = Table.deal(Rules.kamu(2), seed=3, first=1)
    called = []
    for _ in range(9):
        called.append(t.rank)
        t.apply(Play(t.turn, t.hand(t.turn)[:1]))
    assert called == ["7", "8", "9", "10", "U", "O", "K", "A", "7"]


def test_from_hands_accepts_cards_and_notation_and_checks_the_deck():
    rules = Rules.kamu(2)
    a = Table.from_hands(rules, [parse_cards("7P 8T"), ["9Z", "UM"]])
    b = Table.from_hands(rules, ["7P 8T", "9Z UM"])
    assert a == b and a.hand(1) == parse_cards("9Z UM")
    with pytest.raises(ValueError):
        Table.from_hands(rules, ["7P AS", "8T"])  # a French card in a Hungarian game
    with pytest.raises(ValueError):
        Table.from_hands(rules, ["7P 7P", "8T"])  # one deck holds one 7P
    with pytest.raises(ValueError):
        Table.from_hands(rules, ["7P"])  # two players need two hands
    two = Table.from_hands(Rules.kamu(5), ["7P 7P", "8T", "9Z", "UM", "OP"], set_aside="AM")
    assert two.hand(0) == parse_cards("7P 7P") and two.set_aside_size == 1
