"""The records database (issue 21): history newest first with its filters, open, delete, stats
per name and game, computer players by level, the Hall of Fame; the schema version and its
migrations, WAL and a busy timeout; a damaged, locked or unwritable database."""

import os
import sqlite3
from collections import Counter
from dataclasses import replace

import pytest
from records_games import play

from bluffhouse.game.records.check import check
from bluffhouse.game.records.codec import encode
from bluffhouse.game.records.figures import figures
from bluffhouse.game.records.record import Refused, Seat, SeatKind, Status, person_key
from bluffhouse.game.records.schema import MIGRATIONS, SCHEMA_VERSION, StoreProblem, Trouble, migrate
from bluffhouse.game.records.store import Store
from bluffhouse.game.rules import Rules

ANA, BEN = Seat("Ana", SeatKind.PERSON), Seat("Ben", SeatKind.PHONE)
EASY, HARD = Seat("Emma", SeatKind.COMPUTER, "easy"), Seat("Hugo", SeatKind.COMPUTER, "hard")


def records():
    """Games of three kinds between Ana, Ben (on a phone), and computers, oldest first."""
    table = [
        play(1, Rules.bullets(4), leave_chance=0, seats=[ANA, BEN, EASY, HARD]),
        play(
            2,
            Rules.kamu(3, jokers=True, rounds=2),
            leave_chance=0,
            seats=[Seat(" ana ", SeatKind.PERSON), HARD, EASY],
        ),
        play(3, Rules.duel(), leave_chance=0, seats=[BEN, HARD]),
        play(4, Rules.bullets(3), leave_chance=0, cap=30, seats=[Seat("ANA", SeatKind.PERSON), BEN, EASY]),
        play(5, Rules.bullets(2), leave_chance=0, seats=[Seat("Ana B", SeatKind.PERSON), HARD]),
    ]
    return [t.record for t in table]


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "records.sqlite3") as opened:
        yield opened


@pytest.fixture
def filled(store):
    saved = records()
    ids = [store.save(record) for record in saved]
    return store, saved, ids


def test_history_lists_games_newest_first_with_who_played_and_who_won(filled):
    store, saved, ids = filled
    rows = store.history()
    assert [row.id for row in rows] == ids[::-1]
    newest, record = rows[0], saved[-1]
    assert (newest.game, newest.started, newest.status, newest.rounds, newest.moves) == (
        "bullets",
        record.started,
        "finished",
        1,
        record.moves,
    )
    assert newest.seconds == record.seconds
    assert newest.winners == tuple(record.seats[w].name for w in record.winners)
    kamu = [(s.name, s.kind, s.level) for s in rows[3].seats]
    assert kamu == [(" ana ", "person", None), ("Hugo", "computer", "hard"), ("Emma", "computer", "easy")]
    assert rows[1].status == "left" and rows[1].winners == ()
    assert not any(row.damaged for row in rows)
    assert [row.id for row in store.history(limit=2, offset=1)] == ids[::-1][1:3]


def test_history_filters_by_game_and_by_name_whatever_its_case_and_spaces(filled):
    store, _saved, ids = filled
    assert [row.id for row in store.history(game="bullets")] == [ids[4], ids[3], ids[0]]
    ana = [row.id for row in store.history(name="  aNa ")]
    assert ana == [ids[3], ids[1], ids[0]]  # "Ana", " ana " and "ANA" are one person; "Ana B" is not
    assert [row.id for row in store.history(game="kamu", name="ana")] == [ids[1]]
    assert store.count() == 5 and store.count(name="ben") == 3 and store.history(name="nobody") == []


def test_a_game_opens_as_it_was_stored_and_a_deleted_one_is_gone_with_its_figures(filled):
    store, saved, ids = filled
    assert store.open_replay(ids[2]).record == saved[2]
    assert store.replay_bytes(ids[2]) == encode(saved[2])
    assert store.delete(ids[2]) and not store.delete(ids[2])
    left = store.connection.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (ids[2],)).fetchone()[0]
    assert left == 0 and store.count() == 4 and store.stats("ben", "duel") is None


