"""Tables of four experts end: two seats without the called rank do not catch each other's forced
lies for ever, and a seat holding the rank takes the lead a sure catch gives it (issue 22)."""

import os
import random
import statistics

import pytest

from bluffhouse.game.actions import Play
from bluffhouse.game.arena import play_card_game, rules_for, run_series
from bluffhouse.game.bots.table_expert import ExpertTableBot
from bluffhouse.game.bots.table_runner import next_bot_action
from bluffhouse.game.cards import french_deck
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table

CAP = 5000  # the arena's cap on actions: a game that reaches it has no winner


def expert(seat: int) -> ExpertTableBot:
    return ExpertTableBot(seat, random.Random(seat), worlds=8, deadline=None)


def opened_with_aces(aces: tuple[int, ...], count: int) -> Table:
    """A full deal, seat s holding aces[s] aces; seat 0 opens at aces with `count` other cards:
    a fresh pile holding only the caller's cards."""
    deck = french_deck()
    rng = random.Random(7)
    rest = [card for card in deck if card.rank != "A"]
    rng.shuffle(rest)
    ace = [card for card in deck if card.rank == "A"]
    hands = []
    for held in aces:
        hand = [ace.pop() for _ in range(held)]
        hand += [rest.pop() for _ in range(13 - held)]
        hands.append(hand)
    table = Table.from_hands(Rules.bullets(4), hands, first=0)
    table.apply(Play(0, tuple(hands[0][-count:])))  # none of them an ace: a lie
    assert table.pile_size == count and table.last_call.rank == "A"
    return table


def test_the_lead_of_a_sure_catch_goes_to_a_hand_that_holds_the_rank():
    # Four aces from seat 0, whose pile is only its own cards: seats 2 and 3 hold two aces each,
    # so the call cannot be true, and the catch gives them the lead at aces, a true call of
    # theirs. Seat 1 holds no ace: catching would only hand it a forced lie at aces for the
    # next seat to catch (two such seats caught each other for ever at tables of four experts).
    table = opened_with_aces((0, 0, 2, 2), 4)
    assert expert(1).lie_chance(table.view(1)) > 0.5  # it doubts the call, and still lets it be
    assert not expert(1).wants_challenge(table.view(1))
    assert expert(2).wants_challenge(table.view(2))
    assert expert(3).wants_challenge(table.view(3))


def test_a_seat_holding_the_rank_catches_a_call_its_hand_proves_false():
    # Seat 2 holds all four aces, so any call of aces from seat 0 is a lie: a sure catch whose
    # pile is only the caller's cards is still worth the lead at aces, a true call for seat 2.
    table = opened_with_aces((0, 0, 4, 0), 1)
    assert expert(2).wants_challenge(table.view(2))
    assert not expert(1).wants_challenge(table.view(1))


@pytest.mark.parametrize(
    ("game", "number"),
    [
        pytest.param("bullets", 1, marks=pytest.mark.heavy),
        ("kamu", 1),
        pytest.param("bullets", 91, marks=pytest.mark.heavy),
    ],
)
def test_a_table_of_four_experts_that_once_went_round_for_ever_ends(game, number):
    # Game `number` of the seed-1 series of four experts hit the cap before this fix. The Bullets
    # games (1.5 s of CPU each) are in the heavy tier; the fast tier keeps the Kamu game and the
    # two tests above of the rule that ended them (a sure catch's lead goes to the rank's holder).
    master = random.Random(1)
    seeds = [master.randrange(2**32) for _ in range(number + 1)]
    rules = rules_for(game, 4)
    assert play_card_game(rules, ["expert"] * 4, seeds[number], max_actions=CAP) is not None


# The heavy tier plays 60 tables of four experts a game (about 6 min of CPU for Bullets);
# `make soak` (BLUFFHOUSE_SOAK=1) plays issue 22's 200. Game 91 of the series, the one that
# once reached the cap, is played on its own above.
TABLES = 200 if os.environ.get("BLUFFHOUSE_SOAK") == "1" else 60


@pytest.mark.heavy
@pytest.mark.parametrize(("game", "most"), [("bullets", 120), ("kamu", 90)])
def test_tables_of_four_experts_end_at_their_pace(game, most):
    # None reaches the cap (game 91 did while the worlds sampler could overfill a hand, and
    # tables with nothing hidden went round for ever before the expert's patience). Both keep
    # issue 22's pace: a median Bullets game of at most 120 calls (139.5 while the expert shed
    # the cards its next calls needed, see game.bots.table_keep), a Kamu round of at most 90.
    series = run_series(game, ["expert"] * 4, TABLES, seed=1)
    assert series.unfinished == 0
    assert statistics.median(series.calls) <= most  # the median game's calls


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_experts_sharing_the_whole_kamu_deck_end_their_game(seed):
    # Nothing is hidden from a seat that remembers, and each seat is always called the same
    # parity of rank: against a perfect challenger nobody could win, and two experts once went
    # past 5,000 actions. Past its patience the expert lets a call stand now and then.
    rules = rules_for("kamu", 2)
    table = Table.deal(rules, seed)
    assert table.view(0).set_aside == 0 and sum(table.view(0).hand_sizes) == rules.cards
    bots = [ExpertTableBot(s, random.Random(seed * 10 + s), worlds=2, deadline=None) for s in (0, 1)]
    for _ in range(1000):
        if table.is_over:
            break
        table.apply(next_bot_action(table, bots))
    assert table.is_over and table.winner in (0, 1)
