"""The phone server's door (scenes.phones.gate) against anybody on the network, token or not: its
share of the process's files, connections capped in all and per address, the rule of who goes
when it is full (`victim`, without sockets) and a phone let in at once past a crowd, idle,
half-sent, slow and never-joined connections cut at their deadline while a seated phone stays,
and the WebSocket's own ping frames rate limited. A small gate here; tools/phone_siege.py and the
heavy test_phone_siege.py throw 1,000 connections at the real one under a file limit of 256, and
tools/phone_joins.py (heavy: test_phone_joins.py) has a real page join through 300 under 128."""

from __future__ import annotations

import json
import socket
import time

import aiohttp
import pytest
from phones import Phones, local, phones, wait_for

from bluffhouse.scenes.phones.devices import BURST, new_token
from bluffhouse.scenes.phones.gate import GRACE, MAX_TOTAL, MIN_TOTAL, Gate, Standing, Visit, budget, victim
from bluffhouse.scenes.phones.server import PAGE_DIR, PhoneServer

__all__ = ["local", "phones"]  # the shared fixtures (tests/phones.py)


def test_the_server_takes_a_quarter_of_the_files_the_game_may_open():
    assert budget(256) == 56  # 64, less its own loop's: the game keeps 200 of its 256
    assert budget(1024) == MAX_TOTAL and budget(10**6) == MAX_TOTAL and budget(None) == MAX_TOTAL
    assert budget(40) == MIN_TOTAL


# -- who goes when the gate is full (no sockets) ------------------------------------------------


def visit(arrived: float, spoke: bool = False, asked: bool = False, trusted: bool = False) -> Visit:
    return Visit("192.168.1.9", None, arrived, spoke=spoke, asked=asked, trusted=trusted)


def test_a_connection_stands_by_what_it_has_shown():
    now = 100.0
    assert visit(now - GRACE - 0.01).standing(now) is Standing.SILENT  # had the time to speak, and did not
    assert visit(now - GRACE + 0.01).standing(now) is Standing.NEW  # may not have had the time yet
    assert visit(now - 60, spoke=True).standing(now) is Standing.UNASKED  # half a request, or nonsense
    assert visit(now - 60, spoke=True, asked=True).standing(now) is Standing.ASKED  # the page, a socket
    assert Standing.SILENT < Standing.UNASKED < Standing.NEW < Standing.ASKED


def test_the_silent_go_first_then_those_that_asked_for_nothing_valid_then_the_new_then_the_askers():
    now = 100.0
    asker = visit(now - 9, spoke=True, asked=True)  # the oldest of all: a page's socket awaiting its join
    fresh = visit(now - 0.1)
    half_sent = visit(now - 3, spoke=True)
    dripping = visit(now - 4, spoke=True)
    silent = visit(now - 1)
    house = [asker, fresh, half_sent, dripping, silent]
    gone = []
    while (chosen := victim(house, now)) is not None:
        gone.append(chosen)
        house.remove(chosen)
    assert gone == [silent, dripping, half_sent, fresh, asker]  # within a standing: the oldest first


def test_a_joined_phone_never_goes_for_a_newcomer():
    now = 100.0
    phones = [visit(now - 300, trusted=True) for _ in range(3)]
    assert victim(phones, now) is None
    stranger = visit(now - 0.01, spoke=True, asked=True)
    assert victim([*phones, stranger], now) is stranger


def test_a_new_connection_that_stays_silent_past_its_grace_goes_before_one_that_spoke():
    now = 100.0
    newcomer, half_sent = visit(now - 0.2), visit(now - 5, spoke=True)
    assert victim([newcomer, half_sent], now) is half_sent
    assert victim([newcomer, half_sent], now + GRACE) is newcomer  # silent too long: nothing coming


# -- a small gate in front of the real server ----------------------------------------------------


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
    except TimeoutError:
        return False
    except OSError:  # reset
        return True


def test_one_address_gets_a_few_connections_and_all_together_a_few_more(small):
    gate = small.gate
    mine = [dial(small, "127.0.0.2") for _ in range(6)]
    assert wait_for(lambda: gate.turned_away >= 3, 5)  # the fourth and later: closed at once
    assert gate.by_address["127.0.0.2"] == 3
    others = [dial(small, f"127.0.0.{n}") for n in (3, 3, 4, 4, 5)]  # two too many: two of the oldest go
    assert wait_for(lambda: gate.evicted == 2, 5)
    time.sleep(0.3)
    assert gate.count == 6 and gate.evicted == 2  # never more than its share, however many knock
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
                sock.sendall(b"GET /p/x HTTP/1.1\r\nX: "[int(10 * (time.monotonic() - started)) % 20 :][:1])
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
    assert phones.call(silent()) in (
        aiohttp.WSMsgType.CLOSE,
        aiohttp.WSMsgType.CLOSED,
        aiohttp.WSMsgType.CLOSING,
        aiohttp.WSMsgType.ERROR,
    )
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
            except TimeoutError:
                return pongs

    pongs = phones.call(flood(), timeout=20)
    assert BURST - 2 <= pongs <= BURST + 10  # the seat's burst, and what refilled meanwhile


