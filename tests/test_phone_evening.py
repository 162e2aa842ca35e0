"""An evening of phone play through the real server and the real screens: another device asking
for a seat is decided at the television, the same phones go on from game to game (Play again,
Set-up, Menu), a seat's code is never drawn once its phone joined, the duel's last Next on a
phone reaches the results, and the TV's toasts never cover the phone status."""

from __future__ import annotations

import pygame
import pytest
from codes import codes_in
from phones import EVENING, Phones, Polite, ana_and_a_computer, app, duel_brain, duel_of, key, kinds, wait_for

from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.phones.devices import CLOSE_MOVED, CLOSE_REFUSED
from bluffhouse.scenes.phones.join import PhoneJoinScene
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.layout import PHONE_TURN_RECT as TURN_RECT
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui import text
from bluffhouse.scenes.ui.lang import t

__all__ = ["app"]  # the shared fixture (tests/phones.py)
DT = EVENING.dt
steps = EVENING.step


def test_another_device_plays_a_seat_only_after_the_television_says_yes(app):
    scene, _ = ana_and_a_computer(app, ["AH AD 5C", "2S 3S"], first=0)
    mine, other_device = Phones(), Phones()
    try:
        ana = mine.connect(0, app.phones.url(0))
        assert wait_for(lambda: ana.state is not None and ana.state["hand"], 10, lambda: steps(app))
        token = app.phones.token(0)
        stranger = other_device.connect(0, app.phones.url(0))  # the link alone: a photo of the TV
        assert wait_for(lambda: app.stack.top.name == "moveseat", 10, lambda: steps(app))
        assert kinds(stranger) == ["taken"]  # no hand, no names: nothing of Ana's
        other_device.send(0, {"t": "play", "cards": ["AH"]})
        assert wait_for(lambda: "error" in kinds(stranger), 5, lambda: steps(app))
        assert len(scene.moment.seat(0).view.hand) == 3 and ana.closed_code is None
        key(pygame.K_RETURN)  # a stray Enter: "No, keep it" has the focus
        steps(app, 2)
        assert wait_for(lambda: stranger.closed_code == CLOSE_REFUSED, 5, lambda: steps(app))
        assert app.stack.top is scene and not app.phones.knocking(token)
        newcomer = other_device.connect(1, app.phones.url(0))  # asks again: this time, yes
        assert wait_for(lambda: app.stack.top.name == "moveseat", 10, lambda: steps(app))
        key(pygame.K_LEFT)
        key(pygame.K_RETURN)
        assert wait_for(lambda: ana.closed_code == CLOSE_MOVED, 5, lambda: steps(app))
        assert ana.received[-1] == {"t": "moved"}  # the phone that had the seat is told
        playing = lambda: newcomer.state is not None and newcomer.state["can_play"]  # noqa: E731
        assert wait_for(playing, 10, lambda: steps(app))
        assert sorted(newcomer.state["hand"]) == ["5C", "AD", "AH"]
        other_device.send(1, {"t": "play", "cards": ["AH", "AD"]})
        assert wait_for(lambda: len(scene.moment.seat(0).view.hand) == 1, 10, lambda: steps(app))
        assert any(toast.text == t("phone.toast.replaced", name="Ana") for toast in app.toasts)
    finally:
        mine.close()
        other_device.close()


def test_a_knock_withdrawn_takes_its_question_off_the_television(app):
    scene, _ = ana_and_a_computer(app)
    phones = Phones()
    try:
        phones.connect(0, app.phones.url(0))
        assert wait_for(lambda: app.phones.connected(0), 10, lambda: steps(app))
        stranger = Phones()
        stranger.connect(0, app.phones.url(0))
        assert wait_for(lambda: app.stack.top.name == "moveseat", 10, lambda: steps(app))
        stranger.close()  # gone before anybody answered
        assert wait_for(lambda: app.stack.top is scene, 10, lambda: steps(app))
        assert app.phones.connected(0)
    finally:
        phones.close()


