"""Moving a seat to another phone: only ever on the television's word, from a key or a click there.

Two ways a seat moves. Another device opens a joined seat's link (a swapped phone): it knocks,
and MoveSeatScene asks the room whether that device plays the seat from now on. Or a seat's
phone is lost (a flat battery): the join screen offers a new code for it, and RenewSeatScene
asks first. Either way the phone that had the seat is told it moved, and plays no more.
"""

from __future__ import annotations

from scenes.pause import ConfirmScene
from scenes.ui.lang import t


class MoveSeatScene(ConfirmScene):
    """Another device asks for a joined seat: move it there (yes), or keep it (no, the focus)."""

    def __init__(self, app, token: str, name: str) -> None:
        """token: the seat's join link; name: whose seat it is."""
        super().__init__(app, t("phone.move.question", name=name), t("phone.move.yes"), self._move,
                         t("phone.move.no"))  # fmt: skip
        self.knock_token = token
        self.closing = False

    def _move(self) -> None:
        self.app.phones.move(self.knock_token)

    def decline(self) -> None:
        """No: the asking device is told; the seat stays on its phone."""
        self.closing = True
        self.app.phones.keep(self.knock_token)
        super().decline()

    def accept(self) -> None:
        """Yes: the asking device plays the seat from now on."""
        self.closing = True
        super().accept()

    def update(self, dt: float) -> None:
        """The asking device went away meanwhile: nothing left to decide."""
        if not self.closing and not self.app.phones.knocking(self.knock_token):
            self.closing = True
            self.app.stack.pop()


class RenewSeatScene(ConfirmScene):
    """A new code for a seat whose phone is lost: its old phone will be told it plays no more."""

    def __init__(self, app, seat: int, name: str) -> None:
        """seat: the phone seat; name: whose seat it is."""
        super().__init__(app, t("phone.renew.question", name=name), t("phone.renew.yes"),
                         lambda: app.phones.renew(seat))  # fmt: skip
