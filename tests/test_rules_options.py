"""The Rules object and its presets."""

import pytest

from bluffhouse.game.rules import GameKind, RankAfterChallenge, Rules


@pytest.mark.parametrize("n", range(2, 9))
def test_bullets_preset_accepts_2_to_8(n):
    rules = Rules.bullets(players=n)
    assert rules.players == n and rules.bullets_per_player == 3 and rules.decks == 1


@pytest.mark.parametrize("n", [0, 1, 9, 12])
def test_player_count_out_of_range_raises(n):
    with pytest.raises(ValueError):
        Rules.bullets(players=n)
    with pytest.raises(ValueError):
        Rules.kamu(players=n)


@pytest.mark.parametrize("n,decks", [(2, 1), (4, 1), (5, 2), (8, 2)])
def test_kamu_uses_two_decks_from_five_players(n, decks):
    rules = Rules.kamu(players=n, jokers=True)
    assert rules.decks == decks and rules.jokers and not rules.uses_bullets
    assert rules.rank_after_challenge is RankAfterChallenge.CONTINUE and rules.rounds == 3


def test_rules_are_frozen_and_options_change_by_copy():
    rules = Rules.bullets()
    with pytest.raises(AttributeError):
        rules.players = 5  # type: ignore[misc]
    assert rules.but(bullets_per_player=1).bullets_per_player == 1
    with pytest.raises(ValueError):
        rules.but(rounds=11)


def test_duel_preset_is_two_players_first_to_three():
    rules = Rules.duel()
    assert rules.game is GameKind.DUEL and rules.players == 2 and rules.points_to_win == 3
