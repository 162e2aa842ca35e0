"""The engines' own checks that more than one test module makes (see tests/kit)."""

from __future__ import annotations

from collections import Counter

from bluffhouse.game.actions import Accept, Play
from bluffhouse.game.bots.table_memory import TableMemory
from bluffhouse.game.events import Won
from bluffhouse.game.table import Challenge, IllegalAction
from bluffhouse.game.table_search import counts_of, kind_index
from bluffhouse.game.table_setup import build_deck, canonical
from bluffhouse.game.table_view import CallRecord

# -- the engines' own checks ---------------------------------------------------------------------
# (imports inside: the engine tests that use these load no screen for them)


def fingerprint(t):
    """A cheap summary of the state, for checking that refused actions change nothing."""
    return (
        t.turn,
        t.rank,
        t.pile_size,
        t.window_open,
        t.winner,
        tuple(t.hand_size(s) for s in range(t.players)),
        tuple(t.bullets(s) for s in range(t.players)),
        t.history_size,
    )


class Checker:
    """Invariants of the card table, checked after every action of a game."""

    def __init__(self, rules):
        self.rules = rules
        self.expected = sorted(id(canonical(c)) for c in build_deck(rules))
        self.actions = 0
        self.wins = 0

    def __call__(self, t, action, events):
        self.actions += 1
        n = t.players
        # Every card is somewhere exactly once (a multiset with two decks).
        everywhere = [c for s in range(n) for c in t.hand(s)] + t.pile_cards() + list(t.set_aside_cards())
        assert sorted(map(id, everywhere)) == self.expected
        # Bullets stay within 0..bullets_per_player.
        assert all(0 <= t.bullets(s) <= self.rules.bullets_per_player for s in range(n))
        assert sum(isinstance(e, Won) for e in events) == (1 if t.is_over else 0)
        if t.is_over:
            self.wins += 1
            assert events[-1] == Won(t.winner, tuple(t.ranking()))
            assert t.hand_size(t.winner) == 0
            assert all(t.hand_size(s) > 0 for s in range(n) if s != t.winner)
            assert not any(t.can_challenge(s) for s in range(n))
            assert t.turn is None  # nobody is to act once the game is over (the engine contract)
            self.refuse(t, *(Play(s, t.hand(s)[:1]) for s in range(n) if s != t.winner))
            return
        assert t.hand_size(t.turn) > 0
        # Only the acting seats can act.
        other = (t.turn + 1) % n
        self.refuse(
            t,
            Play(other, t.hand(other)[:1]),
            Accept(other),
            Challenge(t.last_call.seat) if t.window_open else Challenge(other),
        )
        if self.actions % 25 == 0:  # now and then, the full comparison
            before = t.clone()
            self.refuse(t, Play(t.turn, []))
            assert t == before

    @staticmethod
    def refuse(t, *actions):
        before = fingerprint(t)
        for action in actions:
            try:
                t.apply(action)
            except IllegalAction:
                continue
            raise AssertionError(f"{action} was accepted")
        assert fingerprint(t) == before


def held_for_sure(view) -> list[dict[str, float]]:
    """TableMemory's reading of the cards each other seat holds for certain."""
    memory = TableMemory(view)
    history = view.history
    final = len(history) - 1 if history and isinstance(history[-1], CallRecord) else len(history)
    for record in history[:final]:
        memory.absorb(record)
    return memory.certain


def assert_consistent(view, world) -> None:
    """The deal could be the table this view is seen from."""

    rules, me = view.rules, view.seat
    fako = len(rules.ranks) + 1
    assert world.hands[me] == counts_of(rules, view.hand)  # the cards it holds
    assert world.sizes == list(view.hand_sizes)  # the counts
    assert world.pile_n == view.pile_size and sum(world.aside) == view.set_aside
    everything = [sum(column) for column in zip(*world.hands, world.pile, world.aside, strict=True)]
    assert everything == counts_of(rules, build_deck(rules))
    assert (world.turn, world.window, world.bullets) == (view.turn, view.window_open, list(view.bullets))
    # The cards revealed: never among the set-aside cards (nobody saw those)...
    seen = Counter(view.hand)
    for record in view.history:
        for card in record.cards or ():
            seen[card] = max(seen[card], 1)
    for kind, total in enumerate(everything):
        shown = sum(n for card, n in seen.items() if kind_index(rules, card) == kind)
        assert world.aside[kind] <= total - shown
    # ... and in the hand that took them while it could not have played them.
    for seat, certain in enumerate(held_for_sure(view)):
        open_by_seat = view.window_open and view.last_call.seat == seat
        if seat == me or open_by_seat:
            continue
        for key, count in certain.items():
            kind = {"*S": fako - 1, "*F": fako}.get(key) or rules.ranks.index(key)
            assert world.hands[seat][kind] >= int(count + 1e-6), (seat, key)
    # The open call: its count of cards, and a Fakó only ever alone in it.
    if view.window_open:
        caller, count = view.last_call.seat, view.last_call.count
        assert world.last[0] == caller and len(world.last[1]) == count
        if caller == me:
            assert sorted(world.last[1]) == sorted(kind_index(rules, c) for c in view.history[-1].cards)
    if world.pile[fako]:
        assert view.window_open and world.last[1] == (fako,)
