"""The tests' one toolkit: the app as the tests build it, the keys, clicks and frames they give it,
a game at a given state, and a painted frame. What about twenty test files each wrote out (their
own press(), step(), click(), app fixture, scripted computer player) is here once; a test module
never imports another test module (tests/test_test_imports.py), it imports this.

    app = app_fixture(seed=3)                  # a fixture: its own settings file, the menu on top
    pace = Pace(dt=1 / 30, frames=2)           # how this module's people press: 1/30 s frames, two a key
    press, step, click = pace.press, pace.step, pace.click
    press(app, pygame.K_RETURN)                # pressed and let go, then two frames
    press_intent(app, seat=0, role="peek")     # whatever key seat 0 peeks with
    step(app, 30)
    picture = painted(app)                     # one frame stepped and painted: the window

Each test file keeps the seed and the pace it always had (the seed decides the game it plays, the
pace how long a person takes) and says so where it builds them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import pygame
import pytest

from bluffhouse.game.actions import Accept, Play
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec

DT = 1 / 60
K = pygame


# -- the app -------------------------------------------------------------------------------------


def new_app(tmp_path=None, monkeypatch=None, *, seed: int, mute: bool = True, menu: bool = True,
            first_frame: float | None = None, data: bool = False) -> App:  # fmt: skip
    """An App with its own settings file under tmp_path (and its own records folder when data),
    the main menu pushed (entered with one frame of first_frame seconds, when given), and no
    event left in the queue. Without tmp_path it keeps the settings file the test chose."""
    if tmp_path is not None:
        monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
        if data:
            monkeypatch.setenv("BLUFFHOUSE_DATA", str(tmp_path / "data"))
    app = App(seed=seed, home=MenuScene, mute=mute)
    pygame.event.clear()
    if menu:
        app.stack.push(MenuScene(app))
        if first_frame is None:
            app.stack.apply()
        else:
            app.step(first_frame)
    pygame.event.clear()
    return app


def own_registry(monkeypatch, fresh: bool = False) -> None:
    """The screen registry the test's own while it runs: a copy of it (what the test registers
    stays its own), or (fresh) an empty one filled with every screen again."""
    import bluffhouse.scenes.shell.registry as registry

    if fresh:
        from bluffhouse.scenes.screens import register_all

        monkeypatch.setattr(registry, "SCENES", {})
        register_all()
    else:
        monkeypatch.setattr(registry, "SCENES", dict(registry.SCENES))


def app_fixture(*, registry: str | None = None, **options):
    """A fixture `app`: new_app(tmp_path, monkeypatch, **options), the event queue emptied after;
    registry "copy" or "fresh": the test's own screen registry first (own_registry)."""

    @pytest.fixture
    def app(tmp_path, monkeypatch):
        if registry is not None:
            own_registry(monkeypatch, fresh=registry == "fresh")
        made = new_app(tmp_path, monkeypatch, **options)
        yield made
        pygame.event.clear()

    return app


@pytest.fixture
def settings_file(tmp_path, monkeypatch):
    """The test's own settings file, not written yet: a test writes it, then builds its app."""
    path = tmp_path / "settings.json"
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(path))
    return path


# -- keys, clicks and frames ---------------------------------------------------------------------


def key(code: int, down: bool = True) -> None:
    """A key pressed (or let go) at the keyboard, as the event queue gets it."""
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))


