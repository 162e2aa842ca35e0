"""Hostile records (issue 21): damaged or malicious replay files and database rows (wrong types,
illegal moves, truncated, huge, newer versions) give 0 crashes and 0 changes to other stored
games, and every file refused says its reason. The heavy tier runs 10,000 of each."""

import copy
import functools
import gzip
import json
import os
import random
import sqlite3
import zlib
from dataclasses import replace

import pytest
from records_games import play

from bluffhouse.game.records.check import load
from bluffhouse.game.records.codec import encode, to_json
from bluffhouse.game.records.record import Refused, Why
from bluffhouse.game.records.store import Store
from bluffhouse.game.rules import Rules

HEAVY = int(os.environ.get("BLUFFHOUSE_FUZZ", "10000"))
HOSTILE = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**63,
    -(2**63),
    1e308,
    "",
    "x" * 5000,
    "\u202e\x00",
    "NaN",
    [],
    {},
    [[[[[]]]]],
    {"format": "bluffhouse-replay"},
    [0, 0, "c"],
    "AS AS AS AS AS",
    list(range(300)),
    {"__class__": "Record"},
]


def corpus():
    """Valid records of every game, and their JSON."""
    games = [
        play(1, Rules.bullets(4), leave_chance=0),
        play(2, Rules.kamu(3, jokers=True, rounds=2)),
        play(3, Rules.duel(points_to_win=2), leave_chance=0),
        play(4, Rules.bullets(6), cap=60),
        play(5, Rules.kamu(5, jokers=True), leave_chance=0),
    ]
    return [taped.record for taped in games]


RECORDS = corpus()
JSONS = [to_json(record) for record in RECORDS]
FILES = [encode(record) for record in RECORDS]


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _paths(inner, (*path, index))


def _set(data, path, value):
    target = data
    for step in path[:-1]:
        target = target[step]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value


_DELETE = object()


@functools.cache
def big(size: int, byte: int, raw_zlib: bool) -> bytes:
    """A file of `size` bytes of one character, packed (a small file that unpacks huge)."""
    payload = bytes([byte]) * size
    return zlib.compress(payload) if raw_zlib else gzip.compress(payload, compresslevel=1)


def mutate(rng: random.Random) -> bytes:
    """One damaged or malicious replay file."""
    kind = rng.randrange(9)
    original = rng.choice(FILES)
    if kind == 0:  # bytes of the gzip file flipped
        data = bytearray(original)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 1:  # cut short, or something glued on
        data = original[: rng.randrange(len(original))]
        glued = bytes(rng.randrange(256) for _ in range(rng.randint(0, 30)))
        return data + (glued if rng.random() < 0.5 else b"")
    if kind == 2:  # the JSON text damaged, then packed again (or not)
        text = bytearray(json.dumps(rng.choice(JSONS)).encode())
        for _ in range(rng.randint(1, 5)):
            text[rng.randrange(len(text))] = rng.choice(b'{}[]",:0123456789x\\ ')
        return gzip.compress(bytes(text)) if rng.random() < 0.7 else bytes(text)
    if kind == 3:  # a huge or bombing file
        return big(
            rng.choice((300 * 1024, 5 * 1024 * 1024, 9 * 1024 * 1024)), rng.choice(b"[ {"), rng.random() < 0.3
        )
    data = json.loads(json.dumps(rng.choice(JSONS)))
    paths = list(_paths(data))[1:]
    if kind in (4, 5, 6):  # any value replaced by a hostile one, or dropped
        for _ in range(1 if kind != 6 else rng.randint(2, 5)):
            path = rng.choice(paths)
            try:
                _set(data, path, _DELETE if rng.random() < 0.15 else copy.deepcopy(rng.choice(HOSTILE)))
            except (KeyError, IndexError, TypeError):
                pass
    elif kind == 7:  # a move changed: another seat, another card, moved, doubled or dropped
        game = rng.choice(data["games"])
        moves = game["moves"]
        if moves:
            k = rng.randrange(len(moves))
            change = rng.randrange(5)
            if change == 0:
                moves[k][1] = (moves[k][1] + rng.randint(1, 3)) % len(data["seats"])
            elif change == 1 and len(moves[k]) == 4:
                moves[k][3] = rng.choice(("AS", "7P", "*F", "66666", "", "0", "10H 10H", "11111"))
            elif change == 2:
                moves.insert(rng.randrange(len(moves) + 1), moves.pop(k))
            elif change == 3:
                moves.insert(k, list(moves[k]))
            else:
                del moves[k]
    else:  # a newer version, another game's rules, the result changed
        choice = rng.randrange(3)
        if choice == 0:
            data["version"] = rng.choice((2, 99, 10**9))
        elif choice == 1:
            data["rules"]["game"] = rng.choice(("bullets", "kamu", "duel", "poker"))
        else:
            data["scores"] = [rng.randint(0, 20) for _ in data["seats"]]
    return gzip.compress(json.dumps(data).encode()) if rng.random() < 0.8 else json.dumps(data).encode()


