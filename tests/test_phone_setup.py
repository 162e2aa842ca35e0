"""Phones before the game: a phone seat in the card and duel set-ups, the join screen, the
server's life (it listens only while a phone seat is played or joining), and `python main.py
--phones-check`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from phones import Phones, app, key, socket_url, wait_for

from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.phones.join import PhoneJoinScene
from bluffhouse.scenes.setup.model import PHONE, SetupDraft
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.lang import t

ROOT = Path(__file__).resolve().parent.parent
K = pygame
__all__ = ["app"]  # the shared fixture (tests/phones.py)
DT = 1 / 20


def test_the_server_listens_only_while_phones_are_played_or_joined(app):
    quick = TableScene(app, GameSetup(Rules.bullets(players=2), [SeatSpec("You", True), bot_seat(1)]))
    app.stack.push(quick)
    app.stack.apply()
    for _ in range(10):
        app.step(DT)
    assert app.phones.server is None  # no phone seat: nothing listens
    app.stack.pop()
    app.stack.apply()
    seats = [SeatSpec("Ana", True, phone=True), bot_seat(1)]
    setup = GameSetup(Rules.bullets(players=2), seats, seed=3)
    app.stack.push(PhoneJoinScene(app, setup, "table"))
    app.stack.apply()
    assert wait_for(lambda: app.phones.phase == "ready", 5, lambda: app.step(DT))
    url = app.phones.url(0)
    key(K.K_RETURN)  # Start: on to the table, the same links
    app.step(DT)
    assert isinstance(app.stack.top, TableScene) and app.phones.url(0) == url
    app.back_to_menu()  # the game ends, and no phone ever joined: nothing to keep listening for
    app.step(DT)
    app.step(DT)
    assert app.phones.phase == "off" and app.phones.url(0) is None
    phones = Phones()
    try:
        with pytest.raises(Exception):  # noqa: B017 - refused or nothing listening: either way, no way in
            phones.call(phones.session.ws_connect(socket_url(url)), timeout=5)
    finally:
        phones.close()


@pytest.mark.draws
def test_the_join_screen_shows_each_phone_seat_and_back_returns_to_the_set_up(app):
    seats = [SeatSpec("Ana", True, phone=True), bot_seat(1), SeatSpec("Csilla", True, phone=True)]
    setup = GameSetup(Rules.kamu(players=3), seats, seed=3)
    join = PhoneJoinScene(app, setup, "table")
    app.stack.push(join)
    app.stack.apply()
    assert wait_for(lambda: app.phones.phase == "ready", 5, lambda: app.step(DT))
    assert join.phone_seats == (0, 2) and not join.all_in
    phones = Phones()
    try:
        phones.connect(0, app.phones.url(0))
        assert wait_for(lambda: app.phones.connected(0), 5, lambda: app.step(DT))
    finally:
        phones.close()
    key(K.K_ESCAPE)
    app.step(DT)
    app.step(DT)
    top = app.stack.top
    assert top.name == "setup" and [s.kind for s in top.draft.seats] == [PHONE, "medium", PHONE]
    assert app.phones.phase == "ready"  # Ana's phone joined: it stays hers for the evening


def test_when_phones_cannot_join_enter_goes_back_to_the_set_up(app, monkeypatch):
    import socket

    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    monkeypatch.setenv("BLUFFHOUSE_PHONES_PORT", str(busy.getsockname()[1]))  # taken, and no other
    try:
        setup = GameSetup(Rules.bullets(players=2), [SeatSpec("Ana", True, phone=True), bot_seat(1)], seed=3)
        app.stack.push(PhoneJoinScene(app, setup, "table"))
        app.stack.apply()
        assert wait_for(lambda: app.phones.phase == "failed", 5, lambda: app.step(DT))
        assert "already in use" in app.phones.trouble()
        key(K.K_RETURN)  # the game goes on with keyboards: back to seat Ana otherwise
        app.step(DT)
        app.step(DT)
        assert app.stack.top.name == "setup" and app.phones.phase == "off"
    finally:
        busy.close()


def test_a_phone_seat_in_the_card_set_up_needs_no_keys_and_takes_no_newcomer():
    draft = SetupDraft.default("bullets")
    draft.set_kind(1, PHONE)
    draft.set_kind(2, PHONE)
    assert draft.seats[1].human and draft.seats[1].joined and draft.seats[1].sources() == []
    assert draft.without_peek() == 0  # the keyboard person shares the TV with phones: a curtain
    draft.seats[0].challenge = Source("key", K.K_c)
    assert draft.waiting() == t("setup.waiting.peek.one", name=draft.display_name(0))  # not the phones'
    draft.seats[0].peek = Source("key", K.K_e)
    assert draft.problem() is None
    specs = draft.seat_specs(lambda source: "C")
    assert [s.phone for s in specs] == [False, True, True, False]
    assert specs[1].challenge_key is None
    assert draft.seat_for_newcomer() == (3, "Dani")  # the computer player's seat, never a phone's
    again = SetupDraft.from_setup("bullets", GameSetup(draft.rules(), specs), lambda seat, role: None)
    assert [s.kind for s in again.seats][:3] == ["person", PHONE, PHONE]


@pytest.mark.draws
def test_a_table_of_phones_waits_for_no_key_and_says_no_curtain(app, monkeypatch):
    from bluffhouse.scenes.setup import paint
    from bluffhouse.scenes.setup.cards import SetupScene

    setup = SetupScene(app, "bullets")
    app.stack.push(setup)
    app.stack.apply()
    draft = setup.draft
    draft.set_kind(0, PHONE)
    draft.set_kind(2, PHONE)
    assert draft.waiting() is None and draft.problem() is None  # Start says Start, not "peek keys"
    drawn: list[str] = []
    draw_text = paint.draw_text
    monkeypatch.setattr(
        paint,
        "draw_text",
        lambda surface, text, *a, **k: drawn.append(text) or draw_text(surface, text, *a, **k),
    )
    app.step(DT)
    assert t("setup.privacy.all_phones") in drawn and t("setup.privacy", n=2) not in drawn
    assert setup.start_button.label == t("setup.start")
    draft.set_kind(1, "person")  # a person at the keyboard shares the TV with the phones
    drawn.clear()
    app.step(DT)
    assert t("setup.privacy.phones") in drawn


def test_the_duel_set_up_puts_a_person_on_a_phone(app):
    from bluffhouse.scenes.setup.duel import DuelSetupScene

    setup = DuelSetupScene(app)
    app.stack.push(setup)
    app.stack.apply()
    setup.rows["mode"].step(1)
    setup.rows["phones"].step(3)  # both
    assert setup.phones == "both" and "keys0" not in setup.rows and setup.missing() is None
    app.step(DT)
    assert setup.waiting() is None and setup.rows["start"].label == t("duel.setup.start")  # no keys awaited
    setup.start()
    app.stack.apply()
    join = app.stack.top
    assert isinstance(join, PhoneJoinScene) and join.phone_seats == (0, 1)
    assert [s.phone for s in join.setup.seats] == [True, True]
    assert wait_for(lambda: app.phones.phase == "ready", 5, lambda: app.step(DT))
    key(K.K_RETURN)
    app.step(DT)
    assert isinstance(app.stack.top, DuelScene) and app.stack.top.phone_seats == (0, 1)


def run_main(*args: str, **env: str) -> subprocess.CompletedProcess:
    environ = dict(os.environ, **env)
    return subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_phones_check_says_ok_with_the_address_and_the_round_trip():
    result = run_main("--phones-check", BLUFFHOUSE_PHONES_HOST="127.0.0.1", BLUFFHOUSE_PHONES_PORT="0")
    assert result.returncode == 0, result.stderr
    [line] = result.stdout.splitlines()
    assert line.startswith("phones: ok url=http://127.0.0.1:") and "/p/" in line and " roundtrip_ms=" in line
    assert float(line.rsplit("=", 1)[1]) >= 0


def test_phones_check_says_why_not_in_one_line(monkeypatch, capsys):
    # the command inside this process (a start costs 0.45 s; the test above runs the program as
    # started, and main()'s return is the process's exit code: sys.exit(main()))
    from bluffhouse.cli import main

    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "8.8.8.8")
    assert main(["--phones-check"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "phones: no: 8.8.8.8 is not a local network address: the game only listens at home"
    ]
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "10.255.254.253")  # not this computer's
    assert main(["--phones-check"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "phones: no: 10.255.254.253 (BLUFFHOUSE_PHONES_HOST) is not an address of this computer"
    ]
    monkeypatch.setenv("BLUFFHOUSE_PHONES_HOST", "0.0.0.0")  # every network, not the home one alone
    assert main(["--phones-check"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "phones: no: 0.0.0.0 (BLUFFHOUSE_PHONES_HOST) would listen on every network of this computer, public "
        "ones too, not only the home one: give this computer's address on the Wi-Fi, or leave it unset"
    ]
