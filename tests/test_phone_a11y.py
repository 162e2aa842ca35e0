"""The phone page is accessible: axe-core (tests/vendor/axe-core, run in the page by Chromium)
finds no violation on the lobby, a Bullets turn, a Bullets reveal, a Kamu turn, a duel claim, a
duel reveal (the lifted cup) and the results of a duel and of a card game, each at 360×740,
390×844 and 844×390 (a phone turned on its side).

Beyond axe, at every page and size (tests/a11y.py): axe's colour contrast measured on the felt
(text over a gradient is "incomplete" for axe: the page is measured again with every gradient
painted flat at 9 points along it), one h1, no aria-label on a plain div, every tappable thing a
button, nothing past the sides at 360 px (no sideways scroll, no words cut), and the hand (cards
or dice) wholly in view between the header and the footer without scrolling.

One evening on one page: Ana's phone waits in the lobby, plays a Bullets turn and challenges,
plays a Kamu turn, a duel's claim and challenge, and sees the duel's and a card game's results;
the game is stepped only between looks, so each page holds still while it is measured.
"""

from __future__ import annotations

import time

import pytest
from a11y import felt_contrast, page_problems
from browser import need_chromium
from kit import played_record
from page_evening import Evening, Polite, report
from phones import app, wait_for

from bluffhouse.game.actions import Challenge, Declare, Propose
from bluffhouse.game.dice import all_claims
from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.lang import t

pytestmark = pytest.mark.heavy  # a real browser: the heavy tier
need_chromium()

from selenium.webdriver.common.by import By as Find  # noqa: E402

__all__ = ["app"]  # the shared fixture (tests/phones.py)


class Obliging:
    """A duellist content with its dice who proposes the lowest claim and never challenges."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view):
        if view.allowed_moods:
            return Declare(self.seat, view.allowed_moods[0])
        if view.may_propose:
            return Propose(self.seat, all_claims()[view.lowest_claim])
        return Challenge(self.seat)


def test_the_phone_page_passes_axe_and_the_pages_own_checks_at_three_sizes(app, tmp_path):
    started = time.monotonic()
    evening = Evening(app, tmp_path)
    driver = evening.driver
    try:
        # -- the lobby: a phone joined, no game on the TV yet
        app.phones.open({0: "Ana"})
        assert wait_for(lambda: app.phones.phase == "ready", 10), app.phones.trouble()
        driver.get(app.phones.url(0))
        waits = t("phone.page.lobby_next")  # the hub's word to a phone with no game on
        evening.until(lambda: evening.shows(lobby=True, cover=False, status=waits))
        evening.examine("lobby")
        the_checks_see_a_fault(driver)

        # -- Bullets: Ana's turn with two cards picked, then her challenge turns the cards over
        rules = Rules.bullets(players=3, challenge_window=1.0)
        setup = GameSetup(rules, [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)], seed=12)
        table = Table.deal(rules, seed=12, first=0)
        bullets = TableScene(app, setup, table=table, bots={1: Polite(), 2: Polite()})
        evening.play(bullets)
        evening.until(lambda: evening.look()["cards"] == table.hand_size(0) and not bullets.fx.dealing)
        for index in (0, 1):  # each tap draws the hand anew: found afresh
            evening.tap(f'#hand .card[data-index="{index}"]')
        evening.until(lambda: evening.look()["play"])
        evening.examine("bullets-turn", "#hand .card")
        evening.tap("#play")
        evening.until(lambda: evening.look()["challenge"])
        evening.tap("#challenge")
        evening.until(lambda: evening.look()["reveal"])
        evening.examine("bullets-reveal", "#hand .card")

        # -- Kamu: ten cards in hand, both jokers among them, Ana to play
        kamu = Rules.kamu(players=3, jokers=True, challenge_window=1.0)
        hands = ["*S *F 7P 8T 9Z 10M UP OT KZ AM", "7T 8Z 9M 10P UT", "7Z 8M 9P 10T UZ"]
        ksetup = GameSetup(kamu, [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)], seed=4)
        kscene = TableScene(app, ksetup, table=Table.from_hands(kamu, hands), bots={1: Polite(), 2: Polite()})
        evening.play(kscene)
        evening.until(lambda: evening.look()["cards"] == 10 and not kscene.moment.busy)
        driver.find_element(Find.CSS_SELECTOR, '#hand .card[data-card="*S"]').click()
        evening.until(lambda: evening.look()["play"])
        evening.examine("kamu-turn", "#hand .card")

        # -- the duel: a claim to beat in the builder, then Ana's challenge lifts the other cup
        dsetup = GameSetup(Rules.duel(points_to_win=1), [SeatSpec("Ana", True, phone=True), bot_seat(1)], 6)
        duel = DuelScene(app, dsetup)
        duel.flow.bots[1] = Obliging(1)
        evening.play(duel)
        for _ in range(400):
            look = evening.look()
            if look["builder"] and look["challenge"]:
                break
            if look["moods"]:
                evening.tap("#moods button", must=False)  # (the look may be a frame old)
            elif look["propose"]:
                evening.tap("#propose", must=False)
            evening.step(6)
        assert evening.look()["builder"], evening.look()
        evening.examine("duel-claim", "#dice .die")
        evening.tap("#challenge")
        evening.until(lambda: evening.look()["lifted"] and evening.look()["next"])
        evening.examine("duel-reveal", "#dice .die")
        evening.tap("#next")  # "See the results"
        evening.until(lambda: evening.look()["again"])
        evening.examine("duel-results")

        # -- a card game's results (a Bullets game of computer players, Ana's phone watching)
        csetup = GameSetup(rules, [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)], seed=3)
        evening.play(ResultsScene(app, played_record(csetup, CardMatch(rules, 3), 3)))
        title = lambda: driver.find_element(Find.ID, "title").text  # noqa: E731
        evening.until(lambda: evening.shows(again=True) and title() == "Bullets")
        evening.examine("cards-results")
    finally:
        driver.quit()
    report(evening.found, time.monotonic() - started)
    failures = {
        f"{page} {w}×{h}": {
            key: value for key, value in found.items() if key not in ("resolved", "gradients") and value
        }
        for (page, (w, h)), found in evening.found.items()
    }
    failures = {where: what for where, what in failures.items() if what}
    assert failures == {}


FAULTS = """
const faint = document.createElement('p');
faint.id = 'faint'; faint.textContent = 'felt-coloured words'; faint.style.color = '#3f7a5a';
const label = document.createElement('div');
label.id = 'labelled'; label.setAttribute('aria-label', 'a div with a name'); label.textContent = 'x';
const wide = document.createElement('div');
wide.id = 'wide'; wide.textContent = 'too wide'; wide.style.width = '500px';
document.querySelector('main').append(faint, label, wide);
"""


def the_checks_see_a_fault(driver) -> None:
    """The harness is no test that cannot fail: words the colour of the felt, an aria-label on a
    plain div and a box wider than the phone, put in the page for a moment, are all found."""
    driver.execute_script(FAULTS)
    try:
        _, flat, _ = felt_contrast(driver, samples=3)
        assert {node["target"] for rule in flat for node in rule["nodes"]} == {"#faint"}
        problems = "\n".join(page_problems(driver, 390))
        assert "aria-label on a plain div#labelled" in problems and "div#wide" in problems, problems
    finally:
        driver.execute_script(
            "for (const id of arguments[0]) document.getElementById(id).remove();",
            ["faint", "labelled", "wide"],
        )
