"""How the card levels feel at a table (issue 13): medium doubts cheap calls, hard reads each
caller and lets a round move. Known positions and a small fixed sample of games; the long
measurements are in `make bench`."""

import random
import statistics

import pytest

from bluffhouse.game.actions import Challenge, Play
from bluffhouse.game.arena import Referee, play_card_game, rules_for
from bluffhouse.game.bots.table_levels import HardTableBot, MediumTableBot, stalled
from bluffhouse.game.bots.table_memory import TableMemory
from bluffhouse.game.bots.table_plans import DOUBT, DOUBT_BIG_PILE, calibrated, required_suspicion
from bluffhouse.game.bots.table_reasoning import lie_estimate
from bluffhouse.game.bots.table_runner import next_bot_action
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table

# Seat 0 holds two of the four sevens; seat 1 calls "one seven" with an ace (no jokers).
HANDS = ["7P 7T 8P 9P KZ", "8T 9T 10T UZ AT AM", "8Z 9Z 10Z OZ KT", "UM OM KM"]


def one_seven(pile: str, aside: str, rules: Rules | None = None) -> Table:
    """Seat 1 has just called one seven (with its Alsó) on a pile of `pile`."""
    rules = rules or Rules.kamu(4, jokers=False)
    table = Table.from_hands(rules, HANDS, first=1, rank="7", pile=pile, set_aside=aside)
    table.apply(Play(1, parse_cards("UZ")))
    return table


def medium_doubts(table: Table, seat: int = 0) -> list[bool]:
    return [MediumTableBot(seat, random.Random(s)).wants_challenge(table.view(seat)) for s in range(5)]


def test_medium_challenges_a_kamu_call_its_own_hand_proves_impossible():
    rules = Rules.kamu(4, jokers=False)
    hands = ["7P 7T 7Z 9P KZ", "8T 9T 10T UZ AT AM", "8Z 9Z 10Z OZ KT", "UM OM KM"]
    table = Table.from_hands(rules, hands, first=1, rank="7", pile="UP UT", set_aside="8M 9M AP KP 10P 10M")
    table.apply(Play(1, parse_cards("AT AM")))  # "two sevens": seat 0 holds three of four
    assert lie_estimate(table.view(0)).impossible
    assert all(medium_doubts(table))


def test_medium_doubts_an_even_odds_call_on_a_small_kamu_pile_but_not_on_a_big_one():
    small = one_seven("UP UT", "8M 9M AP KP 10P 10M")
    big = one_seven("UP UT OP OT 10P", "8M 9M AP KP 10M")
    for table in (small, big):
        assert 0.45 < lie_estimate(table.view(0), None, bluff=0.2).probability < 0.75
    assert all(medium_doubts(small))  # three cards at stake: worth a doubt at these odds
    assert not any(medium_doubts(big))  # six: it wants to be surer


def test_medium_keeps_its_caution_when_bullets_are_at_stake():
    with_bullets = Rules.kamu(4, jokers=False, bullets_per_player=2)
    table = one_seven("UP UT", "8M 9M AP KP 10P 10M", with_bullets)
    assert not any(medium_doubts(table))


def test_hard_wants_more_certainty_the_bigger_the_pile():
    assert required_suspicion(1) == required_suspicion(4) == DOUBT
    assert required_suspicion(5) == required_suspicion(8) == DOUBT_BIG_PILE
    assert DOUBT < DOUBT_BIG_PILE < required_suspicion(16) < required_suspicion(40) < 1.0


def read_caller(truthful: bool, said: float, times: int = 3) -> TableMemory:
    """Seat 1 makes `times` calls, all true or all lies, each challenged by seat 2, while seat 0
    reckons each one `said` likely to be a lie; seat 0's memory after it all."""
    rules = Rules.kamu(3, jokers=False)
    hands = ["9P 9Z OP OZ", "7T 10T KT AT AZ AM", "8T 8Z UT UZ"]
    table = Table.from_hands(rules, hands, first=1)
    memory = None
    for _ in range(times):
        rank = table.rank  # sevens, then tens, then kings: seat 1's turns
        card = next(c for c in table.hand(1) if (c.rank == rank) == truthful)
        table.apply(Play(1, [card]))
        view = table.view(0)
        memory = TableMemory.of(view, memory)
        memory.predict(len(view.history) - 1, said)
        table.apply(Challenge(2))  # either way seat 2 plays next, then seat 0
        table.apply(Play(2, [table.hand(2)[0]]))
        table.apply(Play(0, [table.hand(0)[0]]))
    return TableMemory.of(table.view(0), memory)


