"""The Expert: always legal, blind to everything its seat cannot see, its deals consistent with
its view, deterministic for a seed, and reading each person from what became public."""

import copy
import random

import pytest
from kit import assert_consistent

from bluffhouse.game.actions import Accept, Challenge, Declare, Play, Propose
from bluffhouse.game.arena import rules_for
from bluffhouse.game.bots import DUEL_BOTS, TABLE_BOTS, make_bot
from bluffhouse.game.bots.duel_expert import ExpertDuelBot
from bluffhouse.game.bots.reading import Reading
from bluffhouse.game.bots.table_expert import ExpertTableBot, candidate_plays
from bluffhouse.game.bots.table_runner import next_bot_action
from bluffhouse.game.cards import parse_cards
from bluffhouse.game.duel import Duel
from bluffhouse.game.rules import Rules, WhoMayChallenge
from bluffhouse.game.table import Table
from bluffhouse.game.table_worlds import Worlds


def expert(seat: int, seed: int = 0, worlds: int = 4) -> ExpertTableBot:
    """A small and deterministic expert: a few worlds a decision, no clock."""
    return ExpertTableBot(seat, random.Random(seed), worlds=worlds, deadline=None)


def play_out(table: Table, bots, limit: int = 3000) -> int:
    for actions in range(limit):
        if table.is_over:
            return actions
        action = next_bot_action(table, bots)
        assert isinstance(action, (Play, Accept, Challenge))
        table.apply(action)  # IllegalAction if the expert ever chose an illegal move
    raise AssertionError("no winner")


def test_the_levels_know_the_expert():
    assert TABLE_BOTS["expert"] is ExpertTableBot and DUEL_BOTS["expert"] is ExpertDuelBot
    assert isinstance(make_bot("kamu", "expert", 2, random.Random(1)), ExpertTableBot)
    assert isinstance(make_bot("duel", "expert", 1, random.Random(1)), ExpertDuelBot)


@pytest.mark.parametrize(
    "rules",
    [
        rules_for("bullets", 4),
        rules_for("kamu", 3),
        Rules.bullets(3, who_may_challenge=WhoMayChallenge.NEXT, bullets_per_player=1),
    ],
    ids=["bullets4", "kamu3", "bullets3-next"],
)
def test_the_expert_plays_only_legal_moves(rules):
    table = Table.deal(rules, 5)
    bots = [
        expert(s, s) if s % 2 == 0 else TABLE_BOTS["hard"](s, random.Random(s)) for s in range(rules.players)
    ]
    for _ in range(60):  # the first sixty moves; whole games in the heavy tier
        if table.is_over:
            break
        table.apply(next_bot_action(table, bots))  # IllegalAction if a choice was illegal


@pytest.mark.heavy
@pytest.mark.parametrize("game", ["bullets", "kamu"])
@pytest.mark.parametrize("players", [2, 5, 6])
def test_experts_play_legally_at_every_table_size(game, players):
    table = Table.deal(rules_for(game, players), players)
    play_out(table, [expert(s, s, worlds=3) for s in range(players)], limit=5000)


@pytest.mark.parametrize(
    "moves, least", [(35, 25), pytest.param(60, 40, marks=pytest.mark.heavy)], ids=["fast", "heavy"]
)
def test_the_experts_decision_depends_on_nothing_hidden(moves, least):
    """At each of its decisions, the same expert (copied, generator and memory included) is
    shown the view of a twin table whose other hands, pile and set-aside cards were dealt
    anew: the views are equal, and so are the decisions. The first 35 moves of two games in the
    fast tier (42 decisions), 60 in the heavy tier (69, later ones with more behind them)."""
    checked = 0
    for seed, game in ((1, "bullets"), (2, "kamu")):
        rules = rules_for(game, 4)
        table = Table.deal(rules, seed)
        me = expert(0, seed)
        bots = [me] + [TABLE_BOTS["hard"](s, random.Random(s)) for s in (1, 2, 3)]
        for _ in range(moves):
            if table.is_over:
                break
            asked = table.turn == 0 or (table.window_open and table.can_challenge(0))
            if asked:
                twin = table.redealt_hidden(0, random.Random(seed * 100 + checked))
                assert twin.view(0) == table.view(0)
                ours, theirs = copy.deepcopy(me), copy.deepcopy(me)
                if table.turn == 0:
                    assert ours.choose(table.view(0)) == theirs.choose(twin.view(0))
                else:
                    assert ours.wants_challenge(table.view(0)) == theirs.wants_challenge(twin.view(0))
                checked += 1
            table.apply(next_bot_action(table, bots))
    assert checked > least


