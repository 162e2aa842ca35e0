"""A process that stores records as fast as it can, for the SIGKILL test: `python records_saver.py DB
FOLDER FIRST` saves the replay files of FOLDER again and again under new uids (k<FIRST>, k<FIRST+1>,
...), printing "saved <uid>" after each commit."""

import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bluffhouse.game.records.check import read_file  # noqa: E402
from bluffhouse.game.records.store import Store  # noqa: E402


def main(database: str, folder: str, first: int) -> None:
    records = [read_file(path).record for path in sorted(Path(folder).glob("*.bhreplay"))]
    number = first
    with Store.open(database) as store:
        while True:
            record = replace(records[number % len(records)], uid=f"k{number}")
            store.save(record)
            print(f"saved {record.uid}", flush=True)
            number += 1


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
