"""Couch people at the set-ups (issue 18): press a key and it is yours; a newcomer takes a computer
player's seat instead of growing the table; a seat cycled through the kinds keeps its keys."""

import kit
import pygame
import pytest

from bluffhouse.scenes.menu import MenuScene
from bluffhouse.scenes.setup.cards import SetupScene
from bluffhouse.scenes.shell.input import Source

K = pygame


app = kit.app_fixture(seed=3, menu=False)
press, step, click = kit.SETUP.press, kit.SETUP.step, kit.SETUP.click


def card_setup(app, game="bullets") -> SetupScene:
    app.stack.push(MenuScene(app))
    app.stack.push(SetupScene(app, game))
    app.stack.apply()
    step(app, 1)
    return app.stack.top


def key(code: int) -> Source:
    return Source("key", code)


@pytest.mark.parametrize("game", ["bullets", "kamu"])
def test_people_joining_take_the_computer_players_seats_and_the_table_never_grows(app, game):
    scene = card_setup(app, game)
    draft = scene.draft
    for challenge, peek in ((K.K_q, K.K_w), (K.K_o, K.K_p), (K.K_v, K.K_b)):
        press(app, challenge, peek)
    assert [s.human for s in draft.seats] == [True, True, True, True] and len(draft.seats) == 4
    assert draft.rules().decks == 1  # no fifth seat, no second deck behind anybody's back
    assert [app.input.binding(key(code)) for code in (K.K_q, K.K_o, K.K_v)] == [
        (1, "challenge"),
        (2, "challenge"),
        (3, "challenge"),
    ]
    press(app, K.K_j, K.K_k)  # a table full of people: only now a fifth seat (and Kamu's two decks)
    assert len(draft.seats) == 5 and draft.seats[4].challenge == key(K.K_j)
    assert draft.rules().decks == (2 if game == "kamu" else 1)


def test_cycling_a_persons_seat_kind_keeps_their_keys(app):
    scene = card_setup(app)
    draft = scene.draft
    press(app, K.K_q, K.K_w)  # Player 2 joins on Ben's seat
    kind = scene.rect_of("seat:1:kind").center
    kinds = []
    for _ in range(7):  # person + coach, phone, easy, medium, hard, expert, and back to a person
        click(app, kind)
        kinds.append(draft.seats[1].kind)
        if not draft.seats[1].keyed:
            assert app.input.binding(key(K.K_q)) is None  # a computer player has no keys
    assert kinds == ["coached", "phone", "easy", "medium", "hard", "expert", "person"]
    seat = draft.seats[1]
    assert (seat.challenge, seat.peek) == (key(K.K_q), key(K.K_w))  # theirs again, nothing asked
    assert scene.capture is None and not app.input.capturing
    assert app.input.binding(key(K.K_q)) == (1, "challenge") and app.input.binding(key(K.K_w)) == (1, "peek")


def test_a_person_whose_seat_was_made_a_computer_gets_it_back_with_their_own_key(app):
    scene = card_setup(app)
    draft = scene.draft
    press(app, K.K_q, K.K_w)
    kind = scene.rect_of("seat:1:kind").center
    click(app, kind)  # coached
    click(app, kind)  # on a phone: no keys
    click(app, kind)  # a computer player
    assert not draft.seats[1].human
    press(app, K.K_q)  # "that is my key": the seat comes back to its person, keys and all
    assert draft.seats[1].kind == "coached" and draft.seats[1].peek == key(K.K_w)
    assert [s.human for s in draft.seats] == [True, True, False, False] and scene.capture is None
    # a key somebody else took meanwhile is not given back: that one is asked for again
    click(app, kind)  # on a phone
    click(app, kind)  # a computer player: Q and W kept aside
    other = scene.rect_of("seat:2:kind").center
    for _ in range(5):  # Csilla's seat: the levels above hers, then a person, who presses W and X
        click(app, other)
        if draft.seats[2].human:
            break
    press(app, K.K_w, K.K_x)
    assert draft.seats[2].challenge == key(K.K_w)
    for _ in range(5):
        click(app, kind)
        if draft.seats[1].human:
            break
    assert draft.seats[1].challenge == key(K.K_q) and draft.seats[1].peek is None
    assert draft.without_peek() == 1  # the set-up waits for their new peek key


def test_two_keys_pressed_in_one_frame_are_one_persons_challenge_and_peek_keys(app):
    scene = card_setup(app)
    for code in (K.K_q, K.K_w):  # a quick hand: both keys reach the game in the same frame
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
    step(app, 2)
    seat = scene.draft.seats[1]
    assert (seat.challenge, seat.peek) == (key(K.K_q), key(K.K_w)) and not scene.draft.seats[2].human
    assert scene.capture is None and not app.input.capturing
    press(app, K.K_o)  # the next person's key is theirs, not swallowed
    assert scene.draft.seats[2].challenge == key(K.K_o)
