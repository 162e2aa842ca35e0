"""tools/length_bench.py: the minutes a game takes, measured on the screens' own flows.

No timing here: game time is counted in frames of 1/60 s, the same on any machine.
"""

import importlib
import json
import sys

import pytest
from conftest import ROOT

from game.rules import Rules

sys.path.insert(0, str(ROOT / "tools"))
bench = importlib.import_module("length_bench")

ROWS = ["quick", "bullets_full", "bullets_short", "kamu_round", "duel_match"]


def test_a_few_games_a_row_print_the_table_and_one_line_of_json(capsys):
    assert bench.main(["--games", "2", "--seed", "4"]) == 0
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
    from scenes.setup.length import game_seconds

    row = bench.ROWS[name]
    measured = bench.run_row(row, 30, seed=9)["median_min"]
    estimate = game_seconds(row.rules(), row.people) / 60
    assert 0.6 * measured <= estimate <= 1.4 * measured, (name, measured, estimate)
