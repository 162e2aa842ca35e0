"""Views: everything a seat may know and nothing more (the leak tests)."""

import random

from game.bots import TABLE_BOTS, run_table
from game.cards import parse_card, parse_cards
from game.rules import Rules
from game.table import Challenge, Play, Table, TableView
from game.table_view import CallRecord, LastCall, PickupRecord


def C(text):
    return tuple(parse_cards(text))


def three():
    return Table.from_hands(Rules.bullets(3), ["AS AH 5C 6C", "2S 2H 3D", "KS KH 5H 9D"])


def test_view_holds_the_seats_own_hand_sorted_and_the_public_counts():
    t = Table.from_hands(Rules.bullets(3), ["6C AH 5C AS", "2S 2H 3D", "KS KH 5H 9D"], first=0)
    v = t.view(0)
    assert isinstance(v, TableView)
    assert v.hand == C("AS AH 5C 6C")  # deck rank order, then suit
    assert (v.seat, v.hand_sizes, v.pile_size, v.set_aside, v.bullets) == (
        0,
        (4, 3, 4),
        0,
        0,
        (3, 3, 3),
    )
    assert (v.first, v.turn, v.rank, v.last_call, v.window_open) == (0, 0, "A", None, False)
    assert (v.can_challenge, v.over, v.winner, v.history) == (False, False, None, ())
    assert v.rules == t.rules and v.my_turn and v.players == 3
    hash(v)


def test_view_of_a_call_shows_its_cards_only_to_the_caller():
    t = three()
    t.apply(Play(0, C("AS 5C")))
    assert t.view(0).history == (CallRecord(0, "A", 2, C("AS 5C")),)
    assert t.view(1).history == (CallRecord(0, "A", 2),)
    assert t.view(1).last_call == LastCall(seat=0, count=2, rank="A", emptied_hand=False)
    assert t.view(1).window_open and t.view(1).can_challenge and not t.view(0).can_challenge


def test_view_after_a_challenge_shows_the_revealed_cards_to_all_and_the_pickup_to_the_taker():
    t = three()
    t.apply(Play(0, C("AS 5C")))
    t.apply(Play(1, C("3D")))
    t.apply(Challenge(2))
    revealed = CallRecord(1, "2", 1, C("3D"), challenged_by=2, truthful=False)
    for seat in range(3):
        history = t.view(seat).history
        assert history[1] == revealed and history[1].revealed
        own = C("AS 5C 3D") if seat == 1 else None
        assert history[2] == PickupRecord(1, 3, own)
    assert t.view(0).history[0].cards == C("AS 5C")
    assert t.view(2).history[0].cards is None  # seat 0's aces stay face down for seat 2


def _swap(table, a, b, i=0, j=0):
    """Exchange card i of seat a's hand with card j of seat b's hand (behind the engine's back)."""
    ha, hb = table._hands[a], table._hands[b]
    ha[i], hb[j] = hb[j], ha[i]
    table._sorted[a] = table._sorted[b] = None
    table._views.clear()


def test_leak_swapping_cards_between_two_other_hands_leaves_the_view_equal():
    t = Table.deal(Rules.bullets(4), seed=8, first=0)
    t.apply(Play(0, t.hand(0)[:2]))
    t.apply(Play(1, t.hand(1)[:1]))
    other = t.clone()
    _swap(other, 2, 3, 0, 4)
    assert other != t
    assert other.view(0) == t.view(0) and hash(other.view(0)) == hash(t.view(0))
    assert other.view(1) == t.view(1)
    assert other.view(2) != t.view(2)  # seat 2's own hand changed


def test_leak_swapping_an_other_hand_with_the_pile_leaves_the_view_equal():
    t = Table.deal(Rules.kamu(3, jokers=True), seed=4, first=0)
    t.apply(Play(0, t.hand(0)[:1]))
    t.apply(Play(1, t.hand(1)[:2]))
    other = t.clone()
    other._pile[1], other._hands[2][0] = other._hands[2][0], other._pile[1]  # seat 1's card
    other._sorted[2] = None
    other._set_aside = other._set_aside[::-1]
    assert other.view(0) == t.view(0)


def test_leak_a_change_to_the_seats_own_hand_changes_its_view():
    t = Table.deal(Rules.bullets(4), seed=8)
    other = t.clone()
    _swap(other, 0, 1)
    assert other.view(0) != t.view(0)
    assert other.view(2) == t.view(2)


def test_views_are_equal_when_everything_the_seat_may_know_is_equal():
    a = Table.from_hands(Rules.bullets(3), ["AS 2C 3C", "4D 5D 6D", "7H 8H 9H"])
    b = Table.from_hands(Rules.bullets(3), ["AS 2C 3C", "7H 9H 4D", "8H 5D 6D"])
    for t, plays in ((a, ["AS", "4D 5D", "7H"]), (b, ["AS", "7H 9H", "5D"])):
        for text in plays:
            t.apply(Play(t.turn, parse_cards(text)))
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)


def _redistribute(table, seat, rng):
    """Deal every card `seat` cannot see (other hands, pile, set-aside) anew, same counts."""
    others = [s for s in range(table.players) if s != seat]
    hidden = [c for s in others for c in table._hands[s]] + table._pile + list(table._set_aside)
    rng.shuffle(hidden)
    for s in others:
        size = len(table._hands[s])
        table._hands[s], hidden = hidden[:size], hidden[size:]
        table._sorted[s] = None
    size = len(table._pile)
    table._pile, hidden = hidden[:size], hidden[size:]
    table._set_aside = tuple(hidden)
    table._views.clear()


def test_leak_random_positions_redistributing_hidden_cards_never_changes_the_view():
    rng = random.Random(1)
    checked = 0
    for game, players in [("bullets", 4), ("kamu", 3), ("kamu", 6), ("bullets", 2)]:
        for seed in range(12):
            rules = Rules.bullets(players) if game == "bullets" else Rules.kamu(players, True)
            t = Table.deal(rules, seed)
            bots = [
                TABLE_BOTS["random" if s % 2 else "sensible"](s, random.Random(seed + s))
                for s in range(players)
            ]

            def check(table, action, events):
                nonlocal checked
                if rng.random() < 0.3:
                    seat = rng.randrange(table.players)
                    other = table.clone()
                    _redistribute(other, seat, rng)
                    assert other.view(seat) == table.view(seat)
                    checked += 1

            run_table(t, bots, after=check)
    assert checked > 300


def test_a_card_known_from_a_reveal_is_the_same_object_as_in_the_hand():
    t = three()
    t.apply(Play(0, C("AS")))
    t.apply(Challenge(1))
    assert parse_card("AS") in t.view(1).hand
