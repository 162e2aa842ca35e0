"""Scenario tests for every rule sentence of the Liar's Dice duel (RULES.md section 3)."""

import itertools

import pytest

from bluffhouse.game.actions import Challenge, Declare, Propose, Reroll
from bluffhouse.game.dice import hand_value
from bluffhouse.game.duel import Duel, IllegalAction
from bluffhouse.game.duel_events import (
    BiddingStarted,
    Challenged,
    Declared,
    DiceRevealed,
    DiceRolled,
    FirstDieRolled,
    Mood,
    OpeningReplayed,
    Proposed,
    ProposerChosen,
    Rerolled,
    RoundWon,
)
from bluffhouse.game.rules import Opening, Rules

SAT, NOT, IND = "satisfied", "not_satisfied", "indifferent"
FIVE_ACES = (1, 1, 1, 1, 1)
DICE = ((1, 1, 3, 3, 5), (6, 5, 5, 3, 2))


def bidding(dice=DICE, first=0, seed=7):
    """A duel whose opening is settled: both satisfied, `first` to propose."""
    duel = Duel.new(seed, first=first, dice=dice)
    duel.apply(Declare(first, SAT))
    duel.apply(Declare(1 - first, SAT))
    return duel


def assert_illegal(duel, action):
    before = duel.clone()
    with pytest.raises(IllegalAction):
        duel.apply(action)
    assert duel == before


# ---- who proposes first ----------------------------------------------------------------


def _first_rolls(duel):
    rolls = [e for e in duel.opening_events if isinstance(e, FirstDieRolled)]
    return [(a.face, b.face) for a, b in zip(rolls[::2], rolls[1::2], strict=True)]


def test_each_player_rolls_one_die_and_the_higher_proposes_first():
    for seed in range(60):
        duel = Duel.new(seed)
        pairs = _first_rolls(duel)
        last = pairs[-1]
        proposer = 0 if last[0] > last[1] else 1  # "la suma más alta": the most pips
        assert duel.proposer == duel.turn == proposer and duel.phase == "opening"
        assert duel.opening_events[-2:] == (ProposerChosen(proposer), DiceRolled(0))
        assert duel.history == duel.opening_events


def test_ties_roll_again():
    tied = [Duel.new(seed) for seed in range(100) if len(_first_rolls(Duel.new(seed))) > 1]
    assert tied, "no seed in range(100) tied the first roll"
    for duel in tied:
        pairs = _first_rolls(duel)
        assert all(a == b for a, b in pairs[:-1]) and pairs[-1][0] != pairs[-1][1]


def _seed_rolling(first_pairs) -> int:
    """A seed whose one-die rolls begin with first_pairs (searched, like a person re-rolling)."""
    for seed in range(200_000):
        rolls = _first_rolls(Duel.new(seed))
        if rolls[: len(first_pairs)] == list(first_pairs):
            return seed
    raise AssertionError(f"no seed rolls {first_pairs}")


@pytest.mark.parametrize("faces, proposer", [((6, 1), 0), ((1, 6), 1), ((2, 1), 0), ((5, 6), 1)])
def test_a_six_beats_an_ace_in_the_first_roll(faces, proposer):
    # RULES.md section 3 [settled]: in this roll a six is highest and an ace lowest.
    duel = Duel.new(_seed_rolling([faces]))
    assert _first_rolls(duel) == [faces]
    assert duel.proposer == duel.turn == proposer


def test_a_tied_first_roll_rolls_again_until_someone_is_higher():
    duel = Duel.new(_seed_rolling([(1, 1), (6, 6), (1, 6)]))
    assert _first_rolls(duel) == [(1, 1), (6, 6), (1, 6)]
    assert duel.proposer == 1
    assert [type(e) for e in duel.opening_events] == [FirstDieRolled] * 6 + [ProposerChosen, DiceRolled]


def test_the_six_wins_a_seeded_first_roll_against_the_ace():
    found = []
    for seed in range(300):
        duel = Duel.new(seed)
        last = _first_rolls(duel)[-1]
        if 1 in last and 6 in last:
            found.append(seed)
            assert duel.proposer == last.index(6)
    assert found


