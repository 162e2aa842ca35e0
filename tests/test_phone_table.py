"""Phone seats at the television during a game: never shown face up, no key at the TV acts for
them, the challenge window and its same-frame tie-break unchanged for phone presses, the table
waiting on an away phone while others still challenge, refusals answered on the phone alone.
Before the game (set-ups, join screen, server, --phones-check): test_phone_setup.py."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from phones import Phones, app, duel_brain, key, mixed_table, wait_for

from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.phones.protocol import Press
from bluffhouse.scenes.shell.input import PHONE_PRESS, Source
from bluffhouse.scenes.shell.privacy import Why
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.layout import HAND_RECT, PLAY_RECT
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.lang import t

ROOT = Path(__file__).resolve().parent.parent
K = pygame
__all__ = ["app"]  # the shared fixture (tests/phones.py)
DT = 1 / 20


def phone(seat: int, kind: str, **fields) -> None:
    """Post a phone's press, as the server's thread does."""
    pygame.event.post(pygame.event.Event(PHONE_PRESS, press=Press(seat, kind, **fields)))


@pytest.mark.draws
@pytest.mark.parametrize("frames", [100, pytest.param(300, marks=pytest.mark.heavy)])
def test_a_phone_seats_cards_are_never_drawn_face_up_on_the_tv(app, frames):
    """The phone seat plays first and never plays: the deal (under 80 frames) and then its turn
    waited on, painted, 5 s of them in the fast tier, 15 s in the heavy tier."""
    for seats in (
        [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)],  # the only person
        [
            SeatSpec("Ana", True, phone=True),
            SeatSpec("Ben", True, challenge_key="Z", peek_key="X"),
            bot_seat(2),
        ],
    ):
        rules = Rules.bullets(players=3)
        scene = TableScene(app, GameSetup(rules, seats, seed=2))
        app.stack.push(scene)
        app.stack.apply()
        app.audit.clear()
        for _ in range(frames):
            app.step(DT)
            phone(0, "challenge")
        shown = [r for r in app.audit.records if r.owner == 0 and r.why is not Why.LIFTED]
        assert (
            shown == []
            and scene.moment.curtain != 0
            and (scene.frame.hand is None or scene.frame.hand.owner != 0)
        )
        app.stack.pop()
        app.stack.apply()


def test_no_key_at_the_tv_acts_for_a_phone_seat_but_its_phone_does(app):
    scene, table = mixed_table(app, ["2S 3S", "AH AD 5C", "4D 6D"], first=1)
    assert table.turn == 1 and scene.moment.curtain is None  # no curtain for a phone seat
    app.input.bind(Source("key", K.K_q), 1, "challenge")  # a key left bound to seat 1 elsewhere
    for code in (K.K_RETURN, K.K_SPACE, K.K_LEFT, K.K_UP, K.K_z, K.K_x, K.K_q):
        key(code)
        app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=PLAY_RECT.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=HAND_RECT.center, button=1))
    app.step(DT)
    assert table.hand_size(1) == 3 and table.last_call is None
    phone(1, "play", args=("AH", "AD"))
    app.step(DT)
    assert table.hand_size(1) == 1 and table.last_call.seat == 1 and table.last_call.count == 2


class OneCall:
    """A computer player who calls once with its first card, then never moves nor doubts."""

    def choose(self, view):
        from bluffhouse.game.actions import Play

        return Play(view.seat, [view.hand[0]])

    def wants_challenge(self, view) -> bool:
        return False


def called_by_the_computer(app):
    scene, table = mixed_table(app, ["2S 3S", "AH AD 5C", "4D 6D 7D"], first=0, bot=OneCall())
    assert wait_for(lambda: table.last_call is not None, 5, lambda: app.step(DT))
    assert table.last_call.seat == 0 and table.window_open
    return scene, table


def test_a_phone_and_a_key_challenging_in_one_frame_go_to_the_seat_closest_after_the_caller(app):
    scene, _table = called_by_the_computer(app)
    key(K.K_z)  # Ben (seat 2) first in the queue
    phone(1, "challenge")  # Ana (seat 1) in the same frame: she sits right after the caller
    app.step(DT)
    assert scene.flow.truth[-1].challenged_by == 1  # "the one sitting closest after the caller"


def test_the_first_frame_with_a_valid_press_wins_phone_or_key(app):
    scene, _table = called_by_the_computer(app)
    key(K.K_z)  # Ben, a frame ahead of Ana's phone
    app.step(DT)
    phone(1, "challenge")
    app.step(DT)
    assert [call.challenged_by for call in scene.flow.truth] == [2]


def test_an_away_phone_holds_its_turn_while_the_others_may_still_challenge(app):
    scene, table = mixed_table(app, ["2S 3S", "AH AD 5C", "4D 6D 7D"], first=0, bot=OneCall())
    app.phones.open({1: "Ana"})
    assert wait_for(lambda: app.phones.phase == "ready")
    phones = Phones()
    try:
        ana = phones.connect(1, app.phones.url(1))
        assert wait_for(lambda: app.phones.connected(1), 5, lambda: app.step(DT))
        phones.call(ana.ws.close())  # her screen goes off
        assert wait_for(lambda: app.phones.status(1) == "away", 5, lambda: app.step(DT))
        app.step(DT)  # the news reaches the screen
        assert any("dropped out" in toast.text for toast in app.toasts)
        assert wait_for(lambda: table.last_call is not None, 5, lambda: app.step(DT))  # the computer calls
        for _ in range(100):
            app.step(DT)
        assert table.turn == 1 and table.window_open and table.hand_size(1) == 3  # the game waits on Ana
        look = scene.phones.look(scene.moment)
        assert look.turn.away and look.turn.url is None and look.turn.line == t("phone.tv.away", name="Ana")
        key(K.K_z)  # Ben may still challenge the call meanwhile
        app.step(DT)
        assert scene.flow.truth[-1].challenged_by == 2
        again = phones.connect(1, app.phones.url(1), secret=ana.secret)  # Ana is back: her state at once
        assert wait_for(lambda: again.state is not None, 5, lambda: app.step(DT))
        assert again.state["hand"] == [str(c) for c in table.view(1).hand]
        assert app.phones.connected(1) and scene.phones.look(scene.moment).seats[0].status == "connected"
    finally:
        phones.close()


def test_a_phones_refused_press_is_answered_on_that_phone_alone(app):
    _scene, table = mixed_table(app, ["2S 3S", "AH AD 5C", "4D 6D"], first=1)
    app.phones.open({1: "Ana"})
    assert wait_for(lambda: app.phones.phase == "ready")
    phones = Phones()
    try:
        ana = phones.connect(1, app.phones.url(1))
        assert wait_for(lambda: ana.state is not None, 5, lambda: app.step(DT))
        app.toasts.clear()
        phones.send(1, {"t": "play", "cards": ["KS"]})  # well formed, but not in her hand
        said = lambda: [m["text"] for m in ana.received if m["t"] == "notice"]  # noqa: E731
        assert wait_for(lambda: any("KS" in text or "K♠" in text for text in said()), 5, lambda: app.step(DT))
        assert table.hand_size(1) == 3 and table.last_call is None
        told = [text for text in said() if "KS" in text or "K♠" in text]
        assert not any(toast.text in told for toast in app.toasts)  # the TV tells the room nothing of it
    finally:
        phones.close()


def test_a_duel_phones_refused_press_is_answered_on_that_phone_alone(app):
    setup = GameSetup(Rules.duel(points_to_win=2), [SeatSpec("Ana", True, phone=True), bot_seat(1)], seed=5)
    app.phones.open({0: "Ana"})
    assert wait_for(lambda: app.phones.phase == "ready")
    scene = DuelScene(app, setup)
    app.stack.push(scene)
    app.stack.apply()
    phones = Phones()
    try:
        ana = phones.connect(0, app.phones.url(0))
        assert wait_for(lambda: ana.state is not None and ana.state["moods"], 20, lambda: app.step(DT))
        app.toasts.clear()
        phones.send(0, {"t": "reroll", "keep": [0]})  # the opening first: no reroll yet
        said = lambda: [m["text"] for m in ana.received if m["t"] == "notice"]  # noqa: E731
        assert wait_for(lambda: said(), 5, lambda: app.step(DT))
        assert (
            not any(toast.text in said() for toast in app.toasts)
            and scene.frame.duel.phase.value == "opening"
        )
    finally:
        phones.close()


@pytest.mark.draws
@pytest.mark.heavy
def test_a_phone_seats_dice_are_never_drawn_face_up_on_the_tv_but_in_a_challenge(app):
    import json

    from bluffhouse.scenes.phones.protocol import parse

    setup = GameSetup(Rules.duel(points_to_win=2), [SeatSpec("Ana", True, phone=True), bot_seat(1)], seed=5)
    scene = DuelScene(app, setup)  # Ana is the only person at the table, and she is on her phone
    app.stack.push(scene)
    app.stack.apply()
    app.audit.clear()
    posted = lambda message: pygame.event.post(  # noqa: E731
        pygame.event.Event(PHONE_PRESS, press=parse(json.dumps(message), 0))
    )
    ana = SimpleNamespace(acted=set(), hello=scene.phones.hello(scene, 0), send=posted)
    brain, serial, last = duel_brain(8), 0, None
    for _ in range(6000):
        if app.stack.top is not scene:
            break
        state = scene.phones.state(scene, scene.moment, 0)
        if state != last:
            last, serial = state, serial + 1
        brain(ana, {**state, "serial": serial})
        app.step(DT)
    assert scene.match.is_over
    ana_shown = [r for r in app.audit.records if r.owner == 0]
    assert all(r.why is Why.LIFTED for r in ana_shown) and app.audit.violations == []


def test_the_phone_page_follows_the_games_language_when_the_options_change_it(app):
    from bluffhouse.scenes.ui.lang import set_language

    scene, _table = mixed_table(app, ["2S 3S", "AH AD 5C", "4D 6D"], first=1)
    app.phones.open({1: "Ana"})
    assert wait_for(lambda: app.phones.phase == "ready")
    phones = Phones()
    try:
        ana = phones.connect(1, app.phones.url(1))
        assert wait_for(lambda: ana.hello is not None and ana.state is not None, 5, lambda: app.step(DT))
        assert ana.hello["texts"]["lang"] == "en"
        for code in ("es", "fr", "hu"):
            set_language(code)  # as the Options screen does, in the middle of the game
            assert wait_for(lambda c=code: ana.hello["texts"]["lang"] == c, 5, lambda: app.step(DT))
            now = scene.phones.state(scene, scene.moment, 1)["status"]  # the game's lines too, in its words
            assert wait_for(lambda s=now: ana.state["status"] == s, 5, lambda: app.step(DT))
            texts = ana.hello["texts"]
            assert texts["challenge"] == t("phone.page.challenge") and texts["play"] == t("phone.page.play")
            page = phones.call(fetch(phones, app.phones.url(1)))
            connecting = json.dumps(t("phone.page.connecting"), ensure_ascii=False)[1:-1]
            assert f'<html lang="{code}">' in page and connecting in page  # a page loaded now speaks it
    finally:
        set_language("en")
        phones.close()


async def fetch(phones, url: str) -> str:
    async with phones.session.get(url) as response:
        return await response.text()
