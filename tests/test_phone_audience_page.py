"""The audience's page in real Chromium (issue 31): it votes in a Bullets challenge window by a tap,
sees the room's vote and whether it read the call right, then the results' best reader and the
free seats; and each of those pages passes axe-core and the page's own checks (tests/a11y.py) at
360×740, 390×844 and 844×390, as the seats' pages do (tests/test_phone_a11y.py).

Ana plays on a simulated phone (tests/phones.py); the two computers never challenge; the game is
stepped only between looks, so each page holds still while it is measured.
"""

from __future__ import annotations

import time

import pytest
from kit import played_record
from page_evening import Evening, Polite, report
from phones import Phones, app, wait_for

from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.lang import t

pytestmark = pytest.mark.heavy  # a real browser: the heavy tier

__all__ = ["app"]  # the shared fixture (tests/phones.py)

WATCH = """
const q = (s) => document.querySelector(s), on = (e) => !!e && e.offsetParent !== null;
const body = document.body.classList;
return {lobby: body.contains('lobby'), watching: body.contains('watching'), read: q('#read').textContent,
        ask: q('#vote-ask').textContent, call: q('#vote-call').textContent,
        lie: on(q('#lie')) && !q('#lie').disabled, voted: q('#lie').getAttribute('aria-pressed'),
        room: q('#room').textContent, seats: document.querySelectorAll('#seats button').length,
        hand: document.querySelectorAll('#hand .card').length, cover: on(q('#cover')),
        reveal: on(q('#revealbox')), status: q('#status').textContent};
"""


def test_an_audience_page_votes_in_a_bullets_window_and_sees_the_room_and_the_best_reader(app, tmp_path):
    started = time.monotonic()
    evening = Evening(app, tmp_path)
    driver = evening.driver
    phones = Phones()
    watch = lambda: driver.execute_script(WATCH)  # noqa: E731
    try:
        rules = Rules.bullets(players=3, challenge_window=1.0)
        setup = GameSetup(rules, [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)], seed=12)
        app.phones.open({0: "Ana"})
        assert wait_for(lambda: app.phones.phase == "ready", 10), app.phones.trouble()
        ana = phones.connect(0, app.phones.url(0))
        driver.get(app.phones.watch_url())
        evening.until(lambda: watch()["lobby"] and watch()["watching"] and not watch()["cover"])
        assert watch()["status"] == t("audience.lobby")
        evening.examine("audience-lobby")

        table = Table.deal(rules, seed=12, first=0)
        scene = TableScene(app, setup, table=table, bots={1: Polite(), 2: Polite()})
        evening.play(scene)
        evening.until(lambda: ana.state is not None and ana.state.get("can_play") and ana.state["wait"] <= 0)
        phones.send(0, {"t": "play", "cards": [ana.state["hand"][0]]})
        # the computer after Ana plays: the audience is asked about its call, and taps "Lie"
        evening.until(lambda: watch()["lie"] and watch()["call"].startswith(setup.seats[1].name))
        assert watch()["ask"] == t("phone.page.ask_call") and watch()["hand"] == 0  # never a hand
        evening.tap("#lie")
        evening.until(lambda: watch()["voted"] == "true")
        evening.examine("audience-vote")
        truthful = scene.moment.seat(0).view.last_call is not None
        evening.until(lambda: ana.state.get("can_challenge"))
        phones.send(0, {"t": "challenge"})  # Ana challenges the call the audience voted on
        evening.until(lambda: watch()["room"] and watch()["reveal"])
        room = watch()["room"]
        assert room.startswith(t("audience.room.call.lie", n=1, m=0)), room
        record = [
            r for r in scene.moment.seat(0).view.history if getattr(r, "challenged_by", None) is not None
        ][-1]
        read = t("audience.read.wrong" if record.truthful else "audience.read.right")
        assert room == t("audience.room.call.lie", n=1, m=0) and watch()["read"] == read and truthful
        evening.examine("audience-reveal")

        # the results: the best reader (this one watcher, its one read) and the computers' seats
        csetup = GameSetup(rules, [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)], seed=3)
        evening.play(ResultsScene(app, played_record(csetup, CardMatch(rules, 3), 3)))
        evening.until(lambda: watch()["seats"] == 2)
        best = driver.find_element("id", "room").text
        assert best == app.phones.watchers.audience.best() and best
        evening.examine("audience-results")
    finally:
        driver.quit()
        phones.close()
    report(evening.found, time.monotonic() - started)
    failures = {
        f"{page} {w}×{h}": {
            key: value for key, value in found.items() if key not in ("resolved", "gradients") and value
        }
        for (page, (w, h)), found in evening.found.items()
    }
    failures = {where: what for where, what in failures.items() if what}
    assert failures == {}
