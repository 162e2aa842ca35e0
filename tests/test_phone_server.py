"""The phone server with real WebSocket clients on 127.0.0.1: joining and the device a seat belongs
to, moving a seat to another phone (only on the television's word), reconnecting, the evening's
links from game to game, the page and its headers, and troubles said in words."""

from __future__ import annotations

import errno
import json
import os
import socket
from types import SimpleNamespace

import aiohttp
import pytest
from phones import Phones, get, hub, kinds, local, phones, refused, socket_url, wait_for

from bluffhouse.scenes.phones import network
from bluffhouse.scenes.phones.devices import (
    BURST,
    CLOSE_AGAIN,
    CLOSE_GONE,
    CLOSE_MOVED,
    CLOSE_REFUSED,
    new_token,
)
from bluffhouse.scenes.phones.gate import local_peer
from bluffhouse.scenes.phones.hub import PhoneHub
from bluffhouse.scenes.phones.protocol import Press

__all__ = ["hub", "local", "phones"]  # the shared fixtures (tests/phones.py)


def errors(phone) -> list[str]:
    """The error codes a phone was answered with."""
    return [message["code"] for message in phone.received if message["t"] == "error"]


# -- joining, and the phone a seat belongs to -------------------------------------------------


def test_join_links_are_128_bits_and_the_same_people_keep_theirs(hub):
    url = hub.url(0)
    assert url.startswith("http://127.0.0.1:") and "/p/" in url
    token = url.rsplit("/", 1)[1]
    assert len(token) == 22  # 16 random bytes, URL-safe base64
    assert hub.url(2) != url and len({new_token() for _ in range(1000)}) == 1000
    ana, ben = hub.token(0), hub.token(2)
    hub.open({0: "Ana", 2: "Ben"})  # Play again: the same links
    assert (hub.token(0), hub.token(2)) == (ana, ben)
    hub.open({1: "Ana", 2: "Cleo"})  # Ana moved in the set-up; Cleo is new
    assert hub.token(1) == ana and hub.token(2) not in (ana, ben) and hub.seats == (1, 2)
    assert ben not in [guest.token for guest in hub.guests]  # Ben's phone never joined: his code is gone


def test_a_phone_joins_gets_its_secret_its_hello_and_its_state_and_its_presses_arrive(hub, phones):
    hub.hello(0, {"game": "bullets", "name": "Ana"})
    hub.publish(0, {"hand": ["7H"]})
    phone = phones.connect(0, hub.url(0))
    assert wait_for(lambda: len(phone.received) >= 3)
    assert kinds(phone)[:3] == ["welcome", "hello", "state"]
    assert len(phone.secret) == 22 and phone.secret != hub.token(0)  # its own key, not the link
    assert phone.received[2]["hand"] == ["7H"] and phone.received[2]["serial"] == 1
    assert wait_for(lambda: hub.status(0) == "connected") and hub.code(0) is None  # no code any more
    phones.send(0, {"t": "play", "cards": ["7H", "KS"], "id": 3})
    phones.send(0, {"t": "challenge", "seat": 0})
    assert wait_for(lambda: len(hub.presses) == 2)
    assert hub.presses == [Press(0, "play", ("7H", "KS")), Press(0, "challenge")]
    assert hub.status(2) == "waiting" and hub.code(2) == hub.url(2)


@pytest.mark.parametrize("path", ["/ws/", "/ws/nope", "/ws/" + "A" * 22, "/ws/../p"])
def test_a_connection_without_a_valid_token_is_refused(hub, phones, path):
    base = hub.address()
    assert refused(phones, base + path) in (403, 404)
    status, _, body = get(phones, base + path.replace("/ws/", "/p/"))
    assert status in (403, 404) and "<html" not in body


