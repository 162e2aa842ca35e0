"""The game keeps moving when a phone is gone (issue 31), through the real server and screens.

A phone seat away for AWAY_OFFER seconds of game time while the game waits on it — not wall time,
and not while a pause is up — makes the television ask the room: wait, a computer holds the seat
until the phone is back, or the seat is played here behind the curtain with its person's own
keys. Nothing acts for the person before the room chose (a stray Enter only waits); when the
phone is back the seat is theirs again at once, the TV and the phone say so, and the record of
the game still plays back.
"""

from __future__ import annotations

import pygame
import pytest
from phones import EVENING, Phones, ana_and_a_computer, app, duel_of, phones, wait_for

from bluffhouse.game.records.check import check
from bluffhouse.scenes.pause import PauseScene
from bluffhouse.scenes.play.away import AWAY_OFFER
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.session import SeatSpec, bot_seat
from bluffhouse.scenes.ui.lang import t

__all__ = ["app", "phones"]  # the shared fixtures (tests/phones.py)
HANDS = ["AH AD 5C 7S 9D", "2S 3S 4S 6S 8S"]

DT = EVENING.dt
steps = EVENING.step


def play_seconds(app, seconds: float) -> None:
    """Step the game `seconds` of game time (as fast as the machine goes: no wall time counts)."""
    steps(app, round(seconds / DT))


def held_keys(app, *codes: int) -> None:
    """Keys pressed and let go at the television, one frame each."""
    for code in codes:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        steps(app)


def gone_on_her_turn(app, phones: Phones, scene):
    """Ana's phone joins, the deal ends on her turn, then her screen locks: she is away."""
    ana = phones.connect(0, app.phones.url(0))
    live = lambda: ana.state is not None and ana.state.get("can_play")  # noqa: E731
    assert wait_for(live, 10, lambda: steps(app))
    phones.call(ana.ws.close())
    assert wait_for(lambda: app.phones.status(0) == "away", 10, lambda: steps(app))
    return ana


def back(app, phones: Phones, ana):
    """Ana's phone wakes up and joins again with its own secret."""
    again = phones.connect(1, app.phones.url(0), secret=ana.secret)
    assert wait_for(lambda: app.phones.connected(0), 10, lambda: steps(app))
    steps(app, 2)
    return again


def asked_on_her_turn(app, phones: Phones):
    """Ana's phone gone on her turn long enough: the room is asked. (scene, set-up, her phone)"""
    scene, setup = ana_and_a_computer(app, HANDS, first=0)
    ana = gone_on_her_turn(app, phones, scene)
    play_seconds(app, AWAY_OFFER + 0.5)
    assert offered(app)
    return scene, setup, ana


def offered(app) -> bool:
    return app.stack.top.name == "awayoffer"


def choose(app, downs: int) -> None:
    """The room moves the focus from Wait (downs times) and presses Enter, once the guard is over."""
    steps(app, 20)
    held_keys(app, *([pygame.K_DOWN] * downs), pygame.K_RETURN)
    steps(app, 2)


def test_the_room_is_asked_after_20_s_of_game_time_on_her_turn_and_nothing_moves_before(app, phones):
    scene, _ = ana_and_a_computer(app, HANDS, first=0)
    gone_on_her_turn(app, phones, scene)
    play_seconds(app, AWAY_OFFER - 1)
    assert app.stack.top is scene and scene.moment.turn == 0 and len(scene.moment.seat(0).view.hand) == 5
    app.stack.push(PauseScene(app))  # a paused game's time does not count
    play_seconds(app, 3 * AWAY_OFFER)
    assert app.stack.top.name == "pause"
    app.stack.pop()
    play_seconds(app, 0.5)
    assert app.stack.top is scene  # 19.5 s of game time, not 80
    play_seconds(app, 1)
    assert offered(app)
    held_keys(app, pygame.K_RETURN)  # a press meant for the game as it opened: it answers nothing
    assert offered(app)
    play_seconds(app, 60)  # nobody chose: nothing acts for Ana
    assert offered(app) and scene.moment.turn == 0 and len(scene.moment.seat(0).view.hand) == 5
    held_keys(app, pygame.K_RETURN)  # Wait has the focus
    steps(app, 2)
    assert app.stack.top is scene and len(scene.moment.seat(0).view.hand) == 5 and not scene.flow.stand_ins
    play_seconds(app, AWAY_OFFER + 0.5)
    assert offered(app)  # waited as long again: asked again


