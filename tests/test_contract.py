"""The engine contract (game.contract.Engine): the same checks run against every game.

Constructor shape, apply and refusal agreeing, snapshot round-trips, views that hide the other
seats' secrets, events that carry their verdict, the refusals a screen can show coming from
refusal(), and legal_actions agreeing with refusal on random states (2,500 per game in the
heavy tier, 10,000 under `make soak`, 75 here, whose reasons the refusal tests read).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from bluffhouse.game.actions import Accept, Challenge, Declare, Play, Propose, Reroll
from bluffhouse.game.cards import FAKO_CARD
from bluffhouse.game.contract import Challenged, Engine, Phase, Refusal
from bluffhouse.game.dice import hand_value
from bluffhouse.game.duel import Duel
from bluffhouse.game.duel_events import Challenged as DuelChallenged  # the same class, re-exported
from bluffhouse.game.duel_events import DiceRevealed, RoundWon
from bluffhouse.game.engines import ENGINES
from bluffhouse.game.errors import IllegalAction, Reason
from bluffhouse.game.events import CardsRevealed, FakoExposed, PileTaken
from bluffhouse.game.events import Challenged as TableChallenged  # the same class, re-exported
from bluffhouse.game.rules import Rules, WhoMayChallenge
from bluffhouse.game.table import Table

LANGS = Path(__file__).resolve().parent.parent / "bluffhouse" / "assets" / "lang"

# Every game of the house, and the house rules that reach the rarer refusals.
GAMES = {
    "bullets": Rules.bullets(players=4, hand_size=5),
    "bullets_next": Rules.bullets(
        players=3, hand_size=4, bullets_per_player=1, who_may_challenge=WhoMayChallenge.NEXT
    ),
    "kamu_jokers": Rules.kamu(players=3, jokers=True, hand_size=7),
    "duel": Rules.duel(),
}
HOSTILE = (
    None,
    object(),
    "Play",
    Play(0.0, ()),
    Play(True, ()),
    Challenge("0"),
    Challenge(-1),
    Challenge(9),
    Accept(2**80),
    Declare(0, 5),
    Reroll(0, "01"),
    Propose(1, "66666"),
)
TABLE_ONLY = (Play, Accept)
DUEL_ONLY = (Declare, Reroll, Propose)


def start(name: str, seed) -> Engine:
    rules = GAMES[name]
    return ENGINES[rules.game].start(rules, seed)


def candidates(engine, rng: random.Random) -> list:
    """Moves any seat might press now: mostly plausible, some illegal, some of the other game."""
    n = engine.players
    seats = list(range(n)) + [rng.choice((-1, n))]
    moves = [Challenge(s) for s in seats]
    if type(engine) is Table:
        moves += [Accept(s) for s in seats]
        for seat in range(n):
            hand = engine.hand(seat)
            for _ in range(4):
                size = rng.choice((0, 1, 1, 2, 2, 3, 4, 5))
                cards = rng.sample(hand, min(size, len(hand)))
                others = [c for s in range(n) if s != seat for c in engine.hand(s)]
                if others and rng.random() < 0.1:
                    cards.append(rng.choice(others))  # a card it may not hold
                moves.append(Play(seat, cards))
        moves.append(Declare(0, "satisfied"))
    else:
        for seat in seats:
            moves.append(Declare(seat, rng.choice(("satisfied", "not_satisfied", "indifferent", "x"))))
            moves.append(Reroll(seat, rng.sample(range(6), rng.randrange(6))))
            moves += [Propose(seat, [rng.randint(0, 6) for _ in range(5)]) for _ in range(3)]
            moves += [Propose(seat, [rng.randint(1, 6) for _ in range(5)]) for _ in range(3)]
        moves.append(Accept(0))
    return moves


def same_kind(engine, action) -> tuple:
    """An action as the game tells plays apart: by ranks (jokers themselves), by claim, by keep."""
    if type(action) is Play:
        return ("play", action.seat, tuple(sorted(str(c) if c.is_joker else c.rank for c in action.cards)))
    if type(action) is Propose:
        try:
            return ("propose", action.seat, hand_value(action.dice))
        except ValueError:  # no five faces 1-6: no claim at all
            return ("propose", action.seat, None)
    if type(action) is Reroll:
        return ("reroll", action.seat, tuple(sorted(action.keep)))
    return (type(action).__name__, action.seat, getattr(action, "mood", None))


def random_move(engine, rng: random.Random):
    """A legal move of any seat (a challenge now and then, as the table would)."""
    moves = [a for s in range(engine.players) for a in engine.legal_actions(s)]
    challenges = [a for a in moves if type(a) is Challenge]
    if challenges and rng.random() < 0.5:
        return rng.choice(challenges)
    return rng.choice(moves)


def states(name: str, count: int, seed: int = 0):
    """`count` positions of random games of `name`, a fresh game whenever one ends."""
    rng = random.Random(seed)
    engine, made = start(name, rng.randrange(10**9)), 0
    while made < count:
        yield engine, rng
        made += 1
        if engine.is_over:
            engine = start(name, rng.randrange(10**9))
        else:
            engine.apply(random_move(engine, rng))


def check_agreement(engine, rng: random.Random, produced: set) -> int:
    """legal_actions and refusal agree here, and apply raises exactly refusal's reason."""
    checked = 0
    listed_by_seat = [engine.legal_actions(s) for s in range(engine.players)]
    legal = {same_kind(engine, a) for listed in listed_by_seat for a in listed}
    for seat, listed in enumerate(listed_by_seat):
        for action in rng.sample(listed, min(len(listed), 12)):
            assert action.seat == seat and engine.refusal(seat, action) is None, action
    before = engine.snapshot()
    for action in candidates(engine, rng):
        seat = getattr(action, "seat", 0)
        refusal = engine.refusal(seat, action)
        if refusal is None:
            assert same_kind(engine, action) in legal, action
            twin = engine.clone()
            assert twin.apply(action) is not None
        else:
            assert type(refusal) is Refusal and type(refusal.reason) is Reason
            produced.add(refusal.reason)
            if (
                type(action) in (Play, Challenge, Accept, Declare, Reroll, Propose)
                and type(seat) is int
                and 0 <= seat < engine.players
            ):
                # a refused move is no legal one (but a card of a listed rank the seat lacks)
                assert same_kind(engine, action) not in legal or refusal.reason is Reason.NOT_IN_HAND
            with pytest.raises(IllegalAction) as raised:
                engine.apply(action)
            assert Refusal.of(raised.value) == refusal, action
            assert engine.snapshot() == before  # "changes nothing"
        checked += 1
    return checked


