"""tools/length_bench.py: the minutes a game takes, measured on the screens' own flows.

No timing here: game time is counted in frames of 1/60 s, the same on any machine.
"""

import importlib
import json
import statistics
import sys

import pytest
from conftest import ROOT

from bluffhouse.game.arena import Referee, play_card_game
from bluffhouse.game.rules import QUICK_HAND, SHORT_HAND, Rules

sys.path.insert(0, str(ROOT / "tools"))
bench = importlib.import_module("length_bench")
fit = importlib.import_module("length_fit")

ROWS = ["quick", "bullets_full", "bullets_short", "kamu_round", "duel_match"]


@pytest.mark.parametrize("games", ["1", pytest.param("2", marks=pytest.mark.heavy)])
def test_a_few_games_a_row_print_the_table_and_one_line_of_json(games, capsys):
    """One game a row in the fast tier (every row printed and in the JSON, the short hand shorter
    than the full deal); two in the heavy tier, where a median and a p90 of different games meet."""
    assert bench.main(["--games", games, "--seed", "4"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(lines[-1])
    assert list(figures) == ROWS
    for name, row in figures.items():
        assert set(row) == {"median_min", "p90_min", "calls_median"}
        assert 0 < row["median_min"] <= row["p90_min"] < 60 and row["calls_median"] >= 1
        assert any(line.strip().startswith(name) for line in lines[:-1])
    # The hand-size house rule does what it is for: a short game is shorter than a full one.
    short, full = figures["bullets_short"], figures["bullets_full"]
    assert short["median_min"] < full["median_min"] and short["calls_median"] < full["calls_median"]


def test_a_game_is_timed_from_the_deal_to_the_results_frame_by_frame():
    row = bench.ROWS["quick"]
    played = bench.table_game(row.rules(), row.seats(), seed=11)
    again = bench.table_game(row.rules(), row.seats(), seed=11)
    assert played == again  # the same seed, the same game, to the frame
    frames = played.seconds / bench.FRAME
    assert abs(frames - round(frames)) < 1e-6
    # Every call waits for the 2 s minimum window but the first and those after a verdict.
    assert played.seconds > 2.0 * (played.calls - played.challenges - 1)
    assert 0 < played.people_calls < played.calls and not played.couch


def test_people_at_a_couch_table_lift_their_curtains_and_play_through_the_flow():
    rules = Rules.bullets(3, hand_size=5)
    row = bench.Row("couch", "", "bullets", lambda: rules, 3)
    played = bench.table_game(rules, row.seats(), seed=2)
    assert played.couch and played.people_calls == played.calls and played.seconds < 60 * 60


def test_a_duel_match_ends_at_the_results():
    row = bench.ROWS["duel_match"]
    played = bench.duel_match(row.rules(), row.seats(), seed=5)
    assert 0 < played.seconds < 60 * 60 and played.calls >= 3  # at least one proposition a round


@pytest.mark.parametrize("argv", [["--rows", "nothing"], ["--games", "0"]])
def test_a_wrong_row_or_count_is_refused(argv, capsys):
    with pytest.raises(SystemExit):
        bench.main(argv)
    assert "length_bench" in capsys.readouterr().err


@pytest.mark.heavy
@pytest.mark.parametrize("name", ["quick", "bullets_full", "bullets_short", "kamu_round"])
def test_the_set_ups_estimate_stays_near_what_the_table_flow_measures(name):
    """The set-up's "about N min" rests on tools/length_bench.py --fit: when the flows change
    (a longer verdict, a quicker lead), this says the fit must be measured again."""
    from bluffhouse.scenes.setup.length import game_seconds

    row = bench.ROWS[name]
    measured = bench.run_row(row, 30, seed=9)["median_min"]
    estimate = game_seconds(row.rules(), row.people) / 60
    assert 0.6 * measured <= estimate <= 1.4 * measured, (name, measured, estimate)


def test_the_fit_jumps_from_plan_to_plan_and_counts_what_every_frame_counts():
    rules = Rules.kamu(4, rounds=1, hand_size=QUICK_HAND)
    for seed in range(3):
        assert fit.flow_calls(rules, seed) == fit.flow_calls(rules, seed, every_frame=True)


def listed_and_measured(rules, games):
    """The set-up's median calls for the table of `rules`, and the median of `games` table flow games."""
    from bluffhouse.scenes.setup.length_data import CALLS

    listed = CALLS[(rules.game.value, rules.jokers, rules.players, rules.hand_size)][0]
    return listed, statistics.median(fit.flow_calls(rules, 1000 + seed)[0] for seed in range(games))


def test_the_set_ups_calls_are_those_the_table_flow_plays():
    """The estimate's calls per game come from the table's own flow: the engine loop of
    game.arena (every challenge in the same instant, the nearest seat winning) counts a Kamu
    round of 3 each at 13 calls where the table plays about 24."""
    listed, measured = listed_and_measured(Rules.kamu(4, rounds=1, hand_size=QUICK_HAND), 60)
    assert 0.7 * listed <= measured <= 1.43 * listed, (listed, measured)


TABLES = {
    "kamu": Rules.kamu(4, rounds=1, hand_size=QUICK_HAND),
    "bullets": Rules.bullets(4, hand_size=SHORT_HAND),
    "jokers": Rules.kamu(3, rounds=1, jokers=True, hand_size=5),
}


@pytest.mark.heavy
@pytest.mark.parametrize("name", TABLES)
def test_the_set_ups_calls_are_those_the_table_flow_plays_over_many_games(name):
    listed, measured = listed_and_measured(TABLES[name], 200)
    assert 0.8 * listed <= measured <= 1.25 * listed, (listed, measured)


@pytest.mark.heavy
@pytest.mark.parametrize("rules", [Rules.bullets(4), Rules.kamu(4, rounds=1)], ids=["bullets", "kamu"])
def test_with_the_seeds_deal_the_table_plays_as_many_calls_as_the_engine_loop(rules):
    """The table flow makes a game no longer than the engine's rules and the same computer players:
    with the seed's deal, its calls per game match game.arena's within noise."""
    table = [fit.flow_calls(rules, seed)[0] for seed in range(40)]
    arena = []
    for seed in range(40):
        referee = Referee(rules.players)
        play_card_game(rules, ["medium"] * rules.players, seed, referee=referee)
        arena.append(sum(referee.calls))
    assert 0.75 <= statistics.median(table) / statistics.median(arena) <= 1.33
    assert 0.8 <= statistics.mean(table) / statistics.mean(arena) <= 1.25
