"""The proof of the moment (scenes/play/moment.py): built from random states of both games, in
every phase, it agrees with the engine — each seat's part holds that seat's view and nothing
hidden of another; what it offers a seat to press the engine accepts; every other press is
refused with the engine's own reason (or, where the engine would take it, the host's: a verdict
on screen, the card table's minimum window); and a press returns that very refusal, asking the
engine once."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bluffhouse.game.actions import Accept, Action, Challenge, Declare, Play, Propose, Reroll
from bluffhouse.game.contract import Engine, Phase
from bluffhouse.game.duel_view import DuelView
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.game.table_view import TableView
from bluffhouse.scenes.duel.flow import DuelFlow
from bluffhouse.scenes.play.flow import GameFlow
from bluffhouse.scenes.play.moment import Moment, kind_of
from bluffhouse.scenes.shell.privacy import By
from bluffhouse.scenes.shell.session import SeatSpec
from bluffhouse.scenes.table.flow import TableFlow

FRAME = 1 / 60
GAMES = ("bullets", "kamu", "duel")
WAITS = ("table.msg.wait_verdict", "table.msg.window_open")  # the host's own reasons


def people(count: int) -> list[SeatSpec]:
    """Every seat a person with keys of their own: every press is somebody's own."""
    return [SeatSpec(f"P{s}", human=True, challenge_key=str(s), peek_key=f"p{s}") for s in range(count)]


def new_flow(game: str, seed: int) -> GameFlow:
    """A fresh game of `game` whose every seat a person plays (the walk decides every move)."""
    if game == "duel":
        return DuelFlow(DuelMatch(Rules.duel(), seed), people(2), {}, random.Random(seed))
    rules = Rules.bullets(4) if game == "bullets" else Rules.kamu(players=4, jokers=True)
    table = CardMatch(rules, seed=seed).new_game()  # a short minimum window: games reach their end
    return TableFlow(table, people(4), {}, random.Random(seed), min_window=0.4)


def candidates(engine: Engine, seat: int, rng: random.Random) -> list[Action]:
    """Presses a seat might make now: its legal actions and a few of every kind it may not."""
    listed = list(engine.legal_actions(seat))
    view = engine.view(seat)
    if isinstance(view, TableView):
        hand = list(view.hand)
        picks = [tuple(rng.sample(hand, rng.randint(1, min(4, len(hand))))) for _ in range(3)] if hand else []
        others = [Play(seat, ()), Play(seat, ("KS",)), *(Play(seat, cards) for cards in picks)]
        others += [Accept(seat), Challenge(seat)]
    else:
        others = [Declare(seat, mood) for mood in ("satisfied", "not_satisfied", "indifferent")]
        others += [Reroll(seat, tuple(sorted(rng.sample(range(5), rng.randint(0, 5))))), Challenge(seat)]
        others += [Propose(seat, tuple(sorted(rng.choices(range(1, 7), k=5), reverse=True)))]
    return listed + others


def walk(game: str, seed: int, steps: int) -> Iterator[tuple[GameFlow, Moment[object], random.Random]]:
    """Random states of one game in time: random presses (lawful or not) by random seats,
    frames of game time, a verdict's pause skipped, a screen sometimes busy, an overlay
    sometimes on top; a new game (a duel's next round) whenever one ends."""
    rng = random.Random(f"{game}/{seed}")
    flow = new_flow(game, seed)
    for _ in range(steps):
        busy, paused = rng.random() < 0.15, rng.random() < 0.1
        moment = flow.moment(busy=busy, paused=paused)
        yield flow, moment, rng
        engine = flow.engine
        if engine.is_over:
            if isinstance(flow, DuelFlow) and flow.next_round() == "round":
                continue
            flow = new_flow(game, rng.randrange(10**6))
            continue
        if flow.holding and rng.random() < 0.5:
            flow.skip()  # a key that ends the verdict's pause
        seat = engine.turn if rng.random() < 0.6 else rng.randrange(engine.players)
        lawful = list(engine.legal_actions(seat))
        if rng.random() < 0.85:  # fewer challenges: the hands empty, the games end
            lawful = [action for action in lawful if not isinstance(action, Challenge)] or lawful
        if isinstance(flow, TableFlow) and rng.random() < 0.3:
            flow.update(FRAME * rng.randint(1, 90), presses=[seat] if rng.random() < 0.2 else [])
        elif isinstance(flow, DuelFlow) and rng.random() < 0.2:
            flow.update(FRAME * rng.randint(1, 30))
        else:  # mostly a lawful move, so that games reach their ends
            action = rng.choice(lawful if lawful and rng.random() < 0.7 else candidates(engine, seat, rng))
            flow.tell(flow.press(action, By.OWN))
        flow.drain_messages()


