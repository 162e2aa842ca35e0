"""Kamu (RULES.md section 2): after-challenge order, Színes, Fakó, two decks."""

import pytest

from bluffhouse.game.cards import FAKO_CARD, parse_cards
from bluffhouse.game.events import (
    CallAccepted,
    CardsPlayed,
    CardsRevealed,
    Challenged,
    FakoExposed,
    PileTaken,
    TurnStarted,
    Won,
)
from bluffhouse.game.rules import LeadAfterChallenge, Rules, WhoMayChallenge
from bluffhouse.game.table import Accept, Challenge, IllegalAction, Play, Table


def kamu(hands, first=0, **options):
    rules = Rules.kamu(len(hands), jokers=True, **options)
    return Table.from_hands(rules, hands, first=first)


def hand(table, seat):
    return sorted(str(c) for c in table.hand(seat))


FOUR = ["7P 7T 9Z *S", "8P 8T OZ", "9P 10T UM *F", "AP AT KZ"]


# -- A turn and the challenge ------------------------------------------------------------


def test_the_next_player_must_call_the_next_rank_never_another():
    t = kamu(FOUR)
    t.apply(Play(0, parse_cards("7P 7T")))
    assert (t.turn, t.rank) == (1, "8")


def test_kamu_they_lied_they_pick_up_and_the_challenger_plays_next():
    t = kamu(FOUR)
    t.apply(Play(0, parse_cards("9Z")))  # "one seven", a lie
    events = t.apply(Challenge(2))
    assert events == [
        Challenged(challenger=2, caller=0, held=False, bait=False),
        CardsRevealed(seat=0, cards=tuple(parse_cards("9Z")), rank="7", truthful=False, bait=False),
        PileTaken(seat=0, count=1, cards_in_hand=4),
        TurnStarted(seat=2, rank="8"),  # "the rank sequence simply goes on"
    ]
    assert (t.turn, t.rank) == (2, "8")


def test_kamu_they_told_the_truth_the_challenger_picks_up_and_play_continues_in_normal_order():
    t = kamu(FOUR)
    t.apply(Play(0, parse_cards("7P 7T")))
    events = t.apply(Challenge(2))
    assert PileTaken(seat=2, count=2, cards_in_hand=6) in events
    assert events[-1] == TurnStarted(seat=1, rank="8")  # the player after the challenged one
    assert (t.turn, t.rank) == (1, "8")
    assert hand(t, 2) == sorted(["10T", "7P", "7T", "9P", "UM", "*F"])


def test_kamu_after_a_challenged_ace_the_sequence_goes_on_with_seven():
    t = Table.from_hands(Rules.kamu(4), ["7P 7T", "8P 8T", "9P 10T", "AP AT KZ"], first=3, rank="A")
    t.apply(Play(3, parse_cards("KZ")))
    t.apply(Challenge(1))
    assert (t.turn, t.rank) == (1, "7")


def test_kamu_challenger_need_not_be_the_next_player():
    t = kamu(FOUR)
    t.apply(Play(0, parse_cards("9Z")))
    assert all(t.can_challenge(s) for s in (1, 2, 3))  # "any other player, as in Bullets"


def test_kamu_has_no_bullets_by_default_but_bullets_are_an_option():
    t = kamu(FOUR)
    assert [t.bullets(s) for s in range(4)] == [0, 0, 0, 0]
    t.apply(Play(0, parse_cards("9Z")))
    assert t.can_challenge(1)
    armed = kamu(FOUR, bullets_per_player=2)
    assert [armed.bullets(s) for s in range(4)] == [2, 2, 2, 2]


def test_kamu_rules_can_use_bullets_lead_with_winner():
    t = kamu(FOUR, lead_after_challenge=LeadAfterChallenge.WINNER)
    t.apply(Play(0, parse_cards("7P")))
    t.apply(Challenge(3))
    assert (t.turn, t.rank) == (0, "8")  # the caller won the challenge and leads


# -- Színes ------------------------------------------------------------------------------


def test_szines_always_counts_as_the_called_rank():
    t = kamu(FOUR)
    t.apply(Play(0, parse_cards("7P *S")))
    events = t.apply(Challenge(1))
    assert CardsRevealed(0, tuple(parse_cards("7P *S")), "7", True, False) in events


def test_szines_may_be_played_at_any_time_alone_it_is_never_a_lie():
    t = kamu(["*S 7P", "8P 8T", "9P 9T"], first=1)
    t.apply(Play(1, parse_cards("8P")))
    t.apply(Play(2, parse_cards("9P")))
    t.apply(Play(0, parse_cards("*S")))  # "one nine"
    events = t.apply(Challenge(2))
    assert CardsRevealed(0, tuple(parse_cards("*S")), "9", True, False) in events
    assert hand(t, 2) == sorted(["8P", "9P", "9T", "*S"])


def test_szines_with_a_wrong_card_is_still_a_lie():
    t = kamu(FOUR)
    t.apply(Play(0, parse_cards("*S 9Z")))
    assert CardsRevealed(0, tuple(parse_cards("*S 9Z")), "7", False, False) in t.apply(Challenge(1))


