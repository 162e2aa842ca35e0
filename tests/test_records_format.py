"""The replay file (issue 21): small, versioned, read back exactly, and every bad file refused
with its reason; the tape the screens write while a game is played."""

import gzip
import json
import random
import statistics
from dataclasses import fields

import pytest
from records_games import play

from bluffhouse.game.actions import Challenge, Play
from bluffhouse.game.duel import Duel
from bluffhouse.game.records.check import load
from bluffhouse.game.records.codec import decode, encode, to_json
from bluffhouse.game.records.record import MAX_FILE_BYTES, Refused, Seat, SeatKind, Status, Why, person_key
from bluffhouse.game.records.tape import Tape
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table


def record_json(seed=1, **options):
    return to_json(play(seed, leave_chance=0, **options).record)


def bytes_of(data: dict) -> bytes:
    return gzip.compress(json.dumps(data).encode())


def refusal(data) -> Refused:
    with pytest.raises(Refused) as caught:
        load(data if type(data) is bytes else bytes_of(data))
    return caught.value


def test_a_record_reads_back_equal_and_writes_the_same_bytes_again():
    record = play(4, Rules.kamu(5, jokers=True, rounds=2), leave_chance=0).record
    data = encode(record)
    assert data[:2] == b"\x1f\x8b" and decode(data) == record
    assert encode(decode(data)) == data  # the same record, the same bytes (no timestamp inside)
    plain = json.dumps(to_json(record)).encode()  # a plain JSON file is read too
    assert decode(plain) == record


def test_the_rules_are_written_field_by_field_and_a_missing_field_is_its_default():
    data = record_json(2, rules=Rules.bullets(3, bullets_per_player=5))
    assert set(data["rules"]) == {f.name for f in fields(Rules)}  # a field added to Rules is written too
    del data["rules"]["opening"]  # an older file, from before that field existed
    story = load(bytes_of(data))
    assert story.record.rules.opening == Rules().opening and story.record.rules.bullets_per_player == 5


def test_the_median_stored_game_of_four_at_medium_level_is_under_4_kb():
    sizes = [
        len(encode(play(seed, Rules.bullets(4), leave_chance=0, bots="medium").record)) for seed in range(9)
    ]
    assert statistics.median(sizes) <= 4096, sizes