def test_a_second_device_gets_no_hand_and_cannot_act_until_the_television_moves_the_seat(hub, phones):
    first = phones.connect(0, hub.url(0))
    hub.hello(0, {"game": "bullets", "name": "Ana"})
    hub.publish(0, {"hand": ["2S"]})
    assert wait_for(lambda: first.state is not None and first.secret)
    token = hub.token(0)
    second = Phones()  # another device, with the link alone (a photo of the TV, a shared address)
    try:
        other = second.connect(0, hub.url(0))
        assert wait_for(lambda: hub.knocking(token)) and wait_for(lambda: kinds(other) == ["taken"])
        second.send(0, {"t": "challenge"})
        second.send(0, {"t": "play", "cards": ["2S"]})
        assert wait_for(lambda: errors(other) == ["not_playing", "not_playing"])
        assert not any(m["t"] in ("hello", "state", "welcome") for m in other.received)  # no hand
        assert hub.presses == [] and first.closed_code is None and hub.connected(0)
        assert [notice.kind for notice in hub.notices][-1] == "knock"
        hub.move(token, hub.asking(token))  # the television said yes to the code its question showed
        assert wait_for(lambda: first.closed_code is not None)
        assert first.closed_code == CLOSE_MOVED and first.received[-1] == {"t": "moved"}  # told
        assert wait_for(lambda: other.state is not None) and other.state["hand"] == ["2S"]
        assert other.secret and other.secret != first.secret
        second.send(0, {"t": "challenge"})
        assert wait_for(lambda: hub.presses == [Press(0, "challenge")])
        assert [notice.kind for notice in hub.notices][-1] == "replaced"
        again = phones.connect(0, hub.url(0), secret=first.secret)  # the old phone's key opens nothing
        assert wait_for(lambda: kinds(again) == ["taken"])
        hub.keep(token, hub.asking(token))  # the television said no
        assert wait_for(lambda: again.closed_code == CLOSE_REFUSED) and again.received[-1] == {"t": "refused"}
        assert other.closed_code is None and not hub.knocking(token)
    finally:
        second.close()


def test_a_phone_that_drops_is_away_and_resumes_where_it_was(hub, phones):
    phone = phones.connect(0, hub.url(0))
    hub.publish(0, {"hand": ["3D"]})
    assert wait_for(lambda: phone.state is not None)
    phones.call(phone.ws.close())
    assert wait_for(lambda: hub.status(0) == "away") and hub.code(0) is None  # away: still no code
    hub.publish(0, {"hand": ["3D", "4D"]})  # the game went on meanwhile
    again = phones.connect(0, hub.url(0), secret=phone.secret)
    assert wait_for(lambda: again.state is not None)
    assert again.state["hand"] == ["3D", "4D"] and again.state["serial"] == 2
    assert "welcome" not in kinds(again)  # its own secret: back in its seat, nothing new
    assert hub.status(0) == "connected"
    assert [n.kind for n in hub.notices][-3:] == ["joined", "away", "back"]


def test_the_same_phone_opening_its_seat_again_plays_in_the_newer_tab(hub, phones):
    older = phones.connect(0, hub.url(0))
    assert wait_for(lambda: older.secret)
    newer = phones.connect(2, hub.url(0), secret=older.secret)  # (the key 2: another socket)
    assert wait_for(lambda: older.closed_code == CLOSE_AGAIN) and older.received[-1] == {"t": "again"}
    assert "taken" not in kinds(newer) and hub.connected(0) and not hub.knocking(hub.token(0))


def test_a_new_code_for_a_lost_phone_tells_the_old_one_and_only_the_new_link_opens(hub, phones):
    lost = phones.connect(0, hub.url(0))
    assert wait_for(lambda: hub.connected(0))
    old = hub.url(0)
    hub.renew(0)  # the television confirmed: Ana's phone has a flat battery
    assert wait_for(lambda: lost.closed_code == CLOSE_MOVED) and lost.received[-1] == {"t": "moved"}
    assert hub.url(0) != old and hub.code(0) == hub.url(0) and hub.status(0) == "waiting"
    assert refused(phones, socket_url(old)) == 403
    found = phones.connect(2, hub.url(0))
    assert wait_for(lambda: found.secret and hub.connected(0))


def test_phones_stay_joined_from_game_to_game_of_the_evening(hub, phones):
    ana = phones.connect(0, hub.url(0))
    assert wait_for(lambda: hub.connected(0))
    token = hub.token(0)
    hub.open({0: "Ana", 2: "Ben"})  # Play again
    hub.publish(0, {"hand": ["9C"]})
    assert wait_for(lambda: ana.state is not None and ana.state["hand"] == ["9C"])
    hub.open({1: "Ben", 3: "Ana"})  # a new set-up: Ana sits elsewhere, with the same phone
    assert hub.token(3) == token and hub.connected(3) and hub.code(3) is None
    phones.send(0, {"t": "challenge"})
    assert wait_for(lambda: hub.presses == [Press(3, "challenge")])  # her seat of this game
    assert ana.closed_code is None and "welcome" not in kinds(ana)[1:]  # never asked to join again
    hub.close(wait=5)  # the evening ends
    assert wait_for(lambda: ana.closed_code == CLOSE_GONE) and ana.received[-1] == {"t": "bye"}


