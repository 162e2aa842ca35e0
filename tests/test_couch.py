"""Couch sessions: people share one screen, press everything at every hand-over, and still
nobody sees or moves for another person (issue 8). Each frame is checked by tests/couch.py."""

import random

import pygame
import pytest
from couch import (
    DT,
    GUARD_FRAMES,
    PEOPLE_KEYS,
    KnownMatch,
    Referee,
    app,
    card_table,
    settle_duel,
    two_person_duel,
    watch_actions,
)

from bluffhouse.game.duel import Phase
from bluffhouse.game.duel_events import Mood
from bluffhouse.game.rules import Opening, Rules
from bluffhouse.game.table_setup import deal_hands
from bluffhouse.scenes.duel import layout as DL
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.pause import PauseScene
from bluffhouse.scenes.shell.input import Source
from bluffhouse.scenes.shell.privacy import Why
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.layout import HAND_RECT
from bluffhouse.scenes.table.scene import TableScene

# The referee audits every frame the scenes build: the privacy decision is made there, and the
# painters draw only what a frame holds. The card table sessions paint every frame too (`draws`):
# the fast one is the fast tier's painted cross-check of the table's reveals and floaters.
PAINTED = (pytest.mark.heavy, pytest.mark.draws)

K = pygame
__all__ = ["app"]  # the shared fixture (tests/couch.py)


def hammer_the_curtain(scene, ref, rng, seen: dict) -> None:
    """At a hand-over, people press everything but the right key: nothing may lift the curtain."""
    flow = scene.flow
    seat = flow.curtain_for()
    calls = len(ref.history)
    ref.tap(K.K_SPACE)
    ref.tap(K.K_RETURN)
    ref.down(K.K_RETURN), ref.up(K.K_RETURN), ref.down(K.K_RETURN), ref.up(K.K_RETURN)  # a double tap
    ref.step()
    for _ in range(3):  # a triple tap, a frame apart
        ref.tap(K.K_RETURN)
    ref.click(HAND_RECT.center)  # the curtain itself
    ref.click((HAND_RECT.x + 60, HAND_RECT.bottom - 30))
    others = [p for p in ref.people if p != seat]
    other = rng.choice(others)
    ref.hold(PEOPLE_KEYS[other][1], 3)  # somebody else's peek key: their own cards, never these
    if scene.moment.turn == seat and not scene.moment.over:  # (a computer may have challenged)
        assert flow.curtain_for() == seat and scene.frame.hand is None
        assert all(getattr(a, "seat", None) != seat for a in ref.history[calls:])  # nothing for them
    seen["hammered"] += 1


def lift_and_play(scene, ref, rng, seen: dict) -> None:
    """The owner lifts their curtain with their own key; an instant Enter is swallowed; they play."""
    flow, table = scene.flow, scene.table
    seat = flow.curtain_for()
    ref.tap(PEOPLE_KEYS[seat][1])
    assert flow.shown_hand() == seat and flow.curtain_for() is None
    seen["lifted"] += 1
    calls = len(ref.history)
    ref.tap(K.K_SPACE)
    ref.tap(K.K_RETURN)  # right after the hand-over: the guard swallows both
    assert not scene.hand.selected
    assert all(getattr(a, "seat", None) != seat for a in ref.history[calls:])  # nothing for them
    ref.step(GUARD_FRAMES)
    while flow.wait_left() > 0 and table.turn == seat:
        ref.step()
    if table.turn != seat or flow.shown_hand() != seat:
        return
    if rng.random() < 0.2 and len(ref.people) > 2:  # another person glances: the lifted hand stays
        other = rng.choice([p for p in ref.people if p != seat])
        ref.hold(PEOPLE_KEYS[other][1], 4)
        assert flow.shown_hand() == seat and flow.peeking is None  # never swapped away
        seen["kept"] += 1
    if rng.random() < 0.2:  # the owner puts their curtain back with their own key, then lifts it
        ref.tap(PEOPLE_KEYS[seat][1])
        assert flow.curtain_for() == seat and flow.shown_hand() is None
        ref.tap(PEOPLE_KEYS[seat][1])
        assert flow.shown_hand() == seat
        seen["put_back"] += 1
        ref.step(GUARD_FRAMES)
        while flow.wait_left() > 0 and table.turn == seat:
            ref.step()
        if table.turn != seat or flow.shown_hand() != seat:
            return
    if flow.must_answer():
        ref.tap(K.K_RETURN)
    else:
        for _ in range(rng.randint(1, 3)):
            ref.tap(K.K_SPACE)
            ref.tap(K.K_RIGHT)
        ref.tap(K.K_RETURN)
    if table.last_call is not None and table.last_call.seat == seat and table.turn != seat:
        seen["played"] += 1


