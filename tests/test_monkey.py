"""A monkey at the couch: thousands of random keys, clicks and pad buttons over every scene.

Besides never crashing, every drawn frame goes through the privacy audit: no face of a hidden
hand or cup may be drawn that the model does not allow, and never two people's at once. The
couch entry points seat people at every seat of a card table and at both cups of a duel.
The fast tier runs 60 frames per entry point, the heavy tier 600, and `make soak`
(BLUFFHOUSE_SOAK=1) 9,000: at least 100,000 input events.
"""

import os
import random

import pygame
import pytest
from couch import PEOPLE_KEYS, bind_people, key_name

from bluffhouse.game.rules import Rules
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.screens import register_all
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.privacy import Why
from bluffhouse.scenes.shell.registry import SCENES
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec

pytestmark = pytest.mark.draws  # these tests audit what is painted

SOAK = os.environ.get("BLUFFHOUSE_SOAK") == "1"
FAST_FRAMES = 60
FRAMES = 9000 if SOAK else 600
KEYS = [
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_1,
    pygame.K_3,
    pygame.K_5,
    pygame.K_a,
    pygame.K_c,
    pygame.K_e,
    pygame.K_h,
    pygame.K_l,
    pygame.K_n,
    pygame.K_p,
    pygame.K_q,
    pygame.K_w,
    pygame.K_z,
    pygame.K_RSHIFT,
    pygame.K_m,
    pygame.K_o,
    pygame.K_x,
    pygame.K_v,
    pygame.K_b,
]
ENTRY_POINTS = ["quick", "bullets", "kamu", "duel", "demo", "results", "couch_cards", "couch_duel"]


def _finished_kamu_results(app):
    """The card results screen after a real bot game of a Kamu match (Next round is offered)."""
    from bluffhouse.game.bots import TABLE_BOTS
    from bluffhouse.game.match import CardMatch
    from bluffhouse.scenes.results.cards import ResultsScene
    from bluffhouse.scenes.shell.session import GameRecord, bot_seat
    from bluffhouse.scenes.table.flow import TableFlow

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


def _people(count: int) -> list[SeatSpec]:
    return [
        SeatSpec(
            f"P{s + 1}", True, challenge_key=key_name(PEOPLE_KEYS[s][0]), peek_key=key_name(PEOPLE_KEYS[s][1])
        )
        for s in range(count)
    ]


def _couch_cards(app):
    """People at every seat of a Kamu table with jokers: a curtain at every turn."""
    from bluffhouse.scenes.table.scene import TableScene

    bind_people(app, range(4))
    return TableScene(
        app, GameSetup(Rules.kamu(players=4, jokers=True), _people(4), seed=app.rng.randrange(2**32))
    )


def _couch_duel(app):
    """Two people at the dice duel."""
    from bluffhouse.scenes.duel.scene import DuelScene

    bind_people(app, range(2))
    return DuelScene(app, GameSetup(Rules.duel(points_to_win=3), _people(2), seed=app.rng.randrange(2**32)))


def watch_engines(monkeypatch) -> list:
    """Every action the engines apply, in order (the list is the caller's to clear)."""
    from bluffhouse.game.duel import Duel
    from bluffhouse.game.table import Table

    applied: list = []
    for engine in (Table, Duel):
        real = engine.apply

        def apply(self, action, _real=real):
            events = _real(self, action)
            applied.append(action)
            return events

        monkeypatch.setattr(engine, "apply", apply)
    return applied


def _random_event(rng: random.Random) -> list[pygame.event.Event]:
    roll = rng.random()
    if roll < 0.6:
        key = rng.choice(KEYS)
        down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        up = pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
        return [down] if rng.random() < 0.15 else [down, up]  # sometimes a key stays held
    if roll < 0.85:
        pos = (rng.randrange(1280), rng.randrange(720))
        button = rng.choice([1, 1, 1, 3])
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ]
    if roll < 0.9:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)]
    if roll < 0.93:
        key = rng.choice(KEYS)
        return [pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)]
    button = rng.randrange(12)
    return [
        pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=rng.choice([0, 1]), button=button),
        pygame.event.Event(pygame.JOYBUTTONUP, instance_id=rng.choice([0, 1]), button=button),
    ]


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_a_short_monkey_never_crashes_and_never_shows_a_hidden_face(entry, tmp_path, monkeypatch):
    monkey(entry, FAST_FRAMES, tmp_path, monkeypatch)


