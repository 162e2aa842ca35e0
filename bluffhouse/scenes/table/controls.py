"""The person's own hand at the card table: keys and clicks that pick cards and play them.

A mixin of TableScene: the shared keys (arrows, Space, the digits, Enter) and the mouse work the
fanned hand of the person whose hand is in front of them, through the flow's privacy model.
A typical turn is three presses: the person's own key lifts the curtain, a digit picks one or
two cards (the called rank's first), Enter plays them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bluffhouse.game.cards import counts_as
from bluffhouse.game.table_view import MOST_CARDS
from bluffhouse.scenes.shell.input import Intent
from bluffhouse.scenes.shell.messages import message
from bluffhouse.scenes.table.layout import CHALLENGE_RECT, LOG_BUTTON, PLAY_RECT

if TYPE_CHECKING:
    from bluffhouse.game.table import Table
    from bluffhouse.scenes.shell.app import App
    from bluffhouse.scenes.shell.messages import Said
    from bluffhouse.scenes.table.flow import TableFlow
    from bluffhouse.scenes.table.fx import TableFx
    from bluffhouse.scenes.table.hand import HandFan


class HandControls:
    """Picking and playing cards (TableScene provides table, flow, hand, fx, app and the rest)."""

    # What TableScene gives its hand (declared here, set there).
    app: App
    table: Table
    flow: TableFlow
    fx: TableFx
    hand: HandFan
    presses: list[int]  # the challenge presses of this frame, for the flow
    names: list[str]
    you: int | None  # the only person at the table, if there is one
    hot: str | None  # the button under the mouse

    if TYPE_CHECKING:

        def actor(self) -> int | None:
            """TableScene's: the person the mouse and the shared keys speak for, or None."""

        def _say(self, words: Said) -> None:
            """TableScene's: a toast about the play now."""

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hot = None
        for name, rect in (("play", PLAY_RECT), ("challenge", CHALLENGE_RECT), ("log", LOG_BUTTON)):
            if rect.collidepoint(pos):
                self.hot = name
        if self._hand_mine():
            index = self.hand.hit(pos)
            self.hand.hover = index
            if index is not None:
                self.hand.focus = index
                self.hand.keyboard = False

    def _hand_mine(self) -> bool:
        """Whether the fanned hand belongs to the person the keys and mouse speak for."""
        actor = self.actor()
        return actor is not None and self.flow.shown_hand() == actor and not self.fx.dealing

    def _click(self, pos: tuple[int, int], actor: int) -> bool:
        if PLAY_RECT.collidepoint(pos):
            self.play_or_accept(None)
            return True
        if CHALLENGE_RECT.collidepoint(pos):
            self.presses.append(actor)
            return True
        if self._hand_mine():
            index = self.hand.hit(pos)
            if index is not None:
                self.hand.focus = index
                self._pick(index)
                return True
        return False

    def _pick(self, index: int | None = None) -> None:
        self.flow.cancel_hold()  # other cards: the play held for the window is called off
        refusal = self.hand.toggle(index)
        if refusal:
            self._say(message(refusal))
            self.app.sound.play("tock")
        else:
            self.app.sound.play("tick", 0.7)

    def _pick_count(self, count: int) -> None:
        """A digit key picks that many cards at once: the called rank's first, then from the cursor
        on (1 and Enter plays the card under the cursor; a pair of the rank is 2 and Enter)."""
        self.flow.cancel_hold()  # other cards: the play held for the window is called off
        rank = self.table.rank
        self.hand.pick_count(count, lambda card: counts_as(card, rank))
        self.app.sound.play("tick", 0.7)

    def _hand_keys(self, intent: Intent) -> bool:
        kind = intent.kind
        if kind == "confirm":
            self.play_or_accept(intent.player)
            return True
        if not self._hand_mine():
            return False
        if kind in ("left", "right"):
            self.hand.move(-1 if kind == "left" else 1)
        elif kind in ("home", "end"):
            self.hand.jump(kind == "end")
        elif kind == "select":
            self._pick()
        elif kind == "up":
            if self.hand.focus not in self.hand.selected:
                self._pick()
        elif kind == "down":
            if self.hand.focus in self.hand.selected:
                self._pick()
        elif kind == "digit" and 1 <= intent.value <= MOST_CARDS:
            self._pick_count(intent.value)
        elif kind == "right_click":
            self.flow.cancel_hold()
            self.hand.clear()
        else:
            return False
        return True

    def play_or_accept(self, player: int | None) -> None:
        """The main button: play the picked cards, or let a hand-emptying call stand.

        Only ever for the person whose hand is in front of them (the shared keys' actor);
        player: whose key it was (None for a shared key or the mouse).
        """
        seat, turn = self.actor(), self.table.turn
        if seat is None or turn is None:  # (the turn is None only once the game is over)
            return
        by = self.flow.views.by(seat, player)
        held = self.flow.held
        if held is not None and held.seat == seat:
            return  # already chosen: it goes down the moment the window allows
        cards = None if self.flow.must_answer() else self.hand.chosen
        pressed = self.flow.play_or_hold(seat, cards, by)  # the engine is asked once
        if pressed.refusal is not None:
            self.flow.post(pressed.refusal)  # said on the screen, in the table's words
        elif pressed and self.flow.held is not None:
            self.app.sound.play("tick", 0.6)  # held for the window: it goes down as it ends
        elif pressed and cards is not None:
            self.hand.clear()
