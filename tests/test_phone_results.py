"""The phones at the results: each phone seat hears how the game ended, in its own words, and its
"again" press is the results' first button pressed by that person — once, for a phone seat of
that game only. (The real page tapping it: test_phone_duel_page.py.)"""

from __future__ import annotations

import pygame
from kit import played_record
from phones import app, dice_lists, wait_for
from story_helpers import finished_duel_match

from bluffhouse.game.match import CardMatch
from bluffhouse.game.rules import Rules
from bluffhouse.scenes.duel.scene import DuelScene
from bluffhouse.scenes.phones.protocol import Press
from bluffhouse.scenes.results.cards import ResultsScene
from bluffhouse.scenes.results.duel import DuelResultsScene
from bluffhouse.scenes.shell.input import PHONE_PRESS
from bluffhouse.scenes.shell.session import GameSetup, SeatSpec, bot_seat
from bluffhouse.scenes.table.scene import TableScene
from bluffhouse.scenes.ui.lang import t

__all__ = ["app"]  # the shared fixture (tests/phones.py)
DT = 1 / 30


def phone(seat: int, kind: str) -> None:
    """A phone's press, as the server's thread posts it."""
    pygame.event.post(pygame.event.Event(PHONE_PRESS, press=Press(seat, kind)))


def open_phones(app, names: dict[int, str]) -> None:
    app.phones.open(names)
    assert wait_for(lambda: app.phones.phase == "ready", 10), app.phones.trouble()


def sent(app, seat: int) -> dict:
    return app.phones.sent[app.phones.token(seat)]


def duel_results(app, seats) -> DuelResultsScene:
    setup = GameSetup(Rules.duel(points_to_win=2), seats, seed=5)
    open_phones(app, {s: spec.name for s, spec in enumerate(seats) if spec.phone})
    scene = DuelResultsScene(app, setup, finished_duel_match(app, seed=5)[1])
    app.stack.push(scene)
    app.stack.apply()
    app.step(DT)
    return scene


def test_each_phone_hears_how_the_duel_ended_in_its_own_words_and_nothing_hidden(app):
    scene = duel_results(app, [SeatSpec("Ana", True, phone=True), SeatSpec("Ben", True, phone=True)])
    winner = scene.match.winner
    for seat in (0, 1):
        state = sent(app, seat)
        assert state["results"] and state["can_again"] and not state["my_turn"]
        assert state["again"] == t("duel.results.again")
        assert [p["score"] for p in state["players"]] == scene.match.scores
        expected = (
            t("duel.results.title.you")
            if seat == winner
            else t("duel.results.title", name=scene.names[winner])
        )
        assert state["status"] == expected
        assert len(state["log"]) == len(scene.match.results)  # one line for each round
        assert dice_lists(state) == []  # the rounds in words: no cup is in it
    assert sent(app, 0)["log"] != sent(app, 1)["log"]  # "you win the point" is said to one


def test_a_phone_seats_again_is_play_again_once_however_many_press_it(app):
    scene = duel_results(app, [SeatSpec("Ana", True, phone=True), SeatSpec("Ben", True, phone=True)])
    pressed = []
    scene.play_again = lambda: pressed.append(1)
    phone(1, "again")
    phone(0, "again")
    app.step(DT)
    assert pressed == [1]
    phone(0, "again")
    app.step(DT)
    assert pressed == [1]


def test_only_a_phone_seat_of_the_game_goes_on(app):
    scene = duel_results(app, [SeatSpec("Ana", True, phone=True), bot_seat(1, "medium")])
    pressed = []
    scene.play_again = lambda: pressed.append(1)
    phone(1, "again")  # not a phone seat of this game
    phone(0, "next")  # a stale "See the results" from the page: the duel is gone
    app.step(DT)
    assert pressed == [] and app.stack.top is scene
    phone(0, "again")
    app.step(DT)
    assert pressed == [1]


def test_play_again_from_a_phone_opens_a_new_match_with_the_same_phones(app):
    scene = duel_results(app, [SeatSpec("Ana", True, phone=True), SeatSpec("Ben", True, phone=True)])
    tokens = [app.phones.token(s) for s in (0, 1)]
    phone(0, "again")
    app.step(DT)
    app.step(DT)
    top = app.stack.top
    assert isinstance(top, DuelScene) and top.match is not scene.match
    assert top.match.scores == [0, 0] and [app.phones.token(s) for s in (0, 1)] == tokens
    assert not sent(app, 0).get("results")  # the new match's own state reached the phone


def card_results(app, rounds: int) -> ResultsScene:
    rules = Rules.kamu(players=3) if rounds > 1 else Rules.bullets(players=3)
    seats = [SeatSpec("Ana", True, phone=True), bot_seat(1), bot_seat(2)]
    setup = GameSetup(rules, seats, seed=3)
    open_phones(app, {0: "Ana"})
    record = played_record(setup, CardMatch(rules, 3), 3)
    scene = ResultsScene(app, record)
    app.stack.push(scene)
    app.stack.apply()
    app.step(DT)
    return scene


def test_a_card_games_phone_hears_the_places_and_goes_on_to_play_again(app):
    scene = card_results(app, 1)
    state = sent(app, 0)
    assert state["status"] == scene.title(0) and state["again"] == t("results.play_again")
    assert state["log_title"] == t("results.places") and len(state["log"]) == 3
    assert not state.get("hand") and [p["cards"] for p in state["players"]] == list(
        scene.record.table.view(0).hand_sizes
    )
    phone(0, "again")
    app.step(DT)
    app.step(DT)
    assert isinstance(app.stack.top, TableScene)


def test_in_a_match_that_goes_on_a_phones_again_is_the_next_round(app):
    scene = card_results(app, 3)
    assert not scene.match_over
    state = sent(app, 0)
    assert state["again"] == t("results.next_round") and state["log_title"] == t("results.match")
    phone(0, "again")
    app.step(DT)
    app.step(DT)
    top = app.stack.top
    assert isinstance(top, TableScene) and top.match is scene.match  # the same match, its next round
