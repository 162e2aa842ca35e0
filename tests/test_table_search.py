"""The search engine (game.table_search) plays the card table's rules exactly, on counts.

The proof is side by side: random games on Table, every action mirrored on a SearchTable, the two
compared after every action (hands, pile, turn, rank, window, bullets, winner, who may challenge).
"""

import random
from pathlib import Path

import pytest

from bluffhouse.game.actions import Accept, Challenge, Play
from bluffhouse.game.arena import rules_for
from bluffhouse.game.bots import TABLE_BOTS
from bluffhouse.game.bots.table_random import play_random_game
from bluffhouse.game.bots.table_runner import next_bot_action
from bluffhouse.game.rules import LeadAfterChallenge, RankAfterChallenge, Rules, WhoMayChallenge
from bluffhouse.game.sim import main as sim_main
from bluffhouse.game.table import Table
from bluffhouse.game.table_search import (
    SearchTable,
    SeatView,
    counts_of,
    distinct_kind_plays,
    kind_index,
)
from bluffhouse.game.table_view import distinct_plays

HOUSE_RULES = [
    rules_for("bullets", 4),
    rules_for("kamu", 4),
    rules_for("kamu", 2),
    Rules.bullets(3, who_may_challenge=WhoMayChallenge.NEXT),
    Rules.kamu(5, jokers=True, bullets_per_player=1),
    Rules.bullets(
        6,
        rank_after_challenge=RankAfterChallenge.CONTINUE,
        lead_after_challenge=LeadAfterChallenge.KAMU,
        bullets_per_player=1,
    ),
    Rules.bullets(4, hand_size=5),  # the hand-size house rule: the rest set aside unseen
    Rules.kamu(3, jokers=True, hand_size=7),
]


def assert_same(table: Table, state: SearchTable) -> None:
    truth = SearchTable.of(table)
    assert state.hands == truth.hands and state.sizes == truth.sizes
    assert (state.pile, state.pile_n) == (truth.pile, truth.pile_n)
    assert (state.turn, state.rank_i, state.window, state.winner) == (
        truth.turn,
        truth.rank_i,
        truth.window,
        truth.winner,
    )
    assert (state.bullets, state.last) == (truth.bullets, truth.last)
    assert state.must_answer == table.view(0).must_answer  # (the same for every seat)
    for seat in range(table.players):
        assert state.can_challenge(seat) == table.can_challenge(seat)
    able = [s for s in range(table.players) if table.can_challenge(s)]
    assert state.challengers()[:1] == ([table.first_challenger(able)] if able else [])


def mirror(rules: Rules, seed: int) -> int:
    """One game of mixed bots on Table, mirrored on a SearchTable; the actions compared."""
    table = Table.deal(rules, seed)
    state = SearchTable.of(table)
    kinds = ("random", "sensible", "hard")
    bots = [TABLE_BOTS[kinds[(seed + s) % 3]](s, random.Random(seed * 9 + s)) for s in range(rules.players)]
    actions = 0
    while not table.is_over:
        action = next_bot_action(table, bots)
        if isinstance(action, Challenge):
            caught = state.challenge(action.seat)
            events = table.apply(action)
            assert caught == any(getattr(e, "truthful", None) is False for e in events)
        else:
            if isinstance(action, Play):
                state.play(action.seat, tuple(kind_index(rules, c) for c in action.cards))
            else:
                assert isinstance(action, Accept)
                state.accept(action.seat)
            table.apply(action)
        actions += 1
        assert_same(table, state)
    return actions


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=lambda r: f"{r.game.value}{r.players}h{r.hand_size}")
def test_the_search_engine_follows_the_table_action_by_action(rules):
    assert sum(mirror(rules, seed) for seed in range(4)) > 60


