"""The Easy / Medium / Hard players: always legal, blind to hidden cards and dice, sharp where
the issue says they must be."""

import random

import pytest

from bluffhouse.game.actions import Accept, Challenge, Declare, Play, Propose, Reroll
from bluffhouse.game.arena import rules_for
from bluffhouse.game.bots import DUEL_BOTS, TABLE_BOTS
from bluffhouse.game.bots.duel_levels import DUEL_PERSONALITIES, HardDuelBot
from bluffhouse.game.bots.table_levels import TABLE_PERSONALITIES, HardTableBot
from bluffhouse.game.bots.table_memory import TableMemory
from bluffhouse.game.bots.table_reasoning import lie_estimate
from bluffhouse.game.bots.table_runner import next_bot_action
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.dice import claim_index
from bluffhouse.game.duel import Duel
from bluffhouse.game.rules import LeadAfterChallenge, RankAfterChallenge, Rules, WhoMayChallenge
from bluffhouse.game.table import Table
from bluffhouse.game.table_setup import build_deck

LEVELS = ("easy", "medium", "hard")


def play_out(table: Table, bots, max_actions: int = 3000) -> None:
    """Play to the end; every action must be legal (apply raises IllegalAction otherwise)."""
    for _ in range(max_actions):
        if table.is_over:
            return
        action = next_bot_action(table, bots)
        assert isinstance(action, (Play, Accept, Challenge))
        if not isinstance(action, Challenge):  # the turn's own choice
            assert action.seat == table.turn
            assert not (isinstance(action, Play) and table.view(action.seat).must_answer)
        table.apply(action)


@pytest.mark.parametrize(
    "seeds", [range(1), pytest.param(range(1, 4), marks=pytest.mark.heavy)], ids=["fast", "heavy"]
)
@pytest.mark.parametrize("game", ["bullets", "kamu"])
@pytest.mark.parametrize("players", range(2, 9))
def test_every_level_plays_only_legal_moves(game, players, seeds):
    # one whole game per game and player count in the fast tier (every level at three or more
    # players), three more heavy, each seating the levels one place further round
    for seed in seeds:
        rules = rules_for(game, players)
        table = Table.deal(rules, seed * 31 + players)
        bots = [TABLE_BOTS[LEVELS[(s + seed) % 3]](s, random.Random(seed * 100 + s)) for s in range(players)]
        play_out(table, bots)


@pytest.mark.parametrize(
    "rules",
    [
        Rules.bullets(4, who_may_challenge=WhoMayChallenge.NEXT),
        Rules.bullets(5, rank_after_challenge=RankAfterChallenge.CONTINUE, bullets_per_player=1),
        Rules.kamu(4, jokers=True, bullets_per_player=2),
        Rules.kamu(6, jokers=False, lead_after_challenge=LeadAfterChallenge.WINNER),
    ],
)
def test_every_level_plays_legally_under_house_rules(rules):
    for seed in range(2):
        table = Table.deal(rules, seed)
        bots = [TABLE_BOTS[LEVELS[s % 3]](s, random.Random(seed + s)) for s in range(rules.players)]
        play_out(table, bots)


def test_every_personality_plays_legally():
    for level, personalities in TABLE_PERSONALITIES.items():
        for name in personalities:
            table = Table.deal(rules_for("kamu", 4), 5)
            bot_class = TABLE_BOTS[level]
            bots = [bot_class(s, random.Random(s), name) for s in range(4)]
            play_out(table, bots)


def twin_tables(rules, mine, hidden, first=1):
    """Two tables alike for seat 0 and different for everybody else: hidden hands swapped."""
    a = Table.from_hands(rules, [mine, *hidden], first=first)
    b = Table.from_hands(rules, [mine, *reversed(hidden)], first=first)
    return a, b


def same_decisions(a: Table, b: Table, seat: int = 0) -> None:
    assert a.view(seat) == b.view(seat)
    for level in LEVELS:
        for seed in range(5):
            one = TABLE_BOTS[level](seat, random.Random(seed))
            two = TABLE_BOTS[level](seat, random.Random(seed))
            if a.window_open and a.can_challenge(seat):
                assert one.wants_challenge(a.view(seat)) == two.wants_challenge(b.view(seat))
            if a.turn == seat:
                assert one.choose(a.view(seat)) == two.choose(b.view(seat))