@pytest.fixture
def patient(local):
    """A server behind a gate of 6 places whose deadlines are far off: only a newcomer makes room."""
    server = PhoneServer(PAGE_DIR, lambda press: None)
    server.gate = Gate(total=6, per_address=4, deadline=30, silent_deadline=30, evict=(1.0, 3))
    tokens = [new_token(), new_token()]
    server.set_places({tokens[0]: 0, tokens[1]: 1})
    server.start("127.0.0.1", 0, fallback=False)
    assert server.ready.wait(10) and server.trouble is None
    server.tokens = tokens
    yield server
    server.stop(wait=5)


def test_a_full_gate_lets_a_phone_in_at_once_and_the_silent_stranger_goes(patient):
    crowd = [dial(patient, "127.0.0.2") for _ in range(3)] + [dial(patient, "127.0.0.3") for _ in range(3)]
    for sock in crowd[3:]:
        sock.sendall(b"GET /p/")  # half a request: it spoke, and asked for nothing yet
    assert wait_for(lambda: patient.gate.count == 6, 5)
    time.sleep(GRACE + 0.1)  # the three from .2 are silent now
    late = Phones()
    try:
        started = time.monotonic()
        phone = late.connect(0, f"http://127.0.0.1:{patient.port}/p/{patient.tokens[0]}")
        assert wait_for(lambda: phone.secret, 5)
        assert time.monotonic() - started < 2  # the deadlines are 30 s off: room was made for it
        assert patient.gate.evicted == 1 and patient.gate.cut == 0
        assert closed_by_server(crowd[0])  # the oldest silent one went
        for sock in crowd[1:]:
            sock.settimeout(0.2)
            assert not closed_by_server(sock)  # the others stay, till their deadlines
    finally:
        late.close()
        for sock in crowd:
            sock.close()


def test_an_address_takes_a_few_places_from_others_and_then_is_turned_away(patient):
    gate = patient.gate
    crowd = [dial(patient, f"127.0.0.{n}") for n in (2, 2, 3, 3, 4, 4)]
    assert wait_for(lambda: gate.count == 6, 5)
    more = [dial(patient, "127.0.0.5") for _ in range(5)]  # its allowance: 3 at once, then 1 a second
    assert wait_for(lambda: gate.evicted + gate.turned_away == 5, 5)
    assert gate.evicted in (3, 4) and gate.by_address["127.0.0.5"] == gate.evicted
    for sock in crowd + more:
        sock.close()


def test_newcomers_wait_in_the_backlog_only_when_every_place_is_a_joined_phone(local):
    server = PhoneServer(PAGE_DIR, lambda press: None)
    server.gate = Gate(total=2, per_address=4, deadline=30)
    tokens = [new_token(), new_token()]
    server.set_places({tokens[0]: 0, tokens[1]: 1})
    server.start("127.0.0.1", 0, fallback=False)
    assert server.ready.wait(10) and server.trouble is None
    phones = Phones()
    try:
        seated = [
            phones.connect(seat, f"http://127.0.0.1:{server.port}/p/{token}")
            for seat, token in enumerate(tokens)
        ]
        assert wait_for(lambda: all(phone.secret for phone in seated) and server.gate.joined == 2, 5)
        first = dial(server, "127.0.0.2")  # the gate was already waiting on accept(): it takes it,
        assert closed_by_server(first)  # finds no place a stranger holds, and closes it at once
        stranger = dial(server, "127.0.0.2")
        time.sleep(0.3)
        assert server.gate.count == 2 and server.gate.evicted == 0  # no phone is dropped for it
        assert server.gate.turned_away == 1  # and it is not closed either: it waits
        phones.call(seated[1].ws.close())
        assert wait_for(lambda: server.gate.count == 2 and server.gate.by_address["127.0.0.2"] == 1, 5)
        first.close()
        stranger.close()
    finally:
        phones.close()
        server.stop(wait=5)


def test_a_silent_connection_is_cut_sooner_than_one_that_spoke(local):
    server = PhoneServer(PAGE_DIR, lambda press: None)
    server.gate = Gate(total=6, per_address=4, deadline=1.5, silent_deadline=0.3)
    server.set_places({new_token(): 0})
    server.start("127.0.0.1", 0, fallback=False)
    assert server.ready.wait(10) and server.trouble is None
    try:
        silent, half_sent = dial(server), dial(server)
        half_sent.sendall(b"GET /p/")
        started = time.monotonic()
        assert closed_by_server(silent) and time.monotonic() - started < 1.2
        assert wait_for(lambda: server.gate.cut == 1, 5) and server.gate.count == 1  # the other stays
        assert closed_by_server(half_sent) and time.monotonic() - started > 1.0  # at its own deadline
        silent.close()
        half_sent.close()
    finally:
        server.stop(wait=5)
