"""Fuzz: hostile names through every screen that shows one — set-up, card table, results, dice
duel set-up, duel and its results — entering where people really put names (typing, the
settings file). No crash, and the text fitting never measures a long string: each frame's work
is bounded however long the name was. Frame times (CPU) are collected; run with -s to see
them (they are not asserted: the machines these tests run on are shared)."""

import random
import time
from collections import defaultdict

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bluffhouse.game.arena import duel_bot_kinds
from bluffhouse.game.bots import TABLE_BOTS
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.results.duel import DuelResultsScene
from bluffhouse.scenes.screens import register_all
from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.setup.duel import DuelSetupScene
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameRecord, SeatSpec, quick_setup
from bluffhouse.scenes.table.flow import TableFlow
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui import text as fit
from bluffhouse.scenes.ui.names import NAME_MAX

DT = 1 / 60
LONGEST_MEASURED = 400  # characters: names are at most NAME_MAX, so only sentences come close
SPECIALS = [
    "\u202e",
    "\u200f",
    "\u200e",
    "\u200b",
    "\u200d",
    "\ufeff",
    "\u2066",
    "\u034f",
    "\ufe0f",
    "\u0301",
    "\u0308",
    "😀",
    "👨\u200d👩\u200d👧",
    "🇭🇺",
    "שלום",
    "مرحبا",
    "\x00",
    "\x1b",
    "\ud800",
    "\udfff",
    "\U000e0041",
    "\u3164",
    "\u2800",
    "\ufffc",
    " ",
    "\t",
    "W",
    "Ana",
]
raw_names = st.one_of(
    st.text(st.characters(codec=None, exclude_categories=()), max_size=40),
    st.lists(st.sampled_from(SPECIALS), max_size=30).map("".join),
    st.builds(lambda piece, n: piece * n, st.sampled_from(SPECIALS), st.integers(1, 10_000)),
)
FUZZ = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
FRAME_TIMES: dict[str, list[float]] = defaultdict(list)


@pytest.fixture(scope="module")
def app():
    register_all()
    app = App(seed=11, home=MenuScene, mute=True)
    pygame.event.clear()
    yield app
    pygame.event.clear()
    for screen, times in sorted(FRAME_TIMES.items()):
        times = sorted(times)
        print(
            f"\n{screen:14} frames={len(times):4}  median={1000 * times[len(times) // 2]:6.2f} ms  "
            f"p95={1000 * times[int(len(times) * 0.95)]:6.2f} ms  max={1000 * times[-1]:6.2f} ms"
        )


@pytest.fixture
def measured(monkeypatch):
    """The length of every string fit.py measures."""
    lengths: list[int] = []
    real = fit.text_width

    def counting(text, size, bold=False):
        lengths.append(len(text))
        return real(text, size, bold)

    monkeypatch.setattr(fit, "text_width", counting)
    return lengths


def frames(app, screen: str, count: int) -> None:
    for _ in range(count):
        start = time.process_time()  # CPU time: other people's work on the machine is not ours
        app.step(DT)
        FRAME_TIMES[screen].append(time.process_time() - start)


def press(app, screen: str, *keys) -> None:
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0))
        frames(app, screen, 1)


def type_in(app, screen: str, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, screen, 1)


def start_at(app, scene) -> None:
    app.stack.reset(MenuScene(app))
    app.stack.apply()
    app.stack.push(scene)
    app.stack.apply()
    pygame.event.clear()


def shown_names(specs) -> list[str]:
    names = [spec.name for spec in specs]
    assert all(0 < len(name) <= NAME_MAX for name in names), names
    return names


@pytest.fixture(scope="module")
def finished_cards():
    """A finished game of four computer players: its match, table, truth and figures."""
    rules = Rules.bullets(players=4)
    seats = [SeatSpec(f"Bot {s}", False, bot="medium") for s in range(4)]
    match = CardMatch(rules, seed=3)
    table = match.new_game()
    bots = {s: TABLE_BOTS["sensible"](s, random.Random(s)) for s in range(4)}
    flow = TableFlow(table, seats, bots, random.Random(3))
    while not table.is_over:
        flow.update(0.05)
    match.record(table)
    return match, table, flow.truth, flow.stats


@pytest.fixture(scope="module")
def finished_duel():
    """A finished duel match between computer players."""
    match = DuelMatch(Rules.duel(points_to_win=2), seed=5)
    bots = [duel_bot_kinds()["sensible"](s, random.Random(s)) for s in range(2)]
    while not match.is_over:
        duel = match.new_round()
        while duel.phase != "over":
            duel.apply(bots[duel.turn].choose(duel.view(duel.turn)))
        match.record(duel)
    return match


@FUZZ
@given(names=st.lists(raw_names, min_size=4, max_size=4))
def test_hostile_names_through_the_card_screens(app, finished_cards, measured, names):
    setup = SetupScene(app, "bullets")
    start_at(app, setup)
    frames(app, "setup", 1)
    for seat, raw in enumerate(names):  # typed into each seat's name, then Enter
        setup.focus = f"seat:{seat}:name"
        press(app, "setup", pygame.K_RETURN)
        type_in(app, "setup", raw)
        press(app, "setup", pygame.K_RETURN)
    frames(app, "setup", 2)
    setup.start()
    frames(app, "table", 1)
    table = app.stack.top
    assert isinstance(table, TableScene)
    specs = table.setup.seats
    shown_names(specs)
    frames(app, "table", 40)
    match, finished, truth, stats = finished_cards
    start_at(app, ResultsScene(app, GameRecord(table.setup, match, finished, truth, stats)))
    frames(app, "results", 4)
    app.settings["name"] = names[0]  # the Quick game's name, as if typed into the settings file
    start_at(app, TableScene(app, quick_setup(app)))
    shown_names(app.stack.top.setup.seats)
    frames(app, "quick table", 3)
    assert max(measured, default=0) <= LONGEST_MEASURED


@FUZZ
@given(stored=st.lists(raw_names, min_size=2, max_size=2), typed=st.lists(raw_names, min_size=2, max_size=2))
def test_hostile_names_through_the_duel_screens(app, finished_duel, measured, stored, typed):
    app.settings["duel.mode"] = "people"
    app.settings["duel.names"] = stored  # as if typed into the settings file (refused when not a name)
    inp = app.input
    scene = DuelSetupScene(app)
    start_at(app, scene)
    for seat, role, key in (
        (0, "challenge", pygame.K_q),
        (0, "peek", pygame.K_w),
        (1, "challenge", pygame.K_o),
        (1, "peek", pygame.K_p),
    ):
        inp.bind(Source("key", key), seat, role)
    frames(app, "duel setup", 1)
    for seat, raw in enumerate(typed):
        scene.menu.focus_on(scene.rows[f"name{seat}"])
        frames(app, "duel setup", 1)
        type_in(app, "duel setup", raw)
        press(app, "duel setup", pygame.K_DOWN)  # leaving the field ends the typing
    frames(app, "duel setup", 2)
    scene.start()
    frames(app, "duel", 1)
    duel = app.stack.top
    assert isinstance(duel, DuelScene)
    shown_names(duel.setup.seats)
    frames(app, "duel", 40)
    start_at(app, DuelResultsScene(app, duel.setup, finished_duel))
    frames(app, "duel results", 4)
    assert max(measured, default=0) <= LONGEST_MEASURED
