"""Look at phone play as a player would: a real phone page in headless Chromium (390×844, or the
--size given: 360x740, a phone on its side 844x390) beside the television, screenshot pairs at
each moment worth seeing.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/phone_shots.py \
        --game bullets --lang en --size 844x390 --out /tmp/phone_shots

The game runs headless in this process (phones on 127.0.0.1); "Ana" plays on the phone page,
tapping as a person would (pick cards, Play, Challenge now and then, Accept, the duel's mood,
keep/reroll, the claim builder, Propose); the other seats are computer players. Each new kind
of moment (your turn with cards picked, a live challenge, a reveal, a mood to choose, the
claim builder, …) is saved once as NN-moment-phone.png and NN-moment-tv.png. Needs Debian's
chromium and chromium-driver, and selenium (in requirements.txt).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SE_AVOID_STATS", "true")

SIZE = (390, 844)
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"

# what the page shows, read in one call (the page keeps its state to itself)
LOOK = """
const q = (s) => document.querySelector(s), on = (e) => !!e && !e.hidden && e.offsetParent !== null;
return {
  status: (q('#status') || {}).textContent || '',
  play: on(q('#play')) && !q('#play').disabled, playText: q('#play').textContent,
  challenge: !q('#challenge').disabled,
  cards: document.querySelectorAll('#hand .card').length,
  picked: document.querySelectorAll('#hand .card.picked').length,
  reveal: on(q('#revealbox')), call: on(q('#callbox')),
  moods: document.querySelectorAll('#moods button').length,
  reroll: on(q('#reroll')), builder: on(q('#builder')), propose: !q('#propose').disabled,
  lifted: on(q('#lifted')), next: on(q('#next')), cover: on(q('#cover')),
  mine: (q('#status') || {}).className === 'mine',
  over: /\\b(win|wins|won|lost)\\b/i.test((q('#status') || {}).textContent || ''),
};
"""


def browser(profile: Path, size: tuple[int, int] = SIZE):
    """Headless Chromium as a phone of size (width, height) in CSS pixels."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        f"--window-size={size[0]},{size[1]}",
    ):
        options.add_argument(flag)
    options.add_experimental_option(
        "mobileEmulation",
        {"deviceMetrics": {"width": size[0], "height": size[1], "pixelRatio": 1, "touch": True}},
    )
    return webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))


def size_arg(text: str) -> tuple[int, int]:
    """ "844x390" -> (844, 390): a phone's size in CSS pixels, from 200 to 2000 each way."""
    found = re.fullmatch(r"(\d{3,4})x(\d{3,4})", text.strip())
    if not found or not all(200 <= int(n) <= 2000 for n in found.groups()):
        raise argparse.ArgumentTypeError(f"not a phone's size: {text!r} (like 390x844)")
    return int(found.group(1)), int(found.group(2))


def build(app, game: str):
    """The screen to play and its set-up: Ana on a phone against computer players."""
    from bluffhouse.game.rules import Rules
    from bluffhouse.scenes.duel.scene import DuelScene
    from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
    from bluffhouse.scenes.table.scene import TableScene

    ana = SeatSpec("Ana", True, phone=True)
    if game == "duel":
        setup = GameSetup(Rules.duel(points_to_win=2), [ana, bot_seat(1, "medium")], seed=5)
        return setup, DuelScene
    rules = Rules.kamu(players=4, jokers=True) if game == "kamu" else Rules.bullets(players=4)
    return GameSetup(rules, [ana, bot_seat(1), bot_seat(2, "easy"), bot_seat(3)], seed=21), TableScene


def moment(look: dict) -> str | None:
    """The name of what the page shows now, when it is worth a picture."""
    if look["cover"]:
        return "cover"
    if look["over"]:
        return "over"
    for name in ("moods", "reroll", "builder", "lifted", "next", "reveal"):
        if look[name]:
            return name
    if look["play"] and look["picked"]:
        return "play-picked"
    if look["mine"]:
        return "your-turn"
    if look["challenge"]:
        return "challenge-live"
    if look["call"]:
        return "call"
    return "waiting"


