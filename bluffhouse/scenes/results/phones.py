"""The phones at the results: each phone seat is told how the game ended, and may go on from it.

A results screen keeps one ResultsPhones. It publishes to each phone seat of the game its own end
state — the verdict spoken to that person ("You win the duel!"), the seats' scores, a few lines of
standings — and the words of the screen's first button ("Play again", or "Next round" in a match
that goes on). A phone seat's "again" press is that button pressed by that person, as Enter at the
TV would: checked where it enters (a phone's own seat of this game, once), then the screen's own
call. Nothing here is hidden: the results show every seat's figures to the whole room.
"""

from __future__ import annotations

from collections.abc import Callable

from bluffhouse.scenes.play.phones import is_phone
from bluffhouse.scenes.shell.input import Intent


class ResultsPhones:
    """The phone seats of a finished game, their end state out and their "again" in."""

    def __init__(self, hub, seats: tuple[int, ...]) -> None:
        """hub: the app's PhoneHub; seats: the game's phone seats."""
        self.hub = hub
        self.seats = tuple(seats)
        self.mark: tuple | None = None  # what the states last sent were built from
        self.went_on = False  # a press already went on: a second in the same moment does nothing

    def update(self, state: Callable[[int], dict], language: str) -> None:
        """Send each phone seat state(seat) when the language or a phone's link has changed
        (nothing else on a results screen does)."""
        if not self.seats:
            return
        mark = (language, self.hub.opened, tuple(self.hub.status(seat) for seat in self.seats))
        if mark == self.mark:
            return
        self.mark = mark
        for seat in self.seats:
            self.hub.publish(
                seat,
                {
                    **state(seat),
                    "seat": seat,
                    "results": True,
                    "my_turn": False,
                    "over": True,
                    "can_again": not self.went_on,
                },
            )

    def away(self, seat: int) -> bool:
        """Whether a seat's phone is away now (its box says so)."""
        return self.hub.status(seat) == "away"

    def handle(self, intent: Intent, go_on: Callable[[], None]) -> bool:
        """A phone's "again": go_on() once, for a phone seat of this game; True when it was a
        phone's press (used, or answered by doing nothing: a screen that already went on)."""
        if not is_phone(intent):
            return False
        if intent.kind != "phone_again" or intent.player not in self.seats or self.went_on:
            return True
        self.went_on = True
        go_on()
        return True
