"""The phone server with real WebSocket clients on 127.0.0.1: joining, tokens, one connection
per seat, reconnecting, the page and its headers, troubles said in words, and the checks every
message meets where it enters (scenes.phones.protocol)."""

from __future__ import annotations

import json
import socket
from types import SimpleNamespace

import aiohttp
import pygame
import pytest
from phones import Phones, socket_url, wait_for

from game.rules import Rules
from scenes.menu import MenuScene
from scenes.phones import network, protocol
from scenes.phones.hub import PhoneHub
from scenes.phones.protocol import Bad, Code, Press, parse
from scenes.phones.server import BURST, CLOSE_GONE, CLOSE_REPLACED, Bucket, local_peer, new_token
from scenes.shell.app import App
from scenes.shell.input import PHONE_PRESS, Input
from scenes.shell.privacy import By, PrivateViews
from scenes.shell.session import GameSetup, SeatSpec, bot_seat
from scenes.table.scene import TableScene


@pytest.fixture
def local(monkeypatch):
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "127.0.0.1")
    monkeypatch.setenv("BLUFFHOUSE_PHONES_PORT", "0")


@pytest.fixture
def hub(local):
    presses: list[Press] = []
    hub = PhoneHub(presses.append)
    hub.presses = presses
    hub.open({0: "Ana", 2: "Ben"})
    assert wait_for(lambda: hub.phase != "starting")
    assert hub.phase == "ready"
    yield hub
    hub.close(wait=5)


@pytest.fixture
def phones():
    phones = Phones()
    yield phones
    phones.close()


def get(phones: Phones, url: str, headers: dict | None = None) -> tuple[int, dict, str]:
    async def fetch():
        async with phones.session.get(url, headers=headers or {}) as response:
            return response.status, dict(response.headers), await response.text()

    return phones.call(fetch())


def refused(phones: Phones, url: str, headers: dict | None = None) -> int:
    """The HTTP status a WebSocket handshake was refused with (0 when it was accepted)."""
    async def attempt():
        try:
            ws = await phones.session.ws_connect(url, headers=headers or {})
        except aiohttp.WSServerHandshakeError as error:
            return error.status
        await ws.close()
        return 0

    return phones.call(attempt())


# -- joining ---------------------------------------------------------------------------------


def test_tokens_are_128_bits_fresh_and_in_the_join_address(hub):
    url = hub.url(0)
    assert url.startswith("http://127.0.0.1:") and "/p/" in url
    token = url.rsplit("/", 1)[1]
    assert len(token) == 22  # 16 random bytes, URL-safe base64
    assert hub.url(2) != url and len({new_token() for _ in range(1000)}) == 1000
    old = hub.tokens
    hub.open({0: "Ana"})
    assert hub.tokens[0] != old[0] and hub.seats == (0,)


def test_a_phone_joins_gets_its_hello_and_its_state_and_its_presses_arrive(hub, phones):
    hub.hello(0, {"game": "bullets", "name": "Ana"})
    hub.publish(0, {"hand": ["7H"]})
    phone = phones.connect(0, hub.url(0))
    assert wait_for(lambda: len(phone.received) >= 2)
    assert [m["t"] for m in phone.received[:2]] == ["hello", "state"]
    assert phone.received[1]["hand"] == ["7H"] and phone.received[1]["serial"] == 1
    assert wait_for(lambda: hub.status(0) == "connected")
    phones.send(0, {"t": "play", "cards": ["7H", "KS"], "id": 3})
    phones.send(0, {"t": "challenge", "seat": 0})
    assert wait_for(lambda: len(hub.presses) == 2)
    assert hub.presses == [Press(0, "play", ("7H", "KS")), Press(0, "challenge")]
    assert hub.status(2) == "waiting"


@pytest.mark.parametrize("path", ["/ws/", "/ws/nope", "/ws/" + "A" * 22, "/ws/../p"])
def test_a_connection_without_a_valid_token_is_refused(hub, phones, path):
    base = hub.address()
    assert refused(phones, base + path) in (403, 404)
    status, _, body = get(phones, base + path.replace("/ws/", "/p/"))
    assert status in (403, 404) and "<html" not in body


def test_an_old_token_is_refused_and_its_phone_told_the_game_is_over(hub, phones):
    phone = phones.connect(0, hub.url(0))
    old = hub.url(0)
    hub.open({0: "Ana", 2: "Ben"})  # a new game: fresh tokens
    assert wait_for(lambda: phone.closed_code is not None)
    assert phone.closed_code == CLOSE_GONE and phone.received[-1] == {"t": "bye"}
    assert refused(phones, socket_url(old)) == 403
    assert refused(phones, socket_url(hub.url(0))) == 0