def test_a_computer_holds_the_seat_until_the_phone_is_back_then_it_is_hers_with_her_hand(app, phones):
    scene, _, ana = asked_on_her_turn(app, phones)
    choose(app, 1)  # a computer plays for Ana
    assert app.stack.top is scene and scene.flow.stand_ins == {0}
    assert any(toast.text == t("phone.toast.held", name="Ana") for toast in app.toasts)
    assert scene.frame.phones.turn.line == t("phone.tv.held", name="Ana")
    assert wait_for(
        lambda: len(scene.moment.seat(0).view.hand) < 5, 10, lambda: steps(app)
    )  # it played her turn
    assert wait_for(lambda: scene.moment.turn == 0 and not scene.moment.holding, 10, lambda: steps(app))
    again = back(app, phones, ana)  # her turn again, and her phone is back
    assert scene.flow.stand_ins == set() and 0 not in scene.flow.bots
    plans = [scene.flow.planned("turn"), scene.flow.planned("challenge")]
    assert all(plan is None or plan.seat != 0 for plan in plans)  # nothing it planned goes on
    assert any(toast.text == t("phone.toast.back_held", name="Ana") for toast in app.toasts)
    notice = t("phone.note.back_held")
    assert wait_for(lambda: any(m.get("text") == notice for m in again.received), 5, lambda: steps(app))
    assert wait_for(lambda: again.state is not None and again.state["can_play"], 10, lambda: steps(app))
    assert sorted(again.state["hand"]) == sorted(str(card) for card in scene.moment.seat(0).view.hand)
    hand = len(scene.moment.seat(0).view.hand)
    play_seconds(app, 5)
    assert len(scene.moment.seat(0).view.hand) == hand  # the computer plays for her no more
    phones.send(1, {"t": "play", "cards": [again.state["hand"][0]]})
    assert wait_for(lambda: len(scene.moment.seat(0).view.hand) == hand - 1, 5, lambda: steps(app))
    assert check(scene.flow.tape.record()).positions > 0  # the record plays back, moves of both


def test_the_seat_played_here_hides_behind_the_curtain_and_only_her_own_keys_lift_it(app, phones):
    scene, setup, ana = asked_on_her_turn(app, phones)
    choose(app, 2)  # Ana plays here
    assert offered(app) and app.stack.top.step == "challenge"
    held_keys(app, pygame.K_RETURN, pygame.K_k)  # Enter is nobody's key; K becomes her challenge key
    held_keys(app, pygame.K_k, pygame.K_l)  # K again is hers already, the table's L everybody's
    assert offered(app) and app.stack.top.step == "peek"
    said = [toast.text for toast in app.toasts]
    assert t("setup.key_shared.log", button="L") in said
    assert t("setup.key_reserved", button="Enter") in said
    held_keys(app, pygame.K_j)  # J becomes her peek key
    steps(app, 2)
    assert app.stack.top is scene and scene.flow.here == {0}
    assert app.input.binding(Source("key", pygame.K_j)) == (0, "peek")
    assert setup.seats[0].peek_key == "J" and setup.seats[0].challenge_key == "K"
    assert scene.moment.curtain == 0 and scene.frame.hand is None  # alone at the table: curtained
    assert scene.frame.curtain is not None and scene.frame.phones.turn is None
    held_keys(app, pygame.K_RETURN, pygame.K_SPACE)  # shared keys never lift it
    assert scene.moment.curtain == 0 and scene.frame.hand is None
    held_keys(app, pygame.K_j)  # her own peek key does
    assert scene.moment.curtain is None and scene.frame.hand is not None
    play_seconds(app, 1)
    held_keys(app, pygame.K_1, pygame.K_RETURN)  # one ace, as the digit picks it, and Enter
    assert wait_for(lambda: len(scene.moment.seat(0).view.hand) == 4, 5, lambda: steps(app))
    assert app.audit.violations == []
    back(app, phones, ana)
    assert scene.flow.here == set() and 0 in scene.flow.views.phones
    assert app.input.binding(Source("key", pygame.K_j)) is None  # her keys here are given back
    assert setup.seats[0].peek_key is None and setup.seats[0].challenge_key is None
    assert any(toast.text == t("phone.toast.back_here", name="Ana") for toast in app.toasts)
    assert scene.frame.hand is None and app.audit.violations == []


@pytest.mark.parametrize("choice", ["hold", "here"])
def test_the_duel_offers_the_same_when_a_phone_is_gone_on_its_move(app, choice, phones):
    scene = duel_of(app, [SeatSpec("Ana", True, phone=True), bot_seat(1)], points=2, seed=7)
    ana = phones.connect(0, app.phones.url(0))
    assert wait_for(lambda: app.phones.connected(0), 10, lambda: steps(app))
    waits = lambda: scene.phones.turn_shown(scene.moment) == 0  # noqa: E731 - the duel waits on her move
    assert wait_for(waits, 20, lambda: steps(app))
    phones.call(ana.ws.close())
    assert wait_for(lambda: app.phones.status(0) == "away", 10, lambda: steps(app))
    moves = len(scene.duel.history)
    play_seconds(app, AWAY_OFFER + 0.5)
    assert offered(app) and len(scene.duel.history) == moves
    if choice == "hold":
        choose(app, 1)
        ana_moved = lambda: any(getattr(e, "seat", None) == 0 for e in scene.duel.history[moves:])  # noqa: E731
        assert wait_for(ana_moved, 10, lambda: steps(app))  # the stand-in made her move
    else:
        choose(app, 2)
        held_keys(app, pygame.K_k, pygame.K_j)
        steps(app, 2)
        assert scene.flow.here == {0} and scene.frame.curtain_for == 0 and scene.frame.acting is None
        held_keys(app, pygame.K_j)
        assert scene.frame.acting == 0 and scene.views.is_open(0)  # her cup, under her own key
    back(app, phones, ana)
    assert not scene.flow.stand_ins and not scene.flow.here and scene.frame.acting is None
    assert app.audit.violations == []
