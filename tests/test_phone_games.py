"""Whole games through the phone server: two phones and two computer players play a whole
Bullets game, a whole Kamu round and a whole duel, every press over a real socket on
127.0.0.1; every message each phone receives is scanned for other seats' hidden cards or dice."""

from __future__ import annotations

import pygame
import pytest
from phones import (
    Phones,
    app,
    card_brain,
    cards_in,
    dice_lists,
    duel_brain,
    open_phones,
    phone_seat,
    revealed_cards,
    unfilled,
    wait_for,
)

from bluffhouse.game.dice import all_claims
from bluffhouse.game.duel import Duel
from bluffhouse.game.duel_events import DiceRevealed
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.shell.session import GameSetup, bot_seat
from bluffhouse.scenes.table.scene import TableScene

__all__ = ["app"]  # the shared fixture (tests/phones.py)
DT = 1 / 30


class Truth:
    """What each phone seat may know at each state it was sent (recorded as it is published)."""

    def __init__(self, app, monkeypatch, own, public) -> None:
        """own(seat) and public() give, at publish time, the seat's own things and what all saw."""
        self.known: dict[tuple[int, int], set] = {}
        hub = app.phones
        real = hub.publish

        def publish(seat, state):
            sent = real(seat, state)
            if sent:
                self.known[(seat, hub.serials[hub.token(seat)])] = own(seat) | public()
            return sent

        monkeypatch.setattr(hub, "publish", publish)


def play_card_game(app, monkeypatch, rules, seed) -> tuple[TableScene, Phones, Truth]:
    seats = [phone_seat("Ana"), bot_seat(1, "medium"), phone_seat("Ben"), bot_seat(3, "easy")]
    setup = GameSetup(rules, seats, seed=seed)
    open_phones(app, setup)
    scene = TableScene(app, setup)
    app.stack.push(scene)
    app.stack.apply()
    public = revealed_cards(monkeypatch)
    held = lambda seat: {str(c) for c in scene.table.hand(seat)}  # noqa: E731
    truth = Truth(app, monkeypatch, held, lambda: set(public))
    phones = Phones()
    for seat in setup.phones:
        phones.connect(seat, app.phones.url(seat), card_brain(seed + seat))
    assert wait_for(lambda: scene.moment.over or app.stack.top is not scene, 240, lambda: app.step(DT))
    for _ in range(30):
        app.step(DT)
    wait_for(lambda: False, 0.3)
    phones.close()
    assert phones.errors == []
    return scene, phones, truth


def scan_cards(phones: Phones, truth: Truth) -> tuple[int, int]:
    """(messages scanned, leaks): a card a phone was sent that its seat did not hold nor all saw."""
    scanned = leaks = 0
    for seat, phone in phones.phones.items():
        for message in phone.received:
            scanned += 1
            allowed = (
                truth.known.get((seat, message.get("serial")), set()) if message["t"] == "state" else set()
            )
            leaked = cards_in(message) - allowed
            assert not unfilled(message), f"seat {seat} was sent words with a hole: {unfilled(message)}"
            leaks += bool(leaked)
            assert not leaked, f"seat {seat} was sent {leaked} in {message}"
    print(f"phones: {scanned} messages scanned, {leaks} leaks")
    return scanned, leaks


@pytest.mark.heavy
def test_two_phones_and_two_computers_play_a_whole_bullets_game(app, monkeypatch):
    rules = Rules.bullets(players=4, challenge_window=1.0)
    scene, phones, truth = play_card_game(app, monkeypatch, rules, 21)
    assert scene.moment.over
    assert scene.flow.stats[0].calls and scene.flow.stats[2].calls  # both phones played
    scanned, leaks = scan_cards(phones, truth)
    assert leaks == 0 and scanned > 50
    for phone in phones.phones.values():
        assert phone.state["over"] and phone.hello["game"] == "bullets"