def test_a_stored_game_is_shared_as_its_replay_file(filled, tmp_path):
    from bluffhouse.game.records.check import read_file

    store, saved, ids = filled
    path = store.export(ids[1], tmp_path)
    assert path.parent == tmp_path and path.name.startswith("kamu-") and path.suffix == ".bhreplay"
    assert read_file(path).record == saved[1] and list(tmp_path.glob("*.tmp")) == []
    store.connection.execute("UPDATE replays SET data = ? WHERE game_id = ?", (b"scribbled", ids[2]))
    with pytest.raises(Refused):
        store.export(ids[2], tmp_path)  # a damaged row is never handed on
    assert len(list(tmp_path.glob("*.bhreplay"))) == 1


def test_a_match_saved_after_every_round_is_one_game_in_the_history(store):
    taped = play(9, Rules.kamu(4, rounds=3), leave_chance=0)
    assert taped.saves == 3
    first_save = replace(
        taped.record,
        games=taped.record.games[:1],
        status=Status.LEFT,
        scores=check_scores(taped.record, 1),
        winners=(),
    )
    store.save(first_save)
    store.save(taped.record)  # the same uid: the match as it went on replaces its first save
    rows = store.history()
    assert len(rows) == 1 and rows[0].rounds == 3 and rows[0].status == "finished"


def check_scores(record, games):
    from bluffhouse.game.match import CardMatch
    from bluffhouse.game.records.check import fresh_engine

    match = CardMatch(record.rules, 0, first=0)
    for game in record.games[:games]:
        engine = fresh_engine(record.rules, game.start)
        for move in game.moves:
            engine.apply(move.action)
        match.record(engine)
    return tuple(match.scores)


def test_stats_per_name_and_game_add_up_each_games_figures(filled):
    store, saved, _ids = filled
    expected = Counter()
    rank_counts = Counter()
    for record in saved:
        if record.game.value != "bullets":
            continue
        for seat, row in zip(record.seats, figures(check(record)), strict=True):
            if seat.person and person_key(seat.name) == "ana":
                expected.update(
                    games=row.played,
                    wins=row.won,
                    seats=1,
                    calls=row.calls,
                    lies=row.lies,
                    lies_passed=row.lies_passed,
                    caught=row.caught,
                    challenges=row.challenges,
                    challenges_won=row.challenges_won,
                    wrongly_accused=row.wrongly_accused,
                )
                rank_counts.update(row.ranks)
    stats = store.stats("ANA", "bullets")
    assert stats.name in ("Ana", "ANA") and stats.seats == 2 and stats.games == 1  # one of them was left
    for name, value in expected.items():
        assert getattr(stats, name) == value, name
    top = max(rank_counts.values())
    assert stats.favourite == min(r for r, n in rank_counts.items() if n == top)
    assert 0 <= stats.lie_share <= 1 and stats.win_share in (0.0, 1.0)
    assert store.stats("Ana B", "bullets").seats == 1  # a rename at the set-up is a new person
    assert store.stats("Ana", "duel") is None and store.stats("Zed", "bullets") is None


def test_people_are_persons_only_and_computers_are_counted_by_level(filled):
    store, _saved, _ids = filled
    assert store.people() == ["ANA", "Ben", "Ana B"]  # most games first; the latest spelling shown
    assert "Hugo" not in store.people() and store.people("duel") == ["Ben"]
    levels = {row.name: row for row in store.levels("bullets")}
    assert set(levels) == {"easy", "hard"} and levels["easy"].seats == 2 and levels["hard"].seats == 2


