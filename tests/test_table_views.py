"""Views: everything a seat may know and nothing more (the leak tests)."""

import random
from collections import Counter
from itertools import combinations_with_replacement

import pytest

from bluffhouse.game.bots import TABLE_BOTS, run_table
from bluffhouse.game.cards import FAKO_CARD, parse_card, parse_cards
from bluffhouse.game.events import CardsRevealed
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Challenge, Play, Table, TableView
from bluffhouse.game.table_view import ALL_CARDS, CallRecord, LastCall, PickupRecord, distinct_plays


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


def test_leak_redealing_the_cards_of_two_other_hands_leaves_the_view_equal():
    t = Table.deal(Rules.bullets(4), seed=8, first=0)
    t.apply(Play(0, t.hand(0)[:2]))
    t.apply(Play(1, t.hand(1)[:1]))
    other = t.redealt_hidden(0, random.Random(2), keeping=[1])  # the cards of hands 2 and 3
    assert other != t
    assert other.view(0) == t.view(0) and hash(other.view(0)) == hash(t.view(0))
    assert other.view(1) == t.view(1)
    assert other.view(2) != t.view(2)  # seat 2's own hand changed


def test_leak_redealing_other_hands_with_the_pile_leaves_the_view_equal():
    t = Table.deal(Rules.kamu(3, jokers=True), seed=4, first=0)
    t.apply(Play(0, t.hand(0)[:1]))
    t.apply(Play(1, t.hand(1)[:2]))
    other = t.redealt_hidden(0, random.Random(1))  # hands 1 and 2, seat 1's cards in the pile
    assert other.pile_cards()[1:] != t.pile_cards()[1:] and other.hand(2) != t.hand(2)
    assert other.view(0) == t.view(0)


def test_leak_a_change_to_the_seats_own_hand_changes_its_view():
    t = Table.deal(Rules.bullets(4), seed=8)
    other = t.redealt_hidden(2, random.Random(3), keeping=[3])  # seat 2 sees neither hand 0 nor 1
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


@pytest.mark.parametrize(
    "seeds", [range(6), pytest.param(range(6, 30), marks=pytest.mark.heavy)], ids=["fast", "heavy"]
)
def test_leak_random_positions_redealing_hidden_cards_never_changes_the_view(seeds):
    # six games a table in the fast tier (about 600 positions redealt), 24 more heavy
    rng = random.Random(1)
    checked = 0
    for game, players in [("bullets", 4), ("kamu", 3), ("kamu", 6), ("bullets", 2)]:
        for seed in seeds:
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
                    other = table.redealt_hidden(seat, rng)
                    assert other.view(seat) == table.view(seat)
                    assert hash(other.view(seat)) == hash(table.view(seat))
                    checked += 1

            run_table(t, bots, after=check)
    assert checked > 300


def pile_callers(view):
    """(caller, cards in the call) of each pile card, oldest first, read from a view's history."""
    calls = []
    for record in reversed(view.history):
        if isinstance(record, PickupRecord):
            break
        calls.append(record)
    return [(r.seat, r.count) for r in reversed(calls) for _ in range(r.count)]


def redeal_keeps_its_promises(table, seat, rng):
    """Redeal what `seat` cannot see and check everything that must stay."""
    before = table.snapshot()
    other = table.redealt_hidden(seat, rng)
    assert table.snapshot() == before  # a copy: the table itself is untouched
    n = table.players
    truth = [table.hand(s) for s in range(n)] + [table.pile_cards(), list(table.set_aside_cards())]
    dealt = [other.hand(s) for s in range(n)] + [other.pile_cards(), list(other.set_aside_cards())]
    assert Counter(c for place in dealt for c in place) == Counter(c for place in truth for c in place)
    assert [len(place) for place in dealt] == [len(place) for place in truth]
    assert other.hand(seat) == table.hand(seat)
    callers = pile_callers(table.view(seat))
    assert len(callers) == table.pile_size
    for card, was, (caller, count) in zip(other.pile_cards(), table.pile_cards(), callers, strict=True):
        assert card == was or caller != seat  # the seat's own calls stay where it put them
        if card.is_fako:  # "played alone", and turned up once the next player acts
            assert count == 1 and caller == table.last_call.seat and table.window_open
    for s in range(n):  # another seat's view changes exactly when its hand does
        same_hand = Counter(other.hand(s)) == Counter(table.hand(s))
        assert (other.view(s) == table.view(s)) == same_hand
    challengers = [s for s in range(n) if other.can_challenge(s)]
    if challengers:  # the table plays on by the rules: a challenge turns up the top of the pile
        top = other.pile_cards()[-other.last_call.count :]
        events = other.clone().apply(Challenge(challengers[0]))
        revealed = [e for e in events if isinstance(e, CardsRevealed)]
        assert list(revealed[0].cards) == top
    return other