def pause_with_a_peek_held(scene, ref, seen: dict) -> None:
    """A person holds their peek key, someone presses Esc, the person lets go, play resumes."""
    flow = scene.flow
    while flow.truth_pending:  # (a computer may have just challenged: no glances until the verdict)
        ref.step()
    seat = next(p for p in ref.people if p != scene.moment.turn)
    peek = PEOPLE_KEYS[seat][1]
    ref.down(peek)
    ref.step(2)
    assert flow.peeking == seat
    ref.tap(K.K_ESCAPE)
    assert isinstance(ref.app.stack.top, PauseScene) and flow.peeking is None
    ref.step(3)
    ref.up(peek)  # let go while the pause is on top
    ref.step(2)
    ref.tap(K.K_ESCAPE)
    assert ref.app.stack.top is scene and flow.peeking is None and flow.visible_hands() == set()
    seen["paused"] += 1


def play_couch_table(scene, ref, seconds: float, seed: int) -> dict:
    rng = random.Random(seed)
    flow, table = scene.flow, scene.table
    seen = {"hammered": 0, "lifted": 0, "played": 0, "kept": 0, "put_back": 0, "paused": 0, "skips": 0}
    while ref.frame * DT < seconds and ref.app.stack.top is scene and not table.is_over:
        if scene.moment.busy:
            ref.step()
            continue
        if flow.holding and flow.hold_until - flow.clock < 0.15:  # a press at the very end
            ref.tap(K.K_RETURN)
            ref.tap(K.K_RETURN)
            seen["skips"] += 1
            continue
        if flow.curtain_for() is not None and not flow.holding and not scene.fx.busy:
            if rng.random() < 0.5 or not seen["hammered"]:
                hammer_the_curtain(scene, ref, rng, seen)
            if rng.random() < 0.15 or not seen["paused"]:
                pause_with_a_peek_held(scene, ref, seen)
            if flow.curtain_for() is not None:
                lift_and_play(scene, ref, rng, seen)
            continue
        roll = rng.random()
        if roll < 0.02:  # somebody challenges with their own key
            ref.tap(PEOPLE_KEYS[rng.choice(ref.people)][0])
        elif roll < 0.05:
            ref.hold(PEOPLE_KEYS[rng.choice(ref.people)][1], rng.randint(1, 8))
        else:
            ref.step()
    return seen


@pytest.mark.parametrize(
    "people, players, kamu, seconds",
    [
        pytest.param((0, 2), 4, False, 20, marks=pytest.mark.draws),  # the fast sibling: a shorter session
        pytest.param((0, 2), 4, False, 45, marks=PAINTED),
        pytest.param((0, 1, 3), 5, True, 45, marks=PAINTED),
        pytest.param((0, 1, 2, 3), 6, False, 45, marks=PAINTED),
    ],
)
def test_couch_card_tables_hide_every_hand_from_everybody_else(
    app, monkeypatch, people, players, kamu, seconds
):
    scene, ref = card_table(app, monkeypatch, people, players, kamu)
    seen = play_couch_table(scene, ref, seconds=seconds, seed=players)
    # the session did what it is about, many times: hammering, lifting, playing, pausing
    assert seen["hammered"] >= 2 and seen["lifted"] >= 3 and seen["played"] >= 2 and seen["paused"] >= 1
    owners = {owner for owner, why in ref.faces if why is Why.OWN_KEY}
    assert owners == set(people)  # everyone saw their own hand, by their own key
    assert {why for _, why in ref.faces} <= {Why.OWN_KEY}  # and nothing else ever showed
    assert sum(n for (seat, kind), n in ref.actions.items() if kind == "Play") >= 2


def test_two_hands_are_never_face_up_together(app, monkeypatch):
    scene, ref = card_table(app, monkeypatch, (0, 1, 2), 3)
    flow = scene.flow
    while scene.moment.busy:
        ref.step()
    turn = scene.moment.turn
    ref.tap(PEOPLE_KEYS[turn][1])
    assert flow.shown_hand() == turn
    other = (turn + 1) % 3
    ref.down(PEOPLE_KEYS[other][1])
    ref.step(3)  # the referee fails any frame with two people's faces
    # a glance never swaps a lifted hand away from the person on turn: it is refused, and says why
    assert flow.peeking is None and flow.shown_hand() == turn and flow.curtain_for() is None
    assert any(scene.names[turn] in toast.text for toast in ref.app.toasts)
    ref.up(PEOPLE_KEYS[other][1])
    ref.step(2)
    assert flow.visible_hands() == {turn} and flow.shown_hand() == turn


