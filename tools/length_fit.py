"""The set-up's length estimate, measured: `tools/length_bench.py --fit [--games N]`.

Writes scenes/setup/length_data.py (never edit it by hand):

- CALLS: for every table the card set-ups can make (game, jokers, 2-8 players, every hand
  size offered), the median calls of a game between medium computer players and the share of
  calls challenged (`--games` games per table of the table's own flow, see flow_calls);
- SECONDS: at each pace, the seconds of a computer player's call, of a person's call alone at
  the table, of a person's call at a couch table (curtains), of a challenge's verdict, and of a
  game's start and end: a least-squares fit over whole games of the table's flow stepped at
  60 Hz (length_bench.table_game), at tables of 0-4 people, Bullets and Kamu, short and long.

Then it prints the estimate beside the measured median for each row of the length bench.
"""

from __future__ import annotations

import math
import random
import statistics
from pathlib import Path

import length_bench as bench

from bluffhouse.game.bots import make_bot
from bluffhouse.game.events import CardsPlayed, Challenged
from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import ALL_CARDS, HAND_SIZES, Rules
from bluffhouse.scenes.shell.session import bot_seat
from bluffhouse.scenes.shell.settings_schema import PACES
from bluffhouse.scenes.table.flow import TableFlow

DATA = Path(__file__).resolve().parent.parent / "bluffhouse" / "scenes" / "setup" / "length_data.py"
TABLES = (("bullets", False), ("kamu", False), ("kamu", True))
# The flow games the seconds are fitted on: (game, players, people, hand).
DESIGN = (
    ("bullets", 4, 0, 5),
    ("bullets", 4, 1, 5),
    ("bullets", 4, 2, 5),
    ("bullets", 4, 4, 5),
    ("bullets", 4, 1, 3),
    ("bullets", 4, 1, 10),
    ("bullets", 3, 3, 7),
    ("bullets", 6, 2, 5),
    ("kamu", 4, 1, 3),
    ("kamu", 4, 3, 3),
    ("kamu", 4, 1, 5),
    ("kamu", 3, 1, 7),
)


def rules_of(game: str, jokers: bool, players: int, hand: int) -> Rules:
    """The rules of one measured table (a single game)."""
    if game == "kamu":
        return Rules.kamu(players, jokers=jokers, rounds=1, hand_size=hand)
    return Rules.bullets(players, hand_size=hand)


def hands_for(game: str, jokers: bool, players: int) -> list[int]:
    """The hand sizes a table of `players` can be dealt, of those the set-up offers."""
    cards = rules_of(game, jokers, players, ALL_CARDS).cards
    return [hand for hand in HAND_SIZES if hand * players <= cards]


def flow_calls(rules: Rules, seed: int, level: str = "medium", every_frame: bool = False) -> tuple[int, int]:
    """One game between computer players as the table flow plays it: (calls, challenges).

    The flow jumps from one planned action to the next, to the frame (the frames in between
    change nothing; every_frame steps them all at 60 Hz). The estimate counts this, not the loop
    of game.arena: there every computer player who would challenge does so in the same instant
    and the seat closest after the caller wins the tie, while at the table each presses after a
    delay of their own and the first press wins (RULES.md). With the seed's deal both count as
    many calls; a Kamu round of 3-5 cards each takes up to twice as many at the table.
    """
    table = CardMatch(rules, seed=seed).new_game()
    seats = [bot_seat(s, level) for s in range(rules.players)]
    bots = {
        s: make_bot(rules.game.value, level, s, random.Random(f"{seed}/bot/{s}/1"))
        for s in range(rules.players)
    }
    flow = TableFlow(table, seats, bots, random.Random(f"{seed}/flow/1"))
    calls = challenges = 0
    while not table.is_over:
        due = flow.next_due()
        if due is None or flow.clock > bench.LONGEST:
            raise RuntimeError(f"a table of computer players stopped: seed {seed}, {rules}")
        frames = 1 if every_frame else max(1, math.ceil((due - flow.clock) / bench.FRAME - 1e-9))
        flow.update(frames * bench.FRAME)
        for event in flow.drain_events():
            calls += type(event) is CardsPlayed
            challenges += type(event) is Challenged
        flow.drain_messages()
    return calls, challenges


