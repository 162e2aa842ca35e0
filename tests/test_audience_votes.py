"""The audience's votes without a network (issue 31): one vote per watcher and question, changeable
until the question closes; the room's count at a reveal, once; the best reader with ties; what a
watcher may send, checked where it enters; where the TV draws the audience's sign."""

from __future__ import annotations

import json

import pygame
import pytest

from bluffhouse.scenes.phones.audience import Audience, Question, Tally, Verdict
from bluffhouse.scenes.phones.crowd import MAX_AUDIENCE, room
from bluffhouse.scenes.phones.protocol import Bad, Watch, parse_watch


def audience(*numbers: int) -> Audience:
    room = Audience()
    room.begin("game", "call")
    room.arrive(frozenset(numbers))
    return room


def test_a_watcher_may_change_its_vote_until_the_call_is_turned_up_and_the_last_word_counts():
    room = audience(1, 2, 3)
    room.show(Question(7, "call", "Ana: two sevens"), None)
    assert room.vote(1, 7, "lie") and room.vote(2, 7, "truth") and room.vote(1, 7, "truth")
    assert room.said(1) == "truth" and room.said(3) is None
    assert not room.vote(3, 6, "lie")  # a stale page's vote on an older call: refused
    assert not room.vote(9, 7, "lie")  # nobody of that number watches
    tally = room.show(None, Verdict(7, truthful=False))
    assert tally == Tally(7, "call", 0, 2, False)
    assert room.read(1) is False and room.read(2) is False and room.read(3) is None
    assert room.show(None, Verdict(7, truthful=False)) is None  # counted once, not every frame
    assert not room.vote(3, 7, "lie")  # turned up: closed


def test_a_call_closed_by_the_next_play_counts_nothing_and_a_call_nobody_voted_on_says_nothing():
    room = audience(1)
    room.show(Question(3, "call", "Ben: one ace"), None)
    room.vote(1, 3, "lie")
    room.show(Question(4, "call", "Csilla: two twos"), None)  # the next call: 3 was never checked
    assert not room.vote(1, 3, "truth")
    assert room.show(None, Verdict(4, truthful=True)) is None  # nobody voted on 4: no room's vote
    assert room.watchers[1].counted == 0 and room.best() is None and room.room is None


@pytest.mark.parametrize(
    "lie, truth, kind, words",
    [
        (9, 3, "call", "The room said lie, 9 to 3"),
        (1, 4, "call", "The room said truth, 4 to 1"),
        (2, 2, "call", "The room was split, 2 to 2"),
        (5, 0, "claim", "The room said it won't hold, 5 to 0"),
        (0, 1, "claim", "The room said it holds, 1 to 0"),
    ],
)
def test_the_room_says_how_it_voted_with_the_larger_count_first(lie, truth, kind, words):
    assert Tally(1, kind, lie, truth, True).words() == words


def test_the_tv_shows_the_rooms_vote_from_the_reveal_until_the_next_question():
    room = audience(1, 2)
    room.show(Question(10, "call", "Ana: one ace"), None)
    room.vote(1, 10, "lie")
    room.vote(2, 10, "lie")
    room.show(None, Verdict(10, truthful=False))
    assert room.room is not None and room.room.words() == "The room said lie, 2 to 0"
    room.show(Question(12, "call", "Ana: one two"), Verdict(10, truthful=False))
    assert room.room is None


def test_the_best_reader_most_right_ties_named_together_and_nothing_without_a_counted_vote():
    room = audience(1, 2, 3)
    assert room.best() is None
    for question, says, truthful in ((1, ("lie", "lie", "truth"), False), (2, ("truth", "lie", "lie"), True)):
        room.show(Question(question, "call", "x"), None)
        for number, say in zip((1, 2, 3), says, strict=True):
            room.vote(number, question, say)
        room.show(None, Verdict(question, truthful))
    assert room.best() == "Best reader in the audience: Guest 1 (2 of 2 right)"
    room.rename(2, "  Zoé ")
    room.show(Question(3, "call", "x"), None)
    room.vote(2, 3, "truth")
    room.show(None, Verdict(3, True))
    assert room.best() == "Best readers in the audience: Guest 1 and Zoé (2 right each)"
    assert not room.rename(3, "\u200b \n")  # nothing to show: refused, the name stays
    assert room.watchers[3].name == "Guest 3"


def test_a_crowd_of_equals_names_three_and_counts_the_rest_and_nobody_right_says_so():
    room = audience(*range(1, 7))
    room.show(Question(1, "call", "x"), None)
    for number in range(1, 7):
        room.vote(number, 1, "lie")
    room.show(None, Verdict(1, truthful=True))
    assert room.best() == "Nobody in the audience read a call right this time"
    room.show(Question(2, "call", "x"), None)
    for number in range(1, 7):
        room.vote(number, 2, "truth")
    room.show(None, Verdict(2, truthful=True))
    crowd = "Guest 1, Guest 2, Guest 3 and 3 others"
    assert room.best() == f"Best readers in the audience: {crowd} (1 right each)"


