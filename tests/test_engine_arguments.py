"""Every engine argument is checked where it enters: wrong types raise TypeError, wrong values
IllegalAction with a reason (issue 10). One test per defect found with hostile calls."""

import math
import random

import pytest

from bluffhouse.game.actions import Challenge, Declare, Play, Propose, Reroll
from bluffhouse.game.cards import Card, parse_card, parse_cards
from bluffhouse.game.duel import Duel, Phase
from bluffhouse.game.errors import IllegalAction, Reason
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.rules import GameKind, Rules
from bluffhouse.game.table import Accept, Table

SAT = "satisfied"
DICE = ((1, 1, 3, 3, 5), (6, 5, 5, 3, 2))


def bidding() -> Duel:
    duel = Duel.new(7, first=0, dice=DICE)
    duel.apply(Declare(0, SAT))
    duel.apply(Declare(1, SAT))
    return duel


def refused(engine, call, kind=IllegalAction, reason=None):
    """call() raises `kind` (with `reason`) and the engine's whole state is unchanged."""
    before = engine.snapshot()
    with pytest.raises(kind) as caught:
        call()
    assert engine.snapshot() == before
    if reason is not None:
        assert caught.value.reason is reason
    return caught.value


class LiesEqual:
    """Equal to everything, hashing like `value`: slips through any dict or == check."""

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return hash(self.value)


# ---- the duel ----------------------------------------------------------------------------


def test_a_float_seat_cannot_propose_and_leave_the_round_unending():
    duel = bidding()
    error = refused(duel, lambda: duel.apply(Propose(0.0, (2, 2, 5, 4, 3))), TypeError, Reason.NO_SEAT)
    assert isinstance(error, IllegalAction)  # apply's one contract still holds
    assert duel.turn == 0 and duel.claim is None


def test_a_float_seat_cannot_challenge_and_win_as_0_0():
    duel = bidding()
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    refused(duel, lambda: duel.apply(Challenge(1.0)), TypeError, Reason.NO_SEAT)
    duel.apply(Challenge(1))
    assert type(duel.winner) is int


@pytest.mark.parametrize("first", [0.0, 1.0, True, "0", LiesEqual(0)])
def test_duel_new_refuses_a_first_seat_that_only_compares_equal(first):
    with pytest.raises(TypeError) as caught:
        Duel.new(3, first=first)
    assert caught.value.reason is Reason.NO_SEAT


@pytest.mark.parametrize("mood", [LiesEqual("satisfied"), b"satisfied", 1])
def test_a_mood_must_be_a_string(mood):
    duel = Duel.new(3, first=0, dice=DICE)
    refused(duel, lambda: duel.apply(Declare(0, mood)), TypeError, Reason.BAD_MOOD)


class LyingInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


def test_keep_and_dice_must_be_real_ints():
    duel = bidding()
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    refused(duel, lambda: duel.apply(Reroll(1, (LyingInt(0),))), TypeError, Reason.BAD_KEEP)
    refused(duel, lambda: duel.apply(Reroll(1, (0.0,))), TypeError, Reason.BAD_KEEP)
    refused(duel, lambda: duel.apply(Propose(1, (LyingInt(6),) * 5)), TypeError, Reason.BAD_DICE)
    refused(duel, lambda: duel.apply(Propose(1, (6, 6, 6, 6, 6.0))), TypeError, Reason.BAD_DICE)
    refused(duel, lambda: duel.apply(Propose(1, (6, 6, 6, 6, 7))), IllegalAction, Reason.BAD_DICE)


def test_duel_queries_refuse_what_is_no_seat():
    duel = bidding()
    assert refused(duel, lambda: duel.view("0"), TypeError).reason is Reason.NO_SEAT
    refused(duel, lambda: duel.dice(-1), IllegalAction, Reason.NO_SEAT)
    refused(duel, lambda: duel.dice(True), TypeError, Reason.NO_SEAT)


