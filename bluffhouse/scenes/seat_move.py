"""Moving a seat to another phone: only ever on the television's word, from a key or a click there.

Two ways a seat moves. Another device opens a joined seat's link (a swapped phone): it knocks,
shows a two-digit code, and MoveSeatScene asks the room whether the phone showing that code
plays the seat from now on (a yes or a no reaches that device only; one question per seat, and
it closes by itself if that device goes away). Or a seat's
phone is lost (a flat battery): the join screen offers a new code for it, and RenewSeatScene
asks first. Either way the phone that had the seat is told it moved, and plays no more.
"""

from __future__ import annotations

import pygame

from bluffhouse.scenes.pause import ConfirmScene
from bluffhouse.scenes.ui.lang import t
from bluffhouse.scenes.ui.palette import Palette
from bluffhouse.scenes.ui.text import draw_text


class MoveSeatScene(ConfirmScene):
    """The phone showing a code asks for a joined seat: move it there (yes), or keep it (no, the
    focus)."""

    def __init__(self, app, token: str, name: str, code: str) -> None:
        """token: the seat's join link; name: whose seat it is; code: the two digits the asking
        phone shows."""
        super().__init__(
            app,
            t("phone.move.question", name=name, code=code),
            t("phone.move.yes"),
            self._move,
            t("phone.move.no"),
        )
        self.knock = (token, code)
        self.closing = False

    @property
    def knock_token(self) -> str:
        """The join link whose seat is asked for."""
        return self.knock[0]

    def _move(self) -> None:
        self.app.phones.move(*self.knock)

    def decline(self) -> None:
        """No: the asking device is told; the seat stays on its phone."""
        self.closing = True
        self.app.phones.keep(*self.knock)
        super().decline()

    def accept(self) -> None:
        """Yes: the asking device plays the seat from now on."""
        self.closing = True
        super().accept()

    def update(self, dt: float) -> None:
        """The asking device went away meanwhile: nothing left to decide."""
        token, code = self.knock
        if not self.closing and self.app.phones.asking(token) != code:
            self.closing = True
            self.app.stack.pop()

    def draw_mark(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        """The asking phone's code, large: the room checks it against that phone's screen."""
        draw_text(surface, self.knock[1], (center[0], center[1] - 2), 44, Palette.GOLD_LIGHT, True, "center")


class RenewSeatScene(ConfirmScene):
    """A new code for a seat whose phone is lost: its old phone will be told it plays no more."""

    def __init__(self, app, seat: int, name: str) -> None:
        """seat: the phone seat; name: whose seat it is."""
        super().__init__(
            app, t("phone.renew.question", name=name), t("phone.renew.yes"), lambda: app.phones.renew(seat)
        )