def test_the_worlds_the_expert_searches_are_consistent_with_its_view(monkeypatch):
    dealt = []
    real = Worlds.sample

    def kept(self, view, rng, truth=None, open_truth=None):
        world = real(self, view, rng, truth, open_truth)
        dealt.append((view, world))
        return world

    monkeypatch.setattr(Worlds, "sample", kept)
    table = Table.deal(rules_for("kamu", 4), 3)
    bots = [expert(s, s) for s in range(4)]
    for _ in range(40):
        if table.is_over:
            break
        table.apply(next_bot_action(table, bots))
    assert len(dealt) > 50
    for view, world in dealt:
        assert_consistent(view, world)


def test_the_expert_is_deterministic_for_a_seed():
    def game_of(seed):
        table = Table.deal(rules_for("bullets", 4), 9)
        bots = [expert(0, seed)] + [TABLE_BOTS["medium"](s, random.Random(s)) for s in (1, 2, 3)]
        moves = []
        while not table.is_over and len(moves) < 80:
            action = next_bot_action(table, bots)
            moves.append(action)
            table.apply(action)
        return moves

    assert game_of(4) == game_of(4)


def test_the_expert_is_anytime(monkeypatch):
    """With no time at all it still plays, after the first world it dealt."""
    table = Table.from_hands(Rules.bullets(3), ["AS 2S 3S 4D 9C", "AH 2H 9D", "AD 4C 5C KD"], first=0)
    dealt = []
    real = Worlds.sample
    monkeypatch.setattr(Worlds, "sample", lambda self, *a, **k: dealt.append(1) or real(self, *a, **k))
    hurried = ExpertTableBot(0, random.Random(1), worlds=50, deadline=0.0)
    action = hurried.choose(table.view(0))
    assert isinstance(action, Play) and len(dealt) == 1
    table.apply(action)


def test_a_hand_emptying_true_call_is_played_at_once_and_a_sure_lie_caught():
    table = Table.from_hands(Rules.bullets(3), ["AS AH", "KD KS 2C", "5C 9D"], first=0)
    assert expert(0).choose(table.view(0)) == Play(0, parse_cards("AS AH"))
    table = Table.from_hands(
        Rules.bullets(3), ["7S 7H 7D 4C", "KD 2C", "5C 9D 3H"], first=1, rank="7", pile="2S 3S"
    )
    table.apply(Play(1, parse_cards("KD 2C")))  # "two sevens": seat 0 holds three of the four
    assert expert(0).wants_challenge(table.view(0))


def test_its_candidate_plays_are_distinct_and_include_the_truth_and_a_lie():
    table = Table.from_hands(Rules.kamu(3, jokers=True), ["7P 7T 9Z UM *S *F", "8P", "8T"])
    plays = candidate_plays(table.view(0))
    kinds = [tuple(sorted(map(str, p))) for p in plays]
    assert len(set(kinds)) == len(kinds)
    assert any(all(c.rank == "7" or c.is_szines for c in p) for p in plays)  # the truth
    assert any(not any(c.rank == "7" or c.is_joker for c in p) for p in plays)  # a plain lie
    assert [c for p in plays for c in p if c.is_fako] and all(
        len(p) == 1 for p in plays if any(c.is_fako for c in p)
    )  # the Fakó only alone


# ---------------------------------------------------------------------------- reading people


def test_reading_learns_lies_from_piles_read_whole_not_from_challenged_calls():
    rules = Rules.bullets(3)
    table = Table.from_hands(rules, ["AS 2S 3S 4S", "AH 9D 9C 2H", "AD 4C 5C KD"], first=1)
    table.apply(Play(1, parse_cards("AH 9D")))  # aces: a lie, let stand
    table.apply(Play(2, parse_cards("4C")))  # twos: a lie ...
    table.apply(Challenge(0))  # ... caught by seat 0, who takes nothing and leads at twos
    reading = Reading(0, 3).read(table.view(0))
    assert reading.now[2].known_calls == 0  # a call turned up by a challenge is not counted
    assert reading.now[2].challenges == [0, 0, 0] and reading.now[0].challenges[0] == 1
    table.apply(Play(0, parse_cards("2S")))  # twos, true ...
    table.apply(Challenge(1))  # ... so seat 1 was wrong, and seat 0 leads at twos again
    table.apply(Play(0, parse_cards("3S")))  # twos: a lie this time ...
    table.apply(Challenge(2))  # ... and seat 2 was right
    reading.read(table.view(0))
    assert (reading.now[1].wrong, reading.now[2].wrong) == (1, 0)
    assert reading.now[1].challenges[0] == 1 and reading.now[2].challenges[0] == 1