def test_an_enter_after_your_own_play_never_lifts_the_next_curtain(app, monkeypatch):
    scene, ref = card_table(app, monkeypatch, (0, 1), 2)
    flow, table = scene.flow, scene.table
    while scene.moment.busy:
        ref.step()
    first = table.turn
    ref.tap(PEOPLE_KEYS[first][1])
    ref.step(GUARD_FRAMES)
    ref.tap(K.K_SPACE)
    ref.down(K.K_RETURN), ref.up(K.K_RETURN), ref.down(K.K_RETURN), ref.up(K.K_RETURN)
    ref.step()  # a double-tapped Enter: the first plays, the second meets the next curtain
    assert table.last_call is not None and table.last_call.seat == first
    assert flow.curtain_for() == 1 - first and flow.shown_hand() is None
    ref.tap(K.K_RETURN)
    ref.tap(K.K_RETURN)
    assert flow.curtain_for() == 1 - first
    assert any("own key" in toast.text for toast in ref.app.toasts)  # the curtain says whose key
    ref.step(4)  # the toasts have risen into place
    assert flow.curtain_for() == 1 - first and ref.app.toasts
    assert all(box.bottom <= HAND_RECT.top for box in ref.app.toast_rects())  # and covers none of its words


# -- the dice duel with two people -------------------------------------------------------


@pytest.mark.parametrize("seconds", [20, pytest.param(60, marks=PAINTED)])  # fast sibling: 20 s
def test_two_people_hammer_enter_at_every_duel_hand_over(app, monkeypatch, seconds):
    scene, ref = two_person_duel(app, monkeypatch)
    rng = random.Random(3)
    proposals = hammered = 0
    while ref.frame * DT < seconds and isinstance(ref.app.stack.top, DuelScene):
        scene = ref.app.stack.top
        ref.scene = scene
        settle_duel(scene, ref)
        duel = scene.duel
        if duel.phase is Phase.OVER:
            ref.tap(K.K_RETURN)
            continue
        seat = scene.frame.curtain_for
        if seat is None:
            seat = scene.frame.acting
        before = len(duel.history)
        # Ana (or Ben) hammers Enter three times, Space, and clicks the curtain: nothing happens
        for code in (K.K_RETURN, K.K_RETURN, K.K_RETURN, K.K_SPACE):
            ref.tap(code, frames=3)
        ref.click(DL.BAR.center)
        ref.hold(PEOPLE_KEYS[1 - seat][1], 3)  # the other person's peek key: their own dice only
        assert scene.frame.curtain_for == seat and len(duel.history) == before and scene.frame.acting is None
        hammered += 1
        ref.tap(PEOPLE_KEYS[seat][1])  # the owner's own key lifts it
        assert scene.frame.acting == seat
        ref.tap(K.K_RETURN)  # an instant Enter right after the hand-over is swallowed
        assert len(duel.history) == before
        ref.step(GUARD_FRAMES)
        if duel.phase is Phase.OPENING:
            ref.tap(K.K_1)
        elif duel.must_challenge:
            ref.tap(PEOPLE_KEYS[seat][0])
        elif duel.claim is not None and rng.random() < 0.25 and duel.may_challenge:
            ref.tap(PEOPLE_KEYS[seat][0])
        else:
            ref.tap(K.K_n)  # the next claim, then Enter proposes it
            ref.tap(K.K_RETURN)
            proposals += 1
        if ref.frame > 4000:
            break
    assert hammered >= seconds // 10 and proposals >= seconds // 20  # 6 and 3 in a minute
    assert {owner for owner, why in ref.faces if why is Why.OWN_KEY} == {0, 1}
    assert sum(ref.actions.values()) >= hammered  # every action was theirs (checked per frame)


