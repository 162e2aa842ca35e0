"""Bullets' end (RULES.md section 1): emptying the hand, nobody left to challenge, ranking."""

import pytest

from bluffhouse.game.cards import parse_cards
from bluffhouse.game.events import (
    BulletLost,
    BulletSpent,
    CallAccepted,
    CardsPlayed,
    CardsRevealed,
    Challenged,
    PileTaken,
    TurnStarted,
    Won,
)
from bluffhouse.game.rules import Rules, WhoMayChallenge
from bluffhouse.game.table import Accept, Challenge, IllegalAction, Play, Table


def table(hands, players=3, bullets=None, **options):
    return Table.from_hands(Rules.bullets(players, **options), hands, bullets=bullets)


# -- Emptying the hand -------------------------------------------------------------------


def test_a_player_who_plays_their_last_cards_has_not_won_yet():
    t = table(["AS", "2S 3D", "KS KH"])
    assert t.apply(Play(0, parse_cards("AS"))) == [CardsPlayed(0, 1, "A", 0)]
    assert not t.is_over and t.winner is None
    assert t.can_challenge(1) and t.can_challenge(2)


def test_emptied_hand_challenged_and_a_lie_they_pick_up_and_the_game_goes_on():
    t = table(["5C", "2S 3D", "KS KH"])
    t.apply(Play(0, parse_cards("5C")))
    events = t.apply(Challenge(2))
    assert PileTaken(seat=0, count=1, cards_in_hand=1) in events
    assert events[-1] == TurnStarted(seat=2, rank="A")
    assert not t.is_over and t.hand(0) == parse_cards("5C")


def test_emptied_hand_challenged_and_true_they_win():
    t = table(["AS", "2S 3D", "KS KH 5H"])
    t.apply(Play(0, parse_cards("AS")))
    events = t.apply(Challenge(2))
    assert events == [
        Challenged(challenger=2, caller=0, held=True, bait=False),
        BulletSpent(seat=2, bullets_left=2),
        CardsRevealed(seat=0, cards=tuple(parse_cards("AS")), rank="A", truthful=True, bait=False),
        BulletLost(seat=2, bullets_left=2),
        PileTaken(seat=2, count=1, cards_in_hand=4),
        Won(seat=0, ranking=((1, 0, 0), (2, 1, 2), (3, 2, 4))),
    ]
    assert t.is_over and t.winner == 0


def test_emptied_hand_let_stand_by_the_next_player_they_win():
    t = table(["AS", "2S 3D", "KS KH"])
    t.apply(Play(0, parse_cards("AS")))
    events = t.apply(Accept(1))
    assert events == [
        CallAccepted(seat=1, caller=0),
        Won(seat=0, ranking=((1, 0, 0), (2, 1, 2), (2, 2, 2))),
    ]
    assert t.is_over and t.winner == 0


def test_when_the_previous_callers_hand_is_empty_the_next_player_cannot_play():
    t = table(["AS", "2S 3D", "KS KH"])
    t.apply(Play(0, parse_cards("AS")))
    before = t.clone()
    with pytest.raises(IllegalAction, match="accept or challenge"):
        t.apply(Play(1, parse_cards("2S")))
    assert t == before
    assert t.view(1).must_answer


def test_other_players_can_still_challenge_until_the_accept():
    t = table(["5C", "2S 3D", "KS KH"])
    t.apply(Play(0, parse_cards("5C")))
    t.apply(Challenge(2))  # before seat 1 accepted
    assert not t.is_over and t.hand_size(0) == 1
    t = table(["AS", "2S 3D", "KS KH"])
    t.apply(Play(0, parse_cards("AS")))
    t.apply(Accept(1))
    with pytest.raises(IllegalAction, match="over"):
        t.apply(Challenge(2))