@pytest.mark.heavy
@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_monkey_never_crashes_and_never_shows_a_hidden_face(entry, tmp_path, monkeypatch):
    monkey(entry, FRAMES, tmp_path, monkeypatch)


def monkey(entry, frames, tmp_path, monkeypatch):
    """Random input at one entry point for `frames` frames; every frame audited."""
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    register_all()
    monkeypatch.setitem(SCENES, "results", _finished_kamu_results)
    monkeypatch.setitem(SCENES, "couch_cards", _couch_cards)
    monkeypatch.setitem(SCENES, "couch_duel", _couch_duel)
    rng = random.Random(f"monkey-{entry}")
    applied = watch_engines(monkeypatch)
    own = {code: seat for seat, keys in PEOPLE_KEYS.items() for code in keys}
    app = App(seed=7, home=MenuScene)
    app.stack.push(MenuScene(app))
    app.stack.push(SCENES[entry](app))
    app.stack.apply()
    events = private = 0
    for frame in range(frames):
        posted = []
        if rng.random() < (0.9 if entry.startswith("couch") else 0.35):
            for _ in range(rng.randint(1, 3)):
                posted += _random_event(rng)
        events += len(posted)
        for event in posted:
            pygame.event.post(event)
        app.audit.clear()
        applied.clear()
        before = app.stack.top
        flow = getattr(before, "flow", None)
        held = getattr(flow, "held", None)  # a play chosen in the minimum window, made when it ends
        app.step(1 / 60)
        if entry.startswith("couch"):  # every seat is a person: every move needs a press

            def pressed(seat: int, posted: list[pygame.event.Event] = posted) -> bool:
                theirs = any(e.type == pygame.KEYDOWN and own.get(e.key) == seat for e in posted)
                shared = any(
                    e.type in (pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN)
                    or (e.type == pygame.KEYDOWN and e.key not in own)
                    for e in posted
                )
                return theirs or shared

            top = app.stack.top
            # the screen that moved (the monkey may have walked on to a Quick game, with computers)
            setup = getattr(before, "setup", None) or getattr(top, "setup", None)
            for action in applied:
                if setup is not None and not setup.seats[action.seat].human:
                    continue  # a computer player's move
                earlier = held is not None and held.seat == action.seat  # held from a press (checked below)
                assert pressed(action.seat) or earlier, f"{entry} frame {frame}: {action} without a press"
            same = top is not None and getattr(top, "flow", None) is flow
            now = getattr(flow, "held", None) if same else None
            if now is not None and now is not held:  # a play held this frame: from a press of theirs
                assert pressed(now.seat), f"{entry} frame {frame}: {now} held without a press for it"
        assert not app.audit.violations, f"{entry} frame {frame}: {app.audit.violations[:3]}"
        owners = {r.owner for r in app.audit.records if r.why is Why.OWN_KEY}
        assert len(owners) <= 1, f"{entry} frame {frame}: two people's faces at once"
        private += bool(owners)
        if not app.running or app.stack.top is None:
            # The monkey found Quit: start over at this test's entry point.
            app.running = True
            app.stack.reset(MenuScene(app))
            app.stack.push(SCENES[entry](app))
            app.stack.apply()
    assert app.frames == frames
    assert len(app.scenes_visited) >= 2 or entry.startswith("couch")
    print(f"monkey {entry}: {events} input events, {frames} frames, {private} frames with a private view")
    if entry.startswith("couch"):
        assert private > 0  # the monkey did open people's own views with their own keys