def mouse_click(pos: tuple[int, int], button: int = 1, up: bool = True) -> None:
    """A click (down and, unless up is False, up) at a logical position of the 1280×720 picture,
    as the queue gets it."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    if up:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


@dataclass(frozen=True)
class Pace:
    """How a test's people press: frames of dt seconds, `frames` of them after each key, the key
    let go in the same frame (release False: only pressed), and (guard) the shared keys' rest
    after a hand-over waited out first, as a person takes that long anyway; `then` frames more
    after all the keys; draw as App.step takes it (None: the app's own choice, no painting in
    the tests). Its methods are what the test modules call press, step, click."""

    dt: float = DT
    frames: int = 1
    release: bool = True
    guard: bool = False
    then: int = 0
    draw: bool | None = None
    split: bool = False  # the key let go in a frame of its own (after this pace's frames)

    def step(self, app: App, frames: int = 1, draw: bool | None = None) -> None:
        """frames frames of dt seconds."""
        draw = self.draw if draw is None else draw
        for _ in range(frames):
            app.step(self.dt, draw=draw)

    def press(self, app: App, *codes: int, frames: int | None = None, draw: bool | None = None) -> None:
        """Each key pressed (and let go), then this pace's frames (or frames) stepped."""
        frames = self.frames if frames is None else frames
        for code in codes:
            if self.split:
                self.down(app, code, frames, draw)
                self.up(app, code, frames, draw)
                continue
            if self.guard:
                self.wait_guard(app)
            key(code)
            if self.release:
                key(code, down=False)
            self.step(app, frames, draw)
        self.step(app, self.then, draw)

    def down(self, app: App, code: int, frames: int | None = None, draw: bool | None = None) -> None:
        """The key pressed and held (after the guard, if this pace waits for it), then frames."""
        if self.guard:
            self.wait_guard(app)
        key(code)
        self.step(app, self.frames if frames is None else frames, draw)

    def up(self, app: App, code: int, frames: int | None = None, draw: bool | None = None) -> None:
        """The key let go (after the guard, if this pace waits for it), then frames."""
        if self.guard:
            self.wait_guard(app)
        key(code, down=False)
        self.step(app, self.frames if frames is None else frames, draw)

    def press_intent(self, app: App, seat: int, role: str) -> None:
        """The key bound to seat's role ("challenge", "peek") pressed, as that person presses it."""
        source = app.input.source_of(seat, role)
        assert source is not None and source.device == "key", f"seat {seat} has no {role} key"
        self.press(app, source.code)

    def click(self, app: App, pos: tuple[int, int], frames: int | None = None) -> None:
        """A left click at pos (let go unless this pace only presses), then this pace's frames (or
        frames)."""
        mouse_click(pos, up=self.release)
        self.step(app, self.frames if frames is None else frames)

    def type_text(self, app: App, text: str) -> None:
        """A frame (text entry is on from the frame after a field takes the focus), the text typed,
        a frame."""
        self.step(app)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.step(app)

    def run_until(self, app: App, condition: Callable[[], object], seconds: float = 30.0) -> None:
        """Frames until condition() holds; fails after seconds of game time."""
        waited = 0.0
        while not condition():
            app.step(self.dt, draw=self.draw)
            waited += self.dt
            assert waited < seconds, "timed out"

    def wait_guard(self, app: App, limit: int = 40) -> None:
        """Frames while the shared keys rest after a hand-over (at most limit)."""
        views = getattr(app.stack.top, "views", None)
        for _ in range(limit):
            if views is None or not views.guarded():
                return
            self.step(app)


def steps(app: App, frames: int = 1, dt: float = DT, draw: bool | None = None) -> None:
    """frames frames of dt seconds (draw: as App.step takes it)."""
    Pace(dt, draw=draw).step(app, frames)


def press(app: App, *codes: int, frames: int = 1, dt: float = DT, release: bool = True,
          draw: bool | None = None) -> None:  # fmt: skip
    """Each key pressed and let go (release False: only pressed), then frames frames of dt."""
    Pace(dt, frames, release, draw=draw).press(app, *codes)


def press_intent(app: App, seat: int, role: str, pace: Pace = Pace()) -> None:
    """The key bound to seat's role pressed at the given pace."""
    pace.press_intent(app, seat, role)


def painted(app: App, dt: float = DT) -> pygame.Surface:
    """One frame stepped and painted; the window as the person sees it (a copy)."""
    app.step(dt, draw=True)
    return app.window.copy()


def toasts(app: App) -> list[str]:
    """The words of every toast shown now."""
    return [toast.text for toast in app.toasts]


def last_toast(app: App) -> str:
    """The newest toast's words ("" when none is shown)."""
    return app.toasts[-1].text if app.toasts else ""


