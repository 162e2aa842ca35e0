"""Bullets (RULES.md section 1): one scenario per rule sentence, from known positions."""

import pytest

from bluffhouse.game.cards import parse_card, parse_cards
from bluffhouse.game.events import (
    BulletLost,
    BulletRefunded,
    BulletSpent,
    CardsPlayed,
    CardsRevealed,
    Challenged,
    PileTaken,
    TurnStarted,
)
from bluffhouse.game.rules import RankAfterChallenge, Rules, WhoMayChallenge
from bluffhouse.game.table import Challenge, IllegalAction, Play, Table


def cards(text):
    return parse_cards(text)


def hand(table, seat):
    return sorted(str(c) for c in table.hand(seat))


def three(**options):
    """Seat 0: AS AH 5C 6C, seat 1: 2S 2H 3D, seat 2: KS KH 5H 9D."""
    return Table.from_hands(Rules.bullets(3, **options), ["AS AH 5C 6C", "2S 2H 3D", "KS KH 5H 9D"])


# -- A turn ----------------------------------------------------------------------------------


def test_a_turn_plays_cards_face_down_claiming_the_called_rank():
    t = three()
    assert (t.turn, t.rank) == (0, "A")
    events = t.apply(Play(0, cards("AS AH")))
    assert events == [CardsPlayed(seat=0, count=2, rank="A", cards_left=2)]
    assert hand(t, 0) == ["5C", "6C"]
    assert t.pile_size == 2
    # "Right after a Play, turn is already the next player and rank the next rank."
    assert (t.turn, t.rank) == (1, "2")


def test_any_card_may_be_of_another_rank_and_one_such_card_makes_the_call_a_lie():
    t = three()
    t.apply(Play(0, cards("AS 5C")))
    events = t.apply(Challenge(1))
    assert CardsRevealed(seat=0, cards=tuple(cards("AS 5C")), rank="A", truthful=False, bait=False) in events


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_a_player_plays_1_2_3_or_4_cards(count):
    t = Table.from_hands(Rules.bullets(2), ["AS AH AD AC 2S", "3S"])
    t.apply(Play(0, t.hand(0)[:count]))
    assert t.hand_size(0) == 5 - count and t.pile_size == count


def test_playing_more_cards_than_one_holds_is_impossible():
    t = Table.from_hands(Rules.bullets(2), ["3S", "AS AH"])
    t.apply(Play(0, cards("3S")))
    t.apply(Challenge(1))  # a three called an ace: seat 0 takes it back, seat 1 leads
    assert t.hand(0) == cards("3S")
    t.apply(Play(1, cards("AS")))
    with pytest.raises(IllegalAction, match="holds only 1"):
        t.apply(Play(0, cards("3S AS")))


# -- Rank sequence ---------------------------------------------------------------------------


def test_rank_sequence_aces_twos_to_kings_then_aces_again():
    t = Table.deal(Rules.bullets(2), seed=7, first=0)
    called = []
    for _ in range(14):
        called.append(t.rank)
        t.apply(Play(t.turn, t.hand(t.turn)[:1]))
    assert called == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def test_the_rank_of_each_turn_is_imposed_never_chosen():
    t = three()
    t.apply(Play(0, cards("5C")))
    assert [e.rank for e in t.apply(Play(1, cards("3D")))] == ["2"]


# -- Challenge window ------------------------------------------------------------------------


def test_any_other_player_may_challenge_not_only_the_next():
    t = three()
    t.apply(Play(0, cards("AS")))
    assert [t.can_challenge(s) for s in range(3)] == [False, True, True]
    assert t.apply(Challenge(2))[0] == Challenged(challenger=2, caller=0, held=True, bait=False)


def test_never_the_caller():
    t = three()
    t.apply(Play(0, cards("AS")))
    before = t.clone()
    with pytest.raises(IllegalAction, match="own call"):
        t.apply(Challenge(0))
    assert t == before


def test_window_closes_when_the_next_player_has_played():
    t = three()
    t.apply(Play(0, cards("5C")))
    t.apply(Play(1, cards("2S")))
    # Only the last call can be challenged: seat 2's challenge is against seat 1's twos.
    events = t.apply(Challenge(2))
    assert events[0] == Challenged(challenger=2, caller=1, held=True, bait=False)
    assert CardsRevealed(seat=1, cards=(parse_card("2S"),), rank="2", truthful=True, bait=False) in events


def test_only_the_last_call_can_be_challenged():
    t = three()
    t.apply(Play(0, cards("5C")))
    t.apply(Play(1, cards("3D")))
    assert not t.can_challenge(1)  # the caller of the last call
    assert t.can_challenge(0) and t.can_challenge(2)
    t.apply(Challenge(0))
    assert hand(t, 1) == ["2H", "2S", "3D", "5C"]  # seat 1 lied about twos


def test_exactly_one_challenge_is_resolved_per_call():
    t = three()
    t.apply(Play(0, cards("5C")))
    t.apply(Challenge(1))
    before = t.clone()
    with pytest.raises(IllegalAction, match="no longer"):
        t.apply(Challenge(2))
    assert t == before


def test_option_only_the_next_player_may_challenge():
    t = three(who_may_challenge=WhoMayChallenge.NEXT)
    t.apply(Play(0, cards("5C")))
    assert [t.can_challenge(s) for s in range(3)] == [False, True, False]
    with pytest.raises(IllegalAction, match="Only seat 1"):
        t.apply(Challenge(2))


