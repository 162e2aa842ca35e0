"""The coach: the hard player's reasoning on one person's view, as numbers and a sentence."""

import random

from bluffhouse.game.actions import Declare, Play, Propose, Reroll
from bluffhouse.game.bots.duel_reasoning import chance_at_least, read_player
from bluffhouse.game.bots.table_memory import TableMemory
from bluffhouse.game.bots.table_reasoning import lie_estimate
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.coach import Advice, coach_advice, duel_advice
from bluffhouse.game.dice import claim_index, next_claim, reach_probability
from bluffhouse.game.duel import Duel
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table

NAMES = ["You", "Ben", "Ada"]


def sevens_called(mine: str, hidden=("2S 3C KD 9H", "KS 5C 9D 10H")):
    """Ada (seat 2) calls "two sevens" with KS 5C; seat 0 holds `mine`."""
    table = Table.from_hands(Rules.bullets(3), [mine, *hidden], first=1, rank="6")
    table.apply(Play(1, parse_cards("3C")))
    table.apply(Play(2, parse_cards("KS 5C")))
    return table


def test_a_call_your_hand_proves_impossible_is_named_so():
    advice = coach_advice(sevens_called("7S 7H 7D 4C").view(0), NAMES)
    assert isinstance(advice, Advice)
    assert advice.kind == "impossible" and advice.probability == 1.0
    assert advice.text == "you hold 3 of the 4 sevens: 2 sevens from Ada is impossible"
    assert advice.numbers["held"] == 3 and advice.numbers["count"] == 2


def test_a_plausible_call_gets_a_percentage_from_the_hard_reasoning():
    view = sevens_called("7S 4H 4D 4C").view(0)
    advice = coach_advice(view, NAMES)
    expected = lie_estimate(view, TableMemory.of(view)).probability
    assert advice.probability == expected < 1.0
    assert advice.text == f"about {round(100 * expected)}% that Ada is lying"
    assert advice.kind in ("lie_likely", "toss_up", "true_likely")


def test_no_advice_without_an_open_call_of_somebody_else():
    table = Table.from_hands(Rules.bullets(3), ["7S 4C", "2S 3C", "KS 5C"], first=0)
    assert coach_advice(table.view(0)) is None  # nothing called yet
    table.apply(Play(0, parse_cards("7S")))
    assert coach_advice(table.view(0)) is None  # your own call
    assert coach_advice(table.view(1)) is not None


def test_advice_depends_only_on_your_own_view():
    one = sevens_called("7S 4H 4D 4C", ("2S 3C KD 9H", "KS 5C 9D 10H"))
    two = sevens_called("7S 4H 4D 4C", ("2S 3C 9D 10H", "KS 5C KD 9H"))
    assert one.view(0) == two.view(0)
    assert coach_advice(one.view(0), NAMES) == coach_advice(two.view(0), NAMES)


def test_a_hand_emptying_call_is_flagged():
    table = Table.from_hands(Rules.bullets(3), ["7S 7H 7D 7C", "KD", "5C 9D"], first=1, rank="7")
    table.apply(Play(1, parse_cards("KD")))
    advice = coach_advice(table.view(0), NAMES)
    assert advice.numbers["emptied"] and advice.kind == "impossible"


def test_kamu_warns_that_a_lone_card_may_be_the_fako():
    rules = Rules.kamu(3, jokers=True)
    table = Table.from_hands(rules, ["7P 7T 7Z 9P", "*F 8T 9T", "UM OT AP"], first=1, rank="8")
    table.apply(Play(1, parse_cards("*F")))  # "one eight", the Fakó
    advice = coach_advice(table.view(0), NAMES)
    assert advice.numbers["fako"] > 0.0


def bidding(dice, first=0):
    duel = Duel.new(9, first=first, dice=dice)
    duel.apply(Declare(first, "satisfied"))
    duel.apply(Declare(1 - first, "satisfied"))
    return duel


def test_duel_advice_gives_the_exact_chance_to_reach_the_claim_to_beat():
    duel = bidding(((1, 1, 4, 4, 2), (6, 5, 5, 3, 2)))
    duel.apply(Propose(0, (1, 1, 4, 4, 2)))
    view = duel.view(1)
    advice = duel_advice(view, ["Ann", "Bo"])
    target = next_claim(view.claim)
    assert advice.kind == "reach"
    assert advice.probability == reach_probability(view.dice, True, 2, target)
    believed = chance_at_least(read_player(view.history, 0), claim_index(view.claim))
    assert abs(advice.numbers["claim_true"] - believed) < 1e-3
    assert "Ann's" in advice.text and "2 rerolls" in advice.text


def test_duel_advice_follows_the_rerolls_left():
    duel = bidding(((1, 1, 4, 4, 2), (6, 5, 5, 3, 2)))
    duel.apply(Propose(0, (1, 1, 4, 4, 2)))
    duel.apply(Reroll(1, (1, 2)))
    advice = duel_advice(duel.view(1))
    assert advice.numbers["rerolls"] == 1
    assert advice.probability == reach_probability(duel.view(1).dice, True, 1, next_claim(duel.view(1).claim))


def test_duel_advice_only_on_your_turn_in_the_bidding():
    duel = Duel.new(3, first=0, dice=((1, 1, 4, 4, 2), (6, 5, 5, 3, 2)))
    assert duel_advice(duel.view(0)) is None  # the opening
    duel.apply(Declare(0, "satisfied"))
    duel.apply(Declare(1, "satisfied"))
    assert duel_advice(duel.view(1)) is None  # not seat 1's turn
    assert duel_advice(duel.view(0)).kind == "opening_claim"


def test_duel_advice_is_blind_to_the_other_cup():
    rng = random.Random(2)
    for _ in range(5):
        mine = tuple(rng.randint(1, 6) for _ in range(5))
        a = bidding(((2, 2, 3, 4, 6), mine))
        b = bidding(((5, 5, 5, 1, 1), mine))
        for duel in (a, b):
            duel.apply(Propose(0, (3, 3, 6, 5, 2)))
        assert duel_advice(a.view(1)) == duel_advice(b.view(1))


def test_the_coach_gives_the_experts_read_beside_its_own():
    from bluffhouse.game.coach import expert_reader

    view = sevens_called("7S 4H 4D 4C").view(0)
    reader = expert_reader(0)
    advice = coach_advice(view, NAMES, expert=reader)
    read = advice.numbers["expert"]
    assert 0.0 <= read <= 1.0 and read == round(reader.lie_chance(view), 3)
    assert advice.text.endswith(f"; the expert's read: {round(100 * read)}%")
    assert "expert" not in coach_advice(view, NAMES).numbers  # only when asked


def test_the_experts_read_is_blind_to_other_hands_too():
    from bluffhouse.game.coach import expert_reader

    one = sevens_called("7S 4H 4D 4C", ("2S 3C KD 9H", "KS 5C 9D 10H"))
    two = sevens_called("7S 4H 4D 4C", ("2S 3C 9D 10H", "KS 5C KD 9H"))
    assert coach_advice(one.view(0), NAMES, expert=expert_reader(0)) == coach_advice(
        two.view(0), NAMES, expert=expert_reader(0)
    )
