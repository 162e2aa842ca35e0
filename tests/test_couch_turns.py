"""Couch turns (issue 18): what a turn costs and what it may never show, through the scenes with
real key events, every frame checked by the referee of tests/couch.py."""

import pygame
import pytest
from couch import GUARD_FRAMES, PEOPLE_KEYS, app, card_table, settle_duel, two_person_duel

from bluffhouse.game.cards import FAKO_CARD, SZINES_CARD, counts_as, parse_cards
from bluffhouse.game.duel import Phase
from bluffhouse.scenes.shell.privacy import Why
from bluffhouse.scenes.table.hand import HandFan
from bluffhouse.scenes.table.reveal_timing import truth_time
from bluffhouse.scenes.ui.lang import t

# The referee audits every frame the scenes build (the privacy decision is made there, and the
# painters draw only what a frame holds); only the reveal's toasts are painted here (`draws`), and
# tests/test_couch.py's card table sessions paint every frame too.

K = pygame
__all__ = ["app"]  # the shared fixture (tests/couch.py)


# -- glances and lifts --------------------------------------------------------------------


def test_a_lift_waits_while_somebody_holds_their_glance_and_says_who_must_let_go(app, monkeypatch):
    scene, ref = card_table(app, monkeypatch, (0, 1, 2), 3)
    flow = scene.flow
    while scene.moment.busy:
        ref.step()
    turn = scene.moment.turn
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
        if scene.frame.duel.phase is not Phase.OPENING:
            break
        lift(ref, scene.frame.curtain_for)
        ref.tap(K.K_1)
    settle_duel(scene, ref)
    proposer = scene.frame.curtain_for
    lift(ref, proposer)
    ref.tap(K.K_n)  # the lowest claim, proposed
    ref.tap(K.K_RETURN)
    assert scene.frame.duel.claim is not None
    settle_duel(scene, ref)
    seat = scene.frame.curtain_for
    assert seat == 1 - proposer
    lift(ref, seat)
    assert scene.dice_visible(seat) and scene.frame.acting == seat
    ref.tap(K.K_1)  # keep one die, roll the other four again
    ref.tap(K.K_SPACE)
    assert scene.frame.duel.rerolls_used == 1 and scene.frame.stage.busy
    beat_frames = 0
    while scene.frame.stage.busy:  # "Ben rerolled 4 dice": everybody watches the cup shaken
        assert not scene.dice_visible(seat) and not scene.dice_visible(1 - seat)
        ref.step()
        beat_frames += 1
    assert beat_frames > 5
    assert scene.frame.curtain_for == seat and scene.frame.curtain_again  # "Ben's cup is closed again"
    before = len(scene.duel.history)
    for code in (K.K_RETURN, K.K_SPACE, K.K_1):  # shared keys and a click never open it
        ref.tap(code)
    ref.click((640, 640))
    ref.hold(PEOPLE_KEYS[1 - seat][1], 3)  # the other's glance shows their own dice only
    assert scene.frame.curtain_for == seat and not scene.dice_visible(seat)
    assert len(scene.duel.history) == before
    lift(ref, seat)  # only the owner's key
    assert scene.dice_visible(seat) and scene.frame.acting == seat
    faces = {owner for owner, why in ref.faces if why is Why.OWN_KEY}
    assert faces == {0, 1}  # and every face drawn was its owner's (the referee checked each frame)


# -- the moment of truth ------------------------------------------------------------------

HANDS = ["AS AH 2S 5S", "2H 2D 3S 9S", "3H 4S 4H 7C"]  # P1 tells the truth, P2 lies with 2♥ 9♠


def play_cards(ref, scene, seat: int, moves) -> None:
    """The person lifts their curtain, waits out the guard and the window, picks, plays with Enter."""
    flow = scene.flow
    while scene.fx.busy or flow.curtain_for() != seat:
        ref.step()
    lift(ref, seat)
    while flow.wait_left() > 0:
        ref.step()
    for code in moves:
        ref.tap(code)
    ref.tap(K.K_RETURN)
    assert scene.table.last_call.seat == seat