def test_accept_is_only_for_a_hand_emptying_call_and_only_by_the_turn():
    t = table(["AS 2C", "2S 3D", "KS KH"])
    t.apply(Play(0, parse_cards("AS")))
    before = t.clone()
    with pytest.raises(IllegalAction, match="must play"):
        t.apply(Accept(1))
    t2 = table(["AS", "2S 3D", "KS KH"])
    t2.apply(Play(0, parse_cards("AS")))
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        t2.apply(Accept(2))
    assert t == before


def test_the_game_stops_the_moment_a_player_wins():
    t = table(["AS", "2S 3D", "KS KH"])
    t.apply(Play(0, parse_cards("AS")))
    t.apply(Accept(1))
    for action in (Play(1, parse_cards("2S")), Challenge(2), Accept(1)):
        before = t.clone()
        with pytest.raises(IllegalAction, match="over"):
            t.apply(action)
        assert t == before
    assert not any(t.can_challenge(s) for s in range(3))


# -- Nobody left to challenge ------------------------------------------------------------


def test_nobody_left_to_challenge_an_emptied_hand_wins_at_once():
    t = table(["5C", "2S 3D", "KS KH 4H"], bullets=[3, 0, 0])
    events = t.apply(Play(0, parse_cards("5C")))  # a lie, but nobody can call it
    assert events == [
        CardsPlayed(seat=0, count=1, rank="A", cards_left=0),
        Won(seat=0, ranking=((1, 0, 0), (2, 1, 2), (3, 2, 3))),
    ]
    assert t.winner == 0


def test_one_player_with_a_bullet_left_keeps_the_call_open():
    t = table(["5C", "2S 3D", "KS KH 4H"], bullets=[0, 0, 1])
    t.apply(Play(0, parse_cards("5C")))
    assert not t.is_over and t.can_challenge(2) and not t.can_challenge(1)
    t.apply(Accept(1))  # seat 1 cannot challenge, so it lets the call stand
    assert t.winner == 0


def test_only_next_option_with_the_next_player_out_of_bullets_wins_at_once():
    t = table(["5C", "2S 3D", "KS KH"], bullets=[3, 0, 3], who_may_challenge=WhoMayChallenge.NEXT)
    events = t.apply(Play(0, parse_cards("5C")))
    assert isinstance(events[-1], Won) and t.winner == 0


def test_no_bullets_option_never_leaves_nobody_to_challenge():
    t = table(["5C", "2S 3D", "KS KH"], bullets_per_player=0)
    t.apply(Play(0, parse_cards("5C")))
    assert not t.is_over and t.can_challenge(1)


# -- End and ranking ---------------------------------------------------------------------


def test_others_are_ranked_by_cards_left_equal_counts_share_a_place():
    hands = ["AS", "2S 2H 3C", "4S 4H 5C", "6S 6H 7C 8D 9S"]
    t = Table.from_hands(Rules.bullets(4), hands)
    t.apply(Play(0, parse_cards("AS")))
    events = t.apply(Accept(1))
    expected = [(1, 0, 0), (2, 1, 3), (2, 2, 3), (4, 3, 5)]
    assert events[-1] == Won(seat=0, ranking=tuple(expected))
    assert t.ranking() == expected


def test_ranking_with_several_ties_uses_standard_competition_places():
    hands = ["2C", "3C 3D", "4C 4D", "5C 5D", "6C", "7C 7D 7H"]
    t = Table.from_hands(Rules.bullets(6), hands, first=4)
    t.apply(Play(4, parse_cards("6C")))  # seat 4 calls an ace with its last card
    t.apply(Accept(5))
    assert t.ranking() == [(1, 4, 0), (2, 0, 1), (3, 1, 2), (3, 2, 2), (3, 3, 2), (6, 5, 3)]


def test_ranking_during_play_orders_by_cards_left():
    t = Table.from_hands(Rules.bullets(3), ["AS AH", "2S", "KS KH"])
    assert t.ranking() == [(1, 1, 1), (2, 0, 2), (2, 2, 2)]
