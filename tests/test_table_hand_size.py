"""The hand-size house rule (RULES.md, Bullets, "[settled] House rule: hand size"): each player is
dealt a fixed number of cards instead of the seed's deal, the rest set aside face down, unseen,
for the whole game; every other rule is unchanged."""

import os
import random
from collections import Counter

import pytest
from kit import Checker

from bluffhouse.game.bots import TableRandomBot, TableSensibleBot, run_table
from bluffhouse.game.cards import french_deck, hungarian_deck
from bluffhouse.game.errors import Reason
from bluffhouse.game.events import Dealt
from bluffhouse.game.rules import ALL_CARDS, HAND_SIZES, Rules
from bluffhouse.game.table import Accept, Challenge, IllegalAction, Play, Table
from bluffhouse.game.table_setup import build_deck

# Games per game, player count and hand size: 1 in the fast tier (`make test`: 53 games, every
# invariant after every action), 40 in the heavy tier (other seeds), 150 in `make soak`
# (BLUFFHOUSE_SOAK=1).
FAST_GAMES = 1
HEAVY_GAMES = 150 if os.environ.get("BLUFFHOUSE_SOAK") == "1" else 40


def every_card(table):
    return (
        Counter(c for s in range(table.players) for c in table.hand(s))
        + Counter(table.set_aside_cards())
        + Counter(table.pile_cards())
    )


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("each", [5, 6])
def test_each_player_is_dealt_a_fixed_number_of_cards_the_rest_set_aside(players, each):
    rules = Rules.bullets(players, hand_size=each)
    for first in (0, players - 1):
        t = Table.deal(rules, seed=players, first=first)
        assert [t.hand_size(s) for s in range(players)] == [each] * players
        assert t.set_aside_size == 52 - each * players
        assert every_card(t) == Counter(french_deck())  # every card is somewhere exactly once
        assert (t.turn, t.rank, t.first) == (first, "A", first)
        assert t.opening_events == [Dealt((each,) * players, 52 - each * players, first, "A")]