def test_first_fixes_the_proposer_without_a_roll():
    duel = Duel.new(3, first=1)
    assert duel.opening_events == (ProposerChosen(1), DiceRolled(0))
    assert duel.turn == duel.proposer == 1


def test_dice_fixes_both_opening_rolls():
    duel = Duel.new(3, first=0, dice=DICE)
    assert (duel.dice(0), duel.dice(1)) == DICE
    with pytest.raises(ValueError):
        Duel.new(3, dice=((1, 2, 3, 4, 5), (1, 2, 3, 4, 9)))
    with pytest.raises(ValueError):
        Duel.new(3, first=2)
    with pytest.raises(ValueError):
        Duel.new(3, rules=Rules.bullets())


# ---- the opening -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "proposer_says,opponent_says,replay",
    [
        (SAT, SAT, False),
        (SAT, NOT, False),
        (NOT, SAT, False),
        (NOT, NOT, True),
        (IND, SAT, False),
        (IND, NOT, True),
    ],
)
def test_the_satisfaction_table(proposer_says, opponent_says, replay):
    # "If both are not satisfied, or the proposer said all the same and the opponent is
    # not satisfied, both reroll all five dice ... In every other case the round is played"
    duel = Duel.new(11, first=1, dice=DICE)
    assert duel.apply(Declare(1, proposer_says)) == [Declared(1, Mood(proposer_says))]
    assert duel.phase == "opening" and duel.turn == 0
    events = duel.apply(Declare(0, opponent_says))
    assert events[0] == Declared(0, Mood(opponent_says))
    assert duel.turn == 1
    if replay:
        assert events[1:] == [OpeningReplayed(1), DiceRolled(1)]
        assert duel.phase == "opening" and duel.moods == (None, None) and duel.replays == 1
        assert (duel.dice(0), duel.dice(1)) != DICE
    else:
        assert events[1:] == [BiddingStarted(1)]
        assert duel.phase == "bidding" and (duel.dice(0), duel.dice(1)) == DICE


@pytest.mark.parametrize(
    "says,replay,opponent_decides",
    [((SAT,), False, False), ((NOT,), True, False), ((IND, SAT), False, True), ((IND, NOT), True, True)],
)
def test_the_proposer_decides_option(says, replay, opponent_decides):
    # Option: "the proposer's satisfied / not satisfied settles it and 'all the same'
    # leaves the choice to the opponent"
    duel = Duel.new(5, first=0, dice=DICE, rules=Rules.duel(opening=Opening.PROPOSER_DECIDES))
    events = duel.apply(Declare(0, says[0]))
    if opponent_decides:
        assert duel.turn == 1 and duel.phase == "opening"
        events = duel.apply(Declare(1, says[1]))
    assert duel.turn == 0
    assert duel.phase == ("opening" if replay else "bidding")
    assert isinstance(events[-1], DiceRolled if replay else BiddingStarted)


@pytest.mark.parametrize("opening", list(Opening))
def test_only_the_proposer_may_say_it_is_all_the_same(opening):
    duel = Duel.new(5, first=0, dice=DICE, rules=Rules.duel(opening=opening))
    duel.apply(Declare(0, IND))
    assert_illegal(duel, Declare(1, IND))
    assert_illegal(duel, Declare(1, "happy"))
    assert_illegal(duel, Declare(0, SAT))


def test_the_opening_starts_again_with_the_proposer_after_a_replay():
    duel = Duel.new(2, first=0, dice=DICE)
    for replay in (1, 2):
        duel.apply(Declare(0, NOT))
        duel.apply(Declare(1, NOT))
        assert duel.replays == replay and duel.turn == 0 and duel.phase == "opening"
    duel.apply(Declare(0, SAT))
    assert duel.apply(Declare(1, NOT)) == [Declared(1, Mood.NOT_SATISFIED), BiddingStarted(0)]


def test_no_bidding_moves_during_the_opening():
    duel = Duel.new(2, first=0, dice=DICE)
    for action in [Propose(0, (2, 2, 5, 4, 3)), Reroll(0, ()), Challenge(0), Declare(1, SAT)]:
        assert_illegal(duel, action)


# ---- propositions ----------------------------------------------------------------------