@pytest.mark.parametrize("route", ["play again", "set-up", "menu"])
def test_the_same_phones_play_the_next_game_of_the_evening_without_scanning(app, route):
    from bluffhouse.scenes.setup.cards import SetupScene

    _, setup = ana_and_a_computer(app, ["AH", "2S 3S"], first=0)
    SetupScene(app, "bullets", previous=setup).remember()  # the evening's first set-up, remembered
    phones = Phones()
    try:
        ana = phones.connect(0, app.phones.url(0))
        assert wait_for(lambda: ana.state is not None and ana.state["can_play"], 20, lambda: steps(app))
        token, secret = app.phones.token(0), ana.secret
        phones.send(0, {"t": "play", "cards": ["AH"]})
        assert wait_for(lambda: app.stack.top.name == "results", 30, lambda: steps(app))
        assert ana.state["over"] and ana.closed_code is None  # the phone shows how it ended
        hellos = kinds(ana).count("hello")
        if route == "play again":
            key(pygame.K_RETURN)  # Play again has the focus
        elif route == "set-up":
            key(pygame.K_RIGHT)
            key(pygame.K_RETURN)
            assert wait_for(lambda: app.stack.top.name == "setup", 5, lambda: steps(app))
            app.stack.top.start()  # Start, as the set-up's button does
        else:
            key(pygame.K_RIGHT)
            key(pygame.K_RIGHT)
            key(pygame.K_RETURN)
            assert wait_for(lambda: app.stack.top.name == "menu", 5, lambda: steps(app))
            waiting = t("phone.page.lobby_next")  # told it waits, not left with a stale game
            assert wait_for(lambda: ana.state.get("status") == waiting, 5, lambda: steps(app))
            app.stack.replace(SetupScene(app, "bullets"))  # the last set-up, remembered
            steps(app, 2)
            app.stack.top.start()
        if route != "play again":
            assert wait_for(lambda: isinstance(app.stack.top, PhoneJoinScene), 5, lambda: steps(app))
            join = app.stack.top
            assert join.all_in and app.phones.code(0) is None  # Ana is in: nothing to scan
            starting = t("phone.page.lobby")  # "waiting for the game to start", not a blank page
            assert wait_for(lambda: ana.state.get("status") == starting, 5, lambda: steps(app))
            key(pygame.K_RETURN)  # Start
        assert wait_for(lambda: isinstance(app.stack.top, TableScene), 5, lambda: steps(app))
        table = app.stack.top.table
        assert wait_for(lambda: kinds(ana).count("hello") > hellos, 10, lambda: steps(app))
        assert wait_for(lambda: not ana.state.get("lobby") and ana.state["hand"], 10, lambda: steps(app))
        assert sorted(ana.state["hand"]) == sorted(str(card) for card in table.hand(0))
        assert app.phones.token(0) == token and ana.secret == secret and ana.closed_code is None
        assert kinds(ana).count("welcome") == 1 and app.phones.connected(0)  # the same phone, joined once
    finally:
        phones.close()


def seat_codes(app, known: list[str]) -> list[str]:
    """The seats' codes the TV shows now (the audience's code, for anyone to scan, set apart)."""
    audience = app.phones.watch_url()
    return [code for code in codes_in(app.surface, [*known, audience]) if code != audience]