def top_words(scene: Scene, monkeypatch, modules) -> list[str]:
    """Every string the given painter modules draw when scene paints one picture."""
    said: list[str] = []
    for module in modules:
        for name in ("draw_text", "draw_wrapped", "draw_fitted"):
            real = getattr(module, name, None)
            if real is None:
                continue

            def spy(surface, text, *args, _real=real, **kwargs):
                said.append(text)
                return _real(surface, text, *args, **kwargs)

            monkeypatch.setattr(module, name, spy)
    scene.draw(pygame.Surface((1280, 720), pygame.SRCALPHA))
    monkeypatch.undo()
    return said


# -- a card table at a given state ---------------------------------------------------------------


class ScriptBot:
    """A computer player that plays the given calls in order and never challenges."""

    def __init__(self, seat, plays):
        self.seat, self.plays = seat, list(plays)

    def choose(self, view):
        if view.must_answer:
            return Accept(self.seat)
        return Play(self.seat, parse_cards(self.plays.pop(0)))

    def wants_challenge(self, view):
        return False


def table_people(app, rules, seed: int = 21) -> GameSetup:
    """Ana (Q challenges, W peeks) and Cleo (P, O) with two computer players, Ben and Dani."""
    app.input.bind(Source("key", pygame.K_q), 0, "challenge")
    app.input.bind(Source("key", pygame.K_w), 0, "peek")
    app.input.bind(Source("key", pygame.K_p), 2, "challenge")
    app.input.bind(Source("key", pygame.K_o), 2, "peek")
    seats = [SeatSpec("Ana", True, challenge_key="Q", peek_key="W"), SeatSpec("Ben", False),
             SeatSpec("Cleo", True, challenge_key="P", peek_key="O"), SeatSpec("Dani", False)]  # fmt: skip
    return GameSetup(rules, seats, seed=seed)


def start_table(app, scene, pace: Pace):
    """The table scene pushed and its deal played out."""
    app.stack.push(scene)
    app.stack.apply()
    pace.run_until(app, lambda: not scene.fx.dealing)
    return scene


# -- a dice duel at a given state ----------------------------------------------------------------


class ScriptedMatch(DuelMatch):
    """A match whose rounds start from known dice: [(first or None, (dice0, dice1), seed), ...]."""

    def __init__(self, rules, seed=0, rounds=()):
        super().__init__(rules, seed)
        self.rounds = list(rounds)

    def new_round(self):
        if self.is_over:
            raise ValueError("the match is over")
        first, dice, seed = self.rounds[min(len(self.results), len(self.rounds) - 1)]
        first = self.next_first if first is None else first
        return Duel.new(seed, first=first, dice=dice, rules=self.rules)


DUEL = Pace(dt=0.05, frames=2, guard=True)  # the duel's people: two 1/20 s frames a key, after the guard


def duel_people(app, points: int = 2, seed: int = 7) -> GameSetup:
    """Bind Ana's Q/W and Ben's O/P and describe their duel."""
    inp = app.input
    for player in range(8):
        inp.unbind_player(player)
    for seat, role, code in ((0, "challenge", K.K_q), (0, "peek", K.K_w), (1, "challenge", K.K_o),
                             (1, "peek", K.K_p)):  # fmt: skip
        inp.bind(Source("key", code), seat, role)
    seats = [SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
             SeatSpec("Ben", True, challenge_key="O", peek_key="P")]  # fmt: skip
    return GameSetup(Rules.duel(points_to_win=points), seats, seed=seed)


def start_duel(app, setup, match, pace: Pace = DUEL):
    """The duel scene of this setup and match pushed, one frame stepped."""
    from bluffhouse.scenes.duel.scene import DuelScene

    scene = DuelScene(app, setup, match)
    app.stack.push(scene)
    pace.step(app)
    return scene


def settle_duel(app, limit: int = 3000, pace: Pace = DUEL, scene=None):
    """Frames until the duel waits for a person (or another screen is on top); the top scene.
    scene: that duel's scene, watched whatever is on top (one pushed but not entered yet)."""
    from bluffhouse.scenes.duel.scene import DuelScene

    watched = scene
    for _ in range(limit):
        scene = app.stack.top if watched is None else watched
        if not isinstance(scene, DuelScene):
            return scene
        waiting = scene.acting is not None or scene.curtain_for is not None
        if not scene.stage.busy and (waiting or scene.duel.phase is Phase.OVER):
            return scene
        pace.step(app)
    raise AssertionError("the duel never waited for a person")