def test_reading_reads_the_calls_in_a_pile_it_picks_up():
    table = Table.from_hands(Rules.bullets(3), ["AS 2S 3S", "AH 9D 9C 2H", "AD 4C 5C KD"], first=1)
    table.apply(Play(1, parse_cards("AH 9D")))  # "two aces": one is a nine
    table.apply(Play(2, parse_cards("4C")))  # "a two": a lie
    table.apply(Play(0, parse_cards("3S")))  # "a three": true
    table.apply(Challenge(1))  # wrong: seat 1 takes the pile... seat 0 does not see it
    reading = Reading(2, 3).read(table.view(2))
    assert reading.now[1].known_calls == 0
    table = Table.from_hands(Rules.bullets(3), ["AS 2S 3S", "AH 9D 9C 2H", "AD 4C 5C KD"], first=1)
    table.apply(Play(1, parse_cards("AH 9D")))
    table.apply(Play(2, parse_cards("4C")))
    table.apply(Play(0, parse_cards("2S")))  # "a three", a lie, and seat 1 catches it:
    table.apply(Challenge(1))  # seat 0 picks up the pile and reads every call in it
    reading = Reading(0, 3).read(table.view(0))
    assert (reading.now[1].known_calls, reading.now[1].known_lies) == (1, 1)
    assert (reading.now[2].known_calls, reading.now[2].known_lies) == (1, 1)


def test_the_expert_keeps_what_a_finished_game_showed_for_the_next_one():
    class Told:
        def __init__(self, seat, rank, cards):
            self.seat, self.rank, self.cards = seat, rank, tuple(parse_cards(cards))

    table = Table.deal(rules_for("kamu", 3), 4)
    me = expert(0)
    me.wants_challenge(table.view(0))
    me.remember(table.view(0), [Told(1, "7", "8P"), Told(1, "8", "8T 9T"), Told(2, "9", "9P")])
    habits = me.reading.habits(1)
    assert (habits.known_calls, habits.known_lies, habits.big_lies) == (2, 2, 1)
    fresh = Table.deal(rules_for("kamu", 3), 5)  # the match's next game
    me.reading.read(fresh.view(0))
    assert me.reading.habits(1).known_lies == 2 and me.reading.now[1].known_calls == 0


# ---------------------------------------------------------------------------- the duel


def duel_bots(kinds, seed=0):
    return [DUEL_BOTS[k](s, random.Random(seed + s)) for s, k in enumerate(kinds)]


@pytest.mark.parametrize("seeds", [range(6), pytest.param(range(6, 12), marks=pytest.mark.heavy)])
def test_the_duel_expert_plays_whole_rounds_legally(seeds):
    # six rounds in the fast tier, six more in the heavy one (the expert opens in half of each)
    for seed in seeds:
        duel = Duel.new(seed)
        bots = duel_bots(("expert", "hard") if seed % 2 else ("medium", "expert"), seed)
        for _ in range(40):
            if duel.phase == "over":
                break
            duel.apply(bots[duel.turn].choose(duel.view(duel.turn)))
        assert duel.phase == "over"


def test_the_duel_expert_cannot_see_the_other_cup():
    for seed in range(8):
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
        one = ExpertDuelBot(0, random.Random(seed)).choose(a.view(0))
        two = ExpertDuelBot(0, random.Random(seed)).choose(b.view(0))
        assert one == two


@pytest.mark.parametrize("dice, mood", [((1, 1, 1, 1, 1), "satisfied"), ((2, 3, 4, 6, 1), "not_satisfied")])
def test_the_duel_experts_mood_weighs_its_dice_against_a_fresh_roll(dice, mood):
    duel = Duel.new(3, first=1, dice=((6, 6, 5, 4, 2), dice))
    assert ExpertDuelBot(1, random.Random(0)).choose(duel.view(1)) == Declare(1, mood)


def test_the_duel_expert_remembers_the_other_players_lifted_lies():
    duel = Duel.new(2, first=1, dice=((2, 3, 4, 6, 6), (2, 3, 4, 5, 5)))
    duel.apply(Declare(1, "satisfied"))
    duel.apply(Declare(0, "satisfied"))
    duel.apply(Propose(1, (1, 1, 1, 4, 4)))  # a full house of aces: a lie
    duel.apply(Challenge(0))
    me = ExpertDuelBot(0, random.Random(0))
    me.remember(duel.view(0))
    assert (me.habits.lifted, me.habits.lies, me.habits.chances) == (1, 1, 0)
    assert me.habits.lie_rate(0.2) > 0.2