def test_decisions_do_not_depend_on_other_hands_bullets():
    rules = Rules.bullets(3)
    a, b = twin_tables(rules, "7S 7H 2C 9D KS", ["AS 3C 4D 5H 6S", "8C 8D JS QH 10C"], first=2)
    for table in (a, b):
        table.apply(Play(2, list(table.hand(2)[:2])))  # two cards, different in a and b
    same_decisions(a, b, seat=0)


def test_decisions_do_not_depend_on_other_hands_kamu_random_deals():
    for seed in range(6):
        rules = Rules.kamu(4, jokers=True)
        dealt = Table.deal(rules, seed)
        hands = [dealt.hand(s) for s in range(4)]
        others = hands[1] + hands[2] + hands[3]
        random.Random(seed).shuffle(others)  # the same hidden cards, dealt differently
        size = len(hands[1])
        b_hands = [hands[0]] + [others[i * size : (i + 1) * size] for i in range(3)]
        aside = build_deck(rules)
        for card in hands[0] + others:
            aside.remove(card)
        a = Table(rules, hands, first=3, set_aside=aside)
        b = Table(rules, b_hands, first=3, set_aside=aside)
        for table in (a, b):
            table.apply(Play(3, [c for c in table.hand(3) if not c.is_fako][:1]))
        same_decisions(a, b, seat=0)


def emptying_lie(mine: str):
    """Seat 1 plays its last card, a lie about sevens; seat 0 holds `mine`."""
    table = Table.from_hands(Rules.bullets(3), [mine, "KD", "5C 9D 10H"], first=1, rank="7")
    table.apply(Play(1, parse_cards("KD")))
    return table


def test_hard_always_challenges_a_hand_emptying_call_it_can_prove_false():
    table = emptying_lie("7S 7H 7D 7C 2H")  # all four sevens: "one seven" is impossible
    view = table.view(2)  # seat 2 is next: it must answer
    assert view.must_answer
    for seed in range(20):
        bot = HardTableBot(0, random.Random(seed))
        assert bot.wants_challenge(table.view(0))
        assert HardTableBot(2, random.Random(seed)).wants_challenge(view)  # "likely false"


def test_hard_lie_probability_is_one_for_an_impossible_call_and_lower_when_plausible():
    impossible = emptying_lie("7S 7H 7D 7C 2H").view(0)
    estimate = lie_estimate(impossible, TableMemory.of(impossible))
    assert estimate.impossible and estimate.probability == 1.0
    plausible = emptying_lie("2S 3H 4D 6C 6H").view(0)
    estimate = lie_estimate(plausible, TableMemory.of(plausible))
    assert not estimate.impossible and estimate.probability < 1.0


def test_hard_remembers_a_pile_it_picked_up():
    # Seat 0 picks up a pile holding three of the queens; later "two queens" from seat 1
    # is impossible for seat 0 (it holds three, so at most one is elsewhere).
    rules = Rules.bullets(2)
    table = Table.from_hands(rules, ["2S 3S 4S", "QS QH QD 5D 6D"], first=1, rank="Q")
    table.apply(Play(1, parse_cards("QS QH QD")))  # three queens, true
    table.apply(Challenge(0))  # wrong: seat 0 picks up the queens
    table.apply(Play(1, parse_cards("5D 6D")))  # "two queens" again: a lie
    view = table.view(0)
    estimate = lie_estimate(view, TableMemory.of(view))
    assert estimate.impossible and estimate.held == 3


def duel_round(kinds, seed):
    duel = Duel.new(seed, rules=Rules.duel())
    bots = [DUEL_BOTS[k](s, random.Random(seed + s)) for s, k in enumerate(kinds)]
    while duel.phase != "over":
        view = duel.view(duel.turn)
        action = bots[duel.turn].choose(view)
        assert action in view.legal_actions()
        if isinstance(action, Propose) and view.claim is not None:
            assert claim_index(action.dice) > claim_index(view.claim)  # never below the claim
        duel.apply(action)
    return duel


