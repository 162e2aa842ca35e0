"""`python -m game.tournament --game bullets --players 4 --seats hard,medium,medium,medium [--hand 7]`.

Plays seat-rotated games headless and prints each seat kind's win share with a 95% interval,
its decision time at the 50th and 99th percentile (wall time, then this thread's CPU time),
how it played (calls per game, lie rate, the share of its lies challenged, its challenges)
and, as the last line, the same as JSON. `--progress N` prints the figures so far on stderr
every N games, so that a long series can be quoted before it ends.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NotRequired, TypedDict

from bluffhouse.game.arena import GAMES, Conduct, Series, rules_for, run_series

Figures = dict[str, float]  # one seat kind's figures by name (counts, shares, milliseconds)


class Summary(TypedDict):
    """A series' figures, as plain data (the JSON line)."""

    game: str
    players: int
    hand: int  # cards dealt to each player; 0: the seed's deal
    seats: list[str]
    games: int
    unfinished: int
    seconds: float
    calls_mean: float
    calls_median: float
    kinds: dict[str, Figures]
    jokers: NotRequired[bool]


def median(values: list[int]) -> float:
    """The middle value (the mean of the two middle ones for an even count); 0 when empty."""
    if not values:
        return 0.0
    ordered, half = sorted(values), len(values) // 2
    return float(ordered[half]) if len(values) % 2 else (ordered[half - 1] + ordered[half]) / 2


def _ratio(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def conduct_figures(conduct: Conduct, games: int) -> Figures:
    """How one seat kind played, as plain data (shares are 0 when there was nothing to count)."""
    return {
        "calls": conduct.calls,
        "calls_per_game": round(conduct.calls / games, 2) if games else 0.0,
        "calls_median": median(conduct.per_game),
        "lies": conduct.lies,
        "lie_rate": _ratio(conduct.lies, conduct.calls),
        "lies_challenged": _ratio(conduct.lies_challenged, conduct.lies),  # its own lies
        "challenges": conduct.challenges,
        "challenges_won": _ratio(conduct.caught, conduct.challenges),
        "lies_caught": _ratio(conduct.caught, conduct.others_lies),  # others' lies it caught
    }


def summary(series: Series, players: int, hand: int = 0) -> Summary:
    """The figures of a series, by seat kind, as plain data."""
    kinds: dict[str, Figures] = {}
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
            "p50_cpu_ms": round(timer.percentile(50, cpu=True) * 1000, 3) if timer else 0.0,
            "p99_cpu_ms": round(timer.percentile(99, cpu=True) * 1000, 3) if timer else 0.0,
            "decisions": len(timer.samples) if timer else 0,
            **conduct_figures(series.conduct.get(kind, Conduct()), series.games),
        }
    return Summary(
        game=series.game,
        players=players,
        hand=hand,
        seats=series.kinds,
        games=series.games,
        unfinished=series.unfinished,
        seconds=round(series.seconds, 2),
        calls_mean=round(sum(series.calls) / len(series.calls), 2) if series.calls else 0.0,
        calls_median=median(series.calls),
        kinds=kinds,
    )


def reporter(every: int, players: int) -> Callable[[Series], None] | None:
    """A progress callback printing the figures so far every `every` games (None for 0)."""
    if every <= 0:
        return None

    def report(series: Series) -> None:
        if series.games % every == 0:
            rows = "  ".join(
                f"{kind} {row['share']:.1%} [{row['low']:.1%}, {row['high']:.1%}]"
                f" p50/p99 CPU {row['p50_cpu_ms']:.2f}/{row['p99_cpu_ms']:.2f} ms"
                for kind, row in summary(series, players)["kinds"].items()
            )
            print(
                f"after {series.games} games ({series.seconds:.0f} s): calls median "
                f"{median(series.calls):g}, unfinished {series.unfinished}  {rows}",
                file=sys.stderr,
                flush=True,
            )

    return report


