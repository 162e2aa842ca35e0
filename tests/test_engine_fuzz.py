"""Hostile values at every action and query of both engines, the matches and Rules (issue 10).

Only IllegalAction or TypeError may come out, and a refused call leaves the whole state
(snapshot(): hands, pile, history, opening events, random generator) exactly as it was.
"""

import math

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bluffhouse.game.actions import Accept, Challenge, Declare, Play, Propose, Reroll
from bluffhouse.game.cards import FAKO_CARD, SZINES_CARD, Card, french_deck, hungarian_deck
from bluffhouse.game.duel import Duel
from bluffhouse.game.errors import IllegalAction, Reason
from bluffhouse.game.match import CardMatch, DuelMatch
from bluffhouse.game.rules import Rules
from bluffhouse.game.table import Table
from tests.fuzzing import in_both_tiers

# Each property: 30 examples in the fast tier, 150 in its heavy sibling (`test_…_in_full`).
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
FAST = 15
ALLOWED = (IllegalAction, TypeError)


class LiesEqual:
    """Equal to everything and hashing like `value`: slips into any dict or == check."""

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return f"LiesEqual({self.value!r})"


class LiesHash:
    """A new hash at every call, and never equal to itself."""

    count = 0

    def __hash__(self):
        LiesHash.count += 1
        return LiesHash.count

    def __eq__(self, other):
        return False


class LyingInt(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class LyingStr(str):
    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


class BadRepr:
    def __repr__(self):
        raise RuntimeError("no words for me")

    def _repr_pretty_(self, printer, cycle):  # Hypothesis may still name it in a report
        printer.text("BadRepr()")


EVERY_CARD = french_deck() + hungarian_deck() + [SZINES_CARD, FAKO_CARD]
LIARS = [
    LiesEqual(0),
    LiesEqual(1),
    LiesEqual("satisfied"),
    LiesEqual(Card("A", "S")),
    LiesEqual((1, 1, 1, 1, 1)),
    LiesEqual(Rules.bullets()),
    LiesHash(),
    LyingInt(0),
    LyingInt(1),
    LyingStr("satisfied"),
    LyingStr("AS"),
    BadRepr(),
    object(),
    Card(LiesEqual("A"), "S"),
    Card("A", LyingStr("S")),
    Card(1, 2),
]


def liar(index: int):
    """One of LIARS (by index: Hypothesis describes its strategies with repr)."""
    return LIARS[index]


# Beyond 4300 digits even str() of an int raises: built, not written, so Hypothesis can name it.
huge = st.one_of(
    st.integers(min_value=2**63), st.integers(max_value=-(2**63)), st.builds(pow, st.just(10), st.just(5000))
)
scalars = st.one_of(
    st.integers(-3, 9),
    huge,
    st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([0.0, 1.0, -0.0, math.nan]),
    st.booleans(),
    st.none(),
    st.text(max_size=4) | st.sampled_from(["0", "1", "AS", "7P", "*F", "satisfied", "indifferent"]),
    st.binary(max_size=3),
    st.sampled_from(range(len(LIARS))).map(liar),
    st.sampled_from(EVERY_CARD),
)
hostile = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=2), inner, max_size=2)
    ),
    max_leaves=8,
)


def call(engine, fn, *args):
    """fn(*args): only IllegalAction / TypeError may come out, and a refusal changes nothing."""
    before = engine.snapshot() if engine is not None else None
    try:
        result = fn(*args)
    except ALLOWED as error:
        assert str(error)  # a readable sentence for the log
        if isinstance(error, IllegalAction):
            assert error.reason in Reason
        if engine is not None:
            assert engine.snapshot() == before
        return error
    return result


def action(kind, seat, payload):
    """An action built from hostile parts (its own constructor may refuse with a TypeError)."""
    try:
        if kind is Play:
            return Play(seat, payload)
        if kind is Reroll:
            return Reroll(seat, payload)
        if kind is Propose:
            return Propose(seat, payload)
        if kind is Declare:
            return Declare(seat, payload)
        return kind(seat)
    except TypeError:
        return payload  # not even an action: hand the junk itself to apply()


# ---- the card table ------------------------------------------------------------------------------


