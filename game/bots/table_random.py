"""TableRandomBot: random legal moves at the card table (a baseline and a fuzzer)."""

from __future__ import annotations

import random

from game.actions import Accept, Challenge, Play
from game.table_view import TableView, play_refusal


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
        return Play(self.seat, cards)

    def wants_challenge(self, view: TableView) -> bool:
        """Whether to challenge the open last call: a coin flip."""
        if not view.can_challenge:
            return False
        last = view.last_call
        chance = self.emptied_chance if last.emptied_hand else self.challenge_chance
        return self.rng.random() < chance