# ---------------------------------------------------------------------------- the shape


@pytest.mark.parametrize("name", GAMES)
def test_both_engines_keep_the_contract_and_start_from_rules_and_seed(name):
    engine = start(name, 7)
    assert isinstance(engine, Engine)
    assert engine.rules == GAMES[name] and engine.seed == 7
    assert engine.snapshot() == start(name, 7).snapshot()  # the seed decides everything
    assert start(name, 8).snapshot() != engine.snapshot()
    assert engine.phase in (Phase.OPENING, Phase.PLAY) and not engine.is_over
    assert engine.turn in range(engine.players) and engine.winner is None
    kind = ENGINES[GAMES[name].game]
    assert kind.start(GAMES[name], 7, first=1).turn == 1
    other = Rules.duel() if kind is Table else Rules.bullets()
    with pytest.raises(IllegalAction) as wrong:
        kind.start(other, 7)
    assert wrong.value.reason is Reason.WRONG_GAME


@pytest.mark.parametrize("name", GAMES)
def test_the_phase_is_one_vocabulary_and_over_is_over(name):
    seen = set()
    for engine, _ in states(name, 150, seed=3):
        assert type(engine.phase) is Phase
        assert (engine.phase is Phase.OVER) == engine.is_over == (engine.winner is not None)
        seen.add(engine.phase)
    table = {Phase.PLAY, Phase.OVER} | ({Phase.ANSWER} if name != "bullets" else set())
    assert seen >= ({Phase.OPENING, Phase.BIDDING, Phase.OVER} if name == "duel" else table)


@pytest.mark.parametrize("name", GAMES)
def test_refusal_never_raises_and_apply_raises_exactly_its_reason(name):
    produced: set = set()
    for engine, rng in states(name, 60, seed=5):
        for action in HOSTILE:
            for seat in (0, 1, -1, "0", None):
                refusal = engine.refusal(seat, action)  # never raises, whatever comes in
                assert refusal is not None
            with pytest.raises(IllegalAction) as raised:
                engine.apply(action)
            if type(action) in (Play, Challenge, Accept, Declare, Reroll, Propose):
                assert (
                    Refusal.of(raised.value) == engine.refusal(action.seat, action)
                    or raised.value.reason is Reason.NO_SEAT
                )
        check_agreement(engine, rng, produced)
    assert Reason.NOT_A_MOVE in produced and Reason.NOT_YOUR_TURN in produced


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_may_not_press_for_another(name):
    engine = start(name, 11)
    action = engine.legal_actions(engine.turn)[0]
    other = (engine.turn + 1) % engine.players
    refusal = engine.refusal(other, action)
    assert refusal.reason is Reason.NOT_YOUR_SEAT
    assert refusal.fields == {"seat": other, "owner": engine.turn}
    assert engine.refusal(engine.turn, action) is None


