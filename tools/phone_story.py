"""Look at the phones' evening as a guest would: the TV's join screen, its "away" screen, the
room's question when a phone stays away on its turn (a seat played here behind the curtain, then
held by a computer), the question naming the phone that asks for a seat by its code (and an
intruder refused meanwhile), and the phone page at 390×844 while it reconnects.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python tools/phone_story.py \
        --lang en --out /tmp/phone_story

The game runs headless in this process (phones on 127.0.0.1); Ana's phone is headless Chromium,
reaching the game through a relay that can lose the Wi-Fi (tests/phones.py's Blip); a second
Chromium is a stranger with Ana's link. Each moment is saved as NN-name-tv.png and, where a
phone is in the picture, NN-name-phone.png. Needs Debian's chromium and chromium-driver.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the relay that loses the Wi-Fi
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SE_AVOID_STATS", "true")

from phone_shots import browser  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", default="/tmp/phone_story")
    args = parser.parse_args(argv)
    os.environ["BLUFFHOUSE_PHONES_HOST"] = "127.0.0.1"
    os.environ["BLUFFHOUSE_PHONES_PORT"] = "0"
    os.environ.setdefault("BLUFFHOUSE_SETTINGS", str(Path(tempfile.mkdtemp()) / "settings.json"))
    import pygame
    from phones import Blip

    from bluffhouse.game.rules import Rules
    from bluffhouse.scenes.menu import MenuScene
    from bluffhouse.scenes.phones.join import PhoneJoinScene
    from bluffhouse.scenes.screens import register_all
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.registry import open_scene
    from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
    from bluffhouse.scenes.table.scene import TableScene
    from bluffhouse.scenes.ui.lang import set_language

    register_all()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(seed=3, home=MenuScene, mute=True)
    set_language(args.lang)
    count = 0

    def run(seconds: float, until=None) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.step(1 / 30, draw=True)
            time.sleep(1 / 60)
            if until is not None and until():
                return True
        return until is None

    def shot(name: str, *phones) -> None:
        nonlocal count
        count += 1
        stem = out / f"{count:02d}-{name}"
        pygame.image.save(app.surface, f"{stem}-tv.png")
        print(f"{stem}-tv.png", flush=True)
        for n, driver in enumerate(phones):
            path = f"{stem}-phone{'' if n == 0 else n + 1}.png"
            driver.save_screenshot(path)
            print(path, flush=True)

    def key(code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))

    seats = [SeatSpec("Ana", True, phone=True), bot_seat(1), SeatSpec("Ben", True, phone=True)]
    app.stack.push(PhoneJoinScene(app, GameSetup(Rules.bullets(players=3), seats, seed=1)))
    app.stack.apply()
    run(2, lambda: app.phones.phase != "starting" and app.frames > 10)
    if app.phones.phase != "ready":
        print("phone_story: the server did not start:", app.phones.trouble())
        return 1
    server = app.phones.server
    wifi = Blip(server.port)
    server.also.add(f"127.0.0.1:{wifi.port}")
    ana = browser(Path(tempfile.mkdtemp()) / "profile")
    stranger = None
    try:
        run(1)
        shot("join-nobody-in")
        ana.get(app.phones.url(0).replace(f":{server.port}/", f":{wifi.port}/", 1))
        run(10, lambda: app.phones.connected(0))
        run(1.5)
        shot("join-ana-in", ana)
        # the game: Ana and two computer players (the same phone, nothing to scan)
        game = GameSetup(Rules.bullets(players=3), [seats[0], bot_seat(1), bot_seat(2)], seed=1)
        app.stack.replace(TableScene(app, game))
        app.stack.apply()
        scene = app.stack.top
        run(20, lambda: scene.frame.phones.turn is not None and not scene.fx.dealing)
        run(1)
        shot("table-ana-plays-on-her-phone", ana)
        wifi.cut()  # the Wi-Fi goes: packets dropped, nobody told
        run(6)
        shot("phone-reconnecting", ana)
        run(15, lambda: app.phones.status(0) == "away")
        run(1)
        shot("table-ana-away", ana)
        run(3)
        shot("table-ana-away-later", ana)
        # 20 s of game time on her turn: the room is asked (wait / a computer holds / play here)
        run(40, lambda: app.stack.top.name == "awayoffer")
        run(1)
        shot("tv-offers-the-room", ana)
        key(pygame.K_DOWN)
        key(pygame.K_DOWN)
        key(pygame.K_RETURN)  # Ana plays here: her keys first
        run(1)
        key(pygame.K_k)  # her challenge key
        run(0.5)
        shot("tv-takes-anas-keys")
        key(pygame.K_j)  # her peek key
        run(1.5)
        shot("table-ana-here-behind-the-curtain")
        key(pygame.K_j)  # only her own key lifts it
        run(1.5)
        shot("table-ana-here-her-hand")
        wifi.restore()
        run(10, lambda: app.phones.connected(0))
        run(1.5)
        shot("table-ana-back", ana)
        # gone again, and this time a computer holds her seat until she is back
        run(
            20,
            lambda: (
                scene.frame.phones is not None
                and scene.frame.phones.turn is not None
                and scene.frame.phones.turn.seat == 0
            ),
        )
        wifi.cut()
        run(40, lambda: app.stack.top.name == "awayoffer")
        run(1)
        key(pygame.K_DOWN)
        key(pygame.K_RETURN)
        run(0.3)
        shot("table-a-computer-holds-anas-seat")
        run(3)
        wifi.restore()
        run(10, lambda: app.phones.connected(0))
        run(1.5)
        shot("table-ana-back-after-the-computer", ana)
        # her other phone asks for the seat; an intruder with the link asks too, and is refused
        stranger = browser(Path(tempfile.mkdtemp()) / "profile")
        stranger.get(app.phones.url(0))
        run(10, lambda: app.stack.top.name == "moveseat")
        run(1)
        shot("tv-asks-about-the-phone-showing-its-code", stranger, ana)
        intruder = browser(Path(tempfile.mkdtemp()) / "profile")
        intruder.get(app.phones.url(0))
        run(4)
        shot("intruder-refused-the-question-unchanged", intruder)
        intruder.quit()
        key(pygame.K_ESCAPE)  # keep it where it is
        run(2)
        shot("stranger-refused", stranger, ana)
        key(pygame.K_ESCAPE)  # the pause menu has Phones
        run(1)
        shot("pause-with-phones")
        app.stack.push(open_scene("phone_join", app, scene.setup, None))
        run(1)
        shot("phones-over-the-game", ana)
    finally:
        ana.quit()
        if stranger is not None:
            stranger.quit()
        wifi.close()
        app.phones.close(wait=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
