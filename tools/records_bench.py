"""Speed and size of the records (issue 21), as `make bench` prints them.

    python tools/records_bench.py [--games 10000] [--seed 1]

- the median stored game: real games between computer players of every level (Bullets and
  Kamu at 3-6 seats, duel matches), each as the file the database keeps;
- with --games stored games (those games again under new ids, dates and 40 people's names):
  the History screen's question (open the database, the first page newest first, the count),
  filtered by game and by name, a name's stats in each game, the Hall of Fame;
- a replay jump: a record of at least 300 calls, the cursor sent to random positions.

Times are wall-clock milliseconds on this machine (median and worst of repeated runs): they are
figures to read, never assertions (tests never time anything).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the handover's figure imports the app's service
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bluffhouse.game.arena import HEADLESS_STEP  # noqa: E402
from bluffhouse.game.bots import make_bot  # noqa: E402
from bluffhouse.game.bots.table_runner import next_bot_action  # noqa: E402
from bluffhouse.game.match import CardMatch, DuelMatch  # noqa: E402
from bluffhouse.game.records.check import fresh_engine, load  # noqa: E402
from bluffhouse.game.records.codec import encode  # noqa: E402
from bluffhouse.game.records.cursor import Cursor  # noqa: E402
from bluffhouse.game.records.record import Record, Seat, SeatKind  # noqa: E402
from bluffhouse.game.records.store import Store  # noqa: E402
from bluffhouse.game.records.tape import Tape  # noqa: E402
from bluffhouse.game.rules import Rules  # noqa: E402
from bluffhouse.scenes.story.pages import history_page, person_page  # noqa: E402  (no pygame: the screens' questions)
from bluffhouse.scenes.story.playback import Playback  # noqa: E402

LEVELS = ("easy", "medium", "hard")
PEOPLE = [f"Player {n}" for n in range(40)]


def play(rules: Rules, levels: list[str], seed: int) -> Record:
    """One game or match between computer players, taped (a nominal second between moves)."""
    rng = random.Random(seed)
    saved: list[Record] = []
    seats = [Seat(f"{level} {s}", SeatKind.COMPUTER, level) for s, level in enumerate(levels)]
    tape = Tape(rules, seats, saved.append)
    bots = [
        make_bot(rules.game.value, level, s, random.Random(rng.randrange(2**32)))
        for s, level in enumerate(levels)
    ]
    duel = rules.game.value == "duel"
    match = DuelMatch(rules, rng.randrange(2**32)) if duel else CardMatch(rules, rng.randrange(2**32))
    while not match.is_over:
        engine = match.new_round() if duel else match.new_game()
        tape.begin(engine)
        while not (engine.phase == "over" if duel else engine.is_over):
            if duel:
                action = bots[engine.turn].choose(engine.view(engine.turn))
            else:
                action = next_bot_action(engine, bots)
            engine.apply(action)
            tape.note(action, (len(tape.moves) + 1) * HEADLESS_STEP)
        match.record(engine)
    return saved[-1]


def real_games(count: int, seed: int) -> list[Record]:
    """Games of every kind as people play them: Bullets and Kamu at 3-6 seats, duel matches."""
    rng = random.Random(seed)
    out = []
    for number in range(count):
        kind = ("bullets", "kamu", "duel")[number % 3]
        players = 2 if kind == "duel" else rng.randint(3, 6)
        rules = {
            "bullets": Rules.bullets(players),
            "kamu": Rules.kamu(players, jokers=True),
            "duel": Rules.duel(),
        }[kind]
        out.append(play(rules, [rng.choice(LEVELS) for _ in range(players)], rng.randrange(2**32)))
    return out


def timed(question, repeats: int = 15) -> tuple[float, float, float]:
    """(median, worst, median CPU) milliseconds of `question()`: on a shared machine the CPU time
    says what the question costs, the wall time what other programs let it have."""
    times, cpu = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        question()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(times), max(times), statistics.median(cpu)


def fill(path: Path, games: list[Record], total: int, seed: int) -> None:
    """`total` stored games: the real ones again under new ids, dates and people's names."""
    rng = random.Random(seed)
    stories = [load(encode(record)) for record in games]
    with Store.open(path) as store:
        store.connection.execute("PRAGMA synchronous = OFF")  # the bench's filling only
        for number in range(total):
            story = stories[number % len(stories)]
            record = story.record
            seats = tuple(
                Seat(rng.choice(PEOPLE), rng.choice((SeatKind.PERSON, SeatKind.PHONE)))
                if rng.random() < 0.6
                else seat
                for seat in record.seats
            )
            record = replace(record, uid=f"b{number}", started=1_600_000_000 + number * 3600, seats=seats)
            store.save_story(replace(story, record=record), encode(record))


def long_record(seed: int) -> Record:
    """A record of at least 300 calls (a Kamu match of three rounds at six seats, or longer)."""
    for attempt in range(50):
        record = play(Rules.kamu(6, jokers=True), ["medium"] * 6, seed + attempt)
        calls = sum(type(m.action).__name__ == "Play" for g in record.games for m in g.moves)
        if calls >= 300:
            return record
    raise RuntimeError("no game of 300 calls")


