"""The duel's baseline computer players: they see only a view and answer with a legal action."""

import random

import pytest

from bluffhouse.game.actions import Challenge, Declare, Propose, Reroll
from bluffhouse.game.bots.duel_random import DuelRandomBot
from bluffhouse.game.bots.duel_sensible import DuelSensibleBot
from bluffhouse.game.dice import hand_value, next_claim
from bluffhouse.game.duel import Duel
from bluffhouse.game.duel_events import Mood

GOOD, POOR = (5, 5, 4, 3, 2), (4, 4, 6, 5, 3)  # a pair of fives; a pair of fours
ACES_FOURS_TWO = (1, 1, 4, 4, 2)


def sensible(seat=1):
    return DuelSensibleBot(seat, random.Random(0))


def bidding(dice, first=0):
    duel = Duel.new(9, first=first, dice=dice)
    duel.apply(Declare(first, "satisfied"))
    duel.apply(Declare(1 - first, "satisfied"))
    return duel


@pytest.mark.parametrize("dice,mood", [(GOOD, Mood.SATISFIED), (POOR, Mood.NOT_SATISFIED)])
def test_sensible_is_satisfied_from_a_pair_of_fives(dice, mood):
    duel = Duel.new(1, first=0, dice=(dice, dice))
    assert sensible(0).choose(duel.view(0)) == Declare(0, mood)
    duel.apply(Declare(0, "indifferent"))
    assert sensible(1).choose(duel.view(1)) == Declare(1, mood)


def test_sensible_first_proposal_is_the_truth_or_the_lowest_claim():
    duel = bidding(((1, 1, 3, 3, 5), (1, 6, 5, 4, 2)))
    assert sensible(0).choose(duel.view(0)) == Propose(0, (1, 1, 3, 3, 5))
    duel = bidding(((1, 1, 3, 3, 5), (1, 6, 5, 4, 2)), first=1)
    assert sensible(1).choose(duel.view(1)) == Propose(1, (2, 2, 5, 4, 3))


def test_sensible_keeps_the_pair_of_fives_as_in_the_seed_example():
    # "the rival rolled 6-5-5-3-2 ... probably keeps the two 5s and rerolls the other three"
    duel = bidding(((1, 1, 4, 4, 2), (6, 5, 5, 3, 2)))
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    duel.apply(Propose(1, (2, 2, 6, 4, 3)))
    duel.apply(Reroll(0, (0, 1, 2, 3)))
    duel.apply(Reroll(0, (0, 1, 2, 3)))  # after two rerolls the claim is believable
    duel.apply(Propose(0, ACES_FOURS_TWO))
    assert sensible().choose(duel.view(1)) == Reroll(1, (1, 2))


def test_sensible_tops_with_its_true_value_or_the_next_claim():
    duel = bidding(((2, 2, 3, 4, 6), (3, 3, 3, 6, 6)))
    duel.apply(Propose(0, (2, 2, 6, 4, 3)))
    assert sensible().choose(duel.view(1)) == Propose(1, (3, 3, 3, 6, 6))
    duel = bidding(((2, 2, 3, 4, 6), (2, 3, 4, 6, 1)))
    duel.apply(Propose(0, (2, 2, 6, 4, 3)))
    bot = sensible()
    for _ in range(2):
        action = bot.choose(duel.view(1))
        if not isinstance(action, Reroll):
            break
        duel.apply(action)
    if hand_value(duel.dice(1)) <= hand_value((2, 2, 6, 4, 3)):
        assert action == Propose(1, next_claim((2, 2, 6, 4, 3)))


def test_sensible_must_challenge_five_aces_and_challenges_long_shots():
    duel = bidding((POOR, GOOD))
    duel.apply(Propose(0, (1, 1, 1, 1, 1)))
    assert sensible().choose(duel.view(1)) == Challenge(1)
    duel = bidding((POOR, GOOD))
    duel.apply(Propose(0, (6, 6, 6, 6, 5)))  # four sixes off an unrerolled opening
    assert sensible().choose(duel.view(1)) == Challenge(1)
    duel = bidding((POOR, GOOD))
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))  # nearly every roll makes this
    assert sensible().choose(duel.view(1)) != Challenge(1)


@pytest.mark.parametrize("bot_type", [DuelRandomBot, DuelSensibleBot])
def test_bots_only_choose_legal_actions_from_a_view(bot_type):
    for seed in range(40):
        duel = Duel.new(seed)
        bots = [bot_type(0, random.Random(seed)), bot_type(1, random.Random(seed + 1))]
        while duel.phase != "over":
            view = duel.view(duel.turn)
            action = bots[duel.turn].choose(view)
            assert action.seat == duel.turn
            duel.apply(action)
