"""A dice duel at a given state, and walks through its claim builder (see tests/kit)."""

from __future__ import annotations

from collections import deque
from copy import copy

import bluffhouse.scenes.duel.bar as duel_bar
import bluffhouse.scenes.duel.build_paint as duel_build_paint
import bluffhouse.scenes.duel.paint as duel_paint
from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.build_keys import KEY_MOVES, builder_items, builder_usable, key_move, use
from bluffhouse.scenes.duel.builder import ClaimBuilder
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec
from kit.app import K, Pace, top_words

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
    for seat, role, code in (
        (0, "challenge", K.K_q),
        (0, "peek", K.K_w),
        (1, "challenge", K.K_o),
        (1, "peek", K.K_p),
    ):
        inp.bind(Source("key", code), seat, role)
    seats = [
        SeatSpec("Ana", True, challenge_key="Q", peek_key="W"),
        SeatSpec("Ben", True, challenge_key="O", peek_key="P"),
    ]
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
        waiting = scene.frame.acting is not None or scene.frame.curtain_for is not None
        if not scene.frame.stage.busy and (waiting or scene.frame.duel.phase is Phase.OVER):
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
        if scene.frame.duel.phase is Phase.BIDDING and scene.frame.acting == 0:
            break
        DUEL.step(app)
    assert scene.frame.acting == 0 and scene.frame.duel.claim is None


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
