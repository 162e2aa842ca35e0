"""Matches: several games in a row, scoring, and who starts next (RULES.md)."""

import random

import pytest

from bluffhouse.game.actions import Accept, Play
from bluffhouse.game.bots.duel_sensible import DuelSensibleBot
from bluffhouse.game.bots.table_runner import run_table
from bluffhouse.game.bots.table_sensible import TableSensibleBot
from bluffhouse.game.errors import IllegalAction, Reason
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.game.table_setup import points_for_place


def _play_out(table, seed):
    bots = [TableSensibleBot(s, random.Random(seed * 31 + s)) for s in range(table.players)]
    run_table(table, bots)
    return table


def _play_duel(duel, seed):
    bots = [DuelSensibleBot(s, random.Random(seed * 7 + s)) for s in range(2)]
    while duel.phase != "over":
        duel.apply(bots[duel.turn].choose(duel.view(duel.turn)))
    return duel


def test_kamu_points_first_4_second_3_third_2_fourth_1_further_0():
    assert [points_for_place(p) for p in range(1, 7)] == [4, 3, 2, 1, 0, 0]


def test_equal_places_share_the_better_score():
    rules = Rules.kamu(players=4)
    match = CardMatch(rules, seed=3, first=0)
    # Seat 2 empties its hand and the next seat lets it stand: seats 0 and 3 both keep 5 cards.
    table = Table.from_hands(
        rules, ["7P 8P 9P 10P UP", "7T 8T 9T 10T UT OT KT AT 7Z", "7M", "8Z 9Z 10Z UZ OZ"], first=2
    )
    table.apply(Play(2, ["7M"]))
    assert table.returns() == (0, 0, 0, 0)  # nothing before the game is over
    table.apply(Accept(3))
    assert table.ranking() == [(1, 2, 0), (2, 0, 5), (2, 3, 5), (4, 1, 9)]
    assert table.returns() == (3, 1, 4, 3)  # the engine's own scores of the places
    result = match.record(table)
    assert result.points == (3, 1, 4, 3) and result.ranking == tuple(table.ranking())
    assert match.scores == [3, 1, 4, 3]


def test_a_match_scores_only_a_game_of_its_own_kind():
    match = CardMatch(Rules.kamu(players=4), seed=3, first=0)

    class LooksFinished:  # a look-alike is no Table: nothing is scored from it
        is_over, winner, rules = True, 2, Rules.kamu(players=4)

        @staticmethod
        def ranking():
            return [(1, 2, 0), (2, 0, 5), (2, 3, 5), (4, 1, 9)]

    with pytest.raises(IllegalAction) as refused:
        match.record(LooksFinished())
    assert refused.value.reason is Reason.WRONG_TYPE and match.scores == [0, 0, 0, 0]


def test_first_player_is_random_then_moves_one_seat_each_game():
    firsts = {CardMatch(Rules.kamu(players=4), seed=s).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    match = CardMatch(Rules.kamu(players=3), seed=5, first=2)
    seen = []
    while not match.is_over:
        table = match.new_game()
        seen.append(table.turn)
        match.record(_play_out(table, len(seen)))
    assert seen == [2, 0, 1]


def test_a_kamu_match_is_three_rounds_and_the_highest_total_wins():
    match = CardMatch(Rules.kamu(players=4, jokers=True), seed=11)
    while not match.is_over:
        match.record(_play_out(match.new_game(), match.games_played))
    assert match.games_played == 3
    for result in match.results:
        assert result.points[result.winner] == 4
        assert sorted(result.points, reverse=True)[0] == 4
    assert match.scores == [sum(r.points[s] for r in match.results) for s in range(4)]
    best = max(match.scores)
    assert match.winners() == [s for s in range(4) if match.scores[s] == best]
    assert match.standings()[0][2] == best
    with pytest.raises(ValueError):
        match.new_game()


def test_rounds_option_sets_the_match_length():
    match = CardMatch(Rules.kamu(players=2, rounds=1), seed=1)
    match.record(_play_out(match.new_game(), 1))
    assert match.is_over


def test_an_unfinished_game_cannot_be_scored():
    match = CardMatch(Rules.bullets(players=4), seed=1)
    with pytest.raises(ValueError):
        match.record(match.new_game())


def test_duel_match_first_to_three_and_loser_proposes_next():
    match = DuelMatch(Rules.duel(), seed=4)
    previous = None
    assert match.next_first is None  # "each player rolls one die"
    while not match.is_over:
        duel = match.new_round()
        assert duel.proposer == match.next_first or previous is None
        if previous is not None:
            assert duel.proposer == 1 - previous.winner  # "the loser proposes first"
        previous = match.record(_play_duel(duel, match.scores[0] * 10 + match.scores[1]))
    assert max(match.scores) == 3 and match.winner == match.scores.index(3)
    assert len(match.results) == sum(match.scores)


@pytest.mark.parametrize("points", [1, 5])
def test_duel_points_option(points):
    match = DuelMatch(Rules.duel(points_to_win=points), seed=9)
    while not match.is_over:
        match.record(_play_duel(match.new_round(), len(match.results)))
    assert max(match.scores) == points
