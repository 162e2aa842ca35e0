"""The claim builder: every claim in a few presses or clicks, nothing lower ever proposed, the words."""

import random
import statistics
from collections import deque
from copy import copy
from itertools import combinations, combinations_with_replacement

import pytest
from kit import MOST_PRESSES, click_moves, key_moves, walk

from bluffhouse.game.dice import (
    CATEGORY_NAMES,
    CLAIM_COUNT,
    Category,
    all_claims,
    claim_at,
    claim_values,
    describe,
    hand_value,
)
from bluffhouse.scenes.duel.build_keys import KEY_MOVES, builder_items, builder_usable, key_move, use
from bluffhouse.scenes.duel.builder import FACES_HIGH_FIRST, KINDS, ClaimBuilder
from bluffhouse.scenes.duel.words import category_name, claim_words

# claims to beat the walk starts from: none yet, the lowest, inside each kind, the last but one
TO_BEAT = (
    None,
    claim_at(0),
    claim_at(37),
    claim_at(100),
    claim_at(150),
    claim_at(190),
    claim_at(230),
    claim_at(246),
)
OWN = ((2, 3, 4, 5, 6), (1, 1, 3, 3, 5), (6, 6, 6, 2, 2), (4, 4, 2, 6, 1), (5, 5, 5, 5, 5))


def presses(to_beat, own, moves, limit=MOST_PRESSES) -> dict:
    """The fewest presses to each claim value built (up to `limit`)."""
    return {value: len(path) for value, path in walk(to_beat, own, moves, limit).items()}


def legal_claims(to_beat):
    return [v for v in claim_values() if to_beat is None or v > hand_value(to_beat)]


@pytest.mark.parametrize("device", ["keys", "clicks"])
def test_from_the_opening_every_claim_is_at_most_four_presses_or_clicks_away(device):
    """The fast sibling of the next test: one start, the opening proposition (all 248 claims)."""
    moves = key_moves if device == "keys" else click_moves
    best = presses(None, OWN[0], moves)
    need = [best.get(value, 99) for value in legal_claims(None)]
    assert len(need) == CLAIM_COUNT == 248 and max(need) <= MOST_PRESSES


@pytest.mark.heavy
@pytest.mark.parametrize("device", ["keys", "clicks"])
def test_every_legal_claim_is_at_most_four_presses_or_clicks_from_the_start(device):
    moves = key_moves if device == "keys" else click_moves
    counts = []
    for to_beat in TO_BEAT:
        for own in OWN[:3] if to_beat is None else OWN[1:2]:
            best = presses(to_beat, own, moves)
            need = [best.get(value, 99) for value in legal_claims(to_beat)]
            assert max(need) <= MOST_PRESSES, (to_beat, own, max(need))
            if to_beat is None:
                assert len(need) == CLAIM_COUNT == 248
                counts.extend(need)
    assert statistics.mean(counts) < 3.3  # measured: about 3.0 by keys, 2.8 by clicks


def test_the_seeds_example_takes_four_letters():
    builder = ClaimBuilder()  # "a pair of aces, a pair of threes and a five"
    for move in ("kind1", "face.1", "face.3", "face.5"):
        key_move(builder, move)
    assert claim_words(builder.dice) == "a pair of aces, a pair of threes and a five" and builder.legal


@pytest.mark.parametrize("size", [1, 2, 3])
def test_any_set_of_kickers_is_two_presses_from_any_other(size):
    kind = {1: Category.FOUR_OF_A_KIND, 2: Category.THREE_OF_A_KIND, 3: Category.ONE_PAIR}[size]
    main = 4
    targets = [set(c) for c in combinations([f for f in FACES_HIGH_FIRST if f != main], size)]
    for start in targets:
        builder = ClaimBuilder()
        builder.load((main,) * (5 - size) + tuple(start))
        row = len(builder.rows) - 1
        seen, queue, reached = {builder.parts: 0}, deque([builder]), {frozenset(start): 0}
        while queue:
            now = queue.popleft()
            if seen[now.parts] >= 2:
                continue
            for face in FACES_HIGH_FIRST:
                after = copy(now)
                after.press(row, face)
                if after.parts not in seen:
                    seen[after.parts] = seen[now.parts] + 1
                    queue.append(after)
                    reached.setdefault(frozenset(after.parts[row].lit), seen[after.parts])
        assert all(frozenset(t) in reached for t in targets), (start, kind)


@pytest.mark.parametrize("beat", range(0, CLAIM_COUNT, 7))
def test_nothing_built_below_the_claim_to_beat_can_be_proposed(beat):
    to_beat = claim_at(beat)
    rng = random.Random(beat)
    builder = ClaimBuilder(to_beat, tuple(rng.randint(1, 6) for _ in range(5)))
    assert builder.legal and hand_value(builder.selected) > hand_value(to_beat)  # the start is higher
    for _ in range(150):
        if rng.random() < 0.5:
            key_move(builder, rng.choice(KEY_MOVES))
        else:
            use(builder, rng.choice([i for i in builder_items(builder) if builder_usable(builder, i)]))
        value = builder.value
        assert value.is_claim and value.category is builder.category
        assert builder.legal == (value > hand_value(to_beat))
        assert (builder.selected is None) == (not builder.legal)
        if builder.selected is not None:
            assert hand_value(builder.selected) > hand_value(to_beat)