def test_the_hall_of_fame_names_the_best_liar_and_the_sharpest_eye(store):
    people = [Seat(n, SeatKind.PERSON) for n in ("Ana", "Ben", "Csilla", "Dani")]
    per_person: dict[str, Counter] = {p.name: Counter() for p in people}
    for seed in range(6):
        record = play(100 + seed, Rules.bullets(4), leave_chance=0, seats=people).record
        store.save(record)
        for seat, row in zip(record.seats, figures(check(record)), strict=True):
            per_person[seat.name].update(
                lies=row.lies,
                passed=row.lies_passed,
                challenges=row.challenges,
                won=row.challenges_won,
                wrongly=row.wrongly_accused,
            )
    titles = {fame.title: fame for fame in store.hall_of_fame("bullets")}
    liar = max(
        (f["passed"] / f["lies"], f["passed"], name) for name, f in per_person.items() if f["lies"] >= 10
    )
    assert titles["best_liar"].name == liar[2] and titles["best_liar"].share == pytest.approx(liar[0])
    eye = max(
        (f["won"] / f["challenges"], f["won"], name) for name, f in per_person.items() if f["challenges"] >= 5
    )
    assert titles["sharpest_eye"].name == eye[2]
    wrongly = max(f["wrongly"] for f in per_person.values())
    assert titles["most_wrongly_accused"].value == wrongly
    assert titles["boldest_lie"].detail["rank"] and titles["boldest_lie"].value >= 1
    assert "boldest_lie" not in {fame.title for fame in store.hall_of_fame()}


# -- the database itself ---------------------------------------------------------------------------


def test_the_database_is_versioned_in_wal_mode_with_a_busy_timeout(store):
    connection = store.connection
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA busy_timeout").fetchone()[0] > 0
    assert connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_a_migration_brings_an_old_database_up_keeping_its_games(tmp_path, filled):
    store, saved, ids = filled
    later = {**MIGRATIONS, SCHEMA_VERSION + 1: ("ALTER TABLE games ADD COLUMN note TEXT DEFAULT ''",)}
    assert migrate(store.connection, later, SCHEMA_VERSION + 1) == SCHEMA_VERSION
    assert store.connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    assert store.count() == 5 and store.open_replay(ids[0]).record == saved[0]


def test_a_database_of_a_newer_game_is_left_alone(tmp_path):
    path = tmp_path / "records.sqlite3"
    sqlite3.connect(path).execute("PRAGMA user_version = 99").connection.close()
    before = path.read_bytes()
    with pytest.raises(StoreProblem) as problem:
        Store.open(path)
    assert problem.value.trouble is Trouble.NEWER and path.read_bytes() == before


@pytest.mark.parametrize("damage", [b"not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 4000])
def test_a_damaged_database_is_moved_aside_and_a_new_one_started(tmp_path, damage):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(damage)
    with Store.open(path, verify=True) as store:
        assert store.moved_to and open(store.moved_to, "rb").read() == damage
        store.save(records()[2])
        assert store.count() == 1


def test_a_database_cut_short_is_moved_aside_when_read_through(tmp_path):
    path = tmp_path / "records.sqlite3"
    with Store.open(path) as store:
        for record in records():
            store.save(record)
        store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with Store.open(path, verify=True) as store:
        assert store.moved_to and store.count() == 0


def test_a_folder_where_the_database_should_be_is_never_touched(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.mkdir()
    (path / "keep.txt").write_text("mine")
    with pytest.raises(StoreProblem) as problem:
        Store.open(path)
    assert problem.value.trouble is Trouble.UNWRITABLE and (path / "keep.txt").read_text() == "mine"
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    with pytest.raises(StoreProblem) as problem:
        Store.open(blocked / "records.sqlite3")  # its folder cannot even be made
    assert problem.value.trouble is Trouble.UNWRITABLE


def test_a_database_another_window_holds_too_long_skips_this_save(tmp_path):
    path = tmp_path / "records.sqlite3"
    Store.open(path).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # the other window is writing and does not let go
    with Store.open(path, busy_ms=50) as store:
        with pytest.raises(StoreProblem) as problem:
            store.save(records()[2])
        assert problem.value.trouble is Trouble.LOCKED
        other.execute("ROLLBACK")
        store.save(records()[2])
        assert store.count() == 1
    other.close()


def test_two_windows_write_to_one_database_in_turn(tmp_path):
    path = tmp_path / "records.sqlite3"
    saved = records()
    with Store.open(path) as one, Store.open(path) as two:
        for k, record in enumerate(saved):
            (one if k % 2 else two).save(record)
        assert one.count() == two.count() == 5
    assert os.path.exists(path)