# -- Fakó --------------------------------------------------------------------------------


def test_fako_is_played_alone():
    t = kamu(FOUR, first=2)
    before = t.clone()
    with pytest.raises(IllegalAction, match="alone"):
        t.apply(Play(2, parse_cards("9P *F")))
    assert t == before
    assert t.apply(Play(2, parse_cards("*F"))) == [CardsPlayed(2, 1, "7", 3)]


def test_fako_challenged_the_challenger_picks_up_and_play_goes_on_as_after_a_true_call():
    t = kamu(FOUR, first=1)
    t.apply(Play(1, parse_cards("8P")))
    t.apply(Play(2, parse_cards("*F")))  # "one eight"
    events = t.apply(Challenge(0))
    assert events == [
        Challenged(challenger=0, caller=2, held=True, bait=True),
        CardsRevealed(seat=2, cards=(FAKO_CARD,), rank="8", truthful=True, bait=True),
        PileTaken(seat=0, count=2, cards_in_hand=6),
        TurnStarted(seat=3, rank="9"),  # the player after the one challenged
    ]
    assert hand(t, 0) == sorted(["7P", "7T", "8P", "9Z", "*F", "*S"])


def test_fako_let_pass_is_turned_up_and_its_player_picks_up_the_pile_before_the_next_cards():
    t = kamu(FOUR, first=1)
    t.apply(Play(1, parse_cards("8P")))
    t.apply(Play(2, parse_cards("*F")))
    events = t.apply(Play(3, parse_cards("AP")))  # nobody challenged: the next player plays
    assert events == [
        FakoExposed(seat=2),
        PileTaken(seat=2, count=2, cards_in_hand=5),
        TurnStarted(seat=3, rank="9"),
        CardsPlayed(seat=3, count=1, rank="9", cards_left=2),
    ]
    assert hand(t, 2) == sorted(["10T", "8P", "9P", "UM", "*F"])
    assert t.pile_size == 1  # only the next player's card
    assert (t.turn, t.rank) == (0, "10")
    assert t.view(0).history[-3].fako_exposed  # everybody saw the Fakó


def test_a_hand_emptied_with_the_fako_accepted_is_turned_up_and_the_acceptor_plays():
    t = kamu(["7P 7T", "*F", "9P 9T"])
    t.apply(Play(0, parse_cards("7P")))
    t.apply(Play(1, parse_cards("*F")))  # the last card
    events = t.apply(Accept(2))
    assert events == [
        CallAccepted(seat=2, caller=1),
        FakoExposed(seat=1),
        PileTaken(seat=1, count=2, cards_in_hand=2),
        TurnStarted(seat=2, rank="9"),
    ]
    assert not t.is_over and (t.turn, t.rank) == (2, "9")
    t.apply(Play(2, parse_cards("9P")))


def test_a_hand_emptied_with_the_fako_wins_only_if_it_is_challenged():
    t = kamu(["7P 7T", "*F", "9P 9T"])
    t.apply(Play(0, parse_cards("7P")))
    t.apply(Play(1, parse_cards("*F")))
    events = t.apply(Challenge(0))
    assert events[-1] == Won(seat=1, ranking=((1, 1, 0), (2, 2, 2), (3, 0, 3)))


def test_a_hand_emptied_with_the_fako_and_nobody_left_to_challenge_is_turned_up_at_once():
    rules = Rules.kamu(3, jokers=True, who_may_challenge=WhoMayChallenge.NEXT, bullets_per_player=1)
    bullets = [1, 0, 1]  # the only one who may challenge has no bullet
    t = Table.from_hands(rules, ["*F", "8P 8T", "9P 9T"], bullets=bullets)
    events = t.apply(Play(0, parse_cards("*F")))
    assert events == [
        CardsPlayed(seat=0, count=1, rank="7", cards_left=0),
        FakoExposed(seat=0),
        PileTaken(seat=0, count=1, cards_in_hand=1),
        TurnStarted(seat=1, rank="8"),
    ]
    assert not t.is_over and t.turn == 1


# -- Two decks and the end ---------------------------------------------------------------


def test_two_decks_hold_equal_cards_twice():
    t = Table.from_hands(Rules.kamu(5), ["7P 7P 8T", "8P", "9P", "10P", "UP"])
    before = t.clone()
    with pytest.raises(IllegalAction, match="does not hold"):
        t.apply(Play(0, parse_cards("7P 7P 7P")))
    assert t == before
    t.apply(Play(0, parse_cards("7P 7P")))
    assert t.hand(0) == parse_cards("8T")
    assert CardsRevealed(0, tuple(parse_cards("7P 7P")), "7", True, False) in t.apply(Challenge(3))


def test_kamu_round_ends_with_the_same_last_call_rule_as_bullets():
    t = kamu(["7P", "8P 8T", "9P 9T"])
    t.apply(Play(0, parse_cards("7P")))
    with pytest.raises(IllegalAction):
        t.apply(Play(1, parse_cards("8P")))
    assert t.apply(Accept(1))[-1] == Won(seat=0, ranking=((1, 0, 0), (2, 1, 2), (2, 2, 2)))
