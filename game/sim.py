"""`python -m game.sim --game bullets --players 4 --games 2000`: engine speed and bot win shares."""

from __future__ import annotations

import argparse
import sys

from game.arena import GAMES, run_series

DEFAULT_KINDS = {"table": ["sensible", "random"], "duel": ["sensible", "random"]}


def main(argv: list[str] | None = None) -> int:
    """Run the simulation and print games per second and each bot's win share."""
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__)
    parser.add_argument("--game", choices=GAMES, default="bullets")
    parser.add_argument("--players", type=int, default=4, help="card games: 2-8 (the duel is 2)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", default=None,
                        help="comma-separated bot kinds, one per seat "
                             "(default: sensible and random alternating)")
    args = parser.parse_args(argv)
    players = 2 if args.game == "duel" else args.players
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
        print(f"  {kind:<10} {seats} seat(s)  wins {series.share(kind):6.1%} of games"
              f"  ({series.share(kind) / seats:6.1%} per seat; fair share {1 / players:.1%})")
    if series.unfinished:
        print(f"  unfinished (bots stalemated): {series.unfinished}")
    print(f"{series.games_per_second:,.0f} games per second ({series.seconds:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