@pytest.mark.parametrize(
    "seeds", [range(8), pytest.param(range(8, 25), marks=pytest.mark.heavy)], ids=["fast", "heavy"]
)
@pytest.mark.parametrize(
    "kinds", [("hard", "medium"), ("medium", "easy"), ("easy", "hard"), ("hard", "hard")]
)
def test_duel_levels_play_only_legal_moves(kinds, seeds):
    for seed in seeds:
        duel_round(kinds, seed)


def test_every_duel_personality_plays_legally():
    for level, personalities in DUEL_PERSONALITIES.items():
        for name in personalities:
            for seed in range(3):
                duel = Duel.new(seed)
                bots = [DUEL_BOTS[level](s, random.Random(s), name) for s in range(2)]
                while duel.phase != "over":
                    view = duel.view(duel.turn)
                    action = bots[duel.turn].choose(view)
                    assert action in view.legal_actions()
                    duel.apply(action)


def test_duel_decisions_do_not_depend_on_the_other_cup():
    for seed in range(10):
        rng = random.Random(seed)
        mine = tuple(rng.randint(1, 6) for _ in range(5))
        theirs = [tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(2)]
        a = Duel.new(seed, first=1, dice=(mine, theirs[0]))
        b = Duel.new(seed, first=1, dice=(mine, theirs[1]))
        for duel in (a, b):
            duel.apply(Declare(1, "satisfied"))
            duel.apply(Declare(0, "satisfied"))
            duel.apply(Propose(1, (3, 3, 6, 5, 2)))
        assert a.view(0) == b.view(0)
        for level in LEVELS:
            one = DUEL_BOTS[level](0, random.Random(seed)).choose(a.view(0))
            two = DUEL_BOTS[level](0, random.Random(seed)).choose(b.view(0))
            assert one == two


def test_hard_duel_challenges_a_claim_its_reading_makes_all_but_impossible():
    # The other player shook all five dice twice, then claims five sixes: a fresh roll with
    # two rerolls of everything makes that about 1 in 2600.
    duel = Duel.new(4, first=0, dice=((2, 2, 3, 5, 6), (1, 2, 3, 4, 6)))
    duel.apply(Declare(0, "satisfied"))
    duel.apply(Declare(1, "satisfied"))
    duel.apply(Propose(0, (2, 2, 6, 5, 3)))
    duel.apply(Reroll(1, ()))
    duel.apply(Reroll(1, ()))
    duel.apply(Propose(1, (6, 6, 6, 6, 6)))
    for seed in range(5):
        assert HardDuelBot(0, random.Random(seed)).choose(duel.view(0)) == Challenge(0)


def test_hard_duel_tells_the_truth_with_five_aces():
    duel = Duel.new(4, first=0, dice=((1, 1, 1, 1, 1), (1, 2, 3, 4, 6)))
    duel.apply(Declare(0, "satisfied"))
    duel.apply(Declare(1, "satisfied"))
    action = HardDuelBot(0, random.Random(0)).choose(duel.view(0))
    assert action == Propose(0, (1, 1, 1, 1, 1))  # the other must challenge, and loses


def test_the_stored_fresh_roll_table_matches_the_exact_probabilities():
    from bluffhouse.game.bots.duel_tables import FRESH_TOP
    from bluffhouse.game.dice import CLAIM_COUNT, claim_at, prob_at_least

    assert len(FRESH_TOP) == CLAIM_COUNT
    for k in range(0, CLAIM_COUNT, 17):
        assert abs(FRESH_TOP[k] - prob_at_least(claim_at(k), 2)) < 1e-5


def test_a_hard_player_kept_for_a_second_game_forgets_the_first():
    bot = HardTableBot(0, random.Random(1))
    for seed in (3, 4):
        table = Table.deal(rules_for("bullets", 3), seed)
        others = [TABLE_BOTS["medium"](s, random.Random(s)) for s in (1, 2)]
        steps = 0
        while not table.is_over and steps < 400:
            steps += 1
            view = table.view(0)
            kept, fresh = bot.memory(view), TableMemory.of(view)
            assert (kept.guess, kept.certain, kept.habits) == (fresh.guess, fresh.certain, fresh.habits)
            table.apply(next_bot_action(table, [bot, *others]))
