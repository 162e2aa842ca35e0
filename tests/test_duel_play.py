"""Random play, determinism, leak tests and fuzzing of the duel engine."""

import itertools
import random
from dataclasses import fields

import pytest
from fuzzing import in_both_tiers
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bluffhouse.game.actions import Challenge, Declare, Propose, Reroll
from bluffhouse.game.bots.duel_random import DuelRandomBot
from bluffhouse.game.bots.duel_sensible import DuelSensibleBot
from bluffhouse.game.dice import all_claims, canonical, hand_value
from bluffhouse.game.duel import Duel, IllegalAction
from bluffhouse.game.duel_events import DiceRevealed, Proposed, Rerolled
from bluffhouse.game.rules import Opening, Rules

BOTS = (DuelRandomBot, DuelSensibleBot)
MAX_ACTIONS = 2000  # far beyond any round: 248 claims, two rerolls each, some replays


def check_invariants(duel: Duel) -> None:
    """What must hold after every action of every round."""
    assert duel.phase in ("opening", "bidding", "over")
    for seat in (0, 1):
        dice = duel.dice(seat)
        assert isinstance(dice, tuple) and len(dice) == 5 and all(1 <= f <= 6 for f in dice)
        view = duel.view(seat)
        assert view.dice == dice and view.phase == duel.phase and view.claim == duel.claim
        shown = duel.phase == "over" and duel.claimant == 1 - seat
        assert view.opponent_dice == (duel.dice(1 - seat) if shown else None)
        assert hash(view) == hash(duel.view(seat))
    assert 0 <= duel.rerolls_left <= 2
    if duel.phase == "over":
        assert duel.turn is None and duel.winner in (0, 1) and duel.rerolls_left == 0
        met = hand_value(duel.dice(duel.claimant)) >= hand_value(duel.claim)
        assert duel.winner == (duel.claimant if met else 1 - duel.claimant)
    else:
        assert duel.turn in (0, 1) and duel.winner is None
        # only the seat to act can act: the other seat's moves are refused, changing nothing
        other = 1 - duel.turn
        before = duel.clone()
        for action in (Challenge(other), Declare(other, "satisfied"), Propose(other, (1,) * 5)):
            with pytest.raises(IllegalAction):
                duel.apply(action)
        assert duel == before
    if duel.phase == "opening" or duel.claim is None:
        assert duel.rerolls_left == 0 and duel.claimant is None
    proposals = [hand_value(e.dice) for e in duel.history if isinstance(e, Proposed)]
    assert all(a < b for a, b in itertools.pairwise(proposals))  # "higher" only
    for event in duel.history:
        assert not isinstance(event, Rerolled) or 1 <= event.number <= 2


def play(seed, bot_types, rules=None, first=None):
    """Play one seeded round with the given bots, checking invariants after each action."""
    duel = Duel.new(seed, first=first, rules=rules)
    rng = random.Random(seed * 7 + 1)
    bots = [bot_types[0](0, rng), bot_types[1](1, rng)]
    check_invariants(duel)
    for _ in range(MAX_ACTIONS):
        if duel.phase == "over":
            return duel
        seat = duel.turn
        action = bots[seat].choose(duel.view(seat))
        old = duel.dice(seat)
        events = duel.apply(action)
        if isinstance(action, Reroll):
            assert all(duel.dice(seat)[i] == old[i] for i in action.keep)  # "kept dice stay"
            assert events == [Rerolled(seat, 5 - len(action.keep), duel.rerolls_used)]
        check_invariants(duel)
    raise AssertionError(f"round {seed} did not end")


@pytest.mark.parametrize(
    "seeds", [range(40), pytest.param(range(40, 110), marks=pytest.mark.heavy)], ids=["fast", "heavy"]
)
@pytest.mark.parametrize("opening", list(Opening))
@pytest.mark.parametrize("pair", [(a, b) for a in BOTS for b in BOTS])
def test_random_play_with_mixed_bots_keeps_every_invariant(pair, opening, seeds):
    rules = Rules.duel(opening=opening)
    rounds = [play(seed, pair, rules) for seed in seeds]  # 8 x 40 = 320 rounds, 560 more heavy
    assert all(d.phase == "over" for d in rounds)
    assert {d.winner for d in rounds} == {0, 1}


@pytest.mark.parametrize(
    "seeds", [range(50), pytest.param(range(50, 200), marks=pytest.mark.heavy)], ids=["fast", "heavy"]
)
def test_the_sensible_bot_beats_the_random_bot(seeds):
    # 100 rounds in the fast tier (the sensible bot wins 94; a bot no better than chance wins
    # about 50, and 76 of 100 is far out of its reach), 300 more in the heavy tier.
    wins = sum(play(s, (DuelSensibleBot, DuelRandomBot)).winner == 0 for s in seeds)
    wins += sum(play(s, (DuelRandomBot, DuelSensibleBot)).winner == 1 for s in seeds)
    assert wins > 0.75 * 2 * len(seeds)


def test_same_seed_and_actions_give_equal_states_and_events():
    for seed in range(30):
        pair = (DuelSensibleBot, DuelRandomBot)
        a, b = play(seed, pair), play(seed, pair)
        assert a == b and a.history == b.history and a.opening_events == b.opening_events
    assert len({play(s, (DuelRandomBot, DuelRandomBot)).history for s in range(20)}) > 15