@pytest.mark.parametrize(
    "damage, why",
    [
        (lambda d: b"", Why.NOT_A_REPLAY),
        (lambda d: b"PK\x03\x04 a zip file", Why.NOT_A_REPLAY),
        (lambda d: bytes_of(d)[:40], Why.DAMAGED),
        (lambda d: gzip.compress(b"{not json"), Why.DAMAGED),
        (lambda d: gzip.compress(b'{"n": NaN}'), Why.DAMAGED),
        (lambda d: gzip.compress(b'{"n": ' + b"9" * 5000 + b"}"), Why.DAMAGED),
        (lambda d: gzip.compress(b"[" * 100_000 + b"]" * 100_000), Why.DAMAGED),
        (lambda d: gzip.compress(b"[1, 2]"), Why.NOT_A_REPLAY),
        (lambda d: gzip.compress(b" " * (5 * 1024 * 1024)), Why.TOO_BIG),  # a zip bomb stops at 4 MB
        (lambda d: b"{" + b" " * MAX_FILE_BYTES, Why.TOO_BIG),
        (lambda d: {**d, "format": "something-else"}, Why.NOT_A_REPLAY),
        (lambda d: {**d, "version": 2}, Why.NEWER),
        (lambda d: {**d, "version": "1"}, Why.BAD_VALUE),
        (lambda d: {**d, "status": "won"}, Why.BAD_VALUE),
        (lambda d: {**d, "id": "../../etc"}, Why.BAD_VALUE),
        (lambda d: {**d, "rules": {**d["rules"], "players": 9}}, Why.BAD_RULES),
        (lambda d: {**d, "rules": {**d["rules"], "deck": "tarot"}}, Why.BAD_RULES),
        (lambda d: {**d, "rules": {**d["rules"], "jokers": 1}}, Why.BAD_RULES),
        (lambda d: {**d, "rules": {**d["rules"], "cheat": True}}, Why.BAD_RULES),
        (lambda d: {**d, "seats": d["seats"][:-1]}, Why.BAD_VALUE),
        (lambda d: {**d, "seats": [["Ana\u202e", "person"]] + d["seats"][1:]}, Why.BAD_VALUE),
        (lambda d: {**d, "seats": [["Ana", "robot"]] + d["seats"][1:]}, Why.BAD_VALUE),
        (lambda d: {**d, "games": []}, Why.BAD_VALUE),
        (lambda d: {**d, "games": [{**d["games"][0], "seed": None}]}, Why.NO_START),
        (lambda d: {**d, "games": [{**d["games"][0], "seed": 2**65}]}, Why.BAD_VALUE),
        (lambda d: {**d, "games": [{**d["games"][0], "first": 7}]}, Why.BAD_VALUE),
        (
            lambda d: {**d, "games": [{**d["games"][0], "winner": (d["games"][0]["winner"] + 1) % 4}]},
            Why.WRONG_RESULT,
        ),
        (lambda d: {**d, "scores": [9, 9, 9, 9]}, Why.WRONG_RESULT),
        (lambda d: {**d, "winners": []}, Why.WRONG_RESULT),
        (lambda d: {**d, "status": "left"}, Why.WRONG_RESULT),
        (lambda d: {**d, "games": [{**d["games"][0], "moves": d["games"][0]["moves"][:-1]}]}, Why.NOT_OVER),
        (
            lambda d: {
                **d,
                "games": [{**d["games"][0], "moves": d["games"][0]["moves"] + [[99999, 0, "c"]]}],
            },
            Why.ILLEGAL_MOVE,
        ),
        (lambda d: {**d, "games": [{**d["games"][0], "moves": [[0, 0, "p", "AS AS"]]}]}, Why.ILLEGAL_MOVE),
        (lambda d: {**d, "games": [{**d["games"][0], "moves": [[0, 0, "x"]]}]}, Why.BAD_VALUE),
        (lambda d: {**d, "games": [{**d["games"][0], "moves": [[0, 0, "p", "ZZ"]]}]}, Why.BAD_VALUE),
        (lambda d: {**d, "games": [{**d["games"][0], "moves": [[5, 0, "c"], [4, 1, "c"]]}]}, Why.BAD_VALUE),
        (lambda d: {**d, "games": [d["games"][0]] * 21}, Why.TOO_BIG),
        (lambda d: {**d, "version": 0}, Why.BAD_VALUE),
        (lambda d: {**d, "seats": "Ana, Ben"}, Why.BAD_VALUE),  # not a list
        (lambda d: {**d, "seats": [["Ana"]] + d["seats"][1:]}, Why.BAD_VALUE),  # a seat without its kind
        (lambda d: {**d, "seats": [["Ana", "computer", "élite"]] + d["seats"][1:]}, Why.BAD_VALUE),
        (lambda d: {**d, "games": [5]}, Why.BAD_VALUE),  # a game that is no object
        (lambda d: {**d, "games": [{**d["games"][0], "moves": [[0, 0, "c", "AS"]]}]}, Why.BAD_VALUE),
        (
            lambda d: {**d, "games": [{**d["games"][0], "moves": [[0, 0, "p", " ".join(["AS"] * 60)]]}]},
            Why.BAD_VALUE,
        ),  # more cards than a play could ever hold
    ],
)
def test_a_bad_file_is_refused_with_its_reason(damage, why):
    data = record_json(1, rules=Rules.bullets(4))
    assert refusal(damage(data)).why is why