def measure_calls(games: int, seed: int) -> dict:
    """(game, jokers, players, hand) -> (median calls, challenges per call), table flow games."""
    table = {}
    for game, jokers in TABLES:
        for players in range(2, 9):
            for hand in hands_for(game, jokers, players):
                rules = rules_of(game, jokers, players, hand)
                master = random.Random(f"{seed}/{game}/{jokers}/{players}/{hand}")
                calls, challenges = [], 0
                for _ in range(games):
                    called, challenged = flow_calls(rules, master.randrange(2**32))
                    calls.append(called)
                    challenges += challenged
                table[(game, jokers, players, hand)] = (
                    float(statistics.median(calls)),
                    round(challenges / max(1, sum(calls)), 4),
                )
    return table


def solve(rows: list[list[float]], targets: list[float]) -> list[float]:
    """Least squares: the x minimising |rows·x - targets| (normal equations, Gauss-Jordan)."""
    k = len(rows[0])
    a = [
        [sum(r[i] * r[j] for r in rows) for j in range(k)]
        + [sum(r[i] * y for r, y in zip(rows, targets, strict=True))]
        for i in range(k)
    ]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(k):
            if r != col:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][k] / a[i][i] for i in range(k)]


def measure_seconds(games: int, seed: int) -> dict:
    """pace -> (bot call, person call alone, person call at a couch, verdict, start and end)."""
    fitted = {}
    for pace in sorted(PACES.values()):
        rows, targets = [], []
        for number, (game, players, people, hand) in enumerate(DESIGN):
            rules = rules_of(game, False, players, hand)
            row = bench.Row(f"fit{number}", "", game, lambda r=rules: r, people)
            rules, seats = row.rules(), row.seats()
            master = random.Random(f"{seed}/fit/{number}")
            for _ in range(games):
                played = bench.table_game(rules, seats, master.randrange(2**32), pace)
                if played.seconds == float("inf"):
                    continue
                bots = played.calls - played.people_calls
                solo = 0 if played.couch else played.people_calls
                couch = played.people_calls if played.couch else 0
                rows.append([bots, solo, couch, played.challenges, 1.0])
                targets.append(played.seconds)
        parts = solve(rows, targets)
        if parts[-1] < 0:  # a game's start and end take time: never less than none
            parts = [*solve([row[:-1] for row in rows], targets), 0.0]
        fitted[pace] = tuple(round(x, 3) for x in parts)
    return fitted


def write(calls: dict, seconds: dict, games: int, flow_games: int, seed: int) -> None:
    """scenes/setup/length_data.py with both tables."""
    lines = [
        f'"""Measured by `tools/length_bench.py --fit --games {games} --seed {seed}`: do not edit by hand.',
        "",
        "CALLS: (game, jokers, players, hand size) -> (median calls of a game, challenges per call),",
        f"{games} games of the table flow between medium computer players a table. SECONDS: pace ->",
        "seconds of a computer player's call, a person's call alone at the table, a person's call",
        "behind a couch curtain, a challenge's verdict, a game's start and end (least squares over",
        f"{flow_games} games a table of the table flow stepped at 60 Hz; tools/length_fit.py).",
        '"""',
        "",
        "CALLS = {",
        *(f"    {key!r}: {value!r}," for key, value in calls.items()),
        "}",
        "SECONDS = {",
        *(f"    {pace!r}: {value!r}," for pace, value in seconds.items()),
        "}",
        "",
    ]
    DATA.write_text("\n".join(lines), encoding="utf-8")


def main(games: int, seed: int) -> int:
    """Measure, write the data module, and compare the estimate with the bench's rows."""
    flow_games = max(10, games // 5)
    print(
        f"fitting the set-up's length estimate: {games} games of computer players a table, "
        f"{flow_games} flow games a design point, seed {seed}"
    )
    calls = measure_calls(games, seed)
    seconds = measure_seconds(flow_games, seed)
    write(calls, seconds, games, flow_games, seed)
    print(f"wrote {DATA}")
    for pace, parts in seconds.items():
        print(
            f"  pace {pace:g}: computer call {parts[0]:.2f} s, person {parts[1]:.2f} s, at a couch "
            f"{parts[2]:.2f} s, verdict {parts[3]:.2f} s, start and end {parts[4]:.1f} s"
        )
    return 0
