"""10,000 malformed or hostile messages from two phones into a running card table: binary
frames, oversized and deeply nested JSON, wrong types, unknown actions, actions for another
seat, illegal moves, and a flood past the rate limit. The game never crashes, answers every
bad message with an error, and nothing any of them asks for changes the table. (The fast tier's
sibling parses 1,500 of them one by one before the same flood.)"""

from __future__ import annotations

import json
import random
import time

import pytest
from phones import Phones, app, wait_for

from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.phones import protocol
from bluffhouse.scenes.phones.protocol import Bad
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene

__all__ = ["app"]  # the shared fixture (tests/phones.py)

HOSTILE = 8000  # parsed one by one (the rate limit raised for them)
FAST_HOSTILE = 1500  # the same in the fast tier (`make test`)
FLOOD = 2000  # at the real rate limit, all at once
ALL_CARDS = [
    f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"
]


def hostile(rng: random.Random, not_mine: list[str], seat: int) -> str | bytes:
    """One malformed or hostile message."""
    kind = rng.randrange(16)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 1:
        return '{"t":"play","cards":["' + "7H" * rng.randrange(520, 30_000) + '"]}'
    if kind == 2:
        depth = rng.randrange(4, 500)
        return "[" * depth + "]" * depth if rng.random() < 0.5 else '{"a":' * depth + "1" + "}" * depth
    if kind == 3:
        junk = rng.choice([None, 1.5, True, -3, "7H", {"x": 1}, [[1]], 10**30, "", "\u202e"])
        field = rng.choice([("cards", junk), ("mood", junk), ("keep", junk), ("dice", junk), ("n", junk)])
        action = rng.choice(["play", "declare", "reroll", "propose", "ping"])
        return json.dumps({"t": action, field[0]: field[1]})
    if kind == 4:
        unknown = ["cheat", "win", "deal", "reveal", "PLAY", "play ", "", "__proto__"]
        return json.dumps({"t": rng.choice(unknown)})
    if kind == 5:
        return rng.choice(
            ["{", "}", "null", "42", '"play"', "[1,2", '{"t":"play"', "\x00", "{'t':'play'}", ""]
        )
    if kind == 6:
        other = rng.choice([s for s in range(4) if s != seat] + [-1, 99, True, "0", None])
        return json.dumps(
            {
                "t": rng.choice(["play", "challenge", "accept"]),
                "seat": other,
                **({"cards": [rng.choice(ALL_CARDS)]} if rng.random() < 0.5 else {}),
            }
        )
    if kind == 7:
        return json.dumps({"t": "challenge", "extra": rng.random()})
    if kind == 8:
        return '{"t":"ping","n":' + rng.choice(["NaN", "Infinity", "-Infinity", "1e999", "1.0"]) + "}"
    if kind == 9:
        return '{"t":"challenge","t":"accept"}'
    if kind == 10:  # cards of somebody else's hand, or none at all: well formed, never legal
        cards = rng.sample(not_mine, rng.randrange(1, 5))
        return json.dumps({"t": "play", "cards": cards})
    if kind == 11:
        return json.dumps({"t": rng.choice(["accept", "challenge", "next"])})
    if kind == 12:
        fields = rng.choice([{"mood": "satisfied"}, {"keep": [0, 1]}, {"dice": [1, 1, 1, 1, 1]}])
        return json.dumps({"t": rng.choice(["declare", "reroll", "propose"]), **fields})
    if kind == 13:
        return json.dumps({"t": "play", "cards": rng.sample(ALL_CARDS, rng.randrange(5, 12))})
    if kind == 14:
        return json.dumps({"t": "play", "cards": [rng.choice(["1H", "11S", "7X", "*Q", "AS ", "as", "7♥"])]})
    return "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(1, 200)))


@pytest.mark.parametrize(
    "count",
    [  # the fast sibling parses 1,500 one by one, the heavy 8,000
        FAST_HOSTILE,
        pytest.param(HOSTILE, marks=pytest.mark.heavy),
    ],
)
def test_thousands_of_hostile_messages_change_nothing_and_crash_nothing(app, count):
    rules = Rules.bullets(players=4)
    seats = [SeatSpec("Ana", True, phone=True), bot_seat(1), SeatSpec("Ben", True, phone=True), bot_seat(3)]
    setup = GameSetup(rules, seats, seed=9)
    app.phones.open({0: "Ana", 2: "Ben"})
    assert wait_for(lambda: app.phones.phase == "ready")
    table = Table.deal(rules, seed=9, first=0)  # Ana's turn, nothing to challenge: bots can only wait
    scene = TableScene(app, setup, table=table)
    app.stack.push(scene)
    app.stack.apply()
    for _ in range(120):  # the deal is shown
        app.step(1 / 30)
    before = table.snapshot()
    server = app.phones.server
    server.set_rate(1e9, 10**9)
    assert wait_for(lambda: server.book.rate == 1e9)
    phones = Phones()
    rng = random.Random(14)
    expected_bad = 0
    try:
        for seat in (0, 2):
            phones.connect(seat, app.phones.url(seat))
        mine = {str(card) for card in table.hand(0)}
        not_mine = [card for card in ALL_CARDS if card not in mine]
        for n in range(count):
            seat = (0, 2)[n % 2]
            message = hostile(rng, not_mine, seat)
            expected_bad += isinstance(protocol.parse(message, seat), Bad)
            phones.send(seat, message)
            if n % 500 == 0:
                app.step(1 / 30)
        assert wait_for(lambda: server.received >= count, 60, lambda: app.step(1 / 30))
        assert server.refused == expected_bad and expected_bad > count * 0.7
        # the flood, at the rate limit every phone really has
        server.set_rate(10.0, 20)
        assert wait_for(lambda: server.book.rate == 10.0)
        started = time.monotonic()
        for n in range(FLOOD):
            phones.send((0, 2)[n % 2], {"t": "challenge"})
        assert wait_for(lambda: server.received >= count + FLOOD, 60, lambda: app.step(1 / 30))
        # each phone may pass its burst and what its bucket refilled while the flood lasted (a
        # busy machine takes longer to send it all)
        allowed = 2 * (server.book.burst + server.book.rate * (time.monotonic() - started)) + 2
        for _ in range(30):
            app.step(1 / 30)
        assert server.refused >= expected_bad + FLOOD - allowed
        assert table.snapshot() == before  # nothing any of them asked for happened
        assert app.running and app.stack.top is scene and app.phones.phase == "ready"

        def codes() -> set:
            return {
                m.get("code") for p in phones.phones.values() for m in list(p.received) if m["t"] == "error"
            }

        # the refusals travel back to the phones on their own threads: a busy machine delivers
        # the last of them after the server has counted the flood
        assert wait_for(lambda: "rate_limited" in codes(), 10, lambda: app.step(1 / 30))
        assert codes() <= set(protocol.Code.__dict__.values())
        # the seat's own phone still plays, at once
        server.set_rate(10.0, 20)  # full buckets again
        card = str(table.hand(0)[0])
        phones.send(0, {"t": "play", "cards": [card]})
        assert wait_for(lambda: table.hand_size(0) == len(mine) - 1, 10, lambda: app.step(1 / 30))
    finally:
        phones.close()
    print(f"phones: fuzz {count + FLOOD} messages, {server.refused} refused, table unchanged, no crash")
