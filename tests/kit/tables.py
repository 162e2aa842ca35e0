"""A card table at a given state, and the results of real card games (see tests/kit)."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame

from bluffhouse.game.actions import Accept, Play
from bluffhouse.game.bots import TABLE_BOTS
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameRecord, GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.flow import TableFlow
from bluffhouse.scenes.table.frame import frame_of, verdict_pending
from bluffhouse.scenes.table.scene import TableScene
from kit.app import Pace, key, new_app

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
    seats = [
        SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
        SeatSpec("Ben", False),
        SeatSpec("Cleo", True, challenge_key="P", peek_key="O"),
        SeatSpec("Dani", False),
    ]
    return GameSetup(rules, seats, seed=seed)


TABLE = Pace(dt=1 / 30)  # the card table's people: a key a frame of 1/30 s


def start_table(app, scene, pace: Pace = TABLE):
    """The table scene pushed and its deal played out."""
    app.stack.push(scene)
    app.stack.apply()
    pace.run_until(app, lambda: not scene.moment.busy)
    return scene


def my_turn(app, scene, seat, wait=True, pace: Pace = TABLE) -> None:
    """Wait for seat's turn, lift the curtain with the seat's own peek key, wait out the window."""
    pace.run_until(app, lambda: scene.moment.turn == seat and not scene.moment.holding and not scene.fx.busy)
    assert scene.moment.curtain == seat and scene.moment.game.shown_hand is None
    assert scene.frame.hand is None  # nothing of anybody's hand behind the curtain
    pace.press_intent(app, seat, "peek")
    assert scene.moment.game.shown_hand == seat and scene.frame.hand.owner == seat
    pace.run_until(app, lambda: scene.flow.may_act(seat, None))  # the hand-over guard
    if wait:
        pace.run_until(app, lambda: scene.moment.game.wait_left == 0)


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
    bullets = tuple(
        (b.seat, at(b.start, b.end, b.motion.value), b.state, round(b.fade.value, 3) if b.fade else None)
        for b in frame.bullets
    )
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
        if frames and (stamped or not verdict_pending(scene, scene.moment)):
            break
        frames.append((looks(frame_of(scene, scene.moment)), tuple(toast.text for toast in app.toasts)))
    assert table.pile_size == 0 or table.is_over  # the call was challenged: the pile picked up
    pygame.event.clear()
    return frames


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