def test_the_short_deal_is_still_dealt_one_at_a_time_starting_with_the_first_player():
    deck = french_deck()
    random.Random(5).shuffle(deck)
    t = Table.deal(Rules.bullets(4, hand_size=7), seed=5, first=2)
    for i, card in enumerate(deck[:28]):
        assert t.hand((2 + i) % 4)[i // 4] == card
    assert t.set_aside_cards() == tuple(deck[28:])


def test_all_cards_is_the_seeds_deal_and_the_default():
    assert Rules.bullets().hand_size == ALL_CARDS == 0 and HAND_SIZES[0] == ALL_CARDS
    full = Table.deal(Rules.bullets(3), seed=8, first=0)
    assert [full.hand_size(s) for s in range(3)] == [18, 17, 17] and full.set_aside_size == 0
    assert Table.deal(Rules.bullets(3, hand_size=ALL_CARDS), seed=8) == Table.deal(Rules.bullets(3), seed=8)


@pytest.mark.parametrize("players, jokers", [(3, False), (4, True), (6, False), (8, True)])
def test_kamu_deals_the_short_hand_evenly_too(players, jokers):
    rules = Rules.kamu(players, jokers=jokers, hand_size=5)
    t = Table.deal(rules, seed=players)
    assert [t.hand_size(s) for s in range(players)] == [5] * players
    assert t.set_aside_size == rules.cards - 5 * players
    assert every_card(t) == Counter(hungarian_deck(jokers) * rules.decks)
    assert t.rank == "7"  # "must call sevens"


def test_a_hand_as_big_as_an_even_share_deals_every_card_it_can():
    t = Table.deal(Rules.bullets(4, hand_size=13), seed=1)
    assert [t.hand_size(s) for s in range(4)] == [13] * 4 and t.set_aside_size == 0
    t = Table.deal(Rules.bullets(5, hand_size=10), seed=1)
    assert t.set_aside_size == 2


def test_the_set_aside_cards_are_unseen_only_their_count_is_public():
    t = Table.deal(Rules.bullets(4, hand_size=5), seed=4)
    views = [t.view(s) for s in range(4)]
    assert all(v.set_aside == 32 for v in views)
    assert not set(t.set_aside_cards()) & {c for v in views for c in v.hand}
    # The leak test: dealing the hidden cards anew (set-aside ones included) changes no view.
    other = t.redealt_hidden(0, random.Random(1))
    assert other.set_aside_cards() != t.set_aside_cards()
    assert other.view(0) == t.view(0)


def test_every_other_rule_is_unchanged_a_one_card_hand_empties_at_once():
    # "A player who plays their last cards has not won yet: their call can still be challenged."
    t = Table.deal(Rules.bullets(2, hand_size=1), seed=3, first=0)
    card = t.hand(0)[0]
    t.apply(Play(0, [card]))
    assert t.hand_size(0) == 0 and not t.is_over and t.view(1).must_answer
    with pytest.raises(IllegalAction):
        t.apply(Play(1, t.hand(1)))  # "the next player cannot play: they Accept or challenge"
    if card.rank == "A":
        t.apply(Challenge(1))
        assert t.winner == 0  # "challenged and was true, they win"
    else:
        t.apply(Accept(1))
        assert t.winner == 0  # "lets it stand without anyone challenging, they win"


def test_the_set_aside_cards_never_come_back_into_play():
    t = Table.deal(Rules.bullets(3, hand_size=5), seed=12)
    aside = t.set_aside_cards()
    bots = [TableSensibleBot(s, random.Random(s)) for s in range(3)]
    run_table(t, bots)
    assert t.set_aside_cards() == aside
    assert sum(t.hand_size(s) for s in range(3)) + t.pile_size == 15


def play_short_games(game, players, seeds):
    """Random games of every hand size that fits, the invariants checked after every action."""
    for each in (5, 7, 10):
        if game == "bullets":
            base = Rules.bullets(players)
        else:
            base = Rules.kamu(players, jokers=game == "kamu+jokers")
        if each > base.cards // players:
            with pytest.raises(IllegalAction):
                base.but(hand_size=each)
            continue
        rules = base.but(hand_size=each)
        checker = Checker(rules)
        for seed in seeds:
            rng = random.Random(seed)
            t = Table.deal(rules, seed)
            assert [t.hand_size(s) for s in range(players)] == [each] * players
            kinds = [rng.choice((TableRandomBot, TableSensibleBot)) for _ in range(players)]
            bots = [kind(s, random.Random(seed * 100 + s)) for s, kind in enumerate(kinds)]
            run_table(t, bots, after=checker, max_actions=5_000)
            assert t.is_over
            assert Counter(every_card(t)) == Counter(build_deck(rules))
        assert checker.wins == len(seeds)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("game", ["bullets", "kamu", "kamu+jokers"])
def test_random_games_with_a_short_hand_keep_every_invariant_and_end(game, players):
    play_short_games(game, players, range(FAST_GAMES))


@pytest.mark.heavy
@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("game", ["bullets", "kamu", "kamu+jokers"])
def test_many_random_games_with_a_short_hand_keep_every_invariant_and_end(game, players):
    play_short_games(game, players, range(FAST_GAMES, FAST_GAMES + HEAVY_GAMES))


@pytest.mark.parametrize("bad", [-1, 14, 52, 100])
def test_a_hand_size_out_of_range_is_refused_with_the_range(bad):
    with pytest.raises(IllegalAction) as refused:
        Rules.bullets(4, hand_size=bad)
    assert refused.value.reason is Reason.BAD_OPTION
    assert refused.value.fields["what"] == "hand_size" and refused.value.fields["allowed"] == "0-13"


@pytest.mark.parametrize("bad", [True, 5.0, "5", None, [5]])
def test_a_hand_size_that_is_no_whole_number_is_refused(bad):
    with pytest.raises(TypeError) as refused:
        Rules.bullets(4, hand_size=bad)
    assert refused.value.reason is Reason.WRONG_TYPE


def test_more_players_with_the_same_hand_size_must_still_fit_the_deck():
    rules = Rules.bullets(4, hand_size=10)
    assert rules.but(players=5).hand_size == 10  # 50 of 52 cards
    with pytest.raises(IllegalAction):
        rules.but(players=6)  # "never more than an even share of the deck"
    with pytest.raises(IllegalAction):
        Rules.kamu(4, hand_size=10)  # 32 Hungarian cards: 8 each at most
    assert Rules.kamu(5, hand_size=10).decks == 2  # two decks from five players: 12 each at most


def test_the_dice_duel_has_no_hand_to_size():
    assert Rules.duel().hand_size == 0
    with pytest.raises(IllegalAction):
        Rules.duel(hand_size=5)


def test_the_set_up_choices_fit_a_four_player_table_of_either_game():
    assert HAND_SIZES == (ALL_CARDS, 10, 7, 5, 3)
    for size in HAND_SIZES:
        Rules.bullets(4, hand_size=size)
    assert Rules.kamu(4).dealt_each == 8 and Rules.bullets(3).dealt_each == 18
    assert Rules.bullets(4, hand_size=5).dealt_each == 5
