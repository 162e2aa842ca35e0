"""tests/sources.py: the answers of the code-shape scans are kept between runs, and only while the
file's bytes are the same."""

import json
import shutil
import tempfile
from pathlib import Path

import sources
from sources import ROOT, imports, scan


def test_an_answer_is_kept_until_the_file_changes_and_written_for_the_next_run(tmp_path):
    (ROOT / ".pytest_cache").mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(dir=ROOT / ".pytest_cache"))  # in the checkout: its answers are kept
    try:
        sample = folder / "sample.py"
        sample.write_text("import json\n", encoding="utf-8")
        scanned = []

        def names(path):
            scanned.append(path)
            return tuple(name for found in imports(path) for name in found.names)

        assert scan(sample, names) == ["json"] and len(scanned) == 1  # plain data: a tuple is a list
        assert scan(sample, names) == ["json"] and len(scanned) == 1  # kept
        sample.write_text("import csv\n", encoding="utf-8")  # other bytes (the same size)
        assert scan(sample, names) == ["csv"] and len(scanned) == 2
        sources.save(tmp_path / "scans.json")  # a copy: the run's own file is written as it ends
        kept = json.loads((tmp_path / "scans.json").read_text(encoding="utf-8"))
        where = sample.relative_to(ROOT).as_posix()
        [answer] = [entry[1] for key, entry in kept.items() if key.endswith(f".names|{where}")]
        assert answer == ["csv"]
    finally:
        shutil.rmtree(folder)
    sources.save(tmp_path / "again.json")  # a file gone: its answers are not written any more
    again = json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))
    assert again and not [key for key in again if where in key]


def test_a_file_outside_the_checkout_is_scanned_every_time(tmp_path):
    sample = tmp_path / "sample.py"
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\nelse:\n    import b\n"
    sample.write_text(source, encoding="utf-8")
    scanned = []

    def count(path):
        scanned.append(path)
        return len(imports(path))

    assert scan(sample, count) == scan(sample, count) == 3 and len(scanned) == 2
    assert [(found.names, found.type_only) for found in imports(sample)] == [
        (["TYPE_CHECKING"], False),
        (["a"], True),
        (["b"], False),
    ]
