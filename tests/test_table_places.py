"""Seen cards into their places (game.table_places): every card in one of its own places, no
place and no hand holding more than its room, whatever path the placing took (issue 22)."""

import random
from collections import Counter

import pytest

from bluffhouse.game.table_places import place_cards

# Puzzles where the placing's augmenting path once put a card back into a place a card moved
# along a longer path had taken: a hand one card too full, and a face-down call left short of
# a card to draw (ValueError 'nothing left to draw' in a table of four experts). Each is
# (cards: (kind, places), room by place, owner of each place inside a hand, seed).
CROWDED = [
    (
        [
            (0, (12, 14)),
            (0, (10, 11, 12)),
            (0, (0,)),
            (0, (0, 14, 15)),
            (0, (0,)),
            (0, (2, 14, 17)),
            (0, (0, 2)),
            (0, (1, 2)),
            (0, (0, 1, 2)),
            (0, (11, 12, 13)),
            (0, (2, 14)),
            (0, (1, 15, 16)),
            (0, (1,)),
        ],
        {0: 4, 1: 4, 2: 3, 10: 1, 11: 2, 12: 1, 13: 1, 14: 1, 15: 2, 16: 1, 17: 2},
        {10: 0, 11: 0, 12: 0, 13: 1, 14: 1, 15: 2, 16: 2},
        0,
    ),
    (
        [
            (0, (11,)),
            (0, (13, 15, 17)),
            (0, (0, 12, 16)),
            (0, (1, 11, 15)),
            (0, (13,)),
            (0, (10,)),
            (0, (1, 2, 12)),
            (0, (12, 16)),
            (0, (11, 12, 13)),
            (0, (10, 16)),
            (0, (11, 13, 15)),
            (0, (1, 12)),
        ],
        {0: 3, 1: 4, 2: 3, 10: 2, 11: 2, 12: 2, 13: 2, 14: 1, 15: 2, 16: 1, 17: 2},
        {10: 0, 11: 0, 12: 1, 13: 1, 14: 1, 15: 2, 16: 2},
        1,
    ),
    (
        [
            (0, (1, 15)),
            (0, (0,)),
            (0, (12, 14)),
            (0, (0, 13, 14)),
            (0, (0, 11, 12)),
            (0, (14,)),
            (0, (0, 11, 14)),
            (0, (1, 2)),
            (0, (1, 12, 13)),
            (0, (0, 12, 13)),
            (0, (10, 11, 13)),
        ],
        {0: 3, 1: 4, 2: 2, 10: 1, 11: 1, 12: 2, 13: 2, 14: 2, 15: 2},
        {10: 0, 11: 0, 12: 1, 13: 1, 14: 2},
        0,
    ),
]


def assert_placed(placed, cards, room, owners, own_places: bool = True) -> None:
    """Room kept everywhere; and each card in one of its own places, unless the puzzle had no
    answer and a stubborn placing bent a card's places (the counts still right)."""
    assert placed is not None and len(placed) == len(cards)
    if own_places:
        for (_, places), place in zip(cards, placed, strict=True):
            assert place in places
    for place, count in Counter(placed).items():
        assert count <= room[place], f"place {place}: {count} cards, room for {room[place]}"
    hands = Counter(owners.get(place, place) for place in placed)
    for hand, count in hands.items():
        assert count <= room[hand], f"hand {hand}: {count} cards, room for {room[hand]}"


@pytest.mark.parametrize("case", range(len(CROWDED)))
def test_a_crowded_placing_never_overfills_a_place_or_a_hand(case):
    cards, room, inside, seed = CROWDED[case]
    owners = {hand: hand for hand in range(3)} | inside
    floor = [[0], [0], [0]]
    assert_placed(
        place_cards(cards, room, owners, floor, random.Random(seed)), cards, room, owners, own_places=False
    )
    strict = place_cards(cards, room, owners, floor, random.Random(seed), strict=True)
    if strict is not None:
        assert_placed(strict, cards, room, owners)


def random_puzzle(rng: random.Random):
    """Two or three hands, calls picked up inside them and calls on the pile, as many cards as
    there is room, each with one to three places."""
    hands = rng.randint(2, 3)
    room = {hand: rng.randint(1, 4) for hand in range(hands)}
    owners = {hand: hand for hand in range(hands)}
    place = 10
    for hand in range(hands):
        for _ in range(rng.randint(1, 3)):
            room[place], owners[place] = rng.randint(1, 2), hand
            place += 1
    if rng.random() < 0.5:
        room[place] = rng.randint(1, 2)  # a call on the pile
    total = sum(r for p, r in room.items() if owners.get(p, p) == p)
    cards = [(0, tuple(sorted(rng.sample(list(room), rng.randint(1, 3))))) for _ in range(total)]
    return cards, room, owners, [[0] for _ in range(hands)]


def test_random_crowded_placings_keep_every_room():
    solved = 0
    for seed in range(400):
        cards, room, owners, floor = random_puzzle(random.Random(seed))
        assert_placed(
            place_cards(cards, room, owners, floor, random.Random(seed)),
            cards,
            room,
            owners,
            own_places=False,
        )
        strict = place_cards(cards, room, owners, floor, random.Random(seed), strict=True)
        if strict is not None:
            assert_placed(strict, cards, room, owners)
            solved += 1
    assert solved > 100