@pytest.mark.draws
def test_a_seats_code_is_drawn_until_its_phone_joins_and_never_after(app):
    seats = [SeatSpec("Ana", True, phone=True), bot_seat(1), SeatSpec("Ben", True, phone=True)]
    setup = GameSetup(Rules.bullets(players=3, challenge_window=0.5), seats, seed=3)
    app.stack.push(PhoneJoinScene(app, setup, "table"))
    app.stack.apply()
    assert wait_for(lambda: app.phones.phase == "ready", 10, lambda: steps(app))
    urls = {seat: app.phones.url(seat) for seat in (0, 2)}
    drawn: list[str] = []
    text.WATCHERS.append(lambda line: drawn.append(line.words))  # every line drawn (a text.Drawn)
    phones = Phones()
    try:
        assert wait_for(
            lambda: sorted(seat_codes(app, list(urls.values()))) == sorted(urls.values()),
            10,
            lambda: steps(app),
        )
        assert app.phones.watch_url() in codes_in(app.surface, [app.phones.watch_url()])  # the audience's too
        ana = phones.connect(0, urls[0])
        assert wait_for(lambda: app.phones.connected(0), 10, lambda: steps(app))
        steps(app, 2)
        drawn.clear()
        steps(app, 3)
        assert seat_codes(app, list(urls.values())) == [urls[2]]  # only Ben's, who has not joined
        token = urls[0].rsplit("/", 1)[1]
        assert not [line for line in drawn if token in line]
        assert urls[2].split("//")[1] in "".join(drawn)  # Ben's address, maybe on two lines
        key(pygame.K_RETURN)  # Start: Ben joins later
        phones.connect(2, urls[2])
        assert wait_for(
            lambda: isinstance(app.stack.top, TableScene) and app.phones.connected(2), 10, lambda: steps(app)
        )
        scene = app.stack.top
        phones.call(ana.ws.close())  # Ana's screen locks
        assert wait_for(lambda: app.phones.status(0) == "away", 10, lambda: steps(app))
        drawn.clear()
        assert wait_for(
            lambda: scene.frame.phones.turn is not None and scene.frame.phones.turn.seat == 0,
            30,
            lambda: steps(app),
        )
        steps(app, 3)
        turn = scene.frame.phones.turn
        assert turn.away and turn.url is None and turn.line == t("phone.tv.away", name="Ana")
        assert t("phone.tv.away", name="Ana") in drawn
        assert seat_codes(app, list(urls.values())) == []  # away on her turn: still no code
        tokens = [url.rsplit("/", 1)[1] for url in urls.values()]
        assert not [line for line in drawn if any(tok in line for tok in tokens)]
    finally:
        text.WATCHERS.clear()
        phones.close()


@pytest.mark.parametrize("game", ["table", "duel"])
def test_toasts_never_cover_how_the_phones_are(app, game):
    if game == "table":
        scene, _ = ana_and_a_computer(app, ["AH AD 5C", "2S 3S"], first=0)
    else:
        from bluffhouse.scenes.duel.scene import DuelScene

        seats = [SeatSpec("Ana", True, phone=True), SeatSpec("Ben", True, phone=True)]
        scene = DuelScene(app, GameSetup(Rules.duel(points_to_win=2), seats, seed=5))
        app.stack.push(scene)
        app.stack.apply()
    assert wait_for(lambda: scene.frame.phones.turn is not None, 10, lambda: steps(app))  # a phone's turn
    keep = scene.toast_clear
    assert keep and (TURN_RECT in keep if game == "table" else len(keep) == 3)  # two signs and the turn
    for n in range(3):
        app.toast(
            f"A long message number {n} for everybody at the table, to see where it goes:\n"
            "it takes a second line when it is this long, and pushes the others on"
        )
    steps(app, 4)
    shown = app.toast_rects()
    assert shown and all(not box.colliderect(rect) for box in shown for rect in keep)


def test_the_last_next_on_a_phone_takes_two_phone_players_to_the_results(app):

    scene = duel_of(
        app, [SeatSpec("Ana", True, phone=True), SeatSpec("Ben", True, phone=True)], points=1, seed=5
    )
    phones = Phones()
    try:
        for seat in (0, 1):
            phones.connect(seat, app.phones.url(seat), duel_brain(60 + seat))
        assert wait_for(lambda: app.stack.top is not scene, 120, lambda: steps(app))
        assert app.stack.top.name == "duelresults" and scene.match.is_over  # no key at the TV was needed
        assert phones.errors == []
        last = [m for m in phones.phones[0].received if m["t"] == "state" and m["over"]]
        assert last and last[-1]["can_next"]
    finally:
        phones.close()


