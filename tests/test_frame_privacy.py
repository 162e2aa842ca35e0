"""Frames are player views: a frame holds only what the people watching may see, checked without painting.

The privacy decision (and its audit record) is made when a frame is built; these tests step the
games with draw=False and read the frames. The painting audit (tests/test_privacy.py,
tests/test_duel_privacy.py, the couch soak) stays as the heavy tier's cross-check.
"""

from __future__ import annotations

import dataclasses
import random
from types import MappingProxyType

import kit
import pygame

from bluffhouse.game.cards import Card
from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.duel.stage import Stage
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.privacy import PrivateViews, Why
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat, quick_setup
from bluffhouse.scenes.table.hand import HandFan
from bluffhouse.scenes.table.scene import TableScene

DT = 1 / 20
K = pygame


app = kit.app_fixture(seed=3)


step = kit.Pace(dt=DT, draw=False).step  # nothing is painted: the frames are read as they are


def reachable(frame) -> list:
    """Every value a frame holds through its dataclasses, tuples, lists, sets and mappings."""
    seen, out, todo = set(), [], [frame]
    while todo:
        value = todo.pop()
        if id(value) in seen or isinstance(value, (str, int, float, bool, type(None))):
            continue
        seen.add(id(value))
        out.append(value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            todo += [getattr(value, f.name) for f in dataclasses.fields(value)]
        elif isinstance(value, (tuple, list, set, frozenset)):
            todo += list(value)
        elif isinstance(value, (dict, MappingProxyType)):
            todo += list(value.values())
    return out


# ---------------------------------------------------------------------------- the duel


class FixedMatch(DuelMatch):
    """Every round starts with these dice and this first proposer."""

    def __init__(self, rules, first, dice, seed=1):
        super().__init__(rules, seed)
        self.first, self.dice = first, dice

    def new_round(self):
        return Duel.new(len(self.results) + 50, first=self.first, dice=self.dice, rules=self.rules)


def check_duel_frame(scene) -> set[int]:
    """The frame's cups against the privacy model; the seats whose faces it holds."""
    frame, shown = scene.frame, set()
    held = reachable(frame)
    assert not any(isinstance(v, (Stage, Duel, PrivateViews)) for v in held)  # no live secrets
    for seat, cup in enumerate(frame.stage.show.seats):
        live = scene.stage.show.seats[seat]
        allowed = live.lifted or scene.views.why(seat) is not None
        if cup.dice is not None:
            assert allowed and cup.dice == live.dice
            shown.add(seat)
        else:
            assert not (allowed and live.dice is not None), f"seat {seat}'s cup left out though allowed"
        assert cup.rolled == (live.dice is not None)
    beat = frame.stage.current
    assert beat is None or beat.kind != "land" or "dice" not in beat.data
    return shown


def wait_guard(app, scene):
    for _ in range(40):
        if not scene.views.guarded():
            return
        step(app)


def press(app, scene, seen: list, *codes):
    for code in codes:
        wait_guard(app, scene)
        for down in (True, False):
            kit.key(code, down)
            step(app)
            seen.append(check_duel_frame(scene))


def settle(app, scene, seen: list, limit=3000):
    for _ in range(limit):
        waiting = scene.frame.acting is not None or scene.frame.curtain_for is not None
        if not scene.frame.stage.busy and (waiting or scene.frame.duel.phase is Phase.OVER):
            return
        step(app)
        seen.append(check_duel_frame(scene))
    raise AssertionError("the duel never waited for a person")


def test_a_duel_frame_holds_a_cup_only_for_its_owner_or_once_lifted(app):
    for seat, role, code in (
        (0, "challenge", K.K_q),
        (0, "peek", K.K_w),
        (1, "challenge", K.K_o),
        (1, "peek", K.K_p),
    ):
        app.input.bind(Source("key", code), seat, role)
    seats = [
        SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
        SeatSpec("Ben", True, challenge_key="O", peek_key="P"),
    ]
    rules = Rules.duel(points_to_win=1)
    match = FixedMatch(rules, first=0, dice=((5, 5, 2, 3, 4), (1, 1, 6, 6, 2)))
    scene = DuelScene(app, GameSetup(rules, seats, seed=2), match)
    app.stack.push(scene)
    app.stack.apply()
    seen: list[set[int]] = []
    settle(app, scene, seen)
    assert scene.frame.curtain_for == 0 and not any(seen)  # nobody's cup before anyone lifts the curtain
    app.audit.clear()
    wait_guard(app, scene)
    kit.key(K.K_w)  # Ana lifts the curtain with her own key
    step(app)
    assert check_duel_frame(scene) == {0}
    assert {r.owner for r in app.audit.records} == {0} and not app.audit.violations  # audited at build
    assert all(r.why is Why.OWN_KEY for r in app.audit.records)
    kit.key(K.K_w, down=False)
    step(app)
    press(app, scene, seen, K.K_1)  # satisfied
    settle(app, scene, seen)
    assert (
        scene.frame.curtain_for == 1 and check_duel_frame(scene) == set()
    )  # Ana's cup went down with her turn
    press(app, scene, seen, K.K_p, K.K_1)  # Ben lifts the curtain, satisfied too
    settle(app, scene, seen)
    press(app, scene, seen, K.K_w, K.K_RETURN)  # Ana proposes
    settle(app, scene, seen)
    press(app, scene, seen, K.K_p)  # Ben comes to the table and challenges with his own key
    press(app, scene, seen, K.K_o)
    settle(app, scene, seen)
    step(app, 200)
    assert scene.frame.duel.phase is Phase.OVER and check_duel_frame(scene) >= {0}  # Ana's cup, lifted
    assert scene.frame.stage.show.seats[0].lifted
    assert {0} in seen and {1} in seen  # each person's own cup, at their own turn
    assert all(len(s) <= 1 or scene.stage.show.seats[0].lifted for s in seen)  # never two at once


# ---------------------------------------------------------------------------- the card table


PEEK = {0: K.K_w, 2: K.K_o}
CHALLENGE = {0: K.K_q, 2: K.K_p}


def check_table_frame(scene) -> set[int]:
    """Every card a frame holds is one the people watching may see; the owners it shows."""
    frame, table, views = scene.frame, scene.table, scene.flow.views
    held = reachable(frame)
    assert not any(isinstance(v, (HandFan, PrivateViews)) for v in held)  # a look, never the fan
    allowed = {s for s in range(table.players) if views.why(s) is not None}
    public = set(scene.fx.reveal.cards) if scene.fx.reveal is not None else set()
    secret = {c for s in range(table.players) if s not in allowed for c in table.hand(s)}
    cards = {v for v in held if isinstance(v, Card)}
    assert not (cards & secret) - public, "a hidden hand's card in the frame"
    shown = set()
    looks = []
    if frame.hand is not None:  # the fan, as it lags the engine while cards fly
        looks.append((frame.hand.faces, frame.hand.owner, scene.hand.cards))
    if frame.peek is not None:
        looks.append((frame.peek.cards, frame.peek.seat, table.view(frame.peek.seat).hand))
    for faces, owner, cards in looks:
        if owner in allowed:
            assert faces == tuple(cards)
            shown.add(owner)
        else:
            assert set(faces) == {None}  # backs only
    return shown


def test_a_table_frame_holds_a_hand_only_while_its_owner_may_see_it(app):
    for seat in (0, 2):
        app.input.bind(Source("key", CHALLENGE[seat]), seat, "challenge")
        app.input.bind(Source("key", PEEK[seat]), seat, "peek")
    seats = [
        SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
        SeatSpec("Ben", False),
        SeatSpec("Cleo", True, challenge_key="P", peek_key="O"),
        SeatSpec("Dani", False),
    ]
    scene = TableScene(app, GameSetup(Rules.bullets(4, hand_size=7), seats, seed=8))
    app.stack.push(scene)
    app.stack.apply()
    table, flow, rng = scene.table, scene.flow, random.Random(4)
    shown_by = {0: 0, 2: 0}
    curtains = peeks = 0
    for frame in range(int(120 / DT)):
        if app.stack.top is not scene or table.is_over:
            break
        if frame * DT > 30 and curtains and peeks > 10 and all(shown_by.values()):
            break  # everything the check is about has happened, many times over
        turn = table.turn
        if turn in PEEK and not scene.moment.busy:
            if flow.curtain_for() == turn and rng.random() < 0.1:
                kit.key(PEEK[turn])
                kit.key(PEEK[turn], down=False)
            elif flow.shown_hand() == turn and flow.wait_left() == 0 and rng.random() < 0.2:
                for code in (K.K_SPACE, K.K_RETURN):
                    kit.key(code)
        other = 2 - turn if turn in PEEK else rng.choice((0, 2))
        if rng.random() < 0.03:  # somebody holds their peek key for a while, or lets go
            kit.key(PEEK[other], down=not app.input.is_held(other, "peek"))
        app.audit.clear()
        step(app)
        shown = check_table_frame(scene)
        assert {r.owner for r in app.audit.records} <= shown | {
            s for s in range(4) if flow.views.why(s) is Why.LIFTED
        }  # the audit is the frame's
        assert not app.audit.violations
        curtains += flow.curtain_for() is not None
        peeks += scene.frame.peek is not None and scene.frame.peek.seat in shown
        for seat in shown:
            shown_by[seat] += 1
    assert curtains and peeks and all(shown_by.values())  # the check saw what it checks


def test_with_one_person_a_table_frame_holds_only_their_hand_and_the_reveals(app):
    scene = TableScene(app, quick_setup(app))
    app.stack.push(scene)
    app.stack.apply()
    table, rng, own = scene.table, random.Random(2), 0
    for _ in range(int(40 / DT)):
        if app.stack.top is not scene or table.is_over:
            break
        if table.turn == 0 and scene.moment.game.wait_left == 0 and rng.random() < 0.3:
            for code in (K.K_SPACE, K.K_RETURN):
                kit.key(code)
        elif table.window_open and rng.random() < 0.02:
            kit.key(K.K_c)
        step(app)
        shown = check_table_frame(scene)
        assert shown <= {0}
        own += shown == {0}
    assert own > 100  # the person's own hand, always in front of them


def test_against_the_computer_its_cup_is_in_no_frame_before_it_is_lifted(app):
    app.input.bind(Source("key", K.K_c), 0, "challenge")
    rules = Rules.duel(points_to_win=1)
    setup = GameSetup(rules, [SeatSpec("Ana", True, challenge_key="C"), bot_seat(1)], seed=3)
    match = FixedMatch(rules, first=1, dice=((2, 3, 3, 5, 6), (6, 6, 6, 1, 4)))
    scene = DuelScene(app, setup, match)
    app.stack.push(scene)
    app.stack.apply()
    seen: list[set[int]] = []
    for _ in range(10):  # the computer proposes first; Ana answers its opening, then challenges
        settle(app, scene, seen)
        if scene.frame.duel.phase is Phase.BIDDING and scene.frame.acting == 0:
            break
        press(app, scene, seen, K.K_1)
    assert scene.frame.duel.claimant == 1 and {0} in seen and not any(1 in s for s in seen)
    press(app, scene, seen, K.K_c)
    settle(app, scene, seen)
    assert scene.frame.duel.phase is Phase.OVER and 1 in check_duel_frame(scene)  # lifted for all
    assert scene.frame.stage.show.seats[1].dice == scene.duel.revealed()