def test_a_second_device_takes_the_seat_and_the_television_says_so(hub, phones, local):
    first = phones.connect(0, hub.url(0), device="aaaaaaaaaaaaaaaa")
    hub.publish(0, {"hand": ["2S"]})
    assert wait_for(lambda: first.state is not None)
    second = Phones()
    try:
        other = second.connect(0, hub.url(0), device="bbbbbbbbbbbbbbbb")
        assert wait_for(lambda: first.closed_code is not None)
        assert first.closed_code == CLOSE_REPLACED and first.received[-1] == {"t": "replaced"}
        assert wait_for(lambda: other.state is not None) and other.state["hand"] == ["2S"]
        kinds = [notice.kind for notice in hub.notices]
        assert kinds[-1] == "replaced"
        app = App(seed=1, home=MenuScene, mute=True)
        app.phones.close()
        app.phones = hub
        app.stack.push(TableScene(app, GameSetup(Rules.bullets(players=2),
                                                 [SeatSpec("Ana", True, phone=True), bot_seat(1)])))
        app.stack.apply()
        hub.tick(app)
        assert any("Another device took over Ana's seat" == toast.text for toast in app.toasts)
    finally:
        second.close()


def test_a_phone_that_drops_is_away_and_resumes_where_it_was(hub, phones):
    phone = phones.connect(0, hub.url(0), device="cccccccccccccccc")
    hub.publish(0, {"hand": ["3D"]})
    assert wait_for(lambda: phone.state is not None)
    phones.call(phone.ws.close())
    assert wait_for(lambda: hub.status(0) == "away")
    hub.publish(0, {"hand": ["3D", "4D"]})  # the game went on meanwhile
    again = phones.connect(0, hub.url(0), device="cccccccccccccccc")
    assert wait_for(lambda: again.state is not None)
    assert again.state["hand"] == ["3D", "4D"] and again.state["serial"] == 2
    assert hub.status(0) == "connected"
    assert [n.kind for n in hub.notices][-3:] == ["joined", "away", "back"]


# -- the page ------------------------------------------------------------------------------


def test_the_page_and_its_files_are_served_with_strict_headers(hub, phones):
    status, headers, body = get(phones, hub.url(0))
    assert status == 200 and "<html" in body and 'src="/s/phone.js"' in body
    words = body.split('id="words">', 1)[1].split("</script>", 1)[0]
    assert json.loads(words)["connecting"] == "Connecting to the table…"  # its words, before its socket
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer" and headers["Cache-Control"] == "no-store"
    for name in ("phone.js", "phone.css"):
        status, headers, body = get(phones, f"{hub.address()}/s/{name}")
        assert status == 200 and body and headers["X-Content-Type-Options"] == "nosniff"
    for name in ("index.html", "..%2Fserver.py", "nothing.js"):
        assert get(phones, f"{hub.address()}/s/{name}")[0] == 404


def test_a_socket_opened_by_another_sites_page_is_refused(hub, phones):
    url = socket_url(hub.url(0))
    assert refused(phones, url, {"Origin": "http://evil.example"}) == 403
    assert refused(phones, url, {"Origin": hub.address()}) == 0


def test_only_peers_on_a_local_network_are_served():
    for address in ("127.0.0.1", "192.168.1.20", "10.0.0.7", "172.16.3.4", "fe80::1", "::1",
                    "::ffff:192.168.0.3"):
        assert local_peer(address), address
    for address in ("8.8.8.8", "2001:4860::8888", "", None, "nonsense", "::ffff:8.8.8.8"):
        assert not local_peer(address), address


# -- troubles --------------------------------------------------------------------------------


def test_a_port_in_use_says_so_on_screen_and_nothing_listens(monkeypatch):
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
    finally:
        hub.close(wait=5)
        busy.close()


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


def test_no_network_and_a_public_address_are_said_in_words(monkeypatch):
    monkeypatch.delenv("BLUFFHOUSE_PHONES_HOST", raising=False)
    monkeypatch.setattr(network, "route_address", lambda: None)
    hub = PhoneHub(lambda press: None)
    hub.open({0: "Ana"})
    assert hub.phase == "failed" and "not on a network" in hub.trouble()
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "8.8.8.8")
    hub.open({0: "Ana"})
    assert hub.phase == "failed" and "not a local network address" in hub.trouble()
    hub.close()
    assert hub.phase == "off" and hub.trouble() is None


def test_where_reads_the_environment():
    assert network.where({"BLUFFHOUSE_PHONES_HOST": "127.0.0.1", "BLUFFHOUSE_PHONES_PORT": "9000"}) == \
        network.Where("127.0.0.1", 9000, False, None)  # fmt: skip
    assert network.where({"BLUFFHOUSE_PHONES_HOST": "192.168.0.2", "BLUFFHOUSE_PHONES_PORT": "x"}) == \
        network.Where("192.168.0.2", network.DEFAULT_PORT, True, None)  # fmt: skip
    assert network.where({"BLUFFHOUSE_PHONES_HOST": "1.1.1.1"}).trouble == "not_local"


