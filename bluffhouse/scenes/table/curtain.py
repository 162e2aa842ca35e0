"""Curtains at the card table: whose hand may be in front of whom, and whose presses count (no pygame).

The part of TableFlow that is about people sharing one screen: the curtain that waits for the
person whose turn it is, the glance at one's own cards away from one's turn, and the one private
view open at a time (scenes.shell.privacy). A mixin of TableFlow, which provides `table`,
`seats`, `views`, `humans`, `screen_shared`, `holding`, `truth_pending` and `say` (declared
here; a checker holds them to the host's own, scenes.play.flow.GameFlow's and TableFlow's).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bluffhouse.scenes.shell.privacy import By, PrivateViews

if TYPE_CHECKING:
    from bluffhouse.game.table import Table
    from bluffhouse.scenes.shell.session import SeatSpec


class CurtainRules:
    """Who sees which hand at a table of people and computer players, and who may act now."""

    table: Table
    seats: Sequence[SeatSpec]
    views: PrivateViews
    humans: list[int]

    if TYPE_CHECKING:

        @property
        def screen_shared(self) -> bool: ...
        @property
        def holding(self) -> bool: ...
        @property
        def truth_pending(self) -> bool: ...
        def curtain_waits(self, busy: bool = False) -> int | None: ...
        def own_peek(self, seat: int, held: bool, busy: bool = False) -> bool: ...
        def say(self, key: str, about: int | None = None, **fmt: object) -> bool: ...

    @property
    def curtains(self) -> bool:
        """Whether hands hide behind curtains at this table (two people or more share the screen,
        or a phone seat is played here)."""
        return self.screen_shared and any(s not in self.views.phones for s in self.humans)

    def curtain_for(self) -> int | None:
        """The person the curtain waits for ("pass to Ana"), or None when no curtain is up."""
        return self.curtain_waits()

    def shown_hand(self) -> int | None:
        """Whose hand is fanned at the bottom of the screen, if anybody's."""
        if self.views.solo is not None:
            return self.views.solo  # "With one person, their hand is simply shown."
        turn = self.table.turn
        if turn is not None and self.seats[turn].human and self.views.is_open(turn):  # (None: over)
            return turn
        return None

    @property
    def peeking(self) -> int | None:
        """The person holding their peek key away from their turn (their cards show by their seat)."""
        grant = self.views.open
        if grant is None or self.table.is_over or grant.owner == self.shown_hand():
            return None
        return grant.owner

    def visible_hands(self) -> set[int]:
        """Every seat whose own cards may be drawn face up right now (never two people's)."""
        return {s for s in range(len(self.seats)) if self.views.why(s) is not None}

    def actor(self) -> int | None:
        """The person whose hand and buttons the shared keys and the mouse work now, or None."""
        if self.table.is_over:
            return None
        solo = self.views.solo
        if solo is not None:
            return solo
        return self.shown_hand()

    def unveil(self, seat: int) -> bool:
        """The person behind the curtain pressed their own key; True when the curtain lifts."""
        if self.curtain_for() == seat:
            return self.views.reveal(seat, By.OWN)
        return False

    def peek(self, seat: int, held: bool) -> None:
        """A person presses (or lets go of) their own peek key (the host's own_peek): on their turn
        it lifts the curtain, at any other time their cards show by their seat while it is held."""
        if not (0 <= seat < len(self.seats)) or not self.seats[seat].human:
            return
        if held and self.holding and self.curtains:
            # The reveal is everybody's: nobody looks at their own cards while the challenged
            # ones are on show (and before the verdict, a lift would tell whose turn comes next).
            self.say("table.msg.wait_verdict" if self.truth_pending else "table.msg.wait_reveal")
            return
        self.own_peek(seat, held)
