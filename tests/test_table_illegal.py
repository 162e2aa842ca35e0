"""Every illegal action raises IllegalAction with a readable message and changes nothing."""

import pytest

from bluffhouse.game.actions import Propose
from bluffhouse.game.cards import Card, parse_cards
from bluffhouse.game.errors import IllegalAction as BaseIllegalAction
from bluffhouse.game.rules import Rules, WhoMayChallenge
from bluffhouse.game.table import Accept, Challenge, IllegalAction, Play, Table


def table(**options):
    rules = Rules.bullets(3, **options)
    return Table.from_hands(rules, ["AS AH 5C 6C 7C", "2S 2H 3D", "KS KH 5H"])


def refuse(t, action, match):
    before = t.clone()
    with pytest.raises(IllegalAction, match=match):
        t.apply(action)
    assert t == before
    return before


def test_illegal_action_is_the_errors_module_class_and_a_value_error():
    assert IllegalAction is BaseIllegalAction
    assert issubclass(IllegalAction, ValueError)


@pytest.mark.parametrize(
    "action, match",
    [
        (Play(1, parse_cards("2S")), "It is seat 0's turn, not seat 1's"),
        (Play(0, []), "not 0"),
        (Play(0, parse_cards("AS AH 5C 6C 7C")), "not 5"),
        (Play(0, parse_cards("KS")), "does not hold KS"),
        (Play(0, parse_cards("AS AS")), "does not hold AS"),
        (Play(0, ["AS", "XX"]), "not a card"),
        (Play(0, [42]), "not a card"),
        (Play(0, [Card("Z", "Q")]), "not a card"),
        (Challenge(1), "no call to challenge"),
        (Accept(0), "must play"),
        (Accept(1), "seat 0's turn"),
        (Play(3, parse_cards("AS")), "no seat 3"),
        (Challenge(-1), "no seat -1"),
        (Accept("0"), "no seat"),
        (Propose(0, (1, 1, 1, 1, 1)), "not a move of the card table"),
        ("play", "not a move"),
    ],
)
def test_illegal_action_at_the_start_changes_nothing(action, match):
    refuse(table(), action, match)


def test_queries_about_seats_that_do_not_exist_answer_no():
    t = table()
    t.apply(Play(0, parse_cards("5C")))
    assert not t.can_challenge(-1) and not t.can_challenge(3) and not t.can_challenge("1")
    assert t.first_challenger([-1, 3, None]) is None


def test_play_accepts_notation_strings_as_cards():
    t = table()
    t.apply(Play(0, ["AS", "AH"]))
    assert t.hand(0) == parse_cards("5C 6C 7C")


def test_play_while_a_hand_emptying_call_is_pending():
    t = Table.from_hands(Rules.bullets(3), ["AS", "2S 2H", "KS KH"])
    t.apply(Play(0, parse_cards("AS")))
    refuse(t, Play(1, parse_cards("2S")), "accept or challenge")


def test_challenge_after_the_window_closed():
    t = table()
    t.apply(Play(0, parse_cards("5C")))
    t.apply(Play(1, parse_cards("2S")))
    t.apply(Challenge(0))  # true: seat 0 picks up, seat 1 leads
    refuse(t, Challenge(2), "no longer")


def test_challenge_by_the_caller_without_bullets_and_not_next():
    t = Table.from_hands(
        Rules.bullets(4, who_may_challenge=WhoMayChallenge.NEXT),
        ["AS 2C", "2S 3C", "3S 4C", "4S 5C"],
        bullets=[3, 3, 0, 3],
    )
    t.apply(Play(0, parse_cards("2C")))
    refuse(t, Challenge(0), "own call")
    refuse(t, Challenge(2), "Only seat 1 may challenge")
    t.apply(Play(1, parse_cards("3C")))
    refuse(t, Challenge(2), "no bullets")


def test_nothing_is_legal_once_the_game_is_over():
    t = Table.from_hands(Rules.bullets(3), ["AS", "2S 2H", "KS KH"])
    t.apply(Play(0, parse_cards("AS")))
    t.apply(Accept(1))
    for action in (Play(1, parse_cards("2S")), Play(2, parse_cards("KS")), Challenge(2), Accept(1)):
        refuse(t, action, "over")
    with pytest.raises(IllegalAction):
        t.apply_challenges([1, 2])


def test_a_rejected_action_leaves_views_and_history_unchanged():
    t = table()
    t.apply(Play(0, parse_cards("5C")))
    views = [t.view(s) for s in range(3)]
    for action in (Play(2, parse_cards("KS")), Challenge(0), Accept(2), Play(1, [])):
        with pytest.raises(IllegalAction):
            t.apply(action)
    assert [t.view(s) for s in range(3)] == views
