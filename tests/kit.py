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

import os
import random
import subprocess
import sys
from collections import Counter, deque
from collections.abc import Callable
from copy import copy
from dataclasses import dataclass, replace
from typing import NamedTuple

import pygame
import pytest
from sources import ROOT

import bluffhouse.scenes.duel.bar as duel_bar
import bluffhouse.scenes.duel.build_paint as duel_build_paint
import bluffhouse.scenes.duel.paint as duel_paint
import bluffhouse.scenes.shell.registry as scene_registry
from bluffhouse.game.actions import Accept, Play
from bluffhouse.game.bots import TABLE_BOTS
from bluffhouse.game.bots.table_memory import TableMemory
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.events import Won
from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Challenge, IllegalAction, Table
from bluffhouse.game.table_search import counts_of, kind_index
from bluffhouse.game.table_setup import build_deck, canonical
from bluffhouse.game.table_view import CallRecord
from bluffhouse.scenes.duel.build_keys import KEY_MOVES, builder_items, builder_usable, key_move, use
from bluffhouse.scenes.duel.builder import ClaimBuilder
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.pause import PauseScene
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.screens import register_all
from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.setup.duel import DuelSetupScene
from bluffhouse.scenes.shell.app import App
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.scene import Scene
from bluffhouse.scenes.shell.session import GameRecord, GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.flow import TableFlow
from bluffhouse.scenes.table.frame import frame_of, verdict_pending
from bluffhouse.scenes.table.scene import TableScene

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
    if fresh:
        monkeypatch.setattr(scene_registry, "SCENES", {})
        register_all()
    else:
        monkeypatch.setattr(scene_registry, "SCENES", dict(scene_registry.SCENES))


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


PLAIN = Pace()  # a key a frame of 1/60 s, let go at once: what a test means by "press" without a pace
press, steps = PLAIN.press, PLAIN.step


def press_intent(app: App, seat: int, role: str, pace: Pace = PLAIN) -> None:
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
             SeatSpec("Cleo", True, challenge_key="P", peek_key="O"), SeatSpec("Dani", False)]
    return GameSetup(rules, seats, seed=seed)


TABLE = Pace(dt=1 / 30)  # the card table's people: a key a frame of 1/30 s


def start_table(app, scene, pace: Pace = TABLE):
    """The table scene pushed and its deal played out."""
    app.stack.push(scene)
    app.stack.apply()
    pace.run_until(app, lambda: not scene.fx.dealing)
    return scene


def my_turn(app, scene, seat, wait=True, pace: Pace = TABLE) -> None:
    """Wait for seat's turn, lift the curtain with the seat's own peek key, wait out the window."""
    pace.run_until(app, lambda: scene.table.turn == seat and not scene.flow.holding and not scene.fx.busy)
    assert scene.flow.curtain_for() == seat and scene.flow.shown_hand() is None
    assert scene.hand.owner is None  # nothing of anybody's hand behind the curtain
    pace.press_intent(app, seat, "peek")
    assert scene.flow.shown_hand() == seat and scene.hand.owner == seat
    pace.run_until(app, lambda: scene.flow.may_act(seat, None))  # the hand-over guard
    if wait:
        pace.run_until(app, lambda: scene.flow.wait_left() == 0)


def ben_has_called(app, hands: list[str], ben: list[str], cleo: list[str], pace: Pace = TABLE):
    """Ana (a person, challenge key Q), Ben and Cleo (scripted computers) at a Bullets table where
    Ben calls kings first: the table and its scene once Ben's call has landed on the pile."""
    rules = Rules.bullets(3)
    table = Table.from_hands(rules, hands, first=1, rank="K")
    app.input.bind(Source("key", pygame.K_q), 0, "challenge")
    seats = [SeatSpec("Ana", True, challenge_key="Q"), SeatSpec("Ben", False), SeatSpec("Cleo", False)]
    bots = {1: ScriptBot(1, ben), 2: ScriptBot(2, cleo)}
    scene = TableScene(app, GameSetup(rules, seats, seed=5), table=table, bots=bots)
    app.stack.push(scene)
    app.stack.apply()
    for _ in range(3000):
        pace.step(app)
        if table.last_call is not None and table.last_call.seat == 1 and not scene.fx.busy:
            break
    return table, scene