def test_an_illegal_move_names_its_game_and_number():
    data = record_json(6, rules=Rules.kamu(4, rounds=2))
    moves = data["games"][1]["moves"]
    k = [m[2] for m in moves].index("p", 3)
    moves[k] = [moves[k][0], (moves[k][1] + 2) % 4, *moves[k][2:]]  # a play out of turn
    refused = refusal(data)
    assert refused.why is Why.ILLEGAL_MOVE and refused.fields == {"game": 2, "n": k + 1}


def test_a_duel_record_needs_its_seed_and_its_moves_are_the_duels():
    data = record_json(2, rules=Rules.duel())
    assert refusal({**data, "games": [{**data["games"][0], "seed": None}]}).why is Why.NO_START
    for move in (["p", "AS"], ["o", "44942"], ["o", "4494"], ["r", "5"], ["r", "012345"], ["d", "x"]):
        bad_move = {**data["games"][0], "moves": [[0, 0, *move]]}
        assert refusal({**data, "games": [bad_move]}).why is Why.BAD_VALUE, move  # a die of nine pips


def test_names_are_one_person_whatever_their_case_and_surrounding_spaces():
    assert person_key(" Ana ") == person_key("ANA") == person_key("ana")
    assert person_key("Zoe\u0301") == person_key("ZOÉ")  # composed or not, one name
    assert person_key("Ana B") != person_key("Ana")  # a rename is a new person


# -- the tape ------------------------------------------------------------------------------------


def seats(n):
    return [Seat(f"P{s}", SeatKind.PERSON) for s in range(n)]


def test_a_known_position_is_taped_by_its_hands_and_replays():
    rules = Rules.bullets(2)
    table = Table.from_hands(rules, ["AS 2H 3D", "4C 5S 6H"])
    saved = []
    tape = Tape(rules, seats(2), saved.append)
    assert tape.begin(table) and tape.games[0].start.hands is not None
    for action in (Play(0, ["AS"]), Challenge(1)):
        table.apply(action)
        tape.note(action, 1.0)
    tape.leave()
    story = load(encode(saved[-1]))
    assert story.record.status is Status.LEFT and story.record.moves == 2


def test_a_start_that_cannot_be_made_again_is_not_taped():
    rules = Rules.bullets(2)
    table = Table.from_hands(rules, ["AS 2H", "4C 5S"], pile=["KH"])  # a pile: no record makes it
    saved = []
    tape = Tape(rules, seats(2), saved.append)
    assert not tape.begin(table) and tape.broken
    table.apply(Play(0, ["AS"]))
    tape.note(Play(0, ["AS"]), 0.5)
    tape.leave()
    assert saved == []


def test_a_game_already_begun_is_not_taped_and_nothing_played_is_not_saved():
    rules = Rules.bullets(3)
    table = Table.deal(rules, 5, first=0)
    saved = []
    Tape(rules, seats(3), saved.append).leave()  # nothing played: nothing to keep
    table.apply(table.legal_actions(0)[-1])
    assert not Tape(rules, seats(3), saved.append).begin(table)
    assert saved == []


def test_a_duel_dealt_with_known_dice_is_taped_with_them():
    rules = Rules.duel()
    duel = Duel.new(11, first=1, dice=[(1, 1, 2, 3, 4), (6, 6, 6, 2, 2)], rules=rules)
    tape = Tape(rules, seats(2))
    assert tape.begin(duel) and tape.games[0].start.dice == ((1, 1, 2, 3, 4), (6, 6, 6, 2, 2))


def test_moments_never_go_back_and_odd_clocks_are_tamed():
    rules = Rules.bullets(2)
    table = Table.deal(rules, 3, first=0)
    tape = Tape(rules, seats(2))
    tape.begin(table)
    rng = random.Random(1)
    for at in (5.0, 2.0, float("nan"), 1e12):
        action = rng.choice(table.legal_actions(table.turn))
        table.apply(action)
        tape.note(action, at)
    assert [m.at for m in tape.moves] == [5.0, 5.0, 5.0, 604800.0]
    assert load(encode(tape.record())).record.moves == 4
