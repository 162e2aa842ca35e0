"""A game killed while it saves (issue 21): SIGKILL a process in the middle of its saves, again
and again; the database opens every time, nothing is moved aside, and at most the game being
saved is lost (every save it reported stays). The heavy tier kills it 50 times, `make soak`
(BLUFFHOUSE_SOAK=1) the issue's 200 times."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from records_games import play

from bluffhouse.game.records.codec import encode
from bluffhouse.game.records.store import Store
from bluffhouse.game.rules import Rules

SAVER = Path(__file__).resolve().parent / "records_saver.py"
HEAVY_KILLS = 200 if os.environ.get("BLUFFHOUSE_SOAK") == "1" else 50  # each kill starts a Python


def kill_while_saving(tmp_path: Path, kills: int, seed: int) -> list[str]:
    """Start the saver, kill it at a random moment `kills` times; what went wrong."""
    folder = tmp_path / "files"
    folder.mkdir()
    for k, rules in enumerate((Rules.bullets(4), Rules.kamu(3, rounds=2), Rules.duel())):
        (folder / f"{k}.bhreplay").write_bytes(encode(play(k, rules, leave_chance=0).record))
    database = tmp_path / "records.sqlite3"
    rng = random.Random(seed)
    reported: list[str] = []
    wrong = []
    for kill in range(kills):
        saver = subprocess.Popen(
            [sys.executable, str(SAVER), str(database), str(folder), str(kill * 1000)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        wanted = rng.randint(1, 4)  # saves to see reported, then a random moment inside the next ones
        lines = []
        while len(lines) < wanted:
            line = saver.stdout.readline()
            if not line:
                break
            lines.append(line.split()[1])
        time.sleep(rng.uniform(0, 0.03))
        os.kill(saver.pid, signal.SIGKILL)
        rest, _ = saver.communicate()
        reported += lines + [line.split()[1] for line in rest.splitlines() if line.startswith("saved ")]
        try:
            with Store.open(database, verify=True) as store:
                if store.moved_to:
                    wrong.append(f"kill {kill}: the database was moved aside")
                stored = {row[0] for row in store.connection.execute("SELECT uid FROM games")}
        except Exception as error:  # noqa: BLE001 - the database must open every time
            wrong.append(f"kill {kill}: {error!r}")
            continue
        missing = set(reported) - stored
        extra = stored - set(reported)
        if missing or len(extra) > 1:
            wrong.append(f"kill {kill}: lost {sorted(missing)}, {len(extra)} unreported")
        reported += sorted(extra)  # the save that committed before it could say so
    return wrong


def test_killed_while_saving_three_times_the_database_opens_and_keeps_every_save(tmp_path):
    assert kill_while_saving(tmp_path, 3, 1) == []


@pytest.mark.heavy
def test_killed_while_saving_again_and_again_the_database_opens_and_keeps_every_save(tmp_path):
    assert kill_while_saving(tmp_path, HEAVY_KILLS, 2) == []