@pytest.mark.parametrize("game", GAMES)
def test_each_seats_part_of_the_moment_is_its_own_view_and_shows_only_what_privacy_allows(game):
    phases = set()
    for flow, moment, _ in walk(game, 7, 800):
        engine = flow.engine
        phases.add(moment.phase)
        assert (moment.phase, moment.turn, moment.over) == (engine.phase, engine.turn, engine.is_over)
        assert moment.holding == flow.holding and len(moment.seats) == engine.players
        for seat, part in enumerate(moment.seats):
            assert part.seat == seat and part.view == engine.view(seat)  # its view: all it may know
            assert type(part.view) is (DuelView if game == "duel" else TableView)
            assert part.view.seat == seat  # never another seat's view (hidden cards or dice)
            assert part.shown == (flow.views.why(seat) is not None)  # face up only as privacy allows
        # people sharing one screen: no hidden hand or cup is face up unless its owner opened it
        opened = flow.views.open
        assert set(moment.shown) <= ({opened.owner} if opened is not None else set())
    duel, table = {Phase.OPENING, Phase.BIDDING, Phase.OVER}, {Phase.PLAY, Phase.ANSWER, Phase.OVER}
    assert phases == (duel if game == "duel" else table)  # every phase of the game was built


@pytest.mark.parametrize("game", GAMES)
def test_every_press_the_moment_offers_is_taken_and_every_other_refused_with_the_engines_reason(game):
    offered = refused = 0
    for flow, moment, rng in walk(game, 11, 300):
        engine = flow.engine
        if moment.busy:
            assert all(not part.presses for part in moment.seats)  # a show plays: nothing is offered
            continue
        for seat, part in enumerate(moment.seats):
            lawful = {kind_of(action) for action in engine.legal_actions(seat)}
            assert part.presses == (set() if moment.holding else lawful)  # nothing more, nothing less
            pool = candidates(engine, seat, rng)
            for action in rng.sample(pool, min(len(pool), 10)):
                refusal = engine.refusal(seat, action)
                said = flow.check(action)
                if refusal is not None:  # refused with the engine's reason, whatever the moment offers
                    refused += 1
                    assert said is not None and said.key == refusal.key and said.about == seat
                elif part.may(kind_of(action)):  # offered: the engine takes it
                    offered += 1
                    assert engine.clone().apply(action) is not None
                    assert said is None or said.key == "table.msg.window_open"  # (Enter holds it for it)
                else:  # the engine would take it, the host holds it back: a verdict on screen
                    assert moment.holding and said is not None and said.key in WAITS
    assert offered > 100 and refused > 300


class Counted:
    """An engine whose every question is counted (apply, refusal, legal_actions)."""

    def __init__(self, engine: Engine, asked: list[str]) -> None:
        self.wrapped, self.asked = engine, asked

    def __getattr__(self, name: str) -> object:
        real = getattr(self.wrapped, name)
        if name not in ("apply", "refusal", "legal_actions"):
            return real
        return lambda *args: self.asked.append(name) or real(*args)


@pytest.mark.parametrize("game", GAMES)
def test_a_press_returns_the_refusal_the_moment_foretold_and_asks_the_engine_once(game):
    pressed_any = 0
    for flow, _, rng in walk(game, 13, 250):
        engine = flow.engine
        if engine.is_over:
            continue
        seat = rng.randrange(engine.players)
        action = rng.choice(candidates(engine, seat, rng))
        foretold = flow.check(action)
        asked: list[str] = []
        flow.engine = Counted(engine, asked)
        try:
            pressed = flow.press(action, By.OWN)
        finally:
            flow.engine = engine
        assert len(asked) == 1, asked  # once: apply, or refusal while the host holds the press back
        assert pressed.done == (foretold is None) and pressed.refusal == foretold
        assert flow.drain_messages() == []  # returned to whoever pressed, never posted
        pressed_any += pressed.done
    assert pressed_any > 10
