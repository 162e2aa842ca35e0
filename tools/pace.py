"""Where a card game's calls go: `python tools/pace.py --game bullets --games 12` (four experts).

Plays the same games as `python -m bluffhouse.game.tournament` with the same arguments (the same seeds,
the same seat rotation) and splits each game's calls: truthful and let stand, truthful and
wrongly challenged, lies that stood, lies caught; of the lies, the forced ones (the caller held
no card of the called rank); the cards picked up; the calls made by a seat holding 1-3 cards
(the endgame) and how many of those were forced lies; and how far a seat's calls move between
two of its turns (`steps`: the share of its next calls s ranks after its last one, by s).
Figures per game (mean, and the median of the calls), then one JSON line.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bluffhouse.game.actions import Challenge, Play
from bluffhouse.game.arena import rules_for, table_bot_kinds
from bluffhouse.game.bots.table_runner import next_bot_action
from bluffhouse.game.cards import counts_as
from bluffhouse.game.events import PileTaken
from bluffhouse.game.table import Table


@dataclass(slots=True)
class Pace:
    """One game's calls, split by what became of them."""

    calls: int = 0
    true_stood: int = 0
    true_challenged: int = 0  # a wrong challenge
    lie_stood: int = 0
    lie_caught: int = 0
    forced: int = 0  # lies by a caller holding no card of the rank
    forced_caught: int = 0
    padded: int = 0  # true cards with false ones added
    padded_caught: int = 0
    picked_up: int = 0  # cards taken back from the pile
    endgame_calls: int = 0  # calls by a seat holding 1-3 cards before it played
    endgame_forced: int = 0  # ... with no card of the called rank
    cards_per_call: float = 0.0
    held_at_end: int = 0  # cards in hands and on the pile when the game ended
    winner: int | None = None
    steps: list[int] = field(default_factory=list)  # by s: a seat's next call s ranks after its last


def play(rules, kinds: list[str], seed: int, max_actions: int = 5000) -> Pace:
    """One game as game.arena.play_card_game plays it, watched call by call."""
    registry = table_bot_kinds()
    rng = random.Random(seed)
    table = Table.start(rules, rng.randrange(2**32))
    bots = [registry[k](s, random.Random(rng.randrange(2**32))) for s, k in enumerate(kinds)]
    pace = Pace()
    open_call = None  # (lie, forced, padded)
    shed = 0
    pace.steps = [0] * len(rules.ranks)
    last_rank: dict[int, int] = {}
    for _ in range(max_actions):
        if table.is_over:
            break
        action = next_bot_action(table, bots)
        if isinstance(action, Play):
            if open_call is not None:  # the previous call stood
                pace.lie_stood += open_call[0]
                pace.true_stood += not open_call[0]
            hand, rank = table.hand(action.seat), table.rank
            now = rules.ranks.index(rank)
            if action.seat in last_rank:
                pace.steps[(now - last_rank[action.seat]) % len(rules.ranks)] += 1
            last_rank[action.seat] = now
            lie = not all(counts_as(c, rank) for c in action.cards)
            forced = not any(counts_as(c, rank) for c in hand)
            pace.calls += 1
            shed += len(action.cards)
            pace.forced += forced
            padded = lie and not forced and any(counts_as(c, rank) for c in action.cards)
            pace.padded += padded
            if len(hand) <= 3:
                pace.endgame_calls += 1
                pace.endgame_forced += forced
            open_call = (lie, forced, padded)
        elif isinstance(action, Challenge) and open_call is not None:
            lie, forced, padded = open_call
            pace.lie_caught += lie
            pace.padded_caught += padded
            pace.forced_caught += lie and forced
            pace.true_challenged += not lie
            open_call = None
        events = table.apply(action)
        pace.picked_up += sum(e.count for e in events if isinstance(e, PileTaken))
    if open_call is not None:
        pace.lie_stood += open_call[0]
        pace.true_stood += not open_call[0]
    pace.winner = table.winner
    pace.held_at_end = sum(table.hand_size(s) for s in range(table.players)) + table.pile_size
    pace.cards_per_call = round(shed / max(1, pace.calls), 3)
    return pace


def series(game: str, kinds: list[str], games: int, seed: int, hand: int = 0) -> list[Pace]:
    """The tournament's games (same seeds and rotation), watched."""
    rules = rules_for(game, len(kinds), hand)
    master = random.Random(seed)
    paces = []
    for number in range(games):
        shift = number % len(kinds)
        seated = kinds[shift:] + kinds[:shift]
        paces.append(play(rules, seated, master.randrange(2**32)))
    return paces


def figures(paces: list[Pace]) -> dict:
    """Means per game of every count, and the median of the calls."""
    n = max(1, len(paces))
    fields = [f for f in asdict(Pace()) if f not in ("winner", "steps")]
    out = {f: round(sum(getattr(p, f) for p in paces) / n, 2) for f in fields}
    calls = sorted(p.calls for p in paces)
    half = len(calls) // 2
    out["calls_median"] = (
        (calls[half] if len(calls) % 2 else (calls[half - 1] + calls[half]) / 2) if calls else 0
    )
    steps = [sum(column) for column in zip(*(p.steps for p in paces), strict=True)]
    out["steps"] = [round(count / max(1, sum(steps)), 3) for count in steps]
    out["games"] = len(paces)
    out["unfinished"] = sum(p.winner is None for p in paces)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tools/pace.py", description=__doc__)
    parser.add_argument("--game", choices=("bullets", "kamu"), default="bullets")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seats", default="expert,expert,expert,expert")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hand", type=int, default=0)
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.seats.split(",") if k.strip()]
    if len(kinds) != args.players:
        parser.error(f"--seats names {len(kinds)} seats for {args.players} players")
    result = figures(series(args.game, kinds, args.games, args.seed, args.hand))
    for key, value in result.items():
        print(f"  {key:<16} {value}")
    print(json.dumps(result, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