@pytest.mark.heavy
def test_two_phones_and_two_computers_play_a_whole_kamu_round(app, monkeypatch):
    rules = Rules.kamu(players=4, jokers=True, challenge_window=1.0)
    scene, phones, truth = play_card_game(app, monkeypatch, rules, 8)
    assert scene.moment.over
    assert scene.flow.stats[0].calls and scene.flow.stats[2].calls
    scanned, leaks = scan_cards(phones, truth)
    assert leaks == 0 and scanned > 50
    assert set(phones.phones[0].hello["faces"]["suits"]) == {"P", "T", "Z", "M"}


def test_two_phones_and_two_computers_play_a_short_kamu_round(app, monkeypatch):
    """The whole round's fast sibling: the same round with two cards a hand, scanned the same."""
    rules = Rules.kamu(players=4, jokers=True, challenge_window=1.0, hand_size=2)
    scene, phones, truth = play_card_game(app, monkeypatch, rules, 8)
    assert scene.moment.over
    assert scene.flow.stats[0].calls and scene.flow.stats[2].calls  # both phones played
    scanned, leaks = scan_cards(phones, truth)
    assert leaks == 0 and scanned > 10
    assert set(phones.phones[0].hello["faces"]["suits"]) == {"P", "T", "Z", "M"}


@pytest.mark.parametrize(
    "people", [pytest.param("two phones", marks=pytest.mark.heavy), "a phone and a computer"]
)
def test_a_whole_duel_through_the_phones(app, monkeypatch, people):
    seats = [phone_seat("Ana"), phone_seat("Ben") if people == "two phones" else bot_seat(1, "medium")]
    setup = GameSetup(Rules.duel(points_to_win=2), seats, seed=5)
    open_phones(app, setup)
    scene = DuelScene(app, setup)
    app.stack.push(scene)
    app.stack.apply()
    lifted: set[tuple[int, ...]] = set()
    real_apply = Duel.apply

    def apply(duel, action):
        events = real_apply(duel, action)
        lifted.update(tuple(e.dice) for e in events if isinstance(e, DiceRevealed))
        return events

    monkeypatch.setattr(Duel, "apply", apply)

    def own(seat):
        duel = scene.duel
        claims = {tuple(duel.claim)} if duel.claim is not None else set()
        return (
            {tuple(duel.dice(seat))}
            | claims
            | {tuple(e.dice) for e in duel.history if hasattr(e, "dice") and type(e).__name__ == "Proposed"}
        )

    truth = Truth(app, monkeypatch, own, lambda: set(lifted))
    phones = Phones()
    for seat in setup.phones:
        phones.connect(seat, app.phones.url(seat), duel_brain(40 + seat))
    results = lambda: app.stack.top is not scene and app.stack.top.name == "duelresults"  # noqa: E731

    def step():
        app.step(DT)
        if not setup.phones or scene.frame.duel.phase != "over" or scene.frame.stage.busy:
            return
        if people != "two phones" and scene.match.is_over:
            scene.next_round()  # somebody at the TV goes on to the results

    assert wait_for(lambda: results() or (scene.match.is_over and not scene.frame.stage.busy), 240, step)
    for _ in range(20):
        app.step(DT)
    phones.close()
    assert phones.errors == []
    assert scene.match.is_over
    scanned = 0
    for seat, phone in phones.phones.items():
        claims = phone.hello["claims"]
        assert [row[0] for row in claims] == [list(d) for d in all_claims()]
        for message in phone.received:
            assert not unfilled(message), f"seat {seat} was sent words with a hole: {unfilled(message)}"
            if message["t"] == "hello":
                continue  # the rule book: every proposition in order, the same for everybody
            scanned += 1
            if message.get("lifted"):  # the other cup's dice come with whose they are and the verdict
                assert phone.hello["name"] not in message["lifted_words"] and message["lifted_words"]
            allowed = truth.known.get((seat, message.get("serial")), set())
            leaked = set(dice_lists(message)) - allowed
            assert not leaked, f"seat {seat} was sent {leaked} in {message}"
    print(f"phones: duel, {scanned} messages scanned, 0 leaks")
    assert scanned > 20