def table_positions():
    """A start, an open window, a hand-emptying call to answer, a game over, Kamu with jokers."""
    rules = Rules.bullets(3)
    start = Table.from_hands(rules, ["AS AH 5C 6C", "2S 2H 3D", "KS KH 5H"])
    window = start.clone()
    window.apply(Play(0, [Card("A", "S")]))
    answer = Table.from_hands(rules, ["AS", "2S 2H", "KS KH"])
    answer.apply(Play(0, ["AS"]))
    over = answer.clone()
    over.apply(Accept(1))
    kamu = Table.from_hands(Rules.kamu(2, jokers=True), ["7P *S *F", "8T 9Z"])
    return [start, window, answer, over, kamu]


POSITIONS = table_positions()
positions = st.sampled_from(range(len(POSITIONS))).map(lambda i: POSITIONS[i].clone())
seats = st.one_of(st.integers(-1, 3), huge, hostile)
cards = st.one_of(
    st.lists(
        st.one_of(st.sampled_from(EVERY_CARD), st.sampled_from(["AS", "7P", "*F", "2S"]), hostile), max_size=6
    ),
    hostile,
)


@in_both_tiers(
    FUZZ, FAST, t=positions, kind=st.sampled_from([Play, Challenge, Accept]), seat=seats, payload=cards
)
def test_table_actions_with_hostile_values(t, kind, seat, payload):
    move = action(kind, seat, payload)
    result = call(t, t.apply, move)
    if not isinstance(result, BaseException):
        assert type(move.seat) is int  # only a real seat ever acts


@in_both_tiers(
    FUZZ,
    FAST,
    t=positions,
    name=st.sampled_from(
        [
            "hand",
            "hand_size",
            "bullets",
            "view",
            "can_challenge",
            "legal_actions",
            "first_challenger",
            "apply_challenges",
        ]
    ),
    value=st.one_of(seats, st.lists(seats, max_size=4)),
)
def test_table_queries_with_hostile_values(t, name, value):
    before = t.snapshot()
    result = call(t, getattr(t, name), value)
    if name != "apply_challenges":
        assert t.snapshot() == before  # a query never changes the game
    if name == "can_challenge":
        assert result is False or type(value) is int


@in_both_tiers(
    FUZZ,
    FAST,
    rules=st.one_of(st.just(Rules.bullets(2)), st.just(Rules.kamu(2)), hostile),
    hands=st.one_of(st.just(["AS 2S", "3S"]), st.lists(cards, max_size=3), hostile),
    first=seats,
    seed=hostile,
    bullets=st.one_of(st.none(), hostile),
    rank=st.one_of(st.none(), st.just("A"), hostile),
)
def test_table_construction_with_hostile_values(rules, hands, first, seed, bullets, rank):
    call(None, Table.from_hands, rules, hands, first)
    call(None, lambda: Table.from_hands(rules, hands, bullets=bullets, rank=rank, pile=seed))
    call(None, Table.deal, rules, seed, first)


OPTIONS = [
    "game",
    "players",
    "deck",
    "decks",
    "jokers",
    "deal_evenly",
    "bullets_per_player",
    "who_may_challenge",
    "rank_after_challenge",
    "lead_after_challenge",
    "rounds",
    "points_to_win",
    "opening",
    "challenge_window",
    "no_such_option",
]


@in_both_tiers(
    FUZZ,
    FAST,
    preset=st.sampled_from(["bullets", "kamu", "duel", "plain"]),
    option=st.sampled_from(OPTIONS),
    value=hostile,
    players=st.one_of(st.integers(0, 9), hostile),
)
def test_rules_with_hostile_options(preset, option, value, players):
    if preset == "plain":
        result = call(None, lambda: Rules(**{option: value}))
    elif preset == "duel":
        result = call(None, lambda: Rules.duel(**{option: value}))
    else:
        result = call(None, lambda: getattr(Rules, preset)(players, **{option: value}))
    if isinstance(result, Rules):
        assert type(result.players) is int and type(result.bullets_per_player) is int
        assert math.isfinite(result.challenge_window) and type(result.jokers) is bool
    call(None, lambda: Rules.bullets().but(**{option: value}))


# ---- the dice duel ---------------------------------------------------------------------------------

DICE = ((1, 1, 3, 3, 5), (6, 5, 5, 3, 2))


