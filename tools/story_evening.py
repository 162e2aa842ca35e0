"""An evening of games in a data folder, to look at the History, Stats and Replay screens.

    .venv/bin/python tools/story_evening.py /tmp/evening        (then:)
    BLUFFHOUSE_DATA=/tmp/evening .venv/bin/python main.py --lang fr

Writes records.sqlite3 there: last week a Kamu match, yesterday a Bullets game of three people
and a computer player, then tonight three duels of Ana against Hugo, the expert (the evening of
issue 35's playtest: the Stats open on the duel). The games are played by computer players from
fixed seeds, so every run writes the same games.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests"):
    sys.path.insert(0, str(path))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from records_games import play  # noqa: E402

from bluffhouse.game.records.record import Seat, SeatKind  # noqa: E402
from bluffhouse.game.records.store import Store  # noqa: E402
from bluffhouse.game.rules import Rules  # noqa: E402


def evening(now: float) -> list:
    """The records, oldest first, dated before `now`."""
    day = 24 * 3600
    people = [Seat(name, SeatKind.PERSON) for name in ("Ana", "Ben", "Iris")]
    kamu = play(
        11,
        Rules.kamu(4, jokers=True, rounds=2),
        leave_chance=0,
        bots="sensible",
        seats=[*people, Seat("Feri", SeatKind.COMPUTER, "easy")],
    ).record
    bullets = play(
        12,
        Rules.bullets(4),
        leave_chance=0,
        bots="sensible",
        seats=[*people, Seat("Dani", SeatKind.COMPUTER, "medium")],
    ).record
    duels = [
        play(
            20 + n,
            Rules.duel(points_to_win=3),
            leave_chance=0,
            bots="sensible",
            seats=[Seat("Ana", SeatKind.PERSON), Seat("Hugo", SeatKind.COMPUTER, "expert")],
        ).record
        for n in range(3)
    ]
    dated = [(kamu, now - 6 * day), (bullets, now - day - 3600)]
    dated += [(duel, now - (3 - n) * 1200) for n, duel in enumerate(duels)]
    return [replace(record, uid=f"evening{n}", started=int(at)) for n, (record, at) in enumerate(dated)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path, help="the data folder (BLUFFHOUSE_DATA) to write")
    args = parser.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    records = evening(time.time())
    with Store.open(args.folder / "records.sqlite3") as store:
        for record in records:
            store.save(record)
    print(f"{len(records)} games in {args.folder / 'records.sqlite3'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
