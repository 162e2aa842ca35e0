"""A real browser on the phone page: headless Chromium (Debian's chromium and chromium-driver,
driven by Selenium) opens a phone seat's join address at 390×844, sees the hand, taps cards,
plays them, and challenges the next call — every step checked in the game's own engine.

Skipped where no Chromium is installed (.ci/run installs it, so CI runs it).
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from phones import Blip, app, wait_for

from game.actions import Play
from game.rules import Rules
from game.table import Table
from scenes.shell.session import GameSetup, SeatSpec, bot_seat
from scenes.table.scene import TableScene
from scenes.ui.lang import t

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
pytestmark = pytest.mark.heavy  # a real browser: the heavy tier
webdriver = pytest.importorskip("selenium.webdriver")
if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
    pytest.skip("no Chromium here (apt-get install chromium chromium-driver)", allow_module_level=True)

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By as Find  # noqa: E402

__all__ = ["app"]  # the shared fixture (tests/phones.py)

SIZE = (390, 844)
SHOTS = os.environ.get("BLUFFHOUSE_SHOTS")  # a folder to keep the screenshots in, when set


class Polite:
    """A computer player who plays its first card and never challenges (the test's only doubter
    is the person on the phone)."""

    def choose(self, view):
        return Play(view.seat, [view.hand[0]])

    def wants_challenge(self, view) -> bool:
        return False


def browser(tmp_path: Path, ratio: float = 1.0):
    """Headless Chromium as a phone held upright, with a fresh profile and no network of its own."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
             f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={SIZE[0]},{SIZE[1]}"]  # fmt: skip
    for flag in flags:
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": SIZE[0], "height": SIZE[1], "pixelRatio": ratio, "touch": True}})
    os.environ.setdefault("SE_AVOID_STATS", "true")
    return webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))



def shot(driver, tmp_path: Path, name: str) -> None:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(folder / f"{name}.png"))


def test_a_real_browser_sees_its_hand_taps_plays_and_challenges(app, tmp_path):
    rules = Rules.bullets(players=3, challenge_window=1.0)
    seats = [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)]
    setup = GameSetup(rules, seats, seed=12)
    table = Table.deal(rules, seed=12, first=0)
    app.phones.open({0: "Ana"})
    assert wait_for(lambda: app.phones.phase == "ready")
    scene = TableScene(app, setup, table=table, bots={1: Polite(), 2: Polite()})
    app.stack.push(scene)
    app.stack.apply()
    step = lambda: app.step(1 / 30)  # noqa: E731
    driver = browser(tmp_path)
    try:
        driver.get(app.phones.url(0))

        def cards():
            return driver.find_elements(Find.CSS_SELECTOR, "#hand .card")

        assert wait_for(lambda: len(cards()) == table.hand_size(0), 30, step), driver.page_source[:500]
        assert driver.find_element(Find.ID, "me").text == "Ana"
        assert app.phones.connected(0)
        held = [str(card) for card in table.view(0).hand]
        assert [c.get_attribute("data-card") for c in cards()] == held  # its own hand, in order
        # a hand of 18 is seen whole, above the buttons, without scrolling; the own box says "you"
        footer = driver.find_element(Find.ID, "actions").rect
        assert all(c.rect["y"] + c.rect["height"] <= footer["y"] for c in cards()), len(held)
        mine = driver.find_element(Find.CSS_SELECTOR, "#players li.me")
        assert mine.find_element(Find.CSS_SELECTOR, ".who").text == "Ana"
        play = driver.find_element(Find.ID, "play")
        assert wait_for(lambda: not scene.fx.dealing, 20, step)  # the TV has dealt: the turn is live
        aces = [c for c in held if c[:-1] == "A"][:2] or held[:1]  # the call is aces
        for card in aces:  # each tap draws the hand anew: find the card afresh
            driver.find_element(Find.CSS_SELECTOR, f'#hand .card[data-card="{card}"]').click()
        assert len(driver.find_elements(Find.CSS_SELECTOR, "#hand .card.picked")) == len(aces)
        assert wait_for(lambda: play.is_enabled(), 20, step)
        shot(driver, tmp_path, "phone-hand")
        picked = driver.find_elements(Find.CSS_SELECTOR, "#hand .picked")
        played = [c.get_attribute("data-card") for c in picked]
        play.click()
        assert wait_for(lambda: table.hand_size(0) == len(held) - len(played), 20, step)
        assert scene.flow.truth[0].seat == 0 and [str(c) for c in scene.flow.truth[0].cards] == played
        assert wait_for(lambda: len(cards()) == len(held) - len(played), 20, step)
        # the next player calls: the big button comes alive, and a tap challenges that call
        challenge = driver.find_element(Find.ID, "challenge")
        assert wait_for(lambda: challenge.is_enabled(), 30, step)
        assert table.last_call.seat == 1
        shot(driver, tmp_path, "phone-challenge")
        challenge.click()
        assert wait_for(lambda: scene.flow.truth[-1].challenged_by == 0, 20, step)
        assert wait_for(lambda: driver.find_element(Find.ID, "revealbox").is_displayed(), 20, step)
        shot(driver, tmp_path, "phone-reveal")
        assert table.bullets(0) in (2, 3)  # a bullet spent, and given back if it was a lie
    finally:
        driver.quit()
        time.sleep(0.1)


def test_a_phone_that_lost_its_network_comes_back_when_its_screen_does(app, tmp_path):
    """A Wi-Fi blip or a sleeping phone: the page's socket looks open and is dead. The table
    shows the phone away; when the screen comes back the page finds out, joins again, and
    shows the same hand."""
    rules = Rules.bullets(players=3, challenge_window=1.0)
    setup = GameSetup(rules, [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)], seed=12)
    table = Table.deal(rules, seed=12, first=1)
    app.phones.open({0: "Ana"})
    assert wait_for(lambda: app.phones.phase == "ready")
    scene = TableScene(app, setup, table=table, bots={1: Polite(), 2: Polite()})
    app.stack.push(scene)
    app.stack.apply()
    step = lambda: app.step(1 / 30)  # noqa: E731
    said: list[str] = []
    toast = app.toast
    app.toast = lambda text, *args, **kwargs: said.append(text) or toast(text, *args, **kwargs)
    port = app.phones.server.port
    wifi = Blip(port)
    driver = browser(tmp_path)
    try:
        driver.get(app.phones.url(0).replace(f":{port}/", f":{wifi.port}/", 1))
        assert wait_for(lambda: app.phones.connected(0), 30, step)
        wifi.drop()  # nothing more passes, and nobody is told
        assert wait_for(lambda: app.phones.status(0) == "away", 20, step)  # the TV knows first
        driver.execute_script("document.dispatchEvent(new Event('visibilitychange'))")  # screen on
        assert wait_for(lambda: app.phones.connected(0), 10, step)
        held = [str(card) for card in table.view(0).hand]
        shown = lambda: [c.get_attribute("data-card") for c in driver.find_elements(Find.CSS_SELECTOR, "#hand .card")]  # noqa: E501, E731
        assert wait_for(lambda: shown() == held, 10, step)
        assert driver.find_element(Find.ID, "cover").get_attribute("hidden") is not None
        step()  # the news reaches the screen
        assert t("phone.toast.away", name="Ana") in said and t("phone.toast.back", name="Ana") in said
    finally:
        driver.quit()
        wifi.close()