def test_the_marks_say_what_cannot_beat_the_claim_to_beat():
    builder = ClaimBuilder((5, 5, 5, 6, 6))  # full house, fives over sixes
    low = [k for k in KINDS if not builder.kind_reaches(k)]
    assert low == list(KINDS[:5])  # pairs, threes and the straights are all lower
    assert builder.category is Category.FULL_HOUSE and builder.parts[0].face == 5
    assert builder.face_reaches(0, 5) and builder.face_reaches(0, 6) and not builder.face_reaches(0, 4)
    builder.press(0, 4)  # four over something: lower, so it is marked and refused
    assert not builder.legal and builder.selected is None
    builder.choose(Category.ONE_PAIR)
    assert not builder.legal
    assert not ClaimBuilder(claim_at(246)).kind_reaches(Category.FOUR_OF_A_KIND)


def test_five_aces_leave_nothing_to_build():
    builder = ClaimBuilder((1, 1, 1, 1, 1), (6, 6, 6, 6, 6))
    assert builder.empty and builder.selected is None and not builder.legal
    for move in KEY_MOVES:
        key_move(builder, move)
        assert builder.selected is None


def test_the_start_is_my_dice_when_high_enough_else_the_lowest_claim_that_beats_it():
    low = ClaimBuilder((2, 2, 5, 4, 3), own=(1, 1, 3, 3, 5))
    assert low.is_mine and claim_words(low.dice) == "a pair of aces, a pair of threes and a five"
    high = ClaimBuilder((6, 6, 6, 6, 1), own=(1, 1, 3, 3, 5))
    assert high.dice == claim_at(claim_values().index(hand_value((6, 6, 6, 6, 1))) + 1)
    assert high.mine_value is None and not high.mine() and high.dice != hand_value((1, 1, 3, 3, 5)).dice


def test_my_dice_is_one_press_from_anywhere():
    rng = random.Random(3)
    for _ in range(40):
        own = tuple(rng.randint(1, 6) for _ in range(5))
        if not hand_value(own).is_claim:
            continue
        builder = ClaimBuilder(None, own)
        for _ in range(6):
            key_move(builder, rng.choice(KEY_MOVES))
        assert builder.mine() and builder.is_mine and builder.dice == hand_value(own).dice


def test_a_reroll_moves_the_start_only_until_the_player_built_something():
    builder = ClaimBuilder((2, 2, 5, 4, 3), own=(2, 3, 4, 5, 1))
    builder.set_own((6, 6, 6, 2, 2))
    assert claim_words(builder.dice) == "full house, sixes over twos"
    builder.choose(Category.FOUR_OF_A_KIND)
    chosen = builder.dice
    builder.set_own((5, 5, 4, 3, 2))
    assert builder.dice == chosen


def test_a_kind_keeps_the_main_face_when_it_can_and_a_face_keeps_the_rest_when_it_fits():
    builder = ClaimBuilder(None, (3, 3, 3, 6, 5))
    assert claim_words(builder.dice) == "three threes with a six and a five"
    builder.choose(Category.FULL_HOUSE)
    assert builder.parts[0].face == 3
    builder.choose(Category.FIVE_OF_A_KIND)
    assert claim_words(builder.dice) == "five threes"
    builder.choose(Category.ONE_PAIR)
    builder.press(1, 1)  # an ace comes in among the kickers, the lowest goes out
    kickers = set(builder.parts[1].lit)
    assert 1 in kickers and len(kickers) == 3
    builder.press(0, 6)  # a pair of sixes: the kickers stay (a six is not among them)
    assert set(builder.parts[1].lit) == kickers and builder.parts[0].face == 6


def test_the_keyboard_face_keys_move_on_after_a_one_face_part():
    builder = ClaimBuilder()
    key_move(builder, "kind5")  # full house
    assert builder.active == 0
    key_move(builder, "face.1")
    assert builder.active == 1
    key_move(builder, "face.1")  # the aces are the three: the pair may not be aces
    assert builder.parts[1].face != 1
    assert key_move(builder, "face.1") is None
    key_move(builder, "face.6")
    assert claim_words(builder.dice) == "full house, aces over sixes"
    key_move(builder, "kind3")  # a straight has no faces
    assert key_move(builder, "face.2") is None


def test_there_are_248_claims_and_the_builder_builds_each_exactly():
    assert CLAIM_COUNT == 248 == len(claim_values())
    for index, dice in enumerate(all_claims()):
        builder = ClaimBuilder()
        builder.load(dice)
        assert builder.dice == claim_at(index) and builder.value == claim_values()[index]


def test_the_words_of_every_roll_match_the_engine_nothing_included():
    for dice in combinations_with_replacement(range(1, 7), 5):
        assert claim_words(dice) == describe(dice)
    for category in Category:
        assert category_name(category) == CATEGORY_NAMES[category]