# -- the page ------------------------------------------------------------------------------


def test_the_page_and_its_files_are_served_with_strict_headers_and_no_banner(hub, phones):
    status, headers, body = get(phones, hub.url(0))
    assert status == 200 and "<html" in body and 'src="/s/phone.js"' in body
    words = body.split('id="words">', 1)[1].split("</script>", 1)[0]
    assert json.loads(words)["connecting"] == "Connecting to the table…"  # its words, before its socket
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer" and headers["Cache-Control"] == "no-store"
    assert "Server" not in headers
    for name in ("phone.js", "phone.css"):
        status, headers, body = get(phones, f"{hub.address()}/s/{name}")
        assert status == 200 and body and headers["X-Content-Type-Options"] == "nosniff"
    for name in ("index.html", "..%2Fserver.py", "nothing.js"):
        assert get(phones, f"{hub.address()}/s/{name}")[0] == 404


def raw_answer(port: int, request: bytes) -> bytes:
    """What the server answers bytes sent on a plain socket."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GARBAGE\r\n\r\n",  # aiohttp's own 400
        b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n",
        b"GET /p/" + b"A" * 9000 + b" HTTP/1.1\r\n\r\n",  # a line too long
        b"POST /p/x HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\n\r\n",  # 405
        b"GET /nowhere HTTP/1.1\r\nHost: {host}\r\n\r\n",  # 404
    ],
)
def test_every_answer_even_aiohttps_own_error_pages_has_the_headers_and_no_banner(hub, request_bytes):
    port = hub.server.port
    answer = raw_answer(port, request_bytes.replace(b"{host}", f"127.0.0.1:{port}".encode()))
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").lower()
    assert head.startswith(("http/1.1 4", "http/1.0 4")), head
    assert "content-security-policy: default-src 'none'" in head and "x-frame-options: deny" in head
    assert "\r\nserver:" not in head and "aiohttp" not in head and "python" not in head


def test_a_request_naming_another_host_is_not_answered(hub, phones):
    assert get(phones, hub.url(0), {"Host": "evil.example"})[0] == 421  # DNS rebinding
    assert get(phones, hub.url(0), {"Host": "127.0.0.1"})[0] == 421  # not the port the game serves
    assert refused(phones, socket_url(hub.url(0)), {"Host": "evil.example:80"}) == 421
    assert get(phones, hub.url(0))[0] == 200


def test_a_socket_opened_by_another_sites_page_is_refused(hub, phones):
    url = socket_url(hub.url(0))
    assert refused(phones, url, {"Origin": "http://evil.example"}) == 403
    assert refused(phones, url, {"Origin": hub.address()}) == 0


def test_only_peers_on_a_local_network_are_served():
    for address in (
        "127.0.0.1",
        "192.168.1.20",
        "10.0.0.7",
        "172.16.3.4",
        "fe80::1",
        "::1",
        "::ffff:192.168.0.3",
    ):
        assert local_peer(address), address
    for address in ("8.8.8.8", "2001:4860::8888", "", None, "nonsense", "::ffff:8.8.8.8"):
        assert not local_peer(address), address


# -- troubles --------------------------------------------------------------------------------


COULD_NOT = "bluffhouse: the phone server could not start:"


def test_a_port_in_use_says_so_on_screen_and_in_the_log_and_nothing_listens(monkeypatch, caplog):
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "127.0.0.1")
    monkeypatch.setenv("BLUFFHOUSE_PHONES_PORT", str(port))
    hub = PhoneHub(lambda press: None)
    try:
        hub.open({0: "Ana"})
        assert wait_for(lambda: hub.phase != "starting")
        assert hub.phase == "failed" and hub.url(0) is None
        assert f"port {port} is already in use" in hub.trouble()
        [logged] = [r for r in caplog.records if r.name == "bluffhouse.scenes.phones.server"]
        why = f"port_in_use (127.0.0.1:{port}: {os.strerror(errno.EADDRINUSE)})"
        assert logged.levelname == "WARNING" and logged.getMessage() == f"{COULD_NOT} {why}"
    finally:
        hub.close(wait=5)
        busy.close()


def test_a_server_that_breaks_after_it_started_leaves_its_traceback_in_the_log(monkeypatch, caplog):
    import bluffhouse.scenes.phones.server as server_module

    class Breaks(server_module.GuardedServer):
        # as the listening server stops (the signature is the one it overrides)
        async def shutdown(self, timeout: float | None = None) -> None:  # noqa: ASYNC109
            raise RuntimeError("the loop fell over")

    monkeypatch.setattr(server_module, "GuardedServer", Breaks)
    server = server_module.PhoneServer(server_module.PAGE_DIR, lambda press: None, [])
    server.start("127.0.0.1", 0)
    assert server.ready.wait(5) and server.trouble is None  # it listened
    server.stop(wait=5)
    [logged] = [r for r in caplog.records if r.name == "bluffhouse.scenes.phones.server"]
    assert logged.levelname == "ERROR" and logged.getMessage() == "bluffhouse: the phone server stopped"
    assert "the loop fell over" in logged.exc_text


def test_a_busy_default_port_is_left_for_another(monkeypatch):
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "127.0.0.1")
    monkeypatch.delenv("BLUFFHOUSE_PHONES_PORT", raising=False)
    busy = socket.socket()
    try:
        busy.bind(("127.0.0.1", network.DEFAULT_PORT))
        busy.listen()
    except OSError:
        pytest.skip("the default port is taken by something else here")
    hub = PhoneHub(lambda press: None)
    try:
        hub.open({0: "Ana"})
        assert wait_for(lambda: hub.phase != "starting")
        assert hub.phase == "ready" and f":{network.DEFAULT_PORT}/" not in hub.url(0)
    finally:
        hub.close(wait=5)
        busy.close()


def test_no_network_and_a_public_address_are_said_in_words_and_logged(monkeypatch, caplog):
    monkeypatch.delenv("BLUFFHOUSE_PHONES_HOST", raising=False)
    monkeypatch.setattr(network, "route_address", lambda: None)
    hub = PhoneHub(lambda press: None)
    hub.open({0: "Ana"})
    assert hub.phase == "failed" and "not on a network" in hub.trouble()
    assert caplog.records[-1].getMessage() == f"{COULD_NOT} no_network"
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "8.8.8.8")
    hub.open({0: "Ana"})
    assert hub.phase == "failed" and "not a local network address" in hub.trouble()
    assert caplog.records[-1].getMessage() == f"{COULD_NOT} not_local (8.8.8.8)"
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "0.0.0.0")
    hub.open({0: "Ana"})
    assert hub.phase == "failed" and "0.0.0.0 would listen on every network" in hub.trouble()
    said = caplog.records[-1].getMessage()
    assert said.startswith(f"{COULD_NOT} ") and "0.0.0.0" in said
    hub.close()
    assert hub.phase == "off" and hub.trouble() is None


def test_where_reads_the_environment():
    assert network.where(
        {"BLUFFHOUSE_PHONES_HOST": "127.0.0.1", "BLUFFHOUSE_PHONES_PORT": "9000"}
    ) == network.Where("127.0.0.1", 9000, False, None)
    assert network.where(
        {"BLUFFHOUSE_PHONES_HOST": "192.168.0.2", "BLUFFHOUSE_PHONES_PORT": "x"}
    ) == network.Where("192.168.0.2", network.DEFAULT_PORT, True, None)
    assert network.where({"BLUFFHOUSE_PHONES_HOST": "1.1.1.1"}).trouble == "not_local"
    for everywhere in ("0.0.0.0", "::", "0:0::0"):  # every interface, a public one too: never "local"
        assert network.where({"BLUFFHOUSE_PHONES_HOST": everywhere}).trouble == "every_network"
        assert not network.is_local(everywhere)


def test_a_flood_past_the_rate_limit_is_dropped_with_few_replies(hub, phones):
    phone = phones.connect(0, hub.url(0))
    for n in range(200):
        phones.send(0, {"t": "challenge", "id": n})
    wait_for(lambda: False, 0.5)
    assert BURST <= len(hub.presses) <= BURST + 10
    assert hub.server.refused >= 200 - BURST - 10
    limited = [m for m in phone.received if m == {"t": "error", "code": "rate_limited"}]
    assert 1 <= len(limited) <= 3  # an answer, not an echo of every message


def test_bad_messages_get_an_error_reply_and_an_oversized_frame_closes_the_socket(hub, phones):
    phone = phones.connect(0, hub.url(0))
    phones.send(0, '{"t":"play","cards":["7H"],"seat":2,"id":5}')
    phones.send(0, b"\x00\x01")
    assert wait_for(lambda: len(phone.received) >= 3)
    assert phone.received[1:3] == [
        {"t": "error", "code": "not_your_seat", "id": 5},
        {"t": "error", "code": "binary"},
    ]
    assert hub.presses == []
    phones.send(0, "x" * 70_000)
    assert wait_for(lambda: phone.closed_code is not None)
    assert phone.closed_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert refused(phones, socket_url(hub.url(0))) == 0  # the seat can come back


def test_the_join_codes_are_made_beside_the_game_not_in_a_frame(hub):
    from bluffhouse.scenes.phones import qr

    screen = SimpleNamespace(phone_seats=(0, 2))
    hub.tick(SimpleNamespace(toast=lambda text: None, stack=SimpleNamespace(scenes=[screen], pending=[])))
    urls = [hub.url(seat) for seat in hub.seats]
    urls.append(hub.watch_url())  # the audience's code, shown beside the seats'
    assert all(urls) and hub.warmed == tuple(urls) and hub.warming is not None
    hub.warming.join(10)  # segno ran on its own thread: drawing a code later costs no frame
    misses = qr.matrix.cache_info().misses
    for url in urls:
        qr.matrix(url)
    assert qr.matrix.cache_info().misses == misses


def test_a_state_published_before_the_server_runs_reaches_the_phone(local, phones):
    from bluffhouse.scenes.phones.server import PAGE_DIR, PhoneServer

    server = PhoneServer(PAGE_DIR, lambda press: None)
    token = new_token()
    server.set_places({token: 0})
    server.publish(token, {"t": "state", "serial": 1, "hand": ["7H"]})  # the game is quicker than the thread
    server.start("127.0.0.1", 0, fallback=False)
    try:
        assert server.ready.wait(10) and server.trouble is None
        phone = phones.connect(0, f"http://127.0.0.1:{server.port}/p/{token}")
        assert wait_for(lambda: phone.state is not None, 5) and phone.state["hand"] == ["7H"]
        server.publish(token, {"t": "state", "serial": 2, "hand": []})  # and the wake-ups go on after it
        assert wait_for(lambda: phone.state["serial"] == 2, 5)
    finally:
        server.stop(wait=5)


def test_a_new_code_for_one_seat_leaves_the_others_news_for_their_reconnections(hub, phones):
    ben = phones.connect(2, hub.url(2))
    hub.hello(2, {"game": "bullets", "name": "Ben"})
    hub.publish(2, {"hand": ["9H"]})
    assert wait_for(lambda: ben.state is not None)
    hub.renew(0)  # Ana's phone is lost; Ben's is not
    phones.call(ben.ws.close())
    assert wait_for(lambda: hub.status(2) == "away")
    again = phones.connect(3, hub.url(2), secret=ben.secret)
    assert wait_for(lambda: again.state is not None and again.hello is not None)
    assert again.state["hand"] == ["9H"]


def test_after_a_silent_drop_the_phone_opens_again_with_its_secret_and_plays_on(hub, phones):
    """The fast sibling of the browser's twenty drops: through a relay that loses the Wi-Fi, a
    socket opened meanwhile reaches nobody, and once it is back the phone joins again with its
    secret — no knock, the same seat, the state it missed — while the dead socket is let go."""
    import asyncio

    from phones import Blip

    wifi = Blip(hub.server.port)
    hub.server.also.add(f"127.0.0.1:{wifi.port}")
    through = lambda url: url.replace(f":{hub.server.port}/", f":{wifi.port}/", 1)  # noqa: E731
    try:
        phone = phones.connect(0, through(hub.url(0)))
        assert wait_for(lambda: phone.secret and hub.connected(0))
        wifi.cut()
        hub.publish(0, {"hand": ["QS"]})  # sent into the void

        async def hangs():
            try:
                await asyncio.wait_for(phones.session.ws_connect(socket_url(through(hub.url(0)))), 0.5)
            except TimeoutError:
                return True
            return False

        assert phones.call(hangs()) and wifi.swallowed == 1 and phone.state is None
        wifi.restore()
        again = phones.connect(1, through(hub.url(0)), secret=phone.secret)
        assert wait_for(lambda: again.state is not None) and again.state["hand"] == ["QS"]
        assert "taken" not in kinds(again) and not hub.knocking(hub.token(0)) and hub.connected(0)
        phones.send(1, {"t": "challenge"})
        assert wait_for(lambda: hub.presses == [Press(0, "challenge")])
    finally:
        wifi.close()
