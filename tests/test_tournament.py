"""The tournament: seat-rotated headless games, win shares with intervals, a JSON last line."""

import json

import pytest

from bluffhouse.game.actions import Challenge, Declare, Play, Propose
from bluffhouse.game.arena import Conduct, Referee, Series
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.duel import Duel
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.game.tournament import main, median, summary


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "bullets", "--players", "4", "--seats", "hard,medium,easy,medium"],
        ["--game", "kamu", "--players", "3", "--seats", "hard,easy,medium"],
        ["--game", "duel", "--seats", "hard,medium"],
    ],
)
def test_a_tiny_tournament_ends_with_one_line_of_json(argv, capsys):
    assert main([*argv, "--games", "4", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(lines[-1])
    assert figures["games"] == 4
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


def test_the_hand_size_shortens_the_games_and_is_in_the_figures(capsys):
    seats = [
        "--game",
        "bullets",
        "--players",
        "4",
        "--seats",
        "medium,medium,medium,medium",
        "--games",
        "10",
        "--seed",
        "2",
    ]
    assert main(seats) == 0
    full = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert main([*seats, "--hand", "5"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    short = json.loads(lines[-1])
    assert (full["hand"], short["hand"]) == (0, 5) and "5 cards each" in lines[0]
    assert short["calls_median"] < full["calls_median"]
    assert full["jokers"] is False and "jokers" not in lines[0]


def test_a_kamu_tournament_says_it_deals_the_jokers(capsys):
    """The set-up's Kamu has no jokers; the tournament's has (its rounds take half the calls)."""
    assert main(["--game", "kamu", "--players", "3", "--seats", "easy,easy,easy", "--games", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert "with the jokers" in lines[0] and json.loads(lines[-1])["jokers"] is True


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "bullets", "--players", "8", "--seats", ",".join(["easy"] * 8), "--hand", "7"],
        ["--game", "kamu", "--players", "4", "--seats", "easy,easy,easy,easy", "--hand", "-1"],
        ["--game", "duel", "--hand", "5"],
    ],
)
def test_a_hand_size_the_table_cannot_deal_is_refused(argv, capsys):
    with pytest.raises(SystemExit):
        main([*argv, "--games", "1"])
    assert "hand_size must be" in capsys.readouterr().err


# ---- how each seat kind played: the referee's counts on small known games ------------------


def refereed(table, referee, moves):
    """Apply `moves` to `table`, the referee noting each one first."""
    for move in moves:
        referee.card_action(table, move)
        table.apply(move)


def test_the_referee_counts_calls_lies_and_challenges_of_a_known_bullets_game():
    table = Table.from_hands(Rules.bullets(3), ["AS 2H 3C 9D", "2S 5D KC", "3H 4D 8S"], first=0)
    referee = Referee(3)
    refereed(
        table,
        referee,
        [
            Play(0, parse_cards("AS")),  # aces, true
            Play(1, parse_cards("5D")),  # twos, a lie ...
            Challenge(2),  # ... caught by seat 2, who leads at twos again
            Play(2, parse_cards("3H")),  # twos, a lie let stand
            Play(0, parse_cards("3C")),  # threes, true ...
            Challenge(1),  # ... wrongly challenged; seat 0 leads at threes
            Play(0, parse_cards("9D")),  # threes, a lie
        ],
    )
    assert referee.calls == [3, 1, 1]
    assert referee.lies == [1, 1, 1]
    assert referee.lies_challenged == [0, 1, 0]
    assert referee.challenges == [0, 1, 1]
    assert referee.caught == [0, 0, 1]
    hard, easy = Conduct(), Conduct()
    hard.add(referee, [0])
    easy.add(referee, [1, 2])
    assert (hard.calls, hard.lies, hard.lies_challenged, hard.challenges, hard.others_lies) == (3, 1, 0, 0, 2)
    assert (easy.calls, easy.lies, easy.lies_challenged, easy.challenges, easy.caught) == (2, 2, 1, 2, 1)
    assert easy.others_lies == 3  # seat 0's lie, and each easy seat's lie for the other one


def test_a_challenged_lone_fako_is_a_lie_challenged_but_no_catch():
    table = Table.from_hands(Rules.kamu(3, jokers=True), ["*F 8P 9P", "7T 8T 9T", "7Z 8Z 9Z"], first=0)
    referee = Referee(3)
    refereed(table, referee, [Play(0, parse_cards("*F")), Challenge(1)])
    assert referee.lies == [1, 0, 0] and referee.lies_challenged == [1, 0, 0]
    assert referee.challenges == [0, 1, 0] and referee.caught == [0, 0, 0]


def test_the_referee_reads_a_duel_proposition_against_the_proposers_dice():
    duel = Duel.new(4, first=0, dice=((2, 2, 3, 5, 6), (1, 1, 1, 4, 6)))
    referee = Referee(2)
    moves = [
        Declare(0, "satisfied"),
        Declare(1, "satisfied"),
        Propose(0, (3, 3, 6, 5, 2)),
        Propose(1, (1, 1, 1, 6, 4)),
        Propose(0, (6, 6, 6, 6, 2)),
        Challenge(1),
    ]
    for move in moves:
        referee.duel_action(duel, move)
        duel.apply(move)
    assert referee.calls == [2, 1] and referee.lies == [2, 0]  # a pair of 3s, then four 6s: both false
    assert referee.lies_challenged == [1, 0] and referee.caught == [0, 1]


def test_the_summary_turns_counts_into_calls_per_game_lie_rates_and_challenged_shares():
    series = Series("kamu", ["hard", "medium", "medium"], games=4, calls=[10, 30, 20, 41])
    series.wins = {"hard": 1, "medium": 3}
    series.conduct = {
        "hard": Conduct(
            calls=40,
            lies=10,
            lies_challenged=4,
            challenges=8,
            caught=6,
            others_lies=30,
            per_game=[5, 9, 12, 14],
        ),
        "medium": Conduct(
            calls=61,
            lies=30,
            lies_challenged=9,
            challenges=5,
            caught=2,
            others_lies=40,
            per_game=[5, 21, 8, 27],
        ),
    }
    figures = summary(series, 3)
    assert (figures["calls_mean"], figures["calls_median"]) == (25.25, 25.0)
    hard, medium = figures["kinds"]["hard"], figures["kinds"]["medium"]
    assert (hard["calls_per_game"], hard["calls_median"]) == (10.0, 10.5)
    assert (hard["lie_rate"], hard["lies_challenged"]) == (0.25, 0.4)
    assert (hard["challenges"], hard["challenges_won"], hard["lies_caught"]) == (8, 0.75, 0.2)
    assert (medium["calls_per_game"], medium["lie_rate"], medium["lies_challenged"]) == (15.25, 0.4918, 0.3)
    assert medium["seats"] == 2 and medium["wins"] == 3  # the existing keys stay
    assert median([]) == 0.0 and median([3]) == 3.0


@pytest.mark.parametrize("game", ["kamu", "duel"])
def test_the_tournament_prints_and_dumps_how_each_kind_played(game, capsys):
    seats = "medium,medium" if game == "duel" else "hard,medium,medium"
    assert main(["--game", game, "--players", "3", "--seats", seats, "--games", "6", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    figures = json.loads(lines[-1])
    assert sum(row["calls"] for row in figures["kinds"].values()) / 6 == pytest.approx(
        figures["calls_mean"], abs=0.01
    )
    for row in figures["kinds"].values():
        assert row["calls"] > 0 and 0.0 <= row["lie_rate"] <= 1.0
        assert 0.0 <= row["lies_challenged"] <= 1.0 and 0.0 <= row["lies_caught"] <= 1.0
    assert any("lies challenged" in line for line in lines[:-1])


def test_a_long_series_can_be_read_before_it_ends(capsys):
    argv = [
        "--game",
        "bullets",
        "--players",
        "3",
        "--seats",
        "hard,easy,easy",
        "--games",
        "6",
        "--seed",
        "4",
        "--progress",
        "3",
    ]
    assert main(argv) == 0
    captured = capsys.readouterr()
    final = json.loads(captured.out.strip().splitlines()[-1])
    lines = captured.err.strip().splitlines()
    assert [line.split(" (")[0] for line in lines] == ["after 3 games", "after 6 games"]
    share = final["kinds"]["hard"]["share"]
    assert f"hard {share:.1%}" in lines[-1]  # the last progress line is the series' own figure
    assert f"calls median {final['calls_median']:g}," in lines[-1]
    with pytest.raises(SystemExit):
        main([*argv[:-1], "-1"])
