"""What a phone may send, checked where it enters (scenes.phones.protocol), with no network: every
message's shape, a socket's first words, each seat's rate limit, and a press becoming an intent of
its own seat in the input layer."""

from __future__ import annotations

import json

import pygame
import pytest

from bluffhouse.scenes.phones import protocol
from bluffhouse.scenes.phones.devices import BURST, Bucket
from bluffhouse.scenes.phones.protocol import Bad, Code, Press, parse, parse_join
from bluffhouse.scenes.shell.input import PHONE_PRESS, Input
from bluffhouse.scenes.shell.privacy import By, PrivateViews

# -- every message checked where it enters ---------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"t":"play","cards":["7H","10S","*F","UZ"]}', Press(1, "play", ("7H", "10S", "*F", "UZ"))),
        ('{"t":"play","cards":["7P","7P"]}', Press(1, "play", ("7P", "7P"))),  # two decks
        ('{"t":"challenge","id":9}', Press(1, "challenge")),
        ('{"t":"accept","seat":1}', Press(1, "accept")),
        ('{"t":"declare","mood":"indifferent"}', Press(1, "declare", text="indifferent")),
        ('{"t":"reroll","keep":[4,0]}', Press(1, "reroll", (0, 4))),
        ('{"t":"reroll","keep":[]}', Press(1, "reroll", ())),
        ('{"t":"propose","dice":[1,1,6,6,5]}', Press(1, "propose", (1, 1, 6, 6, 5))),
        ('{"t":"next"}', Press(1, "next")),
        ('{"t":"again","id":3}', Press(1, "again")),
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
        ('{"t":"again","setup":"new"}', Bad(Code.BAD_SHAPE)),
        ('{"t":"again","seat":0}', Bad(Code.NOT_YOUR_SEAT)),
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
    ],
)
def test_every_message_is_checked_where_it_enters(raw, expected):
    assert parse(raw, 1) == expected


def test_a_seats_rate_limit_lets_a_burst_through_then_ten_a_second():
    now = [0.0]
    bucket = Bucket(clock=lambda: now[0])
    assert sum(bucket.allow() for _ in range(100)) == BURST
    now[0] += 1.0
    assert sum(bucket.allow() for _ in range(100)) == 10
    assert bucket.may_complain() and not bucket.may_complain()


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ('{"t":"join","device":""}', ""),
        ('{"t":"join","device":"' + "a" * 22 + '"}', "a" * 22),
        ('{"t":"join","device":"Zz09_-Zz09_-Zz09_-Zz09_-"}', "Zz09_-Zz09_-Zz09_-Zz09_-"),
        ('{"t":"join"}', Bad(Code.BAD_SHAPE)),
        ('{"t":"join","device":"short"}', Bad(Code.BAD_SHAPE)),
        ('{"t":"join","device":"' + "a" * 65 + '"}', Bad(Code.BAD_SHAPE)),
        ('{"t":"join","device":"' + "a" * 21 + '<"}', Bad(Code.BAD_SHAPE)),
        ('{"t":"join","device":7}', Bad(Code.BAD_SHAPE)),
        ('{"t":"join","device":"","seat":0}', Bad(Code.BAD_SHAPE)),
        ('{"t":"challenge"}', Bad(Code.BAD_SHAPE)),
        ('{"t":"join","device":"","device":""}', Bad(Code.NOT_JSON)),
        ("x" * 2000, Bad(Code.NOT_JSON)),
        (b'{"t":"join","device":""}', Bad(Code.NOT_JSON)),
    ],
)
def test_a_sockets_first_words_say_only_which_device_it_is(raw, expected):
    assert parse_join(raw) == expected


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
    from bluffhouse.scenes.phones.server import page_with_words

    page = page_with_words(
        b'<html lang="en"><script type="application/json" id="words">{}</script>',
        {"lang": "hu", "title": "</script><script>alert(1)</script>"},
    )
    assert b"</script><script>" not in page and page.startswith(b'<html lang="hu">')
    words = page.split(b'id="words">', 1)[1].rsplit(b"</script>", 1)[0]
    assert json.loads(words)["title"] == "</script><script>alert(1)</script>"


def test_the_protocol_text_is_compact_json():
    assert protocol.encode({"t": "notice", "text": "Ász ♠"}) == '{"t":"notice","text":"Ász ♠"}'
    reply = json.loads(protocol.encode(protocol.error(Code.RATE, 3)))
    assert reply == {"t": "error", "code": "rate_limited", "id": 3}
