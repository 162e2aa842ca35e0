"""Couch turns (issue 18): what a turn costs and what it may never show, through the scenes with
real key events, every frame checked by the referee of tests/couch.py."""

import pygame
import pytest
from couch import GUARD_FRAMES, PEOPLE_KEYS, app, card_table, settle_duel, two_person_duel

from game.duel import Phase
from scenes.shell.privacy import Why
from scenes.ui.lang import t

pytestmark = pytest.mark.draws  # these tests audit what is painted

K = pygame
__all__ = ["app"]  # the shared fixture (tests/couch.py)


# -- glances and lifts --------------------------------------------------------------------


def test_a_lift_waits_while_somebody_holds_their_glance_and_says_who_must_let_go(app, monkeypatch):
    scene, ref = card_table(app, monkeypatch, (0, 1, 2), 3)
    flow = scene.flow
    while scene.fx.dealing:
        ref.step()
    turn = scene.table.turn
    other = (turn + 1) % 3
    ref.down(PEOPLE_KEYS[other][1])  # somebody glances at their own cards
    ref.step(2)
    assert flow.peeking == other and flow.curtain_for() == turn
    ref.tap(PEOPLE_KEYS[turn][1])  # a tap of the lifter's key: it waits, and the line says who
    assert flow.peeking == other and flow.curtain_for() == turn and flow.shown_hand() is None
    name, peek = scene.names[other], scene.setup.seats[other].peek_key
    wanted = t("table.msg.let_go", name=name, peek=peek, waiting=scene.names[turn])
    assert any(toast.text == wanted for toast in ref.app.toasts)
    ref.down(PEOPLE_KEYS[turn][1])  # now held down: the lift waits for the glance to end
    ref.step(3)
    assert flow.peeking == other and flow.curtain_for() == turn
    ref.up(PEOPLE_KEYS[other][1])
    ref.step()
    assert flow.shown_hand() == turn and flow.peeking is None  # the lift that waited
    ref.up(PEOPLE_KEYS[turn][1])
    ref.step(2)
    assert flow.shown_hand() == turn  # a lift lasts for the turn, held or not
    ref.tap(PEOPLE_KEYS[turn][1])  # and the owner's own key puts the curtain back
    assert flow.curtain_for() == turn and flow.visible_hands() == set()


# -- the duel's cup -----------------------------------------------------------------------


def lift(ref, seat: int) -> None:
    """The person presses their own peek key, then takes the moment anybody takes to look."""
    ref.tap(PEOPLE_KEYS[seat][1])
    ref.step(GUARD_FRAMES)


def test_the_duel_cup_closes_for_a_reroll_and_only_its_owners_key_opens_it(app, monkeypatch):
    scene, ref = two_person_duel(app, monkeypatch)
    for _ in range(4):  # both are satisfied: the bidding starts
        settle_duel(scene, ref)
        if scene.duel.phase is not Phase.OPENING:
            break
        lift(ref, scene.curtain_for)
        ref.tap(K.K_1)
    settle_duel(scene, ref)
    proposer = scene.curtain_for
    lift(ref, proposer)
    ref.tap(K.K_n)  # the lowest claim, proposed
    ref.tap(K.K_RETURN)
    assert scene.duel.claim is not None
    settle_duel(scene, ref)
    seat = scene.curtain_for
    assert seat == 1 - proposer
    lift(ref, seat)
    assert scene.dice_visible(seat) and scene.acting == seat
    ref.tap(K.K_1)  # keep one die, roll the other four again
    ref.tap(K.K_SPACE)
    assert scene.duel.rerolls_used == 1 and scene.stage.busy
    beat_frames = 0
    while scene.stage.busy:  # "Ben rerolled 4 dice": everybody watches the cup shaken
        assert not scene.dice_visible(seat) and not scene.dice_visible(1 - seat)
        ref.step()
        beat_frames += 1
    assert beat_frames > 5
    assert scene.curtain_for == seat and scene.frame.curtain_again  # "Ben's cup is closed again"
    before = len(scene.duel.history)
    for code in (K.K_RETURN, K.K_SPACE, K.K_1):  # shared keys and a click never open it
        ref.tap(code)
    ref.click((640, 640))
    ref.hold(PEOPLE_KEYS[1 - seat][1], 3)  # the other's glance shows their own dice only
    assert scene.curtain_for == seat and not scene.dice_visible(seat)
    assert len(scene.duel.history) == before
    lift(ref, seat)  # only the owner's key
    assert scene.dice_visible(seat) and scene.acting == seat
    faces = {owner for owner, why in ref.faces if why is Why.OWN_KEY}
    assert faces == {0, 1}  # and every face drawn was its owner's (the referee checked each frame)