def looks(frame) -> object:
    """The frame as people see it before the flip: sprites by where they are, not what they hide."""
    reveal = None
    if frame.reveal is not None:
        sprite, words = frame.reveal
        reveal = (words, sprite.lift.value, tuple(f.value for f in sprite.flips))
    flyers = tuple((at(f.start, f.end, f.motion.value), f.card is None) for f in frame.flyers)
    bullets = tuple((b.seat, at(b.start, b.end, b.motion.value), b.state, round(b.fade.value, 3) if b.fade
                     else None) for b in frame.bullets)  # fmt: skip
    banners = tuple((n.text, n.kind, n.seat, round(n.alpha, 3)) for n in frame.banners)
    return replace(frame, reveal=reveal, flyers=flyers, bullets=bullets, banners=banners)


def at(start, end, k) -> tuple[int, int]:
    """Where a sprite flying from start to end is drawn, to the pixel."""
    return round(start[0] + (end[0] - start[0]) * k), round(start[1] + (end[1] - start[1]) * k)


def challenged_frames(ben_plays: str, hands: list[str], pace: Pace = TABLE) -> list:
    """Play Ben's call, Ana (alone at the table) challenges it; the frames until the verdict."""
    app = new_app(seed=1)  # at the settings file of the test's fixture
    table, scene = ben_has_called(app, hands, [ben_plays], [], pace)
    key(pygame.K_q)
    key(pygame.K_q, down=False)
    frames = []
    for _ in range(3000):
        pace.step(app)
        reveal = scene.fx.reveal
        stamped = reveal is not None and reveal.verdict.elapsed > reveal.verdict.delay  # it is told now
        if frames and (stamped or not verdict_pending(scene)):
            break
        frames.append((looks(frame_of(scene)), tuple(toast.text for toast in app.toasts)))
    assert table.pile_size == 0 or table.is_over  # the call was challenged: the pile picked up
    pygame.event.clear()
    return frames


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
    scene = DuelScene(app, setup, match)
    app.stack.push(scene)
    pace.step(app)
    return scene


def settle_duel(app, limit: int = 3000, pace: Pace = DUEL, scene=None):
    """Frames until the duel waits for a person (or another screen is on top); the top scene.
    scene: that duel's scene, watched whatever is on top (one pushed but not entered yet)."""
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
    return top_words(scene, monkeypatch, (duel_bar, duel_build_paint, duel_paint))


MOST_PRESSES = 4  # issue 13: any legal claim in at most 4 presses or 4 clicks


def state(builder) -> tuple:
    """What a claim builder has built: its category, its parts, the part being built."""
    return builder.category, builder.parts, builder.active


def key_moves(builder):
    """The builder's key moves, each (name, what it does to a builder)."""
    for move in KEY_MOVES:
        yield move, lambda b, move=move: key_move(b, move)


def click_moves(builder):
    """The builder's chips that may be clicked now, each (item, what it does to a builder)."""
    for item in builder_items(builder):
        if builder_usable(builder, item):
            yield item, lambda b, item=item: use(b, item)


def walk(to_beat, own, moves, limit=MOST_PRESSES) -> dict:
    """Breadth-first over the builder's own moves from its start: for each claim value built
    (within `limit` moves), the first shortest sequence of moves (key moves or chips) to it."""


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


# -- the engines' own checks ---------------------------------------------------------------------
# (imports inside: the engine tests that use these load no screen for them)


def fingerprint(t):
    """A cheap summary of the state, for checking that refused actions change nothing."""
    return (
        t.turn,
        t.rank,
        t.pile_size,
        t.window_open,
        t.winner,
        tuple(t.hand_size(s) for s in range(t.players)),
        tuple(t.bullets(s) for s in range(t.players)),
        t.history_size,
    )


