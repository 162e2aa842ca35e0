"""A phone page through an evening in real Chromium, measured at three sizes: what the heavy
page tests share (tests/test_phone_a11y.py for the seats' pages, tests/test_phone_audience_page.py
for the audience's). Imported only by heavy modules: it needs Chromium and Selenium."""

from __future__ import annotations

import json
import time
from pathlib import Path

from a11y import axe_results, felt_contrast, hand_hidden, page_problems
from browser import SHOTS, browser, need_chromium, resize, shot
from phones import wait_for

from bluffhouse.game.actions import Play

need_chromium()

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By as Find  # noqa: E402

SIZES = ((360, 740), (390, 844), (844, 390))
UPRIGHT = (390, 844)
DT = 1 / 30
SETTLED = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"


class Polite:
    """A card player who plays its first card and never challenges."""

    def choose(self, view):
        return Play(view.seat, [view.hand[0]])

    def wants_challenge(self, view) -> bool:
        return False


class Evening:
    """Ana's phone page through an evening, and what was found on each page at each size."""

    def __init__(self, app, tmp_path) -> None:
        self.app, self.tmp_path = app, tmp_path
        self.driver = browser(tmp_path / "profile")
        self.found: dict[tuple[str, tuple[int, int]], dict] = {}

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(DT)

    def until(self, condition, seconds: float = 30.0) -> None:
        assert wait_for(condition, seconds, self.step), f"the page never got there: {self.look()}"

    def look(self) -> dict:
        return self.driver.execute_script("""
            const q = (s) => document.querySelector(s), on = (e) => !!e && e.offsetParent !== null;
            const live = (s) => on(q(s)) && !q(s).disabled;
            return {status: q('#status').textContent, lobby: document.body.classList.contains('lobby'),
                    cards: document.querySelectorAll('#hand .card').length, play: live('#play'),
                    challenge: live('#challenge'), reveal: on(q('#revealbox')), moods: live('#moods button'),
                    builder: on(q('#builder')), propose: live('#propose'), lifted: on(q('#lifted')),
                    next: live('#next'), again: live('#again'), cover: on(q('#cover'))};""")

    def shows(self, **wanted) -> bool:
        """Whether the page shows all of wanted (keys of look())."""
        look = self.look()
        return all(look[key] == value for key, value in wanted.items())

    def tap(self, selector: str, must: bool = True) -> bool:
        """A tap on the element; found afresh if the page drew it anew under the finger. must:
        the element is there (else a tap on what is gone does nothing and says so)."""
        for _ in range(5):
            try:
                self.driver.find_element(Find.CSS_SELECTOR, selector).click()
                return True
            except StaleElementReferenceException:
                time.sleep(0.05)
            except NoSuchElementException:
                if must:
                    raise
                return False
        raise AssertionError(f"{selector} was drawn anew at every tap")

    def play(self, scene) -> None:
        self.app.stack.replace(scene) if self.app.stack.top is not None else self.app.stack.push(scene)
        self.app.stack.apply()

    def examine(self, page: str, hand: str | None = None) -> None:
        """Measure the page as it is now at every size (the game stands still meanwhile)."""
        driver = self.driver
        for size in SIZES:
            resize(driver, size)
            driver.execute_async_script(SETTLED)
            results = axe_results(driver)
            gradients, flat, undecided = felt_contrast(driver)
            # axe's undecided contrasts are measured again on the flat felt (what stays undecided
            # there is in flat_undecided); any other rule left undecided is a failure
            unresolved = [rule for rule in results["incomplete"] if rule["id"] != "color-contrast"]
            resolved = sum(len(rule["nodes"]) for rule in results["incomplete"] if rule not in unresolved)
            self.found[(page, size)] = {
                "violations": results["violations"],
                "incomplete": unresolved,
                "resolved": resolved,
                "gradients": gradients,
                "flat": flat,
                "flat_undecided": undecided,
                "problems": page_problems(driver, size[0]),
                "hidden": hand_hidden(driver, hand, size[0]) if hand else [],
            }
            shot(driver, self.tmp_path, f"a11y-{page}-{size[0]}x{size[1]}")
        resize(driver, UPRIGHT)
        driver.execute_async_script(SETTLED)


def report(found: dict, seconds: float) -> None:
    """axe-core's result per page and size, as the issue's closing note quotes it (and all of it
    as axe.json beside the screenshots, when $BLUFFHOUSE_SHOTS names a folder)."""
    if SHOTS:
        whole = {f"{page} {w}x{h}": f for (page, (w, h)), f in found.items()}
        text = json.dumps(whole, indent=1, ensure_ascii=False)
        (Path(SHOTS) / "axe.json").write_text(text, encoding="utf-8")
    print(
        f"\naxe-core on the phone page ({seconds:.0f} s): violations / incomplete left / incomplete "
        f"resolved on the flat felt / page checks"
    )
    for (page, (w, h)), f in found.items():
        print(
            f"  {page:15} {w}×{h}: {len(f['violations'])} / {len(f['incomplete'])} / {f['resolved']} "
            f"(felt: {f['gradients']} gradients, {len(f['flat'])} violations, {len(f['flat_undecided'])} "
            f"undecided) / {len(f['problems']) + len(f['hidden'])}"
        )
