"""The audience (issue 31): phones that watch the TV and vote, never play.

A device that opens the evening's audience link watches (at most 32, the 33rd told the audience
is full); it is sent what the TV shows and the audience's question; its votes are counted at the
reveal, the best reader named at the results, and a watcher may take a free seat at Play again.
Simulated phones (tests/phones.py) over real sockets on 127.0.0.1."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from phones import Phones, app, hub, local, phones, wait_for

from bluffhouse.game.rules import Rules
from bluffhouse.scenes.phones.crowd import CLOSE_FULL
from bluffhouse.scenes.shell.session import GameSetup, bot_seat
from bluffhouse.scenes.table.scene import TableScene

__all__ = ["app", "hub", "local", "phones"]
DT = 1 / 30


def watch(phones: Phones, key: int, url: str, secret: str = ""):
    """A watching phone (its key in phones.phones: any number not a seat's)."""
    return phones.connect(key, url, None, secret)


def test_a_watcher_gets_the_pages_words_and_waits_for_a_game(hub, phones):
    url = hub.watch_url()
    assert url is not None and url.rsplit("/", 1)[1] not in {g.token for g in hub.guests}
    viewer = watch(phones, 100, url)
    assert wait_for(lambda: viewer.state is not None, 5, lambda: hub.tick(_Stackless()))
    assert viewer.hello["audience"] is True and viewer.hello["texts"]["vote_lie"]
    assert viewer.state["lobby"] and viewer.state["audience"] and viewer.state["me"] == "Guest 1"
    assert viewer.secret  # welcomed: a reload comes back as the same watcher
    assert hub.watchers.audience.count == 1


class _Joining:
    """A screen that plays with phones 0 and 2 and shows no game (a join screen)."""

    phone_seats = (0, 2)


class _Stackless:
    """An app whose stack holds a join screen (the hub's tick asks it which screens are on)."""

    stack = SimpleNamespace(scenes=[_Joining()], pending=[])

    def say(self, *args, **kwargs) -> None:
        pass


def voter(says: str):
    """A watcher who votes `says` ("lie" or "truth") once on every question it is asked."""

    def brain(phone, state) -> None:
        question = state.get("question")
        if question and ("vote", question["id"]) not in phone.acted:
            phone.acted.add(("vote", question["id"]))
            phone.send({"t": "vote", "q": question["id"], "say": says})

    return brain


def bold_brain(seed: int):
    """test_phone_games' phone player, who challenges more often (so that reveals come)."""
    from phones import card_brain

    inner = card_brain(seed)

    def brain(phone, state) -> None:
        if (
            not state.get("lobby")
            and not state.get("results")
            and state.get("can_challenge")
            and ("bold", state["serial"]) not in phone.acted
        ):
            phone.acted.add(("bold", state["serial"]))
            if (state["serial"] + seed) % 3 == 0:
                phone.send({"t": "challenge"})
                return
        inner(phone, state)

    return brain


def play_watched(app, monkeypatch, rules, seed, votes=("lie", "truth")):
    """A card game of two phones and two computers, watched by phones voting as told; the scene,
    the phones, the tallies counted, and every card all saw face up."""
    from phones import open_phones, phone_seat, revealed_cards

    seats = [phone_seat("Ana"), bot_seat(1, "medium"), phone_seat("Ben"), bot_seat(3, "easy")]
    setup = GameSetup(rules, seats, seed=seed)
    open_phones(app, setup)
    scene = TableScene(app, setup)
    app.stack.push(scene)
    app.stack.apply()
    public = revealed_cards(monkeypatch)
    tallies = []
    watchers = app.phones.watchers
    real_show = watchers.show

    def show(*args, **kwargs):
        before = watchers.audience.last
        real_show(*args, **kwargs)
        if watchers.audience.last is not before:  # a reveal counted the room's vote
            tallies.append((watchers.audience.last, watchers.look()))

    watchers.show = show
    phones = Phones()
    for seat in setup.phones:
        phones.connect(seat, app.phones.url(seat), bold_brain(seed + seat))
    for k, says in enumerate(votes):
        watch(phones, 100 + k, app.phones.watch_url()).brain = voter(says)
    assert wait_for(lambda: scene.moment.over or app.stack.top is not scene, 240, lambda: app.step(DT))
    for _ in range(30):
        app.step(DT)
    wait_for(lambda: False, 0.3, lambda: app.step(DT))
    return scene, phones, tallies, public


def test_watchers_vote_on_calls_and_the_room_is_counted_at_each_reveal(app, monkeypatch):
    from phones import cards_in

    rules = Rules.bullets(players=4, challenge_window=1.0, hand_size=5)
    scene, phones, tallies, public = play_watched(app, monkeypatch, rules, 21)
    try:
        assert scene.moment.over
        assert tallies, "no call was turned up with votes on it"
        for tally, look in tallies:
            assert (tally.lie, tally.truth) == (1, 1)  # one watcher says lie, the other truth
            assert look is not None and look.count == 2 and look.room == tally.words()
            assert look.room.startswith("The room was split, 1 to 1")
        liar, truther = phones.phones[100], phones.phones[101]
        states = [m for m in liar.received if m["t"] == "state"]
        assert any(m.get("question") for m in states)
        assert any(m.get("read") for m in states)  # told whether they read it right
        for message in liar.received + truther.received:  # only what the TV showed
            assert not (cards_in(message) - public), message
            assert "hand" not in message and "dice" not in message
        right = sum(t.truthful for t, _ in tallies)
        watchers = app.phones.watchers.audience.watchers
        assert watchers[2].right == right and watchers[1].right == len(tallies) - right
    finally:
        phones.close()


def test_the_duel_asks_whether_the_claim_holds_and_shows_only_what_the_tv_shows(app, monkeypatch):
    from phones import dice_lists, duel_brain, open_phones, phone_seat

    from bluffhouse.game.duel import Duel
    from bluffhouse.game.duel_events import DiceRevealed, Proposed
    from bluffhouse.scenes.duel.scene import DuelScene

    setup = GameSetup(Rules.duel(points_to_win=2), [phone_seat("Ana"), bot_seat(1, "medium")], seed=5)
    open_phones(app, setup)
    scene = DuelScene(app, setup)
    app.stack.push(scene)
    app.stack.apply()
    shown: set[tuple[int, ...]] = set()  # claims made and cups lifted: all the room ever saw of dice
    real_apply = Duel.apply

    def apply(duel, action):
        events = real_apply(duel, action)
        shown.update(tuple(e.dice) for e in events if isinstance(e, (DiceRevealed, Proposed)))
        return events

    monkeypatch.setattr(Duel, "apply", apply)
    phones = Phones()
    try:
        phones.connect(0, app.phones.url(0), duel_brain(5))
        viewer = watch(phones, 100, app.phones.watch_url())
        viewer.brain = voter("truth")
        assert wait_for(lambda: scene.match.is_over or app.stack.top is not scene, 240, lambda: app.step(DT))
        wait_for(lambda: False, 0.3, lambda: app.step(DT))
        states = [m for m in viewer.received if m["t"] == "state"]
        asked = [m["question"] for m in states if m.get("question")]
        assert asked and all(q["kind"] == "claim" for q in asked)
        assert any(m.get("room") for m in states), "no challenge counted the room's vote"
        assert any(m.get("reveal") and m["reveal"]["dice"] for m in states)  # the lifted cup, once lifted
        for message in viewer.received:
            assert set(dice_lists(message)) <= shown, message  # never a cup's dice before it was lifted
        watcher = app.phones.watchers.audience.watchers[1]
        assert watcher.counted >= 1
    finally:
        phones.close()


def test_the_results_name_the_best_reader_and_a_watcher_takes_a_free_seat_at_play_again(app, monkeypatch):
    from phones import socket_url

    from bluffhouse.scenes.results.cards import ResultsScene

    rules = Rules.bullets(players=4, challenge_window=1.0, hand_size=5)
    _, phones, tallies, _ = play_watched(app, monkeypatch, rules, 21, votes=("truth", "lie", "truth"))
    try:
        assert wait_for(lambda: isinstance(app.stack.top, ResultsScene), 10, lambda: app.step(DT))
        results = app.stack.top
        app.step(DT)
        assert tallies
        audience = app.phones.watchers.audience
        best = max(w.right for w in audience.watchers.values())
        firsts = [w for w in audience.watchers.values() if w.right == best]
        assert results.audience.best == audience.best() and results.audience.best
        if len(firsts) == 1:
            assert results.audience.best.startswith(f"Best reader in the audience: {firsts[0].name} ")
        else:
            assert results.audience.best.startswith("Best readers in the audience: ")
        app.step(DT)
        viewer = phones.phones[101]
        assert wait_for(lambda: viewer.state and viewer.state.get("results"), 5, lambda: app.step(DT))
        assert viewer.state["best"] == results.audience.best
        assert [seat["to"] for seat in viewer.state["seats"]] == [1, 3]  # the computers' seats
        phones.send(101, {"t": "name", "name": "  Zoé  "})
        assert wait_for(lambda: audience.watchers[2].chosen == "Zoé", 5, lambda: app.step(DT))
        phones.send(101, {"t": "sit", "to": 1})
        phones.send(102, {"t": "sit", "to": 1})  # too late: the seat is taken
        assert wait_for(lambda: viewer.closed_code == 4008, 5, lambda: app.step(DT))
        for _ in range(5):
            app.step(DT)
        seated = viewer.received[-1]
        assert seated["t"] == "seated" and set(seated) == {"t", "path", "device"}
        assert list(results.audience.taken) == [1] and 2 not in audience.watchers
        other = phones.phones[102]  # the other watcher sees the seat gone
        assert wait_for(lambda: [seat["to"] for seat in other.state["seats"]] == [3], 5, lambda: app.step(DT))
        url = app.phones.address() + seated["path"]
        zoe = phones.connect(7, url, None, seated["device"])  # the page opens its seat's link, with its key
        assert wait_for(lambda: zoe.state is not None, 5, lambda: app.step(DT))
        assert "welcome" not in [m["t"] for m in zoe.received]  # it is the seat's own phone already
        results.play_again()
        for _ in range(3):
            app.step(DT)
        table = app.stack.top
        assert isinstance(table, TableScene) and table.setup.seats[1].name == "Zoé"
        assert table.setup.seats[1].phone and table.phones.seats == (0, 1, 2)
        assert wait_for(lambda: zoe.state and "hand" in zoe.state, 5, lambda: app.step(DT))
        assert app.phones.status(1) == "connected"
        assert socket_url(app.phones.url(1)).endswith(seated["path"][3:])  # the link the watcher was given
    finally:
        phones.close()


def test_the_audience_fills_only_its_share_of_the_gate_and_the_seats_still_join(local, phones, monkeypatch):
    """A process held to 128 open files: the gate holds 24 connections, 8 of them for watchers at
    most; the ninth watcher is told the audience is full, and both seats' phones still join."""
    from bluffhouse.scenes.phones import gate
    from bluffhouse.scenes.phones.hub import PhoneHub

    monkeypatch.setattr(gate, "soft_file_limit", lambda: 128)
    hub = PhoneHub(lambda press: None)
    hub.open({0: "Ana", 2: "Ben"})
    try:
        assert wait_for(lambda: hub.phase == "ready") and hub.server.gate.total == 24
        url = hub.watch_url()
        crowd = [watch(phones, 100 + k, url) for k in range(8)]
        assert wait_for(lambda: len(hub.server.crowd.here) == 8)
        ninth = watch(phones, 200, url)
        assert wait_for(lambda: ninth.closed_code == CLOSE_FULL)
        assert [m["t"] for m in ninth.received] == ["full"]
        ana, ben = phones.connect(0, hub.url(0)), phones.connect(2, hub.url(2))
        assert wait_for(lambda: hub.connected(0) and hub.connected(2) and ana.secret and ben.secret)
        assert all(viewer.closed_code is None for viewer in crowd)
        stranger = phones.connect(9, hub.url(0))  # another device opens Ana's seat: it may watch instead
        assert wait_for(lambda: stranger.received and stranger.received[0]["t"] == "taken")
        assert url.endswith(stranger.received[0]["watch"])
    finally:
        hub.close(wait=5)


def scan_watched(phones: Phones, public: set[str], seats: tuple[int, ...]) -> int:
    """Every message to a watcher holds only cards all saw face up, and no hand; no seat's phone
    hears anything of the votes (they could be a hint). The number of watchers' messages scanned."""
    from phones import cards_in, strings

    scanned = 0
    for key, phone in phones.phones.items():
        for message in phone.received:
            if key in seats:
                assert not {"question", "vote", "room", "read"} & set(message), message
                assert not any(text.startswith("The room ") for text in strings(message))
                continue
            scanned += 1
            assert not (cards_in(message) - public), message
            assert "hand" not in message and "dice" not in message, message
    return scanned


@pytest.mark.parametrize(
    "game",
    [
        "short kamu",
        pytest.param("whole bullets", marks=pytest.mark.heavy),
        pytest.param("whole kamu", marks=pytest.mark.heavy),
    ],
)
def test_a_watcher_is_sent_no_hidden_card_over_a_whole_game(app, monkeypatch, game):
    rules = {
        "short kamu": Rules.kamu(players=4, jokers=True, challenge_window=1.0, hand_size=3),
        "whole bullets": Rules.bullets(players=4, challenge_window=1.0),
        "whole kamu": Rules.kamu(players=4, jokers=True, challenge_window=1.0),
    }[game]
    scene, phones, tallies, public = play_watched(app, monkeypatch, rules, 8)
    try:
        assert scene.moment.over
        scanned = scan_watched(phones, public, (0, 2))
        assert scanned > 10 and (tallies or game == "short kamu")  # a short round may see no challenge
        print(f"{game}: {scanned} messages to watchers scanned, {len(tallies)} reveals counted, no leak")
    finally:
        phones.close()
