"""TableRandomBot: random legal moves at the card table (a baseline and a fuzzer); the same
baseline on the search engine (play_random_game), to measure the speed a search lives on."""

from __future__ import annotations

import random

from bluffhouse.game.actions import Accept, Challenge, Play
from bluffhouse.game.table_search import SearchTable, SeatView
from bluffhouse.game.table_view import TableView, play_refusal


class TableRandomBot:
    """Plays 1-4 random cards and challenges now and then, always legally."""

    challenge_chance = 0.15  # chance to challenge an ordinary call it may challenge
    emptied_chance = 0.5  # chance to challenge a call that emptied a hand

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, view: TableView) -> Play | Accept | Challenge:
        """The move of this seat's turn: a random play, or accept/challenge when it must."""
        if view.must_answer:
            if view.can_challenge and self.rng.random() < self.emptied_chance:
                return Challenge(self.seat)
            return Accept(self.seat)
        hand = view.hand
        cards = self.rng.sample(hand, self.rng.randint(1, min(4, len(hand))))
        if play_refusal(cards) is not None:  # the table says no ("the Fakó is played alone")
            cards = [c for c in cards if not c.is_fako] or cards[:1]
        return Play(self.seat, tuple(cards))

    def wants_challenge(self, view: TableView) -> bool:
        """Whether to challenge the open last call: a coin flip."""
        last = view.last_call
        if not view.can_challenge or last is None:
            return False
        chance = self.emptied_chance if last.emptied_hand else self.challenge_chance
        return self.rng.random() < chance


def random_play(view: SeatView, rng: random.Random, fako: int) -> tuple[int, ...]:
    """TableRandomBot's play on counts: 1-4 random held cards, the Fakó dropped from a bigger play."""
    hand, size = view.hand, view.size
    draw = rng.random
    take = 1 + int(draw() * (4 if size >= 4 else size))
    if take == 1:  # the common case, without copying the hand
        pick = int(draw() * size)
        for k, count in enumerate(hand):
            if pick < count:
                return (k,)
            pick -= count
    left = hand.copy()
    chosen = []
    for i in range(take):
        pick = int(draw() * (size - i))
        for k, count in enumerate(left):
            if pick < count:
                left[k] -= 1
                chosen.append(k)
                break
            pick -= count
    if fako in chosen:
        chosen = [k for k in chosen if k != fako] or chosen[:1]
    return tuple(chosen)


def play_random_game(
    state: SearchTable, rng: random.Random, challenge: float = 0.15, emptied: float = 0.5, limit: int = 20_000
) -> int:
    """Play to the end with the random baseline, a seat view per decision; the actions applied.

    The baseline of game.bots.TableRandomBot: while a call may be challenged each seat that may
    challenge it does so by a coin flip (0.15, or 0.5 for a hand-emptying call), the closest
    after the caller first; the turn plays 1-4 random cards, or answers an emptied hand.
    """
    actions = 0
    draw = rng.random
    fako = state.fako
    while state.winner is None and actions < limit:
        actions += 1
        if state.window:
            chance = emptied if state.last[3] else challenge
            challenger = None
            for seat in state.challengers():  # in tie-break order: the first who wants wins
                SeatView(state, seat)  # all the baseline would look at: its coin decides
                if draw() < chance:
                    challenger = seat
                    break
            if challenger is not None:
                state.challenge(challenger)
                continue
        seat = state.turn
        view = SeatView(state, seat)
        if state.window and state.last[3]:
            if view.can_challenge and draw() < emptied:
                state.challenge(seat)
            else:
                state.accept(seat)
            continue
        state.play(seat, random_play(view, rng, fako))
    return actions