def test_a_clone_is_independent():
    duel = Duel.new(4, first=0)
    twin = duel.clone()
    assert twin == duel
    duel.apply(Declare(0, "satisfied"))
    assert twin != duel and twin.turn == 0 and twin.history == twin.opening_events
    twin.apply(Declare(0, "satisfied"))
    assert twin == duel


# ---- leak tests ------------------------------------------------------------------------


def _script():
    return [
        Declare(0, "not_satisfied"),
        Declare(1, "satisfied"),
        Propose(0, (2, 2, 6, 5, 4)),
        Reroll(1, (0, 3)),
        Reroll(1, (0,)),
        Propose(1, (3, 3, 2, 2, 6)),
        Reroll(0, (1,)),
        Propose(0, (5, 5, 5, 1, 6)),
    ]


@pytest.mark.parametrize("seed", range(5))
def test_changing_the_opponents_hidden_dice_leaves_the_view_equal(seed):
    mine = (1, 1, 3, 3, 5)
    hidden = [(2, 2, 2, 6, 6), (6, 5, 4, 3, 1)]
    duels = [Duel.new(seed, first=0, dice=(mine, theirs)) for theirs in hidden]
    assert duels[0].view(0) == duels[1].view(0) and duels[0].view(1) != duels[1].view(1)
    for action in _script():
        for duel in duels:
            duel.apply(action)
        assert duels[0].dice(1) != duels[1].dice(1)  # die 0 is never rerolled
        assert duels[0].view(0) == duels[1].view(0)
        assert hash(duels[0].view(0)) == hash(duels[1].view(0))
    # The challenge lifts seat 1's cup only when seat 1 is the claimant.
    for duel in duels:
        duel.apply(Challenge(1))
    assert duels[0].view(0) == duels[1].view(0)  # seat 1 challenged: its dice stay hidden
    assert duels[0].view(1).opponent_dice == duels[0].dice(0)
    reveal = [e for e in duels[0].history if isinstance(e, DiceRevealed)]
    assert reveal == [DiceRevealed(0, duels[0].dice(0), reveal[0].value_met)]


def test_the_challenged_cup_is_revealed_to_the_challenger():
    duel = Duel.new(1, first=0, dice=((1, 1, 3, 3, 5), (2, 2, 2, 6, 6)))
    for action in [Declare(0, "satisfied"), Declare(1, "satisfied"), Propose(0, (2, 2, 5, 4, 3))]:
        duel.apply(action)
    duel.apply(Propose(1, (4, 4, 4, 6, 6)))
    assert duel.view(0).opponent_dice is None
    duel.apply(Challenge(0))
    assert duel.view(0).opponent_dice == (2, 2, 2, 6, 6) and duel.view(1).opponent_dice is None
    assert duel.winner == 0


def test_views_carry_the_public_history_and_no_hidden_faces():
    rounds = (play(seed, (DuelSensibleBot, DuelSensibleBot)) for seed in range(50))
    duel = next(d for d in rounds if any(isinstance(e, Rerolled) for e in d.history))
    for seat in (0, 1):
        view = duel.view(seat)
        assert view.history == duel.history and view.seat == seat and view.winner == duel.winner
        for event in view.history:
            if isinstance(event, Rerolled):  # how many dice, which reroll: never the faces
                assert {f.name for f in fields(event)} == {"seat", "count", "number"}


# ---- fuzzing ---------------------------------------------------------------------------

seats = st.sampled_from([0, 1, 0, 1, 2, -1])
faces = st.lists(st.integers(0, 7), min_size=4, max_size=6)
random_action = st.one_of(
    st.builds(Declare, seats, st.sampled_from(["satisfied", "not_satisfied", "indifferent", "?"])),
    st.builds(Reroll, seats, st.lists(st.integers(-1, 5), max_size=6)),
    st.builds(Propose, seats, st.one_of(st.sampled_from(all_claims()), faces)),
    st.builds(Challenge, seats),
)


@in_both_tiers(
    settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]),
    40,
    seed=st.integers(0, 2**32),
    opening=st.sampled_from(list(Opening)),
    steps=st.lists(st.one_of(random_action, st.just("bot")), max_size=60),
)
def test_random_also_illegal_actions_never_break_the_engine(seed, opening, steps):
    duel = Duel.new(seed, rules=Rules.duel(opening=opening))
    bot = DuelRandomBot(0, random.Random(seed))
    for step in steps:
        if duel.phase == "over":
            break
        if step == "bot":
            bot.seat = duel.turn
            step = bot.choose(duel.view(duel.turn))
        legal = duel.legal_actions(duel.turn) if duel.turn is not None else []
        before = duel.clone()
        try:
            events = duel.apply(step)
        except IllegalAction:
            assert duel == before
            assert step not in legal
        else:
            assert events and duel.history[-len(events) :] == tuple(events)
            if isinstance(step, Reroll):
                step = Reroll(step.seat, sorted(step.keep))
            elif isinstance(step, Propose):
                step = Propose(step.seat, canonical(step.dice))
            assert step in legal
        check_invariants(duel)