def tap(driver, look: dict, rng: random.Random) -> None:
    """What Ana does now, as a person with the page in hand."""
    from selenium.webdriver.common.by import By

    find = driver.find_element
    if look["moods"]:
        rng.choice(driver.find_elements(By.CSS_SELECTOR, "#moods button")).click()
    elif look["challenge"] and rng.random() < 0.25:
        find(By.ID, "challenge").click()
    elif look["next"]:
        find(By.ID, "next").click()
    elif look["reroll"] and rng.random() < 0.5:
        dice = driver.find_elements(By.CSS_SELECTOR, "#dice .die")
        for die in rng.sample(dice, 2):
            die.click()
        find(By.ID, "reroll").click()
    elif look["builder"] and look["propose"]:
        if rng.random() < 0.3:
            find(By.ID, "higher").click()
        find(By.ID, "propose").click()
    elif look["play"] and look["picked"]:
        find(By.ID, "play").click()
    elif look["play"] and "play" not in look["playText"].lower():  # Accept
        find(By.ID, "play").click()
    elif look["cards"] and not look["picked"] and look["mine"]:
        cards = driver.find_elements(By.CSS_SELECTOR, "#hand .card")
        for card in rng.sample(cards, min(len(cards), rng.choice((1, 1, 2)))):
            card.click()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("bullets", "kamu", "duel"), default="bullets")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", default="/tmp/phone_shots")
    parser.add_argument("--seconds", type=float, default=150.0, help="stop after this long")
    parser.add_argument("--size", type=size_arg, default=SIZE, help="the phone's WIDTHxHEIGHT in CSS pixels")
    args = parser.parse_args(argv)
    os.environ["BLUFFHOUSE_PHONES_HOST"] = "127.0.0.1"
    os.environ["BLUFFHOUSE_PHONES_PORT"] = "0"
    os.environ.setdefault("BLUFFHOUSE_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.json"))
    import pygame

    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.screens import register_all
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.ui.lang import set_language

    register_all()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(seed=3, home=MenuScene, mute=True)
    set_language(args.lang)
    app.stack.push(MenuScene(app))
    app.stack.apply()
    setup, screen = build(app, args.game)
    app.phones.open({0: "Ana"})
    while app.phones.phase == "starting":
        time.sleep(0.01)
    if app.phones.phase != "ready":
        print("phone_shots: the server did not start:", app.phones.trouble())
        return 1
    scene = screen(app, setup)
    app.stack.push(scene)
    app.stack.apply()
    rng = random.Random(7)
    seen: set[str] = set()
    driver = browser(Path(tempfile.mkdtemp()) / "profile", args.size)
    count = 0
    try:
        driver.get(app.phones.url(0))
        end = time.monotonic() + args.seconds
        next_tap = 0.0
        while time.monotonic() < end and app.running:
            for _ in range(3):
                app.step(1 / 30)
                time.sleep(1 / 60)
            look = driver.execute_script(LOOK)
            name = moment(look)
            if name is not None and name not in seen:
                time.sleep(0.15)  # the page draws what it was sent
                look = driver.execute_script(LOOK)
                if moment(look) == name:
                    seen.add(name)
                    count += 1
                    stem = f"{args.game}-{args.lang}-{args.size[0]}x{args.size[1]}-{count:02d}-{name}"
                    driver.save_screenshot(str(out / f"{stem}-phone.png"))
                    pygame.image.save(app.surface, str(out / f"{stem}-tv.png"))
                    print(out / f"{stem}-phone.png", flush=True)
            if name == "over" or app.stack.top is not scene:
                print("phone_shots: the game ended:", name, type(app.stack.top).__name__, flush=True)
                break
            if time.monotonic() >= next_tap:
                try:
                    tap(driver, look, rng)
                except Exception as error:  # noqa: BLE001 - the page redrew under the tap: try again
                    print("phone_shots: tap missed:", type(error).__name__, flush=True)
                next_tap = time.monotonic() + 0.6
    finally:
        driver.quit()
        app.phones.close(wait=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
