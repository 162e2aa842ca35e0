"""Poker-dice values, the 248 claims, their words, and the exact probabilities (RULES.md 3)."""

import bisect
import itertools
from collections import Counter

import pytest

from bluffhouse.game.dice import (
    CATEGORY_NAMES,
    Category,
    HandValue,
    all_claims,
    best_keep,
    canonical,
    claim_index,
    describe,
    hand_value,
    next_claim,
    prob_at_least,
    reach_probability,
)

ALL_ROLLS = list(itertools.product(range(1, 7), repeat=5))
FIVE_ACES = (1, 1, 1, 1, 1)


def v(*dice):
    return hand_value(dice)


# ---- hand values -----------------------------------------------------------------------


def test_hand_values_from_highest_to_lowest_follow_the_rules_list():
    # "five of a kind; four of a kind; full house; large straight (2-3-4-5-6); small
    # straight (1-2-3-4-5); three of a kind; two pairs; one pair"
    highest_first = [
        v(2, 2, 2, 2, 2),
        v(2, 2, 2, 2, 3),
        v(2, 2, 2, 3, 3),
        v(2, 3, 4, 5, 6),
        v(1, 2, 3, 4, 5),
        v(2, 2, 2, 3, 4),
        v(2, 2, 3, 3, 4),
        v(2, 2, 3, 4, 5),
        v(1, 6, 5, 4, 2),
    ]
    cats = [h.category for h in highest_first]
    assert cats == [
        Category.FIVE_OF_A_KIND,
        Category.FOUR_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.LARGE_STRAIGHT,
        Category.SMALL_STRAIGHT,
        Category.THREE_OF_A_KIND,
        Category.TWO_PAIRS,
        Category.ONE_PAIR,
        Category.NOTHING,
    ]
    assert all(a > b for a, b in itertools.pairwise(highest_first))
    assert list(Category) == sorted(Category)


def test_the_ace_is_the_highest_face_then_six_five_four_three_two():
    order = [v(f, f, f, f, f) for f in (2, 3, 4, 5, 6, 1)]
    assert order == sorted(order) and len(set(order)) == 6
    assert v(1, 1, 3, 4, 5) > v(6, 6, 5, 4, 3)
    assert v(1, 1, 1, 1, 1) == max(hand_value(r) for r in ALL_ROLLS)


def test_order_inside_a_category_main_group_then_second_group_then_kickers():
    assert v(5, 5, 5, 5, 2) > v(4, 4, 4, 4, 1)  # "four 5s beat four 4s"
    assert v(1, 1, 1, 2, 2) > v(6, 6, 6, 1, 1)  # "aces-full-of-2s beat sixes-full-of-aces"
    assert v(1, 1, 6, 5, 4) > v(1, 1, 6, 5, 3)  # "pair of aces with 6-5-4 beats ... 6-5-3"
    assert v(1, 1, 3, 3, 2) > v(6, 6, 5, 5, 1)  # two pairs: the higher pair first
    assert v(1, 1, 3, 3, 4) > v(1, 1, 3, 3, 2)  # then the second pair, then the kicker
    assert v(4, 4, 4, 1, 2) > v(4, 4, 4, 6, 5)  # three of a kind: kickers high to low
    assert v(4, 4, 4, 4, 1) > v(4, 4, 4, 4, 6)


def test_the_two_straights_have_one_value_each_and_large_beats_small():
    smalls = {hand_value(p) for p in itertools.permutations((1, 2, 3, 4, 5))}
    larges = {hand_value(p) for p in itertools.permutations((2, 3, 4, 5, 6))}
    assert len(smalls) == len(larges) == 1
    assert larges.pop() > smalls.pop()


def test_order_of_the_dice_does_not_matter_and_values_are_hashable():
    for roll in ALL_ROLLS[::37]:
        values = {hand_value(p) for p in itertools.permutations(roll)}
        assert len(values) == 1


def test_all_six_comparisons():
    low, high = v(2, 2, 5, 4, 3), v(2, 2, 6, 4, 3)
    assert low < high and low <= high and high > low and high >= low and low != high
    assert low == v(3, 4, 5, 2, 2) and low <= v(3, 4, 5, 2, 2) and low >= v(5, 4, 3, 2, 2)
    assert not (low > high or low >= high or high < low or high <= low or low == high)
    assert isinstance(low, HandValue) and hash(low) == hash(v(2, 3, 2, 4, 5))


def test_nothing_ranks_below_every_claim():
    nothing = v(1, 6, 5, 4, 2)
    assert nothing.category is Category.NOTHING and not nothing.is_claim
    assert all(nothing < hand_value(c) for c in all_claims())


