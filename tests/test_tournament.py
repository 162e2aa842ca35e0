"""The tournament: seat-rotated headless games, win shares with intervals, a JSON last line."""

import json

import pytest

from game.tournament import main


@pytest.mark.parametrize("argv", [
    ["--game", "bullets", "--players", "4", "--seats", "hard,medium,easy,medium"],
    ["--game", "kamu", "--players", "3", "--seats", "hard,easy,medium"],
    ["--game", "duel", "--seats", "hard,medium"],
])
def test_a_tiny_tournament_ends_with_one_line_of_json(argv, capsys):
    assert main([*argv, "--games", "20", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(lines[-1])
    assert figures["games"] == 20
    kinds = figures["kinds"]
    assert set(kinds) == set(figures["seats"])
    assert sum(row["share"] for row in kinds.values()) <= 1.0 + 1e-9
    for row in kinds.values():
        assert 0.0 <= row["low"] <= row["share"] <= row["high"] <= 1.0
        assert row["p99_ms"] >= row["p50_ms"] >= 0.0 and row["decisions"] > 0
    assert any("wins" in line for line in lines[:-1])  # the human-readable lines come first


def test_a_seat_list_of_the_wrong_length_is_refused(capsys):
    with pytest.raises(SystemExit):
        main(["--game", "bullets", "--players", "4", "--seats", "hard,medium", "--games", "1"])