def file_fuzz(count: int, seed: int) -> tuple[dict, list]:
    """Load `count` mutated files: the reasons of the refusals, and anything that went wrong."""
    rng = random.Random(seed)
    reasons: dict = {}
    wrong = []
    for number in range(count):
        data = mutate(rng)
        try:
            story = load(data)
        except Refused as refused:
            if type(refused.why) is not Why:
                wrong.append((number, "a refusal without a reason"))
            reasons[refused.why] = reasons.get(refused.why, 0) + 1
        except Exception as error:  # noqa: BLE001 - a crash: what the fuzz is looking for
            wrong.append((number, repr(error)[:200]))
        else:
            reasons["accepted"] = reasons.get("accepted", 0) + 1  # harmless (a moment nudged): exact still
            assert story.positions > 0
    return reasons, wrong


def test_a_hundred_damaged_or_malicious_replay_files_are_refused_with_their_reason():
    reasons, wrong = file_fuzz(100, 1)
    assert wrong == []
    assert {Why.DAMAGED, Why.BAD_VALUE, Why.ILLEGAL_MOVE, Why.TOO_BIG} <= set(reasons)


@pytest.mark.heavy
def test_ten_thousand_damaged_or_malicious_replay_files_are_refused_with_their_reason():
    reasons, wrong = file_fuzz(HEAVY, 2)
    assert wrong == []
    assert sum(reasons.values()) == HEAVY and len(reasons) >= 8


# -- database rows ---------------------------------------------------------------------------------

GAME_COLUMNS = (
    "uid",
    "game",
    "started",
    "saved",
    "seconds",
    "status",
    "players",
    "rounds",
    "moves",
    "winners",
    "replay",
)  # ("replay": the row of the replays table)
SEAT_COLUMNS = (
    "seat",
    "name",
    "kind",
    "level",
    "person",
    "game",
    "played",
    "won",
    "calls",
    "lies",
    "lies_passed",
    "caught",
    "challenges",
    "challenges_won",
    "wrongly_accused",
    "bold",
    "bold_text",
)
ROW_HOSTILE = [
    None,
    -1,
    2**62,
    1.5,
    float("inf"),
    "",
    "x" * 300,
    "bullets",
    "finished",
    "[0, 99]",
    "[]",
    "{bad json",
    b"\x00\xff",
    "\u202e",
    '{"rank": 5}',
    "[1,2,3,4,5,6,7,8]",
]


def everything(store):
    """What every question of the screens answers (a crash here is what the fuzz looks for)."""
    out = [
        store.history(),
        store.history(game="kamu"),
        store.history(name="ana"),
        store.count(),
        store.people(),
        store.hall_of_fame(),
    ]
    for game in ("bullets", "kamu", "duel"):
        out += [store.levels(game), store.hall_of_fame(game)]
        for name in ("Ana", "Ben", "Csilla", "Dani", "Emma"):
            out.append(store.stats(name, game))
    return out


