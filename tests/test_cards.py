"""Cards and their notation."""

import pytest

from bluffhouse.game.cards import Card, french_deck, hungarian_deck, parse_cards


def test_french_deck_has_52_distinct_cards():
    deck = french_deck()
    assert len(deck) == 52 == len(set(deck))


def test_hungarian_deck_has_32_cards_and_two_jokers_when_asked():
    assert len(set(hungarian_deck())) == 32
    jokers = [c for c in hungarian_deck(jokers=True) if c.is_joker]
    assert sorted(str(c) for c in jokers) == ["*F", "*S"]


def test_notation_round_trips_for_every_card():
    for card in french_deck() + hungarian_deck(jokers=True):
        assert parse_cards(str(card)) == [card]


def test_notation_examples():
    assert [str(c) for c in parse_cards("AS 10H 7P UZ *S *F")] == ["AS", "10H", "7P", "UZ", "*S", "*F"]
    assert Card("10", "H") == parse_cards("10h")[0]


@pytest.mark.parametrize("bad", ["1H", "AX", "11S", "*", "S", "**", "U"])
def test_malformed_card_raises_value_error_naming_it(bad):
    with pytest.raises(ValueError, match=repr(bad).replace("*", r"\*")):
        parse_cards(f"AS {bad}")