def versus_computer(app, first: int = 0):
    """Ana (key C) against the computer; Ana proposes first when first == 0."""
    seats = [SeatSpec("Ana", True, challenge_key="C"), SeatSpec("Ben", False, bot="sensible")]
    setup = GameSetup(Rules.duel(points_to_win=3), seats, seed=4)
    rounds = [(first, ((4, 4, 2, 3, 6), (5, 5, 1, 2, 3)), 21)]
    return start_duel(app, setup, ScriptedMatch(Rules.duel(points_to_win=3), 0, rounds))


def to_bidding(app, scene) -> None:
    """Ana satisfied with her opening dice, the computer's answer waited for: Ana to propose."""
    settle_duel(app)
    DUEL.press(app, K.K_1)  # Ana satisfied; the computer answers
    for _ in range(400):
        if scene.duel.phase is Phase.BIDDING and scene.acting == 0:
            break
        DUEL.step(app)
    assert scene.acting == 0 and scene.duel.claim is None


def bar_words(scene, monkeypatch) -> list[str]:
    """Every string the duel's painter draws this frame."""
    import bluffhouse.scenes.duel.bar as bar
    import bluffhouse.scenes.duel.build_paint as build
    import bluffhouse.scenes.duel.paint as draw

    return top_words(scene, monkeypatch, (bar, build, draw))


MOST_PRESSES = 4  # issue 13: any legal claim in at most 4 presses or 4 clicks


def state(builder) -> tuple:
    """What a claim builder has built: its category, its parts, the part being built."""
    return builder.category, builder.parts, builder.active


def key_moves(builder):
    """The builder's key moves, each (name, what it does to a builder)."""
    from bluffhouse.scenes.duel.build_keys import KEY_MOVES, key_move

    for move in KEY_MOVES:
        yield move, lambda b, move=move: key_move(b, move)


def click_moves(builder):
    """The builder's chips that may be clicked now, each (item, what it does to a builder)."""
    from bluffhouse.scenes.duel.build_keys import builder_items, builder_usable, use

    for item in builder_items(builder):
        if builder_usable(builder, item):
            yield item, lambda b, item=item: use(b, item)


def walk(to_beat, own, moves, limit=MOST_PRESSES) -> dict:
    """Breadth-first over the builder's own moves from its start: for each claim value built
    (within `limit` moves), the first shortest sequence of moves (key moves or chips) to it."""
    from collections import deque
    from copy import copy

    from bluffhouse.scenes.duel.builder import ClaimBuilder

    start = ClaimBuilder(to_beat, own)
    seen, queue, best = {state(start): ()}, deque([start]), {start.value: ()}
    while queue:
        builder = queue.popleft()
        path = seen[state(builder)]
        if len(path) >= limit:
            continue
        for name, move in moves(builder):
            after = copy(builder)
            move(after)
            if state(after) not in seen:
                seen[state(after)] = (*path, name)
                queue.append(after)
                best.setdefault(after.value, (*path, name))
    return best


# -- the set-up screens --------------------------------------------------------------------------


def open_setup(app, game: str = "bullets", previous=None):
    """The menu and the card set-up of game pushed, one frame: the set-up scene."""
    from bluffhouse.scenes.setup.cards import SetupScene

    app.stack.push(MenuScene(app))
    app.stack.push(SetupScene(app, game, previous))
    app.stack.apply()
    app.step(1 / 60)
    return app.stack.top


def open_duel_setup(app):
    """The duel's set-up, opened from the menu by keys."""
    from bluffhouse.scenes.setup.duel import DuelSetupScene

    DUEL.press(app, K.K_DOWN, K.K_DOWN, K.K_DOWN, K.K_RETURN)
    setup = app.stack.top
    assert isinstance(setup, DuelSetupScene)
    return setup