@pytest.mark.parametrize("lifted_first", [False, True])
def test_the_next_curtain_names_nobody_until_the_verdict_and_the_cards_stay_readable(
    app, monkeypatch, lifted_first
):
    scene, ref = card_table(app, monkeypatch, (0, 1, 2), 3, hands=HANDS)
    flow, table = scene.flow, scene.table
    play_cards(ref, scene, 0, [K.K_SPACE, K.K_RIGHT, K.K_SPACE])  # two aces: true
    play_cards(ref, scene, 1, [K.K_SPACE, K.K_RIGHT, K.K_RIGHT, K.K_RIGHT, K.K_SPACE])  # 2♥ 9♠: a lie
    while scene.fx.busy:
        ref.step()
    if lifted_first:  # P3 has her hand in front of her when she challenges: it goes back at once
        lift(ref, 2)
        assert flow.shown_hand() == 2
    truth = t("table.curtain.truth")
    ref.tap(PEOPLE_KEYS[2][0])  # P3 challenges P2's call with her own key
    assert scene.fx.reveal is not None and flow.truth_pending
    assert scene.frame.curtain.title == truth and scene.frame.hand is None and flow.shown_hand() is None
    start, titles, readable, frame, said, lines = flow.clock, [], 0, 0, set(), set()
    while scene.fx.reveal is not None:  # one frame a turn of the loop
        if flow.truth_pending:  # a lift or a glance would tell who plays next: both wait
            peek = PEOPLE_KEYS[2 if frame % 2 else 1][1]
            ref.down(peek)
            ref.up(peek)
        else:  # every hand-over hammered: the reveal is never cut short, nor covered by a hand
            code = K.K_RETURN if frame % 2 else K.K_SPACE
            if frame % 5 == 0 and flow.holding:
                code = PEOPLE_KEYS[2][1]
            ref.down(code)
            ref.up(code)
        ref.step()
        frame += 1
        assert flow.visible_hands() == set()
        said |= {toast.text for toast in ref.app.toasts}
        titles.append((flow.clock - start, scene.frame.curtain.title if scene.frame.curtain else None))
        lines.add(scene.frame.curtain.line if scene.frame.curtain else None)
        reveal = scene.fx.reveal
        if reveal is not None and all(f.done for f in reveal.flips) and reveal.leave.elapsed <= 0:
            readable += 1
            assert not any(line.startswith("P2 picks up") for line, _ in scene.log)  # told as it goes
    first_named = next(at for at, title in titles if title != truth)
    assert all(title == truth for at, title in titles if at < first_named)
    assert first_named >= truth_time(2) - ref.dt  # the cards have flipped and the stamp has landed
    assert any(title == t("table.curtain.pass", name="P3") for _, title in titles)  # P3 won: she leads
    assert readable * ref.dt >= 3.5  # the two flipped cards in full view, hammering or not
    assert t("table.msg.wait_verdict") in said  # the peeks during the moment of truth were told why not
    assert t("table.msg.wait_reveal") in said  # and P3's lift while the cards are still on show
    assert t("table.curtain.after_reveal", name="P3", peek="X") in lines  # as her curtain says
    assert table.turn == 2 and table.hand_size(1) == 6 and flow.curtain_for() == 2
    while flow.holding:
        ref.step()
    lift(ref, 2)  # once they have gone, her own key lifts it
    assert flow.shown_hand() == 2


@pytest.mark.draws  # the reveal painted: the flips, the stamp, the toasts around it
@pytest.mark.parametrize("liar", [False, True])
def test_a_challenge_clears_the_tables_toasts_whatever_the_verdict_and_the_reveal_takes_its_own(
    app, monkeypatch, liar
):
    scene, ref = card_table(app, monkeypatch, (0, 1, 2), 3, hands=HANDS)
    flow = scene.flow
    play_cards(ref, scene, 0, [K.K_SPACE, K.K_RIGHT, K.K_SPACE])  # two aces: true
    if liar:
        play_cards(ref, scene, 1, [K.K_SPACE, K.K_RIGHT, K.K_RIGHT, K.K_RIGHT, K.K_SPACE])  # a lie
    challenger = 2 if liar else 1
    while scene.fx.busy or flow.curtain_for() != challenger:
        ref.step()
    ref.tap(K.K_RETURN)  # a shared key at the curtain: the toast names whose key lifts it
    own_key = t("table.msg.curtain_own_key", name=f"P{challenger + 1}", peek="WPX"[challenger])
    assert own_key in {toast.text for toast in ref.app.toasts}
    ref.tap(PEOPLE_KEYS[challenger][0])
    assert flow.truth_pending
    # Gone at the challenge, whether or not the turn will change hands: a toast that stayed for a
    # lie (the challenger leads) and went for the truth would tell the verdict before the cards.
    assert own_key not in {toast.text for toast in ref.app.toasts}
    assert (scene.moment.turn == challenger) is liar
    while flow.truth_pending or not scene.fx.verdict_shown:
        ref.step()
    assert flow.holding
    while flow.hold_until - flow.clock > 0.5:
        ref.step()
    ref.tap(PEOPLE_KEYS[scene.moment.turn][1])  # a moment too early: the cards are still on show
    assert t("table.msg.wait_reveal") in {toast.text for toast in ref.app.toasts}
    while flow.holding:
        ref.step()
    ref.step()
    assert t("table.msg.wait_reveal") not in {toast.text for toast in ref.app.toasts}  # it no longer holds


