"""A card-table computer player's turn, made of its two decisions: whether to challenge the open
call, and which cards to play. The levels, the sensible player and the expert share it."""

from __future__ import annotations

from bluffhouse.game.actions import Accept, Challenge, Play
from bluffhouse.game.cards import Card
from bluffhouse.game.table_view import LastCall, TableView


class CardTurn:
    """choose() from wants_challenge() and pick_cards(), which a player defines."""

    seat: int

    def wants_challenge(self, view: TableView) -> bool:
        """Whether to challenge the open last call."""
        raise NotImplementedError

    def pick_cards(self, view: TableView) -> list[Card]:
        """The cards to play on this seat's turn."""
        raise NotImplementedError

    def choose(self, view: TableView) -> Play | Accept | Challenge:
        """The move of this seat's turn."""
        if view.must_answer:
            return Challenge(self.seat) if self.wants_challenge(view) else Accept(self.seat)
        if view.can_challenge and self.wants_challenge(view):
            return Challenge(self.seat)
        return Play(self.seat, tuple(self.pick_cards(view)))


class DecidedOnce(CardTurn):
    """wants_challenge() decided once per view by challenge_decision() and the answer kept: the
    table asks every frame of the challenge window, and a decision may draw on the player's rng."""

    _answer: tuple[TableView, bool] | None = None

    def challenge_decision(self, view: TableView, last: LastCall) -> bool:
        """Whether to challenge `last`, the open call this seat may challenge."""
        raise NotImplementedError

    def wants_challenge(self, view: TableView) -> bool:
        """Whether to challenge the open last call (asked once per view; the answer is kept)."""
        last = view.last_call
        if not view.can_challenge or last is None:
            return False
        answer = self._answer
        if answer is not None and (answer[0] is view or answer[0] == view):
            return answer[1]
        decision = self.challenge_decision(view, last)
        self._answer = (view, decision)
        return decision