def duel_positions():
    """The opening, bidding before a claim, after a claim, after a reroll, five aces, over."""
    opening = Duel.new(3, first=0, dice=DICE)
    bidding = opening.clone()
    bidding.apply(Declare(0, "satisfied"))
    bidding.apply(Declare(1, "satisfied"))
    claimed = bidding.clone()
    claimed.apply(Propose(0, (2, 2, 5, 4, 3)))
    rerolled = claimed.clone()
    rerolled.apply(Reroll(1, (0, 1)))
    aces = claimed.clone()
    aces.apply(Propose(1, (1, 1, 1, 1, 1)))
    over = claimed.clone()
    over.apply(Challenge(1))
    return [opening, bidding, claimed, rerolled, aces, over]


DUELS = duel_positions()
duels = st.sampled_from(range(len(DUELS))).map(lambda i: DUELS[i].clone())
payloads = st.one_of(
    hostile,
    st.lists(st.one_of(st.integers(-1, 7), huge, hostile), max_size=6),
    st.sampled_from([(2, 2, 5, 4, 3), (6, 6, 6, 6, 6), (0, 1), (), "satisfied", "indifferent"]),
)


@in_both_tiers(
    FUZZ,
    FAST,
    duel=duels,
    kind=st.sampled_from([Declare, Reroll, Propose, Challenge]),
    seat=st.one_of(st.integers(-1, 2), huge, hostile),
    payload=payloads,
)
def test_duel_actions_with_hostile_values(duel, kind, seat, payload):
    move = action(kind, seat, payload)
    result = call(duel, duel.apply, move)
    if not isinstance(result, BaseException):
        assert type(move.seat) is int
        assert duel.winner is None or type(duel.winner) is int
        assert duel.claim is None or all(type(f) is int for f in duel.claim)


@in_both_tiers(
    FUZZ,
    FAST,
    duel=duels,
    name=st.sampled_from(["view", "dice", "legal_actions"]),
    value=st.one_of(st.integers(-1, 2), huge, hostile),
)
def test_duel_queries_with_hostile_values(duel, name, value):
    before = duel.snapshot()
    call(duel, getattr(duel, name), value)
    duel.revealed(), duel.history
    assert duel.snapshot() == before


@in_both_tiers(
    FUZZ,
    FAST,
    seed=st.one_of(st.integers(0, 9), hostile),
    first=st.one_of(st.none(), st.integers(-1, 2), huge, hostile),
    dice=st.one_of(st.none(), st.just(DICE), st.lists(payloads, max_size=3), hostile),
    rules=st.one_of(st.none(), st.just(Rules.duel()), st.just(Rules.kamu()), hostile),
)
def test_duel_new_with_hostile_values(seed, first, dice, rules):
    duel = call(None, Duel.new, seed, first, dice, rules)
    if isinstance(duel, Duel):
        assert duel.turn in (0, 1) and type(duel.turn) is int
        assert all(type(f) is int for seat in (0, 1) for f in duel.dice(seat))


# ---- matches ---------------------------------------------------------------------------------------


def finished_table(rules, seed):
    t = Table.deal(rules, seed)
    while not t.is_over:
        moves = [a for a in t.legal_actions(t.turn) if not isinstance(a, Challenge)]
        t.apply(max(moves, key=lambda a: len(getattr(a, "cards", ()))))
    return t


BULLETS3 = Rules.bullets(3)
GAMES = [
    finished_table(BULLETS3, 1),
    finished_table(Rules.bullets(4), 2),
    finished_table(Rules.kamu(3), 3),
    Table.deal(BULLETS3, 4),
    DUELS[-1],
    DUELS[0],
]


@in_both_tiers(
    FUZZ,
    FAST,
    game=st.one_of(st.sampled_from(GAMES), hostile),
    twice=st.booleans(),
    rules=st.one_of(st.just(BULLETS3), hostile),
    seed=hostile,
    first=seats,
)
def test_matches_with_hostile_values(game, twice, rules, seed, first):
    call(None, CardMatch, rules, seed, first)
    call(None, DuelMatch, rules, seed)
    cards, dice = CardMatch(BULLETS3, seed=1), DuelMatch(Rules.duel(), seed=1)
    for match in (cards, dice):
        for _ in range(2 if twice else 1):
            before = match.snapshot()
            result = call(match, match.record, game)
            if isinstance(result, BaseException):
                assert match.snapshot() == before
    assert cards.games_played <= 1 and dice.scores in ([0, 0], [0, 1], [1, 0])
    assert sum(cards.scores) == sum(sum(r.points) for r in cards.results)