# -- every message checked where it enters ---------------------------------------------------


@pytest.mark.parametrize(("raw", "expected"), [
    ('{"t":"play","cards":["7H","10S","*F","UZ"]}', Press(1, "play", ("7H", "10S", "*F", "UZ"))),
    ('{"t":"play","cards":["7P","7P"]}', Press(1, "play", ("7P", "7P"))),  # two decks
    ('{"t":"challenge","id":9}', Press(1, "challenge")),
    ('{"t":"accept","seat":1}', Press(1, "accept")),
    ('{"t":"declare","mood":"indifferent"}', Press(1, "declare", text="indifferent")),
    ('{"t":"reroll","keep":[4,0]}', Press(1, "reroll", (0, 4))),
    ('{"t":"reroll","keep":[]}', Press(1, "reroll", ())),
    ('{"t":"propose","dice":[1,1,6,6,5]}', Press(1, "propose", (1, 1, 6, 6, 5))),
    ('{"t":"next"}', Press(1, "next")),
    ('{"t":"ping","n":0}', Press(1, "ping", value=0)),
    (b'{"t":"challenge"}', Bad(Code.BINARY)),
    ("x" * 1025, Bad(Code.TOO_BIG)),
    ('{"t":"challenge","pad":"' + "é" * 510 + '"}', Bad(Code.TOO_BIG)),
    ("{nope", Bad(Code.NOT_JSON)),
    ('{"t":"challenge","t":"accept"}', Bad(Code.NOT_JSON)),
    ('{"t":"ping","n":NaN}', Bad(Code.NOT_JSON)),
    ("[" * 600 + "]" * 600, Bad(Code.TOO_BIG)),
    ("[" * 400 + "]" * 400, Bad(Code.TOO_DEEP)),
    ('{"t":"play","cards":[["7H"]]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"reroll","keep":[[[[1]]]]}', Bad(Code.TOO_DEEP)),
    ('"challenge"', Bad(Code.NOT_OBJECT)),
    ("[]", Bad(Code.NOT_OBJECT)),
    ('{"t":"cheat"}', Bad(Code.UNKNOWN)),
    ('{"t":7}', Bad(Code.UNKNOWN)),
    ('{"cards":["7H"]}', Bad(Code.UNKNOWN)),
    ('{"t":"challenge","seat":0,"id":4}', Bad(Code.NOT_YOUR_SEAT, 4)),
    ('{"t":"challenge","seat":true}', Bad(Code.NOT_YOUR_SEAT)),
    ('{"t":"challenge","seat":"1"}', Bad(Code.NOT_YOUR_SEAT)),
    ('{"t":"challenge","extra":1}', Bad(Code.BAD_SHAPE)),
    ('{"t":"challenge","id":-1}', Bad(Code.BAD_SHAPE)),
    ('{"t":"challenge","id":1.5}', Bad(Code.BAD_SHAPE)),
    ('{"t":"play"}', Bad(Code.BAD_SHAPE)),
    ('{"t":"play","cards":[]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"play","cards":["7H","7S","7D","7C","KS"]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"play","cards":["1H"]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"play","cards":[7]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"play","cards":"7H"}', Bad(Code.BAD_SHAPE)),
    ('{"t":"declare","mood":"happy"}', Bad(Code.BAD_SHAPE)),
    ('{"t":"reroll","keep":[0,0]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"reroll","keep":[0,1,2,3,4]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"reroll","keep":[true]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"propose","dice":[1,1,6,6]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"propose","dice":[0,1,6,6,5]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"propose","dice":[1,1,6,6,5.0]}', Bad(Code.BAD_SHAPE)),
    ('{"t":"ping","n":99999999999}', Bad(Code.BAD_SHAPE)),
])  # fmt: skip
def test_every_message_is_checked_where_it_enters(raw, expected):
    assert parse(raw, 1) == expected


def test_a_seats_rate_limit_lets_a_burst_through_then_ten_a_second():
    now = [0.0]
    bucket = Bucket(clock=lambda: now[0])
    assert sum(bucket.allow() for _ in range(100)) == BURST
    now[0] += 1.0
    assert sum(bucket.allow() for _ in range(100)) == 10
    assert bucket.may_complain() and not bucket.may_complain()


def test_a_flood_past_the_rate_limit_is_dropped_with_few_replies(hub, phones):
    phone = phones.connect(0, hub.url(0))
    for n in range(200):
        phones.send(0, {"t": "challenge", "id": n})
    wait_for(lambda: False, 0.5)
    assert BURST <= len(hub.presses) <= BURST + 10
    limited = [m for m in phone.received if m == {"t": "error", "code": "rate_limited"}]
    assert 1 <= len(limited) <= 3  # an answer, not an echo of every message