# -- the challenge window ------------------------------------------------------------------


def test_the_countdown_drains_over_the_minimum_window_then_says_until_whom_the_call_stays_open(
    app, monkeypatch
):
    scene, ref = card_table(app, monkeypatch, (0, 1, 2), 3, hands=HANDS)
    flow = scene.flow
    play_cards(ref, scene, 0, [K.K_SPACE])
    seen = []
    while flow.curtain_for() == 1 and len(seen) < 200:
        call = next((b for b in scene.frame.bubbles if b.kind == "call" and b.alpha > 0.99), None)
        if call is not None:
            seen.append((flow.window_wait(), call.progress, call.caption))
        ref.step()
    draining = [(wait, progress, caption) for wait, progress, caption in seen if wait > 0]
    after = [caption for wait, _, caption in seen if wait <= 0]
    assert draining and all(caption is None and progress > 0 for _, progress, caption in draining)
    assert len(after) > 20 and set(after) == {t("table.window.until", name="P2")}  # P2 is next
    lift(ref, 1)  # P2 may take all the time they need: the call is still open
    assert scene.moment.game.window_open
    ref.tap(PEOPLE_KEYS[2][0])  # and P3 may still challenge it
    assert any(type(a).__name__ == "Challenge" and a.seat == 2 for a in ref.history)


# -- three presses a turn ------------------------------------------------------------------


def test_a_typical_turn_takes_three_presses_and_the_digits_act_only_behind_a_lifted_curtain(app, monkeypatch):
    hands = ["AS AH 5S 9C", "3H 4S 4H 7C", "2H 2D 6S KH"]
    scene, ref = card_table(app, monkeypatch, (0, 1, 2), 3, hands=hands)
    flow, table = scene.flow, scene.table
    presses = {}

    def press(seat: int, code: int) -> None:
        presses[seat] = presses.get(seat, 0) + 1
        ref.tap(code)

    def turn(seat: int, digit: int) -> None:
        while scene.fx.busy or flow.curtain_for() != seat:
            ref.step()
        ref.tap(K.K_2)  # a digit at the curtain is nobody's: nothing is picked, nothing is played
        assert not scene.hand.selected and table.turn == seat and flow.curtain_for() == seat
        press(seat, PEOPLE_KEYS[seat][1])  # 1: their own key lifts the curtain
        ref.step(GUARD_FRAMES)  # (the moment anybody takes to look at their cards)
        press(seat, digit)  # 2: that many cards, the called rank's first
        press(seat, K.K_RETURN)  # 3: played (or held until the minimum window ends)
        while table.turn == seat:
            ref.step()

    turn(0, K.K_2)  # two aces, the truth, in three presses
    assert table.last_call.seat == 0 and table.last_call.count == 2 and table.hand_size(0) == 2
    turn(1, K.K_1)  # no two in hand: one card from the cursor on, a bluff, three presses
    assert table.last_call.count == 1 and table.hand_size(1) == 3
    turn(2, K.K_2)  # threes called: the cursor's card and the next, three presses
    assert table.last_call.count == 2 and table.hand_size(2) == 2
    assert presses == {0: 3, 1: 3, 2: 3}
    plays = [a for a in ref.history if type(a).__name__ == "Play"]
    assert [str(c) for c in plays[0].cards] == ["AS", "AH"]  # the called rank first
    assert [str(c) for c in plays[1].cards] == ["3H"]
    assert [str(c) for c in plays[2].cards] == ["2H", "2D"]
    assert ref.held_made >= 1  # Enter in the minimum window: made for them when it ended