def main(argv: list[str] | None = None) -> int:
    """Run the tournament and print the figures; the last line is JSON."""
    parser = argparse.ArgumentParser(prog="python -m game.tournament", description=__doc__)
    parser.add_argument("--game", choices=GAMES, default="bullets")
    parser.add_argument("--players", type=int, default=4, help="card games: 2-8 (the duel is 2)")
    parser.add_argument(
        "--seats", default="hard,medium,medium,medium", help="comma-separated bot kinds, one per seat"
    )
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--hand",
        type=int,
        default=0,
        help="card games: cards dealt to each player, the rest set aside (default 0: the seed's deal)",
    )
    parser.add_argument(
        "--progress",
        metavar="N",
        type=int,
        default=0,
        help="every N games, one line of the figures so far on stderr "
        "(a long series can be quoted before it ends)",
    )
    parser.add_argument(
        "--save-replays",
        metavar="DIR",
        default=None,
        help="write each game's replay file in DIR (made if needed)",
    )
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
    players = 2 if args.game == "duel" else args.players
    if args.game == "duel" and args.seats == parser.get_default("seats"):
        kinds = ["hard", "medium"]
    if len(kinds) != players:
        parser.error(f"--seats names {len(kinds)} seats for {players} players")
    replays = None
    if args.save_replays is not None:
        replays = Path(args.save_replays)
        try:
            replays.mkdir(parents=True, exist_ok=True)
        except OSError as problem:
            parser.error(f"--save-replays {args.save_replays}: {problem.strerror or problem}")
    if args.progress < 0:
        parser.error(f"--progress {args.progress}: a number of games, 0 for none")
    try:
        series = run_series(
            args.game,
            kinds,
            args.games,
            args.seed,
            timed=True,
            hand=args.hand,
            replays=replays,
            progress=reporter(args.progress, players),
        )
    except (KeyError, ValueError) as problem:
        parser.error(f"{problem}")
    except OSError as problem:
        parser.error(f"--save-replays {args.save_replays}: {problem.strerror or problem}")
    figures = summary(series, players, args.hand)
    unit, calls = ("rounds", "propositions") if args.game == "duel" else ("games", "calls")
    deal = "" if args.game == "duel" else (f", {args.hand} cards each" if args.hand else ", the seed's deal")
    figures["jokers"] = rules_for(args.game, players, args.hand).jokers
    if figures["jokers"]:  # Kamu's jokers shorten a round by half: not the set-up's default table
        deal += ", with the jokers"
    print(
        f"{args.game}, {players} players{deal}, seats {','.join(kinds)} (rotated), "
        f"{series.games} {unit}, seed {args.seed}, {series.seconds:.1f} s"
    )
    print(f"  {calls} per {unit[:-1]}: mean {figures['calls_mean']:.1f}, median {figures['calls_median']:g}")
    for kind, row in figures["kinds"].items():
        print(
            f"  {kind:<10} {row['seats']} seat(s)  wins {row['share']:6.1%} "
            f"[{row['low']:.1%}, {row['high']:.1%}]  fair {row['seats'] / players:.1%}"
            f"  decision p50 {row['p50_ms']:.2f} ms  p99 {row['p99_ms']:.2f} ms"
            f" (CPU {row['p50_cpu_ms']:.2f} / {row['p99_cpu_ms']:.2f} ms)"
        )
        print(
            f"  {'':<10} {calls} per {unit[:-1]} {row['calls_per_game']:.1f} "
            f"(median {row['calls_median']:g})  lies {row['lie_rate']:.1%}"
            f"  lies challenged {row['lies_challenged']:.1%}  challenges {row['challenges']}"
            f" ({row['challenges_won']:.0%} won, caught {row['lies_caught']:.1%} of others' lies)"
        )
    if series.unfinished:
        print(f"  unfinished (no winner): {series.unfinished}")
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