def test_a_pause_covers_every_cup_and_a_key_let_go_under_it_leaves_nothing_open(app, monkeypatch):
    scene, ref = two_person_duel(app, monkeypatch)
    settle_duel(scene, ref)
    seat = scene.frame.curtain_for
    other_peek = PEOPLE_KEYS[1 - seat][1]
    ref.down(other_peek)
    ref.step(2)
    assert scene.dice_visible(1 - seat) and not scene.dice_visible(seat)  # one cup at a time
    ref.tap(PEOPLE_KEYS[seat][1])  # the lift waits for the glance: never two cups, never a swap
    assert scene.dice_visible(1 - seat) and not scene.dice_visible(seat) and scene.frame.curtain_for == seat
    ref.tap(K.K_ESCAPE)
    assert isinstance(ref.app.stack.top, PauseScene)
    assert not scene.dice_visible(0) and not scene.dice_visible(1)
    ref.up(other_peek)
    ref.step(3)
    ref.tap(K.K_ESCAPE)
    assert ref.app.stack.top is scene
    assert not scene.dice_visible(0) and not scene.dice_visible(1) and scene.frame.curtain_for == seat


def test_after_satisfied_under_proposer_decides_enter_proposes(app):
    app.input.bind(Source("key", K.K_c), 0, "challenge")
    rules = Rules.duel(points_to_win=1, opening=Opening.PROPOSER_DECIDES)
    seats = [SeatSpec("Ana", True, challenge_key="C"), bot_seat(1, "medium")]
    scene = DuelScene(app, GameSetup(rules, seats, seed=4), KnownMatch(rules, first=0))
    app.stack.push(scene)
    app.stack.apply()
    for _ in range(600):
        if scene.frame.acting == 0 and not scene.frame.stage.busy:
            break
        app.step(DT)
    assert scene.frame.duel.phase is Phase.OPENING and scene.controls.focus == "mood0"
    for code in (K.K_1,):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
        app.step(DT)
    assert scene.frame.duel.moods[0] is Mood.SATISFIED
    for _ in range(600):
        if scene.frame.acting == 0 and not scene.frame.stage.busy and not scene.views.guarded():
            break
        app.step(DT)
    assert scene.frame.duel.phase is Phase.BIDDING and scene.frame.duel.turn == 0
    assert scene.controls.focus == "propose" and scene.controls.enabled("propose")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=K.K_RETURN, mod=0))
    app.step(DT)
    assert scene.frame.duel.claim is not None and scene.frame.duel.claimant == 0


# -- independent randomness ----------------------------------------------------------------


def test_a_computer_players_generator_cannot_replay_the_other_seats_dice(app):
    same = 0
    for seed in range(300):
        setup = GameSetup(Rules.duel(), [SeatSpec("Ana", True), bot_seat(1, "hard")], seed=seed)
        scene = DuelScene(app, setup)
        bot = scene.bots[1]
        assert bot.rng is not scene.rng
        twin = random.Random()
        twin.setstate(bot.rng.getstate())  # what the computer could compute from its generator
        guess = [tuple(twin.randint(1, 6) for _ in range(5)) for _ in range(4)]
        same += scene.duel.dice(0) in guess
    assert same <= 2  # chance: about 300 * 4 / 7776; the shared generator matched 300 of 300


def test_a_computer_players_generator_cannot_replay_the_deal(app):
    for seed in range(60):
        seats = [SeatSpec("Ana", True)] + [bot_seat(s) for s in (1, 2, 3)]
        scene = TableScene(app, GameSetup(Rules.bullets(4), seats, seed=seed))
        for bot in scene.bots.values():
            twin = random.Random()
            twin.setstate(bot.rng.getstate())
            hands, _ = deal_hands(scene.rules, twin, scene.moment.turn)
            assert hands[0] != list(scene.table.hand(0))
        del scene


def test_a_solo_players_keys_still_work_at_once(app, monkeypatch):
    """With one person there is nobody to hide from: no curtain, and no guard in the way."""
    app.input.bind(Source("key", K.K_c), 0, "challenge")
    seats = [SeatSpec("Ana", True, challenge_key="C")] + [bot_seat(s) for s in (1, 2)]
    rules = Rules.bullets(3)
    scene = TableScene(app, GameSetup(rules, seats, seed=2))
    app.stack.push(scene)
    app.stack.apply()
    ref = Referee(app, scene, (0,), DT)
    ref.owner[K.K_c] = (0, "challenge")
    watch_actions(monkeypatch, ref)
    while scene.moment.busy or scene.moment.turn != 0 or scene.moment.game.wait_left > 0:
        ref.step()
    ref.tap(K.K_SPACE)
    ref.tap(K.K_RETURN)
    assert scene.table.last_call.seat == 0 and ref.actions[(0, "Play")] == 1
    assert {why for _, why in ref.faces} == {Why.ALONE}