def test_hard_learns_that_a_caller_lies_more_often_than_it_reckoned():
    memory = read_caller(truthful=False, said=0.3)
    assert memory.calibration[1][:2] == [3, 3]
    factor = memory.lie_odds_factor(1)
    assert factor > 1.5  # three lies where it reckoned 30%: it reads this caller darker
    assert 1.0 < memory.lie_odds_factor(2) < factor  # a silent seat gets the table's figure
    assert calibrated(0.3, factor) > 0.3 and calibrated(1.0, factor) == 1.0


def test_hard_learns_that_a_caller_tells_the_truth_more_often_than_it_reckoned():
    memory = read_caller(truthful=True, said=0.7)
    assert memory.calibration[1][:2] == [3, 0]
    assert memory.lie_odds_factor(1) < 0.67
    assert calibrated(0.7, memory.lie_odds_factor(1)) < 0.7


def test_hard_without_evidence_reads_a_call_as_its_reasoning_says():
    table = Table.deal(rules_for("kamu", 4), 3)
    memory = TableMemory.of(table.view(0))
    assert all(memory.lie_odds_factor(seat) == pytest.approx(1.0) for seat in range(4))


def test_a_table_going_round_in_circles_is_noticed():
    table = Table.from_hands(Rules.kamu(2, jokers=False), ["7P 8P 9P 10P", "UT OT KT AT"], first=0)
    assert stalled(table.view(0)) == 0
    table.apply(Play(0, parse_cards("9P")))  # sevens, a lie ...
    table.apply(Challenge(1))  # ... caught: back to four cards, nobody lower than before
    base = stalled(table.view(0))
    table.apply(Play(1, parse_cards("UT")))  # eights, a lie: seat 1 reaches a new low
    assert stalled(table.view(0)) == 0
    assert base >= 1


def kamu_calls(kinds: list[str], seeds) -> list[int]:
    """Calls of each game of a small fixed sample."""
    calls = []
    for seed in seeds:
        referee = Referee(len(kinds))
        play_card_game(rules_for("kamu", len(kinds)), kinds, seed, referee=referee)
        calls.append(sum(referee.calls))
    return calls


@pytest.mark.parametrize(
    "seeds", [range(16), pytest.param(range(48), marks=pytest.mark.heavy)], ids=["fast", "heavy"]
)
def test_four_hard_players_finish_a_kamu_round_in_a_bounded_number_of_calls(seeds):
    # 16 rounds in the fast tier (median 74 calls, 218 at most), 48 in the heavy tier (69, 295)
    calls = kamu_calls(["hard"] * 4, seeds)
    assert statistics.median(calls) <= 90 and max(calls) < 400  # before issue 13: ~210


def test_four_medium_players_challenge_a_fair_share_of_kamu_lies():
    lies = challenged = 0
    for seed in range(24):
        referee = Referee(4)
        play_card_game(rules_for("kamu", 4), ["medium"] * 4, seed, referee=referee)
        lies += sum(referee.lies)
        challenged += sum(referee.lies_challenged)
    assert challenged / lies >= 0.3  # before issue 13: 13%; `make bench` measures 2000 games


def test_hard_keeps_its_memory_calibration_between_decisions():
    rules = rules_for("kamu", 4)
    table = Table.deal(rules, 11)
    bots = [HardTableBot(s, random.Random(s)) for s in range(4)]
    for _ in range(80):
        if table.is_over:
            break
        table.apply(next_bot_action(table, bots))
    memory = bots[0].memory(table.view(0))
    assert sum(tally[0] for tally in memory.calibration) > 0  # it learnt from calls turned up
