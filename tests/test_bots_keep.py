"""Which cards the expert keeps: the ranks its next calls most likely reach at this table."""

import dataclasses
import importlib
import sys

import pytest
from conftest import ROOT

from bluffhouse.game.bots.table_expert import candidate_plays
from bluffhouse.game.bots.table_keep import keep_order, needs, steps
from bluffhouse.game.cards import counts_as, parse_cards
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.game.table_view import CallRecord

RANKS = Rules.bullets(4).ranks  # A 2 3 … K


def view_after(calls, hand="AS 2H 5C 9D KH", rank="A"):
    """Seat 0's view of a four-seat Bullets table, its turn to call `rank`, after `calls`
    ((seat, rank) pairs, the public history) were made."""
    table = Table.from_hands(Rules.bullets(4), [hand, "3S 3H", "4S 4H", "6S 6H"], first=0, rank=rank)
    view = table.view(0)
    history = tuple(CallRecord(seat, called, 1) for seat, called in calls)
    return dataclasses.replace(view, history=history)


def test_before_any_call_a_seat_expects_the_plain_sequence():
    step = steps(view_after([]))
    assert step[4] == pytest.approx(1.0)  # four seats: aces, then fives, then nines
    need = needs(view_after([]))
    assert need[4] == max(need) > 0 and need[1] == need[2] == need[3] == 0


def test_a_table_that_keeps_restarting_the_sequence_is_learnt_from_its_calls():
    # Every seat's next call came one rank after its last (challenges won all the time).
    calls = [(seat, RANKS[(turn + seat) % 13]) for turn in range(6) for seat in range(4)]
    step = steps(view_after(calls))
    assert step[1] > 0.7 and step[4] < 0.3
    need = needs(view_after(calls))
    assert need[1] > need[4]


def test_a_lie_sheds_the_rank_not_needed_soon_and_keeps_the_next_one():
    # Seat 0 calls aces holding none: it holds a two (+1) and a five (+4), and a king and a nine.
    plain = keep_order(view_after([]), parse_cards("2H 5C 9D KH"))
    assert plain[-1].rank == "5"  # the plain sequence: the five is its next call, kept last
    calls = [(seat, RANKS[(turn + seat) % 13]) for turn in range(6) for seat in range(4)]
    learnt = keep_order(view_after(calls), parse_cards("2H 5C 9D KH"))
    assert learnt[-1].rank == "2"  # at this table its next call is most likely twos
    lies = [
        p
        for p in candidate_plays(view_after(calls, hand="2H 5C 9D KH"))
        if not any(counts_as(c, "A") for c in p)
    ]
    assert lies and all(c.rank != "2" for p in lies if len(p) < 4 for c in p)


# ---------------------------------------------------------------------------- tools/pace.py


def test_the_pace_tool_accounts_for_every_call_and_every_card():
    sys.path.insert(0, str(ROOT / "tools"))
    pace = importlib.import_module("pace")
    rules = Rules.bullets(4, hand_size=5)
    for seed in (1, 2, 3):
        game = pace.play(rules, ["hard", "medium", "hard", "medium"], seed)
        assert game.winner is not None
        # Every call is let stand or challenged, true or a lie; a forced lie is a lie.
        assert game.true_stood + game.true_challenged + game.lie_stood + game.lie_caught == game.calls
        assert game.forced_caught <= game.forced <= game.lie_stood + game.lie_caught
        assert game.calls - 4 <= sum(game.steps) <= game.calls - 1  # a first call has no step
        # The cards played are the 20 dealt, the ones picked up, less the ones still held.
        assert game.cards_per_call * game.calls == pytest.approx(
            20 + game.picked_up - game.held_at_end, abs=0.01 * game.calls
        )
    figures = pace.figures([pace.play(rules, ["hard"] * 4, 5)])
    assert figures["games"] == 1 and figures["unfinished"] == 0
    assert sum(figures["steps"]) == pytest.approx(1.0, abs=0.01)