@pytest.mark.parametrize(
    "bad",
    [
        (1, 2, 3, 4),
        (1, 2, 3, 4, 5, 6),
        (0, 1, 2, 3, 4),
        (1, 2, 3, 4, 7),
        "12345",
        (1.0, 2, 3, 4, 5),
        (True, 2, 3, 4, 5),
        None,
        (1, 2, 3, 4, "5"),
        ([1], 1, 1, 1, 1),
    ],
)
def test_invalid_dice_raise_value_error(bad):
    with pytest.raises(ValueError):
        hand_value(bad)


def test_every_one_of_the_7776_rolls_has_a_category_with_the_known_counts():
    counts = Counter(hand_value(r).category for r in ALL_ROLLS)
    assert counts == {
        Category.FIVE_OF_A_KIND: 6,
        Category.FOUR_OF_A_KIND: 150,
        Category.FULL_HOUSE: 300,
        Category.LARGE_STRAIGHT: 120,
        Category.SMALL_STRAIGHT: 120,
        Category.THREE_OF_A_KIND: 1200,
        Category.TWO_PAIRS: 1800,
        Category.ONE_PAIR: 3600,
        Category.NOTHING: 4 * 120,
    }


# ---- the 248 claims --------------------------------------------------------------------


def test_there_are_exactly_248_propositions_in_one_strict_order():
    claims = all_claims()
    values = [hand_value(c) for c in claims]
    assert len(claims) == 248 == len(set(values))
    assert all(a < b for a, b in itertools.pairwise(values))
    assert {hand_value(r) for r in ALL_ROLLS if hand_value(r).is_claim} == set(values)


def test_the_lowest_proposition_is_a_pair_of_twos_with_5_4_3_and_the_highest_five_aces():
    claims = all_claims()
    assert claims[0] == (2, 2, 5, 4, 3) and hand_value(claims[0]) == v(3, 4, 5, 2, 2)
    assert claims[-1] == FIVE_ACES


def test_claims_are_canonical_dice_and_claim_index_finds_them():
    for i, claim in enumerate(all_claims()):
        assert len(claim) == 5 and canonical(claim) == claim
        assert claim_index(claim) == i == claim_index(tuple(reversed(claim)))
        assert next_claim(claim) == (all_claims()[i + 1] if i < 247 else None)
    assert all_claims()[59] == (1, 1, 6, 5, 4)  # main group first, high first
    assert next_claim(None) == next_claim((1, 6, 5, 4, 2)) == (2, 2, 5, 4, 3)
    with pytest.raises(ValueError):
        claim_index((1, 6, 5, 4, 2))


def test_all_claims_is_a_fresh_list():
    claims = all_claims()
    claims.clear()
    assert len(all_claims()) == 248


# ---- words -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "dice,words",
    [
        ((3, 1, 5, 3, 1), "a pair of aces, a pair of threes and a five"),
        ((2, 3, 2, 3, 3), "full house, threes over twos"),
        ((1, 1, 1, 1, 1), "five aces"),
        ((6, 2, 4, 3, 5), "large straight"),
        ((5, 4, 3, 2, 1), "small straight"),
        ((6, 4, 6, 1, 6), "three sixes with an ace and a four"),
        ((1, 1, 6, 5, 4), "a pair of aces with a six, a five and a four"),
        ((5, 2, 5, 5, 5), "four fives with a two"),
        ((2, 4, 6, 5, 1), "nothing but an ace, a six, a five, a four and a two"),
    ],
)
def test_describe_says_the_full_value_in_words(dice, words):
    # "not 'two pairs' but 'a pair of aces, a pair of threes and a five'"
    assert describe(dice) == words


def test_every_claim_has_its_own_words_and_a_structured_form():
    assert len({describe(c) for c in all_claims()}) == 248
    assert set(CATEGORY_NAMES) == set(Category)
    full = hand_value((2, 3, 2, 3, 3))
    assert (full.category, full.faces) == (Category.FULL_HOUSE, (3, 2))
    pair = hand_value((4, 1, 6, 1, 5))
    assert (pair.category, pair.faces) == (Category.ONE_PAIR, (1, 6, 5, 4))


# ---- exact probabilities ---------------------------------------------------------------


@pytest.fixture(scope="module")
def sorted_roll_values():
    return sorted(hand_value(r) for r in ALL_ROLLS)


def test_prob_at_least_matches_enumerating_all_7776_rolls(sorted_roll_values):
    for claim in all_claims():
        target = hand_value(claim)
        at_least = len(sorted_roll_values) - bisect.bisect_left(sorted_roll_values, target)
        assert prob_at_least(target) == pytest.approx(at_least / 7776, abs=1e-12)
    assert prob_at_least(all_claims()[0]) == pytest.approx(1 - 480 / 7776)
    assert prob_at_least(FIVE_ACES) == pytest.approx(1 / 7776)


def test_reach_probability_without_rerolls_is_whether_the_dice_already_reach():
    for dice, target in [((1, 1, 6, 5, 4), (1, 1, 6, 5, 3)), ((1, 1, 6, 5, 3), (1, 1, 6, 5, 4))]:
        expected = 1.0 if hand_value(dice) >= hand_value(target) else 0.0
        assert reach_probability(dice, True, 0, hand_value(target)) == expected
        assert reach_probability(dice, True, 2, hand_value(target)) >= expected