# ---------------------------------------------------------------------------- snapshots, views


@pytest.mark.parametrize("name", GAMES)
def test_a_snapshot_round_trips_and_plays_on_the_same(name):
    for engine, rng in states(name, 80, seed=9):
        snap = engine.snapshot()
        again = type(engine).from_snapshot(snap)
        assert again.snapshot() == snap and again == engine
        if not engine.is_over:
            move = random_move(engine, random.Random(rng.random()))
            assert again.apply(move) == engine.clone().apply(move)
    with pytest.raises(IllegalAction):
        type(engine).from_snapshot(("not", "a", "snapshot"))


def _others_changed(engine, seat: int, rng: random.Random):
    """The same game with every card or die hidden from `seat` changed."""
    if type(engine) is Table:
        return engine.redealt_hidden(seat, rng)
    snap = list(engine.snapshot())
    dice = list(snap[3])
    lifted = engine.is_over and engine.claimant == 1 - seat
    if not lifted:
        dice[1 - seat] = tuple(rng.randint(1, 6) for _ in range(5))
    snap[3] = tuple(dice)
    return Duel.from_snapshot(tuple(snap))


@pytest.mark.parametrize("name", GAMES)
def test_a_view_hides_the_other_seats_secrets(name):
    changed = 0
    for engine, rng in states(name, 120, seed=13):
        for seat in range(engine.players):
            twin = _others_changed(engine, seat, rng)
            assert twin.view(seat) == engine.view(seat)
            changed += twin.snapshot() != engine.snapshot()
    assert changed > 100  # the secrets did change: the views stayed equal anyway


# ---------------------------------------------------------------------------- verdicts


@pytest.mark.parametrize("name", GAMES)
def test_a_challenge_event_carries_its_verdict(name):
    told = 0
    for engine, rng in states(name, 400, seed=17):
        if engine.is_over:
            continue
        move = random_move(engine, rng)
        events = engine.clone().apply(move)
        said = [e for e in events if type(e) is Challenged]
        if not said:
            continue
        told += 1
        verdict = said[0]
        if name != "duel":
            shown = next(e for e in events if type(e) is CardsRevealed)
            lone_fako = len(shown.cards) == 1 and shown.cards[0].is_fako
            assert verdict.held == shown.truthful and verdict.bait == shown.bait == lone_fako
            taker = next(e for e in events if type(e) is PileTaken).seat
            assert taker == (verdict.challenger if verdict.held else verdict.caller)
        else:
            shown = next(e for e in events if type(e) is DiceRevealed)
            assert verdict.held == shown.value_met == (hand_value(shown.dice) >= hand_value(engine.claim))
            won = next(e for e in events if type(e) is RoundWon).seat
            assert not verdict.bait  # a duel's claim is never bait
            assert won == (verdict.caller if verdict.held else verdict.challenger)
    assert told >= 5


def test_both_games_emit_one_challenged_event():
    """One Challenged class in game/ (the verdict test above finds it in both engines' events);
    each game's events module names that same class."""
    assert TableChallenged is Challenged is DuelChallenged
    assert Challenged.__module__ == "bluffhouse.game.contract"
    assert Challenged(1, 0, held=False) == Challenged(challenger=1, caller=0, held=False, bait=False)


def test_a_lone_fako_is_bait_challenged_and_exposed_let_pass():
    rules = Rules.kamu(players=3, jokers=True)
    fako = FAKO_CARD
    table = Table.from_hands(rules, [[fako, "7P"], ["8P", "9P"], ["AP", "KP"]])
    events = table.clone().apply(Play(0, [fako]))
    assert not any(type(e) is FakoExposed for e in events)
    bait = table.clone()
    bait.apply(Play(0, [fako]))
    said = bait.apply(Challenge(1))
    assert said[0] == Challenged(1, 0, held=True, bait=True)
    passed = table.clone()
    passed.apply(Play(0, [fako]))
    assert any(type(e) is FakoExposed and e.seat == 0 for e in passed.apply(Play(1, ["8P"])))


# ---------------------------------------------------------------------------- screens and refusals