def test_a_digit_picks_the_called_rank_first_and_never_puts_the_fako_with_other_cards():
    fan = HandFan()
    fan.sync(0, parse_cards("7P 9T 9Z AM"))
    fan.pick_count(2, lambda card: card.rank == "9")
    assert sorted(fan.selected) == [1, 2]  # both nines, whatever the cursor
    fan.focus = 3
    fan.pick_count(3, lambda card: card.rank == "9")
    assert sorted(fan.selected) == [1, 2, 3]  # then from the cursor on
    fan.pick_count(4, lambda card: False)
    assert len(fan.selected) == 4 and fan.selected[0] == 3
    fan.sync(0, (*parse_cards("7P 9T AM"), FAKO_CARD, SZINES_CARD))
    fan.focus = [str(c) for c in fan.cards].index(str(FAKO_CARD))
    fan.pick_count(3, lambda card: counts_as(card, "9"))  # the Színes counts as the called rank
    picked = [fan.cards[i] for i in fan.selected]
    assert SZINES_CARD in picked and FAKO_CARD not in picked and len(picked) == 3
    fan.pick_count(1, lambda card: counts_as(card, "K"))
    assert [fan.cards[i] for i in fan.selected] == [SZINES_CARD]  # the truth before the cursor's card
    fan.pick_count(1, lambda card: False)  # nothing true: alone, the card under the cursor, the Fakó
    assert [fan.cards[i] for i in fan.selected] == [FAKO_CARD]


def test_a_hammered_enter_never_hurries_the_duels_lifted_cup(app, monkeypatch):
    scene, ref = two_person_duel(app, monkeypatch)
    for _ in range(4):  # both are satisfied: the bidding starts
        settle_duel(scene, ref)
        if scene.frame.duel.phase is not Phase.OPENING:
            break
        lift(ref, scene.frame.curtain_for)
        ref.tap(K.K_1)
    settle_duel(scene, ref)
    proposer = scene.frame.curtain_for
    lift(ref, proposer)
    ref.tap(K.K_n)
    ref.tap(K.K_RETURN)
    settle_duel(scene, ref)
    ref.tap(PEOPLE_KEYS[1 - proposer][0])  # a challenge with their own key, curtain still down
    assert scene.frame.duel.phase is Phase.OVER
    rounds, lifted = scene.frame.round_number, None
    for frame in range(400):  # both hammer Enter and Space from then on
        ref.tap(K.K_RETURN if frame % 2 else K.K_SPACE)
        if scene.frame.round_number != rounds:
            break
        if lifted is None and scene.stage.show.lifted_at is not None:
            lifted = scene.stage.show.lifted_at
        shown = scene.stage.time - lifted if lifted is not None else 0.0
    assert scene.frame.round_number == rounds + 1  # it moved on, but only once the cup had been read
    assert shown >= 3.5 - ref.dt


def test_in_the_duel_a_lift_waits_for_a_glance_and_the_owners_key_puts_the_cup_back(app, monkeypatch):
    scene, ref = two_person_duel(app, monkeypatch)
    settle_duel(scene, ref)
    seat = scene.frame.curtain_for
    other = 1 - seat
    ref.down(PEOPLE_KEYS[other][1])  # the other person glances at their own dice
    ref.step(2)
    assert scene.dice_visible(other) and not scene.dice_visible(seat)
    ref.down(PEOPLE_KEYS[seat][1])  # the lift waits, and the line says who must let go
    ref.step(2)
    assert scene.frame.curtain_for == seat and not scene.dice_visible(seat)
    holder = scene.setup.seats[other]
    wanted = t("duel.toast.let_go", name=holder.name, peek=holder.peek_key, waiting=scene.names[seat])
    assert any(toast.text == wanted for toast in ref.app.toasts)
    ref.up(PEOPLE_KEYS[other][1])
    ref.step()
    assert scene.frame.acting == seat and scene.dice_visible(seat) and not scene.dice_visible(other)
    ref.up(PEOPLE_KEYS[seat][1])
    ref.step(2)
    ref.hold(PEOPLE_KEYS[other][1], 3)  # a glance never swaps the lifted cup away
    assert scene.dice_visible(seat) and scene.frame.acting == seat
    ref.tap(PEOPLE_KEYS[seat][1])  # the owner's own key puts the curtain back
    assert scene.frame.curtain_for == seat and not scene.dice_visible(seat)