def handover(record: Record) -> float:
    """Milliseconds the frame spends when a game ends: its tape makes the record and hands it to
    the app's writer thread (median of repeats; the writing itself happens on that thread)."""
    from bluffhouse.scenes.shell.records import Records

    rules = record.rules
    tape = Tape(rules, record.seats)
    for game in record.games:  # the tape as it stood when the match ended
        engine = fresh_engine(rules, game.start)
        tape.begin(engine)
        for move in game.moves:
            engine.apply(move.action)
            tape.note(move.action, move.at)
    times = []
    with tempfile.TemporaryDirectory(prefix="bluffhouse-bench-") as folder:
        records = Records(Path(folder) / "records.sqlite3")
        for _ in range(20):
            start = time.perf_counter()
            records.save(tape.record())
            times.append((time.perf_counter() - start) * 1000)
        records.flush(60)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    """Print the figures, the last line as JSON."""
    parser = argparse.ArgumentParser(prog="tools/records_bench.py", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="stored games for the queries")
    parser.add_argument("--real", type=int, default=90, help="distinct games played for the sizes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    figures: dict = {}
    start = time.perf_counter()
    games = real_games(args.real, args.seed)
    sizes = sorted(len(encode(record)) for record in games)
    by_game = {}
    for kind in ("bullets", "kamu", "duel"):
        kind_sizes = [len(encode(r)) for r in games if r.game.value == kind]
        if kind_sizes:
            by_game[kind] = statistics.median(kind_sizes)
    figures["median_bytes"] = statistics.median(sizes)
    figures["largest_bytes"] = sizes[-1]
    figures["median_bytes_by_game"] = by_game
    each = ", ".join(f"{kind} {size / 1024:.2f}" for kind, size in by_game.items())
    median, largest = figures["median_bytes"] / 1024, sizes[-1] / 1024
    print(
        f"records: {len(games)} real games played in {time.perf_counter() - start:.1f} s; the median "
        f"stored game {median:.2f} KB ({each}), the largest {largest:.2f} KB  [limit: median <= 4 KB]"
    )
    with tempfile.TemporaryDirectory(prefix="bluffhouse-bench-") as folder:
        path = Path(folder) / "records.sqlite3"
        start = time.perf_counter()
        fill(path, games, args.games, args.seed)
        size = path.stat().st_size
        print(
            f"records: {args.games} games stored in {time.perf_counter() - start:.1f} s "
            f"({size / 1024 / 1024:.1f} MB)"
        )

        def history(**filters):
            with Store.open(path) as store:  # the screen opens the database, asks, closes
                store.history(limit=50, **filters)
                store.count(**filters)

        def history_screen():
            with Store.open(path) as store:  # what the History screen asks as it opens (scenes.story.pages)
                history_page(store)

        def stats_screen():
            with Store.open(path) as store:  # the Stats screen opening on a name
                person_page(store, name, "bullets")

        with Store.open(path) as store:
            name = store.people()[0]
            rows = [
                ("history", lambda: history()),
                ("history_kamu", lambda: history(game="kamu")),
                ("history_name", lambda: history(name=name)),
                ("history_screen", history_screen),
                ("stats_screen", stats_screen),
                *((f"stats_{g}", lambda g=g: store.stats(name, g)) for g in ("bullets", "kamu", "duel")),
                ("levels_bullets", lambda: store.levels("bullets")),
                ("hall_of_fame", lambda: store.hall_of_fame()),
                ("hall_of_fame_kamu", lambda: store.hall_of_fame("kamu")),
            ]
            for label, question in rows:
                median, worst, cpu = timed(question)
                figures[f"{label}_ms"] = round(median, 2)
                figures[f"{label}_worst_ms"] = round(worst, 2)
                figures[f"{label}_cpu_ms"] = round(cpu, 2)
                limit = (
                    "  [limit: 100 ms]"
                    if label.startswith("history")
                    else "  [limit: 50 ms]"
                    if label.startswith("stats")
                    else ""
                )
                if label == "stats_screen":  # the screen also opens the database; its budget is the name's
                    limit = "  [limit: 50 ms]"
                print(
                    f"records: {label:<18} median {median:7.2f} ms  worst {worst:7.2f} ms  "
                    f"(CPU {cpu:6.2f} ms){limit}"
                )
    record = long_record(args.seed)
    calls = sum(type(m.action).__name__ == "Play" for g in record.games for m in g.moves)
    data = encode(record)
    start = time.perf_counter()
    cursor = Cursor(load(data, keyframe_every=16))
    opened = (time.perf_counter() - start) * 1000
    rng = random.Random(args.seed)
    jumps = []
    for _ in range(300):
        target = rng.randrange(cursor.positions)
        begin = time.perf_counter()
        cursor.seek(target)
        jumps.append((time.perf_counter() - begin) * 1000)
    screen = Playback(cursor.story)  # the Replay screen's own path: Playback.go -> Cursor.seek
    screen_jumps = []
    for _ in range(300):
        target = rng.randrange(cursor.positions)
        begin = time.perf_counter()
        screen.go(target)
        screen_jumps.append((time.perf_counter() - begin) * 1000)
    figures.update(
        replay_calls=calls,
        replay_positions=cursor.positions,
        replay_open_ms=round(opened, 2),
        jump_ms=round(statistics.median(jumps), 3),
        jump_worst_ms=round(max(jumps), 3),
        screen_jump_ms=round(statistics.median(screen_jumps), 3),
        screen_jump_worst_ms=round(max(screen_jumps), 3),
    )
    print(
        f"records: replay of {calls} calls ({cursor.positions} positions): read, checked and keyframed in "
        f"{opened:.1f} ms; a jump median {statistics.median(jumps):.3f} ms, worst {max(jumps):.3f} ms"
        f"  [limit: 50 ms]"
    )
    print(
        f"records: the Replay screen's jump (Playback.go) median {figures['screen_jump_ms']:.3f} ms, worst "
        f"{figures['screen_jump_worst_ms']:.3f} ms  [limit: 50 ms]"
    )
    figures["handover_ms"] = round(handover(record), 3)
    print(
        f"records: the frame's part of a save (the record made, handed to the writer) of that "
        f"match: {figures['handover_ms']:.3f} ms  [limit: 2 ms]"
    )
    print(json.dumps(figures, separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
