"""A monkey at the couch: thousands of random keys, clicks and pad buttons over every scene."""

import random

import pygame
import pytest

from scenes import SCENES
from scenes.app import App
from scenes.menu import MenuScene
from scenes.screens import register_all

KEYS = [
    pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE,
    pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_HOME, pygame.K_END, pygame.K_1, pygame.K_3, pygame.K_5, pygame.K_a, pygame.K_c,
    pygame.K_e, pygame.K_h, pygame.K_l, pygame.K_n, pygame.K_p, pygame.K_q, pygame.K_w,
    pygame.K_z, pygame.K_RSHIFT, pygame.K_m,
]  # fmt: skip
ENTRY_POINTS = ["quick", "bullets", "kamu", "duel", "demo", "results"]


def _finished_kamu_results(app):
    """The card results screen after a real bot game of a Kamu match (Next round is offered)."""
    from game.bots import TABLE_BOTS
    from game.match import CardMatch
    from game.rules import Rules
    from scenes.results import ResultsScene
    from scenes.session import GameRecord, GameSetup, bot_seat
    from scenes.table_flow import SeatSpec, TableFlow

    rules = Rules.kamu(players=3, jokers=True)
    setup = GameSetup(rules, [SeatSpec("Ana", True, challenge_key="Q"), bot_seat(1), bot_seat(2)], seed=3)
    match = CardMatch(rules, seed=3)
    table = match.new_game()
    bots = {s: TABLE_BOTS["sensible"](s, random.Random(s)) for s in range(3)}
    flow = TableFlow(table, setup.seats, bots, random.Random(3))
    while not table.is_over:
        flow.update(0.05)
    match.record(table)
    return ResultsScene(app, GameRecord(setup, match, table, flow.truth, flow.stats))


def _random_event(rng: random.Random) -> list[pygame.event.Event]:
    roll = rng.random()
    if roll < 0.6:
        key = rng.choice(KEYS)
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)]
    if roll < 0.85:
        pos = (rng.randrange(1280), rng.randrange(720))
        button = rng.choice([1, 1, 1, 3])
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if roll < 0.9:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)]
    button = rng.randrange(12)
    return [pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=rng.choice([0, 1]), button=button),
            pygame.event.Event(pygame.JOYBUTTONUP, instance_id=rng.choice([0, 1]), button=button)]


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_monkey_never_crashes_any_scene(entry, tmp_path, monkeypatch):
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    register_all()
    monkeypatch.setitem(SCENES, "results", _finished_kamu_results)
    rng = random.Random(f"monkey-{entry}")
    app = App(seed=7, home=MenuScene)
    app.stack.push(MenuScene(app))
    app.stack.push(SCENES[entry](app))
    app.stack.apply()
    for frame in range(2500):
        if rng.random() < 0.35:
            for event in _random_event(rng):
                pygame.event.post(event)
        app.step(1 / 60)
        if not app.running or app.stack.top is None:
            # The monkey found Quit: start over at this test's entry point.
            app.running = True
            app.stack.reset(MenuScene(app))
            app.stack.push(SCENES[entry](app))
            app.stack.apply()
    assert app.frames == 2500
    assert len(app.scenes_visited) >= 2
