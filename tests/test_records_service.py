"""The app's records service (issue 21): writes never stall a frame (a writer thread stores what
the tapes hand over), the database is found in the data folder, and a damaged, locked or
unwritable database is moved aside or skipped with one clear line; the game plays on."""

import sqlite3
from pathlib import Path

import pytest
from records_games import play

from bluffhouse.game.records.record import Seat, SeatKind
from bluffhouse.game.records.store import Store
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.shell.records import Records, data_folder, records_path, seat_of
from bluffhouse.scenes.shell.session import SeatSpec
from bluffhouse.scenes.ui.lang import set_language

pytestmark = pytest.mark.records  # the service writes what it is handed


def some_records(n=2):
    return [play(seed, Rules.bullets(3), leave_chance=0).record for seed in range(n)]


def test_start_up_does_not_import_the_records_until_a_game_needs_them():
    from started import modules_at_start

    import bluffhouse.game.records.schema
    import bluffhouse.game.records.store
    import bluffhouse.scenes.shell.records as service

    assert (service.DB_NAME, service.BUSY_MS) == (
        bluffhouse.game.records.store.DB_NAME,
        bluffhouse.game.records.schema.BUSY_MS,
    )
    started = modules_at_start()  # a fresh process's: the screens registered, the App's module
    assert "bluffhouse.scenes.shell.app" in started and "bluffhouse.scenes.shell.records" in started
    assert not [m for m in started if m.startswith("bluffhouse.game.records")]


def test_the_database_lives_in_the_data_folder_which_bluffhouse_data_overrides(monkeypatch, tmp_path):
    monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "here"))
    assert data_folder() == tmp_path / "here" and records_path() == tmp_path / "here" / "records.sqlite3"
    monkeypatch.delenv("BLUFFHOUSE_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_folder() == tmp_path / "xdg" / "bluffhouse"


def test_a_record_handed_over_is_written_by_the_writer_thread_not_the_frame(tmp_path):
    path = tmp_path / "records.sqlite3"
    Store.open(path).close()
    records = Records(path)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the database is busy: a write on the frame would wait here
    for record in some_records():
        records.save(record)  # returns at once: the record waits in the writer's queue
    assert records.saved == 0 and records.pending == 2
    other.execute("ROLLBACK")
    other.close()
    assert records.flush(10)
    assert records.saved == 2 and records.drain_messages() == []
    with Store.open(path) as store:
        assert store.count() == 2


def test_a_damaged_database_is_moved_aside_with_one_line_and_the_game_is_saved_anew(tmp_path, caplog):
    set_language("en")
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"scribbled over" * 200)
    records = Records(path)
    for record in some_records():
        records.save(record)
    assert records.flush(10) and records.saved == 2
    lines = [m.text() for m in records.drain_messages()]
    assert len(lines) == 1 and "damaged" in lines[0] and "records.sqlite3.damaged-" in lines[0]
    assert records.drain_messages() == []
    [moved] = [p for p in tmp_path.iterdir() if p.name.startswith("records.sqlite3.damaged-")]
    # the log says what was wrong (sqlite's words) and where the file went, not an empty reason
    [logged] = [r.getMessage() for r in caplog.records if r.name == "bluffhouse.scenes.shell.records"]
    assert logged.endswith(f"damaged: file is not a database; moved aside to {moved}"), logged


def test_an_unwritable_place_is_said_once_and_nothing_breaks(tmp_path):
    set_language("fr")
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    records = Records(blocked / "records.sqlite3")
    for record in some_records(3):
        records.save(record)
    assert records.flush(10) and records.saved == 0 and records.skipped == 3
    lines = [m.text() for m in records.drain_messages()]
    set_language("en")
    assert len(lines) == 1 and lines[0].startswith("Impossible d’écrire l’historique")
    assert blocked.read_text() == "not a folder"


def test_a_database_held_by_another_window_skips_the_save_with_one_line(tmp_path):
    set_language("en")
    path = tmp_path / "records.sqlite3"
    Store.open(path).close()
    records = Records(path, busy_ms=50)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    records.save(some_records(1)[0])
    assert records.flush(10) and records.skipped == 1
    other.execute("ROLLBACK")
    other.close()
    busy = "The history of games is busy in another window: this game was not saved."
    assert [m.text() for m in records.drain_messages()] == [busy]


def test_the_set_ups_seats_become_a_records_seats():
    assert seat_of(SeatSpec("Ana", human=True), 0) == Seat("Ana", SeatKind.PERSON)
    assert seat_of(SeatSpec("Ben", human=True, phone=True), 1) == Seat("Ben", SeatKind.PHONE)
    assert seat_of(SeatSpec("Hugo", human=False, bot="hard"), 2) == Seat("Hugo", SeatKind.COMPUTER, "hard")
    assert seat_of(SeatSpec("\x00", human=True), 3).name == "4"  # never a name no record may hold


def test_the_tape_of_a_match_is_the_same_for_each_of_its_rounds_and_none_for_the_demo():
    from bluffhouse.game.match import CardMatch
    from bluffhouse.scenes.shell.session import GameSetup

    records = Records(Path("/nonexistent/records.sqlite3"))
    rules = Rules.kamu(3)
    setup = GameSetup(rules, [SeatSpec("Ana", True), SeatSpec("Ben", True), SeatSpec("Hugo", False)])
    match = CardMatch(rules, 1)
    tape = records.tape_for(setup, match)
    assert tape is records.tape_for(setup, match) and records.playing() == {tape.uid}
    records.leave_all()  # back to the menu: no game is being played any more
    assert records.playing() == set() and records.tape_for(setup, match) is not tape
    assert records.tape_for(setup, CardMatch(rules, 1)) is not records.tape_for(setup, match)
    setup.demo = True
    assert records.tape_for(setup, CardMatch(rules, 2)) is None