def test_bidding_starts_with_the_proposer_who_cannot_reroll_or_challenge():
    duel = bidding(first=1)
    assert duel.phase == "bidding" and duel.turn == 1 and duel.claim is None
    assert duel.rerolls_left == 0
    assert_illegal(duel, Reroll(1, (0, 1)))  # "none before the first proposal"
    assert_illegal(duel, Challenge(1))
    assert_illegal(duel, Declare(1, SAT))


def test_a_proposition_may_be_a_lie_and_passes_the_turn():
    duel = bidding()
    assert duel.apply(Propose(0, (6, 6, 6, 6, 2))) == [Proposed(0, (6, 6, 6, 6, 2))]
    assert duel.claim == (6, 6, 6, 6, 2) and duel.claimant == 0 and duel.turn == 1
    assert duel.rerolls_left == 2


def test_turns_alternate_between_the_two_players():
    duel = bidding(first=1)
    for i, claim in enumerate([(2, 2, 5, 4, 3), (3, 3, 5, 4, 2), (4, 4, 5, 3, 2), (5, 5, 4, 3, 2)]):
        seat = 1 - i % 2
        assert duel.turn == seat
        assert_illegal(duel, Propose(1 - seat, (1, 1, 1, 1, 2)))
        duel.apply(Propose(seat, claim))
        assert duel.claimant == seat and duel.turn == 1 - seat


def test_only_higher_propositions():
    duel = bidding()
    duel.apply(Propose(0, (4, 4, 4, 4, 2)))
    assert_illegal(duel, Propose(1, (4, 2, 4, 4, 4)))  # equal value, other order
    assert_illegal(duel, Propose(1, (3, 3, 3, 3, 1)))
    assert_illegal(duel, Propose(1, (1, 1, 1, 2, 2)))  # a full house is lower
    # "A higher proposition need not be of a higher category (four 5s is higher than four 4s)"
    duel.apply(Propose(1, (5, 5, 5, 5, 2)))
    assert duel.claim == (5, 5, 5, 5, 2)


def test_a_higher_value_in_the_same_category_is_enough():
    duel = bidding()
    duel.apply(Propose(0, (1, 1, 6, 5, 3)))
    duel.apply(Propose(1, (1, 1, 6, 5, 4)))
    assert duel.turn == 0 and hand_value(duel.claim) > hand_value((1, 1, 6, 5, 3))


@pytest.mark.parametrize("first_claim", [True, False])
def test_nothing_cannot_be_proposed(first_claim):
    duel = bidding()
    if not first_claim:
        duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    seat = duel.turn
    bad = [(1, 6, 5, 4, 2), (2, 3, 4, 6, 1), (1, 2, 3, 4), (1, 2, 3, 4, 7), "11111", (0,) * 5]
    for dice in bad:
        assert_illegal(duel, Propose(seat, dice))
    duel.apply(Propose(seat, (2, 2, 6, 4, 3)))


# ---- rerolls ---------------------------------------------------------------------------


def test_rerolls_keep_the_kept_dice_and_tell_only_the_count():
    duel = bidding()
    duel.apply(Propose(0, (1, 1, 4, 4, 2)))
    before = duel.dice(1)
    events = duel.apply(Reroll(1, (1, 2)))
    assert events == [Rerolled(1, 3, 1)]  # "how many dice were rerolled ... is public"
    after = duel.dice(1)
    assert after[1:3] == before[1:3] and duel.rerolls_left == 1
    events = duel.apply(Reroll(1, []))
    assert events == [Rerolled(1, 5, 2)] and duel.rerolls_left == 0
    assert duel.dice(0) == DICE[0]


def test_at_most_two_rerolls_per_turn_and_they_come_back_next_turn():
    duel = bidding()
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    duel.apply(Reroll(1, (0,)))
    duel.apply(Reroll(1, (0, 1, 2, 3)))
    assert_illegal(duel, Reroll(1, ()))
    duel.apply(Propose(1, (3, 3, 5, 4, 2)))
    # "Then the first player must in turn challenge or propose higher ... again with up
    # to two rerolls first"
    assert duel.turn == 0 and duel.rerolls_left == 2
    duel.apply(Reroll(0, (0, 1)))
    assert duel.dice(0)[:2] == (1, 1)