@pytest.mark.parametrize(
    "seeds", [range(3), pytest.param(range(3, 12), marks=pytest.mark.heavy)], ids=["fast", "heavy"]
)
@pytest.mark.parametrize("game, players", [("bullets", 3), ("kamu", 4), ("kamu", 5)])
def test_redealing_hidden_cards_keeps_every_card_size_and_own_call_in_place(game, players, seeds):
    # three whole random games a table in the fast tier, each action's redeal checked; nine more heavy
    rules = Rules.bullets(players) if game == "bullets" else Rules.kamu(players, jokers=True)
    rng = random.Random(players)
    for seed in seeds:
        bots = [TABLE_BOTS["random"](s, random.Random(seed * 10 + s)) for s in range(players)]
        run_table(
            Table.deal(rules, seed),
            bots,
            after=lambda table, action, events: redeal_keeps_its_promises(
                table, rng.randrange(table.players), rng
            ),
        )


def test_redealing_hidden_cards_hides_a_fako_in_the_pile_only_alone_in_the_open_call():
    t = Table.from_hands(Rules.kamu(4, jokers=True), ["7P 7T", "8P 8T *F", "9P 9Z 9T", "10P 10Z UP"])
    for play in ("7P", "8P", "9P 9Z", "10P"):  # a lone Fakó would be turned up at the next play
        t.apply(Play(t.turn, C(play)))
    places = set()
    for k in range(60):
        other = redeal_keeps_its_promises(t, 0, random.Random(k))
        assert FAKO_CARD not in other.pile_cards()[:4]
        places.add("pile" if other.pile_cards()[4] == FAKO_CARD else "hand")
    assert places == {"pile", "hand"}


def test_redealing_hidden_cards_is_random_but_reproducible():
    t = Table.deal(Rules.kamu(3, jokers=True), seed=4)
    assert t.redealt_hidden(0, random.Random(5)) == t.redealt_hidden(0, random.Random(5))
    assert len({tuple(t.redealt_hidden(0, random.Random(k)).hand(1)) for k in range(10)}) > 1


def test_history_size_counts_the_records_of_every_view():
    t = three()
    assert t.history_size == 0
    t.apply(Play(0, C("AS 5C")))
    t.apply(Play(1, C("3D")))
    t.apply(Challenge(2))  # the call turned up in place, then the pickup
    assert t.history_size == 3 == len(t.view(0).history) == len(t.view(2).history)


def test_a_card_known_from_a_reveal_is_the_same_object_as_in_the_hand():
    t = three()
    t.apply(Play(0, C("AS")))
    t.apply(Challenge(1))
    assert parse_card("AS") in t.view(1).hand


def _plays_by_definition(hand):
    # Every choice of 1-4 ranks (with repeats) in the order of the ranks' first appearance,
    # taken as combinations_with_replacement lists them; the Fakó only alone.
    kinds = {}
    for card in hand:
        kinds.setdefault(card if card.is_joker else card.rank, []).append(card)
    kinds = list(kinds.values())
    plays = []
    for size in range(1, 5):
        for choice in combinations_with_replacement(range(len(kinds)), size):
            if any(choice.count(k) > len(kinds[k]) for k in choice):
                continue
            if size > 1 and any(kinds[k][0].is_fako for k in choice):
                continue
            plays.append(tuple(c for k in sorted(set(choice)) for c in kinds[k][: choice.count(k)]))
    return plays


def test_distinct_plays_are_every_choice_of_ranks_in_the_ranks_order():
    assert distinct_plays(C("AS AH 5C")) == [C("AS"), C("5C"), C("AS AH"), C("AS 5C"), C("AS AH 5C")]
    assert distinct_plays((FAKO_CARD, *C("KS KH"))) == [(FAKO_CARD,), C("KS"), C("KS KH")]
    rng = random.Random(20)
    for _ in range(150):
        deck = ALL_CARDS[:52] if rng.random() < 0.5 else ALL_CARDS[52:]
        hand = tuple(rng.choice(deck) for _ in range(rng.randint(0, 12)))
        assert distinct_plays(hand) == _plays_by_definition(hand), hand


def test_a_view_asked_for_no_seat_is_refused_even_when_the_seats_views_are_kept():
    table = three()
    kept = [table.view(s) for s in range(3)]
    assert [table.view(s) for s in range(3)] == kept
    for seat in (True, 1.0, "1", -1, 3):
        with pytest.raises(ValueError) as refused:
            table.view(seat)
        assert refused.value.reason.value == "no_seat"