def test_duel_new_checks_its_dice_and_rules_and_seed():
    for dice in ([(1, 2, 3, 4, 5)], ((1, 2, 3, 4, 5), (1, 2, 3, 4, 7))):
        with pytest.raises(IllegalAction):
            Duel.new(3, dice=dice)
    for dice in ("11111", ((1, 2, 3, 4, 5), (1, 2, 3, 4, 5.0))):
        with pytest.raises(TypeError):
            Duel.new(3, dice=dice)
    with pytest.raises(TypeError):
        Duel.new(3, rules="duel")
    with pytest.raises(IllegalAction) as caught:
        Duel.new(3, rules=Rules.bullets())
    assert caught.value.reason is Reason.WRONG_GAME
    with pytest.raises(TypeError):
        Duel.new(seed=[1, 2])  # a mutable seed would make two equal duels differ later


# ---- Rules -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "option, value",
    [
        ("bullets_per_player", True),
        ("bullets_per_player", 2.0),
        ("players", "4"),
        ("players", 2.5),
        ("rounds", None),
        ("jokers", 1),
        ("challenge_window", "2"),
        ("challenge_window", True),
        ("game", "bullets"),
        ("who_may_challenge", "anyone"),
        ("decks", LiesEqual(1)),
    ],
)
def test_rules_refuse_a_wrong_type_at_construction_naming_the_option(option, value):
    with pytest.raises(TypeError) as caught:
        Rules(**{option: value})
    assert caught.value.reason is Reason.WRONG_TYPE and caught.value.what == option
    assert option in str(caught.value)


@pytest.mark.parametrize("window", [math.nan, math.inf, -0.5, 1e9])
def test_rules_refuse_a_challenge_window_that_is_no_time(window):
    with pytest.raises(IllegalAction) as caught:
        Rules.bullets(challenge_window=window)
    assert caught.value.reason is Reason.BAD_OPTION and caught.value.what == "challenge_window"


def test_rules_kamu_refuses_a_player_count_that_is_not_an_int():
    for players in ("4", 2.5, True):
        with pytest.raises(TypeError):
            Rules.kamu(players=players)
    assert Rules.bullets(challenge_window=3).challenge_window == 3  # an int is a number of seconds


# ---- the card table ------------------------------------------------------------------------


def table() -> Table:
    return Table.from_hands(Rules.bullets(3), ["AS AH 5C 6C 7C", "2S 2H 3D", "KS KH 5H"])


def test_hand_of_a_negative_seat_is_refused_not_the_last_seats():
    t = table()
    for query in (t.hand, t.hand_size, t.bullets, t.view, t.legal_actions):
        refused(t, lambda q=query: q(-1), IllegalAction, Reason.NO_SEAT)
        refused(t, lambda q=query: q(3), IllegalAction, Reason.NO_SEAT)


def test_view_of_a_string_seat_is_a_clear_type_error():
    t = table()
    for query in (t.view, t.hand, t.hand_size, t.bullets, t.legal_actions):
        for seat in ("0", 0.0, True, None, LiesEqual(0)):
            error = refused(t, lambda q=query, s=seat: q(s), TypeError, Reason.NO_SEAT)
            assert "no seat" in str(error)


def test_a_seat_too_big_to_print_is_refused_with_a_readable_message():
    t = table()
    error = refused(t, lambda: t.apply(Challenge(10**5000)), IllegalAction, Reason.NO_SEAT)
    assert str(error).startswith("There is no seat <int>")  # str() of it would raise ValueError
    duel = bidding()
    refused(duel, lambda: duel.view(-(10**5000)), IllegalAction, Reason.NO_SEAT)
    with pytest.raises(IllegalAction):
        Rules.bullets(rounds=10**5000)


def views_hold_the_hands(t):
    """Every seat's view holds exactly that seat's cards (no view or sorted hand of another table)."""
    return all(sorted(t.view(s).hand, key=str) == sorted(t.hand(s), key=str) for s in range(t.players))