@pytest.mark.heavy
@pytest.mark.parametrize("rules", HOUSE_RULES, ids=lambda r: f"{r.game.value}{r.players}h{r.hand_size}")
def test_the_search_engine_follows_the_table_over_many_games(rules):
    assert sum(mirror(rules, seed) for seed in range(4, 104)) > 1500


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=lambda r: f"{r.game.value}{r.players}h{r.hand_size}")
def test_a_search_deal_is_the_tables_deal(rules):
    for seed in range(5):
        dealt, truth = SearchTable.deal(rules, seed), SearchTable.of(Table.deal(rules, seed))
        assert (dealt.hands, dealt.aside, dealt.turn, dealt.bullets) == (
            truth.hands,
            truth.aside,
            truth.turn,
            truth.bullets,
        )


def test_the_plays_it_offers_are_the_tables_distinct_plays():
    rules = Rules.kamu(4, jokers=True)
    for seed in range(10):
        table = Table.deal(rules, seed)
        state = SearchTable.of(table)
        for seat in range(4):
            expected = sorted(
                tuple(sorted(kind_index(rules, c) for c in play))
                for play in distinct_plays(table.view(seat).hand)
            )
            assert sorted(state.plays(seat)) == expected


def test_a_clone_is_independent():
    state = SearchTable.of(Table.deal(rules_for("bullets", 4), 3))
    twin = state.clone()
    seat = twin.turn
    twin.play(seat, twin.plays(seat)[0])
    assert twin.hands != state.hands and twin.pile_n == 1 and state.pile_n == 0
    assert not state.window and twin.window


def test_a_seat_view_shows_its_own_cards_and_the_public_facts_only():
    state = SearchTable.of(Table.deal(rules_for("kamu", 4), 8))
    state.play(state.turn, state.plays(state.turn)[0])
    view = state.seat_view(2)
    public = {name for name in dir(view) if not name.startswith("_")}
    assert public == {
        "seat",
        "hand",
        "size",
        "sizes",
        "pile",
        "bullets",
        "turn",
        "rank",
        "last_call",
        "window",
        "can_challenge",
    }
    assert view.hand == state.hands[2] and view.size == sum(state.hands[2])
    caller, count, _rank, emptied = view.last_call  # the count, never the cards
    assert (caller, count, emptied) == (state.last[0], len(state.last[1]), False)
    assert isinstance(view, SeatView)


@pytest.mark.parametrize("game", ["bullets", "kamu"])
def test_random_baseline_games_end_and_keep_every_card(game):
    rules = rules_for(game, 4)
    whole = counts_of(rules, Table.deal(rules, 0).hand(0))  # shape only
    rng = random.Random(4)
    for seed in range(40):
        state = SearchTable.deal(rules, seed)
        before = [sum(col) for col in zip(*state.hands, state.aside, strict=True)]
        assert play_random_game(state, rng) > 0 and state.winner is not None
        after = [sum(col) for col in zip(*state.hands, state.pile, state.aside, strict=True)]
        assert after == before and len(after) == len(whole)
        assert all(b >= 0 for b in state.bullets) and all(min(h) >= 0 for h in state.hands)


def test_distinct_kind_plays_never_puts_the_fako_beside_another_card():
    fako = 10
    plays = distinct_kind_plays((2, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1), fako)
    assert (fako,) in plays and all(fako not in p for p in plays if len(p) > 1)
    assert len(set(plays)) == len(plays) and max(map(len, plays)) == 4


def test_no_screen_reaches_the_search_engine():
    """Scenes and phones only ever reach Table.apply(): the unchecked fast path stays in game/."""
    root = Path(__file__).resolve().parent.parent
    offenders = [
        str(p.relative_to(root))
        for p in sorted((root / "bluffhouse" / "scenes").rglob("*.py"))
        if "table_search" in p.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_the_sim_prints_the_search_engines_speed(capsys):
    assert sim_main(["--game", "kamu", "--games", "30", "--engine", "search"]) == 0
    out = capsys.readouterr().out
    assert "search engine" in out and "games/s" in out and "actions/s" in out