def damage(connection, rng: random.Random, victim: int) -> None:
    """One row of one stored game changed by hand: a hostile value in any column."""
    kind = rng.randrange(4)
    if kind == 0:
        column = rng.choice(GAME_COLUMNS)
        value = mutate(rng) if column == "replay" and rng.random() < 0.7 else rng.choice(ROW_HOSTILE)
        if column == "replay":
            connection.execute("UPDATE replays SET data = ? WHERE game_id = ?", (value, victim))
        else:
            connection.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, victim))
    elif kind == 1:
        column = rng.choice(SEAT_COLUMNS)
        connection.execute(
            f"UPDATE seats SET {column} = ? WHERE game_id = ? AND seat = ?",
            (rng.choice(ROW_HOSTILE), victim, rng.randrange(2)),
        )
    elif kind == 2:
        connection.execute(
            "UPDATE people SET name = ? WHERE id = (SELECT person FROM seats WHERE "
            "game_id = ? AND person IS NOT NULL LIMIT 1)",
            (rng.choice(ROW_HOSTILE), victim),
        )
    else:
        connection.execute(
            "INSERT OR REPLACE INTO ranks (seat_id, rank, n) VALUES ((SELECT id FROM seats "
            "WHERE game_id = ? LIMIT 1), ?, ?)",
            (victim, rng.choice(ROW_HOSTILE), rng.choice(ROW_HOSTILE)),
        )


def row_fuzz(store, ids: list[int], count: int, seed: int) -> list:
    """Damage one row at a time (rolled back after), asking every question each time."""
    rng = random.Random(seed)
    connection = store.connection
    baseline = {row.id: row for row in store.history()}
    blobs = {i: store.replay_bytes(i) for i in ids}
    wrong = []
    for number in range(count):
        victim = rng.choice(ids)
        connection.execute("PRAGMA foreign_keys = OFF")  # as a hand edit with the sqlite3 shell would
        connection.execute("BEGIN")
        try:
            damage(connection, rng, victim)
        except sqlite3.IntegrityError:
            pass  # a NOT NULL the database itself keeps: that damage cannot be made
        try:
            everything(store)
            try:
                store.open_replay(victim)
            except Refused as refused:
                assert type(refused.why) is Why
            others = {row.id: row for row in store.history(limit=500) if row.id != victim}
            for other in ids:
                if other != victim and (
                    others.get(other) != baseline[other] or store.replay_bytes(other) != blobs[other]
                ):
                    wrong.append((number, f"game {other} changed"))
        except Exception as error:  # noqa: BLE001 - a crash: what the fuzz is looking for
            wrong.append((number, repr(error)[:200]))
        finally:
            connection.execute("ROLLBACK")
            connection.execute("PRAGMA foreign_keys = ON")
    return wrong


@pytest.fixture(scope="module")
def stocked(tmp_path_factory):
    from bluffhouse.game.records.record import Seat, SeatKind

    names = [Seat(n, SeatKind.PERSON) for n in ("Ana", "Ben", "Csilla", "Dani")]
    path = tmp_path_factory.mktemp("fuzz") / "records.sqlite3"
    with Store.open(path) as store:
        ids = [
            store.save(
                replace(
                    play(seed, Rules.bullets(4), leave_chance=0, cap=80, seats=names).record,
                    uid=f"people{seed}",
                )
            )
            for seed in range(4)
        ]
        ids += [store.save(record) for record in RECORDS]
    assert len(set(ids)) == len(ids) == 9  # nine games, none saved over another
    return path, ids


def test_twenty_damaged_database_rows_crash_nothing_and_change_no_other_game(stocked):
    path, ids = stocked
    with Store.open(path) as store:
        assert row_fuzz(store, ids, 20, 3) == []


@pytest.mark.heavy
def test_ten_thousand_damaged_database_rows_crash_nothing_and_change_no_other_game(stocked):
    path, ids = stocked
    with Store.open(path) as store:
        assert row_fuzz(store, ids, HEAVY, 4) == []


def test_malicious_records_are_refused_before_anything_is_written(stocked, tmp_path):
    import shutil

    path, _ids = stocked
    copy = tmp_path / "records.sqlite3"
    shutil.copy(path, copy)
    with Store.open(copy) as store:
        before = store.history(limit=500)
        good = RECORDS[0]
        hostile = [
            replace(good, scores=(99,) * 4),
            replace(good, games=good.games[:0]),
            replace(good, seats=()),
            replace(good, uid=RECORDS[1].uid, games=RECORDS[2].games),
            replace(good, uid="x" * 99),
            replace(good, started=-5),
            "junk",
        ]
        for record in hostile:
            with pytest.raises(Refused):
                store.save(record)
        assert store.history(limit=500) == before
        assert not store.delete("1 OR 1=1") and not store.delete(10**30)
        assert store.history(limit=500) == before