def test_same_instant_challengers_the_one_closest_after_the_caller_wins():
    t = Table.from_hands(Rules.bullets(5), ["AS 2C", "2S 3C", "3S 4C", "4S 5C", "5S 6C"], first=1)
    t.apply(Play(1, cards("3C")))  # seat 1 calls aces; after it sit 2, 3, 4, 0
    assert t.first_challenger([0, 4, 3]) == 3
    assert t.first_challenger([0, 4]) == 4
    assert t.first_challenger([1]) is None  # the caller
    assert t.first_challenger([]) is None
    events = t.apply_challenges([0, 4, 3])
    assert events[0] == Challenged(challenger=3, caller=1, held=False, bait=False)


def test_tie_break_skips_seats_that_cannot_challenge():
    rules = Rules.bullets(4)
    t = Table.from_hands(rules, ["AS 2C", "2S 3C", "3S 4C", "4S 5C"], bullets=[3, 0, 3, 3])
    t.apply(Play(0, cards("2C")))
    assert t.first_challenger([1, 3]) == 3
    before = t.clone()
    with pytest.raises(IllegalAction):
        t.apply_challenges([0, 1])
    assert t == before


# -- Bullets -----------------------------------------------------------------------------


def test_each_player_gets_3_bullets():
    t = Table.deal(Rules.bullets(5), seed=1)
    assert [t.bullets(s) for s in range(5)] == [3] * 5


def test_challenging_costs_a_bullet_and_a_correct_challenge_gives_it_back():
    t = three()
    t.apply(Play(0, cards("5C 6C")))
    events = t.apply(Challenge(2))
    assert events == [
        Challenged(challenger=2, caller=0, held=False, bait=False),
        BulletSpent(seat=2, bullets_left=2),
        CardsRevealed(seat=0, cards=tuple(cards("5C 6C")), rank="A", truthful=False, bait=False),
        BulletRefunded(seat=2, bullets_left=3),
        PileTaken(seat=0, count=2, cards_in_hand=4),
        TurnStarted(seat=2, rank="A"),
    ]
    assert t.bullets(2) == 3


def test_a_wrong_challenge_loses_the_bullet_for_good():
    t = three()
    t.apply(Play(0, cards("AS AH")))
    events = t.apply(Challenge(1))
    assert events == [
        Challenged(challenger=1, caller=0, held=True, bait=False),
        BulletSpent(seat=1, bullets_left=2),
        CardsRevealed(seat=0, cards=tuple(cards("AS AH")), rank="A", truthful=True, bait=False),
        BulletLost(seat=1, bullets_left=2),
        PileTaken(seat=1, count=2, cards_in_hand=5),
        TurnStarted(seat=0, rank="A"),
    ]
    assert [t.bullets(s) for s in range(3)] == [3, 2, 3]


def test_a_player_with_no_bullets_cannot_challenge_but_keeps_playing_and_bluffing():
    t = Table.from_hands(Rules.bullets(3), ["AS 5C", "2S 7D 8D", "KS KH"], bullets=[3, 0, 3])
    t.apply(Play(0, cards("5C")))
    assert not t.can_challenge(1)
    before = t.clone()
    with pytest.raises(IllegalAction, match="no bullets"):
        t.apply(Challenge(1))
    assert t == before
    t.apply(Play(1, cards("7D 8D")))  # a bluff of two twos
    assert t.hand(1) == cards("2S") and t.turn == 2


def test_option_no_bullets_challenges_are_free():
    t = three(bullets_per_player=0)
    assert [t.bullets(s) for s in range(3)] == [0, 0, 0]
    t.apply(Play(0, cards("AS")))
    assert t.can_challenge(1)
    events = t.apply(Challenge(1))
    assert not any(isinstance(e, (BulletSpent, BulletLost, BulletRefunded)) for e in events)
    assert [t.bullets(s) for s in range(3)] == [0, 0, 0]


# -- Resolving a challenge ---------------------------------------------------------------


def test_false_call_the_caller_picks_up_the_whole_pile():
    t = three()
    t.apply(Play(0, cards("AS")))
    t.apply(Play(1, cards("3D")))  # a lie
    t.apply(Challenge(0))
    assert hand(t, 1) == ["2H", "2S", "3D", "AS"] and t.pile_size == 0


def test_true_call_the_challenger_picks_up_the_whole_pile():
    t = three()
    t.apply(Play(0, cards("5C")))
    t.apply(Play(1, cards("2S 2H")))
    t.apply(Challenge(2))
    assert hand(t, 2) == ["2H", "2S", "5C", "5H", "9D", "KH", "KS"] and t.pile_size == 0


def test_winner_of_the_challenge_leads_and_the_sequence_restarts_at_the_challenged_rank():
    t = three()
    t.apply(Play(0, cards("AS")))
    t.apply(Play(1, cards("3D")))  # a false call of twos
    t.apply(Challenge(2))  # the challenger wins the challenge
    assert (t.turn, t.rank) == (2, "2")
    t.apply(Play(2, cards("KS")))
    t.apply(Play(0, cards("AH")))  # a false call of threes
    t.apply(Challenge(1))
    assert (t.turn, t.rank) == (1, "3")

    t = three()
    t.apply(Play(0, cards("AS")))
    t.apply(Play(1, cards("2S")))  # a true call of twos
    t.apply(Challenge(0))  # the caller wins the challenge
    assert (t.turn, t.rank) == (1, "2")


def test_option_rank_goes_on_after_a_challenge():
    t = three(rank_after_challenge=RankAfterChallenge.CONTINUE)
    t.apply(Play(0, cards("AS")))
    t.apply(Challenge(1))
    assert (t.turn, t.rank) == (0, "2")
