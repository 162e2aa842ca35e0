"""The claim picker offers only higher claims, and says every claim in the engine's words."""

import random
from itertools import combinations_with_replacement

import pytest

from game.dice import (
    CATEGORY_NAMES,
    CLAIM_COUNT,
    Category,
    all_claims,
    claim_at,
    claim_index,
    claim_values,
    describe,
    hand_value,
)
from scenes.duel.picker import ClaimPicker
from scenes.duel.words import category_name, claim_words

MOVES = ("up", "down", "page_up", "page_down", "next", "higher", "kind", "mine", "reset")


def apply_move(picker: ClaimPicker, move: str) -> None:
    {
        "up": lambda: picker.step(1),
        "down": lambda: picker.step(-1),
        "page_up": lambda: picker.page(1),
        "page_down": lambda: picker.page(-1),
        "next": picker.next_claim,
        "higher": picker.raise_main,
        "kind": picker.next_kind,
        "mine": picker.mine,
        "reset": picker.reset,
    }[move]()


def test_there_are_248_claims_to_pick_from():
    assert CLAIM_COUNT == 248 == len(ClaimPicker().offered())


@pytest.mark.parametrize("beat", range(CLAIM_COUNT))
def test_the_picker_never_offers_a_claim_that_is_not_higher(beat):
    to_beat = claim_at(beat)
    rng = random.Random(beat)
    own = tuple(rng.randint(1, 6) for _ in range(5))
    picker = ClaimPicker(to_beat, own)
    assert list(picker.offered()) == list(range(beat + 1, CLAIM_COUNT))
    if beat == CLAIM_COUNT - 1:  # five aces: nothing is higher, only a challenge remains
        assert picker.empty and picker.selected is None
        for move in MOVES:
            apply_move(picker, move)
            assert picker.selected is None
        return
    seen = set()
    for _ in range(120):
        apply_move(picker, rng.choice(MOVES))
        if rng.random() < 0.1:
            picker.set_own(tuple(rng.randint(1, 6) for _ in range(5)))
        assert hand_value(picker.selected) > hand_value(to_beat)
        assert picker.index in picker.offered()
        seen.add(picker.index)
    # every offered claim is reachable one step at a time, in order, and nothing else
    picker.next_claim()
    walk = [picker.index]
    while picker.step(1):
        walk.append(picker.index)
    assert walk == list(picker.offered())
    while picker.step(-1):
        pass
    assert picker.index == beat + 1


@pytest.mark.parametrize("index", range(CLAIM_COUNT))
def test_the_words_match_describe_and_hand_value_for_every_claim(index):
    picker = ClaimPicker()
    while picker.index < index:
        picker.step(1)
    dice = picker.selected
    assert dice == claim_at(index) == all_claims()[index]
    assert hand_value(dice) == claim_values()[index]
    assert picker.words == describe(claim_at(index))
    assert picker.category == hand_value(dice).category
    assert picker.category_words == CATEGORY_NAMES[hand_value(dice).category]


def test_the_words_of_every_roll_match_the_engine_nothing_included():
    for dice in combinations_with_replacement(range(1, 7), 5):
        assert claim_words(dice) == describe(dice)
    for category in Category:
        assert category_name(category) == CATEGORY_NAMES[category]


def test_the_default_is_the_truth_when_it_is_high_enough_else_the_next_claim():
    low = ClaimPicker((2, 2, 5, 4, 3), own=(1, 1, 3, 3, 5))
    assert low.selected == hand_value((1, 1, 3, 3, 5)).dice
    assert low.words == "a pair of aces, a pair of threes and a five"
    high = ClaimPicker((6, 6, 6, 6, 1), own=(1, 1, 3, 3, 5))
    assert claim_index(high.selected) == claim_index((6, 6, 6, 6, 1)) + 1
    assert high.mine_index is None and not high.mine()


def test_a_reroll_moves_the_default_only_until_the_player_chose():
    picker = ClaimPicker((2, 2, 5, 4, 3), own=(2, 3, 4, 5, 1))
    picker.set_own((6, 6, 6, 2, 2))
    assert picker.words == "full house, sixes over twos"
    picker.step(1)
    chosen = picker.index
    picker.set_own((5, 5, 4, 3, 2))
    assert picker.index == chosen


def test_higher_raises_the_main_group_and_next_kind_jumps_a_category():
    picker = ClaimPicker((3, 3, 6, 5, 4))
    assert picker.words == "a pair of threes with an ace, a four and a two"
    picker.raise_main()
    assert picker.words == "a pair of fours with a five, a three and a two"
    picker.next_kind()
    assert picker.words == "a pair of threes, a pair of twos and a four"
    picker.page(1)
    assert picker.category is Category.THREE_OF_A_KIND
    picker.page(-1)
    assert picker.category is Category.TWO_PAIRS
    picker.page(-1)  # the pairs below the claim to beat are not offered: it stops at the lowest
    assert picker.index == picker.low
    for _ in range(60):
        picker.raise_main()
    assert picker.at_top and picker.words == "five aces"


def test_page_up_from_the_top_and_down_from_the_bottom_stay_put():
    picker = ClaimPicker()
    assert picker.at_low and not picker.step(-1) and not picker.page(-1)
    for _ in range(10):
        picker.page(1)
    assert picker.at_top and not picker.step(1) and not picker.page(1)