@pytest.mark.draws
def test_a_lost_phone_gets_a_new_code_from_the_pause_and_the_new_phone_plays_on(app):
    scene, _ = ana_and_a_computer(app, ["AH AD 5C", "2S 3S"], first=0)
    phones = Phones()
    try:
        lost = phones.connect(0, app.phones.url(0))
        assert wait_for(lambda: lost.state is not None and lost.state["hand"], 10, lambda: steps(app))
        old = app.phones.url(0)
        key(pygame.K_ESCAPE)  # the pause: Resume, Phones, ...
        key(pygame.K_DOWN)
        key(pygame.K_RETURN)
        assert wait_for(lambda: isinstance(app.stack.top, PhoneJoinScene), 5, lambda: steps(app))
        assert seat_codes(app, [old]) == []  # Ana's phone is in: no code, a "New phone" button
        key(pygame.K_RIGHT)  # from Back to Ana's "New phone"
        key(pygame.K_RETURN)
        assert wait_for(lambda: app.stack.top.name == "renewseat", 5, lambda: steps(app))
        key(pygame.K_LEFT)  # yes (No has the focus)
        key(pygame.K_RETURN)
        assert wait_for(lambda: lost.closed_code == CLOSE_MOVED, 5, lambda: steps(app))
        new = app.phones.url(0)
        assert new != old
        assert wait_for(lambda: seat_codes(app, [old, new]) == [new], 5, lambda: steps(app))
        found = phones.connect(1, new)  # the new phone scans the new code
        assert wait_for(lambda: found.hello is not None and found.state is not None, 10, lambda: steps(app))
        assert found.state["paused"]  # the game waits meanwhile, and says so
        assert wait_for(lambda: seat_codes(app, [old, new]) == [], 5, lambda: steps(app))  # joined
        key(pygame.K_ESCAPE)  # back to the pause, and to the game
        key(pygame.K_ESCAPE)
        assert wait_for(lambda: app.stack.top is scene and found.state["can_play"], 10, lambda: steps(app))
        assert sorted(found.state["hand"]) == ["5C", "AD", "AH"]
        phones.send(1, {"t": "play", "cards": ["5C"]})
        assert wait_for(lambda: len(scene.moment.seat(0).view.hand) == 2, 10, lambda: steps(app))
    finally:
        phones.close()


def test_two_seats_of_one_name_each_hear_only_what_is_about_their_own_seat(app):
    rules = Rules.bullets(players=3, challenge_window=0.5)
    seats = [bot_seat(0), SeatSpec("Ana", True, phone=True), SeatSpec("Ana", True, phone=True)]
    table = Table.from_hands(rules, ["2S 3S", "AH AD 5C", "4D 6D 7D"], first=1)
    scene = TableScene(app, GameSetup(rules, seats, seed=1), table=table, bots={0: Polite()})
    app.stack.push(scene)
    app.stack.apply()
    assert wait_for(lambda: app.phones.phase == "ready", 10)
    assert app.phones.token(1) != app.phones.token(2)  # two people, two links
    phones = Phones()
    try:
        first, second = (phones.connect(seat, app.phones.url(seat)) for seat in (1, 2))
        assert wait_for(lambda: first.state is not None and second.state is not None, 10, lambda: steps(app))
        steps(app, 40)
        heard = lambda phone: [m["text"] for m in phone.received if m["t"] == "notice"]  # noqa: E731
        phones.send(2, {"t": "challenge"})  # the second Ana: nothing to challenge yet
        assert wait_for(lambda: heard(second), 5, lambda: steps(app))
        steps(app, 10)
        assert heard(first) == []  # the first Ana is told nothing of it
        phones.send(1, {"t": "play", "cards": ["AH", "AD"]})  # and each plays from their own phone
        assert wait_for(lambda: table.hand_size(1) == 1, 5, lambda: steps(app))
        assert table.hand_size(2) == 3 and not heard(first)
    finally:
        phones.close()