def test_a_new_game_reads_afresh_and_a_watcher_who_took_a_seat_is_gone_for_good():
    room = audience(1, 2)
    room.show(Question(1, "call", "x"), None)
    room.vote(1, 1, "lie")
    room.show(None, Verdict(1, False))
    room.begin("game", "call")  # the same game goes on
    assert room.watchers[1].right == 1
    room.begin("next game", "claim")
    assert room.watchers[1].right == 0 and room.kind == "claim" and room.best() is None
    room.leave(2)
    room.arrive(frozenset({1, 2}))  # the server's snapshot, a moment behind
    assert 2 not in room.watchers and room.count == 1


@pytest.mark.parametrize(
    "raw, parsed",
    [
        ({"t": "vote", "q": 7, "say": "lie"}, Watch("vote", 7, "lie")),
        ({"t": "vote", "q": 7, "say": "truth"}, Watch("vote", 7, "truth")),
        ({"t": "name", "name": "Zoé"}, Watch("name", text="Zoé")),
        ({"t": "sit", "to": 3}, Watch("sit", 3)),
        ({"t": "ping", "n": 5}, Watch("ping", 5)),
        ({"t": "vote", "q": 7, "say": "maybe"}, Bad("bad_shape")),
        ({"t": "vote", "q": -1, "say": "lie"}, Bad("bad_shape")),
        ({"t": "vote", "q": True, "say": "lie"}, Bad("bad_shape")),
        ({"t": "vote", "q": 7}, Bad("bad_shape")),
        ({"t": "vote", "q": 7, "say": "lie", "seat": 0}, Bad("bad_shape")),
        ({"t": "sit", "to": 8}, Bad("bad_shape")),
        ({"t": "name", "name": "x" * 65}, Bad("bad_shape")),
        ({"t": "name", "name": ["Zoé"]}, Bad("too_deep")),
        ({"t": "play", "cards": ["7H"]}, Bad("too_deep")),  # a watcher never plays
        ({"t": "accept"}, Bad("unknown_action")),
        ({"t": "challenge"}, Bad("unknown_action")),
    ],
)
def test_what_a_watcher_may_send_is_checked_where_it_enters(raw, parsed):
    assert parse_watch(json.dumps(raw)) == parsed


def test_garbage_from_a_watcher_is_refused():
    assert parse_watch(b"\x00") == Bad("binary")
    assert parse_watch("{" * 2000) == Bad("too_big")
    assert parse_watch("[1]") == Bad("not_object")
    assert parse_watch('{"t": "vote", "t": "vote"}') == Bad("not_json")


def test_the_audience_never_takes_the_places_kept_for_the_seats():
    assert room(96) == MAX_AUDIENCE == 32
    assert room(24) == 8 and room(16) == 0 and room(8) == 0


@pytest.mark.parametrize("players", range(2, 9))
def test_the_tables_audience_sign_covers_no_seat_hand_or_button(players):
    from bluffhouse.scenes.table.layout import (
        AUDIENCE_RECT,
        CHALLENGE_RECT,
        HAND_RECT,
        LOG_BUTTON,
        PLAY_RECT,
        seat_places,
    )

    for anchor in range(players):
        for place in seat_places(players, anchor):
            assert not AUDIENCE_RECT.colliderect(place.rect), (players, anchor, place)
    for other in (HAND_RECT, CHALLENGE_RECT, PLAY_RECT, LOG_BUTTON):
        assert not AUDIENCE_RECT.colliderect(other)


def test_the_duels_audience_sign_covers_no_seat_score_or_bar():
    from bluffhouse.scenes.duel import layout
    from bluffhouse.scenes.duel.paint import AUDIENCE_RECT

    score = pygame.Rect(0, 6, 340, 72)
    score.centerx = 640
    for other in (layout.zone(0), layout.zone(1), layout.BAR, score, layout.CENTER):
        assert not AUDIENCE_RECT.colliderect(other), other


def test_a_long_best_reader_line_wraps_in_a_taller_pill_instead_of_being_cut():
    import pygame

    from bluffhouse.scenes.results.audience import ResultsAudience
    from bluffhouse.scenes.ui.text import READ, fit_lines

    pygame.init()
    surface = pygame.Surface((1280, 720), pygame.SRCALPHA)
    audience = ResultsAudience(None, None)  # (neither the app nor the set-up is read to draw)
    assert audience.lines(560) == 0 and audience.draw(surface, (320, 600), 560) is None
    audience.best = "Best reader in the audience: Ana (5 of 10 right)"
    assert audience.lines(560) == 1
    audience.best = "Best readers in the audience: Guest 2, Guest 6 and Maximiliana Beatrix (2 right each)"
    assert audience.lines(560) == 2
    drawn = audience.draw(surface, (320, 600), 560)
    lines = fit_lines(audience.best, 560 - 28, READ, READ, True, 2, None, -2)[1]
    assert drawn is not None and drawn.bottom <= 600 + 17 and not any("…" in line for line in lines)