def test_bad_messages_get_an_error_reply_and_an_oversized_frame_closes_the_socket(hub, phones):
    phone = phones.connect(0, hub.url(0))
    phones.send(0, '{"t":"play","cards":["7H"],"seat":2,"id":5}')
    phones.send(0, b"\x00\x01")
    assert wait_for(lambda: len(phone.received) >= 2)
    assert phone.received[:2] == [{"t": "error", "code": "not_your_seat", "id": 5},
                                  {"t": "error", "code": "binary"}]  # fmt: skip
    assert hub.presses == []
    phones.send(0, "x" * 70_000)
    assert wait_for(lambda: phone.closed_code is not None)
    assert phone.closed_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert refused(phones, socket_url(hub.url(0))) == 0  # the seat can come back


# -- into the input layer ----------------------------------------------------------------------


def test_a_phone_press_becomes_an_intent_of_its_own_seat():
    pygame.init()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0))
    pygame.event.post(pygame.event.Event(PHONE_PRESS, press=Press(2, "challenge")))
    pygame.event.post(pygame.event.Event(PHONE_PRESS, press=Press(2, "play", ("7H",))))
    pygame.event.post(pygame.event.Event(PHONE_PRESS, press={"seat": 0, "kind": "challenge"}))  # not a Press
    pygame.event.post(pygame.event.Event(PHONE_PRESS, press=Press(2, "teleport")))
    intents = Input().poll()
    expected = [("unbound_key", None), ("challenge", 2), ("phone_play", 2)]
    assert [(i.kind, i.player) for i in intents] == expected
    assert intents[1].source.device == "phone" and intents[2].args == ("7H",)


def test_a_phone_seat_is_never_shown_and_shared_keys_never_act_for_it():
    views = PrivateViews([0, 1], phones=[1])
    assert views.solo is None  # two people: the keyboard person's hand hides behind a curtain
    assert views.may_act(1, By.OWN) and not views.may_act(1, By.SHARED)
    assert not views.reveal(1, By.OWN) and views.why(1) is None
    assert not views.face_up(1, "7H") and views.audit.violations  # asking is recorded
    alone = PrivateViews([1], phones=[1])
    assert alone.solo is None and alone.why(1) is None and not alone.may_act(1, By.SHARED)


def test_the_pages_words_cannot_close_their_block():
    from scenes.phones.server import page_with_words

    page = page_with_words(b'<html lang="en"><script type="application/json" id="words">{}</script>',
                           {"lang": "hu", "title": "</script><script>alert(1)</script>"})
    assert b"</script><script>" not in page and page.startswith(b'<html lang="hu">')
    words = page.split(b'id="words">', 1)[1].rsplit(b"</script>", 1)[0]
    assert json.loads(words)["title"] == "</script><script>alert(1)</script>"


def test_the_protocol_text_is_compact_json():
    assert protocol.encode({"t": "notice", "text": "Ász ♠"}) == '{"t":"notice","text":"Ász ♠"}'
    reply = json.loads(protocol.encode(protocol.error(Code.RATE, 3)))
    assert reply == {"t": "error", "code": "rate_limited", "id": 3}



def test_the_join_codes_are_made_beside_the_game_not_in_a_frame(hub):
    from scenes.phones import qr

    screen = SimpleNamespace(phone_seats=(0, 2))
    hub.tick(SimpleNamespace(toast=lambda text: None, stack=SimpleNamespace(scenes=[screen])))
    urls = [hub.url(seat) for seat in hub.seats]
    assert all(urls) and hub.warmed == tuple(urls) and hub.warming is not None
    hub.warming.join(10)  # segno ran on its own thread: drawing a code later costs no frame
    misses = qr.matrix.cache_info().misses
    for url in urls:
        qr.matrix(url)
    assert qr.matrix.cache_info().misses == misses


def test_a_state_published_before_the_server_runs_reaches_the_phone(local, phones):
    from scenes.phones.server import PAGE_DIR, PhoneServer

    server = PhoneServer(PAGE_DIR, lambda press: None)
    token = new_token()
    server.set_tokens({0: token})
    server.publish(0, {"t": "state", "serial": 1, "hand": ["7H"]})  # the game is quicker than the thread
    server.start("127.0.0.1", 0, fallback=False)
    try:
        assert server.ready.wait(10) and server.trouble is None
        phone = phones.connect(0, f"http://127.0.0.1:{server.port}/p/{token}")
        assert wait_for(lambda: phone.state is not None, 5) and phone.state["hand"] == ["7H"]
        server.publish(0, {"t": "state", "serial": 2, "hand": []})  # and the wake-ups go on after it
        assert wait_for(lambda: phone.state["serial"] == 2, 5)
    finally:
        server.stop(wait=5)
