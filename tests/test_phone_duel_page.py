"""Two real phone pages play a whole duel match to its results, and to Play again, by tapping the
page only: headless Chromium twice (Ana's phone and Ben's), the game stepped frame by frame, no
key pressed at the TV and no message sent but the pages' own.

Each page taps what a hurried person would: a mood when it is asked for, Challenge when it may,
Propose when it may (the builder offers the lowest claim that beats the last), "Next round" /
"See the results" once a round is over, and the results' "Play again". If a round ends and no page
can go on (the button shown but never enabled: the bug of issue 31), the test says so at once.
"""

from __future__ import annotations

import time

import pytest
from browser import browser, need_chromium, shot
from phones import app, wait_for

from bluffhouse.game.duel import Phase
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec

pytestmark = pytest.mark.heavy  # two real browsers: the heavy tier
need_chromium()

from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By as Find  # noqa: E402

__all__ = ["app"]  # the shared fixture (tests/phones.py)
DT = 1 / 30
STALL = 12.0  # seconds a round may stay over with nothing on either page to tap

# The first button a hurried person taps now (a CSS selector), or null: shown and enabled only.
NEXT_TAP = """
const order = ['#again', '#next', '#challenge', '#moods button', '#propose'];
for (const selector of order) {
  for (const node of document.querySelectorAll(selector)) {
    if (!node.disabled && node.offsetParent !== null && !node.closest('[hidden]')) {
      return [selector, node.textContent];
    }
  }
}
return null;
"""
SHOWN = """
const node = document.querySelector(arguments[0]);
return !!node && node.offsetParent !== null ? [node.textContent, node.disabled] : null;
"""


def tap(driver, selector: str) -> bool:
    """Tap the first shown, enabled element of the selector (a real click); False if the page drew
    it anew meanwhile (the next look finds it again)."""
    try:
        for node in driver.find_elements(Find.CSS_SELECTOR, selector):
            if node.is_displayed() and node.is_enabled():
                node.click()
                return True
    except WebDriverException:
        return False
    return False


def test_two_phones_play_a_duel_to_its_results_and_to_play_again_by_tapping_the_page(app, tmp_path):
    started = time.monotonic()
    seats = [SeatSpec("Ana", True, phone=True), SeatSpec("Ben", True, phone=True)]
    setup = GameSetup(Rules.duel(points_to_win=2), seats, seed=5)
    app.phones.open({0: "Ana", 1: "Ben"})
    assert wait_for(lambda: app.phones.phase == "ready", 10), app.phones.trouble()
    first = DuelScene(app, setup)
    app.stack.push(first)
    app.stack.apply()
    step = lambda: app.step(DT)  # noqa: E731
    pages = {seat: browser(tmp_path / f"profile{seat}") for seat in (0, 1)}
    tapped: list[tuple[int, str, str]] = []  # (seat, what, its words)
    try:
        for seat, driver in pages.items():
            driver.get(app.phones.url(seat))
        assert wait_for(lambda: all(app.phones.connected(s) for s in pages), 30, step)
        stalled_since = None
        end = time.monotonic() + 240
        while time.monotonic() < end:
            for _ in range(3):
                step()
            top = app.stack.top
            if isinstance(top, DuelScene) and top is not first:
                break  # Play again: a new match on the TV
            acted = False
            for seat, driver in pages.items():
                move = driver.execute_script(NEXT_TAP)
                if move is not None and tap(driver, move[0]):
                    tapped.append((seat, move[0], move[1]))
                    acted = True
            waiting = top is first and first.duel.phase is Phase.OVER and not first.stage.busy
            waiting = waiting or top is not first  # the results wait on a page's tap too
            if acted or not waiting:
                stalled_since = None
            elif stalled_since is None:
                stalled_since = time.monotonic()
            elif time.monotonic() - stalled_since > STALL:
                shown = {
                    s: d.execute_script(SHOWN, "#next") or d.execute_script(SHOWN, "#again")
                    for s, d in pages.items()
                }
                for s, d in pages.items():
                    shot(d, tmp_path, f"duel-stalled-{s}")
                pytest.fail(
                    f"the match stalled on {type(top).__name__} (round {first.round_number}, "
                    f"scores {first.match.scores}): no page could go on; its button "
                    f"(words, disabled): {shown}"
                )
            time.sleep(0.05)
        else:
            pytest.fail(f"no Play again within 240 s; taps: {tapped[-12:]}")
        nexts = [words for _, what, words in tapped if what == "#next"]
        assert first.match.is_over and max(first.match.scores) == 2, first.match.scores
        assert len(nexts) >= 2, nexts  # "Next round" after each round, then "See the results"
        assert any(what == "#again" for _, what, _ in tapped)
        again = app.stack.top
        assert again.match.scores == [0, 0] and again.setup.phones == (0, 1)
        # both phones play on in the new match, with nothing scanned again
        dice = lambda d: d.find_elements(Find.CSS_SELECTOR, "#dice .die")  # noqa: E731
        assert wait_for(lambda: all(len(dice(d)) == 5 for d in pages.values()), 20, step)
        for seat, driver in pages.items():
            shot(driver, tmp_path, f"duel-again-{seat}")
        print(
            f"phones: a two-phone duel to 2 points, its results and Play again, by {len(tapped)} "
            f"taps on the pages in {time.monotonic() - started:.1f} s"
        )
    finally:
        for driver in pages.values():
            driver.quit()