@pytest.mark.parametrize("keep", [(0, 1, 2, 3, 4), (0, 0), (5,), (-1,), (True,), ("0",), (0.0,)])
def test_bad_keeps_are_illegal(keep):
    duel = bidding()
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    assert_illegal(duel, Reroll(1, keep))


def test_rerolling_commits_the_turn_to_a_proposition():
    # "either challenges, or makes a higher proposition ... Before proposing they may reroll"
    duel = bidding()
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    duel.apply(Reroll(1, ()))
    assert not duel.may_challenge
    assert_illegal(duel, Challenge(1))


# ---- five aces and the challenge -------------------------------------------------------


def test_five_aces_force_a_challenge():
    duel = bidding()
    duel.apply(Propose(0, (4, 4, 4, 4, 2)))
    duel.apply(Propose(1, FIVE_ACES))
    assert duel.must_challenge and duel.rerolls_left == 0
    assert_illegal(duel, Reroll(0, (0,)))
    assert_illegal(duel, Propose(0, FIVE_ACES))
    assert duel.legal_actions(0) == [Challenge(0)] and duel.legal_actions(1) == []
    duel.apply(Challenge(0))
    assert duel.winner == 0  # seat 1 holds 6-5-5-3-2


def test_a_challenge_of_a_lie_wins_for_the_challenger():
    duel = bidding()
    duel.apply(Propose(0, (1, 1, 3, 3, 6)))  # seat 0 holds aces, threes and a five
    events = duel.apply(Challenge(1))
    assert events == [
        Challenged(1, 0, held=False),
        DiceRevealed(0, DICE[0], False),
        RoundWon(1, 0),
    ]
    assert duel.phase == "over" and duel.winner == 1 and duel.loser == 0 and duel.turn is None


def test_a_challenge_of_a_better_hand_loses():
    duel = bidding()
    duel.apply(Propose(0, (1, 1, 2, 2, 6)))
    assert duel.apply(Challenge(1))[1:] == [DiceRevealed(0, DICE[0], True), RoundWon(0, 1)]


def test_exactly_the_proposed_value_wins_for_the_claimant():
    # "if they are worth as much or more, the challenger loses"
    duel = bidding()
    duel.apply(Propose(0, (3, 1, 3, 1, 5)))
    duel.apply(Challenge(1))
    assert duel.winner == 0 and duel.revealed() == DICE[0]


def test_the_round_ends_with_the_challenge():
    duel = bidding()
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    duel.apply(Challenge(1))
    for action in [Challenge(0), Challenge(1), Propose(0, FIVE_ACES), Reroll(1), Declare(0, SAT)]:
        assert_illegal(duel, action)
    assert duel.turn is None and duel.legal_actions(0) == duel.legal_actions(1) == []


def test_no_challenge_before_a_claim_and_never_of_oneself():
    duel = bidding()
    assert_illegal(duel, Challenge(0))
    duel.apply(Propose(0, (2, 2, 5, 4, 3)))
    assert_illegal(duel, Challenge(0))


# ---- odds and ends ---------------------------------------------------------------------


def test_illegal_action_is_a_value_error_and_unknown_moves_are_illegal():
    assert issubclass(IllegalAction, ValueError)
    duel = bidding()
    for action in [object(), None, Declare(2, SAT), Declare(True, SAT), Challenge(-1)]:
        assert_illegal(duel, action)


def test_the_claim_is_kept_as_announced():
    duel = bidding()
    duel.apply(Propose(0, [3, 4, 2, 5, 2]))
    assert duel.claim == (3, 4, 2, 5, 2) and duel.history[-1] == Proposed(0, (3, 4, 2, 5, 2))


def test_every_listed_legal_action_is_accepted():
    duel = bidding()
    duel.apply(Propose(0, (1, 1, 1, 6, 6)))
    actions = duel.legal_actions(1)
    assert Challenge(1) in actions and len([a for a in actions if isinstance(a, Reroll)]) == 31
    for action in actions:
        duel.clone().apply(action)
    for keep in itertools.combinations(range(5), 5):
        assert Reroll(1, keep) not in actions