def _translated(code: str) -> set[str]:
    keys = set()
    for path in (LANGS / code).glob("*.json"):
        keys |= set(json.loads(path.read_text(encoding="utf-8")))
    return keys


@pytest.fixture(scope="module")
def agreement() -> tuple[set, dict[str, int]]:
    """legal_actions and refusal checked against each other on 75 random states of every game
    (check_agreement): every reason refusal() gave, and how many moves were checked per game.
    75 states already reach every reason a press can be refused for (150 reached no more)."""
    found: set = set()
    checked = dict.fromkeys(GAMES, 0)
    for name in GAMES:
        for engine, rng in states(name, 75, seed=21):
            checked[name] += check_agreement(engine, rng, found)
            if not engine.is_over:  # somebody else's key pressed for the seat to act
                other = (engine.turn + 1) % engine.players
                found.add(engine.refusal(other, engine.legal_actions(engine.turn)[0]).reason)
    return found, checked


@pytest.fixture(scope="module")
def produced(agreement) -> set:
    """Every reason refusal() gave over those random states of every game."""
    return agreement[0]


def test_every_reason_of_a_move_is_reachable(produced):
    # The refusals of a press at either game (a known position's and a match's are not presses).
    moves = {
        Reason.NOT_A_MOVE,
        Reason.NO_SEAT,
        Reason.GAME_OVER,
        Reason.NOT_YOUR_TURN,
        Reason.NOT_YOUR_SEAT,
        Reason.MUST_ANSWER,
        Reason.NO_CARDS,
        Reason.TOO_MANY_CARDS,
        Reason.HAND_TOO_SMALL,
        Reason.NOT_IN_HAND,
        Reason.FAKO_NOT_ALONE,
        Reason.NO_CALL,
        Reason.WINDOW_CLOSED,
        Reason.OWN_CALL,
        Reason.ONLY_NEXT,
        Reason.NO_BULLETS,
        Reason.NOTHING_TO_ACCEPT,
        Reason.ROUND_OVER,
        Reason.OPENING_OVER,
        Reason.BAD_MOOD,
        Reason.PROPOSER_ONLY,
        Reason.OPENING_FIRST,
        Reason.REROLL_BEFORE_CLAIM,
        Reason.MUST_CHALLENGE,
        Reason.NO_REROLLS_LEFT,
        Reason.BAD_KEEP,
        Reason.KEEP_ALL,
        Reason.BAD_DICE,
        Reason.NOTHING_CLAIM,
        Reason.CLAIM_NOT_HIGHER,
        Reason.NO_CLAIM,
        Reason.REROLLED,
    }
    assert moves - produced == set()


@pytest.mark.parametrize("code", ["en", "es", "fr", "hu"])
def test_every_reason_refusal_gives_has_words_in_every_language(produced, code):
    keys = _translated(code)
    assert {f"refusal.{r.value}" for r in produced} - keys == set()


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_and_refusal_agree_on_seventy_five_states(agreement, name):
    # checked once, in the module's fixture, whose reasons the tests above read
    assert agreement[1][name] > 75 * 10


# Random states per rule set: 2,500 in the heavy tier (10,000 over the four rule sets), 10,000 each
# in `make soak` (BLUFFHOUSE_SOAK=1).
HEAVY_STATES = 10_000 if os.environ.get("BLUFFHOUSE_SOAK") == "1" else 2_500


@pytest.mark.heavy
@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_and_refusal_agree_on_thousands_of_states(name):
    produced: set = set()
    count = checked = 0
    for engine, rng in states(name, HEAVY_STATES, seed=31):
        checked += check_agreement(engine, rng, produced)
        count += 1
    assert count == HEAVY_STATES and checked > HEAVY_STATES * 10
    print(f"{name}: {count} states, {checked} moves checked, {len(produced)} reasons")


def test_the_numbers_screens_and_phones_take_are_the_engines():
    # The most cards a play takes and dice a reroll keeps: what legal_actions and refusal say.
    from bluffhouse.game.table_view import MOST_CARDS

    for engine, _ in states("duel", 200, seed=37):
        keeps = (
            [len(a.keep) for a in engine.legal_actions(engine.turn) if type(a) is Reroll]
            if not engine.is_over
            else []
        )
        view = engine.view(0)
        assert view.most_kept == max(keeps, default=0) == engine.most_kept
    for engine, _ in states("bullets", 100, seed=41):
        if engine.phase is Phase.PLAY:
            sizes = {len(a.cards) for a in engine.legal_actions(engine.turn) if type(a) is Play}
            assert max(sizes) == min(MOST_CARDS, engine.hand_size(engine.turn))