def focus_row(app, setup, name: str, pace: Pace = DUEL) -> None:
    """Up presses until the set-up's row `name` has the focus."""
    while setup.menu.focused is not setup.rows[name]:
        pace.press(app, K.K_UP)


class GameStandIn(Scene):
    """Stands in for a game screen: Esc pauses it, as the real ones do; it notes pause and resume."""

    def __init__(self, app):
        super().__init__(app)
        self.events = []

    def handle(self, intent):
        if intent.kind == "back":
            from bluffhouse.scenes.pause import PauseScene

            self.app.stack.push(PauseScene(self.app))
            return True
        return False

    def pause(self):
        self.events.append("pause")

    def resume(self):
        self.events.append("resume")

    def draw(self, surface):
        surface.fill((200, 120, 60))


# -- results of real games -----------------------------------------------------------------------


def played_record(setup, match, seed):
    """One game of the match between computer players, through the real TableFlow: its record."""
    from bluffhouse.game.bots import TABLE_BOTS
    from bluffhouse.scenes.shell.session import GameRecord
    from bluffhouse.scenes.table.flow import TableFlow

    table = match.new_game()
    bots = {s: TABLE_BOTS["sensible"](s, random.Random(seed * 10 + s)) for s in range(len(setup.seats))}
    flow = TableFlow(table, setup.seats, bots, random.Random(seed))
    for _ in range(200_000):
        if table.is_over:
            break
        flow.update(0.05)
    assert table.is_over
    match.record(table)
    return GameRecord(setup, match, table, flow.truth, flow.stats, bots)


def results_setup(rules, seed=1, demo=False) -> GameSetup:
    """Ana (a person, key Q) and computer players in every other seat."""
    from bluffhouse.scenes.shell.session import bot_seat

    seats = [SeatSpec("Ana", True, challenge_key="Q")]
    seats += [bot_seat(s) for s in range(1, rules.players)]
    return GameSetup(rules, seats, seed=seed, demo=demo)


def show_results(app, record):
    """The menu and the results of record pushed, one frame: the results scene."""
    from bluffhouse.scenes.results.cards import ResultsScene

    app.stack.push(MenuScene(app))
    app.stack.push(ResultsScene(app, record))
    app.stack.apply()
    app.step(1 / 60)
    return app.stack.top


# -- main() -------------------------------------------------------------------------------------


class Ran(NamedTuple):
    code: int
    out: str
    err: str
    app: object  # the App the run built (None when it built none)


def run_main(*args, tmp_path):
    """`python main.py ARGS` in a fresh process, headless, with its own settings file."""
    import os
    import subprocess
    import sys

    from sources import ROOT

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               BLUFFHOUSE_SETTINGS=str(tmp_path / "settings.json"))  # fmt: skip
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], check=False, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)  # fmt: skip


def main_here(*args, tmp_path, monkeypatch, capsys) -> Ran:
    """main.py's main() called in this process, as `python main.py ARGS` calls it: its exit code,
    what it printed, and the App it ran. A start of the program costs 0.3-0.9 s of CPU, so the
    tests that need no fresh process (no start-up, no signal, no real exit) run the same entry
    function here. The window is left open (pygame.quit() here would close the fonts other tests
    hold); the settings file is the test's own, and the window class hints main() sets in the
    environment (as a fresh process has none) are taken away again after the test."""
    import bluffhouse.cli

    for hint in bluffhouse.cli.WINDOW_CLASS_HINTS:
        monkeypatch.setenv(hint, "")  # remembered as it was, then gone as in a fresh process
        monkeypatch.delenv(hint)
    made = []
    summary = bluffhouse.cli.summary
    monkeypatch.setattr(bluffhouse.cli, "summary", lambda app: made.append(app) or summary(app))
    monkeypatch.setattr(bluffhouse.cli, "pygame_quit", lambda: None)
    monkeypatch.setenv("BLUFFHOUSE_SETTINGS", str(tmp_path / "settings.json"))
    capsys.readouterr()
    code = bluffhouse.cli.main(list(args))
    out, err = capsys.readouterr()
    return Ran(code, out, err, made[0] if made else None)