def test_clone_shares_nothing_mutable():
    t = table()
    views = [t.view(s) for s in range(t.players)]
    before = t.snapshot()
    twin = t.clone()
    twin.opening_events.append("not an event")
    twin.apply(Play(0, parse_cards("AS")))
    assert t.opening_events != twin.opening_events and t.hand(0) == parse_cards("AS AH 5C 6C 7C")
    twin.apply(Challenge(1))  # a bullet spent, the pile picked up, the last call turned up in every history
    assert views_hold_the_hands(twin)
    assert t.snapshot() == before and [t.view(s) for s in range(t.players)] == views
    mark = twin.snapshot()
    t.apply(Play(0, parse_cards("AH")))
    t.apply(Challenge(2))
    assert twin.snapshot() == mark and views_hold_the_hands(t) and views_hold_the_hands(twin)


def test_duel_clone_shares_nothing_mutable():
    opening = Duel.new(7, first=0, dice=DICE)
    twin = opening.clone()
    before = opening.snapshot()
    twin.apply(Declare(0, "not_satisfied"))
    twin.apply(Declare(1, "not_satisfied"))  # both moods, then every die rolled again
    assert opening.snapshot() == before and opening.moods == (None, None)
    duel = bidding()
    twin = duel.clone()
    before = duel.snapshot()
    twin.apply(Propose(0, (2, 2, 5, 4, 3)))
    twin.apply(Reroll(1, (0,)))  # the generator drawn from, the dice and the history changed
    assert duel.snapshot() == before and duel.dice(1) == DICE[1]
    mark = twin.snapshot()
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    duel.apply(Reroll(1, (0,)))
    assert twin.snapshot() == mark
    assert duel == twin  # each rolled the same faces from its own copy of the generator


def test_redealt_hidden_checks_its_seat_generator_and_kept_seats():
    t = table()
    rng = random.Random(1)
    state = rng.getstate()
    refused(t, lambda: t.redealt_hidden(3, rng), IllegalAction, Reason.NO_SEAT)
    refused(t, lambda: t.redealt_hidden(0.0, rng), TypeError, Reason.NO_SEAT)
    for bad in (1, None, "seed", random.SystemRandom()):  # a seeded random.Random, nothing else
        refused(t, lambda r=bad: t.redealt_hidden(0, r), TypeError, Reason.WRONG_TYPE)
    refused(t, lambda: t.redealt_hidden(0, rng, keeping=1), TypeError, Reason.WRONG_TYPE)
    refused(t, lambda: t.redealt_hidden(0, rng, keeping=[True]), TypeError, Reason.NO_SEAT)
    refused(t, lambda: t.redealt_hidden(0, rng, keeping=(5,)), IllegalAction, Reason.NO_SEAT)
    assert rng.getstate() == state  # nothing was drawn before the refusal


def test_the_whole_truth_is_handed_out_as_copies():
    t = Table.from_hands(Rules.kamu(3), ["7P 8P", "9P 10P", "UP OP"], set_aside="KP", pile="AP")
    t.pile_cards().clear()
    assert t.pile_cards() == parse_cards("AP") and t.set_aside_cards() == tuple(parse_cards("KP"))


def test_cards_that_only_pretend_are_refused_before_any_lookup():
    t = table()
    for card in (LiesEqual(Card("A", "S")), Card(LiesEqual("A"), "S"), 42, None, ("A", "S")):
        refused(t, lambda c=card: t.apply(Play(0, [c])), TypeError, Reason.NOT_A_CARD)
    refused(t, lambda: t.apply(Play(0, ["ZZ"])), IllegalAction, Reason.NOT_A_CARD)
    with pytest.raises(TypeError):
        parse_card(42)  # was an AttributeError
    with pytest.raises(TypeError):
        Table.from_hands(Rules.bullets(2), [[42], ["AS"]])


def test_table_construction_checks_rules_seats_seeds_bullets_and_ranks():
    rules = Rules.bullets(2)
    with pytest.raises(TypeError):
        Table.deal("bullets", 1)
    with pytest.raises(IllegalAction) as caught:
        Table.deal(Rules.duel(), 1)
    assert caught.value.reason is Reason.WRONG_GAME
    for first in (0.0, True, "1"):
        with pytest.raises(TypeError):
            Table.deal(rules, 1, first=first)
    with pytest.raises(IllegalAction):
        Table.deal(rules, 1, first=2)
    with pytest.raises(TypeError):
        Table.deal(rules, object())
    with pytest.raises(TypeError):
        Table.from_hands(rules, ["AS", "2S"], bullets=[3, True])
    with pytest.raises(IllegalAction):
        Table.from_hands(rules, ["AS", "2S"], bullets=[3, 4])
    with pytest.raises(TypeError):
        Table.from_hands(rules, ["AS", "2S"], rank=LiesEqual("A"))
    with pytest.raises(IllegalAction):
        Table.from_hands(rules, ["AS", "2S"], rank="Z")


