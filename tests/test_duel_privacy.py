"""Privacy on the duel screen: a cup's faces are drawn only for whoever may see them."""

import kit
import pygame
import pytest
from kit import Pace, settle_duel

from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.match import DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.paint import DuelPainter
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat

# The painting audit: the heavy tier's cross-check of tests/test_frame_privacy.py (frames, unpainted).
pytestmark = [pytest.mark.draws, pytest.mark.heavy]  # these tests audit what is painted

DT = 0.05
K = pygame


class FixedMatch(DuelMatch):
    """Every round starts with these dice and this first proposer."""

    def __init__(self, rules, first, dice, seed=1):
        super().__init__(rules, seed)
        self.first, self.dice = first, dice

    def new_round(self):
        return Duel.new(len(self.results) + 50, first=self.first, dice=self.dice, rules=self.rules)


app = kit.app_fixture(seed=5, first_frame=DT)
# a key down in a frame of its own and up in the next, each after the hand-over guard
PACE = Pace(dt=DT, frames=1, guard=True, split=True)
press, step = PACE.press, PACE.step


@pytest.fixture
def drawn(monkeypatch, app):
    """Every call of the one door through which a seat's faces reach the screen."""
    calls = []
    original = DuelPainter.seat_dice

    def record(painter, surface, seat, dice, *args, **kwargs):
        scene = app.stack.top
        show = scene.stage.show.seats[seat]
        calls.append(
            dict(
                seat=seat,
                dice=tuple(dice),
                lifted=show.lifted,
                phase=scene.frame.duel.phase,
                uncovered=scene.uncovered,
                curtain=scene.frame.curtain_for,
                held=scene.app.input.is_held(seat, "peek"),
            )
        )
        return original(painter, surface, seat, dice, *args, **kwargs)

    monkeypatch.setattr(DuelPainter, "seat_dice", record)
    return calls


def test_the_computer_players_dice_are_never_drawn_before_its_cup_is_lifted(app, drawn):
    app.input.bind(Source("key", K.K_c), 0, "challenge")
    setup = GameSetup(
        Rules.duel(points_to_win=1), [SeatSpec("Ana", True, challenge_key="C"), bot_seat(1)], seed=3
    )
    match = FixedMatch(Rules.duel(points_to_win=1), first=1, dice=((2, 3, 3, 5, 6), (6, 6, 6, 1, 4)))
    scene = DuelScene(app, setup, match)
    app.stack.push(scene)
    for _ in range(10):  # the computer proposes first; Ana answers its opening, then challenges
        settle_duel(app, scene=scene)
        if scene.frame.duel.phase is Phase.BIDDING and scene.frame.acting == 0:
            break
        press(app, K.K_1)
    assert scene.frame.duel.claimant == 1
    computer = [c for c in drawn if c["seat"] == 1]
    assert computer == []  # all through the opening and the computer's proposition
    assert any(c["seat"] == 0 for c in drawn)  # while Ana always sees her own
    press(app, K.K_c)
    settle_duel(app, scene=scene)
    assert scene.frame.duel.phase is Phase.OVER
    computer = [c for c in drawn if c["seat"] == 1]
    assert computer and all(c["lifted"] for c in computer)  # only once lifted in the challenge
    assert computer[-1]["dice"] == scene.duel.revealed()


def test_with_two_people_a_cup_shows_only_to_its_owner_behind_the_curtain(app, drawn):
    inp = app.input
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
    rules = Rules.duel(points_to_win=1)
    match = FixedMatch(rules, first=0, dice=((5, 5, 2, 3, 4), (1, 1, 6, 6, 2)))
    scene = DuelScene(app, GameSetup(rules, seats, seed=2), match)
    app.stack.push(scene)
    settle_duel(app, scene=scene)
    assert scene.frame.curtain_for == 0 and drawn == []  # nobody's dice before anyone is behind the curtain
    press(app, K.K_w, K.K_1)  # Ana peeks, satisfied
    assert {c["seat"] for c in drawn} == {0}
    settle_duel(app, scene=scene)
    assert scene.frame.curtain_for == 1
    mark = len(drawn)
    step(app, 20)
    assert drawn[mark:] == []  # the curtain is up: no faces at all
    PACE.down(app, K.K_p, 2)  # Ben lifts the curtain and keeps holding his peek key a while
    step(app, 5)
    PACE.up(app, K.K_p, 2)
    press(app, K.K_1)
    settle_duel(app, scene=scene)
    press(app, K.K_w, K.K_RETURN)  # Ana proposes
    settle_duel(app, scene=scene)
    PACE.down(app, K.K_w, 2)  # Ana holds her peek key on Ben's side of the curtain: her own dice only
    step(app, 6)
    PACE.up(app, K.K_w, 2)
    press(app, K.K_p, K.K_RETURN)  # Ben proposes higher
    settle_duel(app, scene=scene)
    press(app, K.K_q)  # Ana challenges from behind the curtain
    settle_duel(app, scene=scene)
    assert scene.frame.duel.phase is Phase.OVER
    assert any(c["held"] and c["seat"] == 0 and c["uncovered"] != 0 for c in drawn)
    for call in drawn:
        allowed = call["uncovered"] == call["seat"] or call["held"] or call["lifted"]
        assert allowed, call
    ben = [c for c in drawn if c["seat"] == 1]
    assert ben and {c["uncovered"] for c in ben if not c["lifted"]} == {1}
