"""The television's question about a seat, through the real server and the real screens (issue 31):
it names the asking phone by the code that phone shows, a second asker meanwhile is refused on its
own device and never swapped in, the room's Move gives the seat to the phone whose code it showed,
and a phone's press that arrives while a question (or the pause) is up is answered, never dropped."""

from __future__ import annotations

import pygame
from phones import EVENING, Phones, ana_and_a_computer, app, key, kinds, wait_for

from bluffhouse.scenes.pause import PauseScene
from bluffhouse.scenes.phones.devices import CLOSE_BUSY, CLOSE_MOVED, CLOSE_REFUSED
from bluffhouse.scenes.ui.lang import t

__all__ = ["app"]  # the shared fixture (tests/phones.py)

steps = EVENING.step


def code_of(phone) -> str:
    """The code a knocking phone was given to show."""
    return next(message["code"] for message in phone.received if message["t"] == "taken")


def test_the_question_names_the_asking_phone_and_move_gives_the_seat_to_that_phone_only(app):
    scene, _ = ana_and_a_computer(app, ["AH AD 5C", "2S 3S"], first=0)
    mine, second_phone, intruder_phone = Phones(), Phones(), Phones()
    try:
        ana = mine.connect(0, app.phones.url(0))
        assert wait_for(lambda: ana.state is not None and ana.state["hand"], 10, lambda: steps(app))
        second = second_phone.connect(0, app.phones.url(0))  # Ana's other phone: her first one is dying
        assert wait_for(lambda: app.stack.top.name == "moveseat", 10, lambda: steps(app))
        question = app.stack.top
        code = code_of(second)
        assert question.question == t("phone.move.question", name="Ana", code=code)
        assert code in question.question and question.knock == (app.phones.token(0), code)
        intruder = intruder_phone.connect(0, app.phones.url(0))  # somebody else with the link, meanwhile
        assert wait_for(lambda: intruder.closed_code is not None, 5, lambda: steps(app))
        assert intruder.closed_code == CLOSE_BUSY and intruder.received[-1] == {"t": "busy"}
        assert "taken" not in kinds(intruder)  # no code: it is asked about by nobody
        steps(app, 5)
        assert app.stack.top is question and [s.name for s in app.stack.scenes].count("moveseat") == 1
        key(pygame.K_LEFT)  # Move the seat (No has the focus)
        key(pygame.K_RETURN)
        assert wait_for(lambda: ana.closed_code == CLOSE_MOVED, 5, lambda: steps(app))
        assert wait_for(lambda: second.state is not None and second.state["can_play"], 10, lambda: steps(app))
        assert sorted(second.state["hand"]) == ["5C", "AD", "AH"]  # the right phone has Ana's hand
        assert app.stack.top is scene and not app.phones.knocking(app.phones.token(0))
    finally:
        for phones in (mine, second_phone, intruder_phone):
            phones.close()


def test_a_question_whose_asker_left_closes_and_the_next_asker_gets_a_question_of_its_own(app):
    scene, _ = ana_and_a_computer(app)
    mine, first_asker, next_asker = Phones(), Phones(), Phones()
    try:
        mine.connect(0, app.phones.url(0))
        assert wait_for(lambda: app.phones.connected(0), 10, lambda: steps(app))
        first = first_asker.connect(0, app.phones.url(0))
        assert wait_for(lambda: app.stack.top.name == "moveseat", 10, lambda: steps(app))
        asked = app.stack.top
        first_asker.call(first.ws.close())  # it withdrew; another device asks in the same breath
        later = next_asker.connect(0, app.phones.url(0))
        assert wait_for(
            lambda: app.stack.top.name == "moveseat" and app.stack.top is not asked, 10, lambda: steps(app)
        )
        assert asked not in app.stack.scenes  # the question about the phone that left is gone
        assert app.stack.top.knock[1] == code_of(later) != code_of(first)
        key(pygame.K_RETURN)  # No (the focus): the seat stays where it is
        assert wait_for(lambda: later.closed_code == CLOSE_REFUSED, 5, lambda: steps(app))
        assert wait_for(lambda: app.stack.top is scene, 5, lambda: steps(app)) and app.phones.connected(0)
    finally:
        for phones in (mine, first_asker, next_asker):
            phones.close()


def test_a_phones_press_while_a_question_is_up_is_answered_then_plays_once_it_is_gone(app):
    scene, _ = ana_and_a_computer(app, ["AH AD 5C", "2S 3S"], first=0)
    mine, other = Phones(), Phones()
    try:
        ana = mine.connect(0, app.phones.url(0))
        assert wait_for(lambda: ana.state is not None and ana.state["can_play"], 10, lambda: steps(app))
        asker = other.connect(0, app.phones.url(0))
        assert wait_for(lambda: app.stack.top.name == "moveseat", 10, lambda: steps(app))
        notices = lambda: [m["text"] for m in ana.received if m["t"] == "notice"]  # noqa: E731
        mine.send(0, {"t": "play", "cards": ["AH"]})  # sent as the question came up
        assert wait_for(lambda: notices(), 5, lambda: steps(app))
        assert notices() == [t("phone.note.not_now")]  # told, on that phone
        assert len(scene.moment.seat(0).view.hand) == 3  # and not played
        key(pygame.K_ESCAPE)  # No: keep it
        assert wait_for(lambda: asker.closed_code == CLOSE_REFUSED, 5, lambda: steps(app))
        assert wait_for(lambda: app.stack.top is scene, 5, lambda: steps(app))
        assert wait_for(lambda: ana.state["can_play"], 5, lambda: steps(app))
        mine.send(0, {"t": "play", "cards": ["AH"]})  # again, with the table back: it plays
        assert wait_for(lambda: len(scene.moment.seat(0).view.hand) == 2, 5, lambda: steps(app))
        app.stack.push(PauseScene(app))  # the pause says so too
        steps(app)
        mine.send(0, {"t": "challenge"})
        assert wait_for(lambda: len(notices()) == 2, 5, lambda: steps(app))
    finally:
        mine.close()
        other.close()