def _brute_one_reroll(dice, target):
    """Best chance over every set of kept positions, enumerating every ordered outcome."""
    target = hand_value(target)
    if hand_value(dice) >= target:
        return 1.0
    best = 0.0
    for n in range(5):
        for kept in itertools.combinations(range(5), n):
            rolls = list(itertools.product(range(1, 7), repeat=5 - n))
            hits = sum(hand_value(tuple(dice[i] for i in kept) + roll) >= target for roll in rolls)
            best = max(best, hits / len(rolls))
    return best


@pytest.mark.parametrize(
    "dice,target",
    [
        ((6, 5, 5, 3, 2), (1, 1, 4, 4, 3)),
        ((2, 3, 4, 5, 1), (2, 3, 4, 5, 6)),
        ((1, 1, 6, 6, 3), (1, 1, 1, 6, 6)),
        ((4, 4, 4, 2, 6), (4, 4, 4, 4, 2)),
        ((2, 2, 3, 4, 6), (5, 5, 5, 3, 2)),
    ],
)
def test_one_best_reroll_matches_brute_force(dice, target):
    assert reach_probability(dice, True, 1, hand_value(target)) == pytest.approx(
        _brute_one_reroll(dice, target), abs=1e-12
    )


def _chance_after_keeping(dice, kept, rerolls, target):
    """Mean over every ordered roll of the other dice of the best chance afterwards."""
    rolls = list(itertools.product(range(1, 7), repeat=5 - len(kept)))
    base = tuple(dice[i] for i in kept)
    return sum(reach_probability(base + r, True, rerolls - 1, target) for r in rolls) / len(rolls)


@pytest.mark.parametrize(
    "dice,target",
    [
        ((6, 5, 5, 3, 2), (1, 1, 4, 4, 3)),
        ((1, 2, 3, 4, 6), (2, 3, 4, 5, 6)),
        ((4, 4, 6, 6, 1), (4, 4, 4, 4, 2)),
    ],
)
def test_two_rerolls_are_the_best_keep_over_one_reroll_and_best_keep_achieves_it(dice, target):
    target = hand_value(target)
    subsets = [k for n in range(5) for k in itertools.combinations(range(5), n)]
    best = max(_chance_after_keeping(dice, k, 2, target) for k in subsets)
    assert reach_probability(dice, True, 2, target) == pytest.approx(best, abs=1e-12)
    chosen = best_keep(dice, 2, target)
    assert _chance_after_keeping(dice, chosen, 2, target) == pytest.approx(best, abs=1e-12)


def test_two_rerolls_for_five_aces_match_the_closed_form():
    # Keeping the aces is best: each other die becomes an ace within two rolls w.p. 11/36.
    each = 1 - (5 / 6) ** 2
    for aces in range(6):
        dice = (1,) * aces + (6, 5, 4, 3, 2)[: 5 - aces]
        assert reach_probability(dice, True, 2, FIVE_ACES) == pytest.approx(each ** (5 - aces))
    assert prob_at_least(FIVE_ACES, rerolls=2) == pytest.approx((1 - (5 / 6) ** 3) ** 5)


def test_rerolling_all_five_each_time_is_independent_tries():
    target = hand_value((3, 3, 3, 2, 2))
    fresh = prob_at_least(target)
    for rerolls in range(4):
        got = reach_probability((2, 3, 4, 6, 6), False, rerolls, target)
        assert got == pytest.approx(1 - (1 - fresh) ** rerolls)


def test_more_rerolls_and_best_keeps_never_lower_the_chance():
    for target in all_claims()[::31]:
        for dice in [(6, 5, 5, 3, 2), (1, 2, 3, 4, 6), (2, 2, 2, 6, 6)]:
            chances = [reach_probability(dice, True, r, target) for r in range(4)]
            assert chances == sorted(chances)
            assert chances[2] >= reach_probability(dice, False, 2, target) - 1e-12


def test_best_keep_holds_the_pair_of_fives_as_in_the_seed_example():
    # "the proponent opens with aces, fours and a two ... the rival rolled 6-5-5-3-2 ...
    # probably keeps the two 5s and rerolls the other three dice"
    target = next_claim((1, 1, 4, 4, 2))
    assert best_keep((6, 5, 5, 3, 2), 2, target) == (1, 2)
    assert best_keep((1, 1, 1, 1, 1), 2, target) == (0, 1, 2, 3, 4)


def test_bad_rerolls_raise():
    with pytest.raises(ValueError):
        reach_probability((1, 2, 3, 4, 5), True, -1, FIVE_ACES)
    with pytest.raises(ValueError):
        prob_at_least(FIVE_ACES, rerolls=1.5)
