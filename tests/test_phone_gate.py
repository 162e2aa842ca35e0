"""The phone server's door (scenes.phones.gate) against anybody on the network, token or not: its
share of the process's files, connections capped in all and per address, idle, half-sent, slow
and never-joined connections cut at their deadline while a seated phone stays, and the WebSocket's
own ping frames rate limited. A small gate here; tools/phone_siege.py and the heavy
test_phone_siege.py throw 1,000 connections at the real one under a file limit of 256."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import aiohttp
import pytest
from phones import Phones, local, phones, wait_for

from scenes.phones.devices import BURST, new_token
from scenes.phones.gate import MAX_TOTAL, MIN_TOTAL, Gate, budget
from scenes.phones.server import PAGE_DIR, PhoneServer

__all__ = ["local", "phones"]  # the shared fixtures (tests/phones.py)


def test_the_server_takes_a_quarter_of_the_files_the_game_may_open():
    assert budget(256) == 56  # 64, less its own loop's: the game keeps 200 of its 256
    assert budget(1024) == MAX_TOTAL and budget(10**6) == MAX_TOTAL and budget(None) == MAX_TOTAL
    assert budget(40) == MIN_TOTAL


@pytest.fixture
def small(local):
    """A server behind a small gate: 6 connections at once, 3 an address, 0.6 s to become a phone."""
    server = PhoneServer(PAGE_DIR, lambda press: None)
    server.gate = Gate(total=6, per_address=3, deadline=0.6)
    token = new_token()
    server.set_places({token: 0})
    server.start("127.0.0.1", 0, fallback=False)
    assert server.ready.wait(10) and server.trouble is None
    server.token = token
    yield server
    server.stop(wait=5)


def dial(server: PhoneServer, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=(source, 0))
    sock.settimeout(5)
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed (or reset) this connection without answering, within its timeout."""
    try:
        return sock.recv(4096) == b""
    except (TimeoutError, socket.timeout):
        return False
    except OSError:  # reset
        return True


def test_one_address_gets_a_few_connections_and_all_together_a_few_more(small):
    gate = small.gate
    mine = [dial(small, "127.0.0.2") for _ in range(6)]
    assert wait_for(lambda: gate.turned_away >= 3, 5)  # the fourth and later: closed at once
    assert gate.by_address["127.0.0.2"] == 3
    others = [dial(small, f"127.0.0.{n}") for n in (3, 3, 4, 4, 5)]  # the system's backlog holds the surplus
    assert wait_for(lambda: gate.count == 6, 5)
    time.sleep(0.3)
    assert gate.count == 6  # never more than its share, however many knock
    for sock in mine + others:
        sock.close()


@pytest.mark.parametrize("kind", ["idle", "half-sent", "slow"])
def test_idle_half_sent_and_slow_connections_are_cut_at_their_deadline(small, kind):
    sock = dial(small)
    started = time.monotonic()
    if kind == "half-sent":
        sock.sendall(b"GET /p/" + small.token.encode())
    cut = False
    while time.monotonic() - started < 4 and not cut:
        if kind == "slow":
            try:
                sock.sendall(b"GET /p/x HTTP/1.1\r\nX: "[int(10 * (time.monotonic() - started)) % 20:][:1])
            except OSError:
                cut = True
                break
        time.sleep(0.1)
        sock.setblocking(False)
        try:
            cut = sock.recv(4096) == b""
        except BlockingIOError:
            pass
        except OSError:
            cut = True
        finally:
            sock.setblocking(True)
    assert cut and time.monotonic() - started < 2.5  # 0.6 s, and no answer ever came
    # the server counts the cut just after closing: on a loaded machine the count may trail the close
    assert wait_for(lambda: small.gate.cut == 1 and small.gate.count == 0, 5)
    sock.close()


def test_a_socket_that_never_says_which_phone_it_is_is_cut_and_a_seated_phone_stays(small, phones):
    async def silent():
        async with phones.session.ws_connect(f"http://127.0.0.1:{small.port}/ws/{small.token}") as ws:
            message = await ws.receive(timeout=5)
            return message.type

    started = time.monotonic()
    assert phones.call(silent()) in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                     aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.ERROR)  # fmt: skip
    assert time.monotonic() - started < 3
    phone = phones.connect(0, f"http://127.0.0.1:{small.port}/p/{small.token}")
    assert wait_for(lambda: phone.secret, 5)
    time.sleep(1.5)  # well past the deadline: a seated phone is trusted
    assert phone.closed_code is None and small.status[small.token] == "connected"
    phones.send(0, {"t": "ping", "n": 1})
    assert wait_for(lambda: {"t": "pong", "n": 1} in phone.received, 5)


def test_the_websockets_own_ping_frames_are_rate_limited_too(small, phones):
    async def flood():
        url = f"http://127.0.0.1:{small.port}/ws/{small.token}"
        async with phones.session.ws_connect(url, autoping=False) as ws:
            await ws.send_str(json.dumps({"t": "join", "device": ""}))
            for n in range(200):
                await ws.ping(str(n).encode())
            pongs = 0
            try:
                while True:
                    message = await ws.receive(timeout=1.0)
                    pongs += message.type == aiohttp.WSMsgType.PONG
            except asyncio.TimeoutError:
                return pongs

    pongs = phones.call(flood(), timeout=20)
    assert BURST - 2 <= pongs <= BURST + 10  # the seat's burst, and what refilled meanwhile


def test_a_busy_gate_leaves_its_newcomers_waiting_and_takes_them_when_room_is_made(small):
    first = [dial(small, "127.0.0.2") for _ in range(3)] + [dial(small, "127.0.0.3") for _ in range(3)]
    assert wait_for(lambda: small.gate.count == 6, 5)
    late = Phones()
    try:
        phone = late.connect(0, f"http://127.0.0.1:{small.port}/p/{small.token}")  # waits in the backlog
        assert wait_for(lambda: phone.secret, 5)  # the six idle ones were cut: room for the phone
        assert all(closed_by_server(sock) for sock in first)
    finally:
        late.close()
        for sock in first:
            sock.close()