def test_the_same_seat_as_an_accept_in_another_type_is_refused():
    t = Table.from_hands(Rules.bullets(3), ["AS", "2S 2H", "KS KH"])
    t.apply(Play(0, parse_cards("AS")))
    refused(t, lambda: t.apply(Accept(1.0)), TypeError, Reason.NO_SEAT)
    refused(t, lambda: t.apply_challenges([2.0, "2", True]), IllegalAction, Reason.NO_CHALLENGER)
    refused(t, lambda: t.apply_challenges(5), TypeError, Reason.WRONG_TYPE)


# ---- matches -------------------------------------------------------------------------------


def finished(match: CardMatch) -> Table:
    t = match.new_game()
    while not t.is_over:
        moves = [a for a in t.legal_actions(t.turn) if not isinstance(a, Challenge)]
        t.apply(max(moves, key=lambda a: len(getattr(a, "cards", ()))))  # Accept, or the most cards
    return t


def test_a_match_does_not_score_the_same_table_twice():
    match = CardMatch(Rules.kamu(players=3), seed=1)
    t = finished(match)
    match.record(t)
    refused(match, lambda: match.record(t), IllegalAction, Reason.ALREADY_RECORDED)
    assert match.games_played == 1 and sum(match.scores) == sum(match.results[0].points)


def test_a_match_refuses_a_table_of_another_game_or_size():
    match = CardMatch(Rules.kamu(players=3), seed=1)
    for rules in (Rules.bullets(3), Rules.kamu(4), Rules.kamu(3, jokers=True)):
        other = finished(CardMatch(rules, seed=2))
        refused(match, lambda o=other: match.record(o), IllegalAction, Reason.NOT_THIS_MATCH)
    for junk in (None, "table", 3, Duel.new(1)):
        refused(match, lambda j=junk: match.record(j), TypeError, Reason.WRONG_TYPE)
    assert match.games_played == 0 and match.scores == [0, 0, 0]


def test_a_card_match_first_seat_is_a_seat():
    with pytest.raises(IllegalAction):
        CardMatch(Rules.bullets(4), first=7)  # was silently seat 3
    with pytest.raises(TypeError):
        CardMatch(Rules.bullets(4), first=1.0)
    with pytest.raises(IllegalAction):
        CardMatch(Rules.duel())


def test_a_duel_match_does_not_score_a_round_twice_or_of_other_rules():
    match = DuelMatch(Rules.duel(), seed=2)
    duel = match.new_round()
    duel.apply(Declare(duel.turn, SAT))
    duel.apply(Declare(duel.turn, SAT))
    duel.apply(Propose(duel.turn, (2, 2, 5, 4, 3)))
    duel.apply(Challenge(duel.turn))
    assert duel.phase is Phase.OVER
    match.record(duel)
    refused(match, lambda: match.record(duel), IllegalAction, Reason.ALREADY_RECORDED)
    assert sum(match.scores) == 1
    other = Duel.new(5, first=0, rules=Rules.duel(points_to_win=5))
    other.apply(Declare(0, SAT))
    other.apply(Declare(1, SAT))
    other.apply(Propose(0, (2, 2, 5, 4, 3)))
    other.apply(Challenge(1))
    refused(match, lambda: match.record(other), IllegalAction, Reason.NOT_THIS_MATCH)
    refused(match, lambda: match.record(table()), TypeError, Reason.WRONG_TYPE)
    with pytest.raises(IllegalAction):
        DuelMatch(Rules.bullets())
    assert Rules.duel().game is GameKind.DUEL
