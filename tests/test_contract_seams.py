"""The seams where both engines agree (game.contract.Engine), checked on played-out games.

One way to start a game (Engine.start, which product code calls), one `turn` once the game is
over (None), one legal_actions signature (a seat), one refusal shape (a Refusal from refusal(), a
challenge's too), and the returns on the state that a match adds up.
"""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

import pytest

from bluffhouse.game.actions import Challenge
from bluffhouse.game.contract import Engine, Phase, Refusal
from bluffhouse.game.duel import Duel
from bluffhouse.game.engines import ENGINES
from bluffhouse.game.errors import Reason
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.rules import GameKind, Rules
from bluffhouse.game.table import Table

ROOT = Path(__file__).resolve().parent.parent
GAMES = {
    "bullets": Rules.bullets(players=4, hand_size=5),
    "kamu": Rules.kamu(players=3, jokers=True, hand_size=5, rounds=1),
    "duel": Rules.duel(),
}


def played_out(name: str, seed: int) -> tuple[Engine, list[Engine]]:
    """A game of `name` played to its end by random legal moves, and each position before it ended."""
    rules = GAMES[name]
    engine = ENGINES[rules.game].start(rules, seed)
    rng, before = random.Random(seed), []
    while not engine.is_over:
        before.append(engine.clone())
        moves = [a for s in range(engine.players) for a in engine.legal_actions(s)]
        engine.apply(rng.choice(moves))
    return engine, before


def test_every_game_has_its_engine_and_starts_through_it():
    assert set(ENGINES) == set(GameKind)
    for name, rules in GAMES.items():
        engine = ENGINES[rules.game].start(rules, 5, first=1)
        assert isinstance(engine, Engine) and type(engine) is (Duel if name == "duel" else Table)
        assert engine.rules == rules and engine.seed == 5 and engine.turn == 1


@pytest.mark.parametrize("name", GAMES)
def test_once_over_nobody_is_to_act_and_nothing_is_legal(name):
    for seed in range(6):
        engine, before = played_out(name, seed)
        assert engine.phase is Phase.OVER and engine.winner is not None
        assert engine.turn is None  # the table, like the duel, names nobody once over
        assert all(engine.legal_actions(s) == [] for s in range(engine.players))
        over = Reason.ROUND_OVER if name == "duel" else Reason.GAME_OVER
        for seat in range(engine.players):
            refusal = engine.refusal(seat, Challenge(seat))
            assert type(refusal) is Refusal and refusal.reason is over
        assert all(b.turn in range(b.players) for b in before)  # while it goes on, somebody


def test_legal_actions_takes_the_seat_in_both_engines():
    for kind in (Table, Duel):
        parameters = list(inspect.signature(kind.legal_actions).parameters.values())
        assert [p.name for p in parameters] == ["self", "seat"]
        assert parameters[1].default is inspect.Parameter.empty  # no "the seat to act" default


@pytest.mark.parametrize("name", GAMES)
def test_one_refusal_shape_a_challenge_included(name):
    for kind in (Table, Duel):  # refusal() is the only way an engine tells why not
        assert [n for n in dir(kind) if "refusal" in n and not n.startswith("_")] == ["refusal"]
    allowed = refused = 0
    for seed in range(8):
        _, before = played_out(name, seed)
        for engine in before[:40]:
            for seat in range(engine.players):
                refusal = engine.refusal(seat, Challenge(seat))
                assert refusal is None or type(refusal) is Refusal
                if isinstance(engine, Table):  # the table's own question agrees with refusal()
                    assert engine.can_challenge(seat) == (refusal is None)
                assert (refusal is None) == (Challenge(seat) in engine.legal_actions(seat))
                allowed += refusal is None
                refused += refusal is not None
    assert allowed > 10 and refused > 50


@pytest.mark.parametrize("name", GAMES)
def test_the_returns_are_on_the_state_and_the_match_adds_them_up(name):
    rules = GAMES[name]
    match = DuelMatch(rules, seed=2) if name == "duel" else CardMatch(rules, seed=2)
    totals = [0] * rules.players
    rng = random.Random(2)
    while not match.is_over:
        engine = match.new_round() if isinstance(match, DuelMatch) else match.new_game()
        assert engine.returns() == (0,) * engine.players  # nothing until it is over
        while not engine.is_over:
            engine.apply(rng.choice([a for s in range(engine.players) for a in engine.legal_actions(s)]))
        returns = engine.returns()
        if name == "duel":
            assert returns == tuple(int(s == engine.winner) for s in range(2))
        else:
            assert max(returns) == returns[engine.winner] == 4 and sorted(returns)[0] >= 0
        match.record(engine)
        totals = [t + r for t, r in zip(totals, returns, strict=True)]
        assert match.scores == totals


# Where a game may be built by other means than Engine.start: the engines themselves, and the
# records, which deal a duel round again from its known opening dice (as Table.from_hands would).
BUILDERS = {"deal", "new"}
ALLOWED = {
    "bluffhouse/game/table.py",
    "bluffhouse/game/table_state.py",
    "bluffhouse/game/duel.py",
    "bluffhouse/game/duel_state.py",
    "bluffhouse/game/records/check.py",
}


def test_product_code_starts_games_through_the_contract():
    found = []
    for folder in ("bluffhouse", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr in BUILDERS
                    and isinstance(node.func.value, ast.Name)
                    and node.func.value.id in ("Table", "Duel")
                    and where not in ALLOWED
                ):
                    found.append(f"{where}:{node.lineno} {node.func.value.id}.{node.func.attr}")
    assert found == []