class Checker:
    """Invariants of the card table, checked after every action of a game."""

    def __init__(self, rules):
        self.rules = rules
        self.expected = sorted(id(canonical(c)) for c in build_deck(rules))
        self.actions = 0
        self.wins = 0

    def __call__(self, t, action, events):
        self.actions += 1
        n = t.players
        # Every card is somewhere exactly once (a multiset with two decks).
        everywhere = [c for s in range(n) for c in t.hand(s)] + t.pile_cards() + list(t.set_aside_cards())
        assert sorted(map(id, everywhere)) == self.expected
        # Bullets stay within 0..bullets_per_player.
        assert all(0 <= t.bullets(s) <= self.rules.bullets_per_player for s in range(n))
        assert sum(isinstance(e, Won) for e in events) == (1 if t.is_over else 0)
        if t.is_over:
            self.wins += 1
            assert events[-1] == Won(t.winner, tuple(t.ranking()))
            assert t.hand_size(t.winner) == 0
            assert all(t.hand_size(s) > 0 for s in range(n) if s != t.winner)
            assert not any(t.can_challenge(s) for s in range(n))
            assert t.turn is None  # nobody is to act once the game is over (the engine contract)
            self.refuse(t, *(Play(s, t.hand(s)[:1]) for s in range(n) if s != t.winner))
            return
        assert t.hand_size(t.turn) > 0
        # Only the acting seats can act.
        other = (t.turn + 1) % n
        self.refuse(
            t,
            Play(other, t.hand(other)[:1]),
            Accept(other),
            Challenge(t.last_call.seat) if t.window_open else Challenge(other),
        )
        if self.actions % 25 == 0:  # now and then, the full comparison
            before = t.clone()
            self.refuse(t, Play(t.turn, []))
            assert t == before

    @staticmethod
    def refuse(t, *actions):
        before = fingerprint(t)
        for action in actions:
            try:
                t.apply(action)
            except IllegalAction:
                continue
            raise AssertionError(f"{action} was accepted")
        assert fingerprint(t) == before


def held_for_sure(view) -> list[dict[str, float]]:
    """TableMemory's reading of the cards each other seat holds for certain."""
    memory = TableMemory(view)
    history = view.history
    final = len(history) - 1 if history and isinstance(history[-1], CallRecord) else len(history)
    for record in history[:final]:
        memory.absorb(record)
    return memory.certain


def assert_consistent(view, world) -> None:
    """The deal could be the table this view is seen from."""


    rules, me = view.rules, view.seat
    fako = len(rules.ranks) + 1
    assert world.hands[me] == counts_of(rules, view.hand)  # the cards it holds
    assert world.sizes == list(view.hand_sizes)  # the counts
    assert world.pile_n == view.pile_size and sum(world.aside) == view.set_aside
    everything = [sum(column) for column in zip(*world.hands, world.pile, world.aside)]
    assert everything == counts_of(rules, build_deck(rules))
    assert (world.turn, world.window, world.bullets) == (view.turn, view.window_open,
                                                          list(view.bullets))
    # The cards revealed: never among the set-aside cards (nobody saw those)...
    seen = Counter(view.hand)
    for record in view.history:
        for card in record.cards or ():
            seen[card] = max(seen[card], 1)
    for kind, total in enumerate(everything):
        shown = sum(n for card, n in seen.items() if kind_index(rules, card) == kind)
        assert world.aside[kind] <= total - shown
    # ... and in the hand that took them while it could not have played them.
    for seat, certain in enumerate(held_for_sure(view)):
        open_by_seat = view.window_open and view.last_call.seat == seat
        if seat == me or open_by_seat:
            continue
        for key, count in certain.items():
            kind = {"*S": fako - 1, "*F": fako}.get(key) or rules.ranks.index(key)
            assert world.hands[seat][kind] >= int(count + 1e-6), (seat, key)
    # The open call: its count of cards, and a Fakó only ever alone in it.
    if view.window_open:
        caller, count = view.last_call.seat, view.last_call.count
        assert world.last[0] == caller and len(world.last[1]) == count
        if caller == me:
            assert sorted(world.last[1]) == sorted(kind_index(rules, c)
                                                   for c in view.history[-1].cards)
    if world.pile[fako]:
        assert view.window_open and world.last[1] == (fako,)


# -- the set-up screens --------------------------------------------------------------------------


MENU = Pace(frames=2, release=False)  # the menus: pressed (never let go), two 1/60 s frames
SETUP = Pace(frames=2)  # the set-up screens: two 1/60 s frames a key or a click


def open_setup(app, game: str = "bullets", previous=None):
    """The menu and the card set-up of game pushed, one frame: the set-up scene."""
    app.stack.push(MenuScene(app))
    app.stack.push(SetupScene(app, game, previous))
    app.stack.apply()
    app.step(1 / 60)
    return app.stack.top


def open_duel_setup(app):
    """The duel's set-up, opened from the menu by keys."""
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
    seats = [SeatSpec("Ana", True, challenge_key="Q")]
    seats += [bot_seat(s) for s in range(1, rules.players)]
    return GameSetup(rules, seats, seed=seed, demo=demo)


def show_results(app, record):
    """The menu and the results of record pushed, one frame: the results scene."""
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
