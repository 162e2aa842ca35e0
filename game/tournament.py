"""`python -m game.tournament --game bullets --players 4 --seats hard,medium,medium,medium`.

Plays seat-rotated games headless and prints each seat kind's win share with a 95% interval,
its decision time at the 50th and 99th percentile, and, as the last line, the same as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.arena import GAMES, Series, run_series


def summary(series: Series, players: int) -> dict:
    """The figures of a series, by seat kind, as plain data."""
    kinds = {}
    for kind in sorted(set(series.kinds)):
        low, high = series.interval(kind)
        timer = series.timers.get(kind)
        kinds[kind] = {
            "seats": series.kinds.count(kind),
            "wins": series.wins.get(kind, 0),
            "share": round(series.share(kind), 4),
            "low": round(low, 4),
            "high": round(high, 4),
            "p50_ms": round(timer.percentile(50) * 1000, 3) if timer else 0.0,
            "p99_ms": round(timer.percentile(99) * 1000, 3) if timer else 0.0,
            "decisions": len(timer.samples) if timer else 0,
        }
    return {
        "game": series.game,
        "players": players,
        "seats": series.kinds,
        "games": series.games,
        "unfinished": series.unfinished,
        "seconds": round(series.seconds, 2),
        "kinds": kinds,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the tournament and print the figures; the last line is JSON."""
    parser = argparse.ArgumentParser(prog="python -m game.tournament", description=__doc__)
    parser.add_argument("--game", choices=GAMES, default="bullets")
    parser.add_argument("--players", type=int, default=4, help="card games: 2-8 (the duel is 2)")
    parser.add_argument("--seats", default="hard,medium,medium,medium",
                        help="comma-separated bot kinds, one per seat")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
    players = 2 if args.game == "duel" else args.players
    if args.game == "duel" and args.seats == parser.get_default("seats"):
        kinds = ["hard", "medium"]
    if len(kinds) != players:
        parser.error(f"--seats names {len(kinds)} seats for {players} players")
    try:
        series = run_series(args.game, kinds, args.games, args.seed, timed=True)
    except (KeyError, ValueError) as problem:
        parser.error(f"{problem}")
    figures = summary(series, players)
    unit = "rounds" if args.game == "duel" else "games"
    print(f"{args.game}, {players} players, seats {','.join(kinds)} (rotated), "
          f"{series.games} {unit}, seed {args.seed}, {series.seconds:.1f} s")
    for kind, row in figures["kinds"].items():
        print(f"  {kind:<10} {row['seats']} seat(s)  wins {row['share']:6.1%} "
              f"[{row['low']:.1%}, {row['high']:.1%}]  fair {row['seats'] / players:.1%}"
              f"  decision p50 {row['p50_ms']:.2f} ms  p99 {row['p99_ms']:.2f} ms")
    if series.unfinished:
        print(f"  unfinished (no winner): {series.unfinished}")
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