@pytest.mark.heavy
@pytest.mark.draws
def test_no_joined_seats_link_is_ever_drawn_through_a_whole_game_with_a_phone_away(app, monkeypatch):
    """Every frame of a whole Bullets game is read as a camera would read the TV: the QR codes in
    it decoded (tests/codes.py) and every line of text noted. Before the phones join, both codes
    are there to scan; from the moment a seat's phone joins, its link is in no frame — not on
    the join screen, not while Ana's phone is away on her turn, not on the results."""
    from codes import codes_in

    from bluffhouse.scenes.phones.join import PhoneJoinScene
    from bluffhouse.scenes.ui import text

    rules = Rules.bullets(players=4, challenge_window=1.0)
    seats = [phone_seat("Ana"), bot_seat(1, "medium"), phone_seat("Ben"), bot_seat(3, "easy")]
    setup = GameSetup(rules, seats, seed=21)
    app.stack.push(PhoneJoinScene(app, setup, "table"))
    app.stack.apply()
    assert wait_for(lambda: app.phones.phase == "ready", 10, lambda: app.step(DT))
    urls = {seat: app.phones.url(seat) for seat in (0, 2)}
    tokens = {seat: url.rsplit("/", 1)[1] for seat, url in urls.items()}
    lines: list[str] = []
    monkeypatch.setattr(text, "WATCHERS", [lambda drawn: lines.append(drawn.words)])
    joined: set[int] = set()
    seen: dict[int, int] = {0: 0, 2: 0}  # frames showing each seat's code before its phone joined
    frames = leaks = 0

    def step():
        nonlocal frames, leaks
        lines.clear()
        app.step(DT)
        frames += 1
        audience = app.phones.watch_url()  # the audience's code, for anyone to scan: set apart
        shown = [code for code in codes_in(app.surface, [*urls.values(), audience]) if code != audience]
        assert "unknown" not in shown
        for seat in (0, 2):
            drawn = urls[seat] in shown or any(tokens[seat] in line for line in lines)
            if seat in joined:
                leaks += drawn
                assert not drawn, f"frame {frames}: {seats[seat].name}'s link is drawn after her phone joined"
            seen[seat] += drawn
        joined.update(seat for seat in (0, 2) if app.phones.status(seat) != "waiting")

    phones = Phones()
    try:
        for _ in range(5):
            step()
        assert seen == {0: 5, 2: 5}  # the codes are there to scan (and read back) before anyone joins
        ana = phones.connect(0, urls[0], card_brain(21))
        phones.connect(2, urls[2], card_brain(23))
        assert wait_for(lambda: joined == {0, 2}, 10, step)
        step()
        assert isinstance(app.stack.top, PhoneJoinScene) and app.stack.top.all_in
        start = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
        pygame.event.post(start)
        assert wait_for(lambda: isinstance(app.stack.top, TableScene), 5, step)
        scene = app.stack.top
        before_ana = lambda: scene.moment.turn == 3 and len(scene.flow.truth) > 2  # noqa: E731
        assert wait_for(lambda: before_ana() or scene.moment.over, 120, step)
        assert not scene.moment.over
        ana.brain = None
        phones.call(ana.ws.close())  # Ana's screen locks, her turn next
        assert wait_for(lambda: app.phones.status(0) == "away", 10, step)
        assert wait_for(lambda: scene.moment.turn == 0 and scene.frame.phones.turn is not None, 60, step)
        for _ in range(60):  # the table waits on her, "Ana's phone is away — waiting", no code
            step()
        assert scene.moment.turn == 0 and scene.frame.phones.turn.url is None
        phones.connect(0, urls[0], card_brain(22), secret=ana.secret)  # she is back, by herself
        assert wait_for(lambda: scene.moment.over or app.stack.top is not scene, 240, step)
        for _ in range(60):  # the end, and the results
            step()
    finally:
        phones.close()
    assert phones.errors == []
    print(f"phones: {frames} drawn frames read like a camera: joined links drawn {leaks} times")
    assert leaks == 0 and frames > 500
