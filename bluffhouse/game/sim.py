"""`python -m game.sim --game bullets --players 4 --games 2000`: engine speed and bot win shares.

`--engine search` plays the random baseline on game.table_search.SearchTable instead (the fast
path computer players search with, a seat view per decision): the speed a search lives on.
Speeds are given per second of wall time and per second of this process's CPU time (the
machine is shared, so wall time says as much about the neighbours as about the engine).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import NamedTuple

from bluffhouse.game.arena import GAMES, rules_for, run_series
from bluffhouse.game.bots.table_random import play_random_game
from bluffhouse.game.table_search import SearchTable

DEFAULT_KINDS = {"table": ["sensible", "random"], "duel": ["sensible", "random"]}


class Speed(NamedTuple):
    """Games played, actions applied, and the seconds they took (wall and this process's CPU)."""

    games: int
    actions: int
    wall: float
    cpu: float


def search_engine_speed(game: str, players: int, games: int, seed: int) -> Speed:
    """Random-baseline games on the search engine, dealt like Table.deal: speed and length."""
    rules = rules_for(game, players)
    master = random.Random(seed)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        state = SearchTable.deal(rules, master.randrange(2**32))
        actions += play_random_game(state, random.Random(master.randrange(2**32)))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return Speed(games, actions, wall, cpu)


def _speed_line(games: int, actions: int, wall: float, cpu: float) -> str:
    def rate(count: int, seconds: float) -> float:
        return count / seconds if seconds else 0.0

    return (
        f"{rate(games, wall):,.0f} games/s, {rate(actions, wall):,.0f} actions/s "
        f"({wall:.2f} s wall); per CPU second {rate(games, cpu):,.0f} games, "
        f"{rate(actions, cpu):,.0f} actions; {actions / games if games else 0:.1f} actions a game"
    )


def main(argv: list[str] | None = None) -> int:
    """Run the simulation and print games per second and each bot's win share."""
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__)
    parser.add_argument("--game", choices=GAMES, default="bullets")
    parser.add_argument("--players", type=int, default=4, help="card games: 2-8 (the duel is 2)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--seats",
        default=None,
        help="comma-separated bot kinds, one per seat (default: sensible and random alternating)",
    )
    parser.add_argument(
        "--engine",
        choices=("table", "search"),
        default="table",
        help="search: the random baseline on the search engine (card games)",
    )
    args = parser.parse_args(argv)
    players = 2 if args.game == "duel" else args.players
    if args.engine == "search":
        if args.game == "duel" or args.seats:
            parser.error("--engine search plays the card games' random baseline (no --seats)")
        try:
            speed = search_engine_speed(args.game, players, args.games, args.seed)
        except ValueError as problem:
            parser.error(str(problem))
        print(f"{args.game}, {players} players, random baseline on the search engine, {args.games} games")
        print(_speed_line(*speed))
        return 0
    if args.seats:
        kinds = [k.strip() for k in args.seats.split(",")]
    else:
        pair = DEFAULT_KINDS["duel" if args.game == "duel" else "table"]
        kinds = [pair[i % 2] for i in range(players)]
    if len(kinds) != players:
        parser.error(f"--seats names {len(kinds)} seats for {players} players")
    try:
        series = run_series(args.game, kinds, args.games, args.seed)
    except (KeyError, ValueError) as problem:
        parser.error(str(problem))
    print(f"{args.game}, {players} players, seats {','.join(kinds)} (rotated), {series.games} games")
    for kind in sorted(set(kinds)):
        seats = kinds.count(kind)
        print(
            f"  {kind:<10} {seats} seat(s)  wins {series.share(kind):6.1%} of games"
            f"  ({series.share(kind) / seats:6.1%} per seat; fair share {1 / players:.1%})"
        )
    if series.unfinished:
        print(f"  unfinished (bots stalemated): {series.unfinished}")
    print(_speed_line(series.games, series.actions, series.seconds, series.cpu_seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
